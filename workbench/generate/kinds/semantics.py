"""Column semantics: which generator fills a column, inferred from its name, type, domain, enum,
CHECK and comment, or declared in sandbox.toml.

The decision is plain data (`ColumnDecision`) so `workbench classify` can show it and `--write`
can record it; `values.py` turns a decision into a vectorised generator."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from workbench.config.file import Config
from workbench.errors import GenerationError
from workbench.generate.base.sqltree import columns_of
from workbench.generate.checks import ColumnHints, column_hints
from workbench.generate.checks.hints import checks_for
from workbench.generate.generators import entities, registry, tags
from workbench.generate.generators.value_spec import ColumnSpec
from workbench.generate.generators.values import generate_values
from workbench.generate.kinds import every_path, meets, recognise, totals, unit_prices
from workbench.generate.kinds.shared_labels import shared_labels
from workbench.generate.vocab import countries
from workbench.schema import memo
from workbench.schema.model import Column, Schema, Table
from workbench.schema.pgtext import compile_regex
from workbench.schema.typeinfo import TypeInfo, resolve_type

# Every generator sandbox.toml's `generator =` takes (the registry's declarations).
GENERATORS = registry.names()


@dataclass
class ColumnDecision:
    generator: str
    params: dict[str, Any] = field(default_factory=dict)
    declared: bool = False  # from sandbox.toml rather than inferred
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "generator": self.generator,
            "params": self.params,
            "declared": self.declared,
            "reason": self.reason,
        }


# A column comment that names what the column holds (only for text columns the name did not
# settle).
_COMMENT_RULES = [
    (r"e-?mail", "email"),
    (r"phone", "phone"),
    (r"postal|zip code", "postal_code"),
    (r"\burl\b|web ?site", "url"),
    (r"ip address", "ip"),
    (r"\biban\b", "iban"),
    (r"\bisbn\b", "isbn"),
    (r"\b(ean|gtin|barcode)\b", "ean"),
    (r"\buuid\b|\bguid\b", "uuid"),
    (r"iso ?4217|currency", "currency"),
    (r"iso ?3166|country code", "country_code"),
    (r"mac address", "mac"),
    (r"mime|content type", "mime_type"),
    (r"bcrypt|password hash", "password_hash"),
    (r"hex colou?r", "hex_colour"),
    (r"semver|semantic version", "semver"),
]


def _type_fallback(info: TypeInfo, column: Column) -> tuple[str, dict[str, Any]]:
    kind = info.kind
    if kind == "int":
        return "int", {}
    if kind in ("decimal", "float"):
        return ("decimal" if kind == "decimal" else "float"), {}
    if kind == "money":
        return "price", {}
    if kind == "bool":
        return "bool", {}
    if kind == "text":
        return "text", {}
    if kind in ("timestamp", "timestamptz"):
        return "timestamp", {}
    if kind == "date":
        return "date", {}
    if kind in ("time", "timetz"):
        return "time", {}
    if kind == "interval":
        return "interval", {}
    if kind == "uuid":
        return "uuid", {}
    if kind == "json":
        return "json", {}
    if kind == "bytea":
        return "bytea", {}
    if kind in ("inet", "cidr"):
        return "ip", {}
    if kind in ("macaddr", "macaddr8"):
        return "mac", {}
    if kind in ("tsvector", "tsquery"):
        return "tsvector", {}
    if kind == "point":
        return "point", {}
    if kind == "bit":
        return "bit", {}
    if kind == "xml":
        return "xml", {}
    if kind.endswith("range"):
        return "range", {}
    if kind == "enum":
        return "choice", {"values": info.labels}
    if kind in ("ltree", "hstore", "cube", "geometry", "vector", "sparsevec"):
        return kind, {}
    return "null", {}


def _own_copy(decision: ColumnDecision) -> ColumnDecision:
    return dataclasses.replace(decision, params=dict(decision.params))


@memo.by_identity_copied(_own_copy)  # callers amend the reason and spec params of their copy
def decide_column(schema: Schema, table: Table, column: Column, config: Config) -> ColumnDecision:
    """The generator for one column: sandbox.toml's override, else inferred; the reason also
    names a total or counter its children set after loading (totals.py)."""

    try:
        decision = _decide(schema, table, column, config)
    except Exception as err:  # a bug must still say where it met the schema
        where = f" ({table.source})" if table.source is not None else ""
        err.add_note(f"while choosing the generator of {table.qualified}.{column.name}{where}")
        raise
    rollup = totals.describe(schema, table, column, config)
    if rollup:
        decision.reason += rollup
    return decision


def _decide(schema: Schema, table: Table, column: Column, config: Config) -> ColumnDecision:
    info = resolve_type(schema, column.type)
    override = config.table(table.qualified).columns.get(column.name)
    if override is not None and (
        override.generator or override.values or override.range or override.params
    ):
        params: dict[str, Any] = dict(override.params or {})
        generator = override.generator
        if override.values is not None:
            if isinstance(override.values, dict):
                params["values"] = list(override.values)
                params["weights"] = list(override.values.values())
            else:
                params["values"] = list(override.values)
            generator = generator or "choice"
        if override.range is not None:
            params["range"] = list(override.range)
        if generator is None:
            generator = infer(schema, table, column, info)[0]
        if override.null_fraction is not None:
            params["null_fraction"] = override.null_fraction
        if override.unique:
            params["unique"] = True
        return ColumnDecision(
            generator, params, True, "declared in sandbox.toml" + _declared_rules(override)
        )
    generator, params, reason = infer(schema, table, column, info)
    reason += _declared_rules(override)
    if override is not None:
        if override.null_fraction is not None:
            params["null_fraction"] = override.null_fraction
        if override.unique:
            params["unique"] = True
        if override.null_fraction is not None or override.unique:
            return ColumnDecision(generator, params, True, reason + "; sandbox.toml options")
        if override.copy_from or override.after or override.derive:
            return ColumnDecision(generator, params, True, reason)
        if override.sum_of or override.count_of:
            return ColumnDecision(generator, params, True, reason)
    return ColumnDecision(generator, params, False, reason)


def inferred_generator(schema: Schema, table: Table, column: Column) -> str:
    """The generator the column's name, type and comment alone choose (sandbox.toml ignored):
    whether statistics may carry its values must not depend on a declared override."""
    try:
        return infer(schema, table, column, resolve_type(schema, column.type))[0]
    except GenerationError:
        return "error"


def _declared_rules(override: Any) -> str:
    """The declared row rules of a column (lineage.py applies them), for `classify`."""
    if override is None:
        return ""
    rules = [
        f"{key} = {value}"
        for key in ("copy_from", "after", "derive", "sum_of", "count_of")
        if (value := getattr(override, key, None))
    ]
    return "; sandbox.toml: " + ", ".join(rules) if rules else ""


def _meet_reason(schema: Schema, table: Table, column: str) -> str:

    found = [m for m in meets.plan_meets(schema, table) if m.hop == column]
    if found:
        return f"; {meets.describe(found[0])}"
    return every_path.describe(schema, table, column)


def infer(
    schema: Schema, table: Table, column: Column, info: TypeInfo
) -> tuple[str, dict[str, Any], str]:
    hints: ColumnHints = column_hints(schema, table, column)
    for fk in table.foreign_keys:
        if column.name in fk.columns:
            ref = fk.ref_columns[fk.columns.index(column.name)]
            refs: dict[str, Any] = {"references": f"{fk.ref_qualified}.{ref}"}
            return "foreign_key", refs, "foreign key" + _meet_reason(schema, table, column.name)
    if column.identity or _is_serial(column):
        # The keys the server itself would hand out: the sequence's start and increment.
        seq = schema.sequences.get(column.sequence) if column.sequence else None
        params: dict[str, Any] = {}
        if seq is not None and (seq.start, seq.increment) != (1, 1):
            params = {"start": seq.start, "increment": seq.increment}
        return "sequence", params, "identity or serial key"
    if info.kind == "unknown":
        if not column.nullable:
            raise GenerationError(
                f"{table.qualified}.{column.name}: no generator for type {column.type.sql()} and "
                "the column is NOT NULL. Declare one in sandbox.toml, e.g. "
                f'[tables."{table.qualified}".columns.{column.name}] generator = "constant" '
                'with values = ["…"].'
            )
        return "null", {}, f"unknown type {column.type.sql()}: left NULL"
    if hints.allowed is not None and info.array_dims == 0:
        allowed = [v for v in hints.allowed if v not in hints.excluded] or hints.allowed
        # meaning first, the CHECK a filter: a country code column listing real codes is
        # still the row's country (its phone, currency and city follow), drawn among them
        named = _by_name(table, column, info)
        facts = countries.vocabulary(named[0]) if named is not None else None
        if named is not None and facts and {str(v) for v in allowed} <= set(facts):
            why = f"{named[2]}; among the values the CHECK allows"
            return named[0], {**named[1], "values": list(allowed)}, why
        return "choice", {"values": allowed}, "CHECK allows a fixed set of values"
    if (
        hints.regex is not None
        and info.kind == "text"
        and info.array_dims == 0
        and _readable(hints.regex)
    ):
        named = _by_name(table, column, info)
        if named is not None and _samples_match(named[0], named[1], column, info, hints.regex):
            return named[0], named[1], named[2] + "; its values match the CHECK pattern"
        # the same facts written another way the pattern takes (a calling code's digits)
        if named is not None:
            for form in registry.forms(named[0]):
                params = {**named[1], "form": form}
                if _samples_match(named[0], params, column, info, hints.regex):
                    return named[0], params, f"{named[2]}; written as {form}, as the CHECK asks"
        return "regex", {"pattern": hints.regex}, "CHECK regular expression"
    if info.kind == "enum" and info.array_dims == 0:
        labels = [label for label in info.labels if label not in hints.excluded]
        if labels and len(labels) < len(info.labels):
            return "choice", {"values": labels}, f"enum {info.name}, labels a CHECK allows"
        return "choice", {"values": info.labels}, f"enum {info.name}"
    lent = shared_labels(schema, table, column)
    if lent is not None:
        return "choice", {"values": lent[0]}, f"the labels {lent[1]} lists (same name)"
    named = _by_name(table, column, info)
    if named is None or named[0] == "price":  # money per unit says more than a price
        priced = unit_prices.per_unit(schema, table, column, info)
        if priced is None and named is None:
            priced = unit_prices.item_price(schema, table, column, info)
        if priced is not None:
            return priced
    if named is not None and named[0] == "tags" and not _tag_list_fits(schema, table, column, info):
        named = None
    commented = _by_comment(column, info)
    if named is not None and not (named[0] == "shaped_code" and commented is not None):
        return _with_name_params(schema, table, column, named)  # a comment says more than a shape
    if commented is not None:
        return commented, {}, "column comment"
    generator, params = _type_fallback(info, column)
    arr = "[]" * info.array_dims
    return generator, params, f"type {info.name}{arr}"


# A narrower generator for the same meaning when the column is too short for the first.
_NARROWER = {
    "country": ("country_code3", "country_code"),
    "country_code3": ("country_code",),
    "region": ("region_code",),
    "language_name": ("language_code",),
    "locale": ("language_code",),
    "gender": ("gender_code",),
    "isbn": ("isbn10",),
    "password_hash": ("token", "salt"),
    "token": ("salt",),
    "colour": (),
}


def _refine(generator: str, info: TypeInfo) -> str | None:
    """The generator adjusted to the column's declared length, or None when nothing fits."""
    if info.kind != "text":
        return generator
    if generator == "colour" and info.length in (6, 7):
        return "hex_colour"  # a column exactly as wide as #rrggbb holds hex codes
    if _fits(generator, info.length):
        return generator
    for narrower in _NARROWER.get(generator, ()):
        if _fits(narrower, info.length) and (
            info.length is None or info.length < registry.fits_in(generator)
        ):
            fits_exactly = narrower not in ("country_code3",) or info.length == 3
            if fits_exactly:
                return narrower
    return None


