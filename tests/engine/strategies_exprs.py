"""A Hypothesis strategy for one table built around PostgreSQL's expression grammar (issue 24,
"Must show"): CHECKs calling functions and operators the Python evaluator does not know, CASE,
casts, regular expressions, nullity combinations, a self-reference; partial unique indexes over
random predicates, unique indexes over expressions (text and finite), expression indexes with
casts; and, on purpose, unsatisfiable CHECKs (`generate` must then end in one paragraph).

Each example decides its idioms first (`EXPR_IDIOMS`), and each idiom adds the columns it needs,
so an idiom is never skipped for want of a column. Satisfiable tables carry a witness row
every constraint accepts (the test inserts it before generating); a CHECK of unknown
functions is written so the witness meets it: its truth on the witness is computed here
(`Template.truth`), and a false one is negated. Each finite unique index records how many
keys it admits (`Key.capacity`), which the test compares with the rows kept.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

#: The idioms one example draws from (1 to 3 of them).
EXPR_IDIOMS = (
    "fn_unknown",  # functions the evaluator does not know: reverse, md5, split_part, gcd…
    "op_unknown",  # operators it does not know: ^@, &, |, @, ^
    "case_when",  # CASE over a kind and a number
    "cast_text_int",  # (code)::integer BETWEEN …: a text column that must hold integers
    "cast_other",  # (ts)::date, (n)::text ~ …, (amount)::integer
    "regex_expr",  # ~ with classes, counts, alternation
    "nullity",  # CASE WHEN a IS NULL THEN …, num_nonnulls(…) = 1, (a IS NULL) = (b IS NULL)
    "self_ref",  # parent_id REFERENCES the table, (parent_id IS NULL) = (depth = 0)
    "partial_unique_pred",  # CREATE UNIQUE INDEX (k) WHERE a random predicate
    "expr_unique_text",  # UNIQUE (lower(x)) with x !~ '\s', upper(btrim(x)), md5(x)
    "expr_unique_finite",  # UNIQUE ((length(x) % k)), ((n % k)), (date_part('dow', d))
    "expr_index_cast",  # CREATE INDEX ((code)::integer), ((doc ->> 'n')::integer), ((ts)::date)
    "unsatisfiable",  # a CHECK no row meets, on a table another one needs
)

WORDS = ("alpha", "beta", "gamma", "delta", "omega", "red", "blue", "card", "bank", "x")


@dataclass
class Col:
    name: str
    sql_type: str
    nullable: bool
    witness: Any  # the witness row's value (None: NULL)


@dataclass
class Key:
    name: str
    sql: str  # the whole CREATE [UNIQUE] INDEX statement
    unique: bool
    capacity: int | None = None  # distinct keys the index admits (None: not finite)


@dataclass
class Table:
    name: str = "items"
    columns: list[Col] = field(default_factory=list)
    checks: list[tuple[str, str]] = field(default_factory=list)  # (name, expression)
    keys: list[Key] = field(default_factory=list)
    idioms: list[str] = field(default_factory=list)
    shapes: list[str] = field(default_factory=list)  # finer events: which function, which key
    unsatisfiable: str | None = None  # the CHECK no row meets
    self_ref: bool = False

    def add(self, name: str, sql_type: str, nullable: bool, witness: Any) -> Col:
        taken = {c.name for c in self.columns}
        base, n = name, 2
        while name in taken:
            name, n = f"{base}{n}", n + 1
        col = Col(name, sql_type, nullable, witness)
        self.columns.append(col)
        return col

    def check(self, expr: str) -> None:
        self.checks.append((f"{self.name}_check{len(self.checks) + 1}", expr))

    def ddl(self) -> str:
        lines = [f"{c.name} {c.sql_type}{'' if c.nullable else ' NOT NULL'}" for c in self.columns]
        lines.insert(0, "id integer NOT NULL PRIMARY KEY")
        if self.self_ref:
            lines.append(f"CONSTRAINT {self.name}_parent_fkey FOREIGN KEY (parent_id) REFERENCES "
                         f"{self.name}(id)")  # fmt: skip
        lines += [f"CONSTRAINT {name} CHECK ({expr})" for name, expr in self.checks]
        out = [f"CREATE TABLE {self.name} (\n    " + ",\n    ".join(lines) + "\n);"]
        out += [k.sql for k in self.keys]
        if self.unsatisfiable is not None:
            out.append(
                "CREATE TABLE notes (id integer NOT NULL PRIMARY KEY, item_id integer NOT NULL "
                f"REFERENCES {self.name}(id), body text);"
            )
        return "\n".join(out) + "\n"

    def witness_insert(self) -> str:
        names = ", ".join(["id", *(c.name for c in self.columns)])
        values = ", ".join(["1", *(_literal(c.sql_type, c.witness) for c in self.columns)])
        return f"INSERT INTO {self.name} ({names}) VALUES ({values});"

    @property
    def capacity(self) -> int | None:
        caps = [k.capacity for k in self.keys if k.capacity is not None]
        return min(caps) if caps else None


def _literal(sql_type: str, value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.datetime):
        return f"'{value.isoformat(sep=' ')}'::{sql_type}"
    if isinstance(value, dt.date):
        return f"'{value.isoformat()}'::{sql_type}"
    if isinstance(value, int):
        return f"{value}::{sql_type}"
    text = str(value).replace("'", "''")
    return f"'{text}'::{sql_type}"


# --- CHECKs of functions and operators the evaluator does not know ---------------------------


@dataclass(frozen=True)
class Template:
    """A boolean expression over one column (`{c}`) and its truth on a value, as PostgreSQL
    computes it (None for NULL)."""

    shape: str
    kind: str  # text | int | date | ts
    sql: str
    truth: Callable[[Any], bool | None]


def _md5(x: str) -> str:
    return hashlib.md5(x.encode()).hexdigest()


def _first(x: str) -> str:
    return x.split("_")[0]


def _no(x: str, letters: str) -> bool:
    return not set(x) & set(letters)


def _bucket(n: int) -> int:
    return 0 if n < 0 else 5 if n >= 100 else n // 25 + 1


FUNCTIONS = (
    Template("reverse", "text", "reverse({c}) <> {c}", lambda x: x[::-1] != x),
    Template("md5", "text", "md5({c}) < '8'", lambda x: _md5(x) < "8"),
    Template("split_part", "text", "split_part({c}, '_', 1) <> 'x'", lambda x: _first(x) != "x"),
    Template("translate", "text", "translate({c}, 'qxz', '') = {c}", lambda x: _no(x, "qxz")),
    Template("ascii", "text", "(ascii({c}) % 2) = 0", lambda x: (ord(x[0]) if x else 0) % 2 == 0),
    Template("strpos", "text", "strpos({c}, 'e') = 0", lambda x: "e" not in x),
    Template("initcap", "text", "initcap({c}) <> {c}", lambda x: x.title() != x),
    Template("gcd", "int", "gcd({c}, 2) = 1", lambda n: n % 2 == 1),
    Template("mod", "int", "mod({c}, 7) <> 3", lambda n: abs(n) % 7 * (1 if n >= 0 else -1) != 3),
    Template("width_bucket", "int", "width_bucket({c}, 0, 100, 4) <> 2", lambda n: _bucket(n) != 2),
    Template("to_char", "date", "to_char({c}, 'MM') <= '06'", lambda d: d.month <= 6),
    Template("dow", "date", "date_part('dow', {c}) <> 0", lambda d: d.isoweekday() % 7 != 0),
    Template("hour", "ts", "EXTRACT(hour FROM {c}) < 12", lambda t: t.hour < 12),
)  # fmt: skip
OPERATORS = (
    Template("starts_with", "text", "({c} ^@ 'a')", lambda x: x.startswith("a")),
    Template("bit_and", "int", "({c} & 1) = 0", lambda n: n & 1 == 0),
    Template("bit_or", "int", "({c} | 4) <> {c}", lambda n: n | 4 != n),
    Template("abs", "int", "(@ {c}) <= 500", lambda n: abs(n) <= 500),
    Template("power", "int", "({c} ^ 2) <= 10000", lambda n: n * n <= 10000),
    Template("concat", "text", "(({c} || '!') <> 'red!')", lambda x: x != "red"),
)

_SQL_TYPE = {"text": "text", "int": "integer", "date": "date", "ts": "timestamp"}
_NAMES = {"text": "label", "int": "qty", "date": "day", "ts": "seen_at"}


@st.composite
def _value(draw, kind: str) -> Any:
    if kind == "text":
        return draw(st.sampled_from(WORDS)) + draw(st.sampled_from(["", "_1", "e", "q", "ab"]))
    if kind == "int":
        return draw(st.integers(-600, 600))
    if kind == "date":
        return dt.date(2020, 1, 1) + dt.timedelta(days=draw(st.integers(0, 1500)))
    return dt.datetime(2021, 1, 1) + dt.timedelta(minutes=draw(st.integers(0, 200000)))


@st.composite
def _templated(draw, t: Table, pool: tuple[Template, ...]) -> None:
    tpl = draw(st.sampled_from(pool))
    w = draw(_value(tpl.kind))
    col = t.add(_NAMES[tpl.kind], _SQL_TYPE[tpl.kind], draw(st.booleans()), w)
    expr = tpl.sql.format(c=col.name)
    t.check(expr if tpl.truth(w) else f"NOT ({expr})")
    t.shapes.append(tpl.shape)


# --- the other CHECK idioms ------------------------------------------------------------------


@st.composite
def _case_when(draw, t: Table) -> None:
    kind = t.add("kind", "text", False, draw(st.sampled_from(["a", "b", "c"])))
    t.check(f"{kind.name} = ANY (ARRAY['a'::text, 'b'::text, 'c'::text])")
    sign = {"a": 1, "b": -1, "c": 0}[kind.witness]
    n = t.add("delta", "integer", False, sign * draw(st.integers(1, 90)))
    t.check(
        f"CASE WHEN {kind.name} = 'a' THEN {n.name} > 0 WHEN {kind.name} = 'b' THEN {n.name} < 0 "
        f"ELSE {n.name} = 0 END"
    )


@st.composite
def _cast_text_int(draw, t: Table) -> None:
    hi = draw(st.integers(5, 900))
    w = draw(st.integers(1, hi))
    code = t.add("code", f"character varying({draw(st.integers(4, 12))})", False, str(w))
    t.check(f"(({code.name})::integer BETWEEN 1 AND {hi})")
    t.shapes.append("varchar::integer")


@st.composite
def _cast_other(draw, t: Table) -> None:
    shape = draw(st.sampled_from(["ts::date", "int::text", "numeric::integer"]))
    t.shapes.append(shape)
    if shape == "ts::date":
        w = dt.datetime(2021, 1, 1) + dt.timedelta(hours=draw(st.integers(0, 9000)))
        c = t.add("happened_at", "timestamp", draw(st.booleans()), w)
        t.check(f"(({c.name})::date >= '2020-06-01'::date)")
    elif shape == "int::text":
        c = t.add("score", "integer", draw(st.booleans()), draw(st.integers(1, 5000)))
        t.check(f"(({c.name})::text ~ '^[1-9][0-9]*$'::text)")
    else:
        c = t.add("amount", "numeric(8,2)", False, draw(st.integers(0, 400)))
        t.check(f"(({c.name})::integer <= 400)")


_REGEXES = (
    ("^[A-Z]{2}-[0-9]{3}$", "AB-123"),
    ("^(red|blue|green)_[0-9]+$", "blue_7"),
    ("^[a-f0-9]{8}$", "0a1b2c3d"),
    ("^[a-z]+(\\.[a-z]+)*@example\\.(com|org)$", "ann.lee@example.org"),
)


@st.composite
def _regex_expr(draw, t: Table) -> None:
    pattern, witness = draw(st.sampled_from(_REGEXES))
    c = t.add("ref", "text", draw(st.booleans()), witness)
    op = "~*" if pattern.startswith("^[a-f") and draw(st.booleans()) else "~"
    t.check(f"({c.name} {op} '{pattern}'::text)")
    t.shapes.append(pattern)


@st.composite
def _nullity(draw, t: Table) -> None:
    shape = draw(st.sampled_from(["case", "num_nonnulls", "pred_eq"]))
    t.shapes.append(shape)
    a = t.add("a", "integer", True, None)
    b = t.add("b", "text", True, None)
    c = t.add("c", "date", True, None)
    if shape == "case":
        # a IS NULL -> b set; else b and c NULL
        if draw(st.booleans()):
            b.witness = "x"
        else:
            a.witness = 3
        t.check(
            f"CASE WHEN {a.name} IS NULL THEN {b.name} IS NOT NULL "
            f"ELSE {b.name} IS NULL AND {c.name} IS NULL END"
        )
    elif shape == "num_nonnulls":
        draw(st.sampled_from([a, b, c])).witness = 1
        for col, value in ((a, 1), (b, "x"), (c, dt.date(2022, 1, 1))):
            if col.witness is not None:
                col.witness = value
        t.check(f"num_nonnulls({a.name}, {b.name}, {c.name}) = 1")
    else:
        same = draw(st.booleans())
        a.witness = 5
        b.witness = "y" if same else None
        t.check(f"(({a.name} IS NULL) {'=' if same else '<>'} ({b.name} IS NULL))")


def _self_ref(draw, t: Table) -> None:
    t.self_ref = True
    parent = t.add("parent_id", "integer", True, None)
    depth = t.add("depth", "smallint", False, 0)
    t.check(f"(({parent.name} IS NULL) = ({depth.name} = 0))")
    t.check(f"({parent.name} <> id)")


# --- indexes ---------------------------------------------------------------------------------


@st.composite
def _partial_unique(draw, t: Table) -> None:
    k = t.add("slot", "smallint", False, 1)
    t.check(f"({k.name} BETWEEN 1 AND {draw(st.integers(1, 4))})")
    shape = draw(st.sampled_from(["status_any", "flag", "range", "is_null"]))
    t.shapes.append(shape)
    if shape == "status_any":
        s = t.add("status", "text", False, "closed")
        t.check(f"{s.name} = ANY (ARRAY['open'::text, 'held'::text, 'closed'::text])")
        where = f"({s.name} = ANY (ARRAY['open'::text, 'held'::text]))"
    elif shape == "flag":
        f = t.add("is_current", "boolean", False, True)
        where = f"{f.name}"
    elif shape == "range":
        n = t.add("level", "integer", False, 3)
        where = f"({n.name} > 2)"
    else:
        d = t.add("closed_on", "date", True, None)
        where = f"({d.name} IS NULL)"
    name = f"{t.name}_{k.name}_partial"
    t.keys.append(
        Key(name, f"CREATE UNIQUE INDEX {name} ON {t.name} ({k.name}) WHERE {where};", True)
    )


@st.composite
def _expr_unique_text(draw, t: Table) -> None:
    shape = draw(st.sampled_from(["lower_nospace", "upper_btrim", "md5"]))
    t.shapes.append(shape)
    x = t.add("handle", "character varying(24)", draw(st.booleans()), "ann")
    if shape == "lower_nospace":
        t.check(f"(({x.name})::text !~ '\\s'::text)")
        part = f"lower(({x.name})::text)"
    elif shape == "upper_btrim":
        part = f"upper(btrim(({x.name})::text))"
    else:
        part = f"md5(({x.name})::text)"
    name = f"{t.name}_{x.name}_expr_key"
    t.keys.append(Key(name, f"CREATE UNIQUE INDEX {name} ON {t.name} (({part}));", True))


@st.composite
def _expr_unique_finite(draw, t: Table) -> None:
    shape = draw(st.sampled_from(["length_mod", "int_mod", "dow"]))
    t.shapes.append(shape)
    k = draw(st.integers(2, 7))
    if shape == "length_mod":
        x = t.add("word", "text", False, "abc")
        part, cap = f"(length({x.name}) % {k})", k
    elif shape == "int_mod":
        n = t.add("ticket", "integer", False, 7)
        t.check(f"({n.name} >= 0)")
        part, cap = f"({n.name} % {k})", k
    else:
        d = t.add("day", "date", False, dt.date(2022, 3, 1))
        part, cap = f"date_part('dow', {d.name})", 7
    name = f"{t.name}_{shape}_key"
    t.keys.append(Key(name, f"CREATE UNIQUE INDEX {name} ON {t.name} (({part}));", True, cap))


@st.composite
def _expr_index_cast(draw, t: Table) -> None:
    shape = draw(st.sampled_from(["varchar::integer", "jsonb->>::integer", "ts::date"]))
    t.shapes.append(shape)
    if shape == "varchar::integer":
        c = t.add("ext_code", "character varying(12)", draw(st.booleans()), "42")
        part = f"(({c.name})::integer)"
    elif shape == "jsonb->>::integer":
        c = t.add("doc", "jsonb", draw(st.booleans()), '{"n": 3}')
        part = f"((({c.name} ->> 'n'::text))::integer)"
    else:
        c = t.add("logged_at", "timestamp", draw(st.booleans()), dt.datetime(2022, 5, 1, 8))
        part = f"(({c.name})::date)"
    name = f"{t.name}_{c.name}_idx"
    t.keys.append(Key(name, f"CREATE INDEX {name} ON {t.name} ({part});", False))


_UNSAT = (
    ("{c} > 10 AND {c} < 5", "integer"),
    ("length({c}) < 0", "text"),
    ("{c} IS NULL", "integer"),
    ("({c})::integer < 0 AND {c} ~ '^[0-9]+$'", "text"),
)


@st.composite
def _unsatisfiable(draw, t: Table) -> None:
    expr, sql_type = draw(st.sampled_from(_UNSAT))
    n = t.add("n", sql_type, False, None)
    expr = expr.format(c=n.name)
    t.check(expr)
    t.unsatisfiable = expr
    t.shapes.append(expr)


_BUILDERS: dict[str, Callable[..., Any]] = {
    "fn_unknown": lambda draw, t: draw(_templated(t, FUNCTIONS)),
    "op_unknown": lambda draw, t: draw(_templated(t, OPERATORS)),
    "case_when": lambda draw, t: draw(_case_when(t)),
    "cast_text_int": lambda draw, t: draw(_cast_text_int(t)),
    "cast_other": lambda draw, t: draw(_cast_other(t)),
    "regex_expr": lambda draw, t: draw(_regex_expr(t)),
    "nullity": lambda draw, t: draw(_nullity(t)),
    "self_ref": _self_ref,
    "partial_unique_pred": lambda draw, t: draw(_partial_unique(t)),
    "expr_unique_text": lambda draw, t: draw(_expr_unique_text(t)),
    "expr_unique_finite": lambda draw, t: draw(_expr_unique_finite(t)),
    "expr_index_cast": lambda draw, t: draw(_expr_index_cast(t)),
    "unsatisfiable": lambda draw, t: draw(_unsatisfiable(t)),
}


@st.composite
def expr_tables(draw) -> Table:
    """One table of the idioms, each taken in about one example in four (at least one; an
    unsatisfiable CHECK in about one in eight): every idiom is decided in every example, so
    a profile of a few dozen examples meets each of them many times (a list of one to three
    drawn idioms left two of twelve out of 40 examples)."""
    drawable = [i for i in EXPR_IDIOMS if i != "unsatisfiable"]
    idioms = [i for i in drawable if draw(st.integers(0, 3)) == 0]
    if not idioms:
        idioms = [draw(st.sampled_from(drawable))]
    if draw(st.integers(0, 7)) == 0:
        idioms.append("unsatisfiable")
    t = Table()
    for idiom in idioms:
        _BUILDERS[idiom](draw, t)
        t.idioms.append(idiom)
    if draw(st.booleans()):  # a plain column beside the idioms' own
        t.add("note", "text", True, None)
    return t
