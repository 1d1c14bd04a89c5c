"""A running balance: a row that carries an amount and the balance after it (`balance_after`,
`running_balance`, `running_total`, `new_balance`…) under a parent it belongs to (an account,
a wallet, a portfolio) is one step of that parent's books: in the parent's time order, each
balance is the previous one plus the amount.

The shape triggers it, not a table's name: a money column named as an amount (`amount`,
`delta`, `change`, `value`), a money column named as a balance after the row, a single-column
foreign key to the parent (NOT NULL, a parent named like an account first) and an order (the
row's creation time, else its first time column; then the primary key). A balance before the
row (`balance_before`, `previous_balance`) is the balance after less the amount.

The amount's sign follows the row's kind where a type column says which way money goes
(`transfer_out`, `withdrawal`, `fee`, `card_payment`, `debit` take money out; `transfer_in`,
`deposit`, `interest`, `refund`, `credit` put it in): applied per batch, before the rows are
sent. The balances need every row of a parent, which different batches hold: they are
computed in SQL once the table is loaded (load/running_load.py: one window sum per table),
from an opening balance the parent states (`opening_balance`, `initial_balance`) or else the
first row's drawn balance less its amount."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.rules import money
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

_AMOUNT_WORDS = frozenset({"amount", "delta", "change", "value", "sum", "movement", "amt"})
# (not `current` nor a bare `balance`: an account's current balance, an invoice's balance due)
_AFTER_WORDS = frozenset({"after", "new", "running", "resulting", "post", "closing",
                          "cumulative"})  # fmt: skip
_BEFORE_WORDS = frozenset({"before", "previous", "prev", "prior", "old", "pre", "opening"})
_RUNNING_NAMES = frozenset({"running_total", "cumulative_total", "running_sum",
                            "cumulative_amount", "cumulative_sum"})  # fmt: skip
_OPENING_WORDS = frozenset({"opening", "initial", "starting", "start", "open"})
_OWNER_WORDS = frozenset({"account", "accounts", "wallet", "wallets", "portfolio", "portfolios",
                          "ledger", "ledgers", "fund", "funds", "pot", "pots", "card", "cards",
                          "envelope", "envelopes", "purse", "purses", "book", "books"})  # fmt: skip
# which way a kind of row moves money, by the words of its label
_OUT_WORDS = frozenset({"out", "outgoing", "outbound", "withdrawal", "withdraw", "payment",
                        "fee", "fees", "charge", "debit", "purchase", "spend", "sent", "send",
                        "sell", "payout", "chargeback", "penalty", "tax"})  # fmt: skip
_IN_WORDS = frozenset({"in", "incoming", "inbound", "deposit", "interest", "credit", "refund",
                       "topup", "top", "received", "receive", "income", "salary", "cashback",
                       "dividend", "bonus", "reward", "payin"})  # fmt: skip


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


def _money(view: TableView, name: str) -> bool:
    spec = view.specs[name]
    return spec.kind in ("decimal", "float", "int") and money.is_money_column(
        view.schema, view.table, name, spec.generator
    )


def _balances(view: TableView) -> tuple[str, str | None] | None:
    """The balance after the row, and the one before it if the row states it."""
    after = before = None
    for name in view.specs:
        words = _words(name)
        if not _money(view, name) or not ({"balance", "total", "sum"} & words):
            continue
        if words & _BEFORE_WORDS:
            before = before or name
        elif (words & _AFTER_WORDS and words & {"balance", "total", "sum"}) or normalise(
            name
        ) in _RUNNING_NAMES:
            after = after or name
    return None if after is None else (after, before)


def _amount(view: TableView, taken: set[str]) -> str | None:
    found = [
        n for n in view.specs
        if n not in taken and view.specs[n].kind in ("decimal", "float", "int")
        and n not in view.fk_cols and _words(n) & _AMOUNT_WORDS
        and not _words(n) & {"balance", "total"}
    ]  # fmt: skip
    return min(found, key=lambda n: normalise(n) != "amount") if found else None


def _owner(view: TableView) -> tuple[str, str, str] | None:
    """(the key column, the parent table, the parent's referenced column) of the parent the
    balance runs under."""
    ranked = []
    for at, fk in enumerate(view.table.foreign_keys):
        if len(fk.columns) != 1 or fk.ref_qualified == view.tp.name:
            continue
        column = view.table.column(fk.columns[0])
        if column is None or fk.columns[0] in money.currency_columns(
            view.schema, view.table, view.config
        ):
            continue
        parent = normalise(fk.ref_qualified.rsplit(".", 1)[-1])
        rank = (not _OWNER_WORDS & set(parent.split("_")), column.nullable, at)
        ranked.append((rank, fk.columns[0], fk.ref_qualified, fk.ref_columns[0]))
    if not ranked:
        return None
    _, key, parent, ref = min(ranked)
    return key, parent, ref


def _order(view: TableView) -> list[str]:
    """The row's time (its creation time, else its first time column), then its key."""
    pk = list(view.table.primary_key.columns) if view.table.primary_key else []
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is None:
        anchor = next((n for n, s in view.specs.items() if s.kind in ("timestamp", "date")), None)
    return [c for c in [anchor, *pk] if c is not None] or list(view.specs)[:1]


def _opening(view: TableView, parent: str) -> str | None:
    table = view.schema.tables.get(parent)
    if table is None:
        return None
    for column in table.columns:
        words = _words(column.name)
        if "balance" in words and words & _OPENING_WORDS:
            return column.name
    return None


def _directions(view: TableView, amount: str) -> dict[str, Any] | None:
    """A type column whose labels say which way money goes: each label's sign."""
    for name, spec in view.specs.items():
        labels = labels_of(spec)
        if not labels or name == amount:
            continue
        signs = {}
        for label in labels:
            words = _words(label)
            out, into = bool(words & _OUT_WORDS), bool(words & _IN_WORDS)
            if out != into:
                signs[label] = -1.0 if out else 1.0
        if len(set(signs.values())) == 2:
            return {"column": name, "signs": signs}
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = _balances(view)
    if found is None:
        return []
    after, before = found
    amount = _amount(view, {after, *([before] if before else [])})
    owner = _owner(view)
    if amount is None or owner is None or not free(view, after):
        return []
    column, parent, ref = owner
    data: dict[str, Any] = {
        "amount": amount, "before": before if before and free(view, before) else None,
        "key": column, "parent": parent, "ref": ref, "order": _order(view),
        "opening": _opening(view, parent), "signs": None,
    }  # fmt: skip
    rules = []
    signs = _directions(view, amount)
    if signs is not None and free(view, amount):
        data["signs"] = signs
        detail = f"{amount}'s sign by {signs['column']}: money out negative, in positive"
        rules.append(Rule("signed_amount", [amount, signs["column"]], detail, signs))
    detail = (
        f"{after} = the previous {after} of the {column} + {amount}, "
        f"in order of {', '.join(data['order'])} (after the table is loaded)"
    )
    rules.append(Rule("running_balance", [after, amount, column], detail, data))
    return rules


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if rule.kind != "signed_amount":
        return  # the balances: load/running_load.py, once every row is in
    amount, kind = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if amount is None or kind is None:
        return
    labels = np.asarray(kind.values).astype(str)
    sign = np.zeros(labels.size)
    for label, s in rule.data["signs"].items():
        sign[labels == label] = s
    rows = (sign != 0) & ~kind.nulls & ~amount.nulls
    held = np.abs(np.asarray(amount.values, dtype=float))
    amount.values[rows] = (held * sign)[rows].astype(amount.values.dtype)


RULE = RowRule(
    "running_balance",
    "a balance after each row is the previous balance plus the amount, per parent in time order",
    _plan,
    _apply,
    phases={"signed_amount": Phase.ROW, "running_balance": Phase.FINAL},
    after=("arithmetic", "recent"),
    before=("after_parent",),
)
