"""One paragraph for a table the judge left empty: the table, the constraint that refused its
rows, one value it refused, who needs the table, and a fix whose keys sandbox.toml has (a line
that loads as it is: `tables."public.t".columns."c" = { … }`), or, when the constraint admits
no value at all (`a > 5 AND a < 3`), that only the schema can be corrected."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.tables import partition_root
from workbench.generate.checks import null_only
from workbench.generate.judge.account import Account
from workbench.generate.judge.families import snippet

if TYPE_CHECKING:
    from workbench.generate.view import TableView


def needed_by(view: TableView) -> list[str]:
    """The planned tables with rows whose foreign key into this table may not be NULL."""
    out = []
    for tp in view.plan.tables:
        if not tp.rows or tp.name == view.tp.name:
            continue
        table = view.schema.tables.get(tp.name)
        if table is None:
            continue
        for fk in table.foreign_keys:
            if partition_root(view.schema, fk.ref_qualified) != view.tp.name:
                continue
            columns = [table.column(c) for c in fk.columns]
            if all(c is not None and not c.nullable for c in columns):
                out.append(tp.name)
                break
    return out


def no_value(hints: Any) -> str | None:
    """What makes a column's CHECK hints empty (a > 5 AND a < 3), or None when they allow some."""
    try:
        both = hints.lo is not None and hints.hi is not None
        if both and (
            hints.lo > hints.hi or (hints.lo == hints.hi and not (hints.lo_incl and hints.hi_incl))
        ):
            low, high = (">=" if hints.lo_incl else ">"), ("<=" if hints.hi_incl else "<")
            return f"a value {low} {hints.lo} and {high} {hints.hi}"
    except TypeError:
        return None
    if hints.min_len is not None and hints.max_len is not None and hints.min_len > hints.max_len:
        return f"a length of at least {hints.min_len} and at most {hints.max_len}"
    if hints.allowed is not None and not [v for v in hints.allowed if v not in hints.excluded]:
        return "one of a set of values that its other CHECKs all exclude"
    return None


def fix(view: TableView, columns: list[str], tree: Any) -> str:
    """A sandbox.toml line for the first column a user can set: NULL shares for a rule about
    which columns are NULL, a range for numbers and times, values for the rest."""
    free = [c for c in columns if c in view.specs and c not in view.fk_cols]
    if not free:
        free = [c for c in columns if c in view.specs]
    if not free:
        return ""
    column = free[0]
    spec = view.specs[column]
    if tree is not None and null_only(tree) and spec.nullable:
        keys = "{ null_fraction = 0.5 }"
    elif spec.kind in ("int", "decimal", "float"):
        lo = spec.hints.lo if isinstance(spec.hints.lo, int | float) else 1
        hi = spec.hints.hi if isinstance(spec.hints.hi, int | float) else lo + 100
        keys = f"{{ range = [{lo}, {hi}] }}"
    else:
        keys = '{ values = ["a value the constraint accepts", "another one"] }'
    return snippet(view.tp.name, column, keys)


def empty_table(
    view: TableView, account: Account, columns: list[str], tree: Any, needs: list[str]
) -> str:
    """The paragraph (see the module docstring)."""
    name = account.worst() or "its constraints"
    text = account.texts.get(name, "")
    example = account.examples.get(name)
    said = account.messages.get(name)
    head = (
        f"{view.tp.name}: all {account.planned:,} rows were refused by {name}"
        + (f" ({text})" if text and text not in name else "")
        + (f", e.g. the row with {example}" if example else "")
        + (f" (the server said: {said})" if said else "")
        + "."
    )
    needed = (
        f" {', '.join(needs)} need{'s' if len(needs) == 1 else ''} its rows."
        if needs
        else " The table stays empty."
    )
    for column in columns:
        why = no_value(view.specs[column].hints) if column in view.specs else None
        if why is not None:
            return (
                f"{head}{needed} It admits no value for {column}: the table's CHECKs ask for "
                f"{why}. No generator setting can meet it; correct the CHECK in schema.sql."
            )
    line = fix(view, columns, tree)
    advice = (
        f" Give {columns[0] if columns else 'its columns'} values it accepts in sandbox.toml, "
        f"for example: {line} (or correct the constraint in schema.sql)."
        if line
        else " Correct the constraint in schema.sql."
    )
    return head + needed + advice
