"""Names of things composed from the project's word lists (`vocab`): every combination of a
kind is listed once per process, so a batch only picks indices; a unique column walks the
combinations in a shuffled order and numbers them only once every combination is used."""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable

import numpy as np

from workbench.generate.base.hashing import affine
from workbench.generate.base.laps import numbered
from workbench.generate.vocab import trees as vocab_trees
from workbench.generate.vocab import words as vocab
from workbench.generate.vocab import works as vocab_works

_CODENAME_ADJ = [
    "Amber", "Blue", "Silver", "Crimson", "Golden", "Quiet", "Swift", "Bright", "Northern",
    "Hidden", "Copper", "Iron", "Velvet", "Emerald", "Scarlet", "Arctic", "Coral", "Stone",
]  # fmt: skip
_CODENAME_NOUN = [
    "Falcon", "Harbor", "Meadow", "Summit", "River", "Cedar", "Lantern", "Compass", "Orchard",
    "Beacon", "Willow", "Fox", "Heron", "Ridge", "Canyon", "Tide", "Maple", "Otter", "Pine",
]  # fmt: skip


def _products() -> list[str]:
    out: list[str] = []
    for line, (materials, nouns), variant in itertools.product(
        vocab.PRODUCT_LINES, vocab.PRODUCT_GROUPS, vocab.PRODUCT_VARIANTS
    ):
        out.extend(f"{line} {m} {n}{variant}" for m in materials for n in nouns)
    return out


def _articles() -> list[str]:
    out: list[str] = []
    for template, topic in itertools.product(vocab.ARTICLE_TEMPLATES, vocab.ARTICLE_TOPICS):
        if "{k}" in template:
            out.extend(template.format(t=topic, k=k) for k in (3, 5, 7, 10, 12))
        else:
            out.append(template.format(t=topic))
    return out


# Titles of one template at most: keeps a three-part template from drowning the others.
_PER_TEMPLATE = 1500


def _works(medium: str) -> list[str]:
    """Titles of films, books, albums…: each template filled with every combination of its
    parts (thinned evenly to _PER_TEMPLATE), templates interleaved."""
    w = vocab_works
    parts = {
        "a": w.WORK_ADJECTIVES,
        "n": w.WORK_NOUNS,
        "m": w.WORK_NOUNS[::-1],
        "p": w.WORK_PLACES,
        "t": w.WORK_TIMES,
        "w": w.WORK_PEOPLE,
    }
    lists: list[list[str]] = []
    for template in w.WORK_TEMPLATES[medium]:
        keys = [k for k in "anmptw" if "{" + k + "}" in template]
        # thinned evenly before the titles are made: only the kept combinations are worked
        # out (a process built all 45,000 and their plurals on its first film table, ~0.6 s)
        total = math.prod(len(parts[k]) for k in keys)
        step = max(1, total // (_PER_TEMPLATE * 5 // 4))  # a quarter more: repeats drop out
        combos = itertools.islice(itertools.product(*(parts[k] for k in keys)), 0, None, step)
        made = (template.format(**dict(zip(keys, combo, strict=True))) for combo in combos)
        lists.append([_plurals(t) for t in made if not _repeats(t)][:_PER_TEMPLATE])
    out = [t for row in itertools.zip_longest(*lists) for t in row if t is not None]
    return out


_AN = re.compile(r"\bA ([AEIOU])")
_YS = re.compile(r"(\w*[^aeiou\W])ys\b")
_ES = re.compile(r"(\w*(?:ss|sh|ch|x))s\b")


def _plurals(title: str) -> str:
    """Templates add a bare "s" and "A": Countrys → Countries, A Orchard → An Orchard."""
    return _ES.sub(r"\1es", _YS.sub(r"\1ies", _AN.sub(r"An \1", title)))


def _repeats(title: str) -> bool:
    """A word used twice, as in 'The Harbor of the Silent Harbor'."""
    words = [x for x in title.replace("'s", "").split() if x[0].isupper() and len(x) > 3]
    return len(words) != len(set(words))


def _categories() -> list[str]:
    """Shop categories, sub-categories and qualified ones ("Refurbished Laptops"): the
    category tree's names without its deepest level (no "Kids' Women's Clothing")."""
    tree = vocab_trees.CATEGORIES
    subs = [c for _, children in tree.domains for c in children]
    roots = [r for r, _ in tree.domains]
    return list(vocab.CATEGORIES) + roots + subs + _combine(tree.qualifiers, subs)


def _combine(*parts: list[str], sep: str = " ") -> list[str]:
    return [sep.join(p for p in combo if p).strip() for combo in itertools.product(*parts)]


_BUILDERS: dict[str, Callable[[], list[str]]] = {
    "product_name": _products,
    "title": _articles,
    "company": lambda: _combine(
        vocab.COMPANY_STEMS, vocab.COMPANY_SECTORS, vocab.COMPANY_SUFFIXES[:7]
    ),
    "project_name": lambda: [
        s + p
        for s, p in itertools.product(
            _combine(vocab.PROJECT_SYSTEMS, vocab.PROJECT_ACTIVITIES), vocab.PROJECT_PERIODS
        )
    ],
    "team_name": lambda: _combine(vocab.TEAM_AREAS, vocab.TEAM_FUNCTIONS),
    "thing_name": lambda: _combine(_CODENAME_ADJ, _CODENAME_NOUN),
    "category_name": lambda: _categories(),
    "department": lambda: (
        list(vocab.DEPARTMENTS) + _combine(vocab.DEPARTMENTS, ["EMEA", "Americas", "APAC"])
    ),
    "brand": lambda: list(vocab.BRANDS) + _combine(vocab.BRANDS, ["Studio", "Outdoor", "Home"]),
    "review_title": lambda: list(vocab.REVIEW_TITLES),
    "review_body": lambda: _combine(
        vocab.REVIEW_OPENINGS, vocab.REVIEW_DETAILS, vocab.REVIEW_CLOSINGS
    ),
    "order_note": lambda: list(vocab.ORDER_NOTES),
    "film_title": lambda: _works("film"),
    "book_title": lambda: _works("book"),
    "album_title": lambda: _works("album"),
    "song_title": lambda: _works("song"),
    "game_title": lambda: _works("game"),
    "episode_title": lambda: _works("episode"),
    "folder_name": lambda: [
        n for root, children in vocab_trees.FOLDERS.domains for n in [root, *children]
    ],
    "district": lambda: (
        list(vocab_works.DISTRICT_NAMES)
        + _combine(vocab_works.DISTRICT_PREFIXES, vocab_works.DISTRICT_FEATURES)
    ),
}
KINDS = frozenset(_BUILDERS)


@functools.lru_cache(maxsize=16)
def all_names(kind: str) -> np.ndarray:
    """Every name of `kind`, in a fixed order, as an object array."""
    names = list(dict.fromkeys(_BUILDERS[kind]()))
    out = np.empty(len(names), dtype=object)
    out[:] = names
    return out


def draw(kind: str, rng: np.random.Generator, idx: np.ndarray, unique: bool) -> np.ndarray:
    """A name per row: random picks, or for a unique column the row's own combination (a
    fixed shuffle of all of them) with a number once the combinations run out."""

    names = all_names(kind)
    size = len(names)
    if not unique:
        return np.asarray(names[rng.integers(0, size, idx.size)])
    picks = np.asarray(names[affine(idx, size, 7919)])
    lap = idx // size
    if not (lap > 0).any():
        return picks
    return numbered(picks, lap)
