"""The judge's value families (generate/judge/families.py) read from a constraint's tree."""

from __future__ import annotations

import sqlglot

from workbench.generate.judge.families import cast_numbers, literals


def test_a_pattern_cast_to_text_is_not_a_value() -> None:
    """`name !~ '\\s'::text` as pg_dump writes it: the pattern under its cast is no constant
    to fill the column with (the judge adopted the value '\\s' for every name)."""
    for text in ("(NOT (name ~ '\\s'::text))", "((name)::text !~~ '% %'::text)"):
        assert literals(sqlglot.parse_one(text, read="postgres")) is None, text
    kept = literals(sqlglot.parse_one("(kind = 'a'::text)", read="postgres"))
    assert kept is not None and kept.params["values"] == ["a"]


def test_numbers_a_cast_check_names_become_text() -> None:
    tree = sqlglot.parse_one("((code)::integer BETWEEN 1 AND 303)", read="postgres")
    family = cast_numbers(tree, "code")
    assert family is not None and family.params["values"][0] == "1"
    assert all(1 <= int(v) <= 303 for v in family.params["values"])
    assert cast_numbers(tree, "other") is None
