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
from workbench.generate.base.tables import required_parents
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.meets import personal
from workbench.generate.rules import money
from workbench.generate.rules.allowance import allowance_of, starts_with_parent
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.lifetime import LIFETIME_WORDS
from workbench.generate.vocab import lexicon
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Table

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
# (points and stored value too: a loyalty scheme's earn / redeem / expire, a card's top-up and
# fare, stock's restock and usage)
_OUT_WORDS = frozenset({"out", "outgoing", "outbound", "withdrawal", "withdraw", "payment",
                        "fee", "fees", "charge", "debit", "purchase", "spend", "sent", "send",
                        "sell", "payout", "chargeback", "penalty", "tax", "redeem", "redeemed",
                        "redemption", "expire", "expired", "expiry", "expiration", "fare",
                        "usage", "use", "used", "consume", "consumed", "consumption",
                        "deduct", "deduction", "burn", "burned", "forfeit", "forfeited",
                        "spent", "sale", "sold", "off", "writeoff", "shrinkage", "loss",
                        "waste", "scrap", "damaged"})  # fmt: skip
_IN_WORDS = frozenset({"in", "incoming", "inbound", "deposit", "interest", "credit", "refund",
                       "topup", "top", "received", "receive", "income", "salary", "cashback",
                       "dividend", "bonus", "reward", "payin", "earn", "earned", "earning",
                       "accrue", "accrued", "accrual", "award", "awarded", "load", "loaded",
                       "reload", "recharge", "replenish", "restock", "receipt"})  # fmt: skip


def _words(name: str) -> set[str]:
    return set(normalise(name).split("_"))


_NUMERIC = ("decimal", "float", "int")
_BALANCE_WORDS = frozenset({"balance", "total", "sum"})
# the after words that make a count a balance on their own (`quantity_after`, `points_running`)
_STRICT_AFTER = frozenset({"after", "running", "resulting", "cumulative"})


def _money(view: TableView, name: str) -> bool:
    spec = view.specs[name]
    return spec.kind in _NUMERIC and money.is_money_column(
        view.schema, view.table, name, spec.generator
    )


def _same_kind(view: TableView, a: str, b: str) -> bool:
    """Two numbers of one kind: both money or both not, or both decimals (a pay beside its
    year-to-date sum)."""
    decimals = {view.specs[a].kind, view.specs[b].kind} <= {"decimal", "float"}
    return decimals or _money(view, a) == _money(view, b)


def _numbers(view: TableView) -> list[str]:
    return [n for n, s in view.specs.items() if s.kind in _NUMERIC and n not in view.fk_cols]


def _stem(name: str) -> set[str]:
    """What a balance counts by its name (`stars` of `stars_after`; none of `balance_after`)."""
    return _words(name) - _AFTER_WORDS - _BEFORE_WORDS - _BALANCE_WORDS - _RUNNING_WORDS


_RUNNING_WORDS = frozenset({"running", "cumulative", "total"})


def _counts_with(view: TableView, name: str) -> bool:
    """A count after the row whose sibling moves it (`stars_after` beside `stars_delta`, a
    meter's `credit_after` beside the decimal `amount`): a strict after word, and another
    number named as an amount, for the same thing or, for decimals, a bare amount."""
    stem = _stem(name)
    if not stem or not _words(name) & _STRICT_AFTER:
        return False
    decimal = view.specs[name].kind in ("decimal", "float")
    for n in _numbers(view):
        if n == name or not _words(n) & _AMOUNT_WORDS:
            continue
        if stem <= _words(n) or (
            decimal and normalise(n) in _AMOUNT_WORDS and _same_kind(view, n, name)
        ):
            return True
    return False


def _units(balance: str, amount: str) -> set[str]:
    """What the books count, by the balance's and the amount's names (`points`, `stars`)."""
    return ((_words(amount) | _words(balance)) & lexicon.COUNTED) | _stem(balance)


def _balances(view: TableView) -> tuple[str, str | None] | None:
    """The balance after the row, and the one before it if the row states it: a balance or
    total of money, or of anything a ledger counts (`balance_after` of points,
    `quantity_after`), named with an after word."""
    after = before = None
    for name in _numbers(view):
        words = _words(name)
        counted = bool(words & lexicon.COUNTED or _counts_with(view, name))
        if not (words & _BALANCE_WORDS or counted) or lexicon.to_date(name):
            continue
        if not (_money(view, name) or words & _BALANCE_WORDS or words & _STRICT_AFTER):
            continue  # a count with a loose after word (`new_items`) is no balance
        if words & _BEFORE_WORDS:
            before = before or name
        elif words & _AFTER_WORDS or normalise(name) in _RUNNING_NAMES:
            after = after or name
    return None if after is None else (after, before)


