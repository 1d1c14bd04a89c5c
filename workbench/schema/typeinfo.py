"""Resolve a column's declared type to what generation needs: a base kind, its limits, and the
enum labels or domain checks behind a user-defined name."""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.schema import memo
from workbench.schema.model import CheckConstraint, ColumnType, Schema

_ALIASES = {
    "int": "integer",
    "int4": "integer",
    "serial": "integer",
    "serial4": "integer",
    "int8": "bigint",
    "bigserial": "bigint",
    "serial8": "bigint",
    "int2": "smallint",
    "smallserial": "smallint",
    "serial2": "smallint",
    "float8": "double precision",
    "float": "double precision",
    "float4": "real",
    "decimal": "numeric",
    "varchar": "character varying",
    "char": "character",
    "bpchar": "character",
    "bool": "boolean",
    "timestamptz": "timestamp with time zone",
    "timestamp": "timestamp without time zone",
    "time": "time without time zone",
    "timetz": "time with time zone",
    "varbit": "bit varying",
}

# canonical name -> kind used by the value generators
_KINDS = {
    "smallint": "int",
    "integer": "int",
    "bigint": "int",
    "oid": "int",
    "numeric": "decimal",
    "money": "money",
    "real": "float",
    "double precision": "float",
    "boolean": "bool",
    "text": "text",
    "character varying": "text",
    "character": "text",
    "name": "text",
    "citext": "text",
    "date": "date",
    "timestamp without time zone": "timestamp",
    "timestamp with time zone": "timestamptz",
    "time without time zone": "time",
    "time with time zone": "timetz",
    "interval": "interval",
    "uuid": "uuid",
    "json": "json",
    "jsonb": "json",
    "bytea": "bytea",
    "inet": "inet",
    "cidr": "cidr",
    "macaddr": "macaddr",
    "macaddr8": "macaddr8",
    "tsvector": "tsvector",
    "tsquery": "tsquery",
    "point": "point",
    "bit": "bit",
    "bit varying": "bit",
    "xml": "xml",
    "int4range": "int4range",
    "int8range": "int8range",
    "numrange": "numrange",
    "daterange": "daterange",
    "tsrange": "tsrange",
    "tstzrange": "tstzrange",
    "ltree": "ltree",
    "hstore": "hstore",
    "cube": "cube",
    # PostGIS: values are EWKT text, shaped by the typmod (geometry(Polygon,4326))
    "geometry": "geometry",
    "geography": "geometry",
    # pgvector: '[x,y,…]' with the typmod's dimensions
    "vector": "vector",
    "halfvec": "vector",
    "sparsevec": "sparsevec",
}

# a range type the schema makes (CREATE TYPE … AS RANGE): the built-in range whose values fit
# it, by its subtype's kind; "anyrange" for the others (generators/typed.py)
_RANGE_OF = {
    "int": "int8range",
    "decimal": "numrange",
    "float": "numrange",
    "date": "daterange",
    "timestamp": "tsrange",
    "timestamptz": "tstzrange",
}

INT_LIMITS = {
    "smallint": (-32768, 32767),
    "integer": (-(2**31), 2**31 - 1),
    "bigint": (-(2**63), 2**63 - 1),
    "oid": (0, 2**32 - 1),
}


@dataclass
class TypeInfo:
    kind: str  # see _KINDS values, plus "enum" and "unknown"
    name: str  # canonical base type name
    length: int | None = None
    precision: int | None = None
    scale: int | None = None
    array_dims: int = 0
    labels: list[str] = field(default_factory=list)  # enum
    domain_checks: list[tuple[str, CheckConstraint]] = field(default_factory=list)  # (domain, c)
    domain_not_null: bool = False
    fixed_char: bool = False  # character(n): blank-padded, so length is exact
    modifiers: tuple[str, ...] = ()  # an extension type's typmod words
    subtype: str = ""  # a range type of the schema ("anyrange"): its subtype's kind

    @property
    def int_limits(self) -> tuple[int, int]:
        return INT_LIMITS.get(self.name, INT_LIMITS["bigint"])

    def bounds(self) -> tuple[float, float] | None:
        """The numbers the type holds (integers' range, a numeric(p,s)'s digits, a real's
        range), or None when it limits none."""
        if self.kind == "int":
            lo, hi = self.int_limits
            return float(lo), float(hi)
        if self.name == "real":  # a double beyond float4's range is refused by the column
            return -3.4028234663852886e38, 3.4028234663852886e38
        if self.kind == "decimal" and self.precision is not None:
            limit = 10.0 ** (self.precision - (self.scale or 0)) - 10.0 ** -(self.scale or 0)
            return -limit, limit
        return None

    def holds(self, values: np.ndarray) -> np.ndarray:
        """Where a number fits the type (finite, and inside `bounds`)."""
        finite: np.ndarray = np.isfinite(values)
        bounds = self.bounds()
        if bounds is None:
            return finite
        return finite & (values >= bounds[0]) & (values <= bounds[1])

    def label(self) -> str:
        """The type as a message names it: numeric(12,2), character varying(40)."""
        if self.kind == "decimal" and self.precision is not None:
            return f"{self.name}({self.precision},{self.scale or 0})"
        if self.kind == "text" and self.length is not None:
            return f"{self.name}({self.length})"
        return str(self.name)


