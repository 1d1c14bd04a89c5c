"""Which columns are personal, and which of their statistics carry real values.

A column is personal when the generator decided for it (`workbench classify`: inferred from
its name, type and comment, or declared in sandbox.toml) makes values about a person: a
name, a contact, an address, a birth date, a credential. Most common values and histogram
bounds of such a column are real people's values; only its numbers may shape the sandbox."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.generators import registry
from workbench.generate.kinds.semantics import inferred_generator
from workbench.generate.plan.classify import classify
from workbench.schema.model import Schema
from workbench.stats.calls import VALUE_KEYS, Call, Statistics

# The generators whose declarations say their values are about a person (generators/).
PERSONAL_GENERATORS = registry.personal()


def is_personal(generator: str) -> bool:
    return generator in PERSONAL_GENERATORS


def personal_generator(schema: Schema, table: str, column: str, chosen: str) -> str | None:
    """The personal generator that makes a column personal for statistics: the one chosen
    for it, or the one its name/type classify it as. Declaring `generator = "text"` on an
    email column must not let its real values through."""

    if is_personal(chosen):
        return chosen
    tbl = schema.table(table)
    col = tbl.column(column) if tbl is not None else None
    if tbl is None or col is None:
        return None
    inferred = inferred_generator(schema, tbl, col)
    return inferred if is_personal(inferred) else None


def column_is_personal(schema: Schema | None, table: str, column: str, chosen: str) -> bool:
    """Whether a column's statistics must not show its values: its generator is personal, or
    its name and type classify it as personal (with the schema at hand)."""
    if schema is None:
        return is_personal(chosen)
    return personal_generator(schema, table, column, chosen) is not None


def personal_columns(schema: Schema, config: Config) -> dict[tuple[str, str], str]:
    """(table, column) → generator, for every personal column of the schema."""

    out: dict[tuple[str, str], str] = {}
    for table, column, decision in classify(schema, config):
        chosen = decision.generator
        found = (
            personal_generator(schema, table, column, chosen)
            if decision.declared
            else (chosen if is_personal(chosen) else None)
        )
        if found is not None:
            out[(table, column)] = found
    return out


@dataclass
class Exposure:
    """A personal column whose statistics still carry values."""

    table: str
    column: str
    generator: str
    keys: list[str]
    source: str

    def describe(self) -> str:
        keys = ", ".join(self.keys)
        return f"{self.table}.{self.column} ({self.generator}: {keys} at {self.source})"

    def to_dict(self) -> dict[str, object]:
        return {
            "table": self.table,
            "column": self.column,
            "generator": self.generator,
            "keys": self.keys,
            "source": self.source,
        }


def exposures(stats: Statistics | None, schema: Schema, config: Config) -> list[Exposure]:
    """Personal columns whose statistics hold most common values or histogram bounds."""
    if stats is None:
        return []
    personal = personal_columns(schema, config)
    out: list[Exposure] = []
    for call in stats.calls:
        attname, table = call.get("attname"), _table(call)
        if attname is None or attname.value is None or table is None:
            continue
        generator = personal.get((table, attname.value))
        if generator is None:
            continue
        keys = [a.name for a in call.args if a.name in VALUE_KEYS and a.value is not None]
        if keys:
            out.append(Exposure(table, attname.value, generator, keys, call.source))
    return out


def _table(call: Call) -> str | None:
    schema, rel = call.get("schemaname"), call.get("relname")
    if schema is None or rel is None or schema.value is None or rel.value is None:
        return None
    return f"{schema.value}.{rel.value}"


def scrub_advice(sources: list[str]) -> str:
    """What clears the gate: scrubbing in place every file that carries the values (a scrubbed
    copy beside schema.sql would leave schema.sql's values where the gate reads them)."""
    files = sorted({source.rsplit(":", 1)[0] for source in sources})
    runs = " and ".join(f"`workbench stats scrub {f} --in-place`" for f in files)
    return f"run {runs} (or remove the value keys of those columns by hand)"
