"""A price of a thing the table's name says is priced, at what such a thing costs where it is
sold: a price list of tickets (`ticket_prices`, `ticket_tariffs`, a `tickets` table's own
`price`) under a cinema costs what a cinema ticket costs, under a museum what a museum's
entry does, and never a hundred or a thousand of the row's currency.

The thing is the table's name less its price words (`ticket_prices` → ticket, `entry_fees` →
entry); where it is sold, the nouns of the tables the row references, a key or two away (a
price list's cinema, a showtime's screen's cinema). The pair, the venue's noun first
(`cinema_ticket`, `museum_entry`), is looked up in what items sell for
(vocab/data/item_prices.tsv), else the thing alone; a pair or thing the file does not know
keeps the price drawn, as does a column another rule already prices (a kind column's labels:
rules/item_price.py). Each price is drawn log-normally around the typical price, within its
lowest and highest, in US dollars; the money rule then scales it to the row's currency (a
Swedish ticket about ten times a dollar one). Nothing here names a table: the things, the
venues and their prices are the data file's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.paths import paths_of
from workbench.generate.vocab.money_bands import named_item_price

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the words of a table's name that say it lists prices, not what is priced
PRICE_NAMES = frozenset(
    {"price", "prices", "pricing", "fare", "fares", "fee", "fees", "tariff", "tariffs", "rate",
     "rates", "list", "lists", "schedule", "schedules", "band", "bands", "table", "tables",
     "cost", "costs", "charge", "charges"}
)  # fmt: skip
_SIGMA = 6.0  # a band's width (lowest to highest, in logs) over the prices' spread
_STEM = "price"  # the word of a column that holds the price (price, base_price, unit_price)


def _singular(word: str) -> list[str]:
    """The word's singular forms, the shortest last (tickets: ticket)."""
    return sorted(singular_forms(word), key=len, reverse=True)


def _thing(name: str) -> list[str]:
    """What a table's name says is priced, in its spellings, the whole phrase before its last
    noun alone: `ticket_prices` → ticket, `ride_ticket_tariffs` → ride_ticket, ticket."""
    words = [w for w in normalise(name).split("_") if w and w not in PRICE_NAMES]
    if not words or len(words) > 3:
        return []
    forms = _singular(words[-1])
    out = ["_".join([*words[:-1], form]) for form in forms]
    return out + [form for form in forms if form not in out]


def _venues(view: TableView) -> list[str]:
    """The nouns of the tables the row references, a key away first, then two."""
    out: list[str] = []
    for hops in (False, True):
        for path in paths_of(view):
            if (path.via is not None) != hops:
                continue
            for word in normalise(path.table.rsplit(".", 1)[-1]).split("_"):
                for form in _singular(word):
                    if form not in out:
                        out.append(form)
    return out


def band_of(view: TableView) -> tuple[str, tuple[float, float, float]] | None:
    """(what is priced, its band in US dollars) for the table's rows, or None."""
    things = _thing(view.table.name)
    if not things:
        return None
    for venue in _venues(view):
        for thing in things:
            band = named_item_price(f"{venue}_{thing}")
            if band is not None:
                return f"{venue}_{thing}", band
    for thing in things:
        band = named_item_price(thing)
        if band is not None:
            return thing, band
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    taken = {c for r in planned for c in r.columns}
    prices = [c for c, s in view.specs.items()
              if s.generator == "price" and _STEM in normalise(c).split("_")
              and c not in taken and free(view, c)]  # fmt: skip
    found = band_of(view) if prices else None
    if found is None:
        return []
    thing, band = found
    detail = f"what a {thing.replace('_', ' ')} costs ({band[0]:g}-{band[2]:g} US dollars)"
    return [Rule("priced_noun", [name], f"{name}: {detail}", {"band": band}) for name in prices]


def _draw(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    col = batch.get(rule.columns[0])
    if col is None or not idx.size:
        return
    rows = ~col.nulls
    k = int(rows.sum())
    if not k:
        return
    lo, typical, hi = rule.data["band"]
    rng = row_rng(view, rule, idx)
    spec = view.specs[rule.columns[0]]
    step = spec.step or 0.01
    made = np.clip(typical * np.exp(rng.normal(0.0, np.log(hi / lo) / _SIGMA, k)), lo, hi)
    bounds = spec.info.bounds()
    if bounds is not None:
        made = np.clip(made, bounds[0], bounds[1])
    made = np.maximum(np.round(made / step) * step, step)
    col.values[rows] = made.astype(col.values.dtype)


RULE = RowRule(
    "priced_noun",
    "a price of what the table's name prices, at what such a thing costs where it is sold",
    _plan,
    _draw,
    phases={"priced_noun": Phase.PARENTS},  # before lineage's money scales it to the currency
    after=("party_currency",),  # (after item_price and role_rate: a kind column prices first)
    before=("tier_spread", "lineage"),
)
