"""Uniqueness by construction: PRIMARY KEYs, UNIQUE constraints, unique indexes (composite,
partial, over expressions, NULLS NOT DISTINCT) and exclusion constraints.

Every unique thing of a table becomes a `UniqueKey`. A key is then made to hold in one of
four ways, tried in this order:

1. **A free column carries the row number.** When one of the key's columns can take as many
   values as there are rows (a number, a timestamp, a text, a uuid…), that column is derived
   from the row number, so the whole key is unique whatever its other columns hold.
2. **Distinct combinations.** When every column of the key has a finite domain (foreign keys:
   the parent's rows; booleans, enums, CHECK (x IN …) lists, bounded smallints, char(1)…),
   rows take distinct combinations of a mixed-radix enumeration over the domains, spread by a
   bijection of the row numbers. Keys of one table that share columns are solved together:
   the columns all of them share take the low digits, and each key's own columns the high
   ones, so each key is injective up to its own capacity.
3. **Out of the predicate.** For a partial unique index whose columns are all finite, rows are
   generated freely and the batch is checked; a row whose key was already taken is moved out
   of the index's WHERE clause (the CHECK repairer makes `NOT predicate` true for it: the
   second "primary" e-mail of a user stops being primary).
4. **Verified.** Keys over expressions (lower(email), coalesce(a, 0), CASE …) are computed
   with the CHECK evaluator on each batch and a taken key is repaired (a nullable column set
   NULL, a text made distinct); what the evaluator cannot compute stops with an error naming
   the key.

Exclusion constraints whose only operators are `=` are keys; an `&&` over a range column is
satisfied by giving every row its own slot of the range's axis (no two ranges overlap at
all).

When the rows asked for exceed the distinct combinations possible, `capacity` tells the plan,
which caps the table with one warning naming the key; foreign keys into the capped table then
pick among the rows that exist.

Modules: keys (what is unique), domains (finite domains, free columns), capacity (rows
allowed), parts (factors, groups, the bijection), plan (`UniquePlan`: which way each key
holds), fill and verify (its per-batch halves).
"""

from __future__ import annotations

from workbench.generate.constraints.unique.plan import UniquePlan
from workbench.generate.plan.capacity import capacity
from workbench.generate.plan.domains import Domain, finite_domain
from workbench.generate.plan.keys import KeyPart, UniqueKey, table_keys

__all__ = [
    "Domain",
    "KeyPart",
    "UniqueKey",
    "UniquePlan",
    "capacity",
    "finite_domain",
    "table_keys",
]
