"""Scoring rules of a hand (RULES.md section 5): one plugin module per rule."""
