"""Shared fixtures and helpers for the test suite."""
