"""National identifiers in their country's format (vocab/identifiers.py): each row's value
matches its family's pattern for the row's country (base/regex_gen), distinct by row number
when the column is unique (the row number fills the pattern's widest repeat, so two
countries' values never meet either), with the check digits their country's validation
asks for (generators/id_checks.py)."""

from __future__ import annotations

import numpy as np

from workbench.errors import GenerationError
from workbench.generate.base.hashing import affine
from workbench.generate.base.regex_gen import generate_matching
from workbench.generate.generators.id_checks import finish
from workbench.generate.vocab.identifiers import check_of, pattern_of

_SPREAD = 10**7
_SALT = 2_654_435_761


def country_identifiers(
    family: str,
    countries: np.ndarray,
    rng: np.random.Generator,
    idx: np.ndarray,
    unique: bool,
    max_len: int | None,
) -> np.ndarray:
    """An identifier of the family for each row's country (alpha-2); "" where the country
    has no format on record, or its identifiers do not fit the column."""
    out = np.full(idx.size, "", dtype=object)
    # the row numbers spread over their space (neighbours do not look numbered), one to one
    spread = np.where(idx < _SPREAD, affine(idx, _SPREAD, _SALT), idx)
    codes = np.asarray(countries, dtype=object)
    for country in sorted({str(c) for c in codes.tolist()}):
        pattern = pattern_of(family, country)
        if pattern is None:
            continue
        rows = np.flatnonzero(codes == country)
        try:
            made = generate_matching(
                pattern, rows.size, rng, None, spread[rows] if unique else None,
                False, max_len,
            )  # fmt: skip
        except (ValueError, GenerationError):
            continue
        made = finish(check_of(family, country), made)
        if max_len is not None:  # a country's longer form (a 33-character Zaehlpunkt)
            made = np.where(np.char.str_len(made.astype(str)) <= max_len, made, "")
        out[rows] = made
    return out
