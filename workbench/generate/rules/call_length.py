"""A row's kind decides whether it lasts: in a log of mixed usage or contact (a voice call, a
text, a data session; a phone call, an email), the kinds that are calls (a label naming a voice,
video or phone call) have a length in the row's duration column at a call's scale (seconds to
a couple of hours, a minute or two typically), and the kinds sent in an instant (a text, an
MMS, an email, a push) have none where the column may be NULL. Other kinds keep what they drew.

The kind column is a choice whose name says it is a kind (rules/span.KIND_WORDS: `usage_type`,
`channel`) and whose labels name a call among other kinds of contact only (calls, messages,
sessions of data: not a survey's 'video' beside its 'in_home' and 'self_service'); the
duration column is a number named by a unit of time under a second, a minute or an hour
(`duration_seconds`, `talk_time_s`, `billed_minutes`, `duration_ms`) and only words of a
call's length. Read from the names' words and the labels, no table named here; within what
the column's type holds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base.batch import label_codes
from workbench.generate.base.names import normalise
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.span import KIND_WORDS

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# words of a label of a call: a kind that lasts while people talk or watch
CALLS = frozenset({"voice", "call", "calls", "video", "videocall", "phone", "telephone",
                   "conference", "voip", "volte", "talk"})  # fmt: skip
# words of a label of a thing sent in an instant: no length
INSTANT = frozenset({"sms", "mms", "text", "texts", "message", "messages", "email", "mail",
                     "push", "notification", "fax", "ussd", "letter", "chat_message"})  # fmt: skip
# words of a label of a session of data or of a remote channel (`data`, `web`): neither a call
# nor a message, but a kind of row of a usage or contact log all the same
SESSIONS = frozenset({"data", "internet", "gprs", "lte", "web", "online", "roaming", "browsing",
                      "streaming", "app", "social", "portal", "digital"})  # fmt: skip
# a unit word of a call's length and the seconds it counts
UNITS = {"seconds": 1.0, "second": 1.0, "secs": 1.0, "sec": 1.0, "s": 1.0, "ms": 0.001,
         "millis": 0.001, "milliseconds": 0.001, "minutes": 60.0, "minute": 60.0,
         "mins": 60.0, "min": 60.0, "hours": 3600.0, "hrs": 3600.0}  # fmt: skip
# the other words of a call's length (`call_duration_sec`, `talk_time_s`, `billed_seconds`)
LENGTH_WORDS = frozenset({"duration", "length", "call", "talk", "time", "air", "airtime",
                          "billed", "billable", "connected", "conversation", "total"})  # fmt: skip
# a call's length: a minute and a half typically, 1 second to 3 hours
TYPICAL_S, SHORTEST_S, LONGEST_S = 90.0, 1.0, 3 * 3600.0


def _kind(label: str) -> str:
    words = set(normalise(label).split("_"))
    if words & CALLS:
        return "call"
    if words & INSTANT:
        return "instant"
    return "session" if words & SESSIONS else ""


def _unit(name: str) -> float | None:
    words = normalise(name).split("_")
    units = [w for w in words if w in UNITS]
    if len(units) != 1 or not all(w in UNITS or w in LENGTH_WORDS for w in words):
        return None
    if not set(words) & (LENGTH_WORDS - {"call", "total"}) and len(words) > 1:
        return None
    return UNITS[units[0]]


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    for name, spec in view.specs.items():
        if not set(normalise(name).split("_")) & KIND_WORDS or name in view.fk_cols:
            continue
        kinds = {label: _kind(label) for label in labels_of(spec)}
        if "call" not in kinds.values() or "" in kinds.values():
            continue  # a log of calls has only kinds of contact (not a survey 'in_home')
        lengths = {
            other: unit
            for other, other_spec in view.specs.items()
            if other_spec.kind in ("int", "decimal", "float")
            and free(view, other)
            and (unit := _unit(other)) is not None
        }
        if not lengths:
            continue
        calls = sorted(k for k, v in kinds.items() if v == "call")
        instant = sorted(k for k, v in kinds.items() if v == "instant")
        detail = f"{', '.join(lengths)} of {name} {'/'.join(calls)} rows: a call's length"
        if instant:
            detail += f", none for {'/'.join(instant)}"
        data = {"kind": name, "kinds": kinds, "units": lengths}
        return [Rule("call_length", [*lengths, name], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    kind = batch.get(rule.data["kind"])
    if kind is None:
        return
    labels, codes = label_codes(kind)
    row_kind = np.array([rule.data["kinds"].get(str(v), "") for v in labels] or [""])[codes]
    row_kind = np.where(kind.nulls, "", row_kind)
    calls, instant = row_kind == "call", row_kind == "instant"
    rng = row_rng(view, rule, idx)
    seconds = np.clip(rng.lognormal(np.log(TYPICAL_S), 1.0, idx.size), SHORTEST_S, LONGEST_S)
    for name, unit in rule.data["units"].items():
        col = batch.get(name)
        if col is None:
            continue
        value = seconds / unit
        if col.kind == "int":
            value = np.maximum(np.round(value), 1)
        bounds = view.specs[name].info.bounds()
        if bounds is not None:  # within what the type holds
            value = np.clip(value, *bounds)
        rows = np.flatnonzero(calls)
        col.values[rows] = value[rows].astype(col.values.dtype)
        col.nulls[rows] = False
        if col.nullable:
            col.nulls[instant] = True


RULE = RowRule(
    "call_length",
    "a row's kind decides whether it lasts: a call a call's length, a text none",
    _plan,
    _apply,
    after=("age",),
    before=("offered",),
)
