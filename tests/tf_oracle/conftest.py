# The corpus files are TensorFlow snippets, not tests, whatever their names.
collect_ignore_glob = ["corpus/*", "tf_runner.py", "generate.py"]
