"""A Hypothesis strategy for small random schemas built from the constraint idioms real pg_dump
files carry (issue 10, items 4–6): typed columns, enums, domains, nullable and not, CHECKs that
combine several columns, composite uniques over foreign keys, partial and expression uniques.

Every schema is satisfiable by construction: each table first draws a *witness row* (a value in
every column's domain, NULL only where allowed), and every CHECK is then built so that the witness
satisfies it. The test inserts the witness rows into the server before anything else, so a schema
the strategy got wrong fails as a strategy bug, never as an engine bug.

Each idiom has a name (`IDIOMS`); `schemas(enabled)` draws only from the enabled ones, so the test
module can hold back an idiom whose engine fix has not landed yet.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

# --- idioms --------------------------------------------------------------------------------

#: Column types a table may carry.
TYPE_IDIOMS = (
    "smallint",
    "integer",
    "bigint",
    "numeric",
    "real",
    "text",
    "varchar",
    "char",
    "boolean",
    "date",
    "timestamp",
    "timestamptz",
    "interval",
    "uuid",
    "jsonb",
    "bytea",
    "int_array",
    "text_array",
    "enum",
    "domain_int",
    "domain_text",
)

#: CHECK shapes (issue item 4).
CHECK_IDIOMS = (
    "range_cast",  # x >= '10'::integer AND x <= ('-90'::integer)::numeric, BETWEEN
    "in_list",  # x = ANY (ARRAY[...]), x IN (...)
    "like",  # ~~, ~~*, !~~, LIKE
    "regex",  # ~, !~
    "regex_ci",  # ~*, !~*
    "regex_varchar",  # a regex on a varchar(n) column (the match must also fit n)
    "length",  # char_length / length / octet_length bounds
    "distinct_from",  # IS [NOT] DISTINCT FROM
    "pred_eq",  # (a IS NULL) = (b IS NULL), (kind = 'x') = (y IS NOT NULL)
    "num_nulls",  # num_nonnulls(a, b) = 1, num_nulls(...)
    "implication",  # status <> 'x' OR ts IS NOT NULL
    "order_pair",  # b >= a
    "date_arith",  # b - a <= '7 days'::interval, d2 - d1 <= 30
    "interval_range",  # iv >= '00:00:00'::interval AND iv <= '01:00:00'::interval
    "jsonb_check",  # jsonb_typeof(j) = 'object', j ? 'k'
    "array",  # cardinality, array_length, <@, @>, &&, = ANY, NOT (x = ANY (a))
    "enum_cmp",  # status >= 'b'::mood, status <> 'x'::mood
    "coalesce_case",  # COALESCE(x, 0) >= 0, CASE WHEN … THEN … ELSE true END
    "text_fn",  # lower(t) = t, btrim(t) <> ''
    "bool_check",  # CHECK (flag) / CHECK (NOT flag)
    "not_valid",  # a CHECK added NOT VALID (the data must still satisfy it)
    "quoted_literal",  # constants as pg_dump quotes them: '-90'::integer, '3'::bigint
    "domain_in_list",  # an IN list on a domain column, partly outside the domain's range
)

#: Uniqueness shapes (issue item 6).
UNIQUE_IDIOMS = (
    "composite_pk",  # PRIMARY KEY (parent_id, n) with n a small int in a CHECKed range
    "unique_fk_enum",  # UNIQUE (parent_id, enum column)
    "unique_fk_bool",  # UNIQUE (parent_id, boolean column)
    "unique_fk_smallint",  # UNIQUE (parent_id, smallint CHECK BETWEEN 1 AND k)
    "unique_fk_date",  # UNIQUE (parent_id, day)
    "composite_fk",  # FOREIGN KEY (a, b) REFERENCES parent (id, kind) over a composite unique
    "partial_unique",  # CREATE UNIQUE INDEX … WHERE (deleted_at IS NULL)
    "expr_unique",  # CREATE UNIQUE INDEX … (lower(email))
    "unique_small_alphabet",  # UNIQUE column whose CHECK allows a handful of values
    "one_row",  # CHECK (lock = 'X') plus a unique on it: one row can exist
)

#: Writing styles.
STYLE_IDIOMS = ("pg_dump", "inline", "defaults")

IDIOMS: tuple[str, ...] = TYPE_IDIOMS + CHECK_IDIOMS + UNIQUE_IDIOMS + STYLE_IDIOMS

ENUM_LABELS = ("draft", "pending", "active", "paid", "shipped", "cancelled", "archived")
WORDS = ("alpha", "beta", "gamma", "delta", "omega", "red", "blue", "card", "bank", "x")

# --- the model -----------------------------------------------------------------------------


@dataclass
class Enum:
    name: str
    labels: list[str]


@dataclass
class Domain:
    name: str
    base: str  # "integer" or "text"
    check: str  # over VALUE
    lo: int = 0
    hi: int = 0


@dataclass
class Column:
    name: str
    kind: str  # a TYPE_IDIOMS entry, or "serial"/"identity" for keys
    sql_type: str
    nullable: bool
    witness: Any  # a Python value valid for the column, None for NULL
    default: str | None = None
    enum: Enum | None = None
    domain: Domain | None = None
    length: int | None = None  # varchar(n) / char(n)
    keyed: bool = False  # part of a key or FK: carries no free CHECK
    checked: bool = False  # carries a single-column CHECK already
    #: a non-null valid value even where the witness is NULL: single-column CHECKs admit it
    #: too, so a nullable column never ends up with NULL as its only valid value
    value: Any = None

    def literal(self, value: Any = ...) -> str:
        """`value` (the witness by default) as a SQL literal cast to the column's type."""
        value = self.witness if value is ... else value
        return sql_literal(self, value)


@dataclass
class Check:
    name: str
    expr: str
    idiom: str
    not_valid: bool = False
    columns: tuple[str, ...] = ()


@dataclass
class Unique:
    name: str
    idiom: str
    columns: list[str]  # plain columns, or one expression such as lower(email)
    where: str | None = None
    index: bool = False  # CREATE UNIQUE INDEX instead of a constraint
    primary: bool = False
    #: how many distinct keys can exist, as factors: a number of values, or a table's name
    #: (its rows, for a foreign key's part); None when the key is not finite. The test works
    #: out the table's real capacity from these, never from the engine's warnings.
    capacity: tuple[int | str, ...] | None = None


@dataclass
class ForeignKey:
    name: str
    columns: list[str]
    parent: str
    ref_columns: list[str]


@dataclass
class Table:
    name: str
    columns: list[Column] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    uniques: list[Unique] = field(default_factory=list)
    fks: list[ForeignKey] = field(default_factory=list)
    #: a unique key over finite domains only (enum, bool, small range, FK…): the engine may
    #: rightly cap this table's rows; without one a cap is a bug.
    finite_key: bool = False

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    def witness_insert(self) -> str:
        names = ", ".join(c.name for c in self.columns)
        values = ", ".join(c.literal() for c in self.columns)
        return f"INSERT INTO {self.name} ({names}) VALUES ({values});"