# a balance as it stands, not after a row (`current_balance`, `available_balance`)
_NOW_WORDS = frozenset({"current", "available", "remaining", "left", "hand"})


def _kind_balance(view: TableView) -> tuple[str, str | None] | None:
    """A balance named bare (`balance`, `points_balance`) on a row whose kind says which way
    it moves the books (`earn` / `redeem`, `deposit` / `withdrawal`): the balance after it.
    (Without such a kind a bare balance is a row's own: an invoice's balance due.)"""
    for name in _numbers(view):
        words = _words(name)
        if "balance" not in words or words & (_BEFORE_WORDS | _OPENING_WORDS | _NOW_WORDS):
            continue
        amount = _amount(view, name, {name})
        if amount is not None and not lexicon.to_date(name) and _directions(view, amount):
            return name, None
    return None


def _amount(view: TableView, balance: str, taken: set[str]) -> str | None:
    """The amount each row moves the balance by: a number of the balance's kind named as an
    amount or as what the ledger counts, the balance's own count word first (`quantity`
    beside `quantity_after`)."""
    own = (_words(balance) & lexicon.COUNTED) | _stem(balance)
    found = [
        n for n in _numbers(view)
        if n not in taken and _words(n) & (_AMOUNT_WORDS | lexicon.COUNTED)
        and not _words(n) & (_BALANCE_WORDS | _AFTER_WORDS | _BEFORE_WORDS)
        and not lexicon.to_date(n) and _same_kind(view, n, balance)
    ]  # fmt: skip
    rank = {n: (normalise(n) != "amount", not _words(n) & own, i) for i, n in enumerate(found)}
    return min(found, key=rank.__getitem__) if found else None


def _to_date(view: TableView) -> tuple[str, str, str] | None:
    """(the running sum, the period it restarts with, the amount it sums) of a row that
    states a sum to date (`ytd_gross` beside `gross_pay`): its sibling sharing a word."""
    for name in _numbers(view):
        period = lexicon.to_date(name)
        if period is None:
            continue
        words = _words(name) - {"ytd", "mtd", "qtd", "year", "month", "quarter", "to", "date"}
        found = [
            n for n in _numbers(view)
            if n != name and words & _words(n) and not lexicon.to_date(n)
            and _same_kind(view, n, name)
        ]  # fmt: skip
        if found:
            return name, period, found[0]
    return None


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
        # an account first, then a person or party (a payslip's employee, not its pay run)
        party = personal(view.schema, fk.ref_qualified)
        rank = (not _OWNER_WORDS & set(parent.split("_")), not party, column.nullable, at)
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


# the words of a parent's balance as it stands now (`balance`, `current_balance`,
# `quantity_on_hand`, `points_available`)
_CURRENT_WORDS = frozenset({"balance", "current", "hand", "available", "remaining", "left"})
# what a parent holds as money where it states it without saying balance (`current_credit`,
# `remaining_value`, `available_funds`)
_HELD_WORDS = frozenset({"credit", "value", "funds"})


def _parent_numbers(
    view: TableView, parent: str, balance: str, amount: str
) -> tuple[list[tuple[str, set[str]]], set[str]]:
    """The parent's own numbers of the running balance's kind (int or not), no key and not
    generated, each with its name's words; and the units the books count."""
    table = view.schema.tables.get(parent)
    if table is None:
        return [], set()
    keys = {c for fk in table.foreign_keys for c in fk.columns}
    keys |= set(table.primary_key.columns) if table.primary_key else set()
    integer = view.specs[balance].kind == "int"
    numbers = []
    for column in table.columns:
        kind = resolve_type(view.schema, column.type).kind
        if column.name in keys or column.generated is not None or kind not in _NUMERIC:
            continue
        if (kind == "int") == integer:
            numbers.append((column.name, _words(column.name)))
    return numbers, _units(balance, amount)


def _current(view: TableView, parent: str, balance: str, amount: str) -> str | None:
    """The parent's balance as it stands (`points_balance`, `balance`, `quantity_on_hand`):
    a number of the running balance's kind, named as a balance (no opening, before or after
    word), of what the amount counts where it names it; the last balance after is written
    back to it."""
    numbers, counted = _parent_numbers(view, parent, balance, amount)
    found = []
    for name, words in numbers:
        if words & (_OPENING_WORDS | _BEFORE_WORDS | _AFTER_WORDS):
            continue
        own = words & (lexicon.COUNTED | counted)
        if own and not own & counted:
            continue  # a balance of something else (`miles_balance` beside points)
        held = words & _CURRENT_WORDS and (own or words & _HELD_WORDS)
        if "balance" in words or held or words == counted:  # (`stars` beside `stars_after`)
            found.append(name)
    return min(found, key=lambda n: normalise(n) != "balance") if found else None


