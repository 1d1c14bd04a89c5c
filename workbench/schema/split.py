"""Splitting schema.sql into statements, and tokenising one statement.

psql scripts are not plain SQL: they hold psql meta-commands (`\\connect`, `\\set`, pg_dump's
`\\restrict`), dollar-quoted function bodies, E'' strings, nested block comments and
`COPY … FROM stdin` data blocks. A hand-written scanner splits the file the way psql does so
that one bad statement can never swallow or corrupt its neighbours, and no SQL parser ever sees
the whole file at once.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

# One master pattern; the order of the alternatives matters (E'' before words, `--` before
# operators). Unterminated quotes are detected separately.
_MASTER = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<lc>--[^\n]*)
  | (?P<bc>/\*)
  | (?P<estr>[Ee]'(?:[^'\\]|\\.|'')*')
  | (?P<pstr>(?:[BbXxNn]|[Uu]&)'(?:[^']|'')*')
  | (?P<str>'(?:[^']|'')*')
  | (?P<qid>(?:[Uu]&)?"(?:[^"]|"")*")
  | (?P<dq>\$(?:[A-Za-z_\u0080-\uffff][A-Za-z_0-9\u0080-\uffff]*)?\$)
  | (?P<param>\$\d+)
  | (?P<num>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<word>[A-Za-z_\u0080-\uffff][A-Za-z_0-9$\u0080-\uffff]*)
  | (?P<bs>\\)
  | (?P<punct>::|[(),;\[\].])
  | (?P<op>(?:[+*<>=~!@\#%^&|`?:]|-(?!-)|/(?!\*))+)
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)

_COPY_STDIN = re.compile(r"^\s*COPY\b.*\bFROM\s+STDIN\b", re.IGNORECASE | re.DOTALL)
_ROUTINE_HEAD = re.compile(r"^CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\b", re.IGNORECASE)


@dataclass(slots=True)
class RawStatement:
    """One statement as it appears in the file (without its terminating semicolon)."""

    text: str
    line: int  # 1-based line of the statement's first token
    end_line: int
    copy_data: str | None = None  # the rows after `COPY … FROM stdin;`, up to `\.`
    error: str | None = None  # set when the statement runs off the end of the file


@dataclass(slots=True)
class MetaCommand:
    """A psql meta-command line (`\\connect db`, `\\set X 1`, `\\restrict key`)."""

    text: str
    line: int


@dataclass(slots=True)
class Token:
    kind: str  # word, qid, str, estr, pstr, dq, num, param, punct, op, other
    value: str  # words folded to lower case; quoted identifiers unquoted; strings decoded
    start: int
    end: int

    def is_word(self, *words: str) -> bool:
        return self.kind == "word" and self.value in words


class _Lines:
    """Offset → 1-based line number."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)


def _skip_block_comment(text: str, pos: int) -> int:
    """Return the offset after the (possibly nested) block comment opening at `pos`."""
    return _block_comment_end(text, pos)[0]


def _block_comment_end(text: str, pos: int) -> tuple[int, bool]:
    """The offset after the (possibly nested) block comment opening at `pos`, and whether it
    is closed (an unclosed one runs to the end of the text)."""
    depth = 0
    n = len(text)
    i = pos
    while i < n:
        if text.startswith("/*", i):
            depth += 1
            i += 2
        elif text.startswith("*/", i):
            depth -= 1
            i += 2
            if depth == 0:
                return i, True
        else:
            i += 1
    return n, False


