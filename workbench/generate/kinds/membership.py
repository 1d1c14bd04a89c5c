"""Membership paths, from the schema alone: a link table L whose key is exactly two keys to two
other tables (`UNIQUE (student_id, section_id)`, `PRIMARY KEY (member_id, cohort_id)`), A a
party (kinds/meets.personal: people, customers) and B neither a party nor content, and L not
a record of what people do to things (favourites, votes, ratings: RESPONSES), says which A
belongs to which B. Another table R (no link table itself) that names its own A (a key
named for A's table: `student_id`, not `author_id`) and a B, directly or through a parent P
that has exactly one NOT NULL key to B (a submission's assignment's section, a booking's
session's cohort), only names pairs L holds: a register row's participant is a member of that
group, a hand-in's author is enrolled in the assignment's class. A roster counts as L too: its
primary key is a key to B and a place number, and it names the party A in each place by a key
that may be NULL (a tee booking's players, a voyage's berths: `roster_tables`).

R is loaded after L (plan/tables.py reads `membership_edges`), and L keeps its two key
columns for R to read (rows/assembler.py reads `membership_columns`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.config.file import Config
from workbench.generate.base.names import normalise, singular_forms
from workbench.generate.base.tables import partition_root, single_keys
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.lines_of import LINE_WORDS
from workbench.generate.kinds.meets import FACTS, is_content, named_for, personal
from workbench.generate.kinds.occurrence import lifecycle_status
from workbench.generate.kinds.path_agree import agreed_links
from workbench.generate.kinds.windows import lone_start, window_of
from workbench.generate.vocab.lexicon import ENDED, WINDOW_STARTS
from workbench.schema import memo
from workbench.schema.model import Schema, Table
from workbench.schema.typeinfo import resolve_type

# link tables of what people do to things, not groups they belong to
RESPONSES = re.compile(
    r"(favou?rite|vote|rating|like|subscri|follow|bookmark|tag|view|read|flag|report|block|mute"
    r"|star|watch|reaction|approval|disapproval|preference|collect|wish|saved|history)"
)


def is_fact(table: str) -> bool:
    """A table of facts of the world (languages, countries): spoken, not belonged to."""
    return re.search(FACTS, table.rsplit(".", 1)[-1].lower()) is not None


@dataclass(frozen=True)
class Membership:
    """R's `member` key (to A) and `group` key (to B, or to P whose `via` key reaches B) name
    only pairs the link table `link` holds in its `link_member` and `link_group` columns."""

    link: str
    link_member: str
    link_group: str
    member: str
    group: str
    via_table: str | None = None
    via: str | None = None
    strict: bool = False  # a key of R is made of the two keys alone: each pair once
    # a placement (placements_of): the link's group key references `link_via_table` by its
    # `link_ref`, whose `link_via` key reaches the group R's own path reaches
    link_via_table: str | None = None
    link_ref: str | None = None
    link_via: str | None = None
    one_group: bool = False  # a placement: one group per party (an employee's one employer)
    # a thing the row may name beside the one it belongs to (`optional_pairs`): where the
    # group has no member (in force) the member key is NULL, the group never moves
    optional: bool = False
    # a thing on its parent's lines (`lined_pairs`): the row keeps its parent, and where it
    # names none or the parent has no lines its thing stays as drawn
    lined: bool = False


def own_members(keys: list[tuple[str, str]], member: str) -> list[str]:
    """The keys naming a row's own member of `member`'s table: one named for it (student_id),
    else one naming a part the member plays, ending in the table's noun (payer_tenant_id,
    reported_by_patient_id: still a tenant, a patient); never a role alone (author_id)."""
    exact = [c for c, ref in keys if ref == member and named_for(c, member)]
    if exact:
        return exact
    nouns = singular_forms(member.rsplit(".", 1)[-1].lower())
    stems = [(c, c.lower().removesuffix("_id")) for c, ref in keys if ref == member]
    return [c for c, stem in stems if any(stem.endswith("_" + n) for n in nouns)]


def _link_pair(schema: Schema, table: Table) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """The two (column, table) keys a link table's own key is made of, else None."""
    keys = dict(single_keys(schema, table))
    wholes = [list(u.columns) for u in table.uniques if u.predicate is None]
    if table.primary_key is not None:
        wholes.append(list(table.primary_key.columns))
    for cols in wholes:
        if len(cols) != 2:
            continue
        a, b = cols
        if a is not None and b is not None and a in keys and b in keys and keys[a] != keys[b]:
            return (a, keys[a]), (b, keys[b])
    return None


