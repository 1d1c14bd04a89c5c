"""A thing is put to use only while it holds a passing certificate valid that day: an access
platform goes on hire under a periodic inspection passed within the year, an aircraft flies
under a valid airworthiness review, a taxi drives its shift under a current licence.

The certificate and the use share the thing, with no key between them: both tables hold a
required single-column key to it. Each is drawn on its own (the certificates' dates and
results by their own shares, the uses by the clock), so a use rarely falls under a passing
certificate of its thing unless one follows the other: the certificates follow the uses,
the uses being what the business did.

The shape, not a name, triggers it, and only where the schema makes a certificate
required-looking:

- the certificate table is named as a document or a check (kinds/windows.DOCUMENT_WORDS,
  CHECK_WORDS here: `eq_insp`, `aircraft_airworthiness`, `vehicle_licence`), holds a
  required key to the thing, a day it was issued or done and a day it is valid until (a
  window of validity, `issued_on`/`expires_on`, or a date and an end said as an expiry:
  `insp_dt`/`valid_until`, `checked_on`/`expires_at`), and optionally a result with passing
  and failing labels (PASS, FAIL; or a boolean named `passed`) and a kind with a periodic
  label (PERIODIC: the routine inspection, not the one after a repair);
- no row names a certificate by its key (a rental its driver's licence: that row's own
  window holds it, rules/within.py);
- a use is a row of another table with a required key to the same thing (not its author's,
  `created_by`) and a time it went out or took place: a record out and back
  (rules/lent.out_and_back: `on_hire_at`, `checked_out_at`), the start of its occurrence
  (kinds/windows: a flight's departure, a shift's start), else the one required time it
  enrols its party (ENROLS: a bidder's paddle `registered_at`, a course's `enrolled_on`).

A check is any table named for one (`kyc_checks`, `medical_checks`, `driver_screenings`) that
holds the validity above: a sibling of the use under the same party, with no key between.

Once every table is loaded (load/certified_load.py): each use no passing certificate of its
thing covers gets one, the certificates that cover no use being redrawn around the uses (the
thing's own first, then spare ones of other things): dated on or shortly before the use and
valid through it, a check for at most a year (one valid longer covers nothing), a document
for at most LONGEST_DOCUMENT_DAYS (one drawn longer still covers: rules/cover.py draws a
holder's documents over its service). No row is added: a thing with uses takes the
certificates the table has.

A certificate's other keys and its limit (kinds/licence_scope.py) narrow what covers a use: a
pilot's licence for the port its act reaches, its largest ship (`max_loa_m`) no shorter than
the act's vessel; a certificate drawn around uses takes their scope and, where they need
more, a limit covering the largest of them. A use with no time by its names takes its first
time where that one says what happened (an act's `boarded_at`), where it reaches the scope
or measures the limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.abbreviations import expand
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import referencers
from workbench.generate.kinds.licence_scope import limit, scopes
from workbench.generate.kinds.windows import (
    DOCUMENT_WORDS,
    events_window,
    window_of,
    windows_of,
)
from workbench.generate.rules.base import Phase, RowRule, Rule, free, labels_of
from workbench.generate.rules.lent import out_and_back
from workbench.generate.rules.series import SERIES_TABLES
from workbench.generate.vocab import lexicon
from workbench.schema.typeinfo import resolve_type

if TYPE_CHECKING:
    import numpy as np

    from workbench.generate.base.batch import Batch
    from workbench.generate.view import TableView
    from workbench.schema.model import Column, Schema, Table

# words of a check a thing passes and holds for a while (an inspection, an examination)
CHECK_WORDS = frozenset({"inspection", "inspections", "insp", "examination", "examinations",
                         "survey", "surveys", "airworthiness", "roadworthiness", "calibration",
                         "calibrations", "mot", "tuv", "loler", "puwer", "check", "checks",
                         "screening", "screenings", "vetting", "vettings", "kyc"})  # fmt: skip
# words of the moment a row enrols its party in something (a bidder registers a paddle, a
# student enrols on a course): a use the party's check must be valid on
ENROLS = frozenset({"registered", "registration", "enrolled", "enrolment", "enrollment",
                    "admitted", "onboarded", "signup"})  # fmt: skip
# the words of a day a certificate is valid until
UNTIL_WORDS = frozenset({"until", "expires", "expiry", "expiration", "expire", "expiring",
                         "thru", "through", "lapses"})  # fmt: skip
# the words of a window's start that say it is the validity itself (`valid_from`/`valid_to`,
# `effective_from`/`effective_to`), whatever its end is called
VALID_STARTS = frozenset({"valid", "effective"})
# the first word of a result label that passed, and of one that failed
PASS = frozenset({"pass", "passed", "ok", "approved", "satisfactory", "compliant", "valid",
                  "airworthy", "roadworthy", "serviceable", "fit", "certified", "conforming",
                  "conformant", "safe", "good"})  # fmt: skip
FAIL = frozenset({"fail", "failed", "failure", "rejected", "unsatisfactory", "non", "not",
                  "noncompliant", "unserviceable", "unfit", "refused", "defective", "unsafe",
                  "grounded", "invalid", "suspended", "revoked", "withdrawn",
                  "cancelled", "canceled", "disqualified"})  # fmt: skip
# a kind's label saying the routine, recurring check (not the one before a hire or after a
# repair)
PERIODIC = frozenset({"periodic", "annual", "yearly", "routine", "scheduled", "statutory",
                      "thorough", "recurrent", "recurring", "regular", "full",
                      "general"})  # fmt: skip
CHECK_DAYS = 365  # a check is valid for at most a year
LONGEST_DOCUMENT_DAYS = 3 * 365  # a document drawn around uses: at most three years
_TIME_KINDS = ("timestamp", "timestamptz", "date")


def _words(name: str) -> set[str]:
    words = normalise(name).split("_")
    return {*words, *expand(words)}


def _times(schema: Schema, table: Table) -> list[Column]:
    return [
        c
        for c in table.columns
        if c.generated is None and resolve_type(schema, c.type).kind in _TIME_KINDS
    ]


def validity(schema: Schema, table: Table, config: Any) -> tuple[str, str] | None:
    """A certificate's day it was issued or done, and the day it is valid until."""
    for window in windows_of(schema, table, config):
        if _words(window.end) & UNTIL_WORDS:
            return window.start, window.end
        if window.validity and _words(window.start) & VALID_STARTS:
            return window.start, window.end  # `valid_from`/`valid_to`: a validity said so
    times = [c for c in _times(schema, table) if not lexicon.record_time(c.name)]
    until = next((c for c in times if set(lexicon.stem_words(c.name)) & UNTIL_WORDS), None)
    if until is None:
        return None
    start = sorted((c for c in times if c is not until), key=lambda c: c.nullable)
    return (start[0].name, until.name) if start else None


