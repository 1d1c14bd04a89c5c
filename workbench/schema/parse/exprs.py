"""Expressions and names the reader makes: sqlglot trees for CHECK bodies, defaults and
predicates, PostgreSQL's generated constraint and sequence names, and the columns an
expression mentions."""

from __future__ import annotations

import re
from functools import lru_cache

import sqlglot
from sqlglot import exp

from workbench.schema.model import Expr
from workbench.schema.split import Token, tokenize

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


def mentions(expr: Expr, names: set[str]) -> bool:
    """Whether the expression's text names one of `names` (as a word or quoted name)."""
    return any(t.kind in ("word", "qid") and t.value in names for t in tokenize(expr.sql))


def rename_in_expr(expr: Expr, old: str, new: str) -> Expr:
    """The expression with the identifier `old` (a column being renamed) written `new`:
    tokens of the text, never inside a string, then read again."""
    out: list[str] = []
    at = 0
    text = expr.sql
    for tok in tokenize(text):
        if tok.kind in ("word", "qid") and tok.value == old:
            out.append(text[at : tok.start] + _quote_ident(new))
            at = tok.end
    if not out:
        return expr
    return make_expr("".join(out) + text[at:])


def null_casts(text: str) -> list[list[Token]] | None:
    """The casts of a `NULL` default, in order (the tokens of each type), or None when the
    text is not a NULL."""
    toks = [t for t in tokenize(text) if t.kind != "punct" or t.value not in "()"]
    if not toks or not toks[0].is_word("null"):
        return None
    casts: list[list[Token]] = []
    for tok in toks[1:]:
        if tok.kind == "punct" and tok.value == "::":
            casts.append([])
        elif casts:
            casts[-1].append(tok)
        else:
            return None
    return None if any(not c for c in casts) else casts


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
