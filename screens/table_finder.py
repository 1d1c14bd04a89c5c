"""The command palette's table finder: type part of a table's name, pick it, and the schema
tree moves to it (partitions and filtered-out tables included)."""

from __future__ import annotations

from functools import partial

from textual.command import Hit, Hits, Provider

from workbench.widgets.schema_tree import SchemaTree

MAX_HITS = 40  # a schema of a thousand tables must not flood the palette


class TableFinder(Provider):
    """Offers `table <name>` hits for the main screen's schema (search only: the palette's
    empty list stays the actions')."""

    async def search(self, query: str) -> Hits:
        tree = self.screen.query_one(SchemaTree)
        matcher = self.matcher(query)
        hits: list[tuple[float, str]] = []
        for name in tree.table_names:
            score = matcher.match(name)
            if score > 0:
                hits.append((score, name))
        hits.sort(key=lambda hit: -hit[0])
        for score, name in hits[:MAX_HITS]:
            yield Hit(
                score,
                matcher.highlight(f"table {name}"),
                partial(self.jump, name),
                text=f"table {name}",
                help="Select this table in the schema tree",
            )

    def jump(self, name: str) -> None:
        tree = self.screen.query_one(SchemaTree)
        tree.select_table(name)
        tree.focus()
