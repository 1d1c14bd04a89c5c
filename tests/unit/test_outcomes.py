"""Status labels read by meaning (vocab/outcomes.py), a bill's labels placed by it, cadence
words (vocab/cadences.py), and a table's own thing numbered."""

from __future__ import annotations

import numpy as np
import pytest

from workbench.generate.constraints.unique.plan import is_line_number
from workbench.generate.rules.cadence import period_starts
from workbench.generate.rules.span import scale_of
from workbench.generate.rules.status import lifecycle
from workbench.generate.vocab import outcomes
from workbench.generate.vocab.cadences import Cadence, cadence_of, cadences


@pytest.mark.parametrize(
    ("labels", "end"),
    [
        (["booked", "in_transit", "delivered", "returned", "cancelled"], "delivered"),
        (["scheduled", "checked_in", "completed", "cancelled", "no_show"], "completed"),
        (["draft", "issued", "paid", "overdue", "void"], "paid"),  # the last happy label
        (["authorised", "settled", "declined", "reversed"], "settled"),
        (["present", "absent", "late", "excused"], "present"),
    ],
)
def test_a_lifecycle_ends_well_for_most_rows(labels: list[str], end: str) -> None:
    shares = dict(zip(labels, outcomes.shares(labels) or [], strict=True))
    assert abs(sum(shares.values()) - 1) < 1e-9
    assert shares[end] >= 0.8 and shares[end] == max(shares.values())
    failed = [lb for lb in labels if outcomes.meaning(lb) == "failed"]
    # a booking for a time to come (a label waits ahead) is called off more often
    most = 0.1 if "ahead" in (outcomes.lifecycle_meanings(labels) or {}).values() else 0.05
    assert failed and all(0.005 <= shares[lb] <= most for lb in failed)
    assert shares[labels[0]] <= 0.1 or labels[0] == end  # not the first label's 70 %


def test_happy_labels_before_the_one_under_way_wait_ahead() -> None:
    labels = ["provisional", "confirmed", "checked_in", "checked_out", "cancelled", "no_show"]
    meanings = outcomes.lifecycle_meanings(labels)
    assert meanings is not None
    assert [meanings[lb] for lb in labels] == ["ahead", "ahead", "open", "done", "failed", "failed"]
    # without a label under way a happy label before the end is on its way, as before
    assert (outcomes.lifecycle_meanings(["draft", "issued", "paid"]) or {})["issued"] == "open"


def test_categories_are_no_lifecycle() -> None:
    assert outcomes.shares(["diesel", "petrol", "electric"]) is None
    assert outcomes.shares(["cargo_bike", "van", "rigid_truck"]) is None
    meanings = outcomes.lifecycle_meanings(["active", "dormant", "frozen", "closed"])
    assert meanings is not None and meanings["active"] == "steady"


def test_the_table_own_thing_numbered() -> None:
    assert is_line_number("leg_no", "public.trip_legs")
    assert is_line_number("instalment_number", "bank.instalments")
    assert is_line_number("line_no") and not is_line_number("stop_number", "public.trips")
    assert not is_line_number("leg_no", "public.trips")


def test_durations_by_the_table_thing() -> None:
    appointment = scale_of("appointments")
    assert appointment is not None and appointment[3] and appointment[1] <= 120
    stay = scale_of("hotel_stays")
    assert stay is not None and stay[0] >= 24 * 60 and not stay[3]
    assert scale_of("customers") is None


@pytest.mark.parametrize(
    ("labels", "issued", "placed"),
    [
        # overdue declared after paid still got only as far as its issue; cancelled after issue
        # where the row's other rules issue it (a bill over a period)
        (["draft", "issued", "paid", "overdue", "cancelled"], True,
         {"overdue": ("issued", "paid"), "cancelled": ("issued", "paid")}),
        (["draft", "open", "past_due", "paid", "void", "uncollectible"], False,
         {"past_due": ("open", "paid"), "void": ("open", "paid"),
          "uncollectible": ("open", "paid")}),
        (["due", "paid", "overdue", "waived"], False,
         {"overdue": ("due", "paid"), "waived": ("due", "paid")}),
    ],
)  # fmt: skip
def test_a_bills_labels_are_placed_by_meaning(
    labels: list[str], issued: bool, placed: dict[str, tuple[str, str]]
) -> None:
    reach = lifecycle(labels, issued)
    for label, (at_least, short_of) in placed.items():
        assert reach[at_least] <= reach[label] < reach[short_of], (label, reach)


def test_an_order_is_no_bill_and_its_cancellation_reached_nothing() -> None:
    labels = ["pending", "paid", "shipped", "delivered", "cancelled"]
    assert not outcomes.is_bill(labels)
    assert lifecycle(labels, True)["cancelled"] == 0.0


@pytest.mark.parametrize(
    ("label", "months", "days"),
    [("monthly", 1, 0), ("Quarterly", 3, 0), ("semi_annual", 6, 0), ("billed_yearly", 12, 0),
     ("year", 12, 0), ("bi-weekly", 0, 14), ("weekly", 0, 7), ("daily", 0, 1)],
)  # fmt: skip
def test_a_cadence_word_names_a_period(label: str, months: int, days: int) -> None:
    assert cadence_of(label) == Cadence(months, days)


def test_labels_of_no_cadence() -> None:
    assert cadence_of("one_time") is None and cadence_of("premium") is None
    assert cadences(["monthly", "one_time"]) is not None
    assert cadences(["basic", "premium", "monthly_promo"]) is None


def test_a_month_and_a_quarter_counted_inclusively() -> None:
    ends = np.array(["2026-04-30", "2026-03-30", "2026-02-28", "2026-05-30"], "datetime64[D]")
    months = np.array([1, 1, 1, 3])
    starts = period_starts(ends, months, np.zeros(4, np.int64))
    lengths = (ends - starts).astype(np.int64) + 1
    assert list(starts.astype(str)) == ["2026-04-01", "2026-02-28", "2026-02-01", "2026-02-28"]
    assert all(28 <= n <= 31 for n in lengths[:3]) and 89 <= lengths[3] <= 92
    weekly = period_starts(ends[:1], np.zeros(1, np.int64), np.array([7]))
    assert (ends[0] - weekly[0]).astype(int) + 1 == 7


@pytest.mark.parametrize(
    "labels",
    [
        ["pass", "fail", "aborted"],  # a check's verdict in a verb's base form
        ["approve", "reject"],
        ["passed", "failed", "error", "timed_out"],  # many ways to fail share one budget
    ],
)
def test_a_verdicts_failures_are_rare_however_many(labels: list[str]) -> None:
    assert outcomes.names_verdict("result", "public.cycle_result_t")
    shares = dict(zip(labels, outcomes.shares(labels, verdict=True) or [], strict=True))
    assert shares[labels[0]] >= 0.96
    assert sum(shares.values()) - shares[labels[0]] <= 0.03 + 1e-9


@pytest.mark.parametrize(
    "labels",
    [["bug", "issue", "request", "task"], ["post", "email", "sms"], ["day_pass", "season_pass"]],
)
def test_a_verb_of_no_verdict_stays_a_category(labels: list[str]) -> None:
    assert outcomes.shares(labels) is None


def test_a_register_is_no_verdict() -> None:
    labels = ["present", "absent", "late", "excused"]
    assert not outcomes.names_verdict("status", "public.attendance_status")
    shares = dict(zip(labels, outcomes.shares(labels) or [], strict=True))
    assert shares["absent"] == pytest.approx(0.02)