def _by_comment(column: Column, info: TypeInfo) -> str | None:
    """The generator a text column's comment asks for (`'IBAN of the payer'`)."""
    if info.array_dims == 0 and column.comment and info.kind == "text":
        for pattern, generator in _COMMENT_RULES:
            if re.search(pattern, column.comment, re.I) and _fits(generator, info.length):
                return generator
    return None


def _by_name(
    table: Table, column: Column, info: TypeInfo
) -> tuple[str, dict[str, Any], str] | None:
    """The generator the column's name asks for (recognition), refined by its type
    and length; None when the name says nothing usable."""
    if info.array_dims and info.kind != "text":
        return None
    for match in recognise.candidates(column.name, table.name, info.kind):
        if info.array_dims and match.generator not in ("tag", "tags"):
            continue
        generator = "tags" if info.array_dims else _refine(match.generator, info)
        if generator is None:
            continue
        params: dict[str, Any] = {}
        if generator == "checksum":
            name = column.name.lower()
            params["length"] = (
                32 if ("md5" in name or "etag" in name) else (40 if "sha1" in name else 64)
            )
        why = f"column name '{column.name}' ({match.family}: {match.rule})"
        return generator, params, why
    return None


def _checked(schema: Schema, table: Table, column: Column) -> bool:
    """Whether a CHECK of the table or the column's domain mentions the column."""
    if resolve_type(schema, column.type).domain_checks:
        return True
    return column.name in _checked_columns(schema, table)


