"""What an hour of a person's work in a role is charged or paid (data/role_rates.tsv): a law
firm's partner or paralegal, a kitchen's head chef or porter, an airline's captain, by the
role's name or label, in US dollars. A new role is a line of the file."""

from __future__ import annotations

import functools

from workbench.generate.base.names import normalise
from workbench.generate.vocab.lists import DATA


@functools.cache
def _roles() -> dict[str, tuple[float, float, float]]:
    out: dict[str, tuple[float, float, float]] = {}
    for line in (DATA / "role_rates.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words, lo, typical, hi = line.split("\t")[:4]
        for word in words.split(","):
            out.setdefault(word.strip(), (float(lo), float(typical), float(hi)))
    return out


def role_rate(label: str) -> tuple[float, float, float] | None:
    """(lowest, typical, highest) US dollars an hour of the role a name or label names."""
    return _roles().get(normalise(label))
