"""The seed's policy: what the import does with each column's values, from the classification
sandbox.toml records (`workbench classify --write`).

A column's action is its `seed` key when sandbox.toml gives one (keep, mask, fake, null), else
what its recorded generator says: a personal generator (an email, a name, an address, a card…)
is masked in the format of that generator, `null` empties it, anything else is kept. A table
with `seed = "drop"` is left out of the import (and generated). A seed column with no recorded
decision stops the import before anything is written, as `workbench check` does in CI.

Masked keys stay joinable: a foreign key column and the column it references get the same
masking, taken from whichever side is masked."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from workbench.config.file import Config
from workbench.errors import WorkbenchError
from workbench.generate.plan.classify import classify
from workbench.generate.plan.personal import personal_columns
from workbench.generate.plan.tables import loads_from_file
from workbench.schema.model import Schema, Table
from workbench.seed.copytext import SeedError, SeedTable
from workbench.seed.mask_kinds import kind_for_generator, masks_by_default


class UndecidedColumns(WorkbenchError):
    """Seed columns with no recorded decision (the CLI's exit 4, as `check`)."""

    exit_code = 4
    title = "seed columns without a decision"

    def __init__(self, columns: list[str], config_path: str) -> None:
        more = f" and {len(columns) - 12} more" if len(columns) > 12 else ""
        shown = ", ".join(columns[:12]) + more
        super().__init__(
            f"{len(columns)} column(s) of the seed have no recorded decision in "
            f"{config_path}: {shown}. Nothing was written. Review what `workbench classify` "
            "suggests for them and record it with `workbench classify --write` (personal "
            'columns are then masked), or give a column `seed = "keep"`, "mask", "fake" or '
            '"null" in its [tables."…".columns.…] section.'
        )
        self.columns = columns


@dataclass(frozen=True)
class ColumnRule:
    action: str  # keep | mask | fake | null
    kind: str = ""  # the masker (maskers.MASKERS) for "mask"
    explicit: bool = False  # the column's own `seed` key said so
    why: str = ""

    def to_dict(self) -> dict[str, str]:
        out = {"action": self.action}
        if self.kind:
            out["kind"] = self.kind
        return out


@dataclass
class SeedPolicy:
    """Per imported table (qualified name), per seed column, its rule; the tables dropped."""

    tables: dict[str, dict[str, ColumnRule]] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)
    # seed table name as written -> qualified schema table
    names: dict[str, str] = field(default_factory=dict)

    def digest(self) -> str:
        """sha256 of the rules (the policy hash of the lease and evidence)."""
        canonical = {
            "tables": {
                t: {c: r.to_dict() for c, r in sorted(cols.items())}
                for t, cols in sorted(self.tables.items())
            },
            "dropped": sorted(self.dropped),
        }
        return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for cols in self.tables.values():
            for rule in cols.values():
                out[rule.action] = out.get(rule.action, 0) + 1
        return out


def resolve_policy(schema: Schema, config: Config, seed: list[SeedTable]) -> SeedPolicy:
    """The policy for the seed's tables and columns; SeedError for what schema.sql lacks or a
    decision that cannot hold, UndecidedColumns for columns without a decision."""
    decisions = {(t, c): d for t, c, d in classify(schema, config)}
    personal = personal_columns(schema, config)
    policy = SeedPolicy()
    undecided: list[str] = []
    for st in seed:
        table = _schema_table(schema, st)
        policy.names[st.name] = table.qualified
        section = config.table(table.qualified)
        if section.seed == "drop":
            policy.dropped.append(table.qualified)
            continue
        rules: dict[str, ColumnRule] = {}
        for name in st.columns:
            column = table.column(name)
            if column is None:
                raise SeedError(
                    f"{st.origin}: the seed's table {table.qualified} has a column {name!r} "
                    "that schema.sql does not declare."
                )
            if column.generated is not None:
                raise SeedError(
                    f"{st.origin}: {table.qualified}.{name} is a generated column in "
                    "schema.sql; the server computes it, a seed cannot fill it."
                )
            override = section.columns.get(name)
            if override is None:
                undecided.append(f"{table.qualified}.{name}")
                continue
            decision = decisions.get((table.qualified, name))
            generator = decision.generator if decision is not None else ""
            rules[name] = _rule(
                override.seed, generator, personal.get((table.qualified, name)), name
            )
        _check_missing(table, st)
        policy.tables[table.qualified] = rules
    if undecided:
        raise UndecidedColumns(undecided, str(config.path))
    # what sandbox.toml says of each column is judged before keys are matched up, so an
    # error names what the user wrote, not a rule _join_masks derived from it
    _check_rules(schema, policy)
    _join_masks(schema, policy)
    _check_parents(schema, config, policy)
    return policy


