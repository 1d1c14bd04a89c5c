"""Generate a domain's sandbox through the engine and measure every rule on it.

`generate_domain` writes a sandbox project (sandbox.toml pointing at an existing empty
database, the domain's schema as schema.sql, `[generate] now` when the run's clock is pinned)
and runs `Engine.generate` with the given rows per table and seed, no snapshot kept. `measure`
loads the reference facts into the database and runs each rule's query in a read-only
transaction: one `Share` per rule; given the pinned instant, each query reads the clock as
that instant (tests/realism/clock.py), so a rule near the clock judges the rows as of the
run's clock whenever and on whatever day it is measured."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import psycopg

from tests.realism.clock import ClockError, at_instant
from tests.realism.reference import load_reference, reads_cities
from tests.realism.rules import Domain, Rule
from workbench.config.file import load_config
from workbench.engine import Engine
from workbench.trust.checkout import trust

# The bar #25 sets: a rule holds when it holds on at least this share of the rows it judges.
BAR = 0.98
ROWS = 1000
SEED = 1


@dataclass(frozen=True)
class Share:
    domain: str
    rule: Rule
    applies: int
    holds: int
    error: str = ""

    @property
    def share(self) -> float:
        return self.holds / self.applies if self.applies else 0.0

    @property
    def meets_bar(self) -> bool:
        return not self.error and self.applies > 0 and self.share >= BAR


def generate_domain(
    domain: Domain,
    shared: Path,
    project: Path,
    conninfo: str,
    *,
    rows: int = ROWS,
    seed: int = SEED,
    now: str | None = None,
) -> None:
    """Fill the (existing, empty) database `conninfo` names with the domain's schema; `now`
    (ISO, "2026-03-10T09:00:00+00:00") pins the run's clock, else it is the minute it starts."""
    project.mkdir(parents=True, exist_ok=True)
    (project / "schema.sql").write_text(domain.schema_path(shared).read_text())
    dbname = psycopg.conninfo.conninfo_to_dict(conninfo)["dbname"]
    pinned = f'[generate]\nnow = "{now}"\n' if now else ""
    (project / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{dbname}"\ndsn = "{conninfo}"\nschema = "schema.sql"\n{pinned}'
    )
    # the DSN names the cluster's passfile: a choice the user trusts (workbench trust)
    trust(load_config(project / "sandbox.toml"))
    Engine(str(project / "sandbox.toml")).generate(rows=rows, seed=seed, keep_snapshot=False)


def run_rule(conn: psycopg.Connection, domain: str, rule: Rule, now: str | None = None) -> Share:
    """One rule's (applies, holds), its clock read as `now` when given; an error (a query
    that fails or returns the wrong shape, a clock it cannot pin) is kept in the share, not
    raised, so one broken rule does not hide the others."""
    try:
        sql = at_instant(rule.sql, now) if now else rule.sql
    except ClockError as err:
        return Share(domain, rule, 0, 0, f"ClockError: {err}")
    try:
        with conn.transaction():
            conn.execute("SET TRANSACTION READ ONLY")
            conn.execute("SET LOCAL statement_timeout = '60s'")
            rows = conn.execute(sql).fetchall()
    except psycopg.Error as err:
        return Share(domain, rule, 0, 0, f"{type(err).__name__}: {str(err).strip()}")
    if len(rows) != 1 or len(rows[0]) != 2:
        return Share(domain, rule, 0, 0, f"returned {len(rows)} rows; expected 1 row of 2")
    applies, holds = rows[0]
    if not isinstance(applies, int) or not isinstance(holds, int) or not 0 <= holds <= applies:
        return Share(
            domain, rule, 0, 0, f"returned ({applies}, {holds}); expected 0 <= holds <= applies"
        )
    return Share(domain, rule, applies, holds)


def measure(conninfo: str, domain: Domain, now: str | None = None) -> list[Share]:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        load_reference(conn, cities=reads_cities(*(rule.sql for rule in domain.rules)))
        return [run_rule(conn, domain.name, rule, now) for rule in domain.rules]
