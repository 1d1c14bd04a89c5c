"""Documents cover their holder's time in service: a licence, a certification, a registration
(kinds/windows.DOCUMENT_WORDS) is valid whenever its holder works, so whatever the holder did
while employed or in service, a document was valid that day.

Two shapes, read from the schema:

- in the row: a row with two windows of validity, one named as a document's
  (`licence_valid_from`/`licence_valid_to`) and one of service (`hired_on`/`left_on`): the
  document was issued before the service began and is valid past its end (or past now, for
  one still in service);
- a child table: a table named as documents (or whose window is) with a window of validity
  (`issued_on`/`expires_on`) under a required parent with a window of service (a driver's
  `hired_on`/`terminated_on`; a party without one, a customer, is in service from the time
  it came to be, its sign-up, up to now): every holder gets a document where the table has
  rows enough (the parents are drawn once for the whole table), and a holder's documents
  chain, each renewed shortly before the previous one expires, the first issued before the
  service began (a customer's at any time of its life, seldom in its first months), the last
  valid past its end (past now, for one still in service).

A document lasts years (a median of five), longer where one has to cover a long service.
Applied last among the times of the row, so the documents' dates have the final word."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.base import clock
from workbench.generate.base.groups import ranks_within
from workbench.generate.base.hashing import skewed_index, stable_hash
from workbench.generate.base.names import normalise
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.meets import personal
from workbench.generate.kinds.semantics import decide_column
from workbench.generate.kinds.windows import Window, documents, windows_of
from workbench.generate.rules.base import LinkRule, Phase, RowRule, Rule, Stage, free
from workbench.generate.rules.born import hired
from workbench.generate.rules.times import DAY_US, as_us, is_time, store
from workbench.generate.rules.within import undo_rejected

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.links import Links
    from workbench.generate.view import FKUnit, TableView
    from workbench.schema.model import Table

TYPICAL_DAYS = 5 * 365.0  # a document's median length
SHORTEST_DAYS = 365.0
LONGEST_DAYS = 15 * 365.0
RENEW_DAYS = 20.0  # a renewal is issued this many days before the previous one expires
# the shares of its length a document was held before its holder's service began, least and
# most: taken on for the service (a driver hired), or any time of its life (a customer)
HIRED_HELD = (0.0, 0.5)
ON_RECORD_HELD = (0.2, 1.0)
# the youngest a person is issued a document of these words at (a driving licence, a work
# permit: nowhere before 16); a passport, a visa or a certificate has no such floor
ISSUE_AGES = {"licence": 16, "license": 16, "licences": 16, "licenses": 16, "licensure": 16,
              "permit": 16, "permits": 16}  # fmt: skip
# the youngest a person is issued a document they hold for their work (their own row's
# licence beside their hiring: a pest controller's, an electrician's) at: an adult
WORKING_ISSUE_AGE = 18
_YEAR_US = 365.25 * DAY_US


@dataclass
class Holders:
    """Per table (scratch): each row's holder (a row of the parent's valid keys), its place
    among the holder's documents and their number."""

    parents: np.ndarray | None = None
    rank: np.ndarray | None = None
    count: np.ndarray | None = None
    done: bool = False


def _named_document(window: Window) -> bool:
    """A window named as a document's, by its start or its end (`licensed_on`/
    `licence_expiry`)."""
    words = set(normalise(window.start).split("_")) | set(normalise(window.end).split("_"))
    return documents(words)


