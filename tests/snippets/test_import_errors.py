"""A failed `from tensorflow... import NAME` names the module as the snippet wrote it."""
from __future__ import annotations

import pytest

from autograd_cli.dialects import evaluate_snippet
from autograd_cli.support.errors import AgError


@pytest.mark.parametrize("module, name", [("tensorflow.keras.layers", "Densee"), ("tensorflow.nn", "relux")])
def test_an_unknown_name_imported_from_tensorflow_names_tensorflows_module_and_no_file_of_ours(module, name):
    with pytest.raises(AgError) as info:
        evaluate_snippet(f"import numpy\nfrom {module} import {name}\n", seed=0)
    message = info.value.message
    assert message == f"ImportError: cannot import name '{name}' from '{module}' (unknown location)"
    assert "autograd_cli" not in message and info.value.pos.line == 2
