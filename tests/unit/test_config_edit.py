"""Edits of sandbox.toml change only what they edit (config_edit, tomlkit): comments, inline
tables, key order and blank lines stay; the form's fields read as sentences (config_form)."""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.config.file import load_config
from workbench.edit.form import (
    FormError,
    form_text,
    parse_fraction,
    parse_range,
    parse_values,
    weights_note,
)
from workbench.edit.toml import (
    FORM_KEYS,
    Edit,
    _apply,
    _Plain,
    changed_lines,
    edited_text,
    save_edit,
)
from workbench.errors import ConfigError
from workbench.generate.base.sqltree import to_datetime
from workbench.trust import checkout as trust

COMMENTED = """\
# The shop's sandbox: hand-written, commented, inline tables kept short.
[sandbox]
name = "shop"          # the one database
seed = 7

[generate]
rows = 200  # small: CI

# Orders are the busiest table.
[tables."public.orders"]
rows = 5000

[tables."public.orders".columns.status]
# weights from last quarter's report
values = { delivered = 0.62, shipped = 0.14, paid = 0.1, pending = 0.1, cancelled = 0.04 }
null_fraction = 0.0 # never NULL

[tables."public.order_items"]
children = { parent = "public.orders", distribution = "zipf", min = 1, max = 12, skew = 1.6 }
"""


def diff(before: str, after: str) -> list[str]:
    """The changed lines of a unified diff (without its headers and context)."""
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in lines if line[:1] in "+-" and line[:3] not in ("+++", "---")]


STATUS = {
    "delivered": 0.5,
    "shipped": 0.14,
    "paid": 0.1,
    "pending": 0.1,
    "cancelled": 0.04,
}


def test_one_weight_changes_exactly_one_line() -> None:
    edit = Edit("public.orders", column="status", changes={"values": STATUS})
    after = edited_text(COMMENTED, edit)
    assert diff(COMMENTED, after) == [
        "-values = { delivered = 0.62, shipped = 0.14, paid = 0.1, pending = 0.1, "
        "cancelled = 0.04 }",
        "+values = { delivered = 0.5, shipped = 0.14, paid = 0.1, pending = 0.1, "
        "cancelled = 0.04 }",
    ]


def test_form_keys_left_alone_keep_their_line_and_comment() -> None:
    """The dialog sends every key it owns; unchanged ones (3.0 typed as 3) are not touched."""
    form = {"values": dict(STATUS, delivered=0.62), "null_fraction": 0, "generator": None}
    after = edited_text(COMMENTED, Edit("public.orders", column="status", changes=form))
    assert after == COMMENTED


def test_row_count_and_new_sections_keep_the_rest() -> None:
    after = edited_text(COMMENTED, Edit("public.orders", rows=7000))
    assert diff(COMMENTED, after) == ["-rows = 5000", "+rows = 7000"]
    edit = Edit("public.stock", column="quantity", changes={"range": [1, 40], "generator": None})
    after = edited_text(COMMENTED, edit)
    assert diff(COMMENTED, after) == [
        "+",
        '+[tables."public.stock".columns.quantity]',
        "+range = [1, 40]",
    ]
    assert after.startswith(COMMENTED)


def test_rows_replace_children_and_clear_removes_one_section() -> None:
    after = edited_text(COMMENTED, Edit("public.order_items", rows=9))
    assert diff(COMMENTED, after) == [
        '-children = { parent = "public.orders", distribution = "zipf", min = 1, max = 12, '
        "skew = 1.6 }",
        "+rows = 9",
    ]
    after = edited_text(COMMENTED, Edit("public.orders", column="status", clear=True))
    data = tomllib.loads(after)
    assert "columns" not in data["tables"]["public.orders"]
    assert all(line.startswith("-") for line in diff(COMMENTED, after))
    assert "# Orders are the busiest table." in after and "# the one database" in after


def test_inline_and_bare_table_keys_are_edited_where_they_are() -> None:
    text = '[sandbox]\nname = "x"\n\n[tables]\norders = { rows = 5 }  # short key\n'
    after = edited_text(text, Edit("public.orders", column="note", changes={"values": ["a"]}))
    data = tomllib.loads(after)
    assert data["tables"]["orders"] == {"rows": 5, "columns": {"note": {"values": ["a"]}}}
    assert "# short key" in after


def test_save_checks_first_and_writes_atomically(tmp_path: Path) -> None:
    path = tmp_path / "sandbox.toml"
    path.write_text(COMMENTED)
    config = load_config(path)
    with pytest.raises(ConfigError, match="null_fraction"):
        save_edit(
            config, Edit("public.orders", column="status", changes={"null_fraction": 2}), None
        )
    assert path.read_text() == COMMENTED
    config = save_edit(config, Edit("public.orders", rows=10), None)
    assert config.tables["public.orders"].rows == 10
    assert not list(tmp_path.glob(".sandbox.toml.*"))