# what a parent's lifetime sums name besides their direction (`total_loaded`,
# `lifetime_points`, `points_redeemed`, `lifetime_spend`)
_SUM_WORDS = LIFETIME_WORDS | {"total", "sum", "up", "topped", "amount", "value"}


def _lifetimes(
    view: TableView, parent: str, current: str, balance: str, amount: str
) -> list[list[str]]:
    """The parent's sums over its whole books beside its balance as it stands: (column,
    "in") for what came in (`lifetime_points`, `total_loaded`, `points_earned`), (column,
    "out") for what went out (`lifetime_spend`, `points_redeemed`); of the balance's kind and,
    where the name counts something, of what the books count."""
    numbers, counted = _parent_numbers(view, parent, balance, amount)
    found = []
    for name, words in numbers:
        if name == current:
            continue
        if words & (_OPENING_WORDS | _BEFORE_WORDS | _AFTER_WORDS | _CURRENT_WORDS):
            continue
        rest = words - _SUM_WORDS - _IN_WORDS - _OUT_WORDS
        if rest - counted or not words & (LIFETIME_WORDS | {"total"}):
            continue  # a sum of something else (`total_visits`), or no sum at all
        out, into = bool(words & _OUT_WORDS), bool(words & (_IN_WORDS | LIFETIME_WORDS))
        if out or into:
            found.append([name, "out" if out else "in"])
    return found


# the words a ledger's own kind column says its rows' ways with, by what the books count:
# (the units, the label of a row putting in, of one taking out)
_WAY_LABELS = (
    (frozenset({"points", "stars", "miles", "tokens", "coins", "stamps", "credits"}),
     "earn", "redeem"),
    (frozenset({"qty", "quantity", "units", "stock", "pieces", "items"}), "receipt", "issue"),
    (frozenset({"days", "hours", "minutes"}), "accrual", "usage"),
)  # fmt: skip
_KIND_WORDS = frozenset({"kind", "type", "direction"})


def _worded_kind(view: TableView, balance: str, amount: str) -> dict[str, str] | None:
    """A free-text column naming the row's kind (`kind`, `entry_type`, `direction`; no
    declared labels) on books whose amounts are drawn signed: it says which way each row
    went, in the words of what the books count (`earn` / `redeem` for points, `credit` /
    `debit` for money)."""
    units = _units(balance, amount)
    way = next(((i, o) for words, i, o in _WAY_LABELS if words & units), ("credit", "debit"))
    for name, spec in view.specs.items():
        if spec.info.kind != "text" or spec.generator != "text" or labels_of(spec):
            continue
        if normalise(name).split("_")[-1] not in _KIND_WORDS or not free(view, name):
            continue
        hints = spec.hints
        if hints.allowed or hints.regex or hints.excluded:
            continue
        if spec.info.length is not None and spec.info.length < max(map(len, way)):
            continue
        return {"column": name, "in": way[0], "out": way[1]}
    return None


def _unsigned(view: TableView, amount: str) -> bool:
    """An amount its CHECK keeps at or above zero (`points > 0`): the row's kind gives the
    sign, the column only the size."""
    lo = view.specs[amount].hints.lo
    return isinstance(lo, int | float) and lo >= 0


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


def _occasion(view: TableView, owner: str) -> dict[str, str] | None:
    """Where the row's own time is only a record time (`created_at`) or it has none: the
    time of the NOT NULL parent it happens in, other than its owner (a payslip's pay run's
    `pay_date`), which orders the owner's rows."""
    anchor = anchor_of(view.schema, view.table, view.config)
    if anchor is not None and not lexicon.record_time(anchor, view.specs[anchor].generator):
        return None
    for fk in view.table.foreign_keys:
        column = view.table.column(fk.columns[0])
        parent = view.schema.tables.get(fk.ref_qualified)
        if len(fk.columns) != 1 or fk.columns[0] == owner or column is None or column.nullable:
            continue
        if parent is None or parent is view.table:
            continue
        time = anchor_of(view.schema, parent, view.config)
        if time is not None and not lexicon.record_time(time):
            return {"key": fk.columns[0], "parent": fk.ref_qualified,
                    "ref": fk.ref_columns[0], "time": time}  # fmt: skip
    return None


def _country_column(view: TableView, table: Table) -> str | None:
    """A table's country as an alpha-2 code: a two-letter column named as a country."""
    for column in table.columns:
        info = resolve_type(view.schema, column.type)
        if "country" in _words(column.name) and info.kind == "text" and info.length == 2:
            return column.name
    return None


