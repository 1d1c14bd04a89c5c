"""The schema model: one plain-data description of a database schema.

Both the schema.sql parser and the live catalog introspection produce a `Schema`; the tree,
the estimate, generation and the policy checks all read it. Names are stored as PostgreSQL
stores them (unquoted identifiers folded to lower case). Expressions (CHECK bodies, defaults,
index predicates) are kept as sqlglot expression trees where they parse, with their SQL text
alongside for display and fingerprinting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class SourceRef:
    """Where a statement came from: file and 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Expr:
    """An SQL expression: the sqlglot tree (None when it did not parse) and normalised text."""

    sql: str
    tree: Any = None  # sqlglot.exp.Expression

    def columns(self) -> set[str]:
        """The column names the expression mentions: from the tree, or the words of the text
        when it did not parse (a marker for display, never a constraint's meaning)."""
        if self.tree is not None:
            try:
                from sqlglot import exp

                return {c.name for c in self.tree.find_all(exp.Column)}
            except Exception:  # an odd tree: fall back to the text below
                pass
        return {word.strip('"(),') for word in self.sql.split()}


@dataclass
class ColumnType:
    """A column's type. `name` is the canonical PostgreSQL name (int4 → integer, varchar →
    character varying, timestamptz → timestamp with time zone, …) or the qualified name of a
    user-defined type (enum, domain, composite) as `schema.name`."""

    name: str
    length: int | None = None  # character varying(n), character(n), bit(n)
    precision: int | None = None  # numeric(p, s), timestamp(p)
    scale: int | None = None
    array_dims: int = 0
    user_defined: bool = False
    # An extension type's typmod words, as written: geometry(Polygon,4326) -> ("Polygon", "4326")
    modifiers: tuple[str, ...] = ()

    def sql(self) -> str:
        """The type as PostgreSQL's format_type() prints it."""
        return format_type(self)


def sql_name(name: str) -> str:
    """One name (a column's, a table's) as a quoted SQL identifier: neither case folding nor a
    keyword changes what it names."""
    return '"' + name.replace('"', '""') + '"'


def sql_type_name(qualified: str) -> str:
    """A user-defined type's stored name (`schema.name`, as PostgreSQL stores both) as SQL:
    each part quoted, so that neither case folding nor a keyword changes what it names (a
    name part holding a dot cannot be told from the schema's: the first dot separates)."""
    return ".".join(sql_name(p) for p in qualified.split(".", 1))


def format_type(ct: ColumnType, quoted: bool = False) -> str:
    """The type as format_type() would print it (time precision placed before `with`).
    `quoted`: a user-defined type's name as SQL can name it, each part an identifier quoted
    where PostgreSQL would fold or refuse it bare (`public."CommentObjectType"`), for a
    cast or a column definition sent to the server."""
    name = sql_type_name(ct.name) if quoted and ct.user_defined else ct.name
    if ct.precision is not None and ct.scale is None and name.startswith(("time", "interval")):
        if " with" in name:
            head, _, tail = name.partition(" with")
            base = f"{head}({ct.precision}) with{tail}"
        elif name.startswith("interval"):
            base = f"{name}({ct.precision})"
        else:
            base = f"{name}({ct.precision})"
    else:
        base = name
        if ct.modifiers:
            base += "(" + ",".join(ct.modifiers) + ")"
        elif ct.length is not None:
            base += f"({ct.length})"
        elif ct.precision is not None and ct.scale is not None:
            base += f"({ct.precision},{ct.scale})"
        elif ct.precision is not None:
            base += f"({ct.precision})"
    return base + "[]" * ct.array_dims


@dataclass
class Column:
    name: str
    type: ColumnType
    nullable: bool = True
    default: Expr | None = None
    identity: str | None = None  # "always" | "by default"
    generated: Expr | None = None  # GENERATED ALWAYS AS (expr) STORED
    sequence: str | None = None  # qualified name of the sequence this column owns/uses
    collation: str | None = None
    comment: str | None = None


@dataclass
class PrimaryKey:
    name: str | None
    columns: list[str]


@dataclass
class UniqueConstraint:
    """A UNIQUE constraint or a unique index. `columns` holds plain column names; `expressions`
    holds index expressions such as lower(email) (an index may mix both: an entry of `columns` is
    None where the key part is an expression, the expression at the same position in
    `expressions`)."""

    name: str | None
    columns: list[str | None]
    expressions: list[Expr | None] = field(default_factory=list)
    predicate: Expr | None = None  # partial unique index: WHERE …
    nulls_not_distinct: bool = False
    is_index: bool = False  # created by CREATE UNIQUE INDEX rather than a constraint