def use_time(schema: Schema, table: Table, config: Any) -> str | None:
    """The time a row puts its thing to use: it went out (a hire, a checkout), or its
    occurrence started (a flight's departure, a shift's start)."""
    found = out_and_back(schema, table)
    if found is not None:
        return found[0]
    window = window_of(schema, table, config)
    if window is not None:
        return None if window.validity else window.start
    events = events_window(schema, table, config)
    if events is not None:
        return events.start
    enrols = [
        c
        for c in _times(schema, table)
        if not c.nullable and set(lexicon.stem_words(c.name)) & ENROLS
    ]
    return enrols[0].name if len(enrols) == 1 else None


def _happened(schema: Schema, table: Table) -> str | None:
    """A table's first time column where that one says what happened (an act of pilotage
    `boarded_at`): a use's time where its names give none (use_time), taken only where the
    use reaches the certificate's scope or measures its limit (_plan)."""
    times = [c for c in _times(schema, table) if not lexicon.record_time(c.name)]
    return times[0].name if times and lexicon.happened(times[0].name) else None


def _narrowed(
    view: TableView, key: str, uses: list[list[Any]]
) -> tuple[list[tuple[str, list[Any]]], str, list[Any]]:
    """The certificate's scopes and limit over the uses (kinds/licence_scope.py): the keys
    and the limit this rule may rewrite, each use's ways to them."""
    if not uses:
        return [], "", []
    schema, table = view.schema, view.table
    models = [schema.tables[u[0]] for u in uses]
    scoped = [(c, w) for c, w in scopes(schema, table, key, models) if _movable(view, c)]
    most, measures = limit(schema, table, key, models)
    return scoped, most if most and free(view, most) else "", measures


def _first_word(label: str) -> str:
    return normalise(label).split("_")[0]


def _result(view: TableView, skip: set[str]) -> tuple[str, list[Any]] | None:
    """The column saying whether the check passed, and its passing values."""
    for name, spec in view.specs.items():
        if name in skip or not free(view, name):
            continue
        labels = labels_of(spec)
        passing = [v for v in labels if _first_word(v) in PASS]
        if passing and any(_first_word(v) in FAIL for v in labels):
            return name, passing
        column = view.table.column(name)
        kind = resolve_type(view.schema, column.type).kind if column is not None else ""
        if kind == "bool" and _words(name) & (PASS - {"good", "safe"}):
            return name, [True]
    return None


