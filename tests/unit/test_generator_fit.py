"""A declared generator must fit its column's type, and NULLs may not be asked of a NOT NULL
column: both would be ignored in silence by generate, so the plan-time check refuses them
with a sentence naming the key, the type and the generators that fit."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from workbench.config.file import parse_config
from workbench.errors import ConfigError
from workbench.generate.kinds.generator_kinds import fits, fitting
from workbench.generate.plan.config_check import check_config_against_schema
from workbench.schema.parse import parse_schema_text

SCHEMA = """
CREATE TABLE reviews (
    id bigint PRIMARY KEY,
    rating smallint NOT NULL,
    body text,
    phone text,
    made_at timestamptz,
    helpful boolean
);
"""


def check(toml: str) -> None:
    schema = parse_schema_text(SCHEMA).schema
    config = parse_config(tomllib.loads(toml), Path("/p/sandbox.toml"))
    check_config_against_schema(config, schema)


def test_a_text_generator_on_a_number_column_is_refused_naming_what_fits() -> None:
    with pytest.raises(ConfigError) as err:
        check('[tables.reviews.columns.rating]\ngenerator = "phone"\n')
    message = str(err.value)
    assert 'key tables."reviews".columns.rating.generator' in message
    assert "phone generator makes text" in message and "smallint (a number)" in message
    assert "Generators that fit: int, decimal" in message and "phone," not in message


@pytest.mark.parametrize(
    "column, generator",
    [
        ("rating", "int"),
        ("rating", "rating"),
        ("rating", "choice"),
        ("phone", "phone"),
        ("made_at", "created_at"),
        ("helpful", "bool"),
        ("body", "sentence"),
        ("id", "sequence"),
    ],
)
def test_generators_that_fit_are_accepted(column: str, generator: str) -> None:
    check(f'[tables.reviews.columns.{column}]\ngenerator = "{generator}"\n')


@pytest.mark.parametrize(
    "column, generator", [("made_at", "email"), ("helpful", "word"), ("rating", "ip")]
)
def test_generators_that_do_not_fit_are_refused(column: str, generator: str) -> None:
    with pytest.raises(ConfigError, match=f"the {generator} generator makes"):
        check(f'[tables.reviews.columns.{column}]\ngenerator = "{generator}"\n')


def test_nulls_on_a_not_null_column_are_refused() -> None:
    with pytest.raises(ConfigError) as err:
        check("[tables.reviews.columns.rating]\nnull_fraction = 0.5\n")
    assert "columns.rating.null_fraction: 0.5 on a NOT NULL column" in str(err.value)
    with pytest.raises(ConfigError, match="NOT NULL"):
        check("[tables.reviews.columns.id]\nnull_fraction = 0.1\n")  # a primary key
    check("[tables.reviews.columns.rating]\nnull_fraction = 0\n")
    check("[tables.reviews.columns.body]\nnull_fraction = 0.5\n")


def test_every_fitting_generator_fits_and_text_ones_do_not() -> None:
    for kind in ("int", "bool", "date", "timestamptz"):
        good = fitting(kind)
        assert good and all(fits(g, kind) for g in good)
        assert not {"phone", "email", "word", "sentence"} & set(good)