@memo.by_identity
def _checked_columns(schema: Schema, table: Table) -> frozenset[str]:

    return frozenset().union(*(columns_of(tree) for _, tree in checks_for(schema, table)))


def _tag_list_fits(schema: Schema, table: Table, column: Column, info: TypeInfo) -> bool:
    """A JSON column takes a list of tags only when no CHECK says what shape it has."""
    return info.kind != "json" or not _checked(schema, table, column)


# the form a generator's values are stored in where no CHECK says (Generator.forms): a phone
# number as E.164 (`+442079460123`), what phone libraries and messaging APIs store; the
# spaced international form is how a page shows it
_STORED_FORMS = {"phone": "e164"}


def _with_name_params(
    schema: Schema, table: Table, column: Column, named: tuple[str, dict[str, Any], str]
) -> tuple[str, dict[str, Any], str]:
    """Tags learn their vocabulary and list sizes; the name of a table's thing is distinct
    from row to row while the vocabulary lasts (entities.py)."""

    generator, params, why = named
    if registry.forms(generator) and "form" not in params and generator in _STORED_FORMS:
        # a number an application stores, no CHECK saying how: normalised, as it stores it
        params = {**params, "form": _STORED_FORMS[generator]}
        why += f"; written as {_STORED_FORMS[generator]}, as applications store it"
    if generator in ("tag", "tags"):
        params = {**params, **tags.plan_params(schema, table, column)}
    if entities.names_the_row(table.name, column.name, generator) and not _checked(
        schema, table, column
    ):  # a walk gives a row the same value again: a CHECK's redraw needs a fresh one
        params = {**params, "distinct": True}
        why += "; one per row while the vocabulary lasts"
    return generator, params, why


