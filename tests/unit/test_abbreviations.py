"""Shortened words of names are read as the words they shorten (base/abbreviations.py, the list
vocab/data/abbreviations.tsv), where names become words (names.normalise): a word with one
meaning anywhere, one with several only where its place in the name settles it; and no
generator's own synonym reads differently written out."""

from __future__ import annotations

import pytest

from workbench.generate.base.abbreviations import ABBREVIATIONS, expand, parse
from workbench.generate.base.names import normalise
from workbench.generate.generators import registry
from workbench.generate.kinds.recognise import candidates


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("line_amt", "line_amount"),
        ("qty", "quantity"),
        ("custTelNo", "customer_telephone_number"),
        ("inv_line", "invoice_line"),
        ("inv_total", "invoice_total"),
        ("insp_dt", "inspection_date"),
        ("hrs_run", "hours_run"),
        ("wo_line", "work_order_line"),
        ("first_nm", "first_name"),
        ("post_cd", "post_code"),
        ("pd_at", "paid_at"),
        ("act_start", "actual_start"),
        ("veh_reg", "vehicle_registration"),
        ("seq_no", "sequence_number"),
        ("cur_code", "currency_code"),
        ("dept_id", "department_id"),
        ("sched_dept", "scheduled_dept"),  # a departure (kinds/events), no department
    ],
)
def test_shortened_words_are_written_out(name: str, words: str) -> None:
    assert normalise(name) == words


@pytest.mark.parametrize(
    "name",
    [
        "no_show",  # `no` is a number only as a name's last word
        "no",
        "sort_desc",  # a sort order, no description
        "distance_nm",  # nautical miles, no name
        "po_box",
        "inv_id",  # an inventory's as likely as an invoice's
        "dep_id",  # a department, a deposit or a dependency
        "dept_at",
        "cur_balance",  # current, not currency
        "pd",
        "reg_date",  # a registration or a region: no vehicle names it
        "line_num",  # `_num` is already read (a count, a line number)
    ],
)
def test_words_whose_place_leaves_them_open_stay(name: str) -> None:
    assert normalise(name) == name


def test_every_synonym_written_out_asks_for_its_generator() -> None:
    """A generator's own synonym that holds a shortened word (`acct_number`, `qty`, `tel`)
    still reaches that generator once written out: the list never takes a known name from
    what it asked for."""
    for generator, synonym in registry.synonyms():
        if normalise(synonym) == synonym:
            continue
        for kind in generator.recognised_kinds:
            found = candidates(synonym, "things", kind)
            assert found and found[0].generator == generator.name, (synonym, kind, found[:1])


def test_the_list_is_well_formed() -> None:
    # a written-out word is never itself shortened again, nor one a condition names alone
    assert all(w.isalpha() for w in ABBREVIATIONS)
    for abbreviation in ABBREVIATIONS.values():
        assert expand(abbreviation.full.split("_")) == abbreviation.full.split("_")
    with pytest.raises(ValueError, match="unknown condition"):
        parse("amt\tamount\tbefor=x\n")
    with pytest.raises(ValueError, match="twice"):
        parse("amt\tamount\namt\tamount\n")
