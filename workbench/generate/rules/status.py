"""A status and the timestamps named after its labels, a boolean flag and its timestamp.

- status: a timestamp named after a label (`executed_at`, `delivered_on`) or a stage word of
  timeline.STAGES (`shipped_at` beside `in_transit`) is set exactly on the rows whose status
  has reached it; the lifecycle is the labels' declared order, stage words keeping their rank;
  a terminal failure (cancelled, lost) reached only the stages timeline.ENDINGS says;
- flag (rules/flag_stamp.py): a boolean flag and its timestamp.
A NOT NULL timestamp is never NULLed: the status or flag follows it instead where it can."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.batch import label_codes, typed_label
from workbench.generate.base.names import normalise
from workbench.generate.base.sqltree import Unsupported, columns_of
from workbench.generate.checks import failing
from workbench.generate.kinds.actual_pair import actual_window
from workbench.generate.kinds.events import event_of, known_event, names_start
from workbench.generate.kinds.recorded import recorded_event
from workbench.generate.kinds.windows import events_window, window_of
from workbench.generate.rules import as_one
from workbench.generate.rules.base import RowRule, Rule, free, labels_of, row_rng
from workbench.generate.rules.bill import bill_times
from workbench.generate.rules.check_stamps import checked_stamps
from workbench.generate.rules.decision_reach import turned_down_reach
from workbench.generate.rules.owner import status_owns
from workbench.generate.rules.row_end import row_end
from workbench.generate.rules.stamp_words import (
    by_declaration,
    ended_by,
    failures_past,
    kindred,
    labels_from_stamps,
    work_end,
)
from workbench.generate.rules.times import (
    ENDINGS,
    STAGES,
    as_us,
    gap,
    is_time,
    store,
    time_columns,
    time_stem,
)
from workbench.generate.rules.timetable import untimed
from workbench.generate.vocab import doing, outcomes
from workbench.generate.vocab.midway import opened_midway

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

# the last word of a column that says why a row ended as it did (`cancellation_reason`)
REASON_WORDS = frozenset({"reason", "reasons", "cause", "note", "notes", "comment", "remark",
                          "explanation", "details", "message"})  # fmt: skip
_NEGATIONS = ("not", "un", "non", "pre")


def _word_stem(word: str) -> str:
    for suffix in ("ing", "ed", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:  # shipp → ship, cancell → cancel
        word = word[:-1]
    return word


def canon(name: str) -> str:
    """A label or a timestamp's stem in one spelling: `cancelled` = `canceled`, `execute` =
    `executed`, `publishedAt` = `published`."""
    return "_".join(_word_stem(w) for w in normalise(name).split("_") if w)


# the stage of a label whose row is under way (on site, checked in: vocab/outcomes.UNDER_WAY)
_UNDER_WAY = next(rank for rank, stage in enumerate(STAGES) if "in_progress" in stage)
# a column's last word naming a row's stage whatever its labels (not `outcome`: STATUS_WORDS)
_OWN_WORDS = frozenset({"status", "state", "stage"})
# the stems of a time the row's file was closed, however it ended (vocab/outcomes.CLOSE_WORDS)
_CLOSE = frozenset(canon(word) for word in outcomes.CLOSE_WORDS)
_DECIDE = frozenset({canon("decided"), canon("decision")})
_SENT = frozenset(canon(word) for word in outcomes.SENDING)


def _sent(name: str) -> bool:
    return canon(name) in _SENT


def stage_rank(label: str) -> int | None:
    """The stage word rank of a label, by the whole label or its last word (`label_created`
    is a placed row), not for a negated one (`not_shipped`)."""

    norm = normalise(label)
    words = norm.split("_")
    for candidate in (norm, words[-1] if words[0] not in _NEGATIONS else norm):
        for rank, stage in enumerate(STAGES):
            if candidate in stage:
                return rank
    return None


def _is_ending(label: str) -> bool:
    """A label that ends a row's life without success (how far it got: timeline.ENDINGS,
    else 0): vocab/outcomes.ended_undone."""
    return normalise(label) in ENDINGS or outcomes.ended_undone(label)


def lifecycle(labels: list[str], issued: bool = False) -> dict[str, float]:
    """How far a row with each label got: the stage rank the label has (after the label
    before it when both share a stage; a label under way, vocab/outcomes.UNDER_WAY, that of
    `in_progress`; none where stamp_words.by_declaration says), else just after the label
    listed before it; an ending label through the stage timeline.ENDINGS says (the first
    label only, unknown); an open label between a
    waiting one and the done end (vocab/midway.py) under way too. A bill's
    labels (vocab/outcomes.is_bill) by what they mean, not where they were declared: one sent
    was issued, one past due or unsettled got as far as its issue and no further, one voided
    was issued (and one cancelled too, when `issued`: the row's other rules issue them)."""

    out: dict[str, float] = {}
    previous = -1.0
    midway = opened_midway(labels)
    meanings = outcomes.lifecycle_meanings(labels) or {}
    waited = -1.0  # where the last label waiting before the done end stands
    for at, label in enumerate(labels):
        norm = normalise(label)
        if (
            meanings.get(label) == "open"
            and stage_rank(label) is None
            and outcomes.held_up(label)
            and label not in midway
            and any(meanings.get(lb) == "done" for lb in out)
        ):
            # held up, declared after the done end (a fine under appeal after paid): a branch
            # short of that end, not a stage past it
            waited = max(waited, -0.01) + 0.001
            out[label] = waited
            continue
        if _is_ending(label):
            # an ending after a success got through every label of its stage (a refund was
            # paid); a failure reached only the first stage's first label
            got = ENDINGS.get(norm, 0)
            out[label] = got + 0.5 if got > 0 else 0.0
            continue
        sent = _sent(label) and outcomes.is_bill(labels)  # a bill sent was issued, not shipped
        rank = None if sent else stage_rank(label)
        rank = by_declaration(labels, at, rank, previous, meanings)
        # under way: work after a waiting label (booked, packing), not before a start (prepping)
        going = previous >= 0 and meanings.get(label) == "open" and doing.doing(label)
        going = going and not any(names_start(x) for x in labels[at + 1 :])
        if (rank is None and (norm in outcomes.UNDER_WAY or going)) or label in midway:
            rank = _UNDER_WAY  # a row on site, checked in: as far as one in progress
        if rank is None:
            position = max(previous, -0.01) + 0.01
        elif rank <= previous < rank + 1:  # same stage as the label before: after it
            position = previous + 0.01
        else:
            position = float(rank)
        out[label] = position
        previous = position
        if meanings.get(label) in ("open", "ahead"):
            waited = position
    turned_down_reach(labels, out)  # a refusal got as far as the review it ends
    if outcomes.is_bill(labels):
        _place_bill(labels, out, issued)
    return out


_PLACED = ("past_due", "unsettled", "voided", "called_off")


def issue_reach(labels: list[str], out: dict[str, float]) -> tuple[float, float]:
    """(how far a bill got once issued, how far once paid): the furthest stage short of its
    payment that no unsettled, voided or cancelled label holds, and the first paid label's."""
    meaning = {label: outcomes.bill_meaning(label) for label in labels}
    paid = min(out[lb] for lb in labels if meaning[lb] == "settled")
    before = [out[lb] for lb in labels if meaning[lb] not in _PLACED and not _is_ending(lb)
              and out[lb] < paid]  # fmt: skip
    return max(before, default=0.0), paid


def _place_bill(labels: list[str], out: dict[str, float], issued: bool) -> None:
    """A bill's unsettled labels just after its issue, its voided (and, when `issued`,
    cancelled) ones at it."""
    issue, paid = issue_reach(labels, out)
    for label in labels:
        meaning = outcomes.bill_meaning(label)
        if meaning in ("past_due", "unsettled"):
            out[label] = min(issue + 0.005, paid - 0.001)
        elif meaning == "voided" or (issued and meaning == "called_off"):
            out[label] = issue


def plan_stamps(labels: list[str], stamps: dict[str, str]) -> dict[str, tuple[str, Any]]:
    """For each timestamp column (with its name's stem): ("reach", position) — set on rows that
    got that far — or ("exact", labels) — set only on rows with one of these labels."""

    reach = lifecycle(labels)
    by_canon: dict[str, list[str]] = {}
    for label in labels:
        by_canon.setdefault(canon(label), []).append(label)
    out: dict[str, tuple[str, Any]] = {}
    by_event: dict[str, list[str]] = {}
    for label in labels:
        if (event := known_event(label)) is not None:
            by_event.setdefault(event, []).append(label)
    for column, stem in stamps.items():
        side_event = event_of(stem)
        if side_event is not None and side_event[0] == "planned":
            continue  # `scheduled_departure`: the plan, whatever became of it
        matched = by_canon.get(canon(stem), []) or ended_by(labels, stem, canon, _is_ending)
        if not matched and side_event is not None:
            matched = by_event.get(side_event[1], [])  # `actual_departure` for `departed`
        if not matched:  # `activated_at` of the `active` rows, `validated_at` of `valid`
            matched = [lb for lb in labels if canon(stem) == canon(lb) + "at"]
        sent = [i for i, lb in enumerate(labels) if _sent(stem) and _sent(lb)]
        if not matched and sent:  # `issued_at` of the rows sent and of every label after
            out[column] = ("exact", labels[sent[0] :])
            continue
        happy = [label for label in matched if not _is_ending(label)]
        if happy:
            out[column] = ("reach", min(reach[label] for label in happy))
        elif matched:
            out[column] = ("exact", matched)
        elif _is_ending(stem):
            out[column] = ("exact", [])  # a `cancelled_at` with no cancelled label: never
        elif ended := outcomes.life_endings(column, labels):
            out[column] = ("exact", ended)  # `died_on` of the hives dead, `ended_at` lapsed
        elif canon(stem) in _CLOSE and (closing := outcomes.closing_labels(labels)):
            if canon(stem) in _DECIDE:  # a decision, not a lapse: no `expired` row decided
                closing = [lb for lb in closing if normalise(lb) not in outcomes.LAPSED]
            out[column] = ("exact", closing)  # `closed_at`: whichever way the row ended
        elif (rank := stage_rank(stem)) is not None:
            out[column] = ("reach", float(rank))
        elif (at := _recorded_reach(column, stamps, labels)) is not None:
            out[column] = ("reach", at)
    return out


def _recorded_reach(column: str, stamps: dict[str, str], labels: list[str]) -> float | None:
    """How far a row got once the occurrence's actual start (`actual_departure`) or end
    (`actual_arrival`) named by no label happened (kinds/recorded.py): its start once under
    way (as far as `in_progress`, or its done end if sooner), its end once done."""
    side = recorded_event(column, stamps)
    meanings = outcomes.lifecycle_meanings(labels) or {}
    reach = lifecycle(labels)
    done = [reach[label] for label, kind in meanings.items() if kind == "done"]
    if side is None or not done:
        return None
    return min(done) if side == "end" else min(float(_UNDER_WAY), min(done))


def plan_status(view: TableView, anchor: str | None, movable: list[str]) -> list[Rule]:
    for name, spec in view.specs.items():
        if normalise(name).split("_")[-1] not in outcomes.STATUS_WORDS:
            continue
        if not free(view, name):
            continue
        planned = _planned_dates(view)
        candidates = {c: time_stem(c) for c in movable if c != anchor and c not in planned}
        drawn = None
        if spec.generator == "status" and spec.kind == "text":
            # a free-text status beside stage timestamps: labels those timestamps name
            drawn = labels_from_stamps(
                list(candidates.values()), spec.max_len, stage_rank, _is_ending
            )
        labels = drawn or (labels_of(spec) if spec.generator != "status" else [])
        own = normalise(name).split("_")[-1] in _OWN_WORDS
        if not own and not outcomes.lifecycle_meanings(labels):
            continue  # an outcome of no lifecycle (fixed, parts ordered) decides no stage
        candidates = untimed(view, labels, candidates)  # `departs_at`: a plan, not a stage
        plan = plan_stamps(labels, candidates) if labels else {}
        plan |= checked_stamps(view, name, labels, [c for c in candidates if c not in plan])
        _own_end(view, labels, plan)
        occurrence = _occurrence(view, labels, plan, candidates)
        if labels and not occurrence:  # `picked_up_at`, then `dropped_off_at`
            work_end(labels, {c: candidates[c] for c in candidates}, plan, lifecycle(labels))
        if end := row_end(view, labels, plan, candidates):
            meanings = outcomes.lifecycle_meanings(labels) or {}
            reach = lifecycle(labels)
            plan[end] = ("reach", min(reach[lb] for lb, kind in meanings.items() if kind == "done"))
        reasons = reasons_of(view, labels) if labels else {}
        # a bill over a period is issued by the period rule, a cancelled one too: it was
        # voided after its issue (rules/bill.py); its issue time is set once it got that far
        bill = bill_times(view)
        issued = bill is not None
        if bill is not None and outcomes.is_bill(labels):
            issue = bill["issue"]
            if issue in candidates and issue not in plan:
                plan[issue] = ("reach", issue_reach(labels, lifecycle(labels))[0])
        if plan or reasons:
            stamps = {c: candidates[c] for c in plan}
            past = failures_past(labels, stamps, plan, lifecycle(labels), canon, _is_ending)
            data = {"status": name, "labels": labels, "stamps": stamps, "plan": plan,
                    "anchor": anchor, "draw": bool(drawn), "reasons": reasons,
                    "issued": issued, "held": _held(view, anchor, labels),
                    "term": _term_ends(view, labels), "occurrence": occurrence,
                    "past": past, "reach": lifecycle(labels, issued),
                    "start": as_one.start_of(view, anchor, plan)}  # fmt: skip
            shown = ", ".join(sorted([*stamps, *reasons]))
            columns = [name, *sorted(stamps), *sorted(reasons)]
            return [Rule("status", columns, f"{name} decides {shown}", data)]
    return []


def _term_ends(view: TableView, labels: list[str]) -> dict[str, float]:
    """How far the endings of a term got: where every row runs a fixed term of its own (a
    start and an end, not a validity), an ending declared after the steady state the row lives
    in while it runs (an expired, a cancelled policy after active) got up to that state."""
    window = window_of(view.schema, view.table, view.config)
    ends = [window.start, window.end] if window is not None and not window.validity else []
    if not labels or not ends or any(c not in view.specs or view.specs[c].nullable for c in ends):
        return {}
    meanings = outcomes.lifecycle_meanings(labels) or {}
    steady = next((at for at, lb in enumerate(labels) if meanings.get(lb) == "steady"), None)
    if steady is None:
        return {}
    reach = lifecycle(labels)
    at = reach[labels[steady]]
    return {lb: at + 0.005 for lb in labels[steady + 1 :] if _is_ending(lb) and reach[lb] < at}


def _own_end(view: TableView, labels: list[str], plan: dict[str, tuple[str, Any]]) -> None:
    """The end of the row's own occurrence (`returned_at` after `picked_up_at`: a hire, a
    loan) named after an ending no label holds (timeline.ENDINGS: a returned order) is not
    that ending but the close of the row's time: set once the row is done (a closed hire was
    returned), NULL while it is still under way."""
    window = events_window(view.schema, view.table, view.config)
    if window is None or plan.get(window.end) != ("exact", []):
        return
    meanings = outcomes.lifecycle_meanings(labels) or {}
    reach = lifecycle(labels)
    done = [reach[label] for label, kind in meanings.items() if kind == "done"]
    if done:
        plan[window.end] = ("reach", min(done))


def _occurrence(
    view: TableView, labels: list[str], plan: dict[str, tuple[str, Any]], candidates: dict[str, str]
) -> list[str]:
    """The row's own nullable window beside a time it is planned for (a visit's `arrived_at`
    ..`departed_at` beside its `scheduled_for`, its booked start..end): what happened of the
    plan, as kinds/recorded.py reads an `actual_start`, whatever its words: begun once under
    way, ended once done; a row still planned or called off has neither. Returns the two."""
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity or not window.end:
        return []
    if any(c not in candidates or not view.specs[c].nullable for c in (window.start, window.end)):
        # the window is the booking: its arrival and departure beside it (kinds/actual_pair)
        window = actual_window(view.schema, view.table, view.config) or window
    own = (window.start, window.end)
    if any(c not in candidates or not view.specs[c].nullable for c in own):
        return []
    if any(c in plan or (event_of(time_stem(c)) or ("",))[0] == "planned" for c in own):
        return []
    if not any(
        (side := event_of(time_stem(c))) is not None and side[0] == "planned"
        for c, spec in view.specs.items()
        if c not in own and is_time(spec.kind)
    ):
        return []
    meanings = outcomes.lifecycle_meanings(labels) or {}
    reach = lifecycle(labels)
    done = [reach[label] for label, kind in meanings.items() if kind == "done"]
    if not done:
        return []
    plan[window.start] = ("reach", min(float(_UNDER_WAY), min(done)))
    plan[window.end] = ("reach", min(done))
    return [window.start, window.end]


def _held(view: TableView, anchor: str | None, labels: list[str]) -> dict[str, tuple[str, Any]]:
    """The row's NOT NULL business time when a stage after the first names it (`approved_at`
    of a refund requested first, the table's anchor, which the status rule does not move):
    every row got that far."""
    spec = view.specs.get(anchor or "")
    if anchor is None or spec is None or spec.nullable or spec.generator == "created_at":
        return {}
    side = event_of(time_stem(anchor))
    if anchor in _planned_dates(view) or (side is not None and side[0] == "planned"):
        return {}  # a date the row is planned for, set whatever its stage
    if not labels:
        return {}
    # a time of the first stage is the row's coming to be, a declined one's too (a card
    # payment authorised, then declined or settled): only a later stage holds every row
    reach = lifecycle(labels)
    first = min((reach[lb] for lb in labels if not _is_ending(lb)), default=0.0)
    plan = plan_stamps(labels, {anchor: time_stem(anchor)})
    return {c: (how, at) for c, (how, at) in plan.items() if how == "reach" and at > first + 1e-9}


def reasons_of(view: TableView, labels: list[str]) -> dict[str, list[str]]:
    """Nullable text columns that explain an ending, named after its label (`cancellation_
    reason` for 'cancelled', `rejection_note` for 'rejected', `failure_cause` for 'failed'):
    column → the labels whose rows carry it."""
    endings = {label: canon(label) for label in labels if _is_ending(label)}
    out: dict[str, list[str]] = {}
    for column, spec in view.specs.items():
        words = normalise(column).split("_")
        if spec.kind != "text" or not spec.nullable or column in view.fk_cols:
            continue
        if len(words) < 2 or words[-1] not in REASON_WORDS or not free(view, column):
            continue
        said = "_".join(words[:-1])
        mine = [lb for lb, stem in endings.items() if len(stem) >= 4 and said.startswith(stem)]
        if mine:
            out[column] = mine
    return out


def _planned_dates(view: TableView) -> set[str]:
    """The NOT NULL bounds of the window the row takes place in (`check_in_date`/
    `check_out_date`, `starts_at`/`ends_at`): dates the row is planned for, set whatever its
    stage, not the record of a stage it reached (a confirmed booking has its check-out date)."""
    window = window_of(view.schema, view.table, view.config)
    if window is None or window.validity:
        return set()
    return {c for c in (window.start, window.end) if c in view.specs and not view.specs[c].nullable}


def _draw(rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    """A free-text status takes the labels its timestamps name: most rows along the happy
    path, about one in ten an ending."""
    status = batch[rule.data["status"]]
    labels = rule.data["labels"]
    ending = np.array([_is_ending(label) for label in labels], dtype=bool)
    weights = np.where(ending, 0.1 / max(int(ending.sum()), 1), 0.9 / max(int((~ending).sum()), 1))
    picks = rng.choice(len(labels), size=status.values.size, p=weights / weights.sum())
    status.values[:] = np.asarray(labels, dtype=object)[picks]


def _restrict(rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    """A NOT NULL stage timestamp is set on every row: rows whose status has not reached it
    take a label that has (drawn among those), when there is one."""
    status = batch[rule.data["status"]]
    reach = {**lifecycle(rule.data["labels"], rule.data.get("issued", False)),
             **rule.data.get("term", {})}  # fmt: skip
    allowed = list(rule.data["labels"])
    held = rule.data.get("held", {})
    for column, (how, what) in [*rule.data["plan"].items(), *held.items()]:
        if column not in held and batch[column].nullable:
            continue
        if how == "reach":
            allowed = [label for label in allowed if reach[label] >= what]
        else:
            allowed = [label for label in allowed if label in what]
    if not allowed or len(allowed) == len(rule.data["labels"]):
        return
    text = np.asarray(status.values).astype(str)
    bad = ~np.isin(text, np.asarray(allowed, dtype=str))
    kindred(status, bad, allowed, list(rule.data["labels"]), rng)  # on its way, or over
    status.nulls[bad] = False


def apply_status(view: TableView, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    if rule.data.get("draw"):
        _draw(rule, batch, rng)
    _restrict(rule, batch, rng)
    status = batch[rule.data["status"]]
    _stamp(rule, batch, rng, np.ones(status.values.size, dtype=bool))
    # no stage after the run's clock: a row whose stages ran past it moved back (rules/as_one.py)
    as_one.back_by_clock(clock.run_now(view.config), rule, batch)
    # a reason follows the label before a CHECK judges the pair: a reason the generator drew
    # on a row of another label is that row's to lose, not a cause to relabel it
    _explain(rule, batch, rng)
    _fit_checks(view, rule, batch, rng)
    _explain(rule, batch, rng)


def restamp(rule: Rule, batch: Batch, rng: np.random.Generator, rows: np.ndarray) -> None:
    """After another rule relabelled `rows` (a stale open row that failed): their stage
    timestamps and reasons follow the new label (a cancelled flight has no actual departure
    and has a cancellation reason)."""
    if all(c in batch for c in rule.columns) and rows.any():
        _stamp(rule, batch, rng, rows)
        _explain(rule, batch, rng)


def _explain(rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    """A reason is given exactly on the rows of the ending it explains (one drawn for the
    row from the column's own values where it had none)."""
    status = batch[rule.data["status"]]
    labels, pos = label_codes(status)
    for column, ending in rule.data.get("reasons", {}).items():
        if column not in batch:
            continue
        col = batch[column]
        want = np.array([label in ending for label in labels], dtype=bool)[pos] & ~status.nulls
        given = np.flatnonzero(~col.nulls)
        lacking = np.flatnonzero(want & col.nulls)
        if lacking.size and given.size:
            col.values[lacking] = col.values[given[rng.integers(0, given.size, lacking.size)]]
            col.nulls[lacking] = False
        col.nulls[~want] = True


def _stamp(rule: Rule, batch: Batch, rng: np.random.Generator, within: np.ndarray) -> None:
    """Set or NULL each stage timestamp of the rows `within` by how far their status got."""

    status = batch[rule.data["status"]]
    labels, pos = label_codes(status)
    table = {**lifecycle(rule.data["labels"], rule.data.get("issued", False)),
             **rule.data.get("term", {})}  # fmt: skip
    reached = np.array([table.get(label, -1.0) for label in labels], dtype=np.float64)[pos]
    known = (reached >= 0) & ~status.nulls & within
    anchor_name = rule.data["anchor"]
    current = as_us(batch[anchor_name]) if anchor_name in batch else None
    plan = rule.data["plan"]
    # stages in lifecycle order, the endings' own timestamps last
    ordered = sorted(plan, key=lambda c: plan[c][1] if plan[c][0] == "reach" else 99.0)
    for column in ordered:
        col = batch[column]
        how, what = plan[column]
        if how == "reach":
            want = known & (reached >= what - 1e-9)
            gone = rule.data.get("past", {}).get(column, ())  # failures ranked after it
            want &= ~np.array([label in gone for label in labels], dtype=bool)[pos]
        else:
            names = np.array([label in what for label in labels], dtype=bool)
            want = known & names[pos]
        if col.nullable:
            col.nulls[:] = np.where(known, ~want, col.nulls)
        if current is not None:  # each stage about a day after the one before it, one
            current = as_one.from_start(rule, batch, current, plan[column])  # under way: its start
            after = want & ~np.isnat(current)
            store(col, current + gap(rng, want.size, 1), np.flatnonzero(after))
            current = np.where(want & ~col.nulls, as_us(col), current)
        else:  # no anchor: the first stage keeps its drawn time, the later ones follow it
            current = np.where(want & ~col.nulls, as_us(col), np.datetime64("NaT", "us"))


def _fit_checks(view: TableView, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    """A CHECK over the status and its timestamps wins (`(status = 'shipped') = (shipped_at IS
    NOT NULL)`, `status <> 'reopened' OR resolved_at IS NULL`): a row the lifecycle gave
    timestamps the CHECK rejects loses the timestamp, else takes the first label whose
    timestamps it accepts; rows nothing fits keep what they had, for the CHECK repair."""

    columns = set(rule.columns)
    trees = [tree for _, tree in view.checks if columns_of(tree) & columns]
    status = batch[rule.data["status"]]
    n = status.values.size

    def bad_rows() -> np.ndarray:
        out = np.zeros(n, dtype=bool)
        for tree in trees:
            try:
                out |= failing(tree, batch, n, view.env)
            except Unsupported:
                continue
        return out

    bad = bad_rows() if trees else np.zeros(n, dtype=bool)
    # first the label stays and a timestamp the CHECK forbids goes
    for column in rule.data["plan"]:
        col = batch[column]
        if not bad.any() or not col.nullable:
            continue
        was = col.nulls.copy()
        col.nulls[bad] = True
        still = bad_rows() & bad
        col.nulls[still] = was[still]
        bad = still
    for label in rule.data["labels"]:
        if not bad.any():
            return
        rows = np.flatnonzero(bad)
        saved = {c: (batch[c].values[rows].copy(), batch[c].nulls[rows].copy()) for c in columns}
        status.values[rows] = typed_label(status, label)
        status.nulls[rows] = False
        _stamp(rule, batch, rng, bad)
        still = bad_rows() & bad
        keep = still[rows]
        for c, (values, nulls) in saved.items():
            batch[c].values[rows[keep]] = values[keep]
            batch[c].nulls[rows[keep]] = nulls[keep]
        bad = still


def _plan_status(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    return [] if (t := time_columns(view)) is None else plan_status(view, t.anchor, t.movable)


def _apply_status(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if all(c in batch for c in rule.columns):
        apply_status(view, rule, batch, row_rng(view, rule, idx))


RULE = RowRule(
    "status",
    "a status and the timestamps named after its labels (shipped_at for shipped rows)",
    _plan_status,
    _apply_status,
    after=("after_anchor",),
    owns=status_owns,
)