def _free_times(view: TableView, window: Window) -> bool:
    specs = [view.specs.get(window.start), view.specs.get(window.end)]
    return all(s is not None and is_time(s.kind) for s in specs) and all(
        free(view, c) for c in (window.start, window.end)
    )


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    own = windows_of(view.schema, view.table, view.config)
    service = [w for w in own if not _named_document(w)]
    # a document's expiry held from the start of service (lasting.py's held expiry) is no
    # window of its own to lay: its start is the service's
    starts = {w.start for w in service}
    docs = [w for w in own if _named_document(w) and w.start not in starts]
    if docs and service and _free_times(view, docs[0]):
        doc, holder = docs[0], service[0]
        detail = (f"{doc.start}..{doc.end} covers {holder.start}..{holder.end}: valid "
                  "whenever the row is in service")  # fmt: skip
        data = {"fk": None, "parent": None, "start": holder.start, "end": holder.end}
        born = birth_columns(view, view.table)
        if born and hired(holder.start, view.specs):  # held for the work: issued of age
            data = {**data, "born": born[0], "age": str(WORKING_ISSUE_AGE)}
            detail += f", issued at {WORKING_ISSUE_AGE} or older ({born[0]})"
        return [Rule("cover", [doc.start, doc.end], detail, data)]
    table_words = set(normalise(view.tp.name.rsplit(".", 1)[-1]).split("_"))
    if len(own) != 1 or not _free_times(view, own[0]):
        return []
    if not (documents(table_words) or _named_document(own[0])):
        return []
    for unit in view.units:
        parent = view.schema.tables.get(unit.parent)
        if parent is None or unit.nullable or unit.mode != "normal" or unit.parent == view.tp.name:
            continue
        spans = windows_of(view.schema, parent, view.config)
        theirs: list[tuple[str, str | None]] = [
            (w.start, w.end) for w in spans if not _named_document(w)
        ]
        if not theirs:
            theirs = _on_record(view, parent)
        if not theirs:
            continue
        fk = ",".join(unit.fk.columns)
        detail = (f"{own[0].start}..{own[0].end} chained per {unit.parent} ({fk}), covering its "
                  f"{theirs[0][0]}..{theirs[0][1] or 'now'}")  # fmt: skip
        data = {"fk": fk, "parent": unit.parent, "start": theirs[0][0], "end": theirs[0][1]}
        words = table_words | set(normalise(own[0].start).split("_"))
        age = max((ISSUE_AGES.get(w, 0) for w in words), default=0)
        born = birth_columns(view, parent)
        if age and born:  # issued once the holder was old enough
            data = {**data, "born": born[0], "age": str(age)}
            detail += f", issued at {age} or older ({unit.parent}.{born[0]})"
        return [Rule("cover", [own[0].start, own[0].end], detail, data)]
    return []


def birth_columns(view: TableView, table: Table) -> list[str]:
    """A person's dates of birth (what the age their documents are issued at reads)."""
    if not personal(view.schema, table.qualified):
        return []
    return [
        c.name
        for c in table.columns
        if decide_column(view.schema, table, c, view.config).generator == "birth_date"
    ]


def keep_columns(view: TableView) -> set[str]:
    """A person's date of birth, kept for the documents issued to them."""
    return set(birth_columns(view, view.table))


def _on_record(view: TableView, parent: Table) -> list[tuple[str, str | None]]:
    """A party without a window of service (a customer, a member) holds its documents from
    the time it came to be (its anchor: a customer's sign-up) up to now: a driving licence
    was valid when its holder signed up and is valid now, issued before either."""
    if not personal(view.schema, parent.qualified):
        return []
    anchor = anchor_of(view.schema, parent, view.config)
    return [(anchor, None)] if anchor is not None else []


def _unit(view: TableView, rule: Rule) -> FKUnit | None:
    return next((u for u in view.units if ",".join(u.fk.columns) == rule.data["fk"]), None)


def _holders(view: TableView, rule: Rule, valid: np.ndarray) -> Holders:
    """Every row's holder for the whole table: each holder once first (in a shuffled order),
    the rows beyond one per holder with the usual fan-out; ranks and counts."""
    memo = view.scratch.get(Holders)
    if memo.done:
        return memo
    memo.done = True
    rows = view.tp.rows
    if not valid.size or rows <= 0:
        return memo
    rng = view.rng(f"cover:{rule.data['fk']}", 0)
    first = rng.permutation(valid.size)[:rows]
    more = skewed_index(rng, valid.size, rows - first.size, salt=stable_hash(rule.data["parent"]))
    picked = np.concatenate([first, more]).astype(np.int64)
    rank, count = ranks_within(picked)
    memo.parents, memo.rank, memo.count = valid[picked], rank, count
    return memo


