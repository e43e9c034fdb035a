"""tf.compat.v1.flags (also tf.compat.v1.app.flags) and tf.compat.v1.app.run: TensorFlow 2.21's
router to absl.flags, written out here (absl is not a dependency). DEFINE_* declare flags on
one FlagValues, FLAGS; reading a flag before the command line is parsed parses sys.argv
first (TensorFlow's wrapper; absl alone would refuse); `FLAGS(argv)` parses argv as absl
does (`--name=value`, `--name value`, `--bool` / `--nobool`, `--` ending the flags);
app.run(main) parses sys.argv, tolerating unknown flags, then exits with main(argv)."""
from __future__ import annotations

import csv
import sys
import types

from autograd_cli.tensorflow.exports import export_value


class Error(Exception):
    pass


class IllegalFlagValueError(Error):
    pass


class UnrecognizedFlagError(Error):
    def __init__(self, flagname, flagvalue="", suggestions=None):
        self.flagname, self.flagvalue = flagname, flagvalue
        tip = f". Did you mean: {', '.join(suggestions)} ?" if suggestions else ""
        super().__init__(f"Unknown command line flag '{flagname}'{tip}")


class DuplicateFlagError(Error):
    pass


class UnparsedFlagAccessError(Error):
    pass


_TRUE, _FALSE = ("true", "t", "1"), ("false", "f", "0")


class Flag:
    """One flag: its parser turns a command-line string (or a Python default) into the value."""

    def __init__(self, name, default, help_text, convert, kind, multi=False, boolean=False):
        self.name, self.help, self._convert, self.flag_type = name, help_text, convert, kind
        self.multi, self.boolean = multi, boolean
        self.present = 0
        self.default = None if default is None else self._parsed(default)
        self.value = self.default
        self.using_default_value = True

    def _parsed(self, raw):
        if self.multi:
            items = raw if isinstance(raw, (list, tuple)) else [raw]
            return [self._one(item) for item in items]
        return self._one(raw)

    def _one(self, raw):
        try:
            return self._convert(raw)
        except (TypeError, ValueError) as exc:
            shown = raw if not isinstance(raw, (list, tuple)) else ",".join(map(str, raw))
            raise IllegalFlagValueError(f"flag --{self.name}={shown}: {exc}") from None

    def parse(self, argument):
        value = self._one(argument)
        if self.multi:
            self.value = (self.value if self.present else []) + (value if isinstance(value, list) else [value])
        else:
            self.value = value
        self.present += 1
        self.using_default_value = False

    def __repr__(self):
        return f"<absl.flags._flag.Flag object at {hex(id(self))}>"


def _boolean(raw):
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.lower() in _TRUE + _FALSE:
        return raw.lower() in _TRUE
    if isinstance(raw, int) and raw in (0, 1):
        return bool(raw)
    raise ValueError(("Non-boolean argument to boolean flag", raw))


def _bounded(number, kind, lower, upper):
    """A number parser with absl's bound checks and their wording."""
    def words():
        noun = "integer" if kind is int else "number"
        article = "an" if kind is int else "a"
        if lower is not None and upper is not None:
            return f"{article} {noun} in the range [{lower}, {upper}]"
        if lower == 0:
            return f"a non-negative {noun}"
        if lower == 1 and kind is int:
            return f"a positive {noun}"
        if upper == 0:
            return f"a non-positive {noun}"
        if lower is not None:
            return f"{article} {noun} >= {lower}"
        if upper is not None:
            return f"{article} {noun} <= {upper}"
        return f"{article} {noun}"

    def convert(raw):
        value = number(raw)
        if (lower is not None and value < lower) or (upper is not None and value > upper):
            raise ValueError(f"{value} is not {words()}")
        return value
    return convert


def _integer(raw):
    if isinstance(raw, str):
        base = 10
        if len(raw) > 2 and raw[0] == "0":
            base = 8 if raw[1] == "o" else 16 if raw[1] == "x" else 10
        return int(raw, base)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    raise TypeError(f"Expect argument to be a string or int, found {type(raw)}")


def _float(raw):
    if isinstance(raw, str):
        return float(raw)
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return float(raw)
    raise TypeError(f"Expect argument to be a string, int, or float, found {type(raw)}")


def _string(raw):
    return raw if isinstance(raw, str) else str(raw)


def _comma_list(raw):
    if isinstance(raw, (list, tuple)):
        return [str(item) for item in raw]
    if not raw:
        return []
    return [item.strip() for item in next(csv.reader([raw], strict=True))]