def _schema_table(schema: Schema, st: SeedTable) -> Table:
    table = schema.tables.get(st.name)
    if table is None:
        bare = st.name.split(".", 1)[1]
        found = [t for t in schema.tables.values() if t.name == bare]
        if len(found) == 1:
            return found[0]
        raise SeedError(
            f"{st.origin}: the seed has rows for {st.name}, which schema.sql does not declare."
        )
    if table.partition_of:
        raise SeedError(
            f"{st.origin}: {st.name} is a partition of {table.partition_of}; a seed's rows "
            "go to the partitioned table itself (pg_dump --load-via-partition-root)."
        )
    return table


def _rule(explicit: str | None, generator: str, personal: str | None, name: str) -> ColumnRule:
    if explicit is not None:
        kind = kind_for_generator(personal or generator) if explicit == "mask" else ""
        return ColumnRule(explicit, kind, explicit=True, why="its `seed` key")
    if personal is not None or masks_by_default(generator):
        chosen = personal or generator
        return ColumnRule("mask", kind_for_generator(chosen), why=f"generator {chosen}")
    if generator == "null":
        return ColumnRule("null", why="generator null")
    return ColumnRule("keep", why=f"generator {generator or 'unknown'}")


def _check_missing(table: Table, st: SeedTable) -> None:
    """A NOT NULL column the seed lacks and the server cannot fill."""
    given = set(st.columns)
    for column in table.columns:
        if column.name in given or column.nullable or column.generated is not None:
            continue
        if column.default is None and column.identity is None:
            raise SeedError(
                f"{st.origin}: the seed's {table.qualified} has no column {column.name}, which "
                "is NOT NULL without a default in schema.sql."
            )


def _fk_pairs(schema: Schema, table: Table) -> list[tuple[str, str, str]]:
    """(child column, parent table, parent column) of the table's foreign keys."""
    out: list[tuple[str, str, str]] = []
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        key = parent.primary_key if parent is not None else None
        refs = fk.ref_columns or (key.columns if key is not None else [])
        out.extend((c, fk.ref_qualified, r) for c, r in zip(fk.columns, refs, strict=False))
    return out


def _join_masks(schema: Schema, policy: SeedPolicy) -> None:
    """A foreign key column and the column it references masked alike (until nothing moves):
    the side with no `seed` key of its own takes the masked side's rule."""
    changed = True
    while changed:
        changed = False
        for name, rules in policy.tables.items():
            for child, parent_table, parent in _fk_pairs(schema, schema.tables[name]):
                parent_rules = policy.tables.get(parent_table, {})
                a, b = rules.get(child), parent_rules.get(parent)
                if a is None or b is None or (a.action, a.kind) == (b.action, b.kind):
                    continue
                if b.action == "mask" and not a.explicit and a.action == "keep":
                    why = f"references {parent_table}.{parent}"
                    rules[child] = ColumnRule("mask", b.kind, why=why)
                elif a.action == "mask" and not b.explicit and b.action == "keep":
                    why = f"referenced by {name}.{child}"
                    parent_rules[parent] = ColumnRule("mask", a.kind, why=why)
                else:
                    raise SeedError(
                        f"{name}.{child} ({_described(a)}) references {parent_table}.{parent} "
                        f"({_described(b)}): a key and the column it references must be "
                        "treated alike, or the rows no longer join. Give both the same `seed` "
                        "key in sandbox.toml."
                    )
                changed = True