@memo.by_identity
def link_tables(schema: Schema) -> dict[str, tuple[tuple[str, str], tuple[str, str]]]:
    """Each link table's two keys, by the table's qualified name."""
    out = {}
    for name, table in schema.tables.items():
        pair = _link_pair(schema, table)
        if pair is not None:
            out[name] = pair
    return out


def _roster_pair(schema: Schema, table: Table) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """A roster: a table whose primary key is a NOT NULL key to B and a place number beside
    it (`PRIMARY KEY (booking_id, player_no)`, `(crew_id, seat)`), naming in each place its
    own party A by one key beside the two, which may be NULL (a guest, a seat left empty):
    A is one of B's people. Not a numbered thing of B with an id of its own (an invoice's
    lines, a plan's visits: `UNIQUE (plan_id, visit_number)` beside the id), whose party
    is who did the work. ((A's key, A), (B's key, B)), else None."""
    keys = dict(single_keys(schema, table))
    cols = list(table.primary_key.columns) if table.primary_key is not None else []
    grouped = [c for c in cols if c in keys]
    place = [table.column(c) for c in cols if c not in keys]
    group = table.column(grouped[0]) if len(grouped) == 1 else None
    if len(cols) != 2 or group is None or group.nullable or len(place) != 1:
        return None
    if place[0] is None or resolve_type(schema, place[0].type).kind != "int":
        return None
    people = [(c, ref) for c, ref in keys.items() if c not in cols and personal(schema, ref)]
    if len(people) == 1 and named_for(*people[0]) and people[0][1] != keys[group.name]:
        return people[0], (group.name, keys[group.name])
    return None


@memo.by_identity
def roster_tables(schema: Schema) -> dict[str, tuple[tuple[str, str], tuple[str, str]]]:
    """Each roster's party key and group key (`_roster_pair`), by the table's qualified name;
    a link table (`link_tables`) is none."""
    links = link_tables(schema)
    out = {}
    for name, table in schema.tables.items():
        pair = None if name in links else _roster_pair(schema, table)
        if pair is not None:
            out[name] = pair
    return out


def _reach(schema: Schema, parent: str, target: str) -> str | None:
    """A parent's one single-column key to `target`, NOT NULL: the parent is the group's
    (an assignment set in a class), else None."""
    model = schema.tables.get(parent)
    if model is None:
        return None
    cols = [c for c, ref in single_keys(schema, model) if ref == target]
    column = model.column(cols[0]) if len(cols) == 1 else None
    return column.name if column is not None and not column.nullable else None


def _strict(table: Table, member: str, group: str) -> bool:
    wholes = [u.columns for u in table.uniques if u.predicate is None]
    if table.primary_key is not None:
        wholes.append(list(table.primary_key.columns))
    return any(cols and set(cols) <= {member, group} for cols in wholes)


