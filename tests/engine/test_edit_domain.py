"""No sequence of edits saved through the edit dialog's path (config_form → config_edit →
Engine.save_edit) makes a sandbox.toml that generate refuses or that fails in the database:
a declared value or range bound outside its column's domain (type, enum labels, CHECKs) is
refused at save and the file is left as it was.

The oracle is PostgreSQL itself: every value a saved file declares is inserted into the real
table (in a transaction rolled back), through the conversion generate applies to it. A few
fixed examples also run a real generate and read the values back."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from psycopg import sql

from workbench.config.file import load_config
from workbench.edit.form import FormError, form_changes, form_text
from workbench.edit.toml import FORM_KEYS, Edit
from workbench.engine import Engine
from workbench.errors import ConfigError
from workbench.generate.base.sqltree import to_datetime
from workbench.generate.plan.config_check import check_config_against_schema

SCHEMA = """
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE DOMAIN percent AS integer CHECK (VALUE BETWEEN 0 AND 100);
CREATE TABLE things (
    id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    mood   mood,
    kind   text CHECK (kind IN ('a', 'b', 'c')),
    qty    integer CHECK (qty BETWEEN 1 AND 50),
    score  percent,
    code   varchar(4) CHECK (code ~ '^[A-Z]+$'),
    note   text,
    born   date CHECK (born > DATE '1990-01-01'),
    price  numeric(6, 2) CHECK (price >= 0),
    active boolean
);
"""
# (kind as the form reads it, tokens that fit, tokens that do not)
COLUMNS: dict[str, tuple[str, list[str], list[str]]] = {
    "mood": ("enum", ["sad", "ok", "happy"], ["bogus", "Sad", "1"]),
    "kind": ("text", ["a", "b", "c"], ["d", "A", ""]),
    "qty": ("int", ["1", "50", "7"], ["0", "51", "2.5", "x", "99999999999"]),
    "score": ("int", ["0", "100", "42"], ["-1", "101"]),
    "code": ("text", ["AB", "ZZZZ"], ["ab", "ABCDE", "A1"]),
    "note": ("text", ["hello", "é ü", "tab\there"], ["nul\x00byte"]),
    "born": ("date", ["1990-01-02", "2024-05-15", "2000-02-29"], ["1990-01-01", "2023-02-29"]),
    "price": ("decimal", ["0", "12.5", "9999.99"], ["-0.01", "10000", "nan", "x"]),
    "active": ("bool", ["true", "false"], ["yes", "maybe"]),
}
FIELDS = ("values", "weights", "range", "null_fraction", "clear")


@st.composite
def form_steps(draw: st.DrawFn) -> tuple[str, str, str]:
    """(column, field, text typed into it): good and bad tokens, and arbitrary text."""
    column = draw(st.sampled_from(sorted(COLUMNS)))
    _, good, bad = COLUMNS[column]
    token = st.one_of(st.sampled_from(good + bad), st.text(max_size=5))
    field = draw(st.sampled_from(FIELDS))
    if field == "values":
        text = ", ".join(draw(st.lists(token, min_size=1, max_size=4)))
    elif field == "weights":
        weight = st.sampled_from(["0.5", "1", "0.25", "0", "x", "-1", "inf", "3"])
        pairs = draw(st.lists(st.tuples(token, weight), min_size=1, max_size=4))
        text = ", ".join(f"{k}={w}" for k, w in pairs)
    elif field == "range":
        text = f"{draw(token)}, {draw(token)}"
    elif field == "null_fraction":
        text = draw(st.sampled_from(["", "0.1", "1", "2", "x", "-0.5"]))
    else:
        text = ""
    return column, field, text


def dialog_edit(engine: Engine, column: str, field: str, text: str) -> Edit:
    """The edit the dialog saves: its fields as the file has them, one of them retyped."""
    if field == "clear":
        return Edit("public.things", column=column, clear=True)
    override = engine.config.table("public.things").columns.get(column)
    typed = {
        key: form_text(getattr(override, key, None) if override else None) for key in FORM_KEYS
    }
    typed["values" if field == "weights" else field] = text
    kind = engine.column_kind("public.things", column)
    changes = form_changes(None, typed["values"], typed["range"], typed["null_fraction"], kind)
    return Edit("public.things", column=column, changes=changes)


def as_generated(kind: str, value: Any) -> Any:
    """The value generate writes for a declared one (values._choice's conversions)."""
    if kind == "int":
        return int(value)
    if kind == "decimal":
        return float(value)
    if kind == "bool":
        return value in (True, "true", "t", 1)
    if kind == "date":
        return str(to_datetime(str(value)).astype("datetime64[D]"))
    return str(value)


def database_refuses(conn: psycopg.Connection, column: str, kind: str, value: Any) -> str | None:
    """PostgreSQL's own verdict on one value of the column (the row rolled back)."""
    statement = sql.SQL("INSERT INTO things ({}) VALUES (%s)").format(sql.Identifier(column))
    try:
        with conn.transaction(force_rollback=True):
            conn.execute(statement, (as_generated(kind, value),))
    except (psycopg.Error, ValueError) as err:
        return f"{column} = {value!r}: {err}"
    return None


def declared(path: Path) -> list[tuple[str, Any]]:
    """(column, value) for every declared value and range bound in the file."""
    data = tomllib.loads(path.read_text())
    columns = data.get("tables", {}).get("public.things", {}).get("columns", {})
    out = []
    for column, body in columns.items():
        out += [(column, v) for v in list(body.get("values", []))]
        out += [(column, v) for v in body.get("range", [])]
    return out


@pytest.fixture
def things(make_project: Any, fresh_db: str) -> tuple[Path, str]:
    """sandbox.toml of an empty sandbox with SCHEMA, and a database holding SCHEMA's tables
    for the oracle (apart: generate claims only an empty database)."""
    path = make_project(SCHEMA, extra="[generate]\nrows = 40\n")
    with psycopg.connect(fresh_db, autocommit=True) as conn:
        conn.execute(SCHEMA)
    return path, fresh_db


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(form_steps(), min_size=1, max_size=5))
def test_no_saved_edit_declares_a_value_outside_the_domain(
    things: tuple[Path, str], steps: list[tuple[str, str, str]]
) -> None:
    path, conninfo = things
    start = path.read_text().split("\n[tables", 1)[0]
    path.write_text(start)
    engine = Engine(path)
    schema = engine.schema()
    with psycopg.connect(conninfo) as conn:
        for column, field, text in steps:
            note(f"{column} {field}: {text!r}")
            try:
                edit = dialog_edit(engine, column, field, text)
            except FormError:
                continue
            before = path.read_text()
            try:
                engine.save_edit(edit)
            except ConfigError:
                assert path.read_text() == before  # a refused edit never reaches the file
                continue
            config = load_config(path)  # the loader generate uses accepts it ...
            check_config_against_schema(config, schema)  # ... and so does its plan check
            for name, value in declared(path):
                refusal = database_refuses(conn, name, COLUMNS[name][0], value)
                assert refusal is None, refusal