class FlagValues:
    """absl's registry of flags: each flag's value is an attribute of it."""

    def __init__(self):
        self.__dict__["_flags"] = {}
        self.__dict__["_where"] = {}
        self.__dict__["_parsed"] = False

    # -- declaring
    def _declare(self, flag, module):
        if flag.name in self._flags:
            raise DuplicateFlagError(f"The flag '{flag.name}' is defined twice. First from {self._where[flag.name]}, "
                                     f"second from {module}. Description from first occurrence: "
                                     f"{self._flags[flag.name].help}")
        self._flags[flag.name] = flag
        self._where[flag.name] = module

    # -- reading and writing
    def __getattr__(self, name):
        flags = self.__dict__["_flags"]
        if name not in flags:
            raise AttributeError(name)
        if not self.__dict__["_parsed"]:         # TensorFlow's FLAGS parse sys.argv at the first read
            self(sys.argv)
        return flags[name].value

    def __setattr__(self, name, value):
        flags = self.__dict__["_flags"]
        if name not in flags:
            raise AttributeError(name)
        flags[name].value = value
        flags[name].using_default_value = False

    def __getitem__(self, name):
        return self._flags[name]

    def __contains__(self, name):
        return name in self._flags

    def __iter__(self):
        return iter(self._flags)

    def __len__(self):
        return len(self._flags)

    def __dir__(self):
        return sorted(self._flags)

    def is_parsed(self):
        return self._parsed

    def mark_as_parsed(self):
        self.__dict__["_parsed"] = True

    def unparse_flags(self):
        for flag in self._flags.values():
            flag.value, flag.present, flag.using_default_value = flag.default, 0, True
        self.__dict__["_parsed"] = False

    def flag_values_dict(self):
        return {name: flag.value for name, flag in self._flags.items()}

    def get_flag_value(self, name, default):
        flag = self._flags.get(name)
        return default if flag is None else flag.value

    # -- parsing
    def __call__(self, argv, known_only=False):
        if isinstance(argv, str) or not hasattr(argv, "__iter__"):
            raise TypeError("argv should be a tuple/list of strings, not bytes or string.")
        argv = list(argv)
        if not argv:
            raise ValueError("argv cannot be an empty list, and must contain the program name as the first element.")
        rest, unknown = self._parse(argv[1:])
        if unknown and not known_only:
            import difflib

            name, _ = unknown[0]
            suggestions = difflib.get_close_matches(name, list(self._flags), n=3, cutoff=0.8)
            raise UnrecognizedFlagError(name, "", suggestions)
        self.mark_as_parsed()
        return argv[:1] + [arg for _, arg in unknown] + rest

    def _parse(self, args):
        positional, unknown = [], []
        at = 0
        while at < len(args):
            arg = args[at]
            at += 1
            if arg == "--":
                positional.extend(args[at:])
                break
            if not arg.startswith("-") or arg == "-":
                positional.append(arg)
                continue
            body = arg.lstrip("-")
            name, has_value, value = body.partition("=")
            flag = self._flags.get(name)
            if not has_value:
                if flag is not None and flag.boolean:
                    value = "true"
                elif flag is None and name.startswith("no") and getattr(self._flags.get(name[2:]), "boolean", False):
                    flag, value = self._flags[name[2:]], "false"
                elif flag is not None:
                    if at >= len(args):
                        raise Error(f"Missing value for flag {arg}")
                    value = args[at]
                    at += 1
            if flag is None:
                unknown.append((name, arg))
                continue
            flag.parse(value)
        return positional, unknown


FLAGS = FlagValues()