@memo.by_identity_copied(list)
def memberships_of(schema: Schema, table: Table) -> list[Membership]:
    """The membership paths a table's keys take (one per key to a member's table)."""
    keys = single_keys(schema, table)
    out: list[Membership] = []
    used: set[str] = set()
    links, rosters = link_tables(schema), roster_tables(schema)
    refs = {ref for _, ref in keys}
    for link, ((la, ta), (lb, tb)) in sorted({**links, **rosters}.items()):
        if ta not in refs and tb not in refs:
            continue  # no key to its member's table either way: no membership (cheap first)
        own = links.get(table.qualified)
        if link == table.qualified or any(ref == link for _, ref in keys):
            continue
        if link in rosters and table.qualified in (ta, tb):
            continue  # a roster's own group (or party) is loaded before it
        if own and {own[0][1], own[1][1]} == {ta, tb}:
            continue  # a link of the same two (an invitation beside memberships) is not checked
        if RESPONSES.search(link.rsplit(".", 1)[-1].lower()):
            continue  # what people do to things (favourites, votes, subscriptions): no group
        for (lm, tm), (lg, tg) in (((la, ta), (lb, tb)), ((lb, tb), (la, ta))):
            if not personal(schema, tm) or personal(schema, tg) or is_content(tg) or is_fact(tg):
                continue  # people belong to groups: not tags to messages, nor groups to users
            # the row's own member (student_id), not someone in a role (author_id, created_by)
            members = own_members(keys, tm)
            if len(members) != 1 or members[0] in used:
                continue
            direct = [c for c, ref in keys if ref == tg]
            if len(direct) == 1 and direct[0] not in used:
                out.append(
                    Membership(
                        link,
                        lm,
                        lg,
                        members[0],
                        direct[0],
                        strict=_strict(table, members[0], direct[0]),
                    )
                )
                used |= {members[0], direct[0]}
                break
            if direct:
                continue
            for col, parent in keys:
                if col in used or parent in (tm, tg, link):
                    continue
                via = _reach(schema, parent, tg)
                if via is not None:
                    out.append(
                        Membership(
                            link,
                            lm,
                            lg,
                            members[0],
                            col,
                            parent,
                            via,
                            _strict(table, members[0], col),
                        )
                    )
                    used |= {members[0], col}
                    break
            if members[0] not in used and own is None:  # a link table is a membership itself
                lifted = _through_group(schema, table, keys, used, link, lg, tg)
                if lifted is not None:
                    col, ref, via = lifted
                    strict = _strict(table, members[0], col)
                    out.append(Membership(link, lm, lg, members[0], col, None, None, strict,
                                          tg, ref, via))  # fmt: skip
                    used |= {members[0], col}
            if members[0] in used:
                break
    found = out + optional_pairs(schema, table, used)
    taken = {c for m in found for c in (m.member, m.group)}
    # a parent's pair its children's keys agree along (kinds/path_agree.py: an invoice's client
    # and sale, one of a paddle's)
    for link, link_member, link_group, member, group in agreed_links(schema, table):
        if member not in taken and group not in taken and not personal(schema, group):
            found.append(Membership(link, link_member, link_group, member, group))
            taken |= {member, group}
    return found


def optional_pairs(schema: Schema, table: Table, used: set[str]) -> list[Membership]:
    """A row that belongs to a thing A by a NOT NULL key and may name a thing B by a nullable
    one, where a link table pairs A and B (a service visit of a lift billed to a contract,
    `contract_lifts` saying which contracts cover which lifts; an order line's product and its
    promotion, `product_promotions`): the B it names is one of its A's. Things, not parties
    (people belong to groups: `memberships_of`), neither content nor facts, each key named for
    its table (not a role: `replaced_by_id`). The row keeps its A; B is its member."""
    keys = single_keys(schema, table)
    out: list[Membership] = []
    refs = {ref for _, ref in keys}
    for link, ((la, ta), (lb, tb)) in sorted(link_tables(schema).items()):
        if ta not in refs or tb not in refs:
            continue  # a key to each of the two is needed (cheap first)
        if link == table.qualified or any(ref == link for _, ref in keys):
            continue
        if RESPONSES.search(link.rsplit(".", 1)[-1].lower()):
            continue
        if any(personal(schema, t) or is_content(t) or is_fact(t) for t in (ta, tb)):
            continue
        for (lg, tg), (lm, tm) in (((la, ta), (lb, tb)), ((lb, tb), (la, ta))):
            groups = [c for c, ref in keys if ref == tg]
            members = [c for c, ref in keys if ref == tm]
            if len(groups) != 1 or len(members) != 1 or {groups[0], members[0]} & used:
                continue
            group, member = table.column(groups[0]), table.column(members[0])
            if group is None or member is None or group.nullable or not member.nullable:
                continue
            if not (named_for(group.name, tg) and named_for(member.name, tm)):
                continue
            strict = _strict(table, member.name, group.name)
            out.append(Membership(link, lm, lg, member.name, group.name, strict=strict,
                                  optional=True))  # fmt: skip
            used |= {member.name, group.name}
    return out


