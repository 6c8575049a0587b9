"""Scoring rules of a hand (docs/rules.md §7): one plugin module per rule."""
