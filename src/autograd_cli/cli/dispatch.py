"""A quick start for the common command lines, without typer's runtime machinery.

Typer validates every parameter with Pydantic when a command runs: importing Pydantic
and building its validators costs about 100 ms, more than all of `eval`'s work on a
small program. `dispatch` reads the SAME typer command definitions (names, option
declarations, defaults, annotations) and handles the plain cases itself: a known
command; its arguments; `--opt VALUE`, `--opt=VALUE`, flags; str/int/float/bool and
optional / repeated str, Literal choices, a repeated last argument (FILE...). Anything else (help, an unknown or malformed option, a
missing argument, a value that does not convert, `--`) returns False and typer
handles the whole command line as before, with its usual messages.
"""
from __future__ import annotations

import inspect
import sys
import typing

_SIMPLE = (str, int, float)
_EXTRAS = ("callback", "envvar", "prompt", "min", "max", "clamp", "parser", "click_type", "count",
           "is_eager", "autocompletion", "shell_complete", "hidden")


def dispatch(app, argv) -> bool:
    """Run the command if the command line is a plain one; False means "let typer do it"."""
    try:
        plan = _parse(app, list(argv))
    except _Fallback:
        return False
    callback, kwargs = plan
    import typer

    try:
        callback(**kwargs)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    sys.exit(0)


class _Fallback(Exception):
    pass


def _parse(app, argv):
    from typer.models import ArgumentInfo, OptionInfo

    if not argv or argv[0].startswith("-"):
        raise _Fallback
    command = next((c for c in app.registered_commands
                    if (c.name or c.callback.__name__) == argv[0]), None)
    if command is None or command.callback is None:
        raise _Fallback
    callback = command.callback
    try:
        hints = typing.get_type_hints(callback)
    except Exception:  # noqa: BLE001 - an annotation we cannot resolve: typer decides
        raise _Fallback from None
    options, arguments, values = {}, [], {}
    for name, param in inspect.signature(callback).parameters.items():
        info = param.default
        kind = _kind(hints.get(name))
        if isinstance(info, (OptionInfo, ArgumentInfo)) and any(
                getattr(info, extra, None) not in (None, False) for extra in _EXTRAS):
            raise _Fallback   # constraints, callbacks, prompts, env vars: typer's job
        if isinstance(info, OptionInfo):
            decls = info.param_decls or ()
            if any("/" in d for d in decls) or not decls:
                raise _Fallback
            for decl in decls:
                options[decl] = (name, kind)
        elif isinstance(info, ArgumentInfo):
            arguments.append((name, kind))
        else:
            raise _Fallback
        if info.default is not ... and info.default_factory is None:
            values[name] = info.default
    positional = []
    rest = argv[1:]
    i = 0
    while i < len(rest):
        token = rest[i]
        i += 1
        if token == "-" or not token.startswith("-"):
            positional.append(token)
            continue
        decl, eq, inline = token.partition("=")
        if decl not in options:
            raise _Fallback
        name, kind = options[decl]
        if kind == "flag":
            if eq:
                raise _Fallback
            values[name] = True
            continue
        if eq:
            raw = inline
        elif i < len(rest):
            raw, i = rest[i], i + 1
        else:
            raise _Fallback
        if kind == "list":
            previous = values.get(name)
            values[name] = (list(previous) if previous else []) + [raw]
        else:
            values[name] = _convert(kind, raw)
    if arguments and arguments[-1][1] == "list":   # FILE...: the rest of the positionals
        name = arguments[-1][0]
        fixed = len(arguments) - 1
        if len(positional) <= fixed:
            raise _Fallback    # typer says which argument is missing
        values[name] = positional[fixed:]
        positional, arguments = positional[:fixed], arguments[:-1]
    if len(positional) > len(arguments):
        raise _Fallback
    for (name, kind), raw in zip(arguments, positional):
        values[name] = _convert(kind, raw)
    if any(name not in values for name in inspect.signature(callback).parameters):
        raise _Fallback   # a required argument or option is missing
    return callback, values


def _kind(annotation):
    """flag | list | str | int | float | a tuple of choices, or _Fallback for anything else."""
    if annotation is bool:
        return "flag"
    if annotation in _SIMPLE:
        return annotation
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is typing.Literal and all(isinstance(a, str) for a in args):
        return tuple(args)
    if origin is typing.Union and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        if inner in _SIMPLE:
            return inner
        if typing.get_origin(inner) is typing.Literal and all(isinstance(a, str) for a in typing.get_args(inner)):
            return tuple(typing.get_args(inner))
        if typing.get_origin(inner) is list and typing.get_args(inner) == (str,):
            return "list"
    if origin is list and args == (str,):
        return "list"
    raise _Fallback


def _convert(kind, raw):
    if kind is str:
        return raw
    if isinstance(kind, tuple):     # a choice: anything else is typer's usage error
        if raw not in kind:
            raise _Fallback
        return raw
    if kind == "list":
        raise _Fallback
    try:
        return kind(raw)
    except ValueError:
        raise _Fallback from None