@dataclass
class ExclusionElement:
    """One `element WITH operator` of an exclusion constraint: a column or an expression."""

    column: str | None
    expression: Expr | None
    operator: str  # as written: "=", "&&", "<>", "-|-", …


@dataclass
class ExclusionConstraint:
    """EXCLUDE USING method (element WITH op, …) [WHERE (predicate)]: no two rows (where the
    predicate holds) may have every element compare true under its operator."""

    name: str | None
    elements: list[ExclusionElement]
    method: str = "gist"
    predicate: Expr | None = None


@dataclass
class ForeignKey:
    name: str | None
    columns: list[str]
    ref_schema: str
    ref_table: str
    ref_columns: list[str]
    on_delete: str = "NO ACTION"
    on_update: str = "NO ACTION"
    deferrable: bool = False
    initially_deferred: bool = False
    match_full: bool = False
    not_valid: bool = False

    @property
    def ref_qualified(self) -> str:
        return f"{self.ref_schema}.{self.ref_table}"


@dataclass
class CheckConstraint:
    name: str | None
    expr: Expr
    not_valid: bool = False


@dataclass
class Index:
    name: str
    columns: list[str | None]
    expressions: list[Expr | None] = field(default_factory=list)
    method: str = "btree"
    predicate: Expr | None = None
    unique: bool = False


@dataclass
class Policy:
    name: str
    command: str = "ALL"
    roles: list[str] = field(default_factory=list)
    using: Expr | None = None
    with_check: Expr | None = None


@dataclass
class Table:
    schema: str
    name: str
    columns: list[Column] = field(default_factory=list)
    primary_key: PrimaryKey | None = None
    uniques: list[UniqueConstraint] = field(default_factory=list)
    foreign_keys: list[ForeignKey] = field(default_factory=list)
    checks: list[CheckConstraint] = field(default_factory=list)
    exclusions: list[ExclusionConstraint] = field(default_factory=list)
    indexes: list[Index] = field(default_factory=list)
    policies: list[Policy] = field(default_factory=list)
    rls_enabled: bool = False
    partition_by: str | None = None  # "RANGE (col)" etc. on a partitioned parent
    partition_of: str | None = None  # qualified parent of a partition
    partition_bound: str | None = None  # "FOR VALUES …" / "DEFAULT"
    inherits: list[str] = field(default_factory=list)  # qualified parents (INHERITS)
    unlogged: bool = False
    temporary: bool = False  # CREATE [GLOBAL|LOCAL] TEMP TABLE: it lives in one session
    comment: str | None = None
    source: SourceRef | None = None
    # Rows schema.sql itself carries for this table (INSERT … VALUES, COPY … FROM stdin): they
    # are loaded as they are, and the table is not synthesized unless sandbox.toml says so.
    file_rows: int = 0

    @property
    def qualified(self) -> str:
        return f"{self.schema}.{self.name}"

    def column(self, name: str) -> Column | None:
        for col in self.columns:
            if col.name == name:
                return col
        return None


@dataclass
class Enum:
    schema: str
    name: str
    labels: list[str]

    @property
    def qualified(self) -> str:
        return f"{self.schema}.{self.name}"


@dataclass
class Domain:
    schema: str
    name: str
    base: ColumnType
    nullable: bool = True
    default: Expr | None = None
    checks: list[CheckConstraint] = field(default_factory=list)

    @property
    def qualified(self) -> str:
        return f"{self.schema}.{self.name}"


@dataclass
class Sequence:
    schema: str
    name: str
    owned_by: str | None = None  # "schema.table.column"
    start: int = 1
    increment: int = 1
    min_value: int | None = None
    max_value: int | None = None

    @property
    def qualified(self) -> str:
        return f"{self.schema}.{self.name}"


@dataclass
class SkippedStatement:
    """A statement of schema.sql the model does not use, kept so it can be reported."""

    kind: str  # e.g. "CREATE FUNCTION", "SET", "GRANT", "COMMENT ON FUNCTION", "parse error"
    source: SourceRef
    reason: str = ""


@dataclass
class Schema:
    schemas: list[str] = field(default_factory=list)
    tables: dict[str, Table] = field(default_factory=dict)  # keyed by "schema.name"
    enums: dict[str, Enum] = field(default_factory=dict)
    domains: dict[str, Domain] = field(default_factory=dict)
    ranges: dict[str, ColumnType] = field(default_factory=dict)  # a range type -> its subtype
    sequences: dict[str, Sequence] = field(default_factory=dict)
    views: list[str] = field(default_factory=list)  # qualified names
    extensions: list[str] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)  # roles the file references
    skipped: list[SkippedStatement] = field(default_factory=list)
    errors: list[SkippedStatement] = field(default_factory=list)  # statements that failed to parse

    def table(self, qualified: str) -> Table | None:
        return self.tables.get(qualified)
