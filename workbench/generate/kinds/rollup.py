"""A total the post-pass sums over the rows that reference its row (kinds/totals.py finds
them; kinds/part_sums.py and table_sums.py build some of them; load/totals_load.py and
totals_memory.py compute them)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.generate.kinds import split_totals


@dataclass(frozen=True)
class Rollup:
    """parent.column = sum(expr) or count(*) over the child rows referencing it."""

    parent: str
    column: str
    kind: str  # sum | count
    child: str
    fk: tuple[str, ...]  # the child's columns …
    ref: tuple[str, ...]  # … and the parent's columns they reference
    expr: str  # SQL over the child as `c` (sum); "" for a count
    shown: str  # the expression as classify shows it
    declared: bool = False
    row_expr: str = ""  # the expression over the child row's own columns (totals_memory.py)
    # a table the child's key `joined[1]` references by `joined[2]`, joined as `k` for `expr`
    # (split_totals.py: a line's component and its kind); summed by the SQL post-pass only
    joined: tuple[str, str, str] | None = None
    split: split_totals.Split | None = None  # the lines' labels and parts (a split sum)
    # the table both rows reference (a sibling sum: an invoice's net over the charges of the
    # rental it bills; `ref` is then the row's own key to it); summed by the SQL post-pass only
    via: str = ""
    # more tables of lines whose sums add to this one's (a job's labour, parts and sundries,
    # each with its charge_amount: _several); summed by the SQL post-pass only
    also: tuple[Rollup, ...] = ()

    @property
    def detail(self) -> str:
        what = f"sum of {self.shown} over" if self.kind == "sum" else "number of"
        how = ", declared" if self.declared else ""
        whose = f"the {self.child} rows of its {self.via}" if self.via else f"its {self.child} rows"
        if self.also:
            whose = "its " + ", ".join(f"{r.child} rows" for r in (self, *self.also))
        return (
            f"{self.column} = {what} {whose} ({','.join(self.fk)}{how}), set "
            "once they are loaded; a row whose value a CHECK or the type rejects keeps its "
            "drawn value"
        )
