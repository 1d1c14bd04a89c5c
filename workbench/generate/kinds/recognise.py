"""Column recognition: which generator a column's name asks for.

Each generator declares the names (synonyms, abbreviations) that ask for it and the column
kinds it applies to (generators/). A column name is normalised (camelCase to snake_case,
punctuation to `_`) and matched by its longest suffix of whole words, so that
`billing_postal_code`, `shippingPostalCode` and `postcode` all reach `postal_code` without a
rule for each prefix; the name patterns generators declare (`*_url`, `*_uuid`, `num_*`,
`*_pct`…) cover the names no list could hold. The table a column is in settles what a bare
`name`, `title` or `size` means (the tables below). The column's type and length then refine
the choice (see `semantics`)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from workbench.generate.base.names import THING_SYNONYMS, normalise, singular_forms
from workbench.generate.generators import registry, schemes
from workbench.generate.generators.base import INT, NUMBER, TEXT, WHEN
from workbench.generate.vocab.catalogues import catalogue
from workbench.generate.vocab.labels import machine_address
from workbench.generate.vocab.lexicon import TIME_SUFFIXES, record_time


@dataclass(frozen=True)
class Pattern:
    family: str
    generator: str
    kinds: frozenset[str]
    synonym: str


# Every whole-word synonym the generators declare (generators/), in the registry's order.
PATTERNS = [
    Pattern(g.family, g.name, g.recognised_kinds, synonym) for g, synonym in registry.synonyms()
]
_INDEX: dict[str, list[Pattern]] = {}
for _p in PATTERNS:
    _INDEX.setdefault(_p.synonym, []).append(_p)

# A time column's name is what happened and the words that only say it is a time, before or
# after it (`born_on`, `date_born`, `birthdate_dt`, `dob_date`, `date_of_birth`): a time
# generator's synonyms are known by that core too, so any spelling of the time around it
# reaches the generator (`birth_date` → birth). Not a record time's: its spellings are the
# lists', and a core such as `registered` or `removed` names a real event as often (a vehicle
# registered years before the row was written).
_TIME_WORDS = TIME_SUFFIXES | {"of"}


def time_core(norm: str) -> str:
    """A normalised name without the words around it that only say it is a time
    (`date_of_birth` → birth, `dob_date` → dob, `born_at` → born)."""
    words = norm.split("_")
    while words and words[0] in _TIME_WORDS:
        words = words[1:]
    while words and words[-1] in _TIME_WORDS:
        words = words[:-1]
    return "_".join(words)


_CORES: dict[str, list[Pattern]] = {}
for _p in PATTERNS:
    if _p.kinds & WHEN and time_core(_p.synonym) and not record_time(_p.synonym, _p.generator):
        _CORES.setdefault(time_core(_p.synonym), []).append(_p)

# Patterns for names no list can hold: (regex on the normalised name, generator, kinds).
AFFIX_RULES: list[tuple[str, str, frozenset[str]]] = [
    (p.regex, g.name, g.recognised_kinds) for g, p in registry.name_patterns()
]

# Tables whose rows are people: their `name` is a person's, their `title` a job title (a
# courtesy title has its own names: honorific), their `extension` a phone extension.
_PEOPLE = (
    r"(user|customer|person|people|employee|staff|member|author|actor|artist|contact"
    r"|client|student|patient|account|owner|driver|player|speaker|instructor|teacher)"
)
# Tables of vehicles, where a bare `registration` is the number plate.
_VEHICLES = r"(vehicle|fleet|truck|lorr|motor|taxi|(^|_)(cars?|vans?|bikes?|autos?)($|_))"
_REGISTRATIONS = {"registration", "registration_number", "reg_number", "reg_no", "rego"}
# Tables of aircraft, where a bare `registration` is the aircraft's mark (D-AIBL, N123AB).
_AIRCRAFT = r"(aircraft|airframe|aeroplane|airplane|plane|helicopter|glider|(^|_)jets?($|_))"
# What `name`, `title` and `label` hold, by the table they are in (first match wins).
_THING_BY_TABLE: list[tuple[str, str]] = [
    (_PEOPLE, "full_name"),
    (r"(product|item|sku|goods|merchandise|offering)", "product_name"),
    (r"(categor|genre|collection|section)", "category_name"),
    (r"(compan|organi[sz]ation|org|vendor|supplier|manufacturer|business|employer)", "company"),
    (r"(project|initiative|program)", "project_name"),
    (r"(team|squad|group|guild)", "team_name"),
    (r"(department|dept|division)", "department"),
    (r"(region|territor)", "region"),
    (r"(folder|(^|_)director(y|ies)($|_))", "folder_name"),
    (r"(brand)", "brand"),
    (r"(tag|label|keyword)", "tag"),
    (r"(city|cities|town)", "city"),
    (r"(countr)", "country"),
    (r"(language)", "language_name"),
    (r"(file|attachment|document|upload|asset|media)", "file_name"),
    (r"(film|movie|cinema)", "film_title"),
    (r"(book|novel)", "book_title"),
    (r"album", "album_title"),
    (r"(song|(^|_)tracks?($|_))", "song_title"),
    (r"(^|_)(video_)?games?($|_)", "game_title"),
    (r"episode", "episode_title"),
    (r"(post|article|blog|page|story|news|course|lesson)", "title"),
    (r"(^|_)(subject|discipline)s?$", "subject_name"),  # what a school or faculty teaches
]
# What a bare `code` (or `iso_code`…) holds, by the table it is in: a reference table of
# countries, currencies or languages is keyed by their ISO codes.
_CODES = frozenset({"code", "iso_code", "iso", "short_code", "code2", "alpha_code"})
_CODE_BY_TABLE: list[tuple[str, str]] = [
    (r"countr", "country_code"),
    (r"currenc", "currency"),
    (r"language", "language_code"),
]
# What free text holds in tables of a kind: generator -> its replacement there.
_TEXT_BY_TABLE: list[tuple[str, dict[str, str]]] = [
    (
        r"(review|feedback|testimonial)",
        {"title": "review_title", "description": "review_body", "body": "review_body"},
    ),
    (r"(order|booking|reservation|delivery|shipment)", {"description": "order_note"}),
    (r"(film|movie|cinema|episode)", {"description": "film_synopsis"}),
    (r"(book|novel)", {"description": "book_synopsis"}),
    (r"(^|_)(video_)?games?($|_)", {"description": "game_synopsis"}),
]
# `X_name` means what `X` does for these (a `slug_name` is a slug; a `token_name` is no token)
_NAMED_KINDS = {
    "slug", "colour", "city", "country", "region", "company", "brand", "category_name", "tag",
    "status", "department", "team_name", "project_name", "industry", "publisher", "carrier",
    "job_title", "language_name",
}  # fmt: skip
# A `carrier` of a phone or an IP address is a network operator, not a shipping company
_NETWORK_TABLES = r"(phone|mobile|(^|_)sims?($|_)|(^|_)ips?($|_)|geo|network|telecom|device)"
# Numbers whose meaning depends on the table: (table regex, column names, generator, kinds).
_NUMBERS_BY_TABLE: list[tuple[str, frozenset[str], str, frozenset[str]]] = [
    (
        r"(file|attachment|upload|document|blob|asset|media|image|photo|object|artifact|backup)",
        frozenset({"size", "length"}),
        "file_size",
        INT,
    ),
    # a bare `size` elsewhere is a garment's or a shoe's (`repository_size` is not: no match)
    (r".", frozenset({"size"}), "size_number", INT),
    (r".", frozenset({"size"}), "size_label", TEXT),
    (
        r"(film|movie|cinema|feature)",
        frozenset({"length", "duration", "runtime", "running_time", "length_minutes"}),
        "film_minutes",
        NUMBER,
    ),
    (
        r"(episode|show|series|podcast)",
        frozenset({"length", "duration", "runtime", "running_time", "length_minutes"}),
        "episode_minutes",
        NUMBER,
    ),
    (
        r"(song|(^|_)tracks?($|_)|recording|audio)",
        frozenset({"milliseconds", "duration_ms", "length_ms", "runtime_ms", "ms", "length"}),
        "track_ms",
        INT,
    ),
    (
        r"(song|(^|_)tracks?($|_)|recording|audio)",
        frozenset({"duration", "runtime", "seconds", "duration_seconds", "length_s"}),
        "track_seconds",
        NUMBER,
    ),
]
# Words run together (`dateofbirth`) are split into the words the table knows: every word of
# its synonyms and the small words that join them into names.
_JOINERS = {
    "id", "ids", "of", "in", "at", "on", "by", "is", "has", "per", "current", "original",
    "reduced", "previous", "new", "old", "primary", "default", "next", "min", "max", "type",
    "count", "key", "customer", "product", "user", "order", "item", "date", "time", "rate",
    "ship", "start", "end", "due", "hire", "shipped", "birth",
}  # fmt: skip
_NOT_LEADING = {"at", "of", "per"}  # `atname` is a handle, not a time
_LOWER_BOUNDS = frozenset({"min", "minimum", "least", "lowest"})  # words of a lower bound
_NOT_SPLIT_INTO = {"age"}  # `package`, `postage`, `massage` are no ages
_VOCABULARY = (
    frozenset(
        {word for p in PATTERNS for word in p.synonym.split("_") if len(word) > 1}
        | THING_SYNONYMS
        | _JOINERS
    )
    - _NOT_SPLIT_INTO
)
_KNOWN = frozenset(_VOCABULARY | set(_INDEX))


@functools.lru_cache(maxsize=65536)
def split_words(norm: str) -> str:
    """A snake_case name with each run-together word split into known words, fewest first
    (`dateofbirth` → `date_of_birth`); a word the table knows, or one no split of known words
    covers, stays whole."""
    return "_".join(_split_word(word) for word in norm.split("_"))


def _split_word(word: str) -> str:
    if word in _KNOWN or not word.isalpha() or len(word) < 4:
        return word
    # best[i]: the fewest known words spelling word[:i], as their end positions
    best: list[list[int] | None] = [[]] + [None] * len(word)
    for end in range(2, len(word) + 1):
        for start in range(max(0, end - 24), end - 1):
            head, known = best[start], best[end]
            if (
                head is not None
                and word[start:end] in _VOCABULARY
                and (known is None or len(head) + 1 < len(known))
            ):
                best[end] = [*head, end]
    cuts = best[len(word)]
    if cuts is None or len(cuts) < 2 or word[: cuts[0]] in _NOT_LEADING:
        return word
    return "_".join(word[a:b] for a, b in zip([0, *cuts[:-1]], cuts, strict=True))


@dataclass(frozen=True)
class Match:
    generator: str
    rule: str  # the synonym or affix pattern that matched, for `workbench classify`
    family: str


def _catalogued(table: str) -> list[Match]:
    """A bare code of a table named as the thing a catalogued generator draws (a
    `blood_groups` table's `code`: the blood group's, vocab/catalogues.py)."""
    words = table.split("_")
    nouns = {"_".join([*words[:-1], last]) for last in singular_forms(words[-1])}
    return [
        Match(p.generator, p.synonym, "codes")
        for noun in sorted(nouns)
        for p in _INDEX.get(noun, ())
        if catalogue(p.generator) is not None
    ]


def candidates(column: str, table: str, kind: str) -> list[Match]:
    """Every generator the name suggests for a column of `kind`, best first: whole-word
    suffixes longest first, then affix rules."""
    norm = split_words(normalise(column))
    words = norm.split("_")
    out: list[Match] = _by_table(norm, normalise(table), kind)
    if norm in _CODES and kind == "text":
        subject = normalise(table).split("_")[-1]
        out += [Match(g, norm, "codes") for regex, g in _CODE_BY_TABLE if re.search(regex, subject)]
        # a table of official codes (waste codes, tariff codes): its scheme's (generators/schemes)
        named = normalise(table)
        out += [Match(g, norm, "schemes") for rx, g in schemes.by_table() if re.search(rx, named)]
        out += _catalogued(named)
    if norm == "id" and kind == "text":
        out.append(Match("text_key", "id", "identity"))  # a text key: cuid-like, not words
    for start in range(len(words)):
        suffix = "_".join(words[start:])
        if start > 0 and words[start - 1] == "per":
            break  # `capacity_per_hour` is a count per hour, not an hour: the unit of a rate
        if start > 0 and suffix in THING_SYNONYMS:
            break  # `product_name` is a name of a product, not a person: the table says
        if suffix in THING_SYNONYMS and kind == "text":
            out.append(Match(_thing(table, norm), suffix, "names"))
        for pattern in _INDEX.get(suffix, ()):
            if kind in pattern.kinds:
                out.append(Match(pattern.generator, pattern.synonym, pattern.family))
    if len(words) > 1 and words[-1] in THING_SYNONYMS and kind == "text":
        # `slug_name`, `color_name`: the name is of the kind the prefix already names
        prefix = "_".join(words[:-1])
        out.extend(
            Match(p.generator, p.synonym, p.family)
            for p in _INDEX.get(prefix, ())
            if kind in p.kinds and p.generator in _NAMED_KINDS
        )
        out.append(Match(_thing(" ".join(words[:-1]), norm), norm, "names"))
    if kind in WHEN:
        out.extend(
            Match(p.generator, p.synonym, p.family)
            for p in _CORES.get(time_core(norm), ())
            if kind in p.kinds and all(m.generator != p.generator for m in out)
        )
    # a rate's unit (`capacity_per_hour`'s hour) is no affix of the quantity it measures; a
    # rule naming the rate itself (`times_per_day`) still is
    head = len("_".join(words[: words.index("per")])) if "per" in words[1:] else len(norm)
    for regex, generator, kinds in AFFIX_RULES:
        found = re.search(regex, norm) if kind in kinds else None
        if found is not None and found.start() < head:
            out.append(Match(generator, regex, "affix"))
    subject = normalise(table)
    for regex, replace in _TEXT_BY_TABLE:
        if re.search(regex, subject):
            out = [Match(replace.get(m.generator, m.generator), m.rule, m.family) for m in out]
    if re.search(_NETWORK_TABLES, subject):
        out = [Match("company", m.rule, m.family) if m.generator == "carrier" else m for m in out]
    if re.search(_PEOPLE, subject):
        out = [_of_people(m, norm) for m in out]
    if norm in _REGISTRATIONS and re.search(_VEHICLES, subject) and kind == "text":
        out.insert(0, Match("licence_plate", norm, "vehicles"))
    elif norm in _REGISTRATIONS and re.search(_AIRCRAFT, subject) and kind == "text":
        out.insert(0, Match("aircraft_registration", norm, "vehicles"))
    if machine_address(norm) and kind in ("text", "inet"):
        out.insert(0, Match("ip", norm, "network"))  # `remote_address`: a machine's, no street
    if len(words) > 1 and words[0] in _LOWER_BOUNDS and words[-1] == "age" and kind in INT:
        # `min_driver_age`, `minimum_renter_age`, `lowest_age`: the least age of whoever the
        # middle names, a threshold, not a person's age (the longest suffix, `age`, says a
        # person's)
        out.insert(0, Match("age_limit", norm, "demographics"))
    return out


def _by_table(norm: str, table: str, kind: str) -> list[Match]:
    """A number whose meaning the table settles: a film's length in minutes, a track's in
    seconds or milliseconds, a file's size in bytes."""
    return [
        Match(generator, norm, "quantities")
        for regex, names, generator, kinds in _NUMBERS_BY_TABLE
        if norm in names and kind in kinds and re.search(regex, table)
    ]


