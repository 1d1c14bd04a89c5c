"""Column semantics: which generator fills a column, inferred from its name, type, domain, enum,
CHECK and comment, or declared in sandbox.toml.

The decision is plain data (`ColumnDecision`) so `workbench classify` can show it and `--write`
can record it; `values.py` turns a decision into a vectorised generator."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from workbench.config import Config
from workbench.errors import GenerationError
from workbench.generate.checks import ColumnHints, column_hints
from workbench.generate.types import TypeInfo, resolve_type
from workbench.schema.model import Column, Schema, Table

# Every generator name values.py implements (sandbox.toml `generator = ` takes one of these).
GENERATORS = [
    "sequence",
    "int",
    "decimal",
    "float",
    "money",
    "bool",
    "choice",
    "email",
    "phone",
    "username",
    "first_name",
    "last_name",
    "full_name",
    "street_address",
    "address_line2",
    "city",
    "region",
    "region_code",
    "country",
    "country_code",
    "country_code3",
    "postal_code",
    "latitude",
    "longitude",
    "url",
    "ip",
    "ipv6",
    "mac",
    "user_agent",
    "company",
    "job_title",
    "currency",
    "price",
    "quantity",
    "sku",
    "slug",
    "colour",
    "locale",
    "timezone",
    "birth_date",
    "created_at",
    "updated_at",
    "deleted_at",
    "timestamp",
    "date",
    "time",
    "interval",
    "title",
    "description",
    "sentence",
    "word",
    "text",
    "status",
    "uuid",
    "json",
    "bytea",
    "tsvector",
    "point",
    "bit",
    "xml",
    "range",
    "card_number",
    "password_hash",
    "token",
    "regex",
    "constant",
    "null",
    "ltree",
    "hstore",
    "cube",
    "geometry",
    "vector",
    "sparsevec",
    "foreign_key",
]


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


_TEXT = {"text"}
_NUM = {"int", "decimal", "float", "money"}
_TIME = {"timestamp", "timestamptz", "date"}

# (name pattern, generator, kinds it applies to, params). First match wins; `\b` in these
# patterns means an underscore or the name's edge.
_NAME_RULES: list[tuple[str, str, set[str], dict[str, Any]]] = [
    (r"e_?mail(_address)?$", "email", _TEXT, {}),
    (r"(^|_)(first|given|fore)_?name$", "first_name", _TEXT, {}),
    (r"(^|_)(last|family|sur)_?name$", "last_name", _TEXT, {}),
    (
        r"^(full_?name|display_?name|contact_?name|customer_?name|author_?name)$",
        "full_name",
        _TEXT,
        {},
    ),
    (r"(^|_)(user_?name|login|handle|nick_?name)$", "username", _TEXT, {}),
    (r"(phone|mobile|fax|telephone|msisdn)", "phone", _TEXT, {}),
    (
        r"(^|_)(address_?line_?2|address2|addr2|apartment|suite|line_?2)$",
        "address_line2",
        _TEXT,
        {},
    ),
    (
        r"(^|_)(street|address|address_?line_?1?|address1|addr|line_?1|street_?address)$",
        "street_address",
        _TEXT,
        {},
    ),
    (r"(^|_)(city|town|locality)$", "city", _TEXT, {}),
    (r"(^|_)(state|province|region|county)(_name)?$", "region", _TEXT, {}),
    (r"(^|_)country_?(code|iso|iso2|alpha2)$", "country_code", _TEXT, {}),
    (r"(^|_)country(_name)?$", "country", _TEXT, {}),
    (r"(^|_)(postal_?code|post_?code|zip(_?code)?)$", "postal_code", _TEXT, {}),
    (r"(^|_)(lat|latitude)$", "latitude", _NUM, {}),
    (r"(^|_)(lng|lon|long|longitude)$", "longitude", _NUM, {}),
    (r"(url|uri|website|homepage|link)$", "url", _TEXT, {}),
    (r"(^|_)(ip|ip_?address|remote_?addr|client_?ip|.*_ip)$", "ip", _TEXT | {"inet", "cidr"}, {}),
    (r"user_?agent", "user_agent", _TEXT, {}),
    (r"(^|_)(company|company_?name|organi[sz]ation|employer)$", "company", _TEXT, {}),
    (r"(^|_)(job_?title|occupation|position_?title)$", "job_title", _TEXT, {}),
    (r"(^|_)(currency|currency_?code)$", "currency", _TEXT, {}),
    (
        r"(price|cost|amount|total|subtotal|fee|balance|salary|freight|tax|discount|revenue"
        r"|payment|rate)(_\w+)?$",
        "price",
        _NUM,
        {},
    ),
    (r"(^|_)(qty|quantity|count|units|stock|num_\w+|\w+_count)$", "quantity", {"int"}, {}),
    (r"(^|_)(sku|product_?code|item_?code)$", "sku", _TEXT, {}),
    (r"(^|_)slug$", "slug", _TEXT, {}),
    (r"(^|_)(colou?r)$", "colour", _TEXT, {}),
    (r"(^|_)(locale|language|lang)(_code)?$", "locale", _TEXT, {}),
    (r"(^|_)(time_?zone|tz)$", "timezone", _TEXT, {}),
    (r"(birth_?date|date_?of_?birth|dob|birthday)$", "birth_date", _TIME, {}),
    (
        r"^(created|inserted|registered|signed_?up)(_at|_on|_date|_time)?$|^creat\w*_date$",
        "created_at",
        _TIME,
        {},
    ),
    (
        r"^(updated|modified|changed|last_?update|last_?modified)(_at|_on|_date|_time)?$",
        "updated_at",
        _TIME,
        {},
    ),
    (r"^(deleted|removed|archived)(_at|_on)$", "deleted_at", _TIME, {}),
    (r"(^|_)(title|subject|headline|heading)$", "title", _TEXT, {}),
    (
        r"(description|summary|body|comment|notes?|bio|about|content|text|message)$",
        "description",
        _TEXT,
        {},
    ),
    (r"(^|_)(status|state|stage)$", "status", _TEXT, {}),
    (r"(card_?number|cc_?number|pan)$", "card_number", _TEXT, {}),
    (r"(password|passwd|pwd)(_?hash|_?digest)?$|encrypted_password", "password_hash", _TEXT, {}),
    (r"(token|secret|api_?key|nonce|salt)$", "token", _TEXT, {}),
    (r"(^|_)(mac|mac_?address)$", "mac", _TEXT | {"macaddr"}, {}),
    (r"(^|_)(name|label)$", "full_name_or_title", _TEXT, {}),
]
_COMMENT_RULES = [
    (r"e-?mail", "email"),
    (r"phone", "phone"),
    (r"postal|zip code", "postal_code"),
    (r"\burl\b|web ?site", "url"),
    (r"ip address", "ip"),
]
_PERSON_TABLES = re.compile(
    r"(user|customer|person|people|employee|staff|member|author|actor"
    r"|artist|contact|client|student|patient|account)"
)


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


def decide_column(schema: Schema, table: Table, column: Column, config: Config) -> ColumnDecision:
    """The generator for one column: sandbox.toml's override, else inferred."""
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
            generator = _infer(schema, table, column, info)[0]
        if override.null_fraction is not None:
            params["null_fraction"] = override.null_fraction
        if override.unique:
            params["unique"] = True
        return ColumnDecision(generator, params, True, "declared in sandbox.toml")
    generator, params, reason = _infer(schema, table, column, info)
    if override is not None:
        if override.null_fraction is not None:
            params["null_fraction"] = override.null_fraction
        if override.unique:
            params["unique"] = True
        if override.null_fraction is not None or override.unique:
            return ColumnDecision(generator, params, True, reason + "; sandbox.toml options")
    return ColumnDecision(generator, params, False, reason)


