"""The rows schema.sql carries, read without a database: the column list and the values of
each `INSERT … VALUES` tuple and `COPY … FROM stdin` line, as PostgreSQL input text (None for
NULL). Used where no server is at hand (`generate --csv`); a load runs the statements
themselves. Only literals are read: a value computed by an expression is refused with its
file:line, since only the server could evaluate it."""

from __future__ import annotations

from workbench.schema.model import Table
from workbench.schema.parse import ParsedFile, Statement
from workbench.schema.split import Token, tokenize

_COPY_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "\\": "\\"}


class _Omitted(str):
    """A column a statement leaves to the server's default (not NULL: unknown here)."""


OMITTED = _Omitted("")


class NotLiteral(ValueError):
    """A carried row holds a value only the server can compute."""


def carried_rows(parsed: ParsedFile, table: Table) -> tuple[list[str], list[list[str | None]]]:
    """(columns, rows) of every row the file carries for `table`, in file order; rows of
    statements naming different column lists are aligned on the first one's columns (a
    column a statement leaves out is OMITTED: the server's default, unknown here)."""
    columns: list[str] = []
    rows: list[dict[str, str | None]] = []
    for st in parsed.statements:
        if st.table != table.qualified or not st.rows:
            continue
        cols, values = _statement_rows(st, table)
        for c in cols:
            if c not in columns:
                columns.append(c)
        rows.extend(dict(zip(cols, v, strict=True)) for v in values)
    return columns, [[r.get(c, OMITTED) for c in columns] for r in rows]


def _default_columns(table: Table) -> list[str]:
    return [c.name for c in table.columns if c.generated is None]


def _statement_rows(st: Statement, table: Table) -> tuple[list[str], list[list[str | None]]]:
    toks = tokenize(st.sql)
    i = 0
    while i < len(toks) and not (toks[i].kind == "punct" and toks[i].value == "("):
        if toks[i].is_word("values", "from", "select", "default", "overriding"):
            break
        i += 1
    cols = _default_columns(table)
    if i < len(toks) and toks[i].value == "(":
        j = i + 1
        named: list[str] = []
        while j < len(toks) and toks[j].value != ")":
            if toks[j].kind in ("word", "qid"):
                named.append(toks[j].value)
            j += 1
        cols, i = named, j + 1
    if st.kind == "COPY FROM stdin":
        return cols, [_copy_line(line) for line in (st.copy_data or "").split("\n") if line]
    while i < len(toks) and not toks[i].is_word("values"):
        i += 1
    return cols, _tuples(toks[i + 1 :], st)


def _copy_line(line: str) -> list[str | None]:
    out: list[str | None] = []
    for field in line.split("\t"):
        if field == "\\N":
            out.append(None)
            continue
        chars: list[str] = []
        k = 0
        while k < len(field):
            c = field[k]
            if c == "\\" and k + 1 < len(field):
                chars.append(_COPY_ESCAPES.get(field[k + 1], field[k + 1]))
                k += 2
            else:
                chars.append(c)
                k += 1
        out.append("".join(chars))
    return out


def _tuples(toks: list[Token], st: Statement) -> list[list[str | None]]:
    rows: list[list[str | None]] = []
    depth = 0
    current: list[Token] = []
    row: list[str | None] = []
    for tok in toks:
        if tok.kind == "punct" and tok.value == "(":
            depth += 1
            if depth == 1:
                row, current = [], []
                continue
        elif tok.kind == "punct" and tok.value == ")":
            depth -= 1
            if depth == 0:
                row.append(_literal(current, st))
                rows.append(row)
                continue
        elif depth == 0 and tok.is_word("on", "returning"):
            break
        if depth == 1 and tok.kind == "punct" and tok.value == ",":
            row.append(_literal(current, st))
            current = []
        elif depth >= 1:
            current.append(tok)
    return rows


def _literal(toks: list[Token], st: Statement) -> str | None:
    """A literal's text: 'x', 42, -1.5, NULL, true, 'x'::type, E'…', (…)."""
    while len(toks) >= 2 and toks[0].value == "(" and toks[-1].value == ")":
        toks = toks[1:-1]
    for k, tok in enumerate(toks):
        if tok.kind == "punct" and tok.value == "::":
            toks = toks[:k]  # the cast only names the type the text is read as
            break
    if len(toks) == 1:
        tok = toks[0]
        if tok.is_word("null"):
            return None
        if tok.is_word("true", "false"):
            return tok.value
        if tok.kind in ("str", "estr", "num"):
            return tok.value
    if len(toks) == 2 and toks[0].value in ("-", "+") and toks[1].kind == "num":
        return toks[0].value.replace("+", "") + toks[1].value
    text = " ".join(t.value for t in toks)[:60]
    raise NotLiteral(f"{st.source}: a row of {st.table} holds {text!r}, which is not a literal")