def _of_people(match: Match, norm: str) -> Match:
    """A column of a table of people: a bare `title` is a job title (not the person's name),
    an `extension` a phone extension (not a file's)."""
    if norm == "title" and match.generator == "full_name":
        return Match("job_title", match.rule, "content")
    if match.generator == "file_extension" and match.rule in ("extension", "ext"):
        return Match("phone_extension", match.rule, "identity")
    if match.generator == "weight" and match.rule in ("weight", "weight_kg", "mass"):
        return Match("body_weight", match.rule, "demographics")  # a person's, not a parcel's
    if match.generator == "news_headline":
        return Match("profile_headline", match.rule, "content")
    return match


def _thing(table: str, column: str) -> str:
    subject = normalise(table)
    if column.endswith("title") and re.search(_TEXT_BY_TABLE[0][0], subject):
        return "title"  # a product review's title is the review's (review_title), not a product's
    # the table's last word is the thing (product_categories hold categories), else any word
    for words in (subject.split("_")[-1], subject):
        for regex, generator in _THING_BY_TABLE:
            if re.search(regex, words):
                return generator
    return "title" if column.endswith("title") else "thing_name"


# Events that end a row's life: most rows have not had them (an open account, a current
# employee), so a nullable time named after one is mostly NULL.
ENDINGS = frozenset(
    {
        "closed", "cancelled", "canceled", "terminated", "banned", "suspended", "revoked",
        "churned", "resigned", "departed", "blocked", "disabled", "deactivated", "archived",
        "removed", "retired", "discontinued", "withdrawn", "refunded", "voided", "deleted",
        "termination", "closure", "cancellation", *("deceased", "death", "died", "dead"),
        # the end of a time in service or employed (decommissioned_on, left_on)
        "decommissioned", "uninstalled", "delisted", "deregistered", "left", "dismissed",
        "offboarded",
    }
)  # fmt: skip
# Endings few rows ever reach: a death (its time is NULL on all but a few rows).
RARE_ENDINGS = frozenset({"deceased", "death", "died", "dead"})


def end_null_share(generator: str, name: str, kind: str) -> float | None:
    """The share of NULLs of a nullable time named after an ending (None: not one)."""
    if not rare_end(generator, name, kind):
        return None
    return 0.98 if set(normalise(name).split("_")) & RARE_ENDINGS else 0.9


def rare_end(generator: str, name: str, kind: str) -> bool:
    """A time named after an event that ends a row's life (closed_at, cancelled_on)."""
    if generator == "deleted_at":
        return True
    words = set(normalise(name).split("_"))
    return kind in ("timestamp", "timestamptz", "date") and bool(words & ENDINGS)
