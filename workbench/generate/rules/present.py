"""A flag that says a person the business serves was there (`client_present`, `customer_
attended`, `owner_present`, `in_person`) makes the row an appointment with them: it took place
on a weekday in office hours, in the local time of the row's place (its own time zone or
country, or one its keys reach: rules/local_time.py). The row's time is placed by the rules
of its table (a check done during a night shift stays at night), so the flag follows the time:
once every time rule has placed it, a row outside office hours names no one present, and rows
inside them are flagged as often as the flag was drawn overall (as far as they suffice).
Office hours: a start 09:00-17:00 local, Monday to Friday (rules/opening.IMPLIED), its own end
(if any) by 18:00 that day."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of, takes_place
from workbench.generate.rules import local_time, span
from workbench.generate.rules.base import Phase, RowRule, Rule, free, row_rng
from workbench.generate.rules.opening import IMPLIED
from workbench.generate.rules.times import DAY_US, as_us, is_time

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# words of being there in person
PRESENT = frozenset({"present", "presence", "attended", "attending", "attends", "accompanied",
                     "onsite", "witnessed", "joined", "joint"})  # fmt: skip
# the people a business meets at an appointment
PARTY = frozenset({"client", "customer", "owner", "tenant", "landlord", "guest", "patient",
                   "buyer", "seller", "resident", "family", "relative", "member", "applicant",
                   "visitor", "parent", "occupant", "homeowner", "householder", "consumer",
                   "user", "requester", "carer", "guardian", "representative", "rep"})  # fmt: skip
IN_PERSON = ("in_person", "face_to_face", "with_client", "with_customer")
_MINUTE = 60_000_000
LAST_END = 18 * 60  # minutes: an appointment's end by then


def present_flag(name: str) -> bool:
    """Whether a boolean's name says a person the business serves was there."""
    norm = normalise(name)
    words = set(norm.split("_"))
    return bool(PRESENT & words and PARTY & words) or any(p in norm for p in IN_PERSON)


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    flags = [c for c, s in view.specs.items()
             if s.kind == "bool" and present_flag(c) and free(view, c)]  # fmt: skip
    if not flags:
        return []
    at = takes_place(view.schema, view.table, view.config) or anchor_of(
        view.schema, view.table, view.config
    )
    if at is None or at not in view.specs or not is_time(view.specs[at].kind):
        return []
    end = next((b for a, b in span.pairs(view) if a == at and b in view.specs), None)
    place = local_time.place_of(view)
    zoned = local_time.zoned(view.schema, view.tp.name, at)
    lo, hi = IMPLIED[0], IMPLIED[1]
    where = "local time" if place is not None else "the clock's time"
    detail = (f"{', '.join(flags)} only where {at} is a weekday {lo // 60:02d}:00-{hi // 60:02d}:00"
              f" ({where}): an appointment")  # fmt: skip
    data = {"at": at, "end": end, "place": place if zoned else None}
    return [Rule("present_flag", [*flags, at], detail, data)]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    at = batch.get(rule.data["at"])
    flags = [batch[c] for c in rule.columns[:-1] if c in batch]
    if at is None or not flags:
        return
    n = at.values.size
    when = as_us(at).astype(np.int64)
    zones = local_time.zones_of(view, rule.data["place"], batch, n)
    local = when + local_time.offsets(zones, at.values.astype("datetime64[us]"))
    minute = (local % DAY_US) // _MINUTE
    weekday = (local // DAY_US + 3) % 7  # 1970-01-01 was a Thursday
    hours = ~at.nulls & (weekday < 5) & (minute >= IMPLIED[0]) & (minute < IMPLIED[1])
    end = batch.get(rule.data["end"] or "")
    if end is not None:
        length = np.where(end.nulls, 0, as_us(end).astype(np.int64) - when)
        hours &= minute + length // _MINUTE <= LAST_END
    rng = row_rng(view, rule, idx)
    for flag in flags:
        on = ~flag.nulls & flag.values.astype(bool)
        if not (on & ~hours).any():
            continue
        # the rows in hours not flagged yet take the flags of those outside them, as far as
        # they suffice: the drawn share stays where it can
        kept, room = (on & hours).sum(), (~on & hours).sum()
        more = (on.sum() - kept) / max(room, 1)
        flag.values[:] = hours & (on | (rng.random(n) < more))


RULE = RowRule(
    "present_flag",
    "a flag that a client was there makes the row an appointment in office hours",
    _plan,
    _apply,
    phases={"present_flag": Phase.FINAL},
    after=("valid_last",),  # once every rule that moves times has placed them
    before=("valid_owned",),
)
