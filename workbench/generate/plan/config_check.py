"""sandbox.toml checked against schema.sql at plan time: every `[tables."S.T"]` names a table of
the schema, every `columns.C` a column of it, every `generator` one the workbench has, every
`children.parent` a table, every declared value and range bound in its column's domain
(value_domain). A mistake here would otherwise be ignored in silence (a typo in a
table name leaves its rows at the default) or fail deep inside the load, so each is a
`ConfigError` (exit 2) naming the file and the key, with a "did you mean" and what is valid.
"""

from __future__ import annotations

import difflib

from workbench.config.file import ColumnOverride, Config
from workbench.errors import ConfigError
from workbench.generate.generators.value_domain import override_problems, type_label
from workbench.generate.kinds.generator_kinds import misfit_sentence
from workbench.generate.kinds.semantics import GENERATORS
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type


def _hint(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if not close:
        close = difflib.get_close_matches(word.lower(), [c.lower() for c in choices], n=1)
        close = [c for c in choices if c.lower() in close][:1]
    return f"; did you mean {close[0]!r}?" if close else "."


def _raw_table_key(config: Config, qualified: str) -> str:
    """The key as written in the file (a bare `T` stands for `public.T`)."""
    raw = config.raw.get("tables") or {}
    for key in (qualified, qualified.removeprefix("public.")):
        if key in raw:
            return key
    return qualified


def check_config_against_schema(config: Config, schema: Schema) -> None:
    tables = sorted(schema.tables)
    for qualified, section in config.tables.items():
        key = f'tables."{_raw_table_key(config, qualified)}"'
        table = schema.tables.get(qualified)
        if table is None:
            raise ConfigError(
                f"{config.path}: key {key}: {config.schema_path.name} has no table "
                f"{qualified}{_hint(qualified, tables).rstrip('.')} (its tables: "
                f"{', '.join(tables[:12])}{', …' if len(tables) > 12 else ''})."
            )
        if section.children is not None and section.children.parent not in schema.tables:
            parent = section.children.parent
            raise ConfigError(
                f"{config.path}: key {key}.children.parent: {config.schema_path.name} has no table "
                f"{parent}{_hint(parent, tables).rstrip('.')}."
            )
        names = [c.name for c in table.columns]
        for column, override in section.columns.items():
            if column not in names:
                raise ConfigError(
                    f"{config.path}: key {key}.columns.{column}: table {qualified} has no "
                    f"column {column!r}{_hint(column, names).rstrip('.')} (its columns: "
                    f"{', '.join(names)})."
                )
            generator = override.generator
            _check_values(config, schema, table, f"{key}.columns.{column}", column, override)
            if generator is not None and generator not in GENERATORS:
                raise ConfigError(
                    f"{config.path}: key {key}.columns.{column}.generator: unknown generator "
                    f"{generator!r}{_hint(generator, GENERATORS)} Valid generators: "
                    f"{', '.join(sorted(GENERATORS))}."
                )
            _check_fit(config, schema, table, f"{key}.columns.{column}", column, override)


def _check_fit(
    config: Config, schema: Schema, table: Table, key: str, column: str, override: ColumnOverride
) -> None:
    """A generator that cannot fill the column's type, and NULLs asked of a NOT NULL column,
    would both be ignored in silence: refused instead."""
    col = next(c for c in table.columns if c.name == column)
    info = resolve_type(schema, col.type)
    label = type_label(info, col)
    if override.generator is not None and not info.array_dims:
        sentence = misfit_sentence(override.generator, info.kind, label)
        if sentence is not None:
            raise ConfigError(f"{config.path}: key {key}.generator: {sentence}.")
    primary = table.primary_key.columns if table.primary_key else []
    if override.null_fraction and (not col.nullable or column in primary):
        raise ConfigError(
            f"{config.path}: key {key}.null_fraction: {override.null_fraction:g} on a NOT NULL "
            f"column ({label} NOT NULL): it can hold no NULLs; set 0 or remove the key."
        )


def _check_values(
    config: Config, schema: Schema, table: Table, key: str, column: str, override: ColumnOverride
) -> None:
    """Declared values and ranges inside the column's domain (value_domain): a label the enum
    lacks would otherwise fail the load after the sandbox was dropped."""
    col = next(c for c in table.columns if c.name == column)
    problems = override_problems(schema, table, col, override)
    if problems:
        where = problems[0][0]
        mine = [sentence for k, sentence in problems if k == where]
        sentences = "; ".join(mine[:5])
        more = f" (and {len(mine) - 5} more)" if len(mine) > 5 else ""
        raise ConfigError(f"{config.path}: key {key}.{where}: {sentences}{more}.")
