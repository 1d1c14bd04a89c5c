"""Word lists kept as data files: `data/NAME.txt`, one value a line (blank lines and lines
starting with `#` left out), shipped with the package. A generator whose values are a list of
facts is its declaration and such a file (generators/text.py `listed`)."""

from __future__ import annotations

import functools
from pathlib import Path

DATA = Path(__file__).with_name("data")


@functools.cache
def words(name: str) -> tuple[str, ...]:
    """The values of data/NAME.txt, each once, in the file's order."""
    text = (DATA / f"{name}.txt").read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(dict.fromkeys(line for line in lines if line and not line.startswith("#")))
