"""Arithmetic the names state within one row: `total = subtotal + tax + shipping - discount`.

A table with a total-like column (`total`, `grand_total`, `amount_due`…), a subtotal-like
one (`subtotal`, `net_amount`, `total_before_tax`…) and any of the amounts that add to it
(`tax`, `vat_amount`, `shipping_cost`, `freight`, `handling_fee`…) or take from it
(`discount`, `discount_amount`, `rebate`…), all of one numeric kind, has a `Formula`. So does
one whose total adds sums of its lines named for what they sum (`hammer_total` and
`premium_total` over the lines' `hammer_amt` and `premium_amt`; amount_names.held_parts):
the first is its subtotal when no name says one, the others add. A tax
rate of the row (`tax_rate`, `vat_percent`) says the tax's share of the subtotal less the
discount. The rule that keeps it (rules/arithmetic.py) draws the discount and tax from the
subtotal and sets the total; a subtotal its lines roll up (totals.py) is summed first and the
formula applied again on the sums, so the total is never a sum of lines of its own. A line's
discount (`line_discount`: a share, `discount_pct`, or an amount) comes off its quantity ×
unit price (rules/lineage.py); a rate's unit (per cents or fractions) is its column's
(`read_as_percent`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from workbench.generate.base.names import normalise
from workbench.generate.kinds.amount_names import held_parts, table_parts
from workbench.generate.kinds.recognise import split_words
from workbench.schema import memo
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    from workbench.schema.model import Column, Schema, Table

TOTALS = frozenset(
    {"total", "total_amount", "grand_total", "amount_total", "total_due", "amount_due",
     "invoice_total", "order_total", "bill_total", "total_price", "total_cost", "gross_total",
     "total_gross", "gross_amount", "total_incl_tax", "total_with_tax", "balance_due"}
)  # fmt: skip
SUBTOTALS = frozenset(
    {"subtotal", "sub_total", "subtotal_amount", "net_total", "total_net", "net_amount",
     "items_total", "lines_total", "total_before_tax", "total_excl_tax", "amount_before_tax",
     "pre_tax_total", "pretax_total", "merchandise_total"}
)  # fmt: skip
TAXES = frozenset(
    {"tax", "taxes", "tax_amount", "tax_total", "total_tax", "vat", "vat_amount", "vat_total",
     "sales_tax", "sales_tax_amount", "gst", "gst_amount", "tax_value", "tax_amt", "vat_amt",
     "taxamt"}
)  # fmt: skip
ADDS = frozenset(
    {"shipping", "shipping_cost", "shipping_amount", "shipping_fee", "shipping_total",
     "shipping_charge", "delivery_fee", "delivery_cost", "delivery_charge", "freight",
     "freight_cost", "handling", "handling_fee", "handling_cost", "surcharge", "service_fee",
     "service_charge", "tip", "tips", "gratuity", "postage", "delivery"}
)  # fmt: skip
TAKES = frozenset(
    {"discount", "discounts", "discount_amount", "discount_total", "total_discount", "rebate",
     "rebate_amount", "coupon_amount", "voucher_amount", "credit_applied", "deduction",
     "deductions", "deduction_amount", "deductions_amount", "total_deductions",
     "deductions_total"}
)  # fmt: skip
RATES = frozenset(
    {"tax_rate", "vat_rate", "sales_tax_rate", "tax_percent", "vat_percent", "tax_percentage",
     "tax_pct", "vat_pct"}
)  # fmt: skip
_NUMERIC = ("int", "decimal", "float")


@dataclass(frozen=True)
class Formula:
    """total = subtotal + taxes + adds - takes, in one row (column names)."""

    total: str
    subtotal: str
    taxes: tuple[str, ...] = ()
    adds: tuple[str, ...] = ()
    takes: tuple[str, ...] = ()
    rate: str | None = None  # the row's tax rate (a percentage or a fraction)
    # the tax a total already holds (`vat_included_amount`): within it, added to nothing
    included: tuple[str, ...] = ()

    @property
    def columns(self) -> list[str]:
        """Every column it reads or writes; the total first."""
        rate = [self.rate] if self.rate else []
        rest = [*self.taxes, *self.adds, *self.takes, *rate, *self.included]
        return [self.total, self.subtotal, *rest]

    @property
    def shown(self) -> str:
        terms = [self.subtotal, *(f"+ {c}" for c in (*self.taxes, *self.adds))]
        terms += [f"- {c}" for c in self.takes]
        return f"{self.total} = {' '.join(terms)}"


def _strip_cents(norm: str) -> str:
    for tail in ("_cents", "_in_cents", "_minor", "_amount_cents"):
        if norm.endswith(tail) and len(norm) > len(tail):
            return norm[: -len(tail)]
    return norm


# the words of an amount's name that make it a subtotal (a base or net amount), a tax or a
# charge added on top, when its whole name is on no list (`base_fare`, `airport_taxes`)
_BASE_WORDS = frozenset({"base", "net"})
_MONEY_WORDS = frozenset({"fare", "price", "amount", "cost", "charge", "fee", "rent", "premium",
                          "rate", "value"})  # fmt: skip
TAX_WORDS = frozenset({"tax", "taxes", "vat", "gst", "duty", "duties", "levy", "levies", "excise"})
# the words that make a number a rate of something (vat_rate, tax_percent)
RATE_WORDS = frozenset({"rate", "percent", "percentage", "pct"})
_TAX_TAILS = frozenset({"amount", "amt", "value", "charge", "cost", "fee"})
_SALES = frozenset({"tax", "taxes", "vat", "gst", "taxamt", "sales"})
_ADD_WORDS = frozenset({"fee", "fees", "surcharge", "surcharges", "charge", "charges"})
# what a row's total takes off or adds on, by a word of the amount's name
_TAKEN = frozenset({"discount", "discounts", "rebate", "rebates", "coupon", "voucher", "credit",
                    "markdown", "promo"})  # fmt: skip
_ADDED = frozenset({"shipping", "delivery", "freight", "handling", "postage", "tip", "tips",
                    "gratuity", "surcharge"})  # fmt: skip
_SPENT = frozenset({"used", "applied", "redeemed"})  # a credit or voucher spent on the row


# `<what>_total` / `total_<what>`: a sum of one kind the row's grand total adds up (a booking's
# fare_total and taxes_total, a stay's room_total, an order's goods_total), by what it sums
_SUM_WORDS = frozenset({"total", "totals", "sum"})
_TAKE_WORDS = frozenset({"discount", "discounts", "rebate", "rebates", "coupon", "voucher"})
_SUMMED = _MONEY_WORDS | frozenset(
    {"fares", "prices", "amounts", "costs", "rents", "premiums", "base", "net", "item", "items",
     "line", "lines", "goods", "product", "products", "service", "services", "room", "rooms",
     "ticket", "tickets", "seat", "seats", "night", "nights", "merchandise"}
)  # fmt: skip


# the words of a tax the total already holds (`vat_included_amount`, `tax_incl`)
_INCLUDED_WORDS = frozenset({"included", "incl", "inclusive", "contained"})
# a money tail after a name of the lists (`service_charge_amount`: service_charge)
_LISTED_TAILS = ("_amount", "_amt", "_value")


def _role_by_words(norm: str) -> str | None:
    words = norm.split("_")
    if set(words) & TAX_WORDS and set(words) & _INCLUDED_WORDS:
        return "included"
    if set(words) & TAX_WORDS and set(words) & RATE_WORDS:
        return "rate" if words[-1] in RATE_WORDS else None
    if len(words) > 1 and words[0] in _BASE_WORDS and words[-1] in _MONEY_WORDS:
        return "subtotal"
    if words[-1] in TAX_WORDS and "rate" not in words and "percent" not in words:
        return "tax"
    if len(words) == 2 and words[0] in TAX_WORDS and words[1] in _TAX_TAILS:
        return "tax"  # excise_amount, duty_amount, levy_value: a tax by its first word
    if len(words) > 1 and words[-1] in _ADD_WORDS:
        return "add"
    if len(words) > 1 and not set(words) & (RATE_WORDS | _PERCENT_WORDS):
        # an amount by what it is (`loyalty_discount`, `store_credit_used`, `rider_tip`,
        # `express_shipping`): taken off or added on, whatever else the name says of it
        for role, said in (("take", _TAKEN), ("add", _ADDED)):
            if set(words) & said and words[-1] in said | _TAX_TAILS | _SPENT:
                return role
    rest = [w for w in words if w not in _SUM_WORDS]
    if len(words) == 1 or len(rest) == len(words) or not rest:
        return None
    if set(rest) & TAX_WORDS:
        return "tax"
    if set(rest) & _TAKE_WORDS:
        return "take"
    if set(rest) & (_ADD_WORDS | {"shipping", "delivery", "freight", "handling"}):
        return "add"
    if set(rest) <= _SUMMED:
        return "subtotal"
    return None


def _turned(norm: str) -> str:
    """A two-word name led by its money word (`amount_gross`, `amount_net`, `value_tax`) the
    other way round (`gross_amount`), as the lists spell it; else ''."""
    words = norm.split("_")
    return f"{words[1]}_{words[0]}" if len(words) == 2 and words[0] in _TAX_TAILS else ""


_MONEY_ONLY = frozenset({"amount", "amt", "value", "sum"})


def summed_stem(column: str) -> str:
    """What a `<what>_total` column sums, by name (`fare_total` → fare; "" for a bare total)."""
    words = _strip_cents(normalise(column)).split("_")
    rest = [w for w in words if w not in _SUM_WORDS and w not in ("sub", "subtotal")]
    if set(rest) <= _MONEY_ONLY:  # `subtotal_amount`, `total_value`: money, not what it sums
        return ""
    return "_".join(rest) if rest and len(rest) < len(words) else ""


@memo.by_identity  # asked for once per column of the table (totals._inferred)
def formula(schema: Schema, table: Table) -> Formula | None:
    """The table's row arithmetic, when its names state one (a total and a subtotal of one
    numeric kind, the first of each in the table's order)."""
    found: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    stems: dict[str, str] = {}
    charged: dict[str, str] = {}  # charges by their words that may sum a table (fees_total)
    for column in table.columns:
        if column.generated is not None:
            continue
        kind = resolve_type(schema, column.type).kind
        if kind not in _NUMERIC:
            continue
        norm = _strip_cents(normalise(column.name))  # net_amt: net_amount
        split = normalise(split_words(norm))  # taxamt, totaldue: run-together words
        turned = _turned(norm)  # amount_gross: gross_amount
        bare = next((norm[: -len(t)] for t in _LISTED_TAILS if norm.endswith(t)), "")
        for role, names in (("total", TOTALS), ("subtotal", SUBTOTALS), ("tax", TAXES),
                            ("add", ADDS), ("take", TAKES), ("rate", RATES)):  # fmt: skip
            if norm in names or split in names or turned in names or bare in names:
                found.setdefault(role, []).append(column.name)
                kinds[column.name] = kind
                break
        else:
            by_words = _role_by_words(norm)
            if by_words is not None:
                found.setdefault(by_words, []).append(column.name)
                kinds[column.name] = kind
                if by_words == "add" and summed_stem(column.name):  # fees_total: a sum too?
                    charged[column.name] = summed_stem(column.name)
            elif summed_stem(column.name):  # a `<what>_total`: a part if its lines hold <what>
                stems[column.name] = summed_stem(column.name)
                kinds[column.name] = kind
    # the parts the total adds: sums of what its lines hold (hammer_total over hammer_amt)
    parts = held_parts(schema, table, stems) if stems and "total" in found else []
    if not parts and stems and "total" in found:
        # or sums of tables of their own (disbursements_total over the disbursements rows)
        by_table = table_parts(schema, table, {**charged, **stems})
        parts = [c.name for c in table.columns if c.name in by_table]
        found["add"] = [c for c in found.get("add", []) if c not in by_table]
    if parts and "subtotal" not in found:
        found["subtotal"] = [parts.pop(0)]
    found.setdefault("add", []).extend(parts)
    gross = [c for c in found.get("total", []) if "gross" in normalise(c).split("_")]
    if "subtotal" not in found and len(gross) == 1 and len(found["total"]) > 1:
        # a gross amount beside a total: the gross is what the total is figured from
        found["subtotal"], found["total"] = gross, [c for c in found["total"] if c not in gross]
    if "total" not in found or "subtotal" not in found:
        return None
    total, subtotal = found["total"][0], found["subtotal"][0]
    if _net_of_gross(total, subtotal, found):  # net = gross - deductions: the net is the result
        total, subtotal = subtotal, total
    kind = "int" if kinds[total] == "int" else "num"

    def same(names: list[str]) -> tuple[str, ...]:
        return tuple(n for n in names if ("int" if kinds[n] == "int" else "num") == kind)

    if ("int" if kinds[subtotal] == "int" else "num") != kind:
        return None
    rate = found.get("rate", [None])[0]
    # the sales tax first (the rate applies to it), then a duty or levy beside it (excise)
    taxes = sorted(found.get("tax", []), key=lambda n: not set(normalise(n).split("_")) & _SALES)
    return Formula(total, subtotal, same(taxes), same(found.get("add", [])),
                   same(found.get("take", [])), rate, same(found.get("included", [])))  # fmt: skip


