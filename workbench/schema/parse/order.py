"""The order the file's statements run in: the file's own, except what may wait.

Applying follows pg_restore: indexes, constraints, triggers and the other post-data
statements wait until the data is loaded. That is sound for a dump, whose post-data comes
last; a file that goes on after them — a migration history that drops a trigger it made,
re-creates a foreign key, renames a table its indexes are on, inserts rows `ON CONFLICT` of a
unique index — means something else when they wait. So a post-data statement waits only
when nothing after it in the file needs it absent or present: it runs at its place when a
later statement that runs before the data (from the parse tree, facts.py)

- alters, drops, renames or comments on what it makes (DROP TRIGGER, DROP CONSTRAINT…),
- reshapes, renames or drops a relation or function it names (a `DROP … CASCADE` drops the
  views and materialized views defined on what it drops, too),
- relies on the unique key it makes (a foreign key, ON CONFLICT, a view's GROUP BY),
- writes rows into the table its trigger or rule fires on, or
- is opaque (a DO block, a function call) and names it, or drops with CASCADE.

Whatever runs at its place needs what is before it in turn, so the walk goes from the end of
the file backwards. Statements that only drop with IF EXISTS what the file has not made yet
(pg_dump --clean's preamble) drop nothing on the empty database the file is applied to, and
are left out: the objects such a statement could reach are the extensions the workbench made
for the file before it ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.schema.parse.facts import Facts
from workbench.schema.parse.statements import Statement


@dataclass
class _Needs:
    """What the statements from here to the end of the file that run before the data need,
    each name with the line of the nearest statement needing it."""

    touches: dict[str, int] = field(default_factory=dict)
    changes: dict[str, int] = field(default_factory=dict)
    keys: dict[str, dict[frozenset[str] | None, int]] = field(default_factory=dict)
    writes: dict[str, int] = field(default_factory=dict)
    words: dict[str, int] = field(default_factory=dict)
    uses: dict[str, int] = field(default_factory=dict)  # relations an index, trigger… is on
    barrier: int = 0

    def add(self, facts: Facts, line: int) -> None:
        for name in facts.touches:
            self.touches[name] = line
        for name in facts.changes:
            self.changes[name] = line
        for table, cols in facts.keys:
            self.keys.setdefault(table, {})[cols] = line
        for _, name in facts.writes:
            self.writes[name] = line
        for word in facts.words:
            self.words[word] = line
        for name in facts.on:
            self.uses[name] = line
        if facts.barrier:
            self.barrier = line

    def conflict(self, facts: Facts) -> str | None:
        """Why a post-data statement with these facts cannot wait (None: it can)."""
        if self.barrier:
            return f"line {self.barrier} drops with CASCADE what it may depend on"
        for name in facts.makes:
            if name in self.touches:
                return f"line {self.touches[name]} alters or drops {name}"
        if facts.node in ("ViewStmt", "CreateTableAsStmt"):  # a view redefined after the keys
            for name in facts.creates:
                for needs in (self.changes, self.touches, self.uses):
                    if name in needs:
                        return f"line {needs[name]} drops, alters or builds on {name}"
        if facts.unnamed:
            for name, line in self.touches.items():
                if any(name.startswith(rel + "_") for rel in facts.on if rel):
                    return f"line {line} alters or drops {name}, which it may be"
        for name in facts.on:
            if name in self.changes:
                return f"line {self.changes[name]} changes or drops {name}"
        if facts.node == "RenameStmt":  # an index renamed: its table is known by its name only
            for name in (*facts.touches, *facts.makes):
                for table, line in self.changes.items():
                    if table and name.startswith(table + "_"):
                        return f"line {line} reshapes {table}, whose index {name} may be"
        if facts.unique is not None:
            table, cols, primary = facts.unique
            for need, line in self.keys.get(table, {}).items():
                if cols is None or need == cols or (need is None and primary):
                    return f"line {line} relies on its key of {table}"
        if facts.fires_on is not None and facts.fires_on in self.writes:
            return f"line {self.writes[facts.fires_on]} writes rows into {facts.fires_on}"
        for name in (*facts.makes, *facts.on):
            if name.lower() in self.words:
                return f"line {self.words[name.lower()]} (a DO block or a call) names {name}"
        return None


def cascade_views(statements: list[Statement], facts: list[Facts]) -> None:
    """What a `DROP … CASCADE` of a table or view drops besides: the views and materialized
    views defined on it by then, and the views on those (PostgreSQL's dependencies, followed
    in file order). Each joins what the drop changes, so an index on a materialized view the
    drop takes with it is built at its place, before the drop, not after the data on a
    relation that is gone (or on its later re-creation, which builds its own)."""
    on: dict[str, set[str]] = {}  # a relation -> the views defined on it, as the file stands
    for st, f in zip(statements, facts, strict=True):
        if st.phase == "skip":
            continue
        for view in f.creates if f.node in ("ViewStmt", "CreateTableAsStmt") else ():
            for users in on.values():
                users.discard(view)  # CREATE OR REPLACE: its earlier query no longer counts
            for name in f.reads - {view}:
                on.setdefault(name, set()).add(view)
        if not f.cascades:
            continue
        gone: set[str] = set()
        todo = [n for n in f.changes if n]
        while todo:
            for view in on.pop(todo.pop(), set()) - gone:
                gone.add(view)
                todo.append(view)
        f.changes |= gone


def on_temporary(statements: list[Statement], facts: list[Facts]) -> None:
    """A post-data statement on a TEMP table the file made before it (an index a migration
    builds on its scratch table) runs at its place: the table lives only in that session,
    or that transaction (ON COMMIT DROP), and is gone by the time the data is loaded."""
    temporary: dict[str, int] = {}
    for st, f in zip(statements, facts, strict=True):
        if st.phase == "skip":
            continue
        if f.temporary:
            temporary[f.temporary] = st.source.line
        if st.phase == "post":
            on = sorted(n for n in f.on if n in temporary)
            if on:
                st.phase = "pre"
                st.reason = (
                    f"runs at its place in the file: line {temporary[on[0]]} makes {on[0]} TEMP"
                )


def keep_in_place(statements: list[Statement], facts: list[Facts]) -> None:
    """Move to "pre" (their place in the file) the post-data statements that cannot wait."""
    cascade_views(statements, facts)
    on_temporary(statements, facts)
    needs = _Needs()
    for st, f in zip(reversed(statements), reversed(facts), strict=True):
        if st.phase == "skip":
            continue
        if st.phase == "post":
            why = needs.conflict(f)
            if why is None:
                continue
            st.phase = "pre"
            st.reason = f"runs at its place in the file: {why}"
        needs.add(f, st.source.line)


class CleanPreamble:
    """Walks the file forward: which `DROP … IF EXISTS` statements drop only what the file
    has not made yet (and so nothing, on an empty database)."""

    def __init__(self) -> None:
        self.made: set[str] = set()

    def drops_nothing(self, facts: Facts) -> bool:
        names = facts.drops_if_exists
        if not names:
            return False
        return not any(n.lower() in self.made for n in names)

    def saw(self, facts: Facts) -> None:
        self.made |= {n.lower() for n in facts.creates}
        self.made |= facts.words  # a DO block or a function may have made anything it names


CLEAN_REASON = (
    "drops only what the file has not made yet, so nothing on the empty sandbox "
    "(pg_dump --clean); the workbench made the file's extensions before it ran"
)
