"""Segment reductions (TensorFlow's math_grad.py rules); segment ids get no gradient."""
from __future__ import annotations
