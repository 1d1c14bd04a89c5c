"""The one facade every front end calls (CLI, TUI, MCP, Python API).

An `Engine` is bound to one sandbox.toml. Each operation validates, goes through the guard for
every connection, reports progress as events and raises `WorkbenchError`s with a clear message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from psycopg import sql

from workbench.config import Config, load_config
from workbench.errors import CapabilityRefusal, DatabaseError, WorkbenchError
from workbench.guard import Guard, Target
from workbench.server import EmbeddedServer


@dataclass
class SandboxStatus:
    target: str
    embedded: bool
    server_running: bool | None
    database_exists: bool
    marked: bool
    user_tables: int

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class Engine:
    def __init__(
        self,
        config: Config | str | Path | None = None,
        *,
        cli_dsn: str | None = None,
    ) -> None:
        self.config = config if isinstance(config, Config) else load_config(config)
        self.guard = Guard(self.config, cli_dsn=cli_dsn)

    # --- plumbing --------------------------------------------------------------------------

    @property
    def embedded(self) -> bool:
        return self.config.sandbox.embedded

    @property
    def server(self) -> EmbeddedServer:
        return EmbeddedServer(self.config)

    def target(self) -> Target:
        return self.guard.target()

    def require(self, capability: str, action: str) -> None:
        if capability not in self.config.sandbox.capabilities:
            raise CapabilityRefusal(
                f"{action} needs the {capability!r} capability, and sandbox.toml grants only "
                f"{', '.join(self.config.sandbox.capabilities) or 'none'} "
                "(key sandbox.capabilities)."
            )

    def ensure_server(self) -> None:
        """Start the embedded cluster when it is the target (a no-op otherwise)."""
        if self.embedded:
            self.server.start()

    def connect(self, *, autocommit: bool = True) -> psycopg.Connection:
        self.ensure_server()
        return self.guard.connect(autocommit=autocommit)

    def _database_exists(self) -> bool:
        with self.guard.connect(maintenance=True) as conn:
            row = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (self.config.sandbox.name,)
            ).fetchone()
            return row is not None

    # --- up / down / status ----------------------------------------------------------------

    def up(self) -> SandboxStatus:
        """Start the embedded cluster if it is the target, create the sandbox database with its
        marker when missing (idempotent), claim an existing one only if it holds no user tables."""
        self.require("write", "workbench up")
        self.ensure_server()
        name = self.config.sandbox.name
        if not self._database_exists():
            with self.guard.connect(maintenance=True) as conn:
                try:
                    conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
                except psycopg.errors.DuplicateDatabase:
                    pass  # created meanwhile by another process
                except psycopg.Error as err:
                    raise DatabaseError(
                        f"Could not create database {name!r} on {self.target().display}: "
                        f"{self.guard.redact(str(err).strip())}"
                    ) from None
        with self.guard.connect() as conn:
            self.guard.ensure_destructive_allowed(conn)
        return self.status()

    def down(self) -> bool:
        """Drop the sandbox database (only when it carries the marker or is empty)."""
        self.require("reset", "workbench down")
        self.ensure_server()
        if not self._database_exists():
            return False
        with self.guard.connect() as conn:
            self.guard.ensure_destructive_allowed(conn)
        with self.guard.connect(maintenance=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(self.config.sandbox.name)
                )
            )
        return True

    def status(self) -> SandboxStatus:
        from workbench.guard import user_table_count

        target = self.target()
        running: bool | None = self.server.is_running() if self.embedded else None
        exists = marked = False
        tables = 0
        if running is not False:
            exists = self._database_exists()
            if exists:
                with self.guard.connect() as conn:
                    marked = self.guard.has_marker(conn)
                    tables = user_table_count(conn)
        return SandboxStatus(
            target=target.display,
            embedded=self.embedded,
            server_running=running,
            database_exists=exists,
            marked=marked,
            user_tables=tables,
        )

    # --- env -------------------------------------------------------------------------------

    def database_url(self) -> dict[str, Any]:
        """The sandbox URL for the application under test, never holding a password: the
        embedded cluster's URL names its passfile; an external DSN from `dsn_env` is referred
        to by its variable; an inline DSN is printed without its password."""
        target = self.target()
        sandbox = self.config.sandbox
        if target.embedded:
            state = self.server.state()
            assert state is not None
            url = (
                f"postgresql://workbench@{target.host}:{state.port}/{target.dbname}"
                f"?passfile={quote(str(self.server.passfile))}"
            )
            return {"database_url": url, "passfile": str(self.server.passfile)}
        if sandbox.dsn_env is not None:
            return {"database_url": None, "from_env": sandbox.dsn_env}
        params = psycopg.conninfo.conninfo_to_dict(target.conninfo)
        params.pop("password", None)
        user = params.get("user")
        where = target.host if target.host.startswith("/") else f"{target.host}:{target.port}"
        auth = f"{quote(str(user))}@" if user else ""
        url = f"postgresql://{auth}{where}/{target.dbname}"
        if target.host.startswith("/"):
            url = f"postgresql://{auth}/{target.dbname}?host={quote(target.host)}"
        return {"database_url": url}

    # --- doctor ----------------------------------------------------------------------------

    def doctor(self) -> list[dict[str, Any]]:
        from workbench.doctor import run_doctor

        return [check.to_dict() for check in run_doctor(self)]


def safe_error_message(engine: Engine | None, err: BaseException) -> str:
    """An error's text with the sandbox's secrets removed."""
    text = str(err)
    if engine is not None:
        text = engine.guard.redact(text)
    return text


__all__ = ["Engine", "SandboxStatus", "WorkbenchError", "safe_error_message"]
