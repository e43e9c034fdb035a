"""A fresh newcomer pass (README, docs and --help only; samples and the seed snippets at 60,
80 and 120 columns): what still wrapped badly or said too little."""
import json
import re

import pytest

from conftest import cli
from test_newcomer_terminal import WIDTHS, fits, term


@pytest.mark.parametrize("width", WIDTHS + (200,))
def test_functions_never_split_a_tensorflow_name(width):
    # the table's ratio columns split names mid-word even at 120 columns
    # ("tf.keras.activations.sigmoi" / "d"); too narrow for whole names, it is a list
    lines = fits(term(width, "functions"), width)
    text = "\n".join(lines)
    doc = json.loads(cli("functions", "--json").stdout)["functions"]
    for entry in doc:
        for name in entry["tensorflow"]:
            assert re.search(rf"(^|[\s,│]){re.escape(name)}($|[\s,│])", text, re.M), (width, name)
        assert entry["signature"].split("(")[0] + "(" in text, (width, entry["signature"])
