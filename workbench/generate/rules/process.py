"""The stamps of one process are as far apart as its steps take: a row whose times name the
steps of one thing done at once (a ride requested, accepted, picked up and dropped off; a truck
weighed first and second; a callout raised, dispatched, arrived at and cleared; a gate in and
a gate out) has them minutes apart and the whole thing over in minutes to hours, not the days
the stamps drawn one by one and put in order (rules/chain.py) leave between them.

The stamps are read by their words (vocab/durations.PROCESS_STAGES: a stage each, asked for,
taken on, there, begun, over; PROCESS_TWICE: one action done twice). Each stamp of a row
follows the one before it present by what its step takes: taken on a minute or two after
the asking, there minutes after that, begun a minute or two after arriving, over as long after
it began as the table's thing lasts (rules/span.scale_for: a trip 3 minutes to 3 hours) or any
other thing done between a start and an end does (span.HAPPENED, minutes to hours). The first
stamp present keeps its place; a row that would end past the run's clock moves back whole.

A default for any row of such stamps, with its exceptions: a row whose thing lasts days or more
(its table's words: a stay, a rental, a loan, a contract: vocab/durations.LONG_PROCESSES, or
span's scale for it) keeps its times, as does one booked ahead (a `scheduled_date`, a
'scheduled' status: a job ordered for another day waits for its plan, not minutes), and so
does a row with a stamp of a step this reads nothing of (an order's `shipped_at`,
`delivered_at`: days apart), and one whose only two stamps are a start and an end span.py
already spans. Record times and failures (`created_at`, `cancelled_at`) are no steps: the
row's dates are put in order again after (rules/chain.py). Applied after the dates in
order, before the spans (rules/span.py); a distance covered over the row's begun..over is the
pace's (rules/pace.py)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.names import normalise
from workbench.generate.rules import span
from workbench.generate.rules.base import Phase, RowRule, Rule, labels_of, movable_time, row_rng
from workbench.generate.rules.chain import apply_chain
from workbench.generate.rules.times import as_us, store
from workbench.generate.vocab import lexicon
from workbench.generate.vocab.durations import (
    CARRIAGE,
    CARRIED_FROM,
    CARRIED_TO,
    LONG_PROCESSES,
    PROCESS_ASIDE,
    PROCESS_STAGES,
    PROCESS_TWICE,
)

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView

MINUTE_US = 60_000_000
BEGUN, OVER = 3, 4
# minutes (shortest, longest, typical) of a step, by the stage it reaches and the stage before
TAKEN_ON = (0.1, 60.0, 1.5)  # accepted, dispatched: a minute or two after the asking
ON_THE_WAY = (1.0, 90.0, 6.0)  # there (or begun, with no arrival stamped): minutes later
AT_ONCE = (0.2, 30.0, 2.0)  # begun once there: a minute or two
SPREAD = 0.6  # log-normal spread of a step around its typical length
LONG_MINUTES = 12 * 60  # a thing typically lasting longer than this is no process of minutes


def stage_of(column: str) -> int | None:
    """The stage of a process a time column's words name (`picked_up_at`: begun), else None."""
    words = lexicon.stem_words(column)
    for cut in (2, 1):
        if len(words) >= cut and (stage := PROCESS_STAGES.get("_".join(words[-cut:]))) is not None:
            return stage
    return None


def _twice(a: str, b: str) -> tuple[str, str] | None:
    """Two names of one action done twice (`first_weigh_at`/`second_weigh_at`, `gate_in`/
    `gate_out`), in their order, not a time clock's punches nor a stay's check-in."""
    x, y = lexicon.stem_words(a), lexicon.stem_words(b)
    if len(x) != len(y) or len(x) < 2 or lexicon.work(a) or {"check", "checked"} & set(x):
        return None
    differ = [(p, q) for p, q in zip(x, y, strict=True) if p != q]
    if len(differ) != 1:
        return None
    for first, second in PROCESS_TWICE:
        if differ[0] == (first, second):
            return a, b
        if differ[0] == (second, first):
            return b, a
    return None


def _aside(view: TableView, column: str) -> bool:
    """A time that is no step of the process: a record time, a plan, a failure, or one that
    names no event that happened (`last_ping_at`)."""
    generator = view.specs[column].generator
    words = set(lexicon.stem_words(column))
    return (
        lexicon.record_time(column, generator)
        or lexicon.planned(column)
        or lexicon.arranged(column)
        or bool(words & PROCESS_ASIDE)
        or not lexicon.happened(column)
    )