def _through_group(
    schema: Schema,
    table: Table,
    keys: list[tuple[str, str]],
    used: set[str],
    link: str,
    link_group: str,
    group: str,
) -> tuple[str, str, str] | None:
    """(the row's key, the group's key the link references, the group's key) where the row
    names what the link's group belongs to (a repair request's unit, where tenants hold leases
    of units): the group's one NOT NULL key reaches the table the row's key references, so
    the row's member holds a group of that row (a lease of that unit)."""
    model = schema.tables.get(link)
    fk = (
        None
        if model is None
        else next((f for f in model.foreign_keys if list(f.columns) == [link_group]), None)
    )
    if fk is None or len(fk.ref_columns) != 1:
        return None
    for col, target in keys:
        if col in used or target in (group, link) or personal(schema, target) or is_fact(target):
            continue
        via = _reach(schema, group, target)
        if via is not None and [c for c, t in keys if t == target] == [col]:
            return col, fk.ref_columns[0], via
    return None


def _dated(schema: Schema, table: Table) -> bool:
    """A row in force from a date on (`valid_from`, `start_date`, `effective_on`): a state
    over a period, not an event."""
    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        words = set(normalise(column.name).split("_"))
        if kind in ("date", "timestamp") and not column.nullable and words & WINDOW_STARTS:
            return True
    return False


@memo.by_identity
def _placing(schema: Schema) -> list[tuple[str, str, str, str, str, str, str]]:
    """(L, L's member key, A, L's group key, B, B's referenced column, G) of each placement:
    a table L in force from a date (`_dated`), not a link table, whose NOT NULL key named for
    a party A (assignments.employee_id) sits beside a NOT NULL key to B (an org unit) that
    reaches a group G by B's one NOT NULL key (the org unit's legal entity)."""
    out = []
    links = link_tables(schema)
    for name, table in sorted(schema.tables.items()):
        if name in links or not _dated(schema, table):
            continue
        keys = [(c, ref) for c, ref in single_keys(schema, table) if not _nullable(table, c)]
        members = [(c, ref) for c, ref in keys if personal(schema, ref) and named_for(c, ref)]
        if len(members) != 1:
            continue
        lm, tm = members[0]
        for lg, tb in keys:
            if tb == tm or personal(schema, tb) or is_content(tb) or is_fact(tb):
                continue
            model = schema.tables.get(tb)
            fk = next((f for f in table.foreign_keys if list(f.columns) == [lg]), None)
            if model is None or fk is None:
                continue
            for via, tg in single_keys(schema, model):
                if _reach(schema, tb, tg) != via or personal(schema, tg) or is_fact(tg):
                    continue
                out.append((name, lm, tm, lg, tb, fk.ref_columns[0], tg))
    return out


def _nullable(table: Table, column: str) -> bool:
    model = table.column(column)
    return model is None or model.nullable


@memo.by_identity_copied(list)
def placements_of(schema: Schema, table: Table) -> list[Membership]:
    """A row naming its own party A and reaching a group G through a parent P (a payslip's
    employee and its pay run's legal entity) names a pair a placement holds: A is placed in
    G (an assignment in an org unit of that entity). Keys a membership path takes are its."""
    keys = single_keys(schema, table)
    used = {c for m in memberships_of(schema, table) for c in (m.member, m.group)}
    out: list[Membership] = []
    for link, lm, tm, lg, tb, ref, tg in _placing(schema):
        if link == table.qualified or any(r == link for _, r in keys):
            continue
        members = [c for c, r in keys if r == tm and named_for(c, tm) and c not in used]
        if len(members) != 1:
            continue
        for col, parent in keys:
            if col in used or parent in (tm, tg, tb, link):
                continue
            via = _reach(schema, parent, tg)
            if via is None:
                continue
            strict = _strict(table, members[0], col)
            out.append(Membership(link, lm, lg, members[0], col, parent, via, strict, tb, ref,
                                  _reach(schema, tb, tg), True))  # fmt: skip
            used |= {members[0], col}
            break
    return out


