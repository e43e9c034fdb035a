"""The oracle's comparison rules, on hand-made outputs (no TensorFlow needed)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import (_NUMBER, compare, compare_error, expected_message, normalise,  # noqa: E402
                     parse_located_error, tokenize)


# ------------------------------------------------------------------ equal texts

@pytest.mark.parametrize("text", [
    "",
    "tf.Tensor(6.0, shape=(), dtype=float32)\n",
    "[None, <tf.Tensor 'gradients/Mul_1_grad/Mul_1:0' shape=() dtype=float32>]\n",
    "epoch: 3 \t loss: 48.94832992553711 \t gradients: [-96.24536]\n",
    "[[ 7.5  9.5]\n [15.  19. ]]\n",
    "nan inf -inf 1e-07 -1.5E+08 .5 3.\n",
])
def test_a_text_equals_itself(text):
    assert compare(text, text) == []


def test_float32_rounding_is_within_tolerance():
    assert compare("loss 0.30000001\n", "loss 0.3\n") == []
    assert compare("tf.Tensor(0.6666667, shape=(), dtype=float32)",
                   "tf.Tensor(0.6666666, shape=(), dtype=float32)") == []


def test_values_that_straddle_a_rounding_boundary_may_print_one_unit_apart():
    assert compare("[3.71239]\n", "[3.71238]\n") == []        # (3.712386 and 3.712384 at five decimals)
    assert compare("[-3.71239]\n", "[-3.71238]\n") == []
    assert compare("[3.7124]\n", "[3.71238]\n") != []         # (3.71240: two units)
    assert compare("[3.71240]\n", "[3.71238]\n") != []
    assert compare("[0.0124]\n", "[0.0125]\n") != []          # (three significant digits: shortest texts)
    assert compare("1.5001e+05\n", "1.5e+05\n") != []        # (e-notation: shortest texts)


def test_a_complex_numbers_parts_are_numbers_within_tolerance():
    ours = "[15.       -7.5j        -2.0938504+2.0622993j]\n"
    theirs = "[15.       -7.5j       -2.0938504+2.062299j]\n"
    assert compare(ours, theirs) == []
    assert compare("[1.+2.5j]\n", "[1.+2.6j]\n") != []


def test_a_wrong_digit_is_reported_with_its_line():
    diffs = compare("a\nloss 1.859\n", "a\nloss 3.718\n")
    assert len(diffs) == 1
    assert diffs[0].startswith("line 2: expected 3.718, got 1.859")


def test_the_relative_tolerance_is_configurable():
    assert compare("1.001", "1.0") != []
    assert compare("1.001", "1.0", rtol=1e-2) == []


def test_just_outside_the_default_tolerance_fails():
    # 2e-6 relative: 1.000001 passes, 1.00001 does not
    assert compare("1.000001", "1.0") == []
    assert compare("1.00001", "1.0") != []


def test_integers_are_exact_and_stay_integers():
    assert compare("step 3", "step 4") == ["line 1: expected 4, got 3"]
    assert compare("[array([[2, 1]], dtype=int32)]", "[array([[2, 1]], dtype=int32)]") == []
    diffs = compare("tf.Tensor(3.0, shape=(), dtype=float32)",
                    "tf.Tensor(3, shape=(), dtype=int32)")
    assert diffs[0] == "line 1: expected an integer 3, got 3.0"
    assert any("int32" in d for d in diffs)


def test_nan_and_inf_match_only_themselves():
    assert compare("nan", "nan") == []
    assert compare("0.0", "nan") != []
    assert compare("nan", "0.0") != []
    assert compare("inf", "-inf") != []
    assert compare("1e+38", "inf") != []


def test_names_with_digits_are_text_not_numbers():
    assert compare("dtype=float64", "dtype=float32") == [
        "line 1: expected text 'dtype=float32', got 'dtype=float64'"]
    assert compare("'Mul_2:0'", "'Mul_1:0'") != []
    assert compare("2.21.1", "2.21.0") != []


def test_scientific_notation_is_a_number():
    assert compare("1.0000001e-07", "1e-07") == []
    assert compare("2e-07", "1e-07") != []


def test_numpy_column_padding_and_wrapping_do_not_matter_inside_brackets():
    theirs = "[0.33333334 0.6666667 ]\n"
    ours = "[0.33333337 0.66666675]\n"
    assert compare(ours, theirs) == []
    wrapped = "[ 1.  2.  3.  4.  5.  6.  7.  8.  9. 10. 11. 12.\n 13.]"
    assert compare("[1. 2. 3. 4. 5. 6. 7. 8. 9. 10. 11. 12. 13.]", wrapped) == []


def test_padding_before_a_comma_in_an_array_repr_does_not_matter():
    theirs = "[array([[-0.17049941,  0.1212165 ,  0.04928295]], dtype=float32)]"
    ours = "[array([[-0.17049943, 0.12121651, 0.04928296]], dtype=float32)]"
    assert compare(ours, theirs) == []
    assert compare(ours.replace("0.12121651", "0.13"), theirs) != []


def test_whitespace_outside_brackets_matters():
    assert compare("loss:  1.0", "loss: 1.0") != []
    assert compare("a\nb", "a b") != []


def test_a_missing_array_separator_is_still_a_difference():
    # elements separated by nothing would be one token: not the same
    assert compare("[1.2.]", "[1. 2.]") != []


def test_an_entry_that_is_zero_is_compared_at_the_scale_of_its_array():
    # one float32 ulp of 0.25 where TensorFlow computed exactly 0
    assert compare("[0.25 2.9802322e-08]", "[0.25 0.]") == []
    # but a scalar printed alone has no such scale
    assert compare("2.9802322e-08", "0.0") != []
    # and a large entry in another array does not loosen this one
    assert compare("[1000.] [2.9802322e-05]", "[1000.] [0.]") != []


def test_numpy2_scalar_reprs_count_as_plain_values():
    assert compare("[9.0, 6.0]", "[np.float32(9.0), np.float32(6.0)]") == []
    assert compare("[3, True]", "[np.int64(3), np.True_]") == []
    assert compare("[9.0, 7.0]", "[np.float32(9.0), np.float32(6.0)]") != []


def test_memory_addresses_are_not_compared():
    assert compare("<function f at 0x7f00deadbeef>", "<function f at 0x7f4d13ebd620>") == []
    assert compare("<function g at 0x7f00deadbeef>", "<function f at 0x7f4d13ebd620>") != []


def test_missing_and_extra_output():
    assert compare("a 1\n", "a 1\nb 2\n") == ["line 1: output missing: 'b 2\\n'"]
    assert compare("a 1\nb 2\n", "a 1\n")[0].startswith("unexpected output at the end")
    assert compare("", "x\n") != []
    assert compare("x\n", "") != []


def test_a_text_difference_stops_the_comparison():
    diffs = compare("x 1\nz 2 3\n", "x 1\ny 9 9\n")
    assert len(diffs) == 1 and "expected text" in diffs[0]


def test_unchecked_numbers_keep_layout_and_kinds():
    assert compare("loss: 0.123 step 3", "loss: 4.56 step 7", check_numbers=False) == []
    assert compare("loss: 0.123 step 3.0", "loss: 4.56 step 7", check_numbers=False) != []
    assert compare("loss: 0.123", "cost: 4.56", check_numbers=False) != []
    assert compare("[1. 2.]", "[1. 2. 3.]", check_numbers=False) != []


def test_tokenize_marks_array_groups():
    toks = tokenize("x [1. [2.]] 3. [4.]")
    groups = [t.group for t in toks if hasattr(t, "group")]
    assert groups == [0, 0, None, 1]


# ------------------------------------------------------------------ errors

def test_parse_located_error():
    stderr = "snippet.py:7:5: TypeError: Argument `fetch` = None has invalid type\n  print(x)\n  ^\n"
    assert parse_located_error(stderr) == ("snippet.py", 7, 5, "TypeError",
                                           "Argument `fetch` = None has invalid type")
    assert parse_located_error("Traceback (most recent call last):\n") is None


EXPECTED_FETCH = {"type": "TypeError", "line": 9,
                  "message": 'Argument `fetch` = None has invalid type "NoneType". Cannot be None'}


def test_equal_errors():
    stderr = 'f.py:9:11: TypeError: Argument `fetch` = None has invalid type "NoneType".  Cannot be None\n'
    assert compare_error(stderr, EXPECTED_FETCH) == []


def test_error_type_line_and_message_each_checked():
    assert compare_error('f.py:9:1: ValueError: Argument `fetch` = None has invalid type "NoneType". Cannot be None',
                         EXPECTED_FETCH) == ["expected the error type TypeError, got ValueError"]
    assert compare_error('f.py:8:1: TypeError: Argument `fetch` = None has invalid type "NoneType". Cannot be None',
                         EXPECTED_FETCH) == ["expected the error on line 9, got line 8"]
    diffs = compare_error("f.py:9:1: TypeError: Fetch argument None has invalid type", EXPECTED_FETCH)
    assert len(diffs) == 1 and diffs[0].startswith("expected the message")


def test_dotted_type_names_compare_by_their_last_part():
    expected = {"type": "InvalidArgumentError", "line": 3, "message": "x"}
    assert compare_error("f.py:3:1: tf.errors.InvalidArgumentError: x", expected) == []


def test_no_located_line_is_a_difference():
    diffs = compare_error("Traceback (most recent call last):\n  File ...", EXPECTED_FETCH)
    assert diffs and diffs[0].startswith("no `FILE:LINE:COL")


EAGER_ADD = ("{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
             "cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a "
             "float tensor [Op:AddV2] name: ")


def test_node_names_are_compared_by_prefix():
    want, is_prefix = expected_message(EAGER_ADD)
    assert is_prefix
    assert want == ("cannot compute AddV2 as input #1(zero-based) was expected to be a int32 "
                    "tensor but is a float tensor")
    expected = {"type": "InvalidArgumentError", "line": 7, "message": EAGER_ADD}
    ours = ("f.py:7:5: InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was "
            "expected to be a int32 tensor but is a float tensor [Op:AddV2]")
    assert compare_error(ours, expected) == []
    assert compare_error(ours.replace("Error: ", "Error: {{function_node __wrapped__AddV2}} "), expected) == []
    wrong = ours.replace("int32 tensor", "int64 tensor")
    assert compare_error(wrong, expected) != []


def test_only_the_first_line_of_a_long_message_counts():
    expected = {"type": "ValueError", "line": 2,
                "message": "No gradients provided for any variable.\nDetails: abc"}
    assert compare_error("f.py:2:1: ValueError: No gradients provided for any variable.", expected) == []


def test_an_exact_message_is_not_a_prefix():
    expected = {"type": "RuntimeError", "line": 2, "message": "Attempted to use a closed Session."}
    assert compare_error("f.py:2:1: RuntimeError: Attempted to use a closed Session. Extra", expected) != []


def test_a_hint_in_parentheses_may_follow_the_message():
    expected = {"type": "AttributeError", "line": 10, "message": "'NoneType' object has no attribute 'name'"}
    hinted = ("f.py:10:27: AttributeError: 'NoneType' object has no attribute 'name' "
              "(the gradient with respect to xs[0] (line 9) is None: stop_gradient at line 5)")
    assert compare_error(hinted, expected) == []
    assert compare_error(hinted.replace("'name' (", "'name' because ("), expected) != []
    assert compare_error(hinted.rstrip(")"), expected) != []


def test_numpy_scalars_in_messages_count_as_plain_values():
    expected = {"type": "ValueError", "line": 8,
                "message": "could not convert string to float: np.str_('abc')"}
    assert compare_error("f.py:8:5: ValueError: could not convert string to float: 'abc'", expected) == []


STORED = sorted((Path(__file__).resolve().parent / "expected").rglob("*.json"))


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.stem)
def test_every_stored_output_equals_itself_and_not_a_changed_copy(path):
    stdout = json.loads(path.read_text(encoding="utf-8"))["stdout"]
    assert compare(stdout, stdout) == []
    plain = normalise(stdout)
    numbers = list(_NUMBER.finditer(plain))
    if numbers:
        last = numbers[-1]
        raw = last.group("num")
        if raw.lstrip("-").isdigit():
            other = str(int(raw) * 3 + 1)
        elif raw.lstrip("-") in ("nan", "inf"):
            other = "1.5"
        else:
            other = repr(float(raw) * 3 + 1.5)
        changed = plain[:last.start()] + other + plain[last.end():]
        assert compare(changed, stdout) != [], (raw, other)


def test_a_keras_progress_bar_counts_as_its_final_state():
    bar = ("Epoch 1/2\n\r\x1b[1m1/4\x1b[0m \x1b[32m━━━━━\x1b[0m\x1b[37m━━━━━━━━━━━━━━━\x1b[0m \x1b[1m2s\x1b[0m "
           "874ms/step - loss: 2.3829\x08\x08\x08\r\x1b[1m4/4\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m"
           "\x1b[0m \x1b[1m1s\x1b[0m 128ms/step - loss: 2.3826 - val_loss: 2.3330\n")
    assert compare("Epoch 1/2\n4/4 - loss: 2.3826 - val_loss: 2.3330\n", bar) == []
    assert compare("Epoch 1/2\n4/4 - loss: 2.3829 - val_loss: 2.3330\n", bar) != []
    predict = "\r\x1b[1m1/1\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b[0m \x1b[1m0s\x1b[0m 97ms/step\n"
    assert compare("1/1\n", predict) == []
    assert compare("2/2 - loss: 0.5000\n", "2/2 - 0s - 5ms/step - loss: 0.5000\n") == []
    assert compare("2/2 - loss: 0.5000\n", "2/2 - loss: 0.5000 - 3ms/step\n") != []     # not a bar: kept
