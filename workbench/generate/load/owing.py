"""What a parent settled through its payments owes and which parents are paid
(rules/settlement.py): SQL pieces the settlement's post-pass (load/settle_load.py) shares.
What it owes is its total where it states one, else what its lines charge (their amount, or
their price times their quantity) less its discount; a parent is paid in full when its status
means done, in part when it is under way and began by the run's clock, and not at all
otherwise (called off, failed, still to come, or under way in the future)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from psycopg import sql

from workbench.generate.load.detach import qualified_ident


@dataclass(frozen=True)
class Ways:
    """The rule's data, its parent's done and under-way labels, and the run's clock."""

    data: dict[str, Any]
    done: list[str]
    still: list[str]
    now: str

    def due(self) -> sql.Composable:
        """SELECT (k, charged): each parent owing more than nothing, by its key."""
        data = self.data
        ref, parent = sql.Identifier(data["ref"]), qualified_ident(data["parent"])
        if data.get("total"):
            return sql.SQL(
                "SELECT p.{ref} AS k, p.{total} AS charged FROM {parent} p WHERE p.{total} > 0"
            ).format(ref=ref, total=sql.Identifier(data["total"]), parent=parent)
        lines = self.charged()
        off: sql.Composable = sql.SQL("0")
        if data.get("off"):
            off = sql.SQL("coalesce(p.{}, 0)").format(sql.Identifier(data["off"]))
        return sql.SQL(
            "SELECT c.k, c.charged - {off} AS charged FROM ({lines}) c"
            " JOIN {parent} p ON p.{ref} = c.k WHERE c.charged - {off} > 0"
        ).format(off=off, lines=lines, parent=parent, ref=ref)

    def charged(self) -> sql.Composable:
        """SELECT (k, charged): what each parent's lines charge in all, by its key."""
        data = self.data
        charge: sql.Composable = sql.SQL("l.{}").format(sql.Identifier(data["line_amount"]))
        if data.get("line_qty"):
            charge = sql.SQL("{} * coalesce(l.{}, 1)").format(
                charge, sql.Identifier(data["line_qty"])
            )
        return sql.SQL(
            "SELECT l.{key} AS k, sum({charge}) AS charged FROM {line} l"
            " WHERE l.{key} IS NOT NULL GROUP BY 1"
        ).format(
            key=sql.Identifier(data["line_key"]), charge=charge, line=qualified_ident(data["line"])
        )

    def settled(self, alias: str) -> sql.Composable:
        """Whether the parent (as `alias`) is paid in full: its status means done."""
        return sql.SQL("coalesce({}.{}::text = ANY({}), false)").format(
            sql.Identifier(alias), sql.Identifier(self.data["status"]), sql.Literal(self.done)
        )

    def part(self, alias: str) -> sql.Composable:
        """Whether the parent is paid in part: under way, and begun by the run's clock."""
        began: sql.Composable = sql.SQL("true")
        if self.data.get("since"):
            began = sql.SQL("coalesce({}.{}::timestamptz <= {}::timestamptz, true)").format(
                sql.Identifier(alias), sql.Identifier(self.data["since"]), sql.Literal(self.now)
            )
        return sql.SQL("(coalesce({}.{}::text = ANY({}), false) AND {})").format(
            sql.Identifier(alias), sql.Identifier(self.data["status"]), sql.Literal(self.still),
            began,
        )  # fmt: skip

    def leave(self, alias: str) -> sql.Composable:
        """Whether the parent is paid nothing: neither done nor under way since it began."""
        return sql.SQL("NOT ({} OR {})").format(self.settled(alias), self.part(alias))
