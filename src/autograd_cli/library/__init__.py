"""The built-in functions of .ag: importing the package registers all of them in
`functions.BUILTINS`."""
from autograd_cli.library import functions, losses, tensor_functions  # noqa: F401  (registration)
