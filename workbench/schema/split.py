"""Splitting schema.sql into statements, and tokenising one statement.

psql scripts are not plain SQL: they hold psql meta-commands (`\\connect`, `\\set`, pg_dump's
`\\restrict`), dollar-quoted function bodies, E'' strings, nested block comments and
`COPY … FROM stdin` data blocks. Where one statement ends is PostgreSQL's own lexer's decision
(libpg_query's scanner, through pglast, with the server's grammar): a hand-written scanner once
disagreed with the server (a character outside the Basic Multilingual Plane next to a dollar
quote hid two statements in what it took as one). Around it, only what psql itself adds:
meta-command lines, COPY data, and psql's rule for `BEGIN ATOMIC` bodies.

`tokenize` (a hand-written tokenizer) reads one statement for the schema model; it never
decides where a statement ends or what runs with more privilege.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pglast import ast
from pglast.parser import ParseError, parse_sql, scan, split

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
  | (?P<dq>\$(?:[A-Za-z_\u0080-\U0010ffff][A-Za-z_0-9\u0080-\U0010ffff]*)?\$)
  | (?P<param>\$\d+)
  | (?P<num>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<word>[A-Za-z_\u0080-\U0010ffff][A-Za-z_0-9$\u0080-\U0010ffff]*)
  | (?P<bs>\\)
  | (?P<punct>::|[(),;\[\].])
  | (?P<op>(?:[+*<>=~!@\#%^&|`?:]|-(?!-)|/(?!\*))+)
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)

_COPY_STDIN = re.compile(r"^\s*COPY\b.*\bFROM\s+STDIN\b", re.IGNORECASE | re.DOTALL)


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
    return _Splitter(text).run()


class _Splitter:
    """psql's reading of a script, with PostgreSQL's own lexer deciding where each statement
    ends: libpg_query's scanner (pglast) splits the SQL; this class adds only what psql does
    around it — a backslash outside quotes starts a meta-command that runs to the end of its
    line, a `COPY … FROM stdin` statement is followed by its data up to `\\.`, and a
    `CREATE FUNCTION|PROCEDURE … BEGIN ATOMIC` body holds semicolons (psql's own rule). Each of
    these ends the scanner's region: the text after it is split anew."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)
        self.lines = _Lines(text)
        self.stmts: list[RawStatement] = []
        self.metas: list[MetaCommand] = []
        self.open: int | None = None  # start of a statement a meta-command line interrupted
        self.blanks: list[tuple[int, int]] = []  # meta-command spans inside that statement

    def run(self) -> tuple[list[RawStatement], list[MetaCommand]]:
        pos = 0
        while pos < self.n:
            pos = self._region(pos)
        if self.open is not None:
            self._emit(self.open, self.n, None)
        return self.stmts, self.metas

    def _region(self, pos: int) -> int:
        """Statements from `pos` until psql takes over or the text ends; where to go on."""
        if self.open is not None:
            # A statement a meta-command line interrupted may end right after that line
            # (an empty statement, which the scanner does not report).
            at = _skip_comments(self.text, pos, self.n)
            if at < self.n and self.text[at] == ";":
                self._emit(self.open, pos, None)
                after = self._copy_data(at + 1)
                return at + 1 if after is None else after
        first = _skip_comments(self.text, pos, self.n)
        if self.open is None and self.text.startswith("\\", first):
            # a line that starts with a backslash is psql's whatever follows on it: read
            # before the scanner sees its words (pg_dump's `\restrict 9Fv…` key is not SQL:
            # the scanner refuses `9Fv` as a number with trailing junk)
            return self._meta(first, first)
        limit, error = self.n, None
        try:
            slices = split(self.text[pos:], with_parser=False, only_slices=True)
        except ParseError as err:
            message, at = str(err.args[0]), int(err.args[1])
            limit, error = pos + at, message.split(" at or near ")[0]
            slices = split(self.text[pos:limit], with_parser=False, only_slices=True)
        for piece_start, end, semicolon in self._pieces(pos, limit, slices):
            first = _skip_comments(self.text, piece_start, end)
            while "\\" in self.text[first:end]:
                meta = _meta_command(self.text, first, end)
                if meta is None:
                    break
                eol = self._meta(first, meta[0])
                if not meta[1]:
                    return eol  # the meta-command's line changed how the rest lexes
                first = _skip_comments(self.text, eol, end)
            if first >= end:  # nothing but meta-commands
                if self.open is not None and semicolon is not None:
                    self._emit(self.open, end, None)
                continue
            start = first if self.open is None else self.open
            if semicolon is None and limit < self.n:
                break  # the statement runs into the unterminated text: below
            if semicolon is not None and _inside_atomic(self._body(start, end)):
                self.open = start  # psql keeps reading: the `;` belongs to the body
                continue
            self._emit(start, end, None)
            if semicolon is None:
                return self.n
            after = self._copy_data(semicolon + 1)
            if after is not None:
                return after
        if error is None:
            return self.n
        start = self.open if self.open is not None else _statement_start(self.text, pos, limit)
        line = self.lines.line(limit)
        self.open = None
        self._emit(start, self.n, f"{_UNTERMINATED.get(error, error)} starting at line {line}")
        return self.n

    def _pieces(
        self, pos: int, limit: int, slices: Sequence[slice]
    ) -> Iterator[tuple[int, int, int | None]]:
        """(start, end, offset of the ending `;` or None) of each statement the scanner
        reported in [pos, limit), and of each piece it passed over (one without a keyword,
        which psql would still send)."""
        at = pos
        for piece in slices:
            start, end = pos + piece.start, pos + piece.stop
            yield from self._passed_over(at, start, limit)
            semicolon = _terminator(self.text, end, limit)
            yield start, end, semicolon
            at = end if semicolon is None else semicolon + 1
        yield from self._passed_over(at, limit, limit)

    def _passed_over(
        self, start: int, end: int, limit: int
    ) -> Iterator[tuple[int, int, int | None]]:
        while start < end:
            at = _skip_comments(self.text, start, end)
            if at >= end or self.text[at] != ";":
                break
            start = at + 1
        if start >= end or _skip_comments(self.text, start, end) >= end:
            return
        first = last = None
        parens = 0
        for token in scan(self.text[start:end]):
            if token.name == "ASCII_59" and parens == 0:
                if first is not None and last is not None:
                    yield first, last, start + token.start
                first = last = None
                continue
            parens += {"ASCII_40": 1, "ASCII_41": -1}.get(token.name, 0)
            first = start + token.start if first is None else first
            last = start + token.end + 1
        if first is not None and last is not None:
            yield first, last, _terminator(self.text, last, limit)

    def _meta(self, first: int, at: int) -> int:
        """A psql meta-command at `at`: the rest of its line is psql's; a statement begun
        before it goes on after that line."""
        eol = self.text.find("\n", at)
        eol = self.n if eol < 0 else eol
        self.metas.append(MetaCommand(self.text[at:eol].strip(), self.lines.line(at)))
        if self.open is not None or _skip_comments(self.text, first, at) < at:
            self.open = first if self.open is None else self.open
            self.blanks.append((at, eol))
        return eol

    def _body(self, start: int, end: int) -> str:
        body = self.text[start:end]
        for b0, b1 in self.blanks:
            if start <= b0 < end:
                body = body[: b0 - start] + " " * (b1 - b0) + body[b1 - start :]
        return body

    def _emit(self, start: int, end: int, error: str | None) -> None:
        body = self._body(start, end).rstrip()
        last = start + len(body)
        self.stmts.append(
            RawStatement(
                body, self.lines.line(start), self.lines.line(max(start, last - 1)), error=error
            )
        )
        self.open = None
        self.blanks = []

    def _copy_data(self, after: int) -> int | None:
        """After a `COPY … FROM stdin` statement (as the server parses it), its data: from the
        next line up to the `\\.` line. Returns where the SQL goes on, None for another
        statement."""
        stmt = self.stmts[-1]
        if not _COPY_STDIN.match(stmt.text) or not _copies_from_stdin(stmt.text):
            return None
        eol = self.text.find("\n", after)
        data_start = self.n if eol < 0 else eol + 1
        m = _COPY_END.search(self.text, data_start)
        stmt.copy_data = self.text[data_start : m.start() if m else self.n]
        return m.end() if m else self.n


# pglast's words for what is left open, in the words the workbench has always used.
_UNTERMINATED = {
    "unterminated quoted string": "unterminated quoted text",
    "unterminated quoted identifier": "unterminated quoted text",
    "unterminated bit string literal": "unterminated quoted text",
    "unterminated hexadecimal string literal": "unterminated quoted text",
    "unterminated dollar-quoted string": "unterminated dollar-quoted text",
}
_COPY_END = re.compile(r"^\\\.[ \t\r]*$", re.MULTILINE)
_LEADING = re.compile(r"(?:\s+|--[^\n]*)*")


def _skip_comments(text: str, pos: int, end: int) -> int:
    """The first offset in [pos, end) that is neither whitespace nor a comment."""
    while True:
        pos = _LEADING.match(text, pos, end).end()  # type: ignore[union-attr]
        if not text.startswith("/*", pos) or pos >= end:
            return min(pos, end)
        pos = _skip_block_comment(text, pos)


def _statement_start(text: str, pos: int, limit: int) -> int:
    """Where the statement holding the unterminated text at `limit` begins: after the last
    `;` the scanner saw before it."""
    slices = split(text[pos:limit], with_parser=False, only_slices=True)
    if slices and _terminator(text, pos + slices[-1].stop, limit) is None:
        return _skip_comments(text, pos + slices[-1].start, limit)
    return limit


def _terminator(text: str, end: int, limit: int) -> int | None:
    """The offset of the `;` that ends a statement the scanner cut at `end`, if any."""
    at = _skip_comments(text, end, limit)
    return at if at < limit and text[at] == ";" else None


def _meta_command(text: str, first: int, end: int) -> tuple[int, bool] | None:
    """The offset of the first backslash in [first, end) that the lexer reads as a token
    (outside quotes and comments), and whether the text after its line lexes as the scanner
    read it (no token or comment runs across the line's end), so that the scanner's
    statements after it still stand."""
    tokens = scan(text[first:end])
    for k, token in enumerate(tokens):
        if token.name != "ASCII_92":
            continue
        at = first + token.start
        eol = text.find("\n", at)
        eol = end if eol < 0 or eol > end else eol
        after = [t for t in tokens[k:] if first + t.end >= eol]
        fresh = _skip_comments(text, eol, end)
        aligned = (first + after[0].start if after else end) == fresh
        return at, aligned
    return None


_MAY_BE_ATOMIC = re.compile(r"create\b", re.IGNORECASE)
_BEGIN = re.compile(r"begin", re.IGNORECASE)
_ROUTINE_WORDS = {"create": "c", "function": "f", "procedure": "p", "or": "o", "replace": "r"}
_WORD_KINDS = frozenset(
    {"UNRESERVED_KEYWORD", "COL_NAME_KEYWORD", "TYPE_FUNC_NAME_KEYWORD", "RESERVED_KEYWORD"}
)


def _inside_atomic(body: str) -> bool:
    """psql's rule for `CREATE [OR REPLACE] FUNCTION|PROCEDURE … BEGIN ATOMIC … END`: in such
    a statement, outside parentheses, BEGIN opens a block, CASE inside one opens another and
    END closes one; a `;` while a block is open does not end the statement."""
    if not _MAY_BE_ATOMIC.match(body) or not _BEGIN.search(body):
        return False
    head: list[str] = []  # psql's first letters of the statement's first four words
    depth = parens = 0
    for token in scan(body):
        if token.name == "ASCII_40":
            parens += 1
        elif token.name == "ASCII_41":
            parens -= 1
        elif token.name == "IDENT" or token.kind in _WORD_KINDS:
            word = body[token.start : token.end + 1].lower()
            if len(head) < 4:
                head.append(_ROUTINE_WORDS.get(word, ""))
            if parens == 0 and _routine(head):
                if word == "begin" or (word == "case" and depth):
                    depth += 1
                elif word == "end" and depth:
                    depth -= 1
    return depth > 0


def _routine(head: list[str]) -> bool:
    first = [*head, "", "", "", ""][:4]
    return first[0] == "c" and (
        first[1] in ("f", "p") or (first[1:3] == ["o", "r"] and first[3] in ("f", "p"))
    )


def _copies_from_stdin(statement: str) -> bool:
    try:
        parsed = parse_sql(statement)
    except ParseError:
        return False
    if len(parsed) != 1:
        return False
    copy = parsed[0].stmt
    return (
        isinstance(copy, ast.CopyStmt)
        and bool(copy.is_from)
        and not copy.is_program
        and copy.filename is None
    )


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