@memo.by_identity_copied(list)
def all_memberships(schema: Schema, table: Table) -> list[Membership]:
    """The table's membership paths, then its placements and things on its parent's lines on
    keys those leave."""
    found = memberships_of(schema, table) + placements_of(schema, table)
    return found + lined_pairs(schema, table)


def _lined_keys(schema: Schema, table: Table) -> list[tuple[str, str]]:
    """The NOT NULL keys a table of lines holds to its parent: part of its own key. Lines by
    their name (`order_lines`, `booking_items`) or by a number that counts lines (`line_no`,
    `item_seq`), not anything numbered within a parent (a quarry's ticket_no)."""
    wholes = [{c for c in u.columns if c} for u in table.uniques if u.predicate is None]
    if table.primary_key is not None:
        wholes.append(set(table.primary_key.columns))
    words = set(normalise(table.name).split("_"))
    counted = {w for cols in wholes for c in cols for w in normalise(c).split("_")}
    if not (words | counted) & LINE_WORDS:
        return []
    return [(c, r) for c, r in single_keys(schema, table) if not _nullable(table, c)
            and any(c in w and len(w) > 1 for w in wholes)]  # fmt: skip


def _ancestors(schema: Schema, name: str) -> set[str]:
    """The tables `name` reaches along its keys, itself among them."""
    seen, todo = {name}, [name]
    while todo:
        model = schema.tables.get(todo.pop())
        for _, ref in single_keys(schema, model) if model is not None else []:
            if ref not in seen:
                seen.add(ref)
                todo.append(ref)
    return seen


@dataclass(frozen=True)
class _Lines:
    """A table of lines: its keys to its parent, its NOT NULL keys, the tables it reaches."""

    name: str
    parents: tuple[tuple[str, str], ...]
    held: tuple[tuple[str, str], ...]
    reaches: frozenset[str]


@memo.by_identity
def _lines_tables(schema: Schema) -> list[_Lines]:
    out = []
    for name, lines in sorted(schema.tables.items()):
        parents = _lined_keys(schema, lines)
        if parents:
            held = [(c, r) for c, r in single_keys(schema, lines) if not _nullable(lines, c)]
            out.append(_Lines(name, tuple(parents), tuple(held),
                              frozenset(_ancestors(schema, name))))  # fmt: skip
    return out


@memo.by_identity_copied(list)
def lined_pairs(schema: Schema, table: Table) -> list[Membership]:
    """A row that names a parent P and a thing X, where P's lines (a table of lines by its
    name or its line number, its NOT NULL key to P part of its own key) name things X by a
    NOT NULL key of one name with the row's: the X it names is one on P's lines (a weighbridge
    ticket raised against an order loads a product the order holds; a return of an order
    returns an item it bought; a pick of a booking picks an item booked). The set-valued
    sibling of keys that meet (kinds/every_path.py). Keys a membership or a placement takes
    are theirs; P neither a party (memberships: people in groups) nor a fact, X no fact; not
    where the lines reach the row (they are loaded after it), nor where the row is one of P's
    lines too (which set is whose, none says)."""
    keys = single_keys(schema, table)
    own = set(_lined_keys(schema, table))
    used = {c for m in memberships_of(schema, table) + placements_of(schema, table)
            for c in (m.member, m.group)}  # fmt: skip
    out: list[Membership] = []
    for lines in _lines_tables(schema):
        name = lines.name
        if name == table.qualified or table.qualified in lines.reaches:
            continue
        if any(r == name for _, r in keys):
            continue
        for lg, tg in lines.parents:
            if (lg, tg) in own or personal(schema, tg) or is_fact(tg) or lg in used:
                continue
            if [c for c, r in keys if r == tg] != [lg]:
                continue
            for lm, tm in lines.held:
                if tm in (tg, table.qualified) or is_fact(tm) or lm in used:
                    continue
                if [c for c, r in keys if r == tm] != [lm]:
                    continue
                out.append(Membership(name, lm, lg, lm, lg, lined=True,
                                      strict=_strict(table, lm, lg)))  # fmt: skip
                used |= {lm, lg}
    return out


