"""A key named as a role names a parent holding that role: a blast's `shotfirer_id` an employee
whose `job_role` is `shotfirer`, a case's `surgeon_id` a staff member of the kind `surgeon`, an
order's `customer_id` a party of the type `customer`. The key's words but its key word (`id`,
`code`, `no`) are the role; the parent's label column (an enum's, a CHECK's list; not the
row's own life, a status) lists it, alone (`shotfirer`) or ending a label (`lead_surgeon`),
and not every label is it. The key's parents are the rows holding one of those labels (links.
parent_keys: every rule that picks the key again picks among them), and among those, where
some do, the rows whose qualification is set: the parent's nullable columns named with the
role's word or a document's (`shotfirer_licence_no`, `certificate_number`): a shotfirer's
licence. Only a key that names someone on every row that holds it (must_name: NOT NULL, or
the worker on a job that took place). A key named as its parent's own noun (`employee_id`,
`driver_id` to drivers) names no role. Read from the names and labels; no table is named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.kinds.categories import OWN_LIFE, labels
from workbench.generate.kinds.windows import DOCUMENT_WORDS
from workbench.schema import memo

if TYPE_CHECKING:
    from workbench.generate.base.batch import Col
    from workbench.schema.model import Schema, Table

_KEY_WORDS = frozenset({"id", "code", "key", "no", "ref", "fk", "uuid", "number", "num"})


@dataclass(frozen=True)
class Role:
    """What a key's name asks of its parent: the label column, the labels that are the role,
    and the columns that hold the role's qualification."""

    column: str
    labels: tuple[str, ...]
    qualified: tuple[str, ...]


def _words(name: str) -> list[str]:
    return [w for w in name.lower().split("_") if w]


def _table_nouns(table: Table) -> set[str]:
    words = set(_words(table.name))
    return words | {w[:-1] for w in words if w.endswith("s")} | {w[:-2] for w in words}


def _role_words(key: str, parent: Table) -> list[str]:
    """The roles a key's name may say, the whole first (`assigned_technician_id`:
    assigned_technician, then technician); none where it says only its parent's noun
    (`employee_id` to employees) or nothing beside its key word."""
    words = [w for w in _words(key) if w not in _KEY_WORDS]
    nouns = _table_nouns(parent)
    return ["_".join(words[at:]) for at in range(len(words)) if not set(words[at:]) <= nouns]


def _holds(label: str, role: str, exact: bool) -> bool:
    """Whether a label is the role: the same words, or ending with them (`lead_surgeon`)."""
    low = label.lower().replace(" ", "_").replace("-", "_")
    return low == role or (not exact and low.endswith(f"_{role}"))


@memo.by_identity
def roles_of(schema: Schema, table: Table) -> dict[str, Role]:
    """Per single-column key of `table` named as a role of its parent, what it asks."""
    out: dict[str, Role] = {}
    for fk in table.foreign_keys:
        parent = schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or parent is None:
            continue
        for at, role in enumerate(_role_words(fk.columns[0], parent)):
            found = _role_column(schema, parent, role, exact=at > 0)
            if found is not None:
                out[fk.columns[0]] = found
                break
    return out


def _role_column(schema: Schema, parent: Table, role: str, exact: bool) -> Role | None:
    """The parent's label column listing the role (`exact`: the label is the role itself,
    for a role read from the key's last words: `lead_installer_id`, an `installer`)."""
    keys = {c for fk in parent.foreign_keys for c in fk.columns}
    for column in parent.columns:
        if set(_words(column.name)) & OWN_LIFE:
            continue
        listed = labels(schema, parent, column) or []
        held = tuple(lb for lb in listed if _holds(lb, role, exact))
        if not held or len(held) == len(listed):
            continue
        # a document named with the role's word (`shotfirer_licence_no`), not any licence
        words = set(role.split("_"))
        qualified = tuple(
            c.name
            for c in parent.columns
            if c.nullable
            and c.name != column.name
            and c.name not in keys
            and words & set(_words(c.name))
            and bool((DOCUMENT_WORDS | {"number", "no"}) & set(_words(c.name)))
        )
        return Role(column.name, held, qualified)
    return None


def role_columns(schema: Schema, table: Table) -> frozenset[str]:
    """The columns of `table` its children's role keys read (kept with its keys)."""
    return _read_columns(schema).get(table.qualified, frozenset())


@memo.by_identity
def _read_columns(schema: Schema) -> dict[str, frozenset[str]]:
    """Per parent table, the columns its children's role keys read, once per schema."""
    out: dict[str, set[str]] = {}
    for child in schema.tables.values():
        for fk in child.foreign_keys:
            role = roles_of(schema, child).get(fk.columns[0])
            if role is not None:
                out.setdefault(fk.ref_qualified, set()).update({role.column, *role.qualified})
    return {k: frozenset(v) for k, v in out.items()}


def holders(role: Role, stored: dict[str, Col], valid: np.ndarray) -> np.ndarray:
    """The rows of `valid` holding the role, those qualified first where some are (all of
    `valid` where none holds it)."""
    held = stored.get(role.column)
    if held is None or not valid.size:
        return valid
    text = np.asarray(held.values)[valid].astype(str)
    found = valid[np.isin(text, role.labels) & ~held.nulls[valid]]
    for name in role.qualified:
        col = stored.get(name)
        if col is not None and found.size and (~col.nulls[found]).any():
            found = found[~col.nulls[found]]
    return found if found.size else valid


def must_name(key: str, nullable: bool, rules: Sequence[Any]) -> bool:
    """Whether the row's key names someone on every row that holds the role: a key that may
    not be NULL, or a worker's on a job that took place (rules/on_the_job.py: a fired blast's
    shotfirer). An optional key (a weighbridge ticket's clerk) keeps any parent: held to the
    role, every row whose scope has no holder would name no one (rules/site_meet.py)."""
    return not nullable or any(r.kind == "on_the_job" and r.data["fk"] == key for r in rules)