def _country_path(view: TableView, starts: list[tuple[str, str, str]]) -> dict[str, Any] | None:
    """The hops (key, table, referenced column) from the row to a country, through the
    first of `starts` (a parent the row names) that has one or whose NOT NULL parent has."""
    for key, parent, ref in starts:
        table = view.schema.tables.get(parent)
        if table is None:
            continue
        column = _country_column(view, table)
        if column is not None:
            return {"hops": [(key, parent, ref)], "column": column}
        for fk, grand in required_parents(view.schema, table):
            column = _country_column(view, grand)
            if column is not None:
                hops = [(key, parent, ref), (fk.columns[0], fk.ref_qualified, fk.ref_columns[0])]
                return {"hops": hops, "column": column}
    return None


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    owner = _owner(view)
    if owner is None:
        return []
    column, parent, ref = owner
    order = own = _order(view)
    via = _occasion(view, column)
    if via is not None and view.table.primary_key:
        # the parent's time, then the row's key: its record time is no order
        order = list(view.table.primary_key.columns)
    # the books of a row that states its own time (a transaction's `created_at`, drawn after
    # the visit it comes from) run in that time's order: whoever reads them reads that
    timed = any(s.kind in ("timestamp", "date") for s in view.specs.values())
    books_order, books_via = (own, None) if timed else (order, via)
    rules = []
    found = _balances(view) or _kind_balance(view)
    amount = None
    if found is not None and free(view, found[0]):
        after, before = found
        amount = _amount(view, after, {after, *([before] if before else [])})
    if found is not None and amount is not None:
        current = _current(view, parent, after, amount)
        data: dict[str, Any] = {
            "amount": amount, "before": before if before and free(view, before) else None,
            "key": column, "parent": parent, "ref": ref, "order": books_order,
            "opening": _opening(view, parent), "signs": None, "period": None,
            "current": current, "draw": False, "via": books_via, "country": None,
        }  # fmt: skip
        # a usage counter under an allowance (days used of the days a pack includes): from
        # zero, only adding, never past the allowance (rules/allowance.py)
        data["allowance"] = allowance_of(view, column, parent, ref, after, amount)
        data["zero"] = data["allowance"] is not None or starts_with_parent(view, parent, after)
        signs = _directions(view, amount)
        if data["allowance"] is not None:
            signs = None
        data["unsigned"] = unsigned = _unsigned(view, amount)
        if signs is not None and unsigned:
            data["signs"] = signs  # the kind signs the amount in the sums only
        elif signs is not None and free(view, amount):
            data["signs"] = signs
            detail = f"{amount}'s sign by {signs['column']}: money out negative, in positive"
            rules.append(Rule("signed_amount", [amount, signs["column"]], detail, signs))
        # no type says which way a row goes: mostly in, some out, never below zero
        data["draw"] = signs is None and free(view, amount) and data["allowance"] is None
        data["worded"] = _worded_kind(view, after, amount) if data["draw"] else None
        data["lifetimes"] = []
        if current is not None and data["allowance"] is None:
            data["lifetimes"] = _lifetimes(view, parent, current, after, amount)
        detail = (
            f"{after} = the previous {after} of the {column} + {amount}, "
            f"in order of {', '.join(books_order)} (after the table is loaded)"
        )
        if current is not None:
            detail += f"; {parent}.{current} = the last {after} (0 without rows)"
        if data["signs"] is not None and unsigned:
            detail += f"; {amount} taken out where {data['signs']['column']} says so"
        if data["worded"] is not None:
            worded = data["worded"]
            detail += f"; {worded['column']} {worded['in']} where {amount} puts in, else "
            detail += worded["out"]
        for total, way in data["lifetimes"]:
            detail += f"; {parent}.{total} = the {amount} that came {way}"
        if data["allowance"] is not None:
            cap = data["allowance"]
            detail += f"; from 0, never past {cap['hops'][-1][1]}.{cap['column']}"
        rules.append(Rule("running_balance", [after, amount, column], detail, data))
    to_date = _to_date(view)
    if to_date is not None and free(view, to_date[0]):
        total, period, summed = to_date
        data = {
            "amount": summed, "before": None, "key": column, "parent": parent, "ref": ref,
            "order": order, "opening": None, "signs": None, "period": period,
            "current": None, "draw": False, "via": via, "country": None,
        }  # fmt: skip
        if period == "year":  # a tax year, where the country's starts elsewhere than January
            starts = [(column, parent, ref)]
            if via is not None:  # the payer's country (the pay run's employer) first
                starts.insert(0, (via["key"], via["parent"], via["ref"]))
            data["country"] = _country_path(view, starts)
        when = ([f"{via['parent']}.{via['time']}"] if via is not None else []) + order
        detail = (
            f"{total} = the {column}'s sum of {summed} so far, in order of "
            f"{', '.join(when)}, from 0 each {period} (after the table is loaded)"
        )
        rules.append(Rule("running_balance", [total, summed, column], detail, data))
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
