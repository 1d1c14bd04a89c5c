"""Row rules: what makes a row agree with itself and with its parents (names that spell the
row's person, one place per address, times in the order their names tell, prices copied from
the parent…), and the cross-table rules that re-pick the parent rows a batch's keys reference
(keys that meet at one grandparent, parents that existed by then).

Each rule is one module exporting `RULE` (`base.RowRule` or `base.LinkRule`): what it plans
from the table's view, how it applies to a batch, and its place in the order (`after` and
`before`, naming other rules). `registry` finds the modules and sorts their rules."""