def _check_parents(schema: Schema, config: Config, policy: SeedPolicy) -> None:
    """Every table an imported table references is imported too (or holds schema.sql's rows):
    a generated parent cannot have the seed's keys."""
    for name in policy.tables:
        for fk in schema.tables[name].foreign_keys:
            parent = fk.ref_qualified
            if parent == name or parent in policy.tables:
                continue
            model = schema.tables.get(parent)
            if model is not None and loads_from_file(model, config):
                continue
            why = "drops" if parent in policy.dropped else "does not cover"
            raise SeedError(
                f"the seed's table {name} references {parent}, which the seed {why}: its rows "
                f"would point at keys a generated {parent} does not have. Add {parent}'s rows to "
                f'the seed, or leave {name} out too ([tables."{name}"] seed = "drop").'
            )


def _described(rule: ColumnRule) -> str:
    """A rule and where it comes from: "mask email, from generator email"."""
    return f"{rule.action} {rule.kind}".rstrip() + f", from {rule.why}"


def _referenced_by(schema: Schema) -> dict[tuple[str, str], list[str]]:
    """(table, column) -> the foreign key columns ("table.column") that reference it."""
    out: dict[tuple[str, str], list[str]] = {}
    for name, model in schema.tables.items():
        for child, parent_table, parent in _fk_pairs(schema, model):
            out.setdefault((parent_table, parent), []).append(f"{name}.{child}")
    return out


def _check_rules(schema: Schema, policy: SeedPolicy) -> None:
    referenced = _referenced_by(schema)
    for name, rules in policy.tables.items():
        table = schema.tables[name]
        keys = set(table.primary_key.columns if table.primary_key else [])
        for unique in table.uniques:
            keys.update(c for c in unique.columns if c)
        for fk in table.foreign_keys:
            keys.update(fk.columns)
        for column, rule in rules.items():
            children = referenced.get((name, column), [])
            if rule.action in ("fake", "null") and children:
                shown = ", ".join(children[:3]) + (" …" if len(children) > 3 else "")
                raise SeedError(
                    f'{name}.{column}: seed = "{rule.action}" in sandbox.toml, but {shown} '
                    f"reference{'s' if len(children) == 1 else ''} it: its seed values "
                    "would be replaced by "
                    + ("generated ones" if rule.action == "fake" else "NULL")
                    + " the referencing rows do not hold, so they would no longer join. "
                    'Choose "mask" (the same value masks alike in both columns) or "keep".'
                )
            model = table.column(column)
            if rule.action == "null" and model is not None and not model.nullable:
                raise SeedError(
                    f'{name}.{column}: seed = "null" on a NOT NULL column; choose "mask" or '
                    '"fake" for it.'
                )
            if rule.action in ("fake", "null") and column in keys:
                raise SeedError(
                    f'{name}.{column}: seed = "{rule.action}" on a key column would break the '
                    'rows that join on it; choose "mask" (the same value masks alike everywhere) '
                    'or "keep".'
                )


def personal_kinds(schema: Schema, config: Config) -> dict[tuple[str, str], str]:
    """(table, column) -> masker kind, for every column the classification calls personal
    (or a column a seed masks anyway: an IBAN, a card), and the keys that reference one."""
    personal = personal_columns(schema, config)
    out: dict[tuple[str, str], str] = {}
    for table, column, decision in classify(schema, config):
        chosen = personal.get((table, column))
        if chosen is None and masks_by_default(decision.generator):
            chosen = decision.generator
        if chosen is not None:
            out[(table, column)] = kind_for_generator(chosen)
    changed = True
    while changed:
        changed = False
        for name, model in schema.tables.items():
            for child, parent_table, parent in _fk_pairs(schema, model):
                kind = out.get((parent_table, parent))
                if kind is not None and (name, child) not in out:
                    out[(name, child)] = kind
                    changed = True
    return out
