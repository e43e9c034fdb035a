"""Snippets: TensorFlow code run by CPython with the project's TensorFlow package (job.py),
and what turns a run into results (runner.py)."""
