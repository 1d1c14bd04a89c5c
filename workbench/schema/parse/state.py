"""What the reader knows while it walks the file: the model built so far, the search path,
the names taken, and how an unqualified name or type resolves against them."""

from __future__ import annotations

import copy

from workbench.schema.model import ColumnType, Schema, SourceRef, Table
from workbench.schema.parse.cursor import ParseFailure
from workbench.schema.parse.exprs import make_object_name
from workbench.schema.parse.statements import Statement
from workbench.schema.types import TypeRef, extension_type

# names that are no role: a file never makes them (CREATE ROLE refuses `none` and `public`)
_PSEUDO_ROLES = {"public", "none", "current_user", "session_user", "current_role"}


class ReaderState:
    def __init__(self, filename: str) -> None:
        self.file = filename
        self.schema = Schema()
        self.search_path: list[str] = ["$user", "public"]
        self.types: set[str] = set()  # qualified user-defined types (any kind)
        self.ext_schemas: list[str] = []
        self.relnames: set[str] = set()  # qualified relation names (uniqueness of made names)
        self.index_owner: dict[str, str] = {}  # qualified index name → table key
        self.roles: dict[str, None] = {}
        self.extensions: dict[str, None] = {}
        self.schemas: dict[str, None] = {"public": None}
        self.attached: set[str] = set()  # index names attached to a parent index
        self.redefined_view = False  # the statement just read replaced an earlier view
        # defaults that depend on a type the column had before ALTER COLUMN … TYPE (by id)
        self.default_types: dict[int, set[str]] = {}
        # each data statement with the table its rows go to and the tables it writes
        self.row_targets: list[tuple[Statement, Table | None, list[Table | None]]] = []
        # INSERT … SELECT from tables of the file: (its place in row_targets, target, sources)
        self.copies: list[tuple[int, Table, list[Table]]] = []
        self.src = SourceRef(filename, 0)

    # -- names -------------------------------------------------------------------------------

    def path(self) -> list[str]:
        return [s for s in self.search_path if s != "$user"]

    def creation_schema(self) -> str:
        p = self.path()
        return p[0] if p else "public"

    def rel_key(self, schema: str | None, name: str, *, create: bool = False) -> str:
        if schema is not None:
            return f"{schema}.{name}"
        if create:
            return f"{self.creation_schema()}.{name}"
        for s in self.path():
            key = f"{s}.{name}"
            if key in self.schema.tables or key in self.relnames:
                return key
        return f"{self.creation_schema()}.{name}"

    def table(self, schema: str | None, name: str) -> Table:
        key = self.rel_key(schema, name)
        t = self.schema.tables.get(key)
        if t is None:
            raise ParseFailure(f"table {key} is not declared earlier in the file")
        return t

    def unique_relname(self, schema: str, name1: str, name2: str | None, label: str) -> str:
        """ChooseRelationName: add a number to the label until the name is free."""
        n = 0
        while True:
            lab = label if n == 0 else f"{label}{n}"
            cand = make_object_name(name1, name2, lab)
            if f"{schema}.{cand}" not in self.relnames:
                return cand
            n += 1

    def resolve_type(self, ref: TypeRef) -> ColumnType:
        if ref.builtin is not None:
            ct = copy.copy(ref.builtin)
            ct.array_dims = ref.array_dims
            return ct
        if ref.schema is not None:
            qual = f"{ref.schema}.{ref.name}"
        else:
            qual = ""
            for s in self.path():
                if f"{s}.{ref.name}" in self.types:
                    qual = f"{s}.{ref.name}"
                    break
            if not qual:
                # An extension's type (citext, cube, geometry…): in the extension's schema.
                schema = self.ext_schemas[0] if self.ext_schemas else self.creation_schema()
                qual = f"{schema}.{ref.name}"
        ct = extension_type(qual, ref.mods)  # vector(3), geometry(Point,4326)
        ct.array_dims = ref.array_dims
        return ct

    def note_role(self, name: str) -> None:
        if name.lower() not in _PSEUDO_ROLES and not name.startswith("pg_"):
            self.roles.setdefault(name, None)

    def type_key(self, schema: str | None, name: str) -> str:
        if schema:
            return f"{schema}.{name}"
        for s in self.path():
            if f"{s}.{name}" in self.types:
                return f"{s}.{name}"
        return f"{self.creation_schema()}.{name}"