def test_preview_lines_are_toml() -> None:
    edit = Edit("public.orders", column="status", changes={"values": STATUS})
    shown = changed_lines(COMMENTED, edited_text(COMMENTED, edit))
    lines = shown.splitlines()
    assert lines[0] == '[tables."public.orders".columns.status]'
    assert lines[-1].startswith("values = { delivered = 0.5,")
    tomllib.loads("\n".join(line for line in lines if not line.startswith("# removed")))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a, b ,c", ["a", "b", "c"]),
        ("paid=3, pending=0.25", {"paid": 3, "pending": 0.25}),
        ("", None),
    ],
)
def test_form_values_read(text: str, expected: object) -> None:
    assert parse_values(text) == expected


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("a=x", "the weight of a is 'x': expected a number ≥ 0 such as 0.25."),
        ("a=0.5, b", "b has no weight: write every value as value=weight"),
        ("=0.5", "=0.5 has no value before the '='."),
        ("a=1, a=2", "a is given twice."),
        ("a=-1", "the weight of a is '-1'"),
        ("a=nan", "the weight of a is 'nan'"),
        ("a=0, b=0", "the weights add up to 0"),
    ],
)
def test_form_mistakes_are_sentences(text: str, sentence: str) -> None:
    with pytest.raises(FormError) as caught:
        parse_values(text)
    assert str(caught.value).startswith(sentence)
    assert "could not convert" not in str(caught.value)


def test_form_range_fraction_and_round_trip() -> None:
    assert parse_range("1, 50", "int") == [1, 50]
    assert parse_range("2024-01-01, 2024-12-31", "date") == ["2024-01-01", "2024-12-31"]
    with pytest.raises(FormError, match="two bounds"):
        parse_range("1", "int")
    assert parse_fraction("0.25") == 0.25
    with pytest.raises(FormError, match="from 0 to 1"):
        parse_fraction("x")
    weights = {"a": 0.1234567, "b": 3.0}
    assert parse_values(form_text(weights)) == weights  # no digits lost on the way back
    assert weights_note({"a": 0.5, "b": 0.51}) is not None
    assert weights_note({"a": 0.5, "b": 0.5}) is None


def test_dates_keep_their_day() -> None:
    """A date's day is not a zone offset ("-15"); zones still go after a time."""
    assert to_datetime("2024-05-15") == np.datetime64("2024-05-15T00:00:00", "us")
    assert to_datetime("2024-05-15 10:00:00+02") == np.datetime64("2024-05-15T10:00:00", "us")


# The shapes hand-written files give the same entries: headers, bare and quoted keys, dotted
# keys, inline tables, a [columns] table, a table's sections apart.
LAYOUTS = [
    COMMENTED,
    '# c\ntables."public.orders".rows = 5\n[sandbox]\nname = "x"\n',
    '[sandbox]\nname = "x"\n# c\n[tables]\n"public.orders".rows = 5\n'
    '"public.orders".columns.status.values = ["a"]\n',
    '[sandbox]\nname = "x"\n# c\n[tables.orders.columns]\nstatus = { values = ["a"] }\n',
    '[sandbox]\nname = "x"\n# c\n[tables."public.orders"]\nrows = 1\n'
    'columns.status.values = ["a"]\n',
    '[tables."public.orders"]\nrows = 1\n# c\n[tables."public.stock"]\nrows = 2\n\n'
    '[tables."public.orders".columns.status]\nvalues = ["a"]\n',
    '[sandbox] # c\nname = "x"\n[tables]\n'
    "orders = { rows = 5, columns = { status = { unique = true } } }\n",
]
_COLUMN = st.sampled_from(["status", "note", "total"])
_VALUE = st.one_of(
    st.lists(st.sampled_from(["a", "b", 'q"uote', "é", "1"]), min_size=1, max_size=3),
    st.dictionaries(st.sampled_from(["a", "b", "x y", "1"]), st.floats(0, 5), min_size=1),
)
_EDIT = st.one_of(
    st.builds(lambda r: Edit("public.orders", rows=r), st.integers(0, 10**6)),
    st.builds(
        lambda c, v, n: Edit("public.orders", column=c, changes={"values": v, "null_fraction": n}),
        _COLUMN,
        _VALUE,
        st.one_of(st.none(), st.floats(0, 1)),
    ),
    st.builds(lambda c: Edit("public.orders", column=c, clear=True), _COLUMN),
    st.builds(lambda c: Edit("public.stock", column=c, changes={"range": [1, 9]}), _COLUMN),
)


