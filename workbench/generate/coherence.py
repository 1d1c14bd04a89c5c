"""Rows that agree with themselves: rules inferred from a table's column names and generators,
applied to a whole batch at once (numpy masks and `np.char`, never a Python loop over rows).

- email, username and full name derived from the row's first and last names;
- city, region, postal code, country (and locale, time zone) from one place per row, for each
  group of address columns sharing a prefix (`billing_city`, `billing_country`…);
- a status and its timestamps: `shipped` ↔ `shipped_at` set after the creation time, a
  cancelled row has no `delivered_at`;
- a phone number's calling code and the row's country;
- a review's title and its rating (a 1-star review is not "Love it");
- a payment method and its instrument columns (card columns only for card payments…);
- start ≤ end pairs, and created ≤ every other event ≤ …, updated ≤ deleted.

Columns that are keys, unique or partition keys are never moved; the CHECKs run after these
rules (a CHECK always wins)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from workbench.generate import (
    blurbs,
    gendered,
    phones,
    place_parent,
    places,
    price_pairs,
    self_tree,
    timeline,
    trees,
)
from workbench.generate.pools import EMAIL_DOMAINS, ascii_slug
from workbench.generate.recognise import normalise

if TYPE_CHECKING:
    from workbench.generate.checks import Batch, Col
    from workbench.generate.rows import TableGenerator
    from workbench.generate.values import ColumnSpec

_PLACE_SYNONYMS = {
    "city": ("city", "town", "locality", "city_name"),
    "region": ("state", "province", "region", "county", "state_name"),
    "region_code": ("state_code", "province_code", "region_code", "state"),
    "country": ("country", "country_name"),
    "country_code": ("country_code", "country_iso", "country", "iso2", "country_iso2"),
    "country_code3": ("country_iso3", "iso3", "country_code3", "country"),
    "postal_code": ("postal_code", "post_code", "postcode", "zip", "zip_code", "zipcode", "postal"),
    "latitude": ("latitude", "lat"),
    "longitude": ("longitude", "lng", "lon", "long"),
    "timezone": ("timezone", "time_zone", "tz"),
    "locale": ("locale",),
}
_CORE_PLACE = {"city", "region", "region_code", "postal_code", "country", "country_code"}
PAYMENT_FAMILIES: dict[str, tuple[str, ...]] = {
    "card": ("card", "credit", "debit", "cc", "visa", "mastercard", "amex", "credit_card"),
    "bank": ("bank", "bank_transfer", "transfer", "wire", "sepa", "ach", "direct_debit", "iban"),
    "voucher": ("voucher", "gift_card", "giftcard", "coupon", "store_credit", "promo"),
    "paypal": ("paypal",),
}
_INSTRUMENT_WORDS: dict[str, tuple[str, ...]] = {
    "card": ("card", "cc", "pan", "last4", "expiry", "cvv", "cvc"),
    "bank": ("iban", "bic", "swift", "account_number", "routing_number", "sort_code", "bank"),
    "voucher": ("voucher", "coupon", "gift_card", "promo_code"),
    "paypal": ("paypal",),
}


@dataclass
class Rule:
    """One inferred rule, as `workbench classify` shows it."""

    kind: str
    columns: list[str]
    detail: str
    data: dict[str, Any] = field(default_factory=dict)


def _free(gen: TableGenerator, name: str) -> bool:
    """A column the rules may rewrite: generated here, not a key, unique or partition key, and
    not one sandbox.toml copies or derives (a declared rule wins over inference)."""
    spec = gen.specs.get(name)
    section = gen.config.tables.get(gen.tp.name)
    override = section.columns.get(name) if section is not None else None
    return (
        spec is not None
        and not (override is not None and (override.copy_from or override.derive))
        and name not in gen.fk_cols
        and not spec.unique
        and spec.partition is None
        and spec.generator not in ("null", "constant")
    )


def _by_generator(gen: TableGenerator, *names: str) -> list[str]:
    return [c for c, s in gen.specs.items() if s.generator in names and _free(gen, c)]


def plan_rules(gen: TableGenerator) -> list[Rule]:
    """The row rules that apply to this table, in the order they run."""
    rules: list[Rule] = trees.plan_tree_rules(gen)  # before the slug that spells a name
    rules += _name_rules(gen)
    rules += _slug_rules(gen)
    rules += _place_rules(gen)
    rules += _phone_rules(gen)
    rules += _review_rules(gen)
    rules += _payment_rules(gen)
    rules += _age_rules(gen)
    rules += gendered.plan_gender_rules(gen, {c for c in gen.specs if _free(gen, c)})
    rules += blurbs.plan_blurbs(gen, {c for c in gen.specs if _free(gen, c)})
    rules += price_pairs.plan_price_pairs(gen, {c for c in gen.specs if _free(gen, c)})
    rules += timeline.plan_time_rules(gen)
    rules += self_tree.plan(gen)  # after the parents' times: it only moves a time later
    return rules


def _age_rules(gen: TableGenerator) -> list[Rule]:
    """An age in years agrees with the row's date of birth (as of today)."""
    births = [c for c, s in gen.specs.items() if s.generator == "birth_date"]
    ages = [c for c, s in gen.specs.items() if s.generator == "age" and s.kind == "int"]
    if not births or not ages or not _free(gen, ages[0]):
        return []
    return [Rule("age", [ages[0], births[0]], f"{ages[0]} from {births[0]}")]