def _calling_module():
    """Where a flag is declared, as absl names it: the script (sys.argv[0]) for __main__."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__", "").startswith("autograd_cli."):
        frame = frame.f_back
    module = frame.f_globals.get("__name__", "__main__") if frame is not None else "__main__"
    return sys.argv[0] if module == "__main__" and sys.argv else module


_RENAMED = {"flag_name": "name", "default_value": "default", "docstring": "help"}


def _old_names(kwargs):
    """TensorFlow's DEFINE_string / boolean / float / integer also take TF 1's keyword names."""
    if any(old in kwargs for old in _RENAMED):
        import logging

        logging.warning("Use of the keyword argument names (flag_name, default_value, docstring) is deprecated, "
                        "please use (name, default, help) instead.")
        for old, new in _RENAMED.items():
            if old in kwargs:
                kwargs[new] = kwargs.pop(old)
    return kwargs


def _define(flag, flag_values):
    (flag_values or FLAGS)._declare(flag, _calling_module())
    return flag


def DEFINE_string(name=None, default=None, help=None, flag_values=None, **kwargs):   # noqa: N802, A002
    args = _old_names(dict(name=name, default=default, help=help, **kwargs))
    return _define(Flag(args["name"], args["default"], args["help"], _string, "string"), flag_values)


def DEFINE_boolean(name=None, default=None, help=None, flag_values=None, **kwargs):   # noqa: N802, A002
    args = _old_names(dict(name=name, default=default, help=help, **kwargs))
    return _define(Flag(args["name"], args["default"], args["help"], _boolean, "bool", boolean=True), flag_values)


def DEFINE_float(name=None, default=None, help=None, lower_bound=None, upper_bound=None,   # noqa: N802
                 flag_values=None, **kwargs):
    args = _old_names(dict(name=name, default=default, help=help, **kwargs))
    convert = _bounded(_float, float, lower_bound, upper_bound)
    return _define(Flag(args["name"], args["default"], args["help"], convert, "float"), flag_values)


def DEFINE_integer(name=None, default=None, help=None, lower_bound=None, upper_bound=None,   # noqa: N802
                   flag_values=None, **kwargs):
    args = _old_names(dict(name=name, default=default, help=help, **kwargs))
    convert = _bounded(_integer, int, lower_bound, upper_bound)
    return _define(Flag(args["name"], args["default"], args["help"], convert, "int"), flag_values)


def DEFINE_list(name, default, help, flag_values=None, **kwargs):   # noqa: N802, A002
    return _define(Flag(name, default, help, _comma_list, "list"), flag_values)


def DEFINE_enum(name, default, enum_values, help, flag_values=None, case_sensitive=True, **kwargs):   # noqa: N802, A002
    if not enum_values:
        raise ValueError(f"enum_values cannot be empty, found '{enum_values}'")
    choices = list(enum_values)

    def convert(raw):
        if raw in choices:
            return raw
        raise ValueError(f"value should be one of <{'|'.join(choices)}>")
    return _define(Flag(name, default, f"<{'|'.join(choices)}>: {help}", convert, "string"), flag_values)


def _multi(convert, kind):
    def define(name, default, help, flag_values=None, **kwargs):   # noqa: A002
        return _define(Flag(name, default, help, convert, kind, multi=True), flag_values)
    return define


DEFINE_multi_string = _multi(_string, "multi string")
DEFINE_multi_integer = _multi(_integer, "multi int")
DEFINE_multi_float = _multi(_float, "multi float")


def set_default(name, value, flag_values=None):
    flag = (flag_values or FLAGS)[name]
    flag.default = flag.value = flag._parsed(value)


def mark_flag_as_required(flag_name, flag_values=None):
    pass


def mark_flags_as_required(flag_names, flag_values=None):
    pass


def run(main=None, argv=None):
    """tf.compat.v1.app.run: parse the command line (unknown flags kept in argv), then
    sys.exit(main(argv)); main is __main__'s `main` when not given."""
    main = main or sys.modules["__main__"].main
    try:
        rest = FLAGS(sys.argv if argv is None else argv, known_only=True)
    except Error as exc:
        print(f"FATAL Flags parsing error: {exc}", file=sys.stderr)
        print("Pass --helpshort or --helpfull to see help on flags.", file=sys.stderr)
        sys.exit(1)
    sys.exit(main(rest))


DEFINE_bool = DEFINE_boolean

flags = types.ModuleType("tensorflow.python.platform.flags",
                         "Import router for absl.flags. See https://github.com/abseil/abseil-py.")
for _name in ("FLAGS", "FlagValues", "Flag", "Error", "IllegalFlagValueError", "UnrecognizedFlagError",
              "DuplicateFlagError", "UnparsedFlagAccessError", "DEFINE_string", "DEFINE_boolean", "DEFINE_bool",
              "DEFINE_float", "DEFINE_integer", "DEFINE_list", "DEFINE_enum", "DEFINE_multi_string",
              "DEFINE_multi_integer", "DEFINE_multi_float", "set_default", "mark_flag_as_required",
              "mark_flags_as_required"):
    setattr(flags, _name, globals()[_name])

for _prefix in ("", "compat.v1."):
    export_value(f"{_prefix}flags", flags)
    export_value(f"{_prefix}app.flags", flags)
    export_value(f"{_prefix}app.run", run)
