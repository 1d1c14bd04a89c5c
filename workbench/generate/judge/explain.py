"""One paragraph for a table the judge left empty: the table, the constraint that refused its
rows, one value it refused, who needs the table, and a fix whose keys sandbox.toml has (a line
that loads as it is: `tables."public.t".columns."c" = { … }`), or, when the constraint admits
no value at all (`a > 5 AND a < 3`), that only the schema can be corrected. When the type of a
column refused them (a value past numeric(5,2)'s 999.99, past smallint, longer than varchar(3)),
the schema is not at fault: the paragraph names the type's bound and what computed the value
(the rule that writes the column, the CHECK whose repair moves it), and says so."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.generate.base.sqltree import columns_of
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


def past_type(hints: Any, info: Any) -> str | None:
    """A CHECK's bound beyond what the column's type holds (`reading > 1000` on a
    numeric(4,1)), said as no_value says it; None when the type holds some value it allows."""
    bounds = info.bounds()
    if bounds is None:
        return None
    lo, hi = bounds
    try:
        if hints.lo is not None and (hints.lo > hi or (hints.lo == hi and not hints.lo_incl)):
            low = ">=" if hints.lo_incl else ">"
            top = shown(hi, info)
            return f"a value {low} {hints.lo}, and its type {info.label()} holds at most {top}"
        if hints.hi is not None and (hints.hi < lo or (hints.hi == lo and not hints.hi_incl)):
            high = "<=" if hints.hi_incl else "<"
            low_end = shown(lo, info)
            return (
                f"a value {high} {hints.hi}, and its type {info.label()} holds at least {low_end}"
            )
    except TypeError:
        return None
    return None


def no_value(hints: Any, info: Any = None) -> str | None:
    """What makes a column's CHECK hints empty (a > 5 AND a < 3, or `reading > 1000` on a
    numeric(4,1), whose type `info` holds at most 999.9), or None when they allow some."""
    past = past_type(hints, info) if info is not None else None
    if past is not None:
        return past
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


def producers(view: TableView, column: str) -> list[str]:
    """What computes the column's values besides its generator: the table's rules that read or
    write it (as `workbench classify` names them) and the CHECKs whose repair moves it."""
    out = [
        f"the rule {rule.kind} ({rule.detail})"
        for rule in view.rules
        if column in getattr(rule, "columns", ())
    ][:2]
    for _, tree in view.checks:
        if column in columns_of(tree):
            out.append(f"the repair of CHECK ({tree.sql()})")
    return out


def shown(value: float, info: Any) -> str:
    """A bound of a type as the user writes it: 32767, 999.99."""
    if info.kind == "int" or not info.scale:
        return str(int(value))
    return f"{value:.{info.scale}f}"


def type_bound(view: TableView, column: str) -> str:
    """What the column's type holds, as a message says it: `numeric(5,2) holds -999.99 to
    999.99`, `character varying(3) holds 3 characters`."""
    spec = view.specs.get(column)
    if spec is None:
        return "its type"
    info = spec.info
    bounds = info.bounds()
    if bounds is not None:
        return f"{info.label()} holds {shown(bounds[0], info)} to {shown(bounds[1], info)}"
    if info.length:
        return f"{info.label()} holds {info.length} characters"
    return str(info.label())


def type_refused(view: TableView, account: Account, head: str, needed: str, column: str) -> str:
    """The paragraph when a column's type refused every row: the engine's fault, named; or,
    for a foreign key, the schema's: the parent's keys are of a wider type."""
    unit = view.fk_cols.get(column)
    if unit is not None:
        parent = unit.ref_map.get(column, "its key")
        holds = type_bound(view, column)
        return (
            f"{head}{needed} {column} is a key into {unit.parent} ({parent}), and the keys "
            f"of its rows do not fit its type ({holds}). Give {column} the type of "
            f"{unit.parent}.{parent} in schema.sql (or keep {unit.parent}'s keys inside "
            f"{column}'s type)."
        )
    spec = view.specs.get(column)
    made = producers(view, column)
    by = f", computed by {' and '.join(made)}," if made else ""
    where = ", a key the engine numbers" if spec is not None and spec.unique else ""
    line = ""
    if spec is not None and spec.kind in ("int", "decimal", "float"):
        bounds = spec.info.bounds()
        if bounds is not None:
            top = int(bounds[1] // 2)  # half the type: room for what is computed from it
            line = snippet(view.tp.name, column, f"{{ range = [0, {top}] }}")
    advice = (
        f" Until it is, sandbox.toml can keep {column} well inside its type: {line}."
        if line
        else ""
    )
    return (
        f"{head}{needed} The values of {column}{by} did not fit its type "
        f"({type_bound(view, column)}){where}. The schema is not at fault: these are values "
        f"the generator computed, and it should have kept them inside the type (please "
        f"report it).{advice}"
    )


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
    if name.startswith("type of "):
        return type_refused(view, account, head, needed, name.removeprefix("type of "))
    for column in columns:
        spec = view.specs.get(column)
        why = no_value(spec.hints, spec.info) if spec is not None else None
        if why is not None:
            return (
                f"{head}{needed} It admits no value for {column}: the table's CHECKs ask for "
                f"{why}. No generator setting can meet it; correct the CHECK in schema.sql."
            )
    line = fix(view, columns, tree)
    made = [m for c in columns for m in producers(view, c) if m.startswith("the rule ")]
    if made:  # the CHECK may be fine: a rule's values are what it refuses
        head += f" Its values come from {' and '.join(dict.fromkeys(made))}."
    advice = (
        f" Give {columns[0] if columns else 'its columns'} values it accepts in sandbox.toml, "
        f"for example: {line} (or correct the constraint in schema.sql)."
        if line
        else " Correct the constraint in schema.sql."
    )
    return head + needed + advice
