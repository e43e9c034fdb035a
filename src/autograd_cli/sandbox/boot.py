"""The first code of the box's child process, run as a script:

    python -I -B -X utf8 boot.py PACKAGE_ROOT RESULT_FD CRASH_FD

It puts the tool's package root first on the path (the child runs the code the parent runs,
whatever is installed) and defers the package's own `__init__` (which loads the whole tool)
until something outside the box's modules needs it: a job of the TensorFlow package loads it
anyway, the box's generic Python job never does (about 150 ms of start-up).
"""
import sys


def _start():
    root = sys.argv[1]
    sys.path.insert(0, root)
    import importlib._bootstrap
    import importlib.machinery
    import types

    # (importlib.util would cost its imports, contextlib among them: ~5 ms)
    spec = importlib.machinery.PathFinder.find_spec("autograd_cli", [root])
    package = importlib._bootstrap.module_from_spec(spec)

    def complete():
        if package.__class__ is not types.ModuleType:
            package.__class__ = types.ModuleType
            package.__dict__.pop("_box_complete", None)
            spec.loader.exec_module(package)

    class DeferredPackage(types.ModuleType):
        def __getattr__(self, name):
            complete()
            return getattr(self, name)

    package.__class__ = DeferredPackage
    package._box_complete = complete
    sys.modules["autograd_cli"] = package
    from autograd_cli.sandbox.child import main

    main(sys.argv)


_start()
