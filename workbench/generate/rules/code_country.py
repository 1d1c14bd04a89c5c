"""Codes in the row's country: an IBAN starts with the country of the row it belongs to and
carries valid check digits for it (ISO 13616, mod 97); a BIC names that country in its fifth
and sixth letters; an aircraft's registration carries its country's nationality mark in the
country's format, a vehicle's number plate its country's (generators/registrations.py:
D-AIBL, G-EUPT, N123AB; AB12 CDE, AB-123-CD); a freight wagon's UIC number its keeper
country's UIC code in digits 3-4 and its Luhn check digit (generators/transport.py).

The row's country is its own country column (a code or a name, or a foreign key to a table of
countries: a payee's `country_code`), else a parent's reached through its keys, one hop or two
(`branch_id` → branches.`country_code` → countries.`code`). Among parents, an institution (a
table named like a bank, branch, office, agency, provider or issuer) comes first: an account's
IBAN is its branch's, wherever the holder lives; then the parents a row's address follows
(money.ranked_paths: parties, the owner).

A column holding a national identifier (vocab/identifiers.py: a metering point's id, a
company's register number, a VAT number, a health number; recognised by the words of its
name, its table's noun and its neighbourhood) takes its family's format of the row's country
(generators/identifiers.py); a country without a format keeps the column's own value, or
none where the column may be empty (`schemeless`: no other country's number in its row).

An IBAN column may be unique: the account part keeps the row number spread over its last
nine digits (generators/ibans.py), so moving the country never makes two rows equal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.batch import factorize
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencing
from workbench.generate.generators import ibans, registrations, transport
from workbench.generate.generators.identifiers import country_identifiers
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.rules import money
from workbench.generate.rules.base import RowRule, Rule, row_rng
from workbench.generate.rules.paths import Path, paths_of, source_values
from workbench.generate.vocab import countries, identifiers

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

CODE_GENERATORS = ("iban", "bic", "aircraft_registration", "licence_plate", "wagon_number")
# the thing of registrations/… each generator writes
_REGISTERED = {
    "aircraft_registration": registrations.AIRCRAFT,
    "licence_plate": registrations.VEHICLE,
}
_INSTITUTION_WORDS = frozenset(
    {"bank", "banks", "branch", "branches", "institution", "institutions", "office", "offices",
     "agency", "agencies", "provider", "providers", "issuer", "issuers", "lender", "lenders",
     "custodian", "custodians", "broker", "brokers", "psp"}
)  # fmt: skip


def writable(view: TableView, name: str) -> bool:
    """A code column this rule may rewrite: generated here, not a key, not one the unique
    plan builds or sandbox.toml copies or derives. A unique one too (module docstring)."""
    spec = view.specs.get(name)
    section = view.section
    override = section.columns.get(name) if section is not None else None
    return (
        spec is not None
        and spec.generator in CODE_GENERATORS
        and not (override is not None and (override.copy_from or override.derive))
        and name not in view.fk_cols
        and name not in view.built
        and spec.partition is None
    )


def own_country(view: TableView) -> str | None:
    """The row's own country column: one it makes, else a foreign key to a country."""
    made = [
        c for c, s in view.specs.items()
        if s.generator in money.COUNTRY_GENERATORS and c not in view.fk_cols
    ]  # fmt: skip
    if made:
        return made[0]
    for column, unit in view.fk_cols.items():
        parent = view.schema.tables.get(unit.parent)
        target = parent.column(unit.ref_map.get(column, "")) if parent is not None else None
        if parent is None or target is None or len(unit.fk.columns) != 1:
            continue
        if decide_column(view.schema, parent, target, view.config).generator in (
            money.COUNTRY_GENERATORS
        ):
            return column
    return None


def _institution(path: Path) -> bool:
    return bool(_INSTITUTION_WORDS & set(normalise(path.parent.rsplit(".", 1)[-1]).split("_")))


_PLACE_GENERATORS = frozenset({"postal_code", "city", "street_address", "latitude"})


def _place(view: TableView, path: Path) -> bool:
    """The parent (the first hop) is a place (it has an address): where a thing there is
    registered."""
    table = view.schema.tables.get(path.parent)
    return table is not None and any(
        decide_column(view.schema, table, c, view.config).generator in _PLACE_GENERATORS
        for c in table.columns
    )


def parent_country(view: TableView, placed: bool = False) -> tuple[Path, str] | None:
    """The parent path whose country the row's codes follow, and its country column; with
    `placed` (a national identifier of a thing at a place: a metering point) the place's."""
    ranked = money.ranked_paths(view, paths_of(view))
    ranked = sorted(ranked, key=lambda p: not _institution(p))  # stable: ranks within
    if placed:
        ranked = sorted(ranked, key=lambda p: not _place(view, p))
    for path in ranked:
        table = view.schema.tables.get(path.table)
        if table is None or path.table == view.tp.name:
            continue
        found = money.country_columns(view.schema, table, view.config) or _keyed(view, table)
        if found:
            return path, found[0]
    return None


def _keyed(view: TableView, table: Table) -> list[str]:
    """A parent's key to a table of countries holding its code (a site's `country_code`
    referencing countries.code): the parent's country, as its own country column would be."""
    out = []
    for fk in table.foreign_keys:
        ref = view.schema.tables.get(fk.ref_qualified)
        target = ref.column(fk.ref_columns[0]) if ref is not None and fk.columns else None
        if ref is None or target is None or len(fk.columns) != 1:
            continue
        generator = decide_column(view.schema, ref, target, view.config).generator
        if generator in money.COUNTRY_GENERATORS:
            out.append(fk.columns[0])
    return out