def _readable(pattern: str) -> bool:
    """A CHECK pattern the generator can draw from (else the server judges the CHECK)."""
    try:
        compile_regex(pattern, False)
    except ValueError:
        return False
    return True


def _samples_match(
    generator: str, params: dict[str, Any], column: Column, info: TypeInfo, regex: str
) -> bool:
    """Whether a recognised generator's values already satisfy a CHECK's regular expression
    (then the name's generator reads better than one built from the pattern)."""
    import numpy as np

    try:
        compiled = compile_regex(regex, False)
    except ValueError:
        return False
    # both forms: a unique column's values carry the row number (`name 12`), and a key or
    # unique index decided later may make the column unique
    for unique in (False, True):
        spec = ColumnSpec(column, info, generator, dict(params), ColumnHints(), False, 0.0)
        spec.max_len, spec.unique = info.length, unique
        try:
            values = generate_values(spec, np.random.default_rng(0), np.arange(64), {})
        except GenerationError:
            return False
        if not all(compiled.search(str(v)) for v in values.tolist()):
            return False
    return True


def _fits(generator: str, length: int | None) -> bool:
    return length is None or length >= registry.fits_in(generator)


def _is_serial(column: Column) -> bool:
    default = column.default.sql.lower() if column.default is not None else ""
    return "nextval(" in default