def canonical(name: str) -> str:
    name = name.strip().lower()
    base = name.removeprefix("pg_catalog.")
    base = _ALIASES.get(base, base)
    if base.startswith("timestamp") and "with time zone" in base and "without" not in base:
        return "timestamp with time zone"
    if base.startswith("timestamp"):
        return "timestamp without time zone"
    if base.startswith("time ") or base == "time":
        return (
            "time with time zone"
            if "with time zone" in base and "without" not in base
            else ("time without time zone")
        )
    return base


# every field in order, read at once: a large schema's build asks for hundreds of thousands
# of copies, and dataclasses.replace (which reads the fields one by one) took 3x as long
_FIELDS = operator.attrgetter(*(f.name for f in dataclasses.fields(TypeInfo)))


def _own_copy(info: TypeInfo) -> TypeInfo:
    new = TypeInfo(*_FIELDS(info))
    new.labels = list(info.labels)
    new.domain_checks = list(info.domain_checks)
    return new


@memo.by_identity_copied(_own_copy)  # a domain's resolution amends the copy of its base's
def resolve_type(schema: Schema, ctype: ColumnType, _depth: int = 0) -> TypeInfo:
    name = canonical(ctype.name)
    dims = ctype.array_dims
    if name.endswith("[]"):
        while name.endswith("[]"):
            name, dims = name[:-2], dims + 1
    candidates = [name]
    if "." not in name:
        candidates += [f"{s}.{name}" for s in (schema.schemas or ["public"])] + [f"public.{name}"]
    for cand in candidates:
        enum = lookup(schema.enums, cand)
        if enum is not None:
            return TypeInfo("enum", cand, array_dims=dims, labels=list(enum.labels))
        subtype = lookup(schema.ranges, cand)
        if subtype is not None and _depth < 5:
            sub = resolve_type(schema, subtype, _depth + 1).kind
            return TypeInfo(_RANGE_OF.get(sub, "anyrange"), cand, array_dims=dims, subtype=sub)
        domain = lookup(schema.domains, cand)
        if domain is not None and _depth < 5:
            info = resolve_type(schema, domain.base, _depth + 1)
            info.array_dims += dims
            info.domain_checks = [(domain.qualified, c) for c in domain.checks] + info.domain_checks
            info.domain_not_null = info.domain_not_null or not domain.nullable
            return info
    short = name.rsplit(".", 1)[-1] if name.split(".", 1)[0] not in ("double",) else name
    kind = _KINDS.get(name) or _KINDS.get(canonical(short))
    if kind is None:
        return TypeInfo("unknown", name, array_dims=dims)
    canon = name if name in _KINDS else canonical(short)
    return TypeInfo(
        kind,
        canon,
        length=ctype.length,
        precision=ctype.precision,
        scale=ctype.scale,
        array_dims=dims,
        fixed_char=canon == "character",
        modifiers=ctype.modifiers,
    )


def lookup(items: dict[str, Any], qualified: str) -> Any:
    if qualified in items:
        return items[qualified]
    lowered = qualified.lower()
    for key, value in items.items():
        if key.lower() == lowered:
            return value
    return None


def column_kind(schema: Schema, table: str, column: str) -> str:
    """The kind of value a column holds (int, decimal, date, enum…); text for an array, or
    for a column the schema does not have."""
    found = schema.tables.get(table)
    col = found.column(column) if found is not None else None
    if col is None:
        return "text"
    info = resolve_type(schema, col.type)
    return "text" if info.array_dims else info.kind