def _net_of_gross(total: str, subtotal: str, found: dict[str, list[str]]) -> bool:
    """A gross amount less what is taken off it, with no tax on top (a statement's gross,
    deductions and net): the net is what remains of the gross, not what the gross adds to."""
    if not found.get("take") or found.get("tax") or found.get("add"):
        return False
    return "gross" in normalise(total).split("_") and "net" in normalise(subtotal).split("_")


_PERCENT_WORDS = frozenset({"percent", "pct", "percentage"})


def read_as_percent(schema: Schema, column: Column) -> bool | None:
    """Whether a rate or share column holds percents (19.00 for 19 %) rather than fractions
    (0.19): an integer, a name with a percent word (`vat_pct`, `discount_percent`), or a
    numeric(p,s) with two whole digits or more holds percents; a numeric(p,s) with at most one
    whole digit (numeric(5,4)) holds fractions; None when nothing says (a bare `numeric`
    `tax_rate`: its values tell, 19 or 0.19)."""
    info = resolve_type(schema, column.type)
    if info.kind == "int" or set(normalise(column.name).split("_")) & _PERCENT_WORDS:
        return True
    if info.precision is None:
        return None
    return info.precision - (info.scale or 0) >= 2


@dataclass(frozen=True)
class LineDiscount:
    """What a line takes off its quantity × unit price: a share (`discount_pct`, `disc_rate`)
    or an amount (`discount_amount`, `rebate`)."""

    column: str
    share: bool
    percent: bool | None  # a share's unit (read_as_percent); None for an amount


def line_discount(schema: Schema, table: Table) -> LineDiscount | None:
    """The first column of `table` whose name says a discount (a take word: discount, rebate,
    coupon, voucher) and is a number, read as a share when its name has a rate word (`pct`,
    `percent`, `rate`) else as an amount, whatever the spelling (`disc_pct`: discount_pct)."""
    for column in table.columns:
        if column.generated is not None or resolve_type(schema, column.type).kind not in _NUMERIC:
            continue
        words = set(normalise(column.name).split("_"))
        if not words & _TAKE_WORDS:
            continue
        if words & RATE_WORDS:
            return LineDiscount(column.name, True, read_as_percent(schema, column))
        if words <= _TAKE_WORDS | _SUM_WORDS | _MONEY_WORDS | {"line", "item"}:
            return LineDiscount(column.name, False, None)
    return None
