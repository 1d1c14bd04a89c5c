"""What a party holds over a period, from the schema alone: a table H with a window of validity
(kinds/windows.py: valid_from / valid_to) and a key that may not be NULL, named for it, to a
party O (kinds/meets.personal), no key of which reaches H again, is a holding of O's rows: a
company's memberships, a customer's subscriptions. A row R with a time of its own and a key to
a party P that is O itself (a subscriber's session) or reaches O by one key of P's that may
not be NULL (a booking's member's company) acts under the holding: the company holds a
membership in force when its member books (rules/held.py picks P so).

Only a term (its window's start a validity word: valid, effective, active, start, issue,
inception) of a table named as an entitlement (a membership, a subscription): not a price, a
rate or a contract of work, not a thing installed, opened or hired, whose window is its own
life; a document (a licence, a certificate) its holder's uses fall under is
rules/certified.py's and credentials.py's. H is loaded before R (plan/tables.py reads
`holding_edges`) and keeps its key, window and status for R to read (rows/assembler.py reads
`holding_columns`)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise
from workbench.generate.base.tables import key_refs, reaches
from workbench.generate.kinds.engaged import booking_edges
from workbench.generate.kinds.exclusions import exclusion_edges
from workbench.generate.kinds.hours import week_edges
from workbench.generate.kinds.list_prices import price_list_edges
from workbench.generate.kinds.meets import named_for, personal
from workbench.generate.kinds.membership import membership_edges
from workbench.generate.kinds.occurrence import lifecycle_status, took_place
from workbench.generate.kinds.windows import used_at, window_of
from workbench.schema import memo
from workbench.schema.model import Schema, Table

# the first word of a window's start that says a term held (not a thing's own life)
TERM_STARTS = frozenset({"valid", "effective", "active", "start", "starts", "issued", "issue",
                         "inception", "cover", "covered"})  # fmt: skip


# the words of a table whose rows entitle their holder (beside documents: licences, permits)
ENTITLEMENTS = frozenset({"membership", "memberships", "subscription", "subscriptions",
                          "entitlement", "entitlements", "enrolment", "enrolments", "enrollment",
                          "enrollments", "pass", "passes", "season_ticket"})  # fmt: skip


@dataclass(frozen=True)
class Holding:
    """R's `key` to `parent`; P's key `hop` to `owner` (empty: the owner is P); the holder
    table `holder` with its key `holder_key` to the owner's column `owner_column`, its window
    `start`..`end` and, where a status says some rows are not in force, that column and the
    labels that are (`fit`)."""

    key: str
    parent: str
    hop: str
    owner: str
    owner_column: str
    holder: str
    holder_key: str
    start: str
    end: str
    status: str = ""
    fit: tuple[str, ...] = ()


def is_term(schema: Schema, table: Table, config: Config) -> tuple[str, str] | None:
    """The window (start, end) of a table whose rows are terms held (see the module's words)."""
    window = window_of(schema, table, config)
    if window is None or not window.validity or not window.end:
        return None
    first = normalise(window.start).split("_")[0]
    words = set(normalise(table.name).split("_"))
    if first not in TERM_STARTS or not words & ENTITLEMENTS:
        return None
    return window.start, window.end


@memo.by_identity
def _holders(schema: Schema, config: Config) -> dict[str, list[tuple[str, str, str, str, str]]]:
    """Per owner table: (holder, holder's key, owner's column, start, end) of its holdings."""
    out: dict[str, list[tuple[str, str, str, str, str]]] = {}
    for table in schema.tables.values():
        term = is_term(schema, table, config)
        if term is None:
            continue
        for column, ref, ref_column, nullable in key_refs(schema, table):
            if nullable or not personal(schema, ref) or not named_for(column, ref):
                continue  # held by a party, by its key named for it (a licence's driver)
            if reaches(schema, ref, table.qualified) or personal(schema, table.qualified):
                continue
            out.setdefault(ref, []).append((table.qualified, column, ref_column, *term))
    return out


def holdings_of(schema: Schema, table: Table, config: Config) -> list[Holding]:
    """The holdings a row of `table` acts under (see the module's words)."""
    if used_at(schema, table, config) is None or is_term(schema, table, config) is not None:
        return []
    holders = _holders(schema, config)
    out = []
    for key, parent, parent_column, _ in key_refs(schema, table):
        model = schema.tables.get(parent)
        if model is None or not personal(schema, parent):
            continue  # a party acts (a driver, a member), not a place or a thing
        if reaches(schema, parent, table.qualified):
            continue
        owners = [("", parent, parent_column)]
        owners += [(hop, ref, rc) for hop, ref, rc, null in key_refs(schema, model) if not null]
        for hop, owner, owner_column in owners:
            for holder, holder_key, column, start, end in holders.get(owner, []):
                if column != owner_column or holder in (table.qualified, parent):
                    continue
                if reaches(schema, holder, table.qualified):
                    continue  # the row's own ancestor: rules/valid_then.py picks it
                found = lifecycle_status(schema, schema.tables[holder])
                status = ""
                fit: tuple[str, ...] = ()
                if found is not None:
                    fit = took_place(found[1])
                    status = found[0] if fit and len(fit) < len(found[1]) else ""
                    fit = fit if status else ()
                found_at = (holder, holder_key, start, end, status, fit)
                out.append(Holding(key, parent, hop, owner, column, *found_at))
    return out


@memo.by_identity
def holding_edges(schema: Schema, config: Config) -> list[tuple[str, str]]:
    """(table, holder table to load before it) for each holding a table's rows act under."""
    out = {
        (name, h.holder)
        for name, table in schema.tables.items()
        for h in holdings_of(schema, table, config)
    }
    return sorted(out)


def load_before(schema: Schema, config: Config) -> list[tuple[str, str]]:
    """(table, table to load before it): the link table saying who is where
    (kinds/membership.py), the holder table of what its parties hold, the price list a line
    is charged from (kinds/list_prices.py), a place's hours by day (kinds/hours.py), the
    events a window bars (kinds/exclusions.py), the bookings rows take place under
    (kinds/engaged.py)."""
    edges = [*membership_edges(schema), *holding_edges(schema, config)]
    more = [*price_list_edges(schema, config), *week_edges(schema)]
    booked = booking_edges(schema, config)  # the bookings rows take place under
    return [*edges, *more, *exclusion_edges(schema, config), *booked]


@memo.by_identity
def holding_columns(schema: Schema, config: Config) -> dict[str, set[str]]:
    """For each holder table, the columns the rows acting under it read."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for h in holdings_of(schema, table, config):
            kept = out.setdefault(h.holder, set())
            kept |= {h.holder_key, h.start, h.end} | ({h.status} if h.status else set())
    return out
