"""Rendering: rich tables and JSON. Nothing here computes."""