def _neighbourhood(view: TableView) -> set[str]:
    """The words of the table's name, its columns' and the tables it is linked to by a
    foreign key either way (what tells a metering point from a point of sale)."""
    table, schema = view.table, view.schema
    names = [table.name, *(c.name for c in table.columns)]
    names += [fk.ref_table for fk in table.foreign_keys]
    names += [other.name for other in referencing(schema, table.qualified)]
    return {w for n in names for w in normalise(n).split("_")}


def identifier_columns(view: TableView) -> dict[str, str]:
    """Columns holding a national identifier (vocab/identifiers.py), with their family: a
    text column drawn here, neither a key to a parent nor one the plan builds."""
    context: set[str] | None = None
    noun = normalise(view.table.name).split("_")[-1]
    out: dict[str, str] = {}
    for name, spec in view.specs.items():
        if spec.kind != "text" or name in view.fk_cols or name in view.built:
            continue
        if spec.generator in ("choice", "constant", "null") or spec.partition is not None:
            continue
        section = view.section
        override = section.columns.get(name) if section is not None else None
        if override is not None and (override.copy_from or override.derive):
            continue
        if context is None:
            context = _neighbourhood(view)
        family = identifiers.family_of(set(normalise(name).split("_")), noun, context)
        if family is not None:
            out[name] = family
    return out


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    families = identifier_columns(view)
    codes = [c for c in view.specs if writable(view, c) and c not in families]
    codes += list(families)
    if not codes:
        return []
    own = own_country(view)
    if own is not None:
        detail = f"{', '.join(codes)} of the country in {own}"
        data: dict[str, Any] = {"own": own, "families": families}
        return [Rule("code_country", [*codes, own], detail, data)]
    found = parent_country(view, placed=bool(families))
    if found is None:
        return []
    path, source = found
    detail = f"{', '.join(codes)} of the country in {path.table}.{source} (through {path.fk})"
    data = {"path": path, "source": source, "families": families}
    return [Rule("code_country", codes, detail, data)]


def alpha2(values: np.ndarray) -> np.ndarray:
    """Each value (a code or a name) as an alpha-2 code, "" where unknown."""
    uniq, codes = factorize(np.asarray(values, dtype=object))
    table = np.array([countries.alpha2(v) if v is not None else "" for v in uniq] or [""], object)
    return np.asarray(table[codes]) if codes.size else np.zeros(0, object)


def of_family(family: str, alpha: np.ndarray) -> np.ndarray:
    """The country each row's identifier of the family is of: the scheme's own where the
    family is one country's (an SSN in a Spanish customer's row is still American), else the
    row's."""
    scheme = identifiers.scheme_country(family)
    return alpha if scheme is None else np.full(alpha.shape, scheme, dtype=object)


def schemeless(family: str, of: np.ndarray) -> np.ndarray:
    """The rows whose country issues no identifier of the family (none on record: an American
    company has no VAT number), where a column that may be empty holds none rather than
    another country's."""
    uniq, codes = factorize(np.asarray(of, dtype=object))
    none = [bool(c) and identifiers.pattern_of(family, str(c)) is None for c in uniq]
    return np.array(none or [False], bool)[codes] if codes.size else np.zeros(0, bool)


def _countries(view: TableView, rule: Rule, batch: Batch) -> tuple[Any, np.ndarray] | None:
    if "own" in rule.data:
        col = batch.get(rule.data["own"])
        return None if col is None else (np.asarray(col.values), col.nulls)
    return source_values(view, rule.data["path"], rule.data["source"], batch)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    got = _countries(view, rule, batch)
    if got is None:
        return
    values, missing = got
    alpha = alpha2(values)
    alpha[np.asarray(missing, bool)] = ""
    families = rule.data.get("families", {})
    for column in rule.columns:
        col, spec = batch.get(column), view.specs.get(column)
        if col is None or spec is None:
            continue
        if column in families:
            of = of_family(families[column], alpha)
            made = country_identifiers(
                families[column], of, row_rng(view, rule, idx), idx, spec.unique, spec.max_len
            )
            fits = (of != "") & (made != "") & ~col.nulls
            col.values[fits] = made[fits]
            if col.nullable and view.specs[column].nullable:
                col.nulls |= schemeless(families[column], of)
            continue
        if spec.generator not in CODE_GENERATORS:
            continue
        banked = ibans.account_countries(alpha, spec.params.get("banked_in", ()))
        if spec.generator == "iban":
            made = ibans.country_ibans(banked, row_rng(view, rule, idx), idx, spec.unique)
        elif spec.generator == "wagon_number":
            made = transport.wagons_in_country(np.asarray(col.values, dtype=object), alpha)
        elif spec.generator in _REGISTERED:
            rng = row_rng(view, rule, idx)
            made = registrations.country_registrations(
                _REGISTERED[spec.generator], alpha, idx, rng, spec.unique, spec.seed
            )
        else:
            made = ibans.country_bics(col.values, banked)  # the account's bank
        fits = (alpha != "") & (made != "") & ~col.nulls
        if spec.max_len is not None:
            fits &= np.char.str_len(made.astype(str)) <= spec.max_len
        col.values[fits] = made[fits]


RULE = RowRule(
    "code_country",
    "an IBAN, a BIC or a national identifier carries the country of its row, its own or its"
    " institution's",
    _plan,
    _apply,
    after=("locale",),  # after the row's own country is set
    before=("phone",),
)
