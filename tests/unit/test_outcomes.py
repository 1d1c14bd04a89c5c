"""Status labels read by meaning (vocab/outcomes.py), and a table's own thing numbered."""

from __future__ import annotations

import pytest

from workbench.generate.constraints.unique.plan import is_line_number
from workbench.generate.rules.span import scale_of
from workbench.generate.vocab import outcomes


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