@memo.by_identity
def membership_edges(schema: Schema) -> list[tuple[str, str]]:
    """(table, link table to load before it) for each table with a membership path."""
    out: set[tuple[str, str]] = set()
    for name, table in schema.tables.items():
        out |= {(name, m.link) for m in all_memberships(schema, table)}
        out |= {(name, m.link_via_table) for m in all_memberships(schema, table)
                if m.link_via_table is not None}  # fmt: skip
    return sorted(out)


@memo.by_identity
def membership_columns(schema: Schema) -> dict[str, set[str]]:
    """For each link table, the key columns another table's membership path reads."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for m in all_memberships(schema, table):
            out.setdefault(m.link, set()).update((m.link_member, m.link_group))
            if m.link_via_table and m.link_ref and m.link_via:
                out.setdefault(m.link_via_table, set()).update((m.link_ref, m.link_via))
    return out


def group_table(schema: Schema, m: Membership) -> str | None:
    """The table the link's group key references (a lease of a lease's tenants)."""
    model = schema.tables.get(m.link)
    fk = (
        None
        if model is None
        else next((f for f in model.foreign_keys if list(f.columns) == [m.link_group]), None)
    )
    return None if fk is None else partition_root(schema, fk.ref_qualified)


def member_table(schema: Schema, m: Membership) -> str | None:
    """The table the link's member key references (the contracts of a contract's lifts)."""
    model = schema.tables.get(m.link)
    fk = (
        None
        if model is None
        else next((f for f in model.foreign_keys if list(f.columns) == [m.link_member]), None)
    )
    return None if fk is None else partition_root(schema, fk.ref_qualified)


def sides(schema: Schema, m: Membership) -> list[str]:
    """The tables in force for the pair to be (those known): the group's, and for an optional
    member (`optional_pairs`: a visit's contract) the member's too."""
    tables = [group_table(schema, m), member_table(schema, m) if m.optional else None]
    return [t for t in tables if t is not None]


def made_at(schema: Schema, table: Table, config: Config) -> str | None:
    """When a link row without a window of its own came into force: its lone start (a boat's
    `insured_since` under a policy: kinds/windows.lone_start), else when it was made (its
    anchor: a lift's `added_on` to a contract); the pair is in force from then on. Read for
    optional members (`optional_pairs`)."""
    if window_of(schema, table, config) is not None:
        return None
    return lone_start(schema, table, config) or anchor_of(schema, table, config)


def ended_by(schema: Schema, table: Table) -> list[str]:
    """The table's nullable times named for an ending (`terminated_on`, `cancelled_at`:
    vocab/lexicon.ENDED) besides its window's end: set, the row is in force no longer."""
    out = []
    for column in table.columns:
        kind = resolve_type(schema, column.type).kind
        words = set(normalise(column.name).split("_"))
        if column.nullable and kind in ("date", "timestamp") and words & ENDED:
            out.append(column.name)
    return out


@memo.by_identity
def membership_times(schema: Schema, config: Config) -> dict[str, set[str]]:
    """For each link table and each table its groups are rows of, the columns saying when a
    membership is in force (rules/membership.in_force reads them): the window of the link row
    (moved in, moved out), the group's window (a lease's start and end) and its status (a
    draft lease is not yet in force)."""
    out: dict[str, set[str]] = {}
    for table in schema.tables.values():
        for m in memberships_of(schema, table):
            for name in (m.link, *sides(schema, m)):
                model = schema.tables.get(name)
                if model is None:
                    continue
                window = window_of(schema, model, config)
                status = lifecycle_status(schema, model)
                kept = out.setdefault(model.qualified, set())
                kept |= {window.start, window.end} if window is not None else set()
                kept |= set(ended_by(schema, model))
                kept |= {status[0]} if status is not None and name != m.link else set()
                made = made_at(schema, model, config) if name == m.link and m.optional else None
                kept |= {made} if made is not None else set()
    return out