def _apply_age(rule: Rule, batch: Batch) -> None:
    age, birth = batch[rule.columns[0]], batch[rule.columns[1]]
    born = np.asarray(birth.values).astype("datetime64[D]")
    today = np.datetime64("today", "D")

    def parts(day: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        year, month = day.astype("datetime64[Y]"), day.astype("datetime64[M]")
        return (
            year.astype(np.int64),
            (month - year.astype("datetime64[M]")).astype(np.int64),
            (day - month.astype("datetime64[D]")).astype(np.int64),
        )

    by, bm, bd = parts(born)
    ty, tm, td = parts(np.full(born.shape, today))
    years = ty - by - ((tm < bm) | ((tm == bm) & (td < bd))).astype(np.int64)
    rows = ~birth.nulls & (years >= 0)
    age.values[rows] = years[rows]
    age.nulls[rows] = False


def _name_rules(gen: TableGenerator) -> list[Rule]:
    first = [c for c, s in gen.specs.items() if s.generator == "first_name"]
    last = [c for c, s in gen.specs.items() if s.generator == "last_name"]
    full = [c for c, s in gen.specs.items() if s.generator == "full_name"]
    if not ((first and last) or full):
        return []
    source = {"first": first[0], "last": last[0]} if first and last else {"full": full[0]}
    # a unique email or username stays unique: the row number ends it (see _apply_names)
    derived = [
        c
        for c, s in gen.specs.items()
        if s.generator in ("email", "username")
        and c not in gen.fk_cols
        and s.partition is None
        and not s.params.get("ordinal_ends")
    ]
    out = []
    for target in derived + ([c for c in full if _free(gen, c)] if first and last else []):
        cols = [*source.values(), target]
        out.append(Rule("names", cols, f"{target} from {' and '.join(source.values())}", source))
    return out


_NAME_SOURCES = (
    "product_name", "category_name", "company", "project_name", "team_name", "thing_name",
    "title", "department", "brand", "tag", "full_name",
)  # fmt: skip


def _slug_rules(gen: TableGenerator) -> list[Rule]:
    """A slug spells the row's name or title."""
    source = next((c for c, s in gen.specs.items() if s.generator in _NAME_SOURCES), None)
    targets = [c for c, s in gen.specs.items() if s.generator == "slug" and c not in gen.fk_cols]
    if source is None:
        return []
    return [Rule("slug", [source, t], f"{t} spells {source}", {"source": source}) for t in targets]


def _place_rules(gen: TableGenerator) -> list[Rule]:
    groups: dict[str, dict[str, str]] = {}
    for name, spec in gen.specs.items():
        if spec.generator not in _PLACE_SYNONYMS or not _free(gen, name):
            continue
        norm = normalise(name)
        prefix = norm
        for syn in sorted(_PLACE_SYNONYMS[spec.generator], key=len, reverse=True):
            if norm == syn or norm.endswith("_" + syn):
                prefix = norm[: len(norm) - len(syn)]
                break
        groups.setdefault(prefix, {}).setdefault(spec.generator, name)
    out = []
    parent = place_parent.plan_parent(gen) if groups else None
    for prefix, members in sorted(groups.items()):
        # a lone city or postal code still follows the parent's country
        if (len(members) >= 2 or parent is not None) and set(members) & _CORE_PLACE:
            cols = sorted(members.values())
            label = prefix.rstrip("_") or "address"
            data: dict[str, Any] = {"fields": members}
            detail = f"{label}: one place per row"
            if parent is not None:
                data["parent"] = parent
                detail += f", in the country of {parent['path'].table}.{parent['source']}"
            out.append(Rule("place", cols, detail, data))
    return out


def _phone_rules(gen: TableGenerator) -> list[Rule]:
    """Phone numbers in the calling code of the row's country (after the place rule)."""
    numbers = _by_generator(gen, "phone")
    countries = [
        c
        for c, s in gen.specs.items()
        if s.generator in ("country_code", "country", "country_code3")
    ]
    if not numbers or not countries:
        return []
    cols = [*numbers, countries[0]]
    return [Rule("phone", cols, f"{', '.join(numbers)} dial {countries[0]}")]


def _apply_phone(gen: TableGenerator, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    country = batch.get(rule.columns[-1])
    if country is None:
        return
    made = phones.phones_for(np.asarray(country.values), rng)
    for column in rule.columns[:-1]:
        col, limit = batch.get(column), gen.specs[column].max_len
        if col is None:
            continue
        fits = (made != "") & ~country.nulls
        if limit is not None:
            fits &= np.array([len(v) <= limit for v in made.tolist()])
        col.values[fits] = made[fits]


def _review_rules(gen: TableGenerator) -> list[Rule]:
    titles = _by_generator(gen, "review_title")
    ratings = [c for c, s in gen.specs.items() if s.generator == "rating"]
    if not titles or not ratings:
        return []
    return [Rule("review", [titles[0], ratings[0]], f"{titles[0]} agrees with {ratings[0]}")]


def _apply_review(gen: TableGenerator, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    from workbench.generate.vocab import REVIEW_TITLES_BY_MOOD

    title, rating = batch.get(rule.columns[0]), batch.get(rule.columns[1])
    if title is None or rating is None:
        return
    stars = np.asarray(rating.values).astype(float)
    top = np.nanmax(stars, initial=5.0)
    stars = stars * 5.0 / top if top > 5 else stars  # a 1-10 scale read as five stars
    moods = {"good": stars >= 4, "bad": stars <= 2, "mixed": (stars > 2) & (stars < 4)}
    for mood, rows in moods.items():
        rows &= ~rating.nulls
        limit = gen.specs[rule.columns[0]].max_len or 10**6
        words = np.array([w for w in REVIEW_TITLES_BY_MOOD[mood] if len(w) <= limit], object)
        if not words.size:
            continue
        title.values[rows] = words[rng.integers(0, words.size, int(rows.sum()))]


def _method_labels(spec: ColumnSpec) -> list[str]:
    if spec.generator == "choice":
        return [str(v) for v in spec.params.get("values") or []]
    if spec.generator == "payment_method":
        from workbench.generate.vocab import PAYMENT_METHODS

        return list(PAYMENT_METHODS)
    return list(spec.info.labels) if spec.info.kind == "enum" else []


def _family(label: str) -> str | None:
    norm = normalise(label)
    for family, words in PAYMENT_FAMILIES.items():
        if norm in words or any(norm.startswith(w + "_") for w in words):
            return family
    return None


def _payment_rules(gen: TableGenerator) -> list[Rule]:
    table = normalise(gen.table.name)
    for name, spec in gen.specs.items():
        norm = normalise(name)
        paying = "pay" in norm or any(w in table for w in ("pay", "transaction", "charge"))
        if not paying or norm.split("_")[-1] not in ("method", "type", "kind", "channel", "mode"):
            continue
        labels = _method_labels(spec)
        families = {label: _family(label) for label in labels}
        if not any(families.values()) or name in gen.fk_cols:
            continue
        instruments: dict[str, list[str]] = {}
        for other in gen.specs:
            words = normalise(other)
            for family, keys in _INSTRUMENT_WORDS.items():
                if other != name and any(words == k or words.startswith(k + "_") for k in keys):
                    if _free(gen, other) and gen.specs[other].nullable:
                        instruments.setdefault(family, []).append(other)
                    break
        if instruments:
            cols = [name, *sorted(c for cs in instruments.values() for c in cs)]
            data = {"method": name, "families": families, "instruments": instruments}
            return [Rule("payment", cols, f"{name} decides its instrument columns", data)]
    return []


# --- applying -----------------------------------------------------------------------------


def apply_rules(gen: TableGenerator, rules: list[Rule], batch: Batch, idx: np.ndarray) -> None:
    start = int(idx[0]) if idx.size else 0
    for rule in rules:
        rng = gen.rng(f"coherence:{rule.kind}:{','.join(rule.columns)}", start)
        if rule.kind == "names":
            _apply_names(gen, rule, batch, idx, rng)
        elif rule.kind == "tree":
            trees.apply_tree(gen, rule, batch, idx)
        elif rule.kind == "slug":
            _apply_slug(gen, rule, batch, idx)
        elif rule.kind == "place":
            _apply_place(gen, rule, batch, rng)
        elif rule.kind == "review":
            _apply_review(gen, rule, batch, rng)
        elif rule.kind == "phone":
            _apply_phone(gen, rule, batch, rng)
        elif rule.kind == "payment":
            _apply_payment(rule, batch)
        elif rule.kind == "age":
            _apply_age(rule, batch)
        elif rule.kind == "tree_time":
            self_tree.order_times(gen, rule, batch, idx)
        elif rule.kind == "blurb":
            blurbs.apply_blurb(gen, rule, batch, rng)
        elif rule.kind == "gender":
            gendered.apply_gender(rule, batch)
        elif rule.kind == "price_pair":
            price_pairs.apply_price_pair(rule, batch, rng)
        else:
            timeline.apply_time_rule(gen, rule, batch, rng)


def _text(col: Col) -> np.ndarray:
    return np.asarray(col.values).astype(str)


@functools.lru_cache(maxsize=65536)
def _slug_of(name: object) -> str:
    return ascii_slug(str(name), "")


@functools.lru_cache(maxsize=65536)
def _slug_dot_of(name: object) -> str:
    return _slug_of(name) + "."


@functools.lru_cache(maxsize=65536)
def _split_full(name: object) -> tuple[str, str]:
    first, _, last = str(name).partition(" ")
    return first, last


# ufuncs over object arrays: each distinct name is worked out once (the caches), every row
# is a C-level lookup and every concatenation a numpy `add`, never a Python loop over rows
_slugs = np.frompyfunc(_slug_of, 1, 1)
_slug_dots = np.frompyfunc(_slug_dot_of, 1, 1)
_halves = np.frompyfunc(_split_full, 1, 2)
_as_str = np.frompyfunc(str, 1, 1)
_lengths = np.frompyfunc(len, 1, 1)
_NUMBERS = np.array(["", *map(str, range(1, 100))], dtype=object)
_AT = np.array(["@" + d for d in EMAIL_DOMAINS], dtype=object)
_TAILS = np.array([n + a for n in _NUMBERS.tolist() for a in _AT.tolist()], dtype=object)


def _names_of(col: Col) -> np.ndarray:
    values = np.asarray(col.values)
    return values if values.dtype == object else _as_str(values)


def _apply_names(
    gen: TableGenerator, rule: Rule, batch: Batch, idx: np.ndarray, rng: np.random.Generator
) -> None:
    target = rule.columns[-1]
    if target not in batch:
        return
    if "full" in rule.data:
        first, last = _halves(_names_of(batch[rule.data["full"]]))
        missing = batch[rule.data["full"]].nulls
    else:
        first, last = (_names_of(batch[rule.data[k]]) for k in ("first", "last"))
        missing = batch[rule.data["first"]].nulls | batch[rule.data["last"]].nulls
    spec = gen.specs[target]
    col = batch[target]
    if spec.generator == "full_name":
        made = _as_str(first) + " " + _as_str(last)
    elif spec.generator == "email":
        made = _slug_dots(first) + _slugs(last) + _email_tails(spec.unique, idx, rng)
    else:
        number = _as_str(idx + 1) if spec.unique else _maybe_number(rng, idx.size)
        joiner = np.where(rng.random(idx.size) < 0.5, ".", "_").astype(object)
        made = _slugs(first) + joiner + _slugs(last) + number
    length = _lengths(made).astype(np.int64)
    fits = ~missing & (length >= max(spec.min_len or 1, 1))
    if spec.max_len is not None:
        fits &= length <= spec.max_len
    col.values[fits] = made[fits]


def _apply_slug(gen: TableGenerator, rule: Rule, batch: Batch, idx: np.ndarray) -> None:
    source, target = batch.get(rule.data["source"]), batch.get(rule.columns[1])
    if source is None or target is None:
        return
    made = np.char.lower(_text(source))
    made = np.char.replace(np.char.replace(made, "&", "and"), "'", "")
    for ch in (" ", ".", ",", "/", ":", "?", "!"):
        made = np.char.replace(made, ch, "-")
    while bool(np.char.find(made, "--").max(initial=-1) >= 0):
        made = np.char.replace(made, "--", "-")
    made = np.char.strip(made, "-")
    spec = gen.specs[rule.columns[1]]
    if spec.unique:
        made = np.char.add(np.char.add(made, "-"), (idx + 1).astype(str))
    fits = ~source.nulls & (np.char.str_len(made) >= 1)
    if spec.max_len is not None:
        fits &= np.char.str_len(made) <= spec.max_len
    target.values[fits] = made[fits]


def _number_codes(rng: np.random.Generator, n: int) -> np.ndarray:
    """0 (no number) or 1…99, each half the time."""
    numbers = rng.integers(1, 100, n)
    return np.where(rng.random(n) < 0.5, numbers, 0)


def _maybe_number(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.asarray(_NUMBERS[_number_codes(rng, n)])


def _email_tails(unique: bool, idx: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """`7@example.org`: the number (the row's own when unique) and the domain of each row,
    one pick from every (number, domain) pair when not unique."""
    domains = len(EMAIL_DOMAINS)
    if unique:
        return np.asarray(_as_str(idx + 1) + _AT[rng.integers(0, domains, idx.size)])
    codes = _number_codes(rng, idx.size) * domains
    return np.asarray(_TAILS[codes + rng.integers(0, domains, idx.size)])


def _apply_place(gen: TableGenerator, rule: Rule, batch: Batch, rng: np.random.Generator) -> None:
    members: dict[str, str] = rule.data["fields"]
    table = places.places(gen.seed)
    allowed = np.ones(table.size, bool)
    for field_name, column in members.items():
        limit = gen.specs[column].max_len
        if limit is not None and field_name not in ("latitude", "longitude"):
            lengths = np.char.str_len(table.fields[field_name].astype(str))
            allowed &= lengths <= limit
            if field_name == "postal_code":
                allowed &= np.char.str_len(table.postal.astype(str)).max(1) <= limit
    if not allowed.any():
        return
    weights = np.where(allowed, table.weights, 0.0)
    n = len(next(iter(batch.values())).values)
    which = rng.choice(table.size, n, p=weights / weights.sum())
    rows: np.ndarray | slice = slice(None)
    if "parent" in rule.data:
        # without a country column of its own, a place can only be its parent's country's
        own = bool(set(members) & {"country", "country_code", "country_code3"})
        abroad = place_parent.ABROAD if own else 0.0
        moved = place_parent.follow(gen, rule.data["parent"], batch, allowed, which, rng, abroad)
        if moved is not None and not own:
            rows = moved
    slot = rng.integers(0, table.postal.shape[1], n)
    for field_name, column in members.items():
        if column in batch:
            values = places.place_values(gen.seed, field_name, which, slot, rng)
            batch[column].values[rows] = values[rows]
    _pair_nulls(batch, members.get("latitude"), members.get("longitude"))


def _pair_nulls(batch: Batch, first: str | None, second: str | None) -> None:
    """Coordinates are known together or not at all: a latitude without its longitude reads
    as broken data (NULL in both where either drew NULL, none where one may not be NULL)."""
    a, b = batch.get(first or ""), batch.get(second or "")
    if a is None or b is None:
        return
    shared = a.nulls | b.nulls if a.nullable and b.nullable else np.zeros(a.nulls.size, bool)
    a.nulls[:] = shared
    b.nulls[:] = shared


def _apply_payment(rule: Rule, batch: Batch) -> None:
    method = batch.get(rule.data["method"])
    if method is None:
        return
    labels, codes = label_codes(method)
    fams = np.array([rule.data["families"].get(v) or "" for v in labels])
    row_family = fams[codes]
    for family, columns in rule.data["instruments"].items():
        for column in columns:
            col = batch.get(column)
            if col is not None:
                col.nulls[:] = row_family != family


def reconcile_payment(rule: Rule, batch: Batch) -> bool:
    """After the CHECKs: where they forced an instrument column on a row of another method,
    the method follows the instrument (a label of that family, if the column has one)."""
    method = batch.get(rule.data["method"])
    if method is None:
        return False
    labels, codes = label_codes(method)
    by_family = {f: lab for lab, f in rule.data["families"].items() if f}
    changed = False
    for family, columns in rule.data["instruments"].items():
        label = by_family.get(family)
        if label is None or label not in labels:
            continue
        fams = np.array([rule.data["families"].get(str(v)) or "" for v in labels])
        for column in columns:
            col = batch.get(column)
            if col is None:
                continue
            wrong = ~col.nulls & (fams[codes] != family) & ~method.nulls
            if wrong.any():
                method.values[wrong] = _typed_label(method, label)
                changed = True
    return changed


def factorize(values: np.ndarray) -> tuple[list[Any], np.ndarray]:
    """The distinct values (in order of first appearance) and each row's code: one hash pass,
    several times faster than numpy's sort of Python objects; the rules then work on codes."""
    seen: dict[Any, int] = {}
    codes = np.fromiter((seen.setdefault(v, len(seen)) for v in values.tolist()), np.int64)
    return list(seen), codes


def label_codes(col: Col) -> tuple[list[str], np.ndarray]:
    """The column's distinct values as text and each row's position among them."""
    uniq, codes = factorize(np.asarray(col.values))
    return [str(v) for v in uniq], codes


def _labels(col: Col) -> list[str]:
    return label_codes(col)[0]


def _label_index(col: Col) -> np.ndarray:
    return label_codes(col)[1]


def _typed_label(col: Col, label: str) -> Any:
    return label if col.values.dtype == object else np.asarray([label]).astype(col.values.dtype)[0]
