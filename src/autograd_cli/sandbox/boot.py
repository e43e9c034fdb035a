"""The first code of the box's child process, run as a script:

    python -I -B -X utf8 boot.py PACKAGE_ROOT RESULT_FD CRASH_FD

It puts the tool's package root first on the path: the child runs the code the parent
runs, whatever is installed. (The package's `__init__` loads nothing heavy: the job
imports what it needs.) The cyclic garbage collector is off until the snippet starts
(child.main): the imports make no garbage worth collecting, and its passes over them
cost the start about 5%.
"""
import gc
import sys

gc.disable()

sys.path.insert(0, sys.argv[1])
from autograd_cli.sandbox.child import main  # noqa: E402

main(sys.argv)