def _assign(view: TableView, links: Links, batch: Batch, idx: np.ndarray) -> None:
    """The documents of a child table take the holders drawn for the whole table."""
    rule = next((r for r in view.rules if r.kind == "cover"), None)
    if rule is None or rule.data["fk"] is None or not idx.size:
        return
    unit = _unit(view, rule)
    if unit is None or not view.drawn_freely(unit):
        return
    source, valid = view.parent_keys(unit)
    starts = view.keys.tables.get(unit.parent, {}).get(rule.data["start"])
    if starts is not None:
        valid = valid[~starts.nulls[valid]]  # never in service: holds nothing for it
    memo = _holders(view, rule, valid)
    if memo.parents is None or int(idx.max()) >= memo.parents.size:
        return
    links.assign(batch, unit, memo.parents[idx], idx.size, np.zeros(idx.size, bool), source)


def _uniform(rows: np.ndarray, salt: int) -> np.ndarray:
    """A uniform number in [0, 1) per holder row, the same for every document of it."""
    x = rows.astype(np.uint64) + np.uint64(salt & 0xFFFFFFFF) * np.uint64(0x9E3779B1)
    x = (x ^ (x >> np.uint64(33))) * np.uint64(0xFF51AFD7ED558CCD)
    x = (x ^ (x >> np.uint64(33))) * np.uint64(0xC4CEB9FE1A85EC53)
    x = x ^ (x >> np.uint64(33))
    return (x >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def chained(
    begin: np.ndarray,
    finish: np.ndarray,
    rank: np.ndarray,
    count: np.ndarray,
    keys: np.ndarray,
    salt: int,
    held: tuple[float, float] = HIRED_HELD,
) -> tuple[np.ndarray, np.ndarray]:
    """(issued, expires) in microseconds of document `rank` of `count` of each holder in
    service from `begin` to `finish` (now, for one still in service): the documents chain
    back from a little past `finish`, each renewed RENEW_DAYS before the previous expired,
    long enough together to start before `begin`. `keys` names each holder (the same draws
    for every document of one holder). `held`: the shares of a document's length it was held
    before the service began, least and most."""
    day = float(DAY_US)
    typical = np.exp(np.log(TYPICAL_DAYS) + 0.45 * _normalish(keys, salt))
    length_d = np.clip(typical, SHORTEST_DAYS, LONGEST_DAYS) * day
    # held this long before the service
    lead = (held[0] + (held[1] - held[0]) * _uniform(keys, salt + 3)) * length_d
    tail = (0.05 + 0.85 * _uniform(keys, salt + 4)) * length_d  # still valid this long after
    n = np.maximum(count, 1).astype(np.float64)
    need = (finish - begin).astype(np.float64) + lead + tail + (n - 1) * RENEW_DAYS * day
    length = np.maximum(need / n, np.minimum(length_d, (need + 2 * length_d) / n))
    length = np.maximum(length, 2 * RENEW_DAYS * day)
    end = finish.astype(np.float64) + tail
    expires = end - (n - 1 - rank) * (length - RENEW_DAYS * day)
    return (expires - length).astype(np.int64), expires.astype(np.int64)


def _normalish(keys: np.ndarray, salt: int) -> np.ndarray:
    return np.asarray((_uniform(keys, salt + 1) + _uniform(keys, salt + 2) - 1.0) * 2.45)


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    start, end = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if start is None or end is None or not idx.size:
        return
    now = clock.run_now(view.config).astype(np.int64)
    n = idx.size
    if rule.data["fk"] is None:  # the row's own time in service
        since, until = batch.get(rule.data["start"]), batch.get(rule.data["end"])
        if since is None or until is None:
            return
        begin = np.where(since.nulls, now, as_us(since).astype(np.int64))
        stop = np.where(until.nulls, now, np.minimum(as_us(until).astype(np.int64), now))
        rows = np.flatnonzero(~since.nulls)
        rank, count, keys = np.zeros(n, np.int64), np.ones(n, np.int64), idx
    else:
        memo = view.scratch.get(Holders)
        picked, nulls = view.parent_rows(rule.data["fk"])
        if memo.parents is None or memo.rank is None or memo.count is None or picked is None:
            return
        if int(idx.max()) >= memo.parents.size:
            return
        stored = view.keys.tables.get(rule.data["parent"], {})
        since, until = stored.get(rule.data["start"]), stored.get(rule.data["end"] or "")
        if since is None or (until is None and rule.data["end"] is not None):
            return
        b = np.asarray(since.values[picked]).astype("datetime64[us]").astype(np.int64)
        begin = np.where(since.nulls[picked], now, b)
        stop = np.full(n, now)  # a party on record: in service up to now
        if until is not None:
            e = np.asarray(until.values[picked]).astype("datetime64[us]").astype(np.int64)
            stop = np.where(until.nulls[picked], now, np.minimum(e, now))
        ours = ~nulls & ~since.nulls[picked] & (memo.parents[idx] == picked)
        rows = np.flatnonzero(ours)
        rank, count, keys = memo.rank[idx], memo.count[idx], picked
    stop = np.maximum(stop, begin)
    salt = stable_hash(view.seed, view.tp.name, "cover")
    # a party on record (no end of service) signed up at any time of its document's life,
    # seldom in its first months; one taken on for a service often got it for that
    held = (
        ON_RECORD_HELD if rule.data["fk"] is not None and rule.data["end"] is None else HIRED_HELD
    )
    issued, expires = chained(begin, stop, rank, count, keys.astype(np.int64), salt, held)
    birth = _births(view, rule, batch, picked if rule.data["fk"] is not None else None)
    if birth is not None:  # issued of age, and still before the row's own service began
        by = begin if rule.data["fk"] is None else None
        issued = _old_enough(birth, int(rule.data["age"]), issued, expires, keys, salt, by)
    # a date meets a timestamp at its midnight: a day's margin either side
    issued = np.minimum(issued - DAY_US, now)
    expires = expires + DAY_US
    saved = {c: batch[c].values.copy() for c in rule.columns}
    store(start, issued.astype("datetime64[us]"), rows)
    store(end, expires.astype("datetime64[us]"), rows[~end.nulls[rows]])
    undo_rejected(view, batch, saved, np.isin(np.arange(n), rows))


def _births(
    view: TableView, rule: Rule, batch: Batch, picked: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray] | None:
    """The holder's birth (microseconds, and where unknown) of each row: its own row's, else
    its parent's; None where the rule reads none."""
    if rule.data.get("born") is None:
        return None
    if rule.data["fk"] is None:
        own = batch.get(rule.data["born"])
        return None if own is None else (as_us(own).astype(np.int64), own.nulls)
    born = view.keys.tables.get(rule.data["parent"], {}).get(rule.data["born"])
    if born is None or picked is None:
        return None
    values = np.asarray(born.values[picked]).astype("datetime64[us]").astype(np.int64)
    return values, born.nulls[picked]


def _old_enough(
    birth: tuple[np.ndarray, np.ndarray],
    age: int,
    issued: np.ndarray,
    expires: np.ndarray,
    keys: np.ndarray,
    salt: int,
    by: np.ndarray | None = None,
) -> np.ndarray:
    """Issue dates no earlier than the holder's birthday at the document's age: one issued
    too young is issued at that age or within two years of it, while it still runs a while
    and, where `by` is given (the holder's own hiring), before it where the holder was of age
    by then (a holder too young for it at its expiry keeps the date drawn)."""
    born, unknown = birth
    earliest = born + int(age * _YEAR_US) + 2 * DAY_US  # the day taken off below, and leap days
    last = expires - 2 * RENEW_DAYS * DAY_US
    if by is not None:
        last = np.where(by > earliest, np.minimum(last, by), last)
    room = last - earliest
    late = (issued < earliest) & ~unknown & (room > 0)
    wait = _uniform(keys.astype(np.int64), salt + 5) * np.minimum(2 * _YEAR_US, room)
    return np.where(late, earliest + wait.astype(np.int64), issued)


RULE = RowRule(
    "cover",
    "documents (a licence, a certification) are valid whenever their holder is in service",
    _plan,
    _apply,
    phases={"cover": Phase.FINAL},
    after=("within", "lasting", "series"),
    before=("counter",),
)
HOLDERS = LinkRule(
    "document holders",
    "every holder gets a document where the table has rows enough, each knowing its place",
    Stage.KEYS,
    _assign,
    after=("parents in service",),
    before=("keys that meet",),
)
