"""Test job: returns its payload and filename after running the source."""
from autograd_cli.sandbox.user_code import compile_user, run_as_main


def run(payload, source, filename):
    run_as_main(compile_user(source, filename), filename, source)
    return {"payload": payload, "filename": filename, "printed": True}
