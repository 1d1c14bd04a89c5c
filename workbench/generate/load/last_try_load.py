"""The done parents' times post-pass (rules/last_try.py): once every table is loaded (the
tries' times final), a parent whose status says its tries were done is done shortly after its
last try ended (the try with the highest number, else the latest to end; its end the latest
of its times), up to LAG_HOURS after it by a hash of the parent's key, never past the run's
clock nor a later stamp of the parent's, nor before the parent came to be; staged and CHECKed
as the totals are (totals_load.rewrite)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import sql

from workbench.generate.base import clock
from workbench.generate.load.detach import qualified_ident
from workbench.generate.load.rewrite import rewrite
from workbench.generate.load.totals_load import post_pass
from workbench.generate.rules.base import free
from workbench.generate.rules.last_try import LAG_HOURS

if TYPE_CHECKING:
    from collections.abc import Callable

    from workbench.generate.plan.tables import Plan
    from workbench.generate.rows.assembler import TableGenerator
    from workbench.generate.rules.base import Rule


def apply_last_tries(
    conn: Any,
    plan: Plan,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    """Every done parent's time from its last try, in one transaction."""
    post_pass(
        conn,
        plan,
        generators,
        "last_try",
        lambda gen, rule: _follow(conn, gen, rule, generators, warn),
    )


def _stamp(column: str) -> sql.Composable:
    """A parent's time as a timestamptz (a date at its start)."""
    return sql.SQL("t.{}::timestamptz").format(sql.Identifier(column))


def _follow(
    conn: Any,
    gen: TableGenerator,
    rule: Rule,
    generators: dict[str, TableGenerator],
    warn: Callable[[list[str]], None],
) -> None:
    data = rule.data
    owner = generators.get(data["parent"])
    if owner is None or not free(owner.view, data["done_at"]):
        return
    specs = owner.view.specs
    done_spec = specs.get(data["done_at"])
    if done_spec is None:
        return
    table, parent = qualified_ident(gen.tp.name), qualified_ident(data["parent"])
    key, ref = sql.Identifier(data["fk"]), sql.Identifier(data["ref"])
    ends = sql.SQL(", ").join(
        sql.SQL("c.{}::timestamptz").format(sql.Identifier(c)) for c in data["times"]
    )
    ended = sql.SQL("greatest({})").format(ends) if len(data["times"]) > 1 else ends
    order: list[sql.Composable] = []
    if data.get("number"):
        order.append(sql.SQL("c.{} DESC NULLS LAST").format(sql.Identifier(data["number"])))
    order.append(sql.SQL("{} DESC NULLS LAST").format(ended))
    order += [sql.SQL("c.{} DESC").format(sql.Identifier(c)) for c in data["order"]]
    now = sql.Literal(str(clock.run_now(owner.view.config)) + "+00:00")
    caps: list[sql.Composable] = [sql.SQL("{}::timestamptz").format(now)]
    caps += [_stamp(c) for c in data["later"] if c in specs]
    lag = sql.SQL(
        "x.ended + interval '1 hour' * {lag} * ((hashtext(t.{ref}::text || '/done') & 1023)"
        " / 1023.0)"
    ).format(lag=sql.Literal(LAG_HOURS), ref=ref)
    value: sql.Composable = sql.SQL("least({})").format(sql.SQL(", ").join([lag, *caps]))
    anchor = data.get("anchor")
    if anchor and anchor in specs and anchor != data["done_at"]:
        value = sql.SQL("greatest({}, {})").format(value, _stamp(anchor))
    if done_spec.kind == "date":
        value = sql.SQL("({})::date").format(value)
    source = sql.SQL(
        "{parent} t JOIN (SELECT DISTINCT ON (c.{key}) c.{key} AS k, {ended} AS ended"
        " FROM {table} c WHERE c.{key} IS NOT NULL ORDER BY c.{key}, {order}) x"
        " ON x.k = t.{ref} AND x.ended IS NOT NULL"
        " AND t.{status}::text = ANY({done}) AND t.{done_at} IS NOT NULL"
    ).format(
        parent=parent, key=key, ended=ended, table=table, order=sql.SQL(", ").join(order),
        ref=ref, status=sql.Identifier(data["status"]), done=sql.Literal(data["done"]),
        done_at=sql.Identifier(data["done_at"]),
    )  # fmt: skip
    rewrite(conn, owner, data["done_at"], value, source, warn)
