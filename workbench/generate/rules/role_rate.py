"""An hour of a person's work costs what their role's hour costs: a partner's billing rate
several times a trainee's, a head chef's pay above a line cook's and a porter's. The role is
the row's own or an ancestor's (a key or two away: a rate of a timekeeper of a role): a label
column whose labels mostly name roles (an enum's, a CHECK's list: `head_chef`, `sommelier`),
or the name of a table of a trade's roles (kinds/reference_lists.py: its rows the trade's
real roles, most senior first). The hour's money is a rate per hour (kinds/unit_prices.py:
`hourly_rate`, `rate_per_hour`); each is drawn around its role's typical rate, between its
lowest and highest (vocab/data/role_rates.tsv), in US dollars, and the money rule scales it
to the row's currency. A role the file does not know keeps the rate drawn. Nothing here names
a table: the roles are data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from workbench.generate.rules.base import Phase, RowRule, Rule, free
from workbench.generate.rules.label_bands import Bands, draw, labelled, role_column
from workbench.generate.vocab.money_bands import role_rate

if TYPE_CHECKING:
    from workbench.generate.view import TableView
    from workbench.schema.model import Schema, Table


def _role_of(schema: Schema, table: Table) -> tuple[str, Bands] | None:
    """The table's column naming roles and each role's hourly band."""
    return role_column(schema, table, role_rate)


def keep_columns(view: TableView) -> set[str]:
    """This table's roles, which the rates of its people's rows read."""
    found = _role_of(view.schema, view.table)
    return {found[0]} if found is not None else set()


def _hourly(view: TableView, name: str) -> bool:
    spec = view.specs[name]
    return spec.generator == "price_per_unit" and spec.params.get("unit") == "hour"


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    rates = [c for c in view.specs if _hourly(view, c) and free(view, c)]
    found = labelled(view, _role_of) if rates else None
    if found is None:
        return []
    data, where = found
    detail = f"by {where} {data['source']}: what an hour of that role costs"
    return [Rule("role_rate", [name], f"{name} {detail}", dict(data)) for name in rates]


RULE = RowRule(
    "role_rate",
    "an hour of a person's work costs what an hour of their role costs (a partner, a porter)",
    _plan,
    draw,
    phases={"role_rate": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("item_price",),
    before=("lineage",),
)