def split_statements(text: str) -> tuple[list[RawStatement], list[MetaCommand]]:
    """Split a psql script into statements; meta-command lines are taken out (blanked)."""
    lines = _Lines(text)
    stmts: list[RawStatement] = []
    metas: list[MetaCommand] = []
    blanks: list[tuple[int, int]] = []  # meta-command spans to blank inside statements
    n = len(text)
    pos = 0
    start: int | None = None
    head: list[str] = []  # first words of the current statement (BEGIN ATOMIC detection)
    routine = False
    prev_word = ""
    atomic_depth = 0
    pending_error: str | None = None

    def emit(end: int, next_pos: int) -> int:
        nonlocal start, head, routine, prev_word, atomic_depth, pending_error
        assert start is not None
        body = text[start:end]
        for b0, b1 in blanks:
            if start <= b0 < end:
                body = body[: b0 - start] + " " * (b1 - b0) + body[b1 - start :]
        stmt = RawStatement(
            body.rstrip(),
            lines.line(start),
            lines.line(max(start, end - 1)),
            error=pending_error,
        )
        stmts.append(stmt)
        if _COPY_STDIN.match(body):
            # The data block starts on the line after the semicolon and ends at `\.`.
            eol = text.find("\n", next_pos)
            data_start = n if eol < 0 else eol + 1
            m = re.compile(r"^\\\.[ \t\r]*$", re.MULTILINE).search(text, data_start)
            stmt.copy_data = text[data_start : m.start() if m else n]
            next_pos = m.end() if m else n
        start = None
        head = []
        routine = False
        prev_word = ""
        atomic_depth = 0
        pending_error = None
        blanks.clear()
        return next_pos

    while pos < n:
        m = _MASTER.match(text, pos)
        assert m is not None  # `other` matches any single character
        kind = m.lastgroup
        end = m.end()
        if kind in ("ws", "lc"):
            pos = end
            continue
        if kind == "bc":
            after, closed = _block_comment_end(text, pos)
            if not closed:
                # An unterminated comment swallows the rest of the file: say so.
                if start is None:
                    start = pos
                pending_error = f"unterminated /* comment starting at line {lines.line(pos)}"
                pos = n
                break
            pos = after
            continue
        if kind == "bs":
            # psql meta-command: the rest of the line belongs to psql, not to the server.
            eol = text.find("\n", pos)
            eol = n if eol < 0 else eol
            metas.append(MetaCommand(text[pos:eol].strip(), lines.line(pos)))
            if start is not None:
                blanks.append((pos, eol))
            pos = eol
            continue
        if kind == "other" and text[pos] in "'\"":
            # An unterminated quote: the statement runs to the end of the file.
            if start is None:
                start = pos
            pending_error = f"unterminated quoted text starting at line {lines.line(pos)}"
            pos = n
            break
        if kind == "dq":
            close = text.find(m.group(), end)
            if close < 0:
                if start is None:
                    start = pos
                pending_error = (
                    f"unterminated dollar-quoted text starting at line {lines.line(pos)}"
                )
                pos = n
                break
            end = close + len(m.group())
        if kind == "punct" and m.group() == ";" and atomic_depth == 0:
            pos = emit(pos, end) if start is not None else end
            continue
        if start is None:
            start = pos
        if kind == "word":
            word = m.group().upper()
            if len(head) < 4:
                head.append(word)
                if len(head) >= 3 and not routine:
                    routine = bool(_ROUTINE_HEAD.match(" ".join(head)))
            if routine:
                # SQL-standard bodies (BEGIN ATOMIC … END) hold semicolons, as psql knows.
                if atomic_depth == 0:
                    if word == "ATOMIC" and prev_word == "BEGIN":
                        atomic_depth = 1
                elif word in ("BEGIN", "CASE"):
                    atomic_depth += 1
                elif word == "END":
                    atomic_depth -= 1
            prev_word = word
        pos = end
    if start is not None:
        emit(n, n)
    return stmts, metas


def _unquote_ident(raw: str) -> str:
    if raw[0] in "Uu":
        raw = raw[2:]
    return raw[1:-1].replace('""', '"')


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}


def _decode_estring(body: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
        elif c == "'" and body.startswith("''", i):
            out.append("'")
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def tokenize(text: str) -> list[Token]:
    """Tokens of one statement, comments and whitespace dropped."""
    toks: list[Token] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _MASTER.match(text, pos)
        assert m is not None
        kind = m.lastgroup or "other"
        end = m.end()
        raw = m.group()
        if kind in ("ws", "lc"):
            pos = end
            continue
        if kind == "bc":
            pos = _skip_block_comment(text, pos)
            continue
        if kind == "word":
            value = raw.lower()
        elif kind == "qid":
            value = _unquote_ident(raw)
        elif kind == "str":
            value = raw[1:-1].replace("''", "'")
        elif kind == "estr":
            value = _decode_estring(raw[2:-1])
        elif kind == "pstr":
            value = raw[raw.index("'") + 1 : -1].replace("''", "'")
            kind = "str"
        elif kind == "dq":
            close = text.find(raw, end)
            close = n if close < 0 else close
            value = text[end:close]
            end = min(n, close + len(raw))
        else:
            value = raw
        toks.append(Token(kind, value, pos, end))
        pos = end
    return toks
