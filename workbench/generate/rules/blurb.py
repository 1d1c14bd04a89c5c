"""A product's description that describes that product: "The Nordic Cast Iron Skillet heats
evenly and keeps its heat. Free returns within 30 days." instead of a sentence of random words.

The kind of product is read from the last words of its name (the nouns of vocab's product
groups: Skillet, Hoodie, Tent…); a name from elsewhere gets the sentences any product could
carry. Per batch, the sentence parts are picked by index and joined with numpy's element-wise
add; the kind of each distinct name is looked up once (a cache)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from workbench.generate.rules.base import RowRule, Rule, free_columns, row_rng
from workbench.generate.vocab import words as vocab

if TYPE_CHECKING:
    from workbench.generate.base.batch import Batch
    from workbench.generate.rules.base import Rule
    from workbench.generate.view import TableView

# Per product group of vocab.PRODUCT_GROUPS, in its order: (before the name, after the name).
_BY_GROUP: list[list[tuple[str, str]]] = [
    [  # clothing
        ("The ", " keeps its shape wash after wash."),
        ("Soft from the first wear, the ", " has a relaxed, easy fit."),
        ("Our ", " is cut for everyday comfort and layers well."),
        ("The ", " is pre-shrunk and true to size."),
    ],
    [  # kitchen
        ("The ", " heats evenly and cleans up in minutes."),
        ("Built for daily cooking, the ", " is dishwasher safe."),
        ("Our ", " is food-safe and made to last for years."),
        ("The ", " is sized for a family kitchen."),
    ],
    [  # bags
        ("The ", " has a padded laptop sleeve and two inside pockets."),
        ("Our ", " is stitched to carry a full day's load."),
        ("The ", " closes securely and ages well with use."),
        ("Light enough for every day, the ", " fits under a plane seat."),
    ],
    [  # furniture
        ("The ", " arrives flat-packed and assembles in 20 minutes."),
        ("Our ", " is finished with a natural oil that shows the grain."),
        ("The ", " takes everyday knocks and wipes clean."),
        ("Sturdy and compact, the ", " suits a small flat."),
    ],
    [  # electronics
        ("The ", " charges fully in about two hours."),
        ("Our ", " pairs in seconds and remembers up to three devices."),
        ("The ", " comes with a braided cable and a two-year warranty."),
        ("Small enough for a jacket pocket, the ", " lasts a full day."),
    ],
    [  # outdoor
        ("The ", " is seam-sealed and tested in real storms."),
        ("Our ", " packs down small and weighs next to nothing."),
        ("The ", " is made for long days on rough trails."),
        ("Ready for three seasons, the ", " breathes on the climb."),
    ],
    [  # care
        ("The ", " is made with plant-based ingredients."),
        ("Our ", " is gentle enough for sensitive skin."),
        ("The ", " is free from parabens and never tested on animals."),
        ("A small batch of the ", " is poured by hand every week."),
    ],
    [  # coffee and tea
        ("The ", " is roasted in small batches every Monday."),
        ("Our ", " brews a smooth cup with a sweet finish."),
        ("The ", " is sourced directly from one cooperative."),
        ("Freshly packed, the ", " keeps for six months sealed."),
    ],
    [  # stationery
        ("The ", " has 192 numbered pages of 100 gsm paper."),
        ("Our ", " lies flat and takes fountain pen ink without bleeding."),
        ("The ", " has a sewn binding and a ribbon marker."),
        ("Pocket-sized, the ", " goes everywhere you do."),
    ],
    [  # toys
        ("The ", " is made for ages 3 and up."),
        ("Our ", " is finished with child-safe, water-based paint."),
        ("The ", " builds fine motor skills through play."),
        ("A favourite gift, the ", " comes in a reusable box."),
    ],
]
_ANY: list[tuple[str, str]] = [
    ("The ", " is one of our best sellers."),
    ("Our ", " is designed in-house and tested by our team."),
    ("The ", " is made to be used every day."),
]
_CLOSERS = [
    "Free returns within 30 days.",
    "Ships in recycled packaging.",
    "Backed by a two-year warranty.",
    "Available while stocks last.",
    "Ships within two working days.",
    "Rated 4.6 out of 5 by our customers.",
    "",
    "",
]


@functools.lru_cache(maxsize=1)
def _group_by_noun() -> dict[str, int]:
    return {noun: k for k, (_, nouns) in enumerate(vocab.PRODUCT_GROUPS) for noun in nouns}


@functools.lru_cache(maxsize=65536)
def group_of(name: object) -> int:
    """The product group of a name ("Heritage Linen Shirt Pro" → clothing), -1 if none."""
    words = str(name).split()
    nouns = _group_by_noun()
    for end in (len(words), len(words) - 1):  # the last words, or before a variant suffix
        for size in (2, 1):
            if end - size >= 0:
                group = nouns.get(" ".join(words[end - size : end]))
                if group is not None:
                    return group
    return -1


def _plan(view: TableView, planned: Sequence[Rule]) -> list[Rule]:
    free = free_columns(view)
    """A description column of a table whose rows are named products (among `free`, the
    columns the rules may rewrite)."""

    names = [c for c, s in view.specs.items() if s.generator == "product_name"]
    targets = [c for c in free if view.specs[c].generator == "description"]
    if not names or not targets:
        return []
    return [
        Rule("blurb", [names[0], t], f"{t} describes the {names[0]}", {"source": names[0]})
        for t in sorted(targets)
    ]


def _apply(view: TableView, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    rng = row_rng(view, rule, idx)
    source, target = batch.get(rule.data["source"]), batch.get(rule.columns[1])
    if source is None or target is None:
        return
    names = np.asarray(source.values, dtype=object)
    n = names.size
    groups = np.frompyfunc(group_of, 1, 1)(names).astype(np.int64) if n else np.zeros(0, int)
    table = [*_BY_GROUP, _ANY]  # -1 picks the last: sentences any product could carry
    pick = rng.integers(0, 1 << 30, n)
    before = np.empty(n, dtype=object)
    after = np.empty(n, dtype=object)
    for k in np.unique(groups).tolist():
        rows = groups == k
        options = table[k]
        which = pick[rows] % len(options)
        before[rows] = np.array([o[0] for o in options], dtype=object)[which]
        after[rows] = np.array([o[1] for o in options], dtype=object)[which]
    closers = np.array([" " + c if c else "" for c in _CLOSERS], dtype=object)
    base = before + names + after
    spec = view.specs[rule.columns[1]]
    values = target.values
    if values.dtype != object:  # fixed-width text: room for the longer sentences
        target.values = values = values.astype(object)
    # the sentence with a closing line where it fits, else without it
    for made in (base, base + closers[rng.integers(0, len(closers), n)]):
        lengths = np.frompyfunc(len, 1, 1)(made).astype(np.int64) if n else np.zeros(0, int)
        fits = ~source.nulls & (lengths >= (spec.min_len or 1))
        if spec.max_len is not None:
            fits &= lengths <= spec.max_len
        values[fits] = made[fits]


RULE = RowRule(
    "blurb", "a product's description describes that product", _plan, _apply, after=("gender",)
)
