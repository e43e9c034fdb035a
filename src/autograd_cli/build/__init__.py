"""Syntax tree -> graph: the builder and the built-in functions (and the TF snippet runner)."""
