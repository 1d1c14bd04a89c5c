"""Column types: reading a type from tokens and naming it as PostgreSQL's format_type() does.

The parser reads types from schema.sql and introspection reads the text format_type() prints;
both go through `read_type` so the two models name every type the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.schema.model import ColumnType
from workbench.schema.split import Token

# pg_catalog type name → the name format_type() prints.
CATALOG_NAMES: dict[str, str] = {
    "int2": "smallint",
    "int4": "integer",
    "int8": "bigint",
    "float4": "real",
    "float8": "double precision",
    "numeric": "numeric",
    "bool": "boolean",
    "varchar": "character varying",
    "bpchar": "character",
    "text": "text",
    "bytea": "bytea",
    "date": "date",
    "time": "time without time zone",
    "timetz": "time with time zone",
    "timestamp": "timestamp without time zone",
    "timestamptz": "timestamp with time zone",
    "interval": "interval",
    "bit": "bit",
    "varbit": "bit varying",
    "char": '"char"',
}
_SAME_NAMES = """
uuid json jsonb xml inet cidr macaddr macaddr8 money point line lseg box path polygon
circle tsvector tsquery oid regclass regproc regprocedure regoper regoperator regtype
regconfig regdictionary regnamespace regrole regcollation name pg_lsn txid_snapshot
pg_snapshot jsonpath int4range int8range numrange daterange tsrange tstzrange
int4multirange int8multirange nummultirange datemultirange tsmultirange tstzmultirange
record xid xid8 cid tid aclitem refcursor void trigger anyelement anyarray gtsvector
pg_node_tree unknown
"""
for _same in _SAME_NAMES.split():
    CATALOG_NAMES[_same] = _same

# Grammar spellings (unquoted keywords) → catalog name.
ALIASES: dict[str, str] = {
    "integer": "int4",
    "int": "int4",
    "smallint": "int2",
    "bigint": "int8",
    "real": "float4",
    "decimal": "numeric",
    "dec": "numeric",
    "boolean": "bool",
    "serial": "int4",
    "serial4": "int4",
    "bigserial": "int8",
    "serial8": "int8",
    "smallserial": "int2",
    "serial2": "int2",
}
SERIALS = {"serial", "serial4", "bigserial", "serial8", "smallserial", "serial2"}
_INTERVAL_FIELDS = {"year", "month", "day", "hour", "minute", "second", "to"}


@dataclass
class TypeRef:
    """A type as written: either a resolved built-in or a (schema, name) to resolve."""

    schema: str | None
    name: str
    builtin: ColumnType | None = None
    serial: bool = False
    mods: list[str] = field(default_factory=list)
    array_dims: int = 0


def _mods(toks: list[Token], i: int) -> tuple[list[str], int]:
    """Read `( a, b )` at toks[i]; return the modifier texts and the index after `)`."""
    out: list[str] = []
    j = i + 1
    cur: list[str] = []
    while j < len(toks) and toks[j].value != ")":
        if toks[j].value == ",":
            out.append("".join(cur))
            cur = []
        else:
            cur.append(toks[j].value)
        j += 1
    if cur:
        out.append("".join(cur))
    return out, j + 1


def _int(s: str) -> int | None:
    try:
        return int(s)
    except ValueError:
        return None


def _builtin(catalog: str, mods: list[str], *, default_len: int | None = None) -> ColumnType:
    name = CATALOG_NAMES[catalog]
    ct = ColumnType(name)
    nums = [_int(m) for m in mods]
    if catalog in ("varchar", "bpchar", "bit", "varbit"):
        ct.length = nums[0] if nums else default_len
        if catalog == "bpchar" and ct.length is None:
            ct.name = "bpchar"  # format_type prints a length-less bpchar as "bpchar"
    elif catalog == "numeric":
        if nums:
            ct.precision = nums[0]
            ct.scale = nums[1] if len(nums) > 1 else 0
    elif catalog in ("time", "timetz", "timestamp", "timestamptz", "interval") and nums:
        ct.precision = nums[0]
    return ct


# Type names of the SQL standard that take more than one word or a modifier of their own.
_SQL_TYPE_WORDS = frozenset({
    "double", "character", "char", "national", "nchar", "bit", "time", "timestamp",
    "interval", "varchar", "float",
})  # fmt: skip


def read_type(toks: list[Token], i: int) -> tuple[TypeRef, int]:
    """Read a type name starting at toks[i]; return it and the index after it."""
    t = toks[i]
    if t.kind == "word" and t.value in _SQL_TYPE_WORDS:
        ref, i = _read_sql_type(toks, i)
    else:
        ref, i = _read_named_type(toks, i)
    return ref, _array_decorations(toks, i, ref)


def _read_sql_type(toks: list[Token], i: int) -> tuple[TypeRef, int]:
    """DOUBLE PRECISION, FLOAT(p), CHARACTER VARYING(n), BIT VARYING(n), TIME(p) WITH TIME
    ZONE, INTERVAL fields (p) and their kin."""
    n = len(toks)
    t = toks[i]
    ref: TypeRef
    word = t.value
    j = i + 1
    if word == "double":
        if j < n and toks[j].is_word("precision"):
            j += 1
        ref = TypeRef(None, "float8", _builtin("float8", []))
    elif word == "float":
        mods: list[str] = []
        if j < n and toks[j].value == "(":
            mods, j = _mods(toks, j)
        p = _int(mods[0]) if mods else None
        cat = "float4" if p is not None and p <= 24 else "float8"
        ref = TypeRef(None, cat, _builtin(cat, []))
    elif word in ("character", "char", "national", "nchar", "varchar"):
        if word == "national" and j < n and toks[j].is_word("character", "char"):
            j += 1
        varying = word == "varchar"
        if j < n and toks[j].is_word("varying"):
            varying = True
            j += 1
        mods = []
        if j < n and toks[j].value == "(":
            mods, j = _mods(toks, j)
        cat = "varchar" if varying else "bpchar"
        ref = TypeRef(None, cat, _builtin(cat, mods, default_len=None if varying else 1))
    elif word == "bit":
        varying = False
        if j < n and toks[j].is_word("varying"):
            varying = True
            j += 1
        mods = []
        if j < n and toks[j].value == "(":
            mods, j = _mods(toks, j)
        cat = "varbit" if varying else "bit"
        ref = TypeRef(None, cat, _builtin(cat, mods, default_len=None if varying else 1))
    elif word in ("time", "timestamp"):
        mods = []
        if j < n and toks[j].value == "(":
            mods, j = _mods(toks, j)
        tz = False
        if j + 2 < n and toks[j].is_word("with", "without") and toks[j + 1].is_word("time"):
            tz = toks[j].value == "with"
            j += 3  # with|without time zone
        cat = word + ("tz" if tz else "")
        ref = TypeRef(None, cat, _builtin(cat, mods))
    else:  # interval [fields] [(p)]
        fields: list[str] = []
        while j < n and toks[j].kind == "word" and toks[j].value in _INTERVAL_FIELDS:
            fields.append(toks[j].value)
            j += 1
        mods = []
        if j < n and toks[j].value == "(":
            mods, j = _mods(toks, j)
        ct = _builtin("interval", mods)
        if fields:
            ct.name = "interval " + " ".join(fields)
        ref = TypeRef(None, "interval", ct)
    return ref, j


def _read_named_type(toks: list[Token], i: int) -> tuple[TypeRef, int]:
    """A type by name, qualified or not, with its modifiers: builtin, serial or user-defined."""
    n = len(toks)
    t = toks[i]
    parts = [t.value]
    quoted = [t.kind == "qid"]
    i += 1
    while i + 1 < n and toks[i].value == "." and toks[i + 1].kind in ("word", "qid"):
        parts.append(toks[i + 1].value)
        quoted.append(toks[i + 1].kind == "qid")
        i += 2
    mods: list[str] = []
    if i < n and toks[i].value == "(":
        mods, i = _mods(toks, i)
    name = parts[-1]
    schema = parts[-2] if len(parts) > 1 else None
    ref = TypeRef(schema, name, mods=mods)
    if schema in (None, "pg_catalog"):
        cat = name if quoted[-1] else ALIASES.get(name, name)
        if cat in CATALOG_NAMES and (not quoted[-1] or name in CATALOG_NAMES):
            default_len = 1 if cat in ("bpchar", "bit") and name != "bpchar" else None
            ref.builtin = _builtin(cat, mods, default_len=default_len)
            ref.serial = not quoted[-1] and name in SERIALS
            ref.name = cat
        elif not quoted[-1] and name.startswith("_") and name[1:] in CATALOG_NAMES:
            ref.builtin = _builtin(name[1:], mods)  # _int4: the internal array name
            ref.array_dims = 1
    return ref, i


def _array_decorations(toks: list[Token], i: int, ref: TypeRef) -> int:
    """Array decorations: [] / [n] repeated, or ARRAY / ARRAY[n]; the index after them."""
    n = len(toks)
    while i < n:
        if toks[i].value == "[":
            j = i + 1
            while j < n and toks[j].value != "]":
                j += 1
            ref.array_dims += 1
            i = j + 1
        elif toks[i].is_word("array"):
            ref.array_dims += 1
            i += 1
            if i < n and toks[i].value == "[":
                while i < n and toks[i].value != "]":
                    i += 1
                i += 1
        else:
            break
    return i


def extension_type(qualified: str, mods: list[str]) -> ColumnType:
    """An extension's or user-defined type with its typmod: one integer (vector(3)) is a
    length; anything else (geometry(Polygon,4326)) is kept word for word."""
    ct = ColumnType(qualified, user_defined=True)
    if len(mods) == 1 and mods[0].isdigit():
        ct.length = int(mods[0])
    elif mods:
        ct.modifiers = tuple(m.strip() for m in mods)
        if qualified.rsplit(".", 1)[-1] == "geography" and len(mods) == 1:
            ct.modifiers += ("4326",)  # PostGIS gives a geography without SRID its default
    return ct