def stamps_of(view: TableView) -> list[tuple[str, int]] | None:
    """The row's stamps of one process in order, with the stage each names; None where the
    row has fewer than two, or a stamp of a step this reads nothing of."""
    times = [c for c, s in view.specs.items() if s.kind == "timestamp" and c not in view.fk_cols]
    stages = {c: s for c in times if (s := stage_of(c)) is not None}
    for a, b in combinations(times, 2):
        pair = _twice(a, b)
        if pair is not None:
            stages[pair[0]], stages[pair[1]] = BEGUN, OVER
    position = {c: at for at, c in enumerate(view.specs)}
    unnamed = [c for c in times if c not in stages and not _aside(view, c)]
    # once begun, the one step after it the words do not name is the end (`boarded_at` then
    # `disembarked_at`, `collected_at` then `handed_back_at`)
    begun = len(unnamed) == 1 and bool(stages) and max(stages.values()) == BEGUN
    if begun and position[unnamed[0]] > max(position[c] for c in stages):
        stages[unnamed.pop()] = OVER
    if len(stages) < 2 or unnamed:
        return None
    return sorted(stages.items(), key=lambda item: (item[1], position[item[0]]))


def _long(view: TableView, scale: tuple[float, float, float, bool] | None) -> bool:
    """Whether the row's thing lasts days: by its table's words, span's scale for it, or a
    window of days of its own (`from_date`/`to_date` of a room's assignment)."""
    words = set(normalise(view.table.name).split("_"))
    if words & LONG_PROCESSES or (scale is not None and scale[2] > LONG_MINUTES):
        return True
    return any(view.specs[a].kind == "date" for a, _ in span.pairs(view))


def _booked_ahead(view: TableView) -> bool:
    """Whether the row is booked ahead (a time of a plan, `scheduled_date`, `planned_start`,
    or a label saying so, 'scheduled', 'booked': a job ordered for another day), so that the
    plan, not the steps, says when it begins."""
    words = lexicon.ARRANGED | {"booked"}
    for name, spec in view.specs.items():
        if spec.kind in ("timestamp", "date") and (lexicon.arranged(name) or lexicon.planned(name)):
            return True
        if set(labels_of(spec)) & words:
            return True
    return False


def _spanned(start: str, end: str, scale: tuple[float, float, float, bool] | None) -> bool:
    """Whether rules/span.py spans a pair: all but punches of nothing it names (`gate_in`,
    `gate_out` of a table no word of which lasts)."""
    if scale is not None or lexicon.work(start) or lexicon.work(end) or span.present(start, end):
        return True
    return not lexicon.punch_pair(start, end)


def carriage_of(view: TableView) -> list[tuple[str, int]] | None:
    """The row's two stamps of a carriage of goods, a sending then a handing over
    (`shipped_at`, `delivered_at`: vocab/durations.CARRIED_FROM, CARRIED_TO), where the row
    has no other stamp but record times, plans and failures; else None."""
    times = [c for c, s in view.specs.items() if s.kind == "timestamp" and c not in view.fk_cols]
    own = [c for c in times if not _aside(view, c)]
    if len(own) != 2 or not all(movable_time(view, c) for c in own):
        return None
    words = [set(lexicon.stem_words(c)) | {"_".join(lexicon.stem_words(c))} for c in own]
    for (a, x), (b, y) in (zip(own, words, strict=True), zip(own[::-1], words[::-1], strict=True)):
        if x & CARRIED_FROM and y & CARRIED_TO:
            return [(a, 1), (b, OVER)]
    return None


def process_of(view: TableView) -> tuple[list[tuple[str, int]], list[float]] | None:
    """The row's stamps of one process of minutes with their stages, and how long its thing
    lasts (shortest, longest, typical minutes); None where the row has none. A carriage of
    goods (`carriage_of`) lasts the next day or so, whatever its table."""
    carried = carriage_of(view)
    if carried is not None:
        return carried, [CARRIAGE[0] - 1, CARRIAGE[1] - 60, CARRIAGE[2] - ON_THE_WAY[2]]
    stamps = stamps_of(view)
    if stamps is None:
        return None
    scale = span.scale_for(view)
    if _long(view, scale):
        return None
    if _booked_ahead(view):  # the plan says when it begins; from then on it takes its time
        stamps = [(c, s) for c, s in stamps if s >= BEGUN]
        if len(stamps) < 2:
            return None
    columns = [c for c, _ in stamps]
    if any(set(columns) <= {a, b} and _spanned(a, b, scale) for a, b in span.pairs(view)):
        return None  # a start and an end: the span's (rules/span.py)
    if not all(movable_time(view, c) for c in columns[1:]):
        return None
    return stamps, list(scale[:3]) if scale is not None else list(span.HAPPENED[:3])


def open_minutes(view: TableView) -> float | None:
    """How long before the run's clock a row of a process of minutes still open began at most
    (a ride requested and not dropped off yet: within the last hours, not days): a few times
    its typical length and its steps before, at most its longest; None for other rows."""
    found = process_of(view)
    if found is None:
        return None
    _, hi, typical = found[1]
    return min(hi, 3 * (typical + ON_THE_WAY[2] + TAKEN_ON[2]))


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    found = process_of(view)
    if found is None:
        return []
    stamps, lasts = found
    columns = [c for c, _ in stamps]
    chain = next((r for r in planned if r.kind == "chain"), None)
    detail = (
        f"{' → '.join(columns)} minutes apart, the whole {lasts[0]:g}-{lasts[1]:g} minutes "
        "(one process's steps)"
    )
    data = {
        "stages": [s for _, s in stamps],
        "lasts": lasts,
        "chain": None if chain is None else [chain.columns, chain.data],
        "first_free": movable_time(view, columns[0]),
    }
    return [Rule("process", columns, detail, data)]


