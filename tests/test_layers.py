"""The package's imports point one way: down this list of layers (a module may use
its own layer and the ones before it), and no module imports itself back through
others. Function-local imports count too."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "autograd_cli"

LAYERS = [
    ["support", "sandbox"],  # errors, limits, records, files; the box (standard library only)
    ["run.feed"],
    ["language"],            # the .ag parser, the fast parser
    ["ops"],                 # the one table of operations
    ["core.graph"],
    ["evaluate", "core.paths"],
    ["core.autodiff"],
    ["core.program", "core"],
    ["library"],             # the built-in functions
    ["compile"],             # .ag syntax tree -> graph
    ["tensorflow"],   # the TensorFlow-compatible package
    ["snippets"],            # the box job that runs a snippet with it
    ["api", "dialects"],     # .ag programs; either dialect (a snippet's side without the .ag compiler)
    ["run", "analysis"],     # run's steps; explain, verify, diagram
    ["render"],              # nothing computes
    ["cli"],
    ["notebook"],            # the %%ag magic and the HTML each result shows in a notebook
    ["__init__", "__main__"],
]

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, name: str) -> set[str]:
    package = name.split(".")[:-1] if path.name != "__init__.py" else name.split(".")
    if path.name == "__init__.py" and name == "__init__":
        package = []
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            target = base + (node.module.split(".") if node.module else [])
            if node.module:
                found.add(".".join(target))
            else:
                found.update(".".join(base + [alias.name]) for alias in node.names)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            # `from autograd_cli.cli import commands` imports the module cli.commands: each
            # imported name counts, and names that are not modules resolve to their package
            names = ([f"{node.module}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names])
            found.update(n[len("autograd_cli."):] for n in names if n and n.startswith("autograd_cli."))
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges = {}
    for name, path in modules.items():
        targets = set()
        for target in _imports(path, name):
            while target and target not in modules:     # `from .ops import OPS` names a package
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        edges[name] = targets
    return edges


def _layer(module: str) -> int:
    """The layer of the longest LAYERS entry that is the module or one of its packages."""
    parts = module.split(".")
    for k in range(len(parts), 0, -1):
        prefix = ".".join(parts[:k])
        for index, layer in enumerate(LAYERS):
            if prefix in layer:
                return index
    raise AssertionError(f"module {module} is in no layer: add it to LAYERS")


def test_every_import_points_down():
    upward = [f"{a} (layer {_layer(a)}) imports {b} (layer {_layer(b)})"
              for a, targets in _graph().items() for b in targets if _layer(b) > _layer(a)]
    assert not upward, "\n".join(upward)


def test_no_import_cycles():
    edges = _graph()
    state: dict[str, int] = {}
    cycles = []
    for root in edges:
        stack = [(root, iter(sorted(edges[root])))]
        path = [root]
        if state.get(root):
            continue
        state[root] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(child) == 1:
                cycles.append(" -> ".join(path[path.index(child):] + [child]))
            elif not state.get(child):
                state[child] = 1
                stack.append((child, iter(sorted(edges.get(child, ())))))
                path.append(child)
    assert not cycles, "\n".join(cycles)


def test_the_checks_would_catch_an_upward_import():
    assert _layer("render.tables") > _layer("ops.table")
    assert "ops" in _graph()["core.graph"]


def test_every_package_folder_is_a_regular_package():
    # A folder without __init__.py still imports from a checkout (a namespace package),
    # but a wheel built from the tracked files may leave it out.
    folders = {p.parent for p in PACKAGE.rglob("*.py")}
    missing = [str(f.relative_to(PACKAGE)) for f in folders if not (f / "__init__.py").is_file()]
    assert not missing, missing
