"""A rule's SQL read at a pinned instant: the run's clock (`[generate] now`), not the moment
the query runs.

The domains' rules read the clock as PostgreSQL gives it (now(), current_date,
localtimestamp …), and the generated data ends at the run's clock: measured minutes or hours
later, or at an hour of the week other than the one generated at, a rule near the clock moves.
PostgreSQL cannot be told what time it is (now() is the transaction's start), so `at_instant`
rewrites the query text: each reader of the clock outside string literals, quoted identifiers
and comments becomes a literal of the instant, typed as the reader is, so the cast it
underwent (to a date, to a wall-clock time) still follows the session's time zone:

    now(), current_timestamp[(p)], transaction_timestamp(), statement_timestamp(),
    clock_timestamp()                 -> (TIMESTAMPTZ '<instant>')
    current_date                      -> ((TIMESTAMPTZ '<instant>')::date)
    localtimestamp[(p)]               -> ((TIMESTAMPTZ '<instant>')::timestamp)
    current_time[(p)]                 -> ((TIMESTAMPTZ '<instant>')::timetz)
    localtime[(p)]                    -> ((TIMESTAMPTZ '<instant>')::time)
    age(x)  (one argument: since today's midnight)  -> age(<current_date as above>, x)

each optionally written `pg_catalog.`. A reader this cannot replace — a string literal
'now', 'today', 'tomorrow' or 'yesterday' (a typed literal `timestamptz 'now'` takes no
expression), timeofday() — raises `ClockError` naming it: the rule must then say its clock
another way. Only for measuring the realism rules (tests/realism); the SQL is trusted."""

from __future__ import annotations

import re
from datetime import datetime

SPECIAL = frozenset({"now", "today", "tomorrow", "yesterday"})
_BEFORE = r"(?<![\w$.\"])(?:pg_catalog\s*\.\s*)?"
_CALLS = re.compile(
    _BEFORE + r"(now|current_timestamp|transaction_timestamp|statement_timestamp|clock_timestamp"
    r"|current_date|localtimestamp|current_time|localtime|age|timeofday)(?![\w$])",
    re.IGNORECASE,
)
_EMPTY_PARENS = re.compile(r"\s*\(\s*\)")
_PRECISION = re.compile(r"\s*\(\s*\d+\s*\)")
_OPEN = re.compile(r"\s*\(")
_CASTS = {"current_date": "date", "localtimestamp": "timestamp", "current_time": "timetz",
          "localtime": "time"}  # fmt: skip
_FUNCTIONS = {"now", "transaction_timestamp", "statement_timestamp", "clock_timestamp"}


class ClockError(ValueError):
    """A query that reads the clock in a way `at_instant` cannot pin."""


def _code_mask(sql: str) -> tuple[list[bool], list[tuple[int, int]]]:
    """Per character, whether it is SQL code, not inside a string literal (with '' and, for
    E'…', backslash escapes), a dollar-quoted string, a quoted identifier or a comment
    (-- to the line's end, /* … */ nested); and the spans of the quoted string literals."""
    mask = [True] * len(sql)
    literals = []
    at, n = 0, len(sql)
    while at < n:
        ch = sql[at]
        end = at
        if sql.startswith("--", at):
            end = sql.find("\n", at)
            end = n if end < 0 else end
        elif sql.startswith("/*", at):
            depth, end = 1, at + 2
            while end < n and depth:
                step = 2 if sql.startswith(("/*", "*/"), end) else 1
                depth += {"/*": 1, "*/": -1}.get(sql[end : end + 2], 0) if step == 2 else 0
                end += step
        elif ch in "'\"":
            escapes = ch == "'" and at > 0 and sql[at - 1] in "eE" and not _word(sql, at - 2)
            end = at + 1
            while end < n:
                doubled = sql.startswith(ch * 2, end)
                if (escapes and sql[end] == "\\") or doubled:  # an escape, a quote doubled
                    end += 2
                elif sql[end] == ch:
                    end += 1
                    break
                else:
                    end += 1
            if ch == "'":
                literals.append((at, end))
        elif ch == "$" and not _word(sql, at - 1):
            tag = re.match(r"\$(?:[A-Za-z_]\w*)?\$", sql[at:])
            if tag:
                close = sql.find(tag.group(0), at + len(tag.group(0)))
                end = n if close < 0 else close + len(tag.group(0))
        if end > at:
            mask[at:end] = [False] * (end - at)
            at = end
        else:
            at += 1
    return mask, literals


def _word(sql: str, at: int) -> bool:
    return at >= 0 and (sql[at].isalnum() or sql[at] in "_$")


def _one_argument(sql: str, mask: list[bool], opened: int) -> bool:
    """Whether the call whose '(' is at `opened` has exactly one argument."""
    depth, at = 0, opened
    empty = True
    while at < len(sql):
        ch = sql[at]
        if mask[at]:
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
                if depth == 0:
                    return not empty
            elif ch == "," and depth == 1:
                return False
            elif not ch.isspace() and depth >= 1 and at != opened:
                empty = False
        elif depth >= 1:
            empty = False
        at += 1
    return False


def at_instant(sql: str, instant: str) -> str:
    """`sql` reading the clock as the `instant` (ISO with its offset, "2026-03-10T09:00:00Z")."""
    moment = datetime.fromisoformat(instant.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ClockError(f"{instant!r}: give the instant's offset (a pinned now is UTC: +00:00)")
    literal = f"(TIMESTAMPTZ '{moment.isoformat(sep=' ')}')"
    mask, literals = _code_mask(sql)
    edits: list[tuple[int, int, str]] = []
    for found in _CALLS.finditer(sql):
        start, end = found.span()
        if not all(mask[start:end]):
            continue
        name = found.group(1).lower()
        if name == "timeofday":
            raise ClockError(f"timeofday() at {start}: its text cannot be pinned")
        if name == "age":
            opened = _OPEN.match(sql, end)
            if opened and _one_argument(sql, mask, opened.end() - 1):
                edits.append((opened.end(), opened.end(), f"({literal}::date), "))
            continue
        if name in _FUNCTIONS:
            call = _EMPTY_PARENS.match(sql, end)
            if call is None:
                continue  # a column or another object of that name
            edits.append((start, call.end(), literal))
            continue
        if name == "current_timestamp":
            typed = _PRECISION.match(sql, end)
            edits.append((start, typed.end() if typed else end, literal))
            continue
        typed = _PRECISION.match(sql, end) if name != "current_date" else None
        edits.append((start, typed.end() if typed else end, f"({literal}::{_CASTS[name]})"))
    for start, end in literals:
        if sql[start + 1 : end - 1].replace("''", "'").strip().lower() in SPECIAL:
            raise ClockError(f"the literal {sql[start:end]} at {start} reads the clock")
    out, at = [], 0
    for start, end, text in sorted(edits):
        out += [sql[at:start], text]
        at = end
    return "".join([*out, sql[at:]])
