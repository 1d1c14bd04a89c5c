"""The end of a thing's life, in a status's labels and in a time's name. A thing that lives in a
steady state (a hive `active`, an account `open`, a member `current`) ends for good in a few
ways: it dies (`dead`, `deceased`, a colony `lost`), leaves service (`retired`, `scrapped`,
`sold`, `decommissioned`), or its holding ends (`closed`, `lapsed`, `terminated`). Few of the
things a table holds have ended (a few in a hundred, not a third), each that has has the time
it ended set (`died_on`, `retired_at`, `closed_on`, `ended_at`), and nothing of it happens
after that time. The words only; the rules that read them are rules/status.py (the end time
on the labels that ended) and vocab/outcomes.shares (how few)."""

from __future__ import annotations

import re

# a label saying the thing died, and the words of the time it did
DEATH = frozenset({"dead", "died", "deceased", "death", "perished", "lost", "absconded",
                   "collapsed", "expired_death"})  # fmt: skip
DEATH_TIME = frozenset({"died", "death", "deceased", "dead", "perished", "dod"})
# a label saying the thing's life ended for good, however it did
ENDED = DEATH | frozenset(
    {"retired", "scrapped", "sold", "decommissioned", "disposed", "written_off", "destroyed",
     "demolished", "dismantled", "junked", "removed", "withdrawn", "closed", "lapsed",
     "terminated", "ended", "churned", "resigned", "left", "departed", "deregistered",
     "dissolved", "struck_off", "archived", "cancelled", "canceled", "transferred_out",
     "moved_away", "emigrated", "expired", "discontinued", "deactivated", "offboarded"}
)  # fmt: skip
# the words of a time a thing's life ended (beside DEATH_TIME)
END_TIME = (ENDED - {"lost"}) | {
    "end",
    "exit",
    "exited",
    "ceased",
    "disposal",
    "closure",
    "termination",
    "retirement",
    "decommissioning",
    "sale",
}
# words that make an ending label temporary or not one at all
_NOT_FOR_GOOD = frozenset({"not", "non", "un", "never", "no", "temporarily", "temporary",
                           "partially", "partly", "pending", "pre", "soon", "to",
                           "be"})  # fmt: skip
# the stamp words a time's name ends with
_STAMPS = frozenset({"at", "on", "date", "time", "ts", "day", "dt", "when"})


def _words(name: str) -> list[str]:
    split = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()
    return [w for w in re.split(r"[^a-z0-9]+", split) if w]


def _phrases(words: list[str]) -> set[str]:
    pairs = {"_".join(words[i : i + 2]) for i in range(len(words) - 1)}
    return set(words) | pairs | {"_".join(words)}


def ends_life(label: str) -> bool:
    """Whether a status's label says the thing's life ended for good (`dead`, `sold`,
    `closed`, `lapsed`, `permanently_closed`); never a negated or temporary one
    (`not_sold`, `temporarily_closed`, `pending_closure`)."""
    words = _words(label)
    if not words or set(words) & _NOT_FOR_GOOD:
        return False
    return bool(_phrases(words) & ENDED)


# endings a term reaches in its course (a rental agreement ended, a card expired): many rows
_COURSE = frozenset({"ended", "expired", "finished", "completed"})


def few_end(label: str) -> bool:
    """Whether a label ends a thing's life by a turn few of its things take (`dead`, `sold`,
    `closed`, `retired`), not by the course a term runs (`ended`, `expired`)."""
    return ends_life(label) and not set(_words(label)) & _COURSE


def died(label: str) -> bool:
    """Whether a status's label says the thing died (`dead`, `deceased`, a colony `lost`)."""
    words = _words(label)
    return bool(words) and not set(words) & _NOT_FOR_GOOD and bool(_phrases(words) & DEATH)


def end_time(name: str) -> str | None:
    """What ending a time's name says: "death" (`died_on`, `date_of_death`, `deceased_at`),
    "end" (`ended_at`, `closed_on`, `retired_at`, `end_date`), else None (a name planned
    ahead, `planned_end`, is none)."""
    words = [w for w in _words(name) if w not in _STAMPS and w != "of"]
    if not words or {"planned", "scheduled", "expected", "due", "estimated"} & set(words):
        return None
    if set(words) & DEATH_TIME:
        return "death"
    return "end" if _phrases(words) & END_TIME else None


def ending_labels(name: str, labels: list[str]) -> list[str]:
    """The labels whose rows have the time `name` set, where it is the end of a thing's life
    and the labels are a thing's states, some that it lives in, some that end it: its
    deaths for a time of death, every ending for a time it ended; [] otherwise."""
    said = end_time(name)
    ended = [lb for lb in labels if ends_life(lb)]
    if said is None or not ended or len(ended) == len(labels):
        return []
    return [lb for lb in ended if died(lb)] if said == "death" else ended
