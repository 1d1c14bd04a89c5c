"""Generators named after what they make rather than what a column means: numbers, booleans,
times, words and text, the shaped types (json, bytea, ranges, geometry, vectors…), a pattern,
and the ones that take their values from sandbox.toml (choice, constant) or elsewhere (null, a
sequence, a foreign key). A column's type picks the maker for most of them (values.py)."""

from __future__ import annotations

from workbench.generate.generators.base import (
    BOOL,
    JSON,
    NUMBER,
    TEXT,
    WHEN,
    Generator,
    NamePattern,
)
from workbench.generate.generators.text import pooled, regex_text

GENERATORS: tuple[Generator, ...] = (
    Generator("sequence", generic=True),
    Generator("int", NUMBER),
    Generator("decimal", NUMBER),
    Generator("float", NUMBER),
    Generator("money", NUMBER),
    Generator("bool", BOOL),
    Generator("choice", generic=True),
    Generator(
        "timestamp",
        WHEN,
        patterns=(NamePattern(r"_(at|on|time|timestamp|datetime|date)$", 15),),
    ),
    Generator("date", WHEN),
    Generator("time", frozenset(["time", "timetz"])),
    Generator("interval", frozenset(["interval"])),
    Generator("sentence", TEXT, width=60, text=pooled("sentence"), pool="sentence"),
    Generator("word", TEXT, width=7, text=pooled("word"), pool="word"),
    Generator("text", TEXT, width=40),
    Generator("json", JSON),
    Generator("bytea", frozenset(["bytea"])),
    Generator("tsvector", frozenset(["tsvector"])),
    Generator("point", frozenset(["point"])),
    Generator("bit", frozenset(["bit"])),
    Generator("xml", frozenset(["xml"])),
    Generator(
        "range",
        frozenset(
            ["daterange", "int4range", "int8range", "numrange", "tsrange", "tstzrange", "anyrange"]
        ),
    ),
    Generator("regex", TEXT, text=regex_text),
    Generator("constant", generic=True),
    Generator("null", generic=True),
    Generator("ltree", frozenset(["ltree"])),
    Generator("hstore", frozenset(["hstore"])),
    Generator("cube", frozenset(["cube"])),
    Generator("geometry", frozenset(["geometry"])),
    Generator("vector", frozenset(["vector"])),
    Generator("sparsevec", frozenset(["sparsevec"])),
    Generator("foreign_key", generic=True),
)
