"""What an agent without `read` is told of names and literals its migration chose (attack22d
D4, after C28's error texts): a migration runs code that reads rows (`DO $$ … EXECUTE
format('CREATE INDEX %I …', email) $$`), and the names of the indexes, columns, tables and
constraints it makes, and the literals of their defaults and checks, came back in the
rehearsal's answer — every row of the snapshot out, 63 bytes a name, to an agent granted
`migrate` alone.

A name the answer carries is kept when someone wrote it: it appears in schema.sql, in one of
the migrations' texts or in the agent's queries (as a whole identifier), or it is a name
PostgreSQL makes of such names (`t_pkey`, `t_n_idx`, `t_v_check`). Any other name was
computed while the migration ran and is replaced, everywhere in the answer (keys included),
by `name-withheld-N`. Every constant of a default or a definition the migration added — a
quoted literal, a number, true/false — becomes `'…'` (or `…`), whatever the texts hold: a
test "does some text hold it" is an oracle, since the migration's text is the agent's own
(attack22f F2: a comment spelling out `a…z0…9.@` kept `length('j'::text)`, one character of
an email per added column; whole literal tokens would do the same with `'a','b',…`). What
stays is the structure the migration chose and the measurements (which columns, whether a
default is volatile, which function a default calls, how many rows, how long): a few bits a
statement, the documented limit (docs/mcp.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from workbench.rehearse.results import StatementResult

_WORD = re.compile(r'"((?:[^"]|"")+)"|([A-Za-z_\x80-\uffff][\w$\x80-\uffff]*)')
_LITERAL = re.compile(r"'((?:[^']|'')*)'")
# A number (123, 1.5, .5, 1e-3) or true/false standing alone, not part of a name.
_CONSTANT = re.compile(
    r"""(?<![\w$"'.])(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?(?![\w$"'])"""
    r"""|(?<![\w$"'.])(?:true|false)(?![\w$"'])""",
    re.IGNORECASE,
)
# Names PostgreSQL makes of a table's and its columns' names (ChooseRelationName and friends).
_MADE = re.compile(r"^(?P<stem>.+?)_(?:pkey|key|idx|fkey|check|excl|not_null|seq)\d*$")
# Fields whose strings are names, and fields whose dict keys are.
NAME_FIELDS = frozenset({"table", "index", "constraint", "column", "indexes", "rewritten"})
NAME_LISTS = frozenset({"set_not_null"})
KEYED_FIELDS = frozenset({"read", "written", "rewritten", "of_table", "held_seconds"})
TEXT_FIELDS = frozenset({"default", "definition"})
MARK = "name-withheld-"
ALWAYS = frozenset({"public", "pg_catalog", "pg_temp", "pg_toast", "information_schema"})


def vocabulary(texts: Iterable[str]) -> set[str]:
    """The identifiers (folded to lower case; quoted ones as written, lowered too) of texts."""
    words: set[str] = set()
    for text in texts:
        for quoted, bare in _WORD.findall(text):
            words.add((quoted.replace('""', '"') if quoted else bare).lower())
    return words


class Withholder:
    """Decides, for one answer, which names and literals an agent without `read` may see."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts = [t.lower() for t in texts]
        self.words = vocabulary(self.texts) | ALWAYS
        self.withheld: dict[str, str] = {}
        self._pattern: re.Pattern[str] | None = None

    def _written(self, name: str) -> bool:
        low = name.lower()
        if low in self.words:
            return True
        made = _MADE.match(low)
        if made is None:
            return False
        stem = made["stem"]
        # table_col1_col2…: every part a word someone wrote, joined as PostgreSQL joins them
        return all(part in self.words for part in stem.split("_") if part) or stem in self.words

    def consider(self, name: str) -> None:
        """Note `name` (maybe qualified `schema.name`) as one the answer carries."""
        if not name or name.startswith(MARK) or self._written(name):
            return
        schema, dot, rest = name.partition(".")
        if dot and self._written(schema):
            if self._written(rest):
                return
            name = rest
        if name not in self.withheld:
            self.withheld[name] = f"{MARK}{len(self.withheld) + 1}"
        self._pattern = None

    def literal(self, text: str) -> str:
        """`text` (a default or a definition) with its constants cut (`mask_constants`)."""
        return mask_constants(text)

    def replace(self, text: str) -> str:
        """`text` with every withheld name, as a whole identifier, replaced by its mark."""
        if not self.withheld:
            return text
        if self._pattern is None:
            names = sorted(self.withheld, key=len, reverse=True)
            alternatives = "|".join(re.escape(n) for n in names)
            self._pattern = re.compile(rf"(?<![\w$])(?:{alternatives})(?![\w$])")
        return self._pattern.sub(lambda m: self.withheld[m.group(0)], text)


def _collect(value: Any, keeper: Withholder, field: str = "") -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in KEYED_FIELDS and isinstance(item, dict):
                for name in item:
                    keeper.consider(str(name))
            _collect(item, keeper, key)
    elif isinstance(value, list):
        for item in value:
            _collect(item, keeper, field)
    elif isinstance(value, str) and (field in NAME_FIELDS or field in NAME_LISTS):
        keeper.consider(value)


def _rewrite(value: Any, keeper: Withholder, field: str = "") -> Any:
    if isinstance(value, dict):
        return {
            (keeper.replace(k) if isinstance(k, str) else k): _rewrite(v, keeper, k)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_rewrite(item, keeper, field) for item in value]
    if isinstance(value, str):
        if field in TEXT_FIELDS:
            value = keeper.literal(value)
        return keeper.replace(value)
    return value


def mask_constants(text: str) -> str:
    """`text` (a default or a definition, as PostgreSQL prints it) with every quoted literal
    made `'…'` and every number and true/false made `…`, whether or not any text holds it:
    keeping the ones some text holds is an oracle (attack22f F2)."""
    return _CONSTANT.sub("…", _LITERAL.sub("'…'", text))


def mask_literals(statements: Iterable[StatementResult], texts: Iterable[str]) -> None:
    """For a caller without `read` (attack22e E1, attack22f F2), in place: every constant of
    the defaults and definitions the statements added is cut (`mask_constants`) before any
    finding quotes them, so the volatile-default finding's message, the report files and
    every answer carry the masked expression (the same masking as `withhold_names`').
    `texts` is kept for the callers; it no longer decides anything."""
    keeper = Withholder(texts)
    for st in statements:
        for col in st.columns:
            if col.default is not None:
                col.default = keeper.literal(col.default)
        for added in st.constraints:
            added.definition = keeper.literal(added.definition)


def withhold_names(data: dict[str, Any], texts: Iterable[str]) -> dict[str, Any]:
    """`data` (a rehearsal's answer) with the names and literals no text of `texts` (schema.sql,
    the migrations, the agent's queries) wrote replaced; `withheld_names` counts them."""
    keeper = Withholder(texts)
    _collect(data, keeper)
    out: dict[str, Any] = _rewrite(data, keeper)
    if keeper.withheld:
        out["withheld_names"] = {
            "names": len(keeper.withheld),
            "why": "names the migration computed while it ran (not written in schema.sql, "
            "the migrations or the queries) can carry rows; withheld without `read`",
        }
    return out
