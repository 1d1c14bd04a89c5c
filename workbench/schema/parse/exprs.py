"""Expressions and names the reader makes: sqlglot trees for CHECK bodies, defaults and
predicates, PostgreSQL's generated constraint and sequence names, and the columns an
expression mentions."""

from __future__ import annotations

import re
from functools import lru_cache

import sqlglot
from sqlglot import exp

from workbench.schema.model import Expr
from workbench.schema.split import tokenize

NAMEDATALEN = 64


@lru_cache(maxsize=4096)
def _parse_expr_cached(text: str) -> exp.Expr | None:
    try:
        tree: exp.Expr | None = sqlglot.parse_one(text, dialect="postgres")
        if isinstance(tree, exp.Command):
            # a leading keyword-named column (`lock = 'X'`) reads as a statement: in
            # parentheses it is an expression again
            tree = sqlglot.parse_one(f"({text})", dialect="postgres")
            tree = None if isinstance(tree, exp.Command) else tree
        return tree
    except Exception:  # sqlglot raises several error types; the text is kept either way
        return None


def _without_comments(text: str) -> str:
    toks = tokenize(text)
    out: list[str] = []
    prev_end = None
    for t in toks:
        if prev_end is not None and t.start > prev_end:
            out.append(" ")
        out.append(text[t.start : t.end])
        prev_end = t.end
    return "".join(out)


def make_expr(text: str) -> Expr:
    """An Expr whose tree is sqlglot's parse of `text` (None when sqlglot cannot read it)."""
    if "--" in text or "/*" in text:
        text = _without_comments(text)
    text = " ".join(text.split())
    tree = _parse_expr_cached(text)
    return Expr(text, tree.copy() if tree is not None else None)


def is_null_default(text: str) -> bool:
    """`DEFAULT NULL` (even with a cast) stores no default in PostgreSQL."""
    t = re.sub(r"\s+", "", text.lower())
    while t.startswith("(") and t.endswith(")"):
        t = t[1:-1]
    return bool(re.fullmatch(r"\(*null\)*(::[a-z_ ]+(\(\d+(,\d+)?\))?(\[\])*)*", t))


def make_object_name(name1: str, name2: str | None, label: str) -> str:
    """PostgreSQL's makeObjectName: name1_name2_label clipped to 63 bytes."""
    n1, n2 = name1, name2 or ""
    overhead = len(label.encode()) + 1 + (1 if name2 else 0)
    avail = NAMEDATALEN - 1 - overhead
    while len(n1.encode()) + len(n2.encode()) > avail:
        if len(n1.encode()) > len(n2.encode()):
            n1 = n1[:-1]
        else:
            n2 = n2[:-1]
    return "_".join(p for p in (n1, n2 if name2 else None, label) if p)


def _quote_ident(name: str) -> str:
    if re.fullmatch(r"[a-z_][a-z0-9_$]*", name):
        return name
    return '"' + name.replace('"', '""') + '"'


def quote_qual(schema: str, name: str) -> str:
    return f"{_quote_ident(schema)}.{_quote_ident(name)}"


def referenced_columns(expr: Expr | None) -> list[str]:
    """Column names an expression mentions (unquoted names folded), in order of appearance."""
    if expr is None:
        return []
    if expr.tree is None:
        return []
    out: list[str] = []
    for col in expr.tree.find_all(exp.Column):
        ident = col.this
        name = ident.this if isinstance(ident, exp.Identifier) else str(ident)
        if isinstance(ident, exp.Identifier) and not ident.quoted:
            name = name.lower()
        if name not in out:
            out.append(name)
    return out


def exprs_use(exprs: list[Expr | None], pred: Expr | None, cname: str) -> bool:
    return any(cname in referenced_columns(e) for e in [*exprs, pred] if e is not None)
