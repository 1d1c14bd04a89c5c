"""Tables of things and their names: a `city` table's `city`, a `country` table's `country`,
a `language` or `category` table's `name`, a film's `title`. Each row is one thing, so the
rows take distinct values of the vocabulary while it lasts (a walk over a fixed shuffle of
it, never a draw with replacement that names "United States" seven times in twelve rows).
Also the one-line synopses of films, books and games."""

from __future__ import annotations

import functools

import numpy as np

from workbench.generate.base.hashing import affine
from workbench.generate.base.laps import numbered
from workbench.generate.base.names import THING_SYNONYMS, normalise, singular_forms
from workbench.generate.generators import names
from workbench.generate.generators.value_spec import pool
from workbench.generate.vocab import words as vocab
from workbench.generate.vocab import works as vocab_works

# Generators whose values name the row's thing (a person's name or a job title repeat in
# real data and are left to their own draws).
NAMING = frozenset(names.KINDS - {"review_title", "review_body", "order_note"}) | {
    "city",
    "country",
    "region",
    "language_name",
    "nationality",
    "tag",
    "colour",
}
_LISTS = {
    "language_name": vocab.LANGUAGE_NAMES,
    "nationality": vocab.NATIONALITIES,
    "colour": vocab.COLOUR_NAMES,
}
_POOLED = {"city": "city", "country": "country", "region": "region"}


def _singulars(table: str) -> set[str]:
    return singular_forms(normalise(table).split("_")[-1])


def names_the_row(table: str, column: str, generator: str) -> bool:
    """Whether the column is the name of the thing each row of the table is: a bare name or
    title, or a column named after the table (`city.city`, `countries.country_name`)."""
    if generator not in NAMING:
        return False
    norm = normalise(column)
    if norm in THING_SYNONYMS:
        return True
    things = _singulars(table)
    return norm in things or any(norm == f"{t}_name" for t in things)


def vocabulary(generator: str, seed: int) -> np.ndarray | None:
    """Every value the generator draws from, in a fixed order (None: not a listed one)."""

    if generator in names.KINDS:
        return names.all_names(generator)
    if generator in _POOLED:
        return pool(_POOLED[generator], seed)
    if generator in _LISTS:
        out = np.empty(len(_LISTS[generator]), dtype=object)
        out[:] = _LISTS[generator]
        return out
    return None


def walk(values: np.ndarray, idx: np.ndarray, salt: int) -> np.ndarray:
    """Row i's value in a fixed shuffle of `values`: distinct for the first len(values) rows,
    then the same order again."""

    return np.asarray(values[affine(idx, len(values), salt)])


SYNOPSIS_MEDIA = {"film_synopsis": "film", "book_synopsis": "book", "game_synopsis": "game"}


@functools.lru_cache(maxsize=8)
def _synopsis_parts(medium: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every opening ("A Gripping Heist Film about a "), character and ending ("who must …
    in …") of the medium's synopses, so a batch makes each one from three picks."""
    w = vocab_works

    def listed(values: list[str]) -> np.ndarray:
        out = np.empty(len(values), dtype=object)
        out[:] = values
        return out

    heads = [
        f"{'An' if tone[0] in 'AEIOU' else 'A'} {tone} {genre} about "
        for tone in w.SYNOPSIS_TONES
        for genre in w.SYNOPSIS_GENRES[medium]
    ]
    people = [f"{'an' if p[0] in 'aeiou' else 'a'} {p}" for p in w.SYNOPSIS_PEOPLE]
    ends = [f" who must {g} in {s}" for g in w.SYNOPSIS_GOALS for s in w.SYNOPSIS_SETTINGS]
    return listed(heads), listed(people), listed(ends)


def synopses(generator: str, rng: np.random.Generator, n: int) -> np.ndarray:
    """One line per row: 'A Gripping Heist Film about a retired detective who must …'."""
    heads, people, ends = _synopsis_parts(SYNOPSIS_MEDIA[generator])
    out = heads[rng.integers(0, heads.size, n)] + people[rng.integers(0, people.size, n)]
    out += ends[rng.integers(0, ends.size, n)]
    return np.asarray(out)


def walk_unique(values: np.ndarray, idx: np.ndarray, salt: int) -> np.ndarray:
    """`walk`, numbered from the second lap on ("sale 2"), for a unique column."""
    picks = walk(values, idx, salt)
    lap = np.asarray(idx) // max(len(values), 1)
    return numbered(picks, lap) if (lap > 0).any() else picks