GOOD_EDITS = [
    ("mood", "weights", "sad=0.2, happy=0.8"),
    ("kind", "values", "a, c"),
    ("qty", "range", "3, 9"),
    ("born", "values", "2024-05-15, 1999-12-31"),
    ("price", "range", "1.5, 2.25"),
    ("code", "values", "AB, ZZZZ"),
]


def test_saved_edits_generate_and_hold_the_declared_values(
    things: tuple[Path, str],
) -> None:
    path, _ = things
    engine = Engine(path)
    for column, field, text in GOOD_EDITS:
        engine.save_edit(dialog_edit(engine, column, field, text))
    with pytest.raises(ConfigError, match="'bogus' is not a label of enum mood"):
        engine.save_edit(dialog_edit(engine, "mood", "weights", "sad=0.5, bogus=0.5"))
    engine.generate(rows=40)
    with engine.connect() as conn:
        rows = conn.execute(
            "SELECT array_agg(DISTINCT mood::text), array_agg(DISTINCT kind), min(qty), "
            "max(qty), array_agg(DISTINCT born::text), min(price), max(price), "
            "array_agg(DISTINCT code) FROM things"
        ).fetchone()
    assert rows is not None
    moods, kinds, qty_lo, qty_hi, born, price_lo, price_hi, codes = rows
    assert set(moods) - {None} <= {"sad", "happy"}
    assert set(kinds) - {None} <= {"a", "c"}
    assert 3 <= qty_lo <= qty_hi <= 9
    assert set(born) - {None} <= {"2024-05-15", "1999-12-31"}
    assert 1.5 <= float(price_lo) <= float(price_hi) <= 2.25
    assert set(codes) - {None} <= {"AB", "ZZZZ"}


def test_generate_refuses_a_hand_edited_label_before_touching_the_sandbox(
    things: tuple[Path, str],
) -> None:
    """The CLI's path: a label written by hand is refused at plan time (exit 2), before the
    sandbox is dropped, with the same sentence as the dialog."""
    from tests.conftest import run_cli

    path, _ = things
    engine = Engine(path)
    engine.generate(rows=25)
    with path.open("a") as out:
        out.write('\n[tables."public.things".columns.mood]\nvalues = ["sad", "bogus"]\n')
    result = run_cli("generate", "--yes", "--config", str(path))
    assert result.returncode == 2, result.stderr
    assert "'bogus' is not a label of enum mood (its labels: sad, ok, happy)" in result.stderr
    assert "Traceback" not in result.stderr
    with engine.connect() as conn:  # the sandbox as the last generate left it
        assert conn.execute("SELECT count(*) FROM things").fetchone() == (25,)