def _step(stage: int, before: int, lasts: list[float]) -> tuple[float, float, float]:
    if stage >= OVER:
        return (
            (lasts[0], lasts[1], lasts[2])
            if before == BEGUN
            else (lasts[0] + 1, lasts[1] + 60, lasts[2] + ON_THE_WAY[2])
        )
    if stage == BEGUN and before == BEGUN - 1:
        return AT_ONCE
    return TAKEN_ON if stage <= 1 else ON_THE_WAY


def _minutes(rng: np.random.Generator, n: int, step: tuple[float, float, float]) -> np.ndarray:
    lo, hi, typical = step
    return np.clip(rng.lognormal(np.log(typical), SPREAD, n), lo, hi)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    if any(c not in batch for c in rule.columns):
        return
    cols = [batch[c] for c in rule.columns]
    rng = row_rng(view, rule, idx)
    stages, lasts = rule.data["stages"], rule.data["lasts"]
    n = cols[0].values.size
    placed = [as_us(c).copy() for c in cols]
    present = [~c.nulls for c in cols]
    prev = placed[0].copy()
    prev_stage = np.full(n, stages[0])
    seen = present[0].copy()
    for at in range(1, len(cols)):
        here = present[at]
        gap = np.zeros(n)
        for before in set(prev_stage[here & seen].tolist()):
            rows = here & seen & (prev_stage == before)
            gap[rows] = _minutes(rng, int(rows.sum()), _step(stages[at], before, lasts))[
                : rows.sum()
            ]
        moved = here & seen
        placed[at] = np.where(
            moved, prev + (gap * MINUTE_US).astype(np.int64).astype("timedelta64[us]"), placed[at]
        )
        prev = np.where(here, placed[at], prev)
        prev_stage = np.where(here, stages[at], prev_stage)
        seen |= here
    # a row that would end past the run's clock moves back whole
    now = clock.run_now(view.config)
    last = prev
    late = seen & (last > now)
    back = np.where(
        late, (last - now).astype(np.int64) + (rng.random(n) * 10 * MINUTE_US).astype(np.int64), 0
    )
    shift = back.astype("timedelta64[us]")
    for at, col in enumerate(cols):
        at_most = placed[at] - shift
        if not rule.data["first_free"]:  # the first stays: the steps stop by the clock
            at_most = np.where(late, np.minimum(placed[at], now), placed[at])
        store(col, at_most, np.flatnonzero(present[at]))
    if rule.data["chain"] is not None:  # the record times and failures among the steps again
        columns, data = rule.data["chain"]
        _before_steps(view, rule, data["preds"], batch, rng)
        apply_chain(view, Rule("chain", columns, "", data), batch, rng)


def _before_steps(
    view: TableView,
    rule: Rule,
    preds: dict[str, list[str]],
    batch: Batch,
    rng: np.random.Generator,
) -> None:
    """A time the dates' order puts before a step (a record's `created_at` before a callout's
    `dispatched_at`) moves back between the times it follows and the first step it precedes,
    where the steps now come sooner (the chain would move the steps after it instead)."""
    for column, before in preds.items():
        col = batch.get(column)
        ahead = [s for s in rule.columns if column in preds.get(s, ())]
        if column in rule.columns or col is None or not ahead or not movable_time(view, column):
            continue
        ceiling = np.full(col.values.size, np.datetime64("NaT", "us"))
        for step in ahead:
            other = batch[step]
            at = np.where(other.nulls, np.datetime64("NaT", "us"), as_us(other))
            ceiling = np.where(np.isnat(ceiling) | (at < ceiling), at, ceiling)
        floor = np.full(col.values.size, np.datetime64("NaT", "us"))
        for p in before:
            earlier = batch.get(p)
            if earlier is None:
                continue
            at = np.where(earlier.nulls, np.datetime64("NaT", "us"), as_us(earlier))
            floor = np.where(np.isnat(floor) | (at > floor), at, floor)
        floor = np.where(np.isnat(floor), ceiling, floor)
        bad = ~col.nulls & ~np.isnat(ceiling) & (as_us(col) > ceiling) & (floor <= ceiling)
        room = np.maximum((ceiling - floor).astype(np.int64), 0)
        between = floor + (rng.random(room.size) * room).astype(np.int64).astype("timedelta64[us]")
        store(col, between, np.flatnonzero(bad))


RULE = RowRule(
    "process",
    "the stamps of one process (requested, accepted, picked up, dropped off) minutes apart",
    _plan,
    _apply,
    phases={"process": Phase.FINAL},
    after=("chain",),
    before=("span",),
)