@settings(max_examples=150, deadline=None)
@given(layout=st.sampled_from(LAYOUTS), edits=st.lists(_EDIT, min_size=1, max_size=4))
def test_edits_keep_comments_in_every_layout(layout: str, edits: list[Edit]) -> None:
    """Every edit sequence gives the data the edits mean, and keeps the comments."""
    text = layout
    for edit in edits:
        after = edited_text(text, edit)
        expected = tomllib.loads(text)
        _apply(expected, edit, _Plain())
        assert tomllib.loads(after) == expected
        assert "# c" in after or "# The shop's sandbox" in after
        text = after


def test_the_dialog_keeps_keys_it_does_not_show() -> None:
    """unique, params and the declared rules stay; only the form's keys change."""
    from workbench.edit.form import form_changes

    text = (
        '[tables."public.orders".columns.total]\n'
        'derive = "qty * price"  # kept\nunique = true\nvalues = ["1"]\n'
    )
    changes = form_changes(None, "1, 2", "", "0.2", "decimal")
    after = edited_text(text, Edit("public.orders", column="total", changes=changes))
    assert tomllib.loads(after)["tables"]["public.orders"]["columns"]["total"] == {
        "derive": "qty * price",
        "unique": True,
        "values": [1.0, 2.0],
        "null_fraction": 0.2,
    }
    assert 'derive = "qty * price"  # kept' in after


def test_values_a_generator_ignores_are_said() -> None:
    from workbench.edit.form import ignored_note

    assert ignored_note({"generator": "email", "values": ["a"]}) is not None
    assert ignored_note({"generator": None, "values": ["a"]}) is None
    assert ignored_note({"generator": "choice", "values": {"a": 1}}) is None


def test_a_symlinked_sandbox_toml_is_written_through_to_its_target(tmp_path: Path) -> None:
    """Once trusted (a link leaving the checkout is refused before: test_security_checkout_
    files)."""
    real = tmp_path / "shared" / "real.toml"
    real.parent.mkdir()
    real.write_text("# kept\n[generate]\nrows = 5\n")
    project = tmp_path / "project"
    project.mkdir()
    link = project / "sandbox.toml"
    link.symlink_to(real)
    trust.trust(load_config(link))
    config = save_edit(load_config(link), Edit("public.orders", rows=10), None)
    assert link.is_symlink() and link.resolve() == real  # still a link, to the same file
    assert tomllib.loads(real.read_text())["tables"]["public.orders"]["rows"] == 10
    assert real.read_text().startswith("# kept\n")
    assert config.tables["public.orders"].rows == 10
    assert not [p for p in project.iterdir() if p.name != "sandbox.toml"]  # no temp left here


NEXT_COMMENTED = """[generate]
rows = 20

[tables."public.orders"]
rows = 5

[tables."public.orders".columns.status]
values = ["paid", "pending"]
# null_fraction = 0.2

# customers: a few more
[tables."public.customers"]
rows = 30
"""


@pytest.mark.parametrize(
    "edit",
    [
        Edit("public.orders", column="status", clear=True),
        Edit("public.orders", column="status", changes=dict.fromkeys(FORM_KEYS)),
    ],
)
def test_clearing_an_override_keeps_the_next_tables_comment_and_blank_line(edit: Edit) -> None:
    out = edited_text(NEXT_COMMENTED, edit)
    assert out == NEXT_COMMENTED.replace(
        '[tables."public.orders".columns.status]\nvalues = ["paid", "pending"]\n'
        "# null_fraction = 0.2\n\n",
        "",
    )
    assert "# removed: # customers" not in changed_lines(NEXT_COMMENTED, out)


def test_a_removed_last_block_leaves_one_blank_line_between_its_neighbours() -> None:
    text = (
        "[generate]\nrows = 20\n\n[tables.t.columns.c]\nvalues = [1]\n\n"
        "# next\n[tables.u]\nrows = 3\n"
    )
    out = edited_text(text, Edit("public.t", column="c", clear=True))
    assert out == "[generate]\nrows = 20\n\n# next\n[tables.u]\nrows = 3\n"


@pytest.mark.parametrize(
    "before",
    [
        "rating = { null_fraction = 0.5 }",
        "rating = {}",
        "rating = {null_fraction=0.5}",
    ],
)
def test_an_edited_inline_table_is_written_with_even_spacing(before: str) -> None:
    text = f'[tables."public.reviews".columns]\n{before}\nbody = {{a=1}}\n'
    changes = {"generator": "phone", "values": None, "range": [1, 5], "null_fraction": None}
    out = edited_text(text, Edit("public.reviews", column="rating", changes=changes))
    assert out == (
        '[tables."public.reviews".columns]\n'
        'rating = { generator = "phone", range = [1, 5] }\n'
        "body = {a=1}\n"  # a line the edit did not touch keeps its own spacing
    )
