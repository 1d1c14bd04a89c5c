"""Values refused at plan time when they would be huge (regex_gen.MAX_MATCH_CHARS): a CHECK's
regular expression anywhere in a table's or a domain's checks, the pattern and the least
length the column's hints read from them (a `!~ '[^…]'` class bounded by length CHECKs,
`length(c) >= n`), and a `params.pattern` in sandbox.toml. Refused before a generate drops
anything, never in the middle of the load."""

from __future__ import annotations

from typing import Any

from sqlglot import exp

from workbench.config.file import Config
from workbench.generate.base.regex_gen import MAX_MATCH_CHARS, ValuesTooLong, check_pattern_size
from workbench.generate.base.sqltree import Unsupported, columns_of, literal
from workbench.generate.checks.hints import column_hints
from workbench.schema.model import CheckConstraint, Column, Schema, Table
from workbench.schema.typeinfo import resolve_type


def _literal_patterns(tree: Any) -> list[str]:
    out: list[str] = []
    for node in tree.find_all(exp.RegexpLike, exp.RegexpILike, exp.Operator):
        if isinstance(node, exp.Operator) and str(node.args.get("operator")).split(".")[-1] not in (
            "~",
            "~*",
        ):
            continue
        try:
            value = literal(node.expression)
        except (Unsupported, ValueError, TypeError):
            continue
        if isinstance(value, str):
            out.append(value)
    return out


def _may_ask_size(checks: list[CheckConstraint]) -> bool:
    """Whether a CHECK may bound a value's pattern or length (only then are hints read: they
    cost a walk of every check per column)."""
    return any("~" in c.expr.sql or "length" in c.expr.sql.lower() for c in checks)


def check_pattern_sizes(schema: Schema, config: Config) -> None:
    """ValuesTooLong (exit 2, naming file, table and column) for the first pattern or least
    length found whose values would pass the generator's bound."""
    schema_file = config.schema_path.name
    sized_domains = False
    for name, domain in schema.domains.items():
        for check in domain.checks:
            if check.expr.tree is not None:
                for pattern in _literal_patterns(check.expr.tree):
                    check_pattern_size(pattern, f"{schema_file}: domain {name}'s CHECK")
        sized_domains = sized_domains or _may_ask_size(domain.checks)
    for qualified, table in schema.tables.items():
        checked: set[str] = set()
        for check in table.checks:
            if check.expr.tree is None:
                continue
            for pattern in _literal_patterns(check.expr.tree):
                check_pattern_size(pattern, f"{schema_file}: table {qualified}'s CHECK")
            if _may_ask_size([check]):
                checked |= columns_of(check.expr.tree)
        for column in table.columns:
            if column.name in checked or (sized_domains and _sized_domain(schema, column)):
                where = f"{schema_file}: column {qualified}.{column.name}'s CHECKs"
                _check_hints(schema, table, column, where)
        for column_name, override in config.table(qualified).columns.items():
            declared = (override.params or {}).get("pattern")
            if isinstance(declared, str):
                key = f'tables."{qualified}".columns.{column_name}.params.pattern'
                check_pattern_size(declared, f"{config.path}: key {key}")


def _sized_domain(schema: Schema, column: Column) -> bool:
    return _may_ask_size([check for _, check in resolve_type(schema, column.type).domain_checks])


def _check_hints(schema: Schema, table: Table, column: Column, where: str) -> None:
    hints = column_hints(schema, table, column)
    if hints.regex is not None:
        check_pattern_size(hints.regex, where)
    if isinstance(hints.min_len, int) and hints.min_len > MAX_MATCH_CHARS:
        raise ValuesTooLong(
            f"{where}: values must be at least {hints.min_len:,} characters long, more than "
            f"the {MAX_MATCH_CHARS:,} the workbench generates (every row would hold that "
            "much). Lower the length the CHECK asks for."
        )