def _periodic(view: TableView, skip: set[str]) -> tuple[str, str] | None:
    """A kind column with a label of the routine check, and that label."""
    for name, spec in view.specs.items():
        if name in skip or not free(view, name):
            continue
        labels = labels_of(spec)
        label = next((v for v in labels if set(normalise(v).split("_")) & PERIODIC), None)
        if label is not None and len(labels) > 1:
            return name, label
    return None


def _key(table: Table, ref: str) -> str | None:
    """The table's required single-column key to `ref`."""
    for fk in table.foreign_keys:
        column = table.column(fk.columns[0])
        if (
            fk.ref_qualified == ref
            and len(fk.columns) == 1
            and column is not None
            and not column.nullable
        ):
            return fk.columns[0]
    return None


def _use_key(table: Table, ref: str) -> str | None:
    """The key by which a row of `table` puts a thing of `ref` to use: its required
    single-column key to it, else its only one, which may be NULL (a run not yet given a
    driver): the rows that name one are uses all the same."""
    required = _key(table, ref)
    if required is not None:
        return required
    keys = [fk.columns[0] for fk in table.foreign_keys
            if fk.ref_qualified == ref and len(fk.columns) == 1]  # fmt: skip
    return keys[0] if len(keys) == 1 else None


def _movable(view: TableView, key: str) -> bool:
    spec = view.specs.get(key)
    return spec is not None and not spec.unique and spec.partition is None


def _plan(view: TableView, planned: Any) -> list[Rule]:
    table, schema = view.table, view.schema
    words = _words(table.name)
    check = bool(words & CHECK_WORDS)
    if not check and not words & DOCUMENT_WORDS:
        return []
    if referencers(schema).get(table.qualified):
        return []  # the uses name their certificate (a rental its licence): valid_for.py
    found = validity(schema, table, view.config)
    if found is None or not all(free(view, c) for c in found):
        return []
    for fk in table.foreign_keys:
        key = _key(table, fk.ref_qualified)
        if key is None or key != fk.columns[0]:
            continue
        uses: list[list[Any]] = []
        late: list[list[Any]] = []  # uses dated by their first time that happened alone
        for other in schema.tables.values():
            if other.qualified == table.qualified or _words(other.name) & (
                CHECK_WORDS | DOCUMENT_WORDS
            ):
                continue
            used_by = _use_key(other, fk.ref_qualified)
            if used_by is None or "by" in _words(used_by):
                continue  # who wrote the row (`created_by`), not the thing it uses
            when = use_time(schema, other, view.config)
            if when is not None:
                uses.append([other.qualified, used_by, when])
            elif (when := _happened(schema, other)) is not None:
                # a reading taken with the thing uses it then (a brake test on a calibrated
                # tester); any other row it governs only where scoped or sized as it is
                reads = SERIES_TABLES.search(normalise(other.name)) is not None
                (uses if reads else late).append([other.qualified, used_by, when])
        scoped, most, measures = _narrowed(view, key, uses + late)
        if scoped or (most and any(m is not None for m in measures[len(uses) :])):
            uses += late  # a use scoped or sized as its certificate is one it governs
        else:
            scoped, most, measures = _narrowed(view, key, uses)
        if not uses:
            continue
        movable = _movable(view, key)
        for at, use in enumerate(uses):
            use.append([w[at] for _, w in scoped])
            measure = measures[at] if most else None
            use.append(list(measure) if measure is not None else None)
        result = _result(view, {key, *found})
        kind = _periodic(view, {key, *found, *(result[:1] if result else ())})
        data = {
            "thing": key,
            "start": found[0],
            "end": found[1],
            "result": result[0] if result else "",
            "passing": result[1] if result else [],
            "kind": kind[0] if kind else "",
            "periodic": kind[1] if kind else "",
            "days": CHECK_DAYS if check else LONGEST_DOCUMENT_DAYS,
            "capped": check,
            "movable": movable,
            "uses": uses,
            "scopes": [c for c, _ in scoped],
            "limit": most,
        }
        what = ", ".join(f"{u[0]}.{u[2]}" for u in uses)
        detail = f"each {what} falls under a passing {found[0]}..{found[1]} of its {key}"
        detail += "".join(f", {c}" for c, _ in scoped) + (f" and a {most} covering it" * bool(most))
        return [Rule("certified", [found[0], found[1]], detail, data)]
    return []


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    return  # load/certified_load.py, once every table is in


RULE = RowRule(
    "certified",
    "a thing is used only under a passing certificate valid that day",
    _plan,
    _apply,
    phases={"certified": Phase.FINAL},
    after=("worked",),
    before=("after_parent",),
)