def _infer(
    schema: Schema, table: Table, column: Column, info: TypeInfo
) -> tuple[str, dict[str, Any], str]:
    hints: ColumnHints = column_hints(schema, table, column)
    for fk in table.foreign_keys:
        if column.name in fk.columns:
            ref = fk.ref_columns[fk.columns.index(column.name)]
            return "foreign_key", {"references": f"{fk.ref_qualified}.{ref}"}, "foreign key"
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
        return "choice", {"values": allowed}, "CHECK allows a fixed set of values"
    if hints.regex is not None and info.kind == "text" and info.array_dims == 0:
        return "regex", {"pattern": hints.regex}, "CHECK regular expression"
    if info.kind == "enum" and info.array_dims == 0:
        labels = [label for label in info.labels if label not in hints.excluded]
        if labels and len(labels) < len(info.labels):
            return "choice", {"values": labels}, f"enum {info.name}, labels a CHECK allows"
        return "choice", {"values": info.labels}, f"enum {info.name}"
    if info.array_dims == 0:
        name = column.name.lower()
        for pattern, generator, kinds, params in _NAME_RULES:
            if info.kind in kinds and re.search(pattern, name):
                if generator == "full_name_or_title":
                    person = _PERSON_TABLES.search(table.name.lower())
                    generator = "full_name" if person else "title"
                if info.kind != "text" or _fits(generator, info.length):
                    return generator, dict(params), f"column name '{column.name}'"
        if column.comment:
            for pattern, generator in _COMMENT_RULES:
                if info.kind == "text" and re.search(pattern, column.comment, re.I):
                    return generator, {}, "column comment"
    generator, params = _type_fallback(info, column)
    arr = "[]" * info.array_dims
    return generator, params, f"type {info.name}{arr}"


# The shortest column each code-like generator's values fit in; other generators want room
# for a few words (8 characters) before a name rule is trusted over the type.
_MIN_LENGTH = {
    "country_code": 2,
    "region_code": 2,
    "currency": 3,
    "country_code3": 3,
    "locale": 5,
    "timezone": 8,
    "postal_code": 5,
    "status": 4,
    "colour": 3,
    "email": 8,
    "ip": 7,
}


def _fits(generator: str, length: int | None) -> bool:
    return length is None or length >= _MIN_LENGTH.get(generator, 8)


def _is_serial(column: Column) -> bool:
    default = column.default.sql.lower() if column.default is not None else ""
    return "nextval(" in default


def classify(schema: Schema, config: Config) -> list[tuple[str, str, ColumnDecision]]:
    """Every column's decision, for `workbench classify` (partitions and generated columns
    excluded: they get no values of their own)."""
    out: list[tuple[str, str, ColumnDecision]] = []
    for qualified, table in sorted(schema.tables.items()):
        if table.partition_of:
            continue
        for column in table.columns:
            if column.generated is not None:
                out.append(
                    (
                        qualified,
                        column.name,
                        ColumnDecision("server", {}, False, "generated column"),
                    )
                )
                continue
            try:
                decision = decide_column(schema, table, column, config)
            except GenerationError as err:
                decision = ColumnDecision("error", {}, False, str(err))
            out.append((qualified, column.name, decision))
    return out