class Schema:
    """One drawn schema. Not a dataclass, so Hypothesis prints the short repr below for a
    falsifying example (the DDL, which the test notes, says the rest)."""

    def __init__(
        self,
        enums: list[Enum],
        domains: list[Domain],
        tables: list[Table],
        style: str,  # "pg_dump" or "inline"
        idioms: set[str],
    ) -> None:
        self.enums = enums
        self.domains = domains
        self.tables = tables
        self.style = style
        self.idioms = idioms

    def __repr__(self) -> str:
        tables = ", ".join(t.name for t in self.tables)
        return f"Schema({self.style}: {tables}; idioms {sorted(self.idioms)})"

    def ddl(self) -> str:
        return render(self)

    def witness_sql(self) -> str:
        return "\n".join(t.witness_insert() for t in self.tables)


# --- literals ------------------------------------------------------------------------------


def _q(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def sql_literal(col: Column, value: Any) -> str:
    if value is None:
        return "NULL"
    kind = col.kind
    if kind in ("smallint", "integer", "bigint", "serial", "identity"):
        return f"{value}::{col.sql_type if kind not in ('serial', 'identity') else 'integer'}"
    if kind == "numeric":
        return f"{value}::{col.sql_type}"
    if kind == "real":
        return f"'{value!r}'::real"
    if kind in ("text", "varchar", "char", "enum", "domain_text"):
        return f"{_q(value)}::{col.sql_type}"
    if kind == "domain_int":
        return f"{value}::{col.sql_type}"
    if kind == "boolean":
        return "true" if value else "false"
    if kind == "date":
        return f"'{value.isoformat()}'::date"
    if kind == "timestamp":
        return f"'{value.isoformat(sep=' ')}'::timestamp"
    if kind == "timestamptz":
        return f"'{value.isoformat(sep=' ')}+00'::timestamptz"
    if kind == "interval":
        return f"'{value} minutes'::interval"
    if kind == "uuid":
        return f"'{value}'::uuid"
    if kind == "jsonb":
        return f"{_q(json.dumps(value))}::jsonb"
    if kind == "bytea":
        return f"'\\x{value.hex()}'::bytea"
    if kind == "int_array":
        return "'{" + ",".join(str(v) for v in value) + "}'::integer[]"
    if kind == "text_array":
        return "'{" + ",".join(value) + "}'::text[]"
    raise AssertionError(f"no literal for {kind}")


#: Set by `schemas()` for the example being drawn: whether constants may be written quoted and
#: cast as pg_dump does ('-90'::integer, '3'::bigint) or only plain ((-90), (3)::bigint).
_QUOTED = [True]
#: Likewise: whether regular expressions may be case-insensitive (~*, !~*).
_REGEX_CI = [True]
#: Likewise: whether a regex may constrain a varchar(n) column.
_REGEX_VARCHAR = [True]
#: Likewise: whether an IN list on a domain column may name values outside the domain.
_DOMAIN_IN_LIST = [True]


def _int_const(value: int, dump: bool, cast: str = "integer") -> str:
    """An integer constant as pg_dump prints it in a CHECK (negative ones quoted and cast)."""
    if not _QUOTED[0]:
        return f"({value})::{cast}" if cast != "integer" else f"({value})"
    if dump and (value < 0 or cast != "integer"):
        return f"'{value}'::{cast}"
    return str(value) if value >= 0 else f"({value})"


def _num_const(col: Column, value: int, dump: bool) -> str:
    """A constant compared with a column, in the shapes pg_dump writes for its type."""
    if col.kind == "numeric":
        quoted = value < 0 and dump and _QUOTED[0]
        return f"('{value}'::integer)::numeric" if quoted else f"({value})::numeric"
    if col.kind == "real":
        return f"({value})::double precision" if dump else str(value)
    if col.kind == "bigint" and dump:
        return _int_const(value, dump, "bigint")
    return _int_const(value, dump)


def _text_const(col: Column, text: str) -> str:
    if col.kind == "enum":
        return f"{_q(text)}::{col.sql_type}"
    if col.kind in ("varchar", "char"):
        return f"{_q(text)}::bpchar" if col.kind == "char" else f"{_q(text)}::character varying"
    return f"{_q(text)}::text"


def _text_ref(col: Column) -> str:
    """The column as pg_dump prints it inside a text comparison."""
    if col.kind == "varchar":
        return f"({col.name})::text"
    if col.kind == "domain_text":
        return f"({col.name})::text"
    return col.name


# --- drawing ------------------------------------------------------------------------------

_PARENT_KEY_KINDS = ("serial", "identity", "integer", "bigint", "uuid")
_TS_BASE = dt.datetime(2021, 3, 1, 12, 0, 0)


def _draw_witness(draw, kind: str, col: Column) -> Any:
    """A valid, non-null value of `kind`."""
    if kind == "smallint":
        return draw(st.integers(-50, 300))
    if kind == "integer":
        return draw(st.integers(-1000, 100000))
    if kind == "bigint":
        return draw(st.sampled_from([0, 7, 123456, 10_000_000_000]))
    if kind == "numeric":
        return Decimal(draw(st.integers(-9999, 99999))) / 100
    if kind == "real":
        return draw(st.sampled_from([0.5, 1.25, 99.0, -3.5]))
    if kind in ("text", "varchar", "char", "domain_text"):
        limit = col.length or 12
        return draw(st.text("abcdefghijklmnopqrstuvwxyz0123456789_", min_size=1, max_size=limit))
    if kind == "boolean":
        return draw(st.booleans())
    if kind == "date":
        return dt.date(2020, 1, 1) + dt.timedelta(days=draw(st.integers(0, 2000)))
    if kind in ("timestamp", "timestamptz"):
        return _TS_BASE + dt.timedelta(minutes=draw(st.integers(-100000, 100000)))
    if kind == "interval":
        return draw(st.integers(0, 600))  # minutes
    if kind == "uuid":
        return uuid.UUID(int=draw(st.integers(1, 2**64)))
    if kind == "jsonb":
        return draw(
            st.sampled_from([{"k": 1}, {"k": "v", "n": [1, 2]}, [1, 2], "s", 3, {"a": None}])
        )
    if kind == "bytea":
        return bytes(draw(st.lists(st.integers(0, 255), min_size=0, max_size=16)))
    if kind == "int_array":
        return draw(st.lists(st.integers(0, 9), max_size=3))
    if kind == "text_array":
        return draw(st.lists(st.sampled_from(WORDS[:4]), max_size=3))
    if kind == "enum":
        assert col.enum is not None
        return draw(st.sampled_from(col.enum.labels))
    if kind == "domain_int":
        assert col.domain is not None
        return draw(st.integers(col.domain.lo, col.domain.hi))
    raise AssertionError(kind)


_NAMES = {
    "smallint": ["rank", "qty", "level", "n"],
    "integer": ["amount", "score", "quantity", "age"],
    "bigint": ["total", "views", "size_bytes"],
    "numeric": ["price", "balance", "ratio"],
    "real": ["weight", "lat"],
    "text": ["name", "email", "code", "status", "kind", "slug", "note", "title"],
    "varchar": ["username", "label", "country", "phone"],
    "char": ["flag_code", "currency", "grade"],
    "boolean": ["active", "is_admin", "verified"],
    "date": ["day", "starts_on", "ends_on", "birthday"],
    "timestamp": ["created_at", "updated_at", "starts_at", "ends_at"],
    "timestamptz": ["paid_at", "deleted_at", "sent_at"],
    "interval": ["duration", "timeout"],
    "uuid": ["token", "external_id"],
    "jsonb": ["attrs", "payload", "settings"],
    "bytea": ["key_hash", "blob"],
    "int_array": ["scores", "slots"],
    "text_array": ["tags", "roles"],
    "enum": ["status", "role", "state"],
    "domain_int": ["percent", "stars"],
    "domain_text": ["handle", "sku"],
}


class _Names:
    def __init__(self) -> None:
        self.used: set[str] = set()

    def take(self, base: str) -> str:
        name, n = base, 2
        while name in self.used:
            name, n = f"{base}{n}", n + 1
        self.used.add(name)
        return name


def _sql_type(kind: str, draw, col_len: list[int | None], enum, domain) -> str:
    if kind == "numeric":
        return draw(st.sampled_from(["numeric(10,2)", "numeric(12,2)", "numeric(8,2)"]))
    if kind == "varchar":
        n = draw(st.integers(4, 30))
        col_len[0] = n
        return f"character varying({n})"
    if kind == "char":
        n = draw(st.integers(1, 4))
        col_len[0] = n
        return f"character({n})"
    if kind == "enum":
        return enum.name
    if kind in ("domain_int", "domain_text"):
        return domain.name
    return {
        "smallint": "smallint",
        "integer": "integer",
        "bigint": "bigint",
        "real": "real",
        "text": "text",
        "boolean": "boolean",
        "date": "date",
        "timestamp": "timestamp without time zone",
        "timestamptz": "timestamp with time zone",
        "interval": "interval",
        "uuid": "uuid",
        "jsonb": "jsonb",
        "bytea": "bytea",
        "int_array": "integer[]",
        "text_array": "text[]",
    }[kind]


def _pick(draw, options, enabled: set[str]):
    allowed = [o for o in options if o in enabled]
    return draw(st.sampled_from(allowed)) if allowed else None


@st.composite
def _column(draw, kind: str, names: _Names, types: _Types, enabled: set[str], **kw) -> Column:
    enum = domain = None
    if kind == "enum":
        enum = types.enum(draw)
    elif kind == "domain_int":
        domain = types.domain("integer", draw)
    elif kind == "domain_text":
        domain = types.domain("text", draw)
    length: list[int | None] = [None]
    sql_type = _sql_type(kind, draw, length, enum, domain)
    name = names.take(draw(st.sampled_from(_NAMES[kind])))
    nullable = kw.get("nullable", draw(st.booleans()))
    col = Column(name, kind, sql_type, nullable, None, enum=enum, domain=domain, length=length[0])
    col.witness = col.value = _draw_witness(draw, kind, col)
    if nullable and draw(st.integers(0, 3)) == 0:
        col.witness = None
    if "defaults" in enabled and col.witness is not None and draw(st.integers(0, 3)) == 0:
        col.default = col.literal()
    return col


class _Types:
    """The enums and domains of one schema (made on demand, reused at random)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix  # "public." in pg_dump style (search_path is emptied there)
        self.enums: list[Enum] = []
        self.domains: list[Domain] = []

    def enum(self, draw) -> Enum:
        if self.enums and draw(st.booleans()):
            return draw(st.sampled_from(self.enums))
        labels = draw(st.lists(st.sampled_from(ENUM_LABELS), min_size=2, max_size=5, unique=True))
        e = Enum(f"{self.prefix}mood{len(self.enums) + 1}", labels)
        self.enums.append(e)
        return e

    def domain(self, base: str, draw) -> Domain:
        same = [d for d in self.domains if d.base == base]
        if same and draw(st.booleans()):
            return draw(st.sampled_from(same))
        name = f"{self.prefix}{'pct' if base == 'integer' else 'handle'}{len(self.domains) + 1}"
        if base == "integer":
            lo = draw(st.integers(0, 10))
            hi = lo + draw(st.integers(0, 100))
            check = draw(
                st.sampled_from(
                    [
                        f"((VALUE >= {lo}) AND (VALUE <= {hi}))",
                        f"(VALUE BETWEEN {lo} AND {hi})",
                    ]
                )
            )
            d = Domain(name, base, check, lo, hi)
        else:
            check = draw(
                st.sampled_from(
                    [
                        "(char_length(VALUE) <= 12)",
                        "(VALUE ~ '^[a-z0-9_]+$'::text)",
                        "((VALUE <> ''::text) AND (length(VALUE) <= 12))",
                    ]
                )
            )
            d = Domain(name, base, check)
        self.domains.append(d)
        return d


# --- CHECK builders: each returns an expression the witness satisfies, or None -------------


def _range(draw, col: Column, dump: bool) -> str | None:
    if col.kind not in ("smallint", "integer", "bigint", "numeric", "real", "domain_int"):
        return None
    w = col.witness
    centre = int(w) if w is not None else draw(st.integers(0, 50))
    lo = centre - draw(st.integers(0, 100)) - (1 if col.kind in ("numeric", "real") else 0)
    hi = centre + draw(st.integers(0, 100)) + (1 if col.kind in ("numeric", "real") else 0)
    if col.kind == "smallint":
        lo, hi = max(lo, -32768), min(hi, 32767)
    if col.kind == "bigint" and w is not None and w > 2**31 and dump and _QUOTED[0]:
        return f"({col.name} >= '{int(w) - 1}'::bigint)"
    shape = draw(st.integers(0, 3))
    if shape == 0:
        return (
            f"(({col.name} >= {_num_const(col, lo, dump)}) AND "
            f"({col.name} <= {_num_const(col, hi, dump)}))"
        )
    if shape == 1:
        return f"({col.name} BETWEEN {lo} AND {hi})"
    if shape == 2:
        return f"({col.name} > {_num_const(col, lo - 1, dump)})"
    return f"({col.name} <= {_num_const(col, hi, dump)})"


def _in_list(draw, col: Column, dump: bool, values: list | None = None) -> str | None:
    if col.kind in ("smallint", "integer", "domain_int"):
        w = col.witness if col.witness is not None else 1
        extra = draw(st.lists(st.integers(-5, 500), max_size=4))
        if col.domain is not None and not _DOMAIN_IN_LIST[0]:
            extra = [v for v in extra if col.domain.lo <= v <= col.domain.hi]
        items = sorted({int(w), *extra})
        if dump:
            return f"({col.name} = ANY (ARRAY[{', '.join(str(i) for i in items)}]))"
        return f"({col.name} IN ({', '.join(str(i) for i in items)}))"
    if col.kind in ("text", "varchar", "enum"):
        if values is None:
            pool = col.enum.labels if col.enum else list(WORDS)
            values = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4, unique=True))
            if col.witness is not None and col.witness not in values:
                values.append(col.witness)
        if dump:
            if col.kind == "varchar":
                arr = ", ".join(f"{_q(v)}::character varying" for v in values)
                return f"(({col.name})::text = ANY ((ARRAY[{arr}])::text[]))"
            arr = ", ".join(_text_const(col, v) for v in values)
            return f"({col.name} = ANY (ARRAY[{arr}]))"
        return f"({col.name} IN ({', '.join(_q(v) for v in values)}))"
    return None


def _text_witness(col: Column) -> str | None:
    if col.kind in ("text", "varchar", "domain_text"):
        return col.witness
    return None


def _like(draw, col: Column, dump: bool) -> str | None:
    if col.kind not in ("text", "varchar", "domain_text"):
        return None
    w = col.witness
    ref = _text_ref(col)
    shape = draw(st.integers(0, 3))
    if shape == 0 and w:
        prefix = w[: draw(st.integers(1, min(2, len(w))))]
        return f"({ref} ~~ {_q(prefix + '%')}::text)" if dump else f"({col.name} LIKE '{prefix}%')"
    if shape == 1 and w:
        return f"({ref} ~~* {_q(w[0].upper() + '%')}::text)"
    if shape == 2 and (w is None or "-" not in w):
        return f"({ref} !~~ '%-%'::text)" if dump else f"({col.name} NOT LIKE '%-%')"
    if w is None or " " not in w:
        return f"(NOT ({ref} ~~ '% %'::text))"
    return None


def _regex(draw, col: Column, dump: bool) -> str | None:
    if col.kind not in ("text", "varchar", "domain_text"):
        return None
    if col.kind == "varchar" and not _REGEX_VARCHAR[0]:
        return None
    ref = _text_ref(col)
    w = col.witness
    shape = draw(st.integers(0, 3 if _REGEX_CI[0] else 1))
    if shape == 0:
        return f"({ref} ~ '^[a-z0-9_]+$'::text)"
    if shape == 1:
        return f"({ref} !~ '\\s'::text)"
    if shape == 2 and w:
        first = w[0].upper()
        return f"({ref} ~* '^[{first}]'::text)"
    return f"({ref} !~* '^[X-Z]{{4}}$'::text)" if not (w and len(w) == 4) else None


def _length(draw, col: Column, dump: bool) -> str | None:
    w = col.witness
    if col.kind == "bytea":
        if w is None:
            return f"(octet_length({col.name}) = 16)"
        if draw(st.booleans()):
            return f"(octet_length({col.name}) = {len(w)})"
        return f"(octet_length({col.name}) <= {len(w) + draw(st.integers(0, 8))})"
    if col.kind not in ("text", "varchar", "char", "domain_text"):
        return None
    fn = draw(st.sampled_from(["char_length", "length", "octet_length"]))
    n = len(w) if w is not None else 3
    if col.kind == "char":
        n = col.length or 1
        fn = draw(st.sampled_from(["char_length", "length"]))
        # bpchar ignores trailing blanks in length(): the witness's own length counts
        n = len(w.rstrip()) if w is not None else n
    if draw(st.booleans()):
        return f"({fn}({_text_ref(col)}) <= {n + draw(st.integers(0, 10))})"
    return f"({fn}({_text_ref(col)}) >= {max(0, n - draw(st.integers(0, 3)))})"


def _distinct_from(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    texts = [c for c in cols if c.kind in ("text", "varchar", "enum") and not c.keyed]
    if not texts:
        return None
    col = draw(st.sampled_from(texts))
    others = [c for c in texts if c is not col and c.sql_type == col.sql_type]
    if others and draw(st.booleans()):
        other = draw(st.sampled_from(others))
        if col.witness != other.witness:
            return f"({col.name} IS DISTINCT FROM {other.name})", (col.name, other.name)
        return f"(NOT ({col.name} IS DISTINCT FROM {other.name}))", (col.name, other.name)
    pool = col.enum.labels if col.enum else list(WORDS)
    bad = [v for v in pool if v != col.witness]
    if not bad:
        return None
    value = draw(st.sampled_from(bad))
    return f"({_text_ref(col)} IS DISTINCT FROM {_text_const(col, value)})", (col.name,)


def _pred_eq(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    nullable = [c for c in cols if c.nullable and not c.keyed]
    if len(nullable) < 2:
        return None
    a, b = draw(st.permutations(nullable))[:2]
    kinds = [c for c in cols if c.kind in ("text", "enum") and not c.nullable and c is not b]
    if kinds and draw(st.booleans()):
        k = draw(st.sampled_from(kinds))
        pool = k.enum.labels if k.enum else list(WORDS)
        if b.witness is not None:
            value = k.witness
        else:
            others = [v for v in pool if v != k.witness]
            if not others:
                return None
            value = draw(st.sampled_from(others))
        return (
            f"(({k.name} = {_text_const(k, value)}) = ({b.name} IS NOT NULL))",
            (k.name, b.name),
        )
    same = (a.witness is None) == (b.witness is None)
    op = "=" if same else "<>"
    return f"(({a.name} IS NULL) {op} ({b.name} IS NULL))", (a.name, b.name)


def _num_nulls(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    nullable = [c for c in cols if c.nullable and not c.keyed]
    if len(nullable) < 2:
        return None
    chosen = draw(st.permutations(nullable))[: draw(st.integers(2, min(3, len(nullable))))]
    nonnull = sum(c.witness is not None for c in chosen)
    names = ", ".join(c.name for c in chosen)
    if draw(st.booleans()):
        op = draw(st.sampled_from(["=", "<=", ">="]))
        return f"(num_nonnulls({names}) {op} {nonnull})", tuple(c.name for c in chosen)
    return f"(num_nulls({names}) <= {len(chosen) - nonnull})", tuple(c.name for c in chosen)


def _implication(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    kinds = [c for c in cols if c.kind in ("text", "enum") and not c.keyed]
    targets = [c for c in cols if c.nullable and not c.keyed and c.kind not in ("enum",)]
    if not kinds or not targets:
        return None
    k = draw(st.sampled_from(kinds))
    t = draw(st.sampled_from([c for c in targets if c is not k] or [None]))
    if t is None:
        return None
    pool = k.enum.labels if k.enum else list(WORDS)
    if t.witness is not None or k.witness is None:
        value = draw(st.sampled_from(pool))
    else:
        others = [v for v in pool if v != k.witness]
        if not others:
            return None
        value = draw(st.sampled_from(others))
    return (
        f"(({_text_ref(k)} <> {_text_const(k, value)}) OR ({t.name} IS NOT NULL))",
        (k.name, t.name),
    )


_ORDERED = ("smallint", "integer", "bigint", "numeric", "date", "timestamp", "timestamptz")


def _order_pair(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    pairs = [
        (a, b)
        for a in cols
        for b in cols
        if a is not b
        and a.kind == b.kind
        and a.kind in _ORDERED
        and not (a.keyed or b.keyed)
        and (a.witness is None or b.witness is None or a.witness <= b.witness)
    ]
    if not pairs:
        return None
    a, b = draw(st.sampled_from(pairs))
    op = "<=" if a.witness is None or b.witness is None or a.witness == b.witness else "<"
    if draw(st.booleans()):
        return f"({b.name} >= {a.name})", (a.name, b.name)
    return f"({a.name} {op} {b.name})", (a.name, b.name)


def _date_arith(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    pairs = [
        (a, b)
        for a in cols
        for b in cols
        if a is not b
        and a.kind == b.kind
        and a.kind in ("date", "timestamp", "timestamptz")
        and not (a.keyed or b.keyed)
    ]
    if not pairs:
        return None
    a, b = draw(st.sampled_from(pairs))
    if a.witness is not None and b.witness is not None:
        diff = b.witness - a.witness
        days = diff.days + 1 if a.kind == "date" else diff.days + 2
    else:
        days = 7
    days = max(days, 0) + draw(st.integers(0, 30))
    if a.kind == "date":
        return f"(({b.name} - {a.name}) <= {days})", (a.name, b.name)
    return f"(({b.name} - {a.name}) <= '{days} days'::interval)", (a.name, b.name)


def _interval_range(draw, col: Column, dump: bool) -> str | None:
    if col.kind != "interval":
        return None
    w = col.witness if col.witness is not None else 30
    hi = w + draw(st.integers(0, 120))
    hours, minutes = divmod(hi, 60)
    upper = f"'{hours:02d}:{minutes:02d}:00'::interval"
    if draw(st.booleans()):
        return f"(({col.name} >= '00:00:00'::interval) AND ({col.name} <= {upper}))"
    return f"({col.name} < '{(hi // (24 * 60)) + 1} days'::interval)"


def _jsonb(draw, col: Column, dump: bool) -> str | None:
    if col.kind != "jsonb":
        return None
    w = col.witness
    if isinstance(w, dict) and w and draw(st.booleans()):
        return f"({col.name} ? {_q(next(iter(w)))}::text)"
    typ = {dict: "object", list: "array", str: "string", int: "number"}[type(w)] if w else None
    if w is None:
        typ = draw(st.sampled_from(["object", "array"]))
    if typ is None:
        return None
    if draw(st.booleans()):
        return f"(jsonb_typeof({col.name}) = {_q(typ)}::text)"
    others = [t for t in ("object", "array", "string", "number") if t != typ]
    return f"(jsonb_typeof({col.name}) <> {_q(draw(st.sampled_from(others)))}::text)"


def _array(draw, col: Column, dump: bool) -> str | None:
    if col.kind not in ("int_array", "text_array"):
        return None
    w = col.witness if col.witness is not None else []
    if col.kind == "int_array":
        universe = sorted({*w, *draw(st.lists(st.integers(0, 9), max_size=3))})
        arr = "ARRAY[" + ", ".join(str(v) for v in universe) + "]"
        outside = next(v for v in range(10, 20))
        elem = str(outside)
        member = str(w[0]) if w else None
    else:
        universe = sorted({*w, *draw(st.lists(st.sampled_from(WORDS[:6]), max_size=3))})
        arr = "ARRAY[" + ", ".join(f"{_q(v)}::text" for v in universe) + "]"
        elem = "'zzz'::text"
        member = f"{_q(w[0])}::text" if w else None
    shape = draw(st.integers(0, 6))
    if shape == 0:
        return f"(cardinality({col.name}) <= {len(w) + draw(st.integers(0, 3))})"
    if shape == 1 and universe:
        return f"({col.name} <@ {arr})"
    if shape == 2:
        return f"(NOT ({elem} = ANY ({col.name})))"
    if shape == 3 and member is not None:
        return f"({member} = ANY ({col.name}))"
    if shape == 4 and member is not None:
        return f"({col.name} && {arr})"
    if shape == 5 and w:
        return f"(array_length({col.name}, 1) >= 1)"
    return f"({elem} <> ALL ({col.name}))"


def _enum_cmp(draw, col: Column, dump: bool) -> str | None:
    if col.kind != "enum" or col.enum is None:
        return None
    labels = col.enum.labels
    w = col.witness
    if w is None:
        return f"({col.name} <> {_text_const(col, labels[-1])})"
    i = labels.index(w)
    shape = draw(st.integers(0, 2))
    if shape == 0:
        return f"({col.name} >= {_text_const(col, labels[draw(st.integers(0, i))])})"
    if shape == 1:
        top = draw(st.integers(i, len(labels) - 1))
        return f"({col.name} <= {_text_const(col, labels[top])})"
    others = [v for v in labels if v != w]
    return f"({col.name} <> {_text_const(col, draw(st.sampled_from(others)))})" if others else None


def _coalesce_case(draw, cols: list[Column], dump: bool) -> tuple[str, tuple[str, ...]] | None:
    nums = [c for c in cols if c.kind in ("smallint", "integer", "numeric") and not c.keyed]
    if not nums:
        return None
    n = draw(st.sampled_from(nums))
    w = n.witness
    if draw(st.booleans()):
        floor = (int(w) - 1 if w is not None else 0) - draw(st.integers(0, 5))
        floor = min(floor, 0)
        return f"(COALESCE({n.name}, 0) >= {_num_const(n, floor, dump)})", (n.name,)
    kinds = [c for c in cols if c.kind in ("text", "enum") and not c.keyed]
    if not kinds:
        return None
    k = draw(st.sampled_from(kinds))
    pool = k.enum.labels if k.enum else list(WORDS)
    value = draw(st.sampled_from(pool))
    bound = int(w) - 1 if w is not None else 0
    if n.kind == "smallint":
        bound = max(bound, -32768)
    return (
        f"(CASE WHEN ({_text_ref(k)} = {_text_const(k, value)}) THEN ({n.name} > "
        f"{_num_const(n, bound, dump)}) ELSE true END)",
        (k.name, n.name),
    )


def _text_fn(draw, col: Column, dump: bool) -> str | None:
    if col.kind not in ("text", "varchar"):
        return None
    w = col.witness
    ref = _text_ref(col)
    if draw(st.booleans()) and (w is None or w == w.lower()):
        return f"(lower({ref}) = {ref})"
    if w is None or w.strip():
        return f"(btrim({ref}) <> ''::text)"
    return None


def _bool_check(draw, col: Column, dump: bool) -> str | None:
    if col.kind != "boolean":
        return None
    if col.witness is None:
        return f"({col.name})" if draw(st.booleans()) else f"(NOT {col.name})"
    return f"({col.name})" if col.witness else f"(NOT {col.name})"


_SINGLE = {
    "range_cast": _range,
    "in_list": _in_list,
    "like": _like,
    "regex": _regex,
    "length": _length,
    "interval_range": _interval_range,
    "jsonb_check": _jsonb,
    "array": _array,
    "enum_cmp": _enum_cmp,
    "text_fn": _text_fn,
    "bool_check": _bool_check,
}
_MULTI = {
    "distinct_from": _distinct_from,
    "pred_eq": _pred_eq,
    "num_nulls": _num_nulls,
    "implication": _implication,
    "order_pair": _order_pair,
    "date_arith": _date_arith,
    "coalesce_case": _coalesce_case,
}


# --- tables ----------------------------------------------------------------------------------


@st.composite
def _free_columns(draw, table: Table, names, types, enabled, max_cols: int) -> None:
    kinds = [k for k in TYPE_IDIOMS if k in enabled]
    for kind in draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=max_cols)):
        table.columns.append(draw(_column(kind, names, types, enabled)))


#: The column kinds each single-column CHECK idiom is built on (the idiom is drawn first,
#: then a column of one of these kinds is taken, or added, so no idiom is skipped).
_SINGLE_KINDS = {
    "range_cast": ("smallint", "integer", "bigint", "numeric", "real", "domain_int"),
    "in_list": ("smallint", "integer", "domain_int", "text", "varchar", "enum"),
    "like": ("text", "varchar", "domain_text"),
    "regex": ("text", "domain_text"),
    "regex_ci": ("text", "varchar", "domain_text"),
    "regex_varchar": ("varchar",),
    "length": ("text", "varchar", "char", "domain_text", "bytea"),
    "interval_range": ("interval",),
    "jsonb_check": ("jsonb",),
    "array": ("int_array", "text_array"),
    "enum_cmp": ("enum",),
    "text_fn": ("text", "varchar"),
    "bool_check": ("boolean",),
    "domain_in_list": ("domain_int",),
}
#: What a multi-column idiom needs added when the table lacks it: (kind, nullable) each.
_MULTI_NEEDS = {
    "distinct_from": [("text", False), ("text", True)],
    "pred_eq": [("integer", True), ("text", True)],
    "num_nulls": [("integer", True), ("text", True), ("date", True)],
    "implication": [("text", False), ("timestamp", True)],
    "order_pair": [("date", False), ("date", False)],
    "date_arith": [("timestamp", False), ("timestamp", False)],
    "coalesce_case": [("integer", True), ("text", False)],
}
#: The CHECK idioms `_add_checks` draws (modifiers such as not_valid and quoted_literal are
#: drawn with them).
CHECK_DRAWN = tuple(_SINGLE_KINDS) + tuple(_MULTI_NEEDS)


def _single(draw, idiom: str, col: Column, dump: bool) -> str | None:
    shadow = col if col.witness is not None else replace(col, witness=col.value)
    if idiom == "regex_ci":
        shadow = replace(shadow, witness=shadow.witness or "a")
        return f"({_text_ref(col)} ~* '^[{shadow.witness[0].upper()}]'::text)"
    if idiom in ("regex_varchar",):
        return _regex(draw, shadow, dump)
    if idiom == "domain_in_list":
        assert col.domain is not None
        w = col.witness if col.witness is not None else col.value
        outside = col.domain.hi + draw(st.integers(1, 50))
        items = sorted({int(w), outside, *draw(st.lists(st.integers(-5, 500), max_size=3))})
        return f"({col.name} = ANY (ARRAY[{', '.join(str(i) for i in items)}]))"
    return _SINGLE[idiom](draw, shadow, dump)


def _add_checks(
    draw, table: Table, enabled: set[str], dump: bool, used: set[str], names, types
) -> None:
    """Zero to four CHECKs. The idiom is drawn first and a column is chosen (or added) to fit
    it, so every idiom the strategy lists occurs (none is skipped for want of a column)."""
    drawable = [
        i for i in CHECK_DRAWN if i in enabled or (i == "jsonb_check" and "jsonb" in enabled)
    ]
    for _ in range(draw(st.integers(0, 4))):
        if not drawable:
            return
        idiom = draw(st.sampled_from(drawable))
        expr = None
        if idiom in _MULTI_NEEDS:
            for attempt in range(3):
                free = [c for c in table.columns if not c.keyed]
                got = _MULTI[idiom](draw, free, dump) if free else None
                if got is not None:
                    expr, cols = got
                    break
                if attempt == 0:
                    for kind, nullable in _MULTI_NEEDS[idiom]:
                        col = draw(_column(kind, names, types, enabled, nullable=nullable))
                        if nullable and draw(st.booleans()):
                            col.witness = None
                        table.columns.append(col)
                    if idiom == "order_pair":
                        a, b = table.columns[-2:]
                        lo, hi = sorted([a.witness, b.witness])
                        a.witness, b.witness = lo, hi
        else:
            kinds = _SINGLE_KINDS[idiom]
            for attempt in range(3):
                fit = [c for c in table.columns if not c.keyed and c.kind in kinds]
                if not fit or attempt == 2:
                    kind = draw(st.sampled_from(kinds))
                    fit = [draw(_column(kind, names, types, enabled))]
                    table.columns.append(fit[0])
                col = draw(st.sampled_from(fit))
                expr = _single(draw, idiom, col, dump)
                if expr is not None:
                    cols = (col.name,)
                    break
        if expr is None:
            continue  # counted by the test's events: an idiom never added fails coverage
        not_valid = "not_valid" in enabled and draw(st.integers(0, 5)) == 0
        n = len(table.checks) + 1
        name = f"{table.name}_{cols[0]}_check{n if n > 1 else ''}"
        table.checks.append(Check(name, expr, idiom, not_valid, cols))
        used.add(idiom)
        if "~*" in expr:
            used.add("regex_ci")
        if idiom in ("regex", "regex_ci") and table.column(cols[0]).kind == "varchar":
            used.add("regex_varchar")
        if not_valid:
            used.add("not_valid")


def _key_column(draw, table: Table, kind: str, names: _Names, types, enabled, name: str) -> Column:
    """A NOT NULL column that takes part in a key (no free CHECK on it)."""
    col = draw(_column(kind, names, types, enabled - {"defaults"}, nullable=False))
    col.keyed = True
    table.columns.append(col)
    return col


@st.composite
def _parent(draw, types: _Types, enabled: set[str], used: set[str], dump: bool) -> Table:
    t = Table("accounts")
    names = _Names()
    key_kind = draw(st.sampled_from(_PARENT_KEY_KINDS))
    names.take("id")
    if key_kind == "serial":
        key = Column("id", "serial", "serial", False, 1)
    elif key_kind == "identity":
        key = Column("id", "identity", "integer GENERATED BY DEFAULT AS IDENTITY", False, 1)
    elif key_kind == "uuid":
        key = Column("id", "uuid", "uuid", False, uuid.UUID(int=1))
    else:
        key = Column("id", key_kind, key_kind, False, 1)
    key.keyed = True
    t.columns.append(key)
    t.uniques.append(Unique("accounts_pkey", "pk", ["id"], primary=True))
    # a composite key (id, kind) that children may reference with a composite FK
    if "composite_fk" in enabled and "enum" in enabled and draw(st.booleans()):
        kind_col = draw(_column("enum", names, types, enabled - {"defaults"}, nullable=False))
        kind_col.keyed = True
        t.columns.append(kind_col)
        t.uniques.append(Unique("accounts_id_kind_key", "composite_fk", ["id", kind_col.name]))
    draw(_free_columns(t, names, types, enabled, 5))
    _add_uniques(draw, t, None, names, types, enabled, used)
    _add_checks(draw, t, enabled, dump, used, names, types)
    return t


def _add_uniques(draw, t: Table, fk_col: Column | None, names, types, enabled, used) -> None:
    """Zero or more uniqueness idioms on table `t` (those over an FK need `fk_col`)."""
    options = [
        i
        for i in (
            "unique_fk_enum",
            "unique_fk_bool",
            "unique_fk_smallint",
            "unique_fk_date",
            "partial_unique",
            "expr_unique",
            "unique_small_alphabet",
            "one_row",
        )
        if i in enabled
    ]
    if fk_col is None:
        options = [o for o in options if not o.startswith("unique_fk_")]
    for idiom in (
        draw(st.lists(st.sampled_from(options), max_size=2, unique=True)) if options else []
    ):
        base = t.name
        if idiom.startswith("unique_fk_"):
            assert fk_col is not None
            kind = {
                "unique_fk_enum": "enum",
                "unique_fk_bool": "boolean",
                "unique_fk_smallint": "smallint",
                "unique_fk_date": "date",
            }[idiom]
            if kind not in enabled:
                continue
            col = _key_column(draw, t, kind, names, types, enabled, kind)
            if kind == "smallint":
                k = draw(st.integers(1, 6))
                col.witness = 1
                t.checks.append(
                    Check(
                        f"{base}_{col.name}_range",
                        f"(({col.name} >= 1) AND ({col.name} <= {k}))",
                        "range_cast",
                        columns=(col.name,),
                    )
                )
            size = {"enum": len(col.enum.labels) if col.enum else 0, "boolean": 2}.get(kind)
            if kind == "smallint":
                size = k
            t.uniques.append(
                Unique(
                    f"{base}_{fk_col.name}_{col.name}_key",
                    idiom,
                    [fk_col.name, col.name],
                    capacity=None if size is None else ("accounts", size),
                )
            )
            t.finite_key = t.finite_key or kind in ("enum", "boolean", "smallint")
        elif idiom == "partial_unique":
            kinds = [k for k in ("text", "integer", "uuid") if k in enabled]
            if not kinds:
                continue
            col = _key_column(draw, t, draw(st.sampled_from(kinds)), names, types, enabled, "")
            flags = [c for c in t.columns if c.nullable and not c.keyed]
            if flags and draw(st.booleans()):
                where = f"({draw(st.sampled_from(flags)).name} IS NULL)"
            else:
                bools = [c for c in t.columns if c.kind == "boolean" and not c.keyed]
                if not bools:
                    where = f"({col.name} IS NOT NULL)"
                else:
                    where = f"{draw(st.sampled_from(bools)).name}"
            t.uniques.append(Unique(f"{base}_{col.name}_partial", idiom, [col.name], where, True))
        elif idiom == "expr_unique":
            kinds = [k for k in ("text", "varchar") if k in enabled]
            if not kinds:
                continue
            col = _key_column(draw, t, draw(st.sampled_from(kinds)), names, types, enabled, "")
            col.nullable = draw(st.booleans())
            t.uniques.append(
                Unique(
                    f"{base}_{col.name}_lower", idiom, [f"lower(({col.name})::text)"], None, True
                )
            )
        elif idiom == "unique_small_alphabet":
            kind = draw(
                st.sampled_from(
                    [k for k in ("text", "smallint", "char") if k in enabled] or ["none"]
                )
            )
            if kind == "none":
                continue
            col = _key_column(draw, t, kind, names, types, enabled, "")
            if kind == "text":
                values = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5, unique=True))
                col.witness = values[0]
                size = len(values)
                if draw(st.booleans()):
                    expr = _in_list(draw, col, draw(st.booleans()), values)
                else:
                    expr = f"({col.name} ~ '^[a-c]$'::text)"
                    col.witness, size = "a", 3
            elif kind == "char":
                col.sql_type, col.length, col.witness = "character(1)", 1, "a"
                expr = f"({col.name} = ANY (ARRAY['a'::bpchar, 'b'::bpchar, 'c'::bpchar]))"
                size = 3
            else:
                hi = draw(st.integers(0, 9))
                col.witness = 0
                expr = f"(({col.name} >= 0) AND ({col.name} <= {hi}))"
                size = hi + 1
            assert expr is not None
            t.checks.append(Check(f"{base}_{col.name}_alpha", expr, idiom, columns=(col.name,)))
            t.uniques.append(Unique(f"{base}_{col.name}_key", idiom, [col.name], capacity=(size,)))
            t.finite_key = True
        elif idiom == "one_row":
            if "char" not in enabled:
                continue
            col = Column(names.take("lock"), "char", "character(1)", False, "X", length=1)
            col.keyed = True
            if "defaults" in enabled:
                col.default = "'X'::bpchar"
            t.columns.append(col)
            t.checks.append(
                Check(
                    f"{base}_lock_check", f"({col.name} = 'X'::bpchar)", idiom, columns=(col.name,)
                )
            )
            t.uniques.append(
                Unique(f"{base}_{col.name}_idx", idiom, [col.name], index=True, capacity=(1,))
            )
            t.finite_key = True
        used.add(idiom)


@st.composite
def _child(draw, name: str, parent: Table, types, enabled, used, dump: bool) -> Table:
    t = Table(name)
    names = _Names()
    pkey = parent.column("id")
    names.take("id")
    fk_name = names.take("account_id")
    composite = next((u for u in parent.uniques if u.idiom == "composite_fk"), None)
    fk_type = "integer" if pkey.kind in ("serial", "identity") else pkey.sql_type
    fk_nullable = draw(st.booleans())
    fk = Column(fk_name, "integer", fk_type, fk_nullable, pkey.witness)
    if pkey.kind == "uuid":
        fk.kind = "uuid"
    elif pkey.kind == "bigint":
        fk.kind = "bigint"
    fk.keyed = True
    composite_pk = "composite_pk" in enabled and "smallint" in enabled and draw(st.booleans())
    if composite_pk:
        fk.nullable = False
        n = Column(names.take("line_no"), "smallint", "smallint", False, 1)
        n.keyed = True
        k = draw(st.integers(1, 50))
        t.columns += [fk, n]
        t.uniques.append(
            Unique(
                f"{name}_pkey",
                "composite_pk",
                [fk.name, n.name],
                primary=True,
                capacity=("accounts", k),
            )
        )
        t.checks.append(
            Check(
                f"{name}_line_no_check",
                f"(({n.name} >= 1) AND ({n.name} <= {k}))",
                "range_cast",
                columns=(n.name,),
            )
        )
        t.finite_key = True
        used.add("composite_pk")
    else:
        idk = Column("id", "serial" if draw(st.booleans()) else "bigint", "", False, 1)
        idk.sql_type = "serial" if idk.kind == "serial" else "bigint"
        idk.keyed = True
        t.columns += [idk, fk]
        t.uniques.append(Unique(f"{name}_pkey", "pk", ["id"], primary=True))
    if composite is not None and draw(st.booleans()):
        kcol = parent.column(composite.columns[1])
        kind_col = Column(names.take("account_kind"), "enum", kcol.sql_type, fk.nullable, None)
        kind_col.enum = kcol.enum
        kind_col.witness = kcol.witness
        kind_col.keyed = True
        t.columns.append(kind_col)
        t.fks.append(
            ForeignKey(
                f"{name}_account_fkey", [fk.name, kind_col.name], "accounts", composite.columns
            )
        )
        used.add("composite_fk")
    else:
        t.fks.append(ForeignKey(f"{name}_{fk.name}_fkey", [fk.name], "accounts", ["id"]))
    if fk.nullable and draw(st.integers(0, 3)) == 0:
        fk.witness = None
        for c in t.columns:
            if c.kind == "enum" and c.keyed and c.name.startswith("account_kind"):
                c.witness = None
    draw(_free_columns(t, names, types, enabled, 5))
    _add_uniques(draw, t, fk if not fk.nullable else None, names, types, enabled, used)
    _add_checks(draw, t, enabled, dump, used, names, types)
    return t


@st.composite
def schemas(draw, enabled: frozenset[str] = frozenset(IDIOMS)) -> Schema:
    """A small satisfiable schema (1–3 tables) using only the `enabled` idioms."""
    enabled_set = set(enabled)
    _QUOTED[0] = "quoted_literal" in enabled_set
    _DOMAIN_IN_LIST[0] = "domain_in_list" in enabled_set
    _REGEX_CI[0] = "regex_ci" in enabled_set
    _REGEX_VARCHAR[0] = "regex_varchar" in enabled_set
    styles = [s for s in ("pg_dump", "inline") if s in enabled_set] or ["inline"]
    style = draw(st.sampled_from(styles))
    dump = style == "pg_dump"
    types = _Types("public." if dump else "")
    used: set[str] = {style}
    if dump and _QUOTED[0]:
        used.add("quoted_literal")
    parent = draw(_parent(types, enabled_set, used, dump))
    tables = [parent]
    for i in range(draw(st.integers(0, 2))):
        tables.append(draw(_child(["orders", "events"][i], parent, types, enabled_set, used, dump)))
    for t in tables:
        for c in t.columns:
            if c.kind in TYPE_IDIOMS:
                used.add(c.kind)
            if c.default is not None:
                used.add("defaults")
    return Schema(types.enums, types.domains, tables, style, used)


# --- rendering -------------------------------------------------------------------------------


def _column_sql(c: Column) -> str:
    parts = [c.name, c.sql_type]
    if c.default is not None:
        parts.append(f"DEFAULT {c.default}")
    if not c.nullable and c.kind not in ("serial",):
        parts.append("NOT NULL")
    return " ".join(parts)


def _unique_sql(t: Table, u: Unique) -> str:
    if u.index:
        where = f" WHERE {u.where}" if u.where else ""
        return (
            f"CREATE UNIQUE INDEX {u.name} ON {t.name} USING btree ({', '.join(u.columns)}){where};"
        )
    kind = "PRIMARY KEY" if u.primary else "UNIQUE"
    return f"CONSTRAINT {u.name} {kind} ({', '.join(u.columns)})"


def _header(name: str, kind: str) -> str:
    return f"--\n-- Name: {name}; Type: {kind}; Schema: public; Owner: -\n--\n"


def render(schema: Schema) -> str:
    dump = schema.style == "pg_dump"
    out: list[str] = []
    if dump:
        out.append(
            "SET statement_timeout = 0;\nSET client_encoding = 'UTF8';\n"
            "SET standard_conforming_strings = on;\n"
            "SELECT pg_catalog.set_config('search_path', '', false);\n"
            "SET default_tablespace = '';\nSET default_table_access_method = heap;\n"
        )
    prefix = "public." if dump else ""
    for e in schema.enums:
        if dump:
            out.append(_header(e.name.removeprefix(prefix), "TYPE"))
        labels = ", ".join(_q(label) for label in e.labels)
        out.append(f"CREATE TYPE {e.name} AS ENUM ({labels});\n")
    for d in schema.domains:
        if dump:
            out.append(_header(d.name.removeprefix(prefix), "DOMAIN"))
        out.append(
            f"CREATE DOMAIN {d.name} AS {d.base}\n"
            f"\tCONSTRAINT {d.name.removeprefix(prefix)}_check CHECK {d.check};\n"
        )
    post: list[str] = []
    for t in schema.tables:
        lines = [_column_sql(c) for c in t.columns]
        for c in t.checks:
            if not (dump and c.not_valid) and not c.not_valid:
                lines.append(f"CONSTRAINT {c.name} CHECK {_wrap(c.expr, dump)}")
        if not dump:
            lines += [_unique_sql(t, u) for u in t.uniques if not u.index]
            for fk in t.fks:
                lines.append(
                    f"CONSTRAINT {fk.name} FOREIGN KEY ({', '.join(fk.columns)}) "
                    f"REFERENCES {fk.parent}({', '.join(fk.ref_columns)})"
                )
        body = ",\n    ".join(lines)
        if dump:
            out.append(_header(t.name, "TABLE"))
        text = f"CREATE TABLE {prefix}{t.name} (\n    {body}\n);\n"
        if dump:
            text = text.replace("integer GENERATED BY DEFAULT AS IDENTITY", "integer")
            for c in t.columns:
                if c.kind == "identity":
                    text += (
                        f"\nALTER TABLE {prefix}{t.name} ALTER COLUMN {c.name} ADD GENERATED BY "
                        f"DEFAULT AS IDENTITY (\n    SEQUENCE NAME {prefix}{t.name}_{c.name}_seq\n"
                        "    START WITH 1\n    INCREMENT BY 1\n    NO MINVALUE\n    NO MAXVALUE\n"
                        "    CACHE 1\n);\n"
                    )
        if dump:
            text = _serial_as_dump(t, text, prefix)
        out.append(text)
        for c in t.checks:
            if c.not_valid:
                post.append(
                    (_header(c.name, "CHECK CONSTRAINT") if dump else "")
                    + f"ALTER TABLE {'ONLY ' if dump else ''}{prefix}{t.name}\n"
                    f"    ADD CONSTRAINT {c.name} CHECK {_wrap(c.expr, dump)} NOT VALID;\n"
                )
    for t in schema.tables:
        if dump:
            for u in t.uniques:
                if not u.index:
                    post.append(
                        _header(u.name, "CONSTRAINT")
                        + f"ALTER TABLE ONLY {prefix}{t.name}\n    ADD {_unique_sql(t, u)};\n"
                    )
        for u in t.uniques:
            if u.index:
                sql = _unique_sql(t, u).replace(f" ON {t.name} ", f" ON {prefix}{t.name} ")
                post.append((_header(u.name, "INDEX") if dump else "") + sql + "\n")
    if dump:
        for t in schema.tables:
            for fk in t.fks:
                post.append(
                    _header(fk.name, "FK CONSTRAINT")
                    + f"ALTER TABLE ONLY {prefix}{t.name}\n    ADD CONSTRAINT {fk.name} "
                    f"FOREIGN KEY ({', '.join(fk.columns)}) REFERENCES "
                    f"{prefix}{fk.parent}({', '.join(fk.ref_columns)});\n"
                )
    return "\n".join(out + post)


def _serial_as_dump(t: Table, text: str, prefix: str) -> str:
    """pg_dump never prints `serial`: an integer column, a sequence, an owned-by and a default."""
    for c in t.columns:
        if c.kind == "serial":
            seq = f"{prefix}{t.name}_{c.name}_seq"
            text = text.replace(f"{c.name} serial", f"{c.name} integer NOT NULL")
            text += (
                f"\nCREATE SEQUENCE {seq}\n    AS integer\n    START WITH 1\n    INCREMENT BY 1\n"
                f"    NO MINVALUE\n    NO MAXVALUE\n    CACHE 1;\n"
                f"\nALTER SEQUENCE {seq} OWNED BY {prefix}{t.name}.{c.name};\n"
                f"\nALTER TABLE ONLY {prefix}{t.name} ALTER COLUMN {c.name} SET DEFAULT "
                f"nextval('{seq}'::regclass);\n"
            )
    return text


def _wrap(expr: str, dump: bool) -> str:
    """pg_dump prints a CHECK's expression inside one more pair of parentheses."""
    return f"({expr})" if dump else expr
