"""Rich tables stay fast on huge programs: long tables show head and tail around a note."""
from autograd_cli.render.tables import TABLE_EDGE_ROWS, elide_rows


def test_long_tables_show_head_and_tail_with_a_note():
    rows = [(f"x{i}", i) for i in range(2 * TABLE_EDGE_ROWS + 50)]
    shown = elide_rows(rows, "values")
    assert shown[:TABLE_EDGE_ROWS] == rows[:TABLE_EDGE_ROWS]
    assert shown[-TABLE_EDGE_ROWS:] == rows[-TABLE_EDGE_ROWS:]
    assert shown[TABLE_EDGE_ROWS] == "50 more values (--json lists all)"
    assert len(shown) == 2 * TABLE_EDGE_ROWS + 1


def test_short_tables_are_whole():
    rows = [(f"x{i}", i) for i in range(2 * TABLE_EDGE_ROWS + 1)]
    assert elide_rows(rows, "values") == rows
