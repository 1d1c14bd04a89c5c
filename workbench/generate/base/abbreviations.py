"""Shortened words of names read as the words they shorten: `inv_line.line_amt` reads as
`invoice_line.line_amount`, `tel_no` as `telephone_number`, `hrs_run` as `hours_run`.

Teams abbreviate table and column names; every reading of a name keys on whole words, so the
words are written out once, where names become words (names.normalise), from the list in
vocab/data/abbreviations.tsv. A word with more than one meaning is written out only where its
place in the name settles which (`no` as a name's last word is a number, `pd` before a time
is paid, `nm` after a length is no name); the file's header states the conditions."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# the project's data files (vocab/data): read as a file, not imported
DATA = Path(__file__).resolve().parent.parent / "vocab" / "data" / "abbreviations.tsv"


@dataclass(frozen=True)
class Abbreviation:
    """A shortened word, what it stands for, and where in a name it stands for that."""

    word: str
    full: str
    last: bool = False
    before: frozenset[str] = frozenset()
    after: frozenset[str] = frozenset()
    not_before: frozenset[str] = frozenset()
    not_after: frozenset[str] = frozenset()

    def applies(self, previous: str | None, following: str | None) -> bool:
        """Whether the word stands for its full form between these neighbours (None: the
        name's edge)."""
        if self.last and (following is not None or previous is None):
            return False
        if self.before and following not in self.before:
            return False
        if self.after and previous not in self.after:
            return False
        return following not in self.not_before and previous not in self.not_after


def _words(spec: str) -> frozenset[str]:
    return frozenset(w for w in spec.split("|") if w)


def parse(text: str) -> dict[str, Abbreviation]:
    """The file's lines (`word<TAB>full[<TAB>conditions]`), by shortened word."""
    out: dict[str, Abbreviation] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, full, *rest = line.split("\t")
        conditions: dict[str, frozenset[str]] = {}
        last = False
        for cond in (c.strip() for c in (rest[0] if rest else "").split(",")):
            if cond == "last":
                last = True
            elif "=" in cond:
                key, _, value = cond.partition("=")
                if key not in ("before", "after", "not-before", "not-after"):
                    raise ValueError(f"abbreviations: unknown condition {cond!r} of {word!r}")
                conditions[key.replace("-", "_")] = _words(value)
            elif cond:
                raise ValueError(f"abbreviations: unknown condition {cond!r} of {word!r}")
        if word in out:
            raise ValueError(f"abbreviations: {word!r} listed twice")
        out[word] = Abbreviation(word, full, last, **conditions)
    return out


ABBREVIATIONS = parse(DATA.read_text(encoding="utf-8"))


def expand(words: list[str]) -> list[str]:
    """The words of a snake_case name, each shortened one written out where its place allows
    (its neighbours are read as written)."""
    out: list[str] = []
    for i, word in enumerate(words):
        abbreviation = ABBREVIATIONS.get(word)
        previous = words[i - 1] if i > 0 else None
        following = words[i + 1] if i + 1 < len(words) else None
        if abbreviation is not None and abbreviation.applies(previous, following):
            out.append(abbreviation.full)
        else:
            out.append(word)
    return out
