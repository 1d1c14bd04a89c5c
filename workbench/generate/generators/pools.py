"""Value pools built once per seed with Faker; generation only picks indices into them.

Faker costs about 100 µs a value, so it never runs per row: each pool holds a few hundred to a
few thousand values, built lazily the first time a column asks for it and cached per seed.
Everything contact-like is fictional by construction (reserved domains, fictional phone
ranges, documentation IP ranges, card test numbers)."""

from __future__ import annotations

import contextlib
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

import numpy as np

from workbench.files.state import atomic_write_json, read_json
from workbench.generate.vocab import countries, exceptions, flows, lexicon, life_end
from workbench.generate.vocab.works import WORLD_CITIES

EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.test", "corp.test"]
# Card numbers published by payment processors for tests; they never charge anything.
TEST_CARDS = [
    "4111111111111111",
    "4242424242424242",
    "4000056655665556",
    "5555555555554444",
    "5105105105105100",
    "378282246310005",
    "371449635398431",
    "6011111111111117",
    "3566002020360505",
]
STATUSES = ["active", "inactive", "pending", "suspended", "archived"]
LOCALES = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "ja_JP", "pt_BR", "nl_NL", "sv_SE"]
TIMEZONES = [
    "UTC",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "Europe/London",
    "Europe/Berlin",
    "Europe/Paris",
    "Asia/Tokyo",
    "Asia/Singapore",
    "Australia/Sydney",
]
COLOURS = ["red", "green", "blue", "black", "white", "yellow", "orange", "purple", "grey", "pink"]
USER_AGENTS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/124.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.4 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
    "Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "curl/8.5.0",
]

_POOL_SIZE = 1000
# Bump when a pool's recipe changes, so cached pools of the old recipe are not reused.
_POOLS_VERSION = 3


def ascii_slug(text: str, sep: str = "-") -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", sep, text.lower()).strip(sep)


def _fictional_phones() -> list[str]:
    # North American 555-0100..0199 (after an area code) and Ofcom's drama ranges: the only
    # numbers that can never ring anybody.
    phones = [f"+1 {a} 555 01{i:02d}" for a in ("212", "415") for i in range(100)]
    phones += [f"+44 20 7946 0{i:03d}" for i in range(1000)]
    phones += [f"+44 161 496 0{i:03d}" for i in range(1000)]
    phones += [f"+44 7700 900{i:03d}" for i in range(1000)]
    return phones


def _doc_ipv4() -> list[str]:
    return [f"{net}.{i}" for net in ("192.0.2", "198.51.100", "203.0.113") for i in range(1, 255)]


@functools.lru_cache(maxsize=16)
def _faker(seed: int) -> Any:
    from faker import Faker

    fake = Faker("en_US")
    fake.seed_instance(seed)
    return fake


# Where built pools are kept between processes (.workbench/cache, through use_cache_dir()):
# Faker takes about a second to build them, which dominates a small generate or a full reset.
CACHE_DIR: Path | None = None


def use_cache_dir(folder: Path | None) -> None:
    """Keep built pools in `folder` (None: in memory only). The pools are the same wherever
    they are kept; only the time to build them differs."""
    global CACHE_DIR
    CACHE_DIR = folder


@functools.lru_cache(maxsize=256)
def pool(kind: str, seed: int) -> np.ndarray:
    """The pool of `kind` values for `seed`, an object array of str (or float for numbers)."""
    cached = _cache_path(kind, seed)
    values = read_json(cached) if cached is not None else None
    if not isinstance(values, list):
        values = _build(kind, seed)
        if cached is not None:
            with contextlib.suppress(OSError):
                atomic_write_json(cached, list(values), redacted=False)
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def _cache_path(kind: str, seed: int) -> Path | None:
    if CACHE_DIR is None:
        return None
    from faker import VERSION

    return CACHE_DIR / f"pool-{kind}-{seed}-faker{VERSION}-v{_POOLS_VERSION}.json"


def _build(kind: str, seed: int) -> list[Any]:
    fake = _faker(seed)
    fake.seed_instance(seed * 7919 + sum(map(ord, kind)))  # each pool independent of order
    n = _POOL_SIZE
    if kind == "first_name":
        from faker.providers.person.en_US import Provider

        values = sorted(set(Provider.first_names))
    elif kind == "last_name":
        from faker.providers.person.en_US import Provider

        values = sorted(set(Provider.last_names))
    elif kind == "full_name":
        first, last = pool("first_name", seed), pool("last_name", seed)
        rng = np.random.default_rng(seed)
        values = [
            f"{first[i]} {last[j]}"
            for i, j in zip(
                rng.integers(0, len(first), n), rng.integers(0, len(last), n), strict=False
            )
        ]
    elif kind == "username":
        first, last = pool("first_name", seed), pool("last_name", seed)
        rng = np.random.default_rng(seed + 1)
        values = [
            ascii_slug(f"{first[i]}{'_' if k else '.'}{last[j]}", "")[:20]
            for i, j, k in zip(
                rng.integers(0, len(first), n),
                rng.integers(0, len(last), n),
                rng.integers(0, 2, n),
                strict=False,
            )
        ]
    elif kind == "email_local":
        first, last = pool("first_name", seed), pool("last_name", seed)
        rng = np.random.default_rng(seed + 2)
        values = [
            f"{ascii_slug(first[i], '')}.{ascii_slug(last[j], '')}"
            for i, j in zip(
                rng.integers(0, len(first), n), rng.integers(0, len(last), n), strict=False
            )
        ]
    elif kind == "email":
        local = pool("email_local", seed)
        values = [f"{local[i]}@{EMAIL_DOMAINS[i % len(EMAIL_DOMAINS)]}" for i in range(len(local))]
    elif kind == "phone":
        values = _fictional_phones()
    elif kind == "ipv4":
        values = _doc_ipv4()
    elif kind == "ipv6":
        values = [f"2001:db8:{i // 256:x}::{i % 256 + 1:x}" for i in range(n)]
    elif kind == "street_address":
        # number and street only: the flat or suite is line 2's (no "Apt. 264" twice)
        values = [f"{fake.building_number()} {fake.street_name()}" for _ in range(n)]
    elif kind == "address_line2":
        values = [fake.secondary_address() for _ in range(200)]
    elif kind == "city":
        values = _cities()
    elif kind == "region":
        from faker.providers.address.en_US import Provider as Address

        values = sorted(Address.states)
    elif kind == "region_code":
        from faker.providers.address.en_US import Provider as Address

        values = sorted(Address.states_abbr)
    elif kind == "currency":
        # a currency drawn for no country in particular is one of the common ones; a table
        # of currencies walks them all (text.distinct_pool)
        values = list(countries.LEADING_CURRENCIES)
    elif countries.vocabulary(kind) is not None:
        # country facts (vocab/countries.py): the common markets first, then the rest of the
        # world; pools are picked with Zipf-like skew, so their order is their popularity
        values = list(countries.vocabulary(kind) or ())
    elif kind == "postal_code":
        values = [fake.postcode() for _ in range(n)]
    elif kind == "company":
        values = sorted({fake.company() for _ in range(n)})
    elif kind == "job_title":
        values = sorted({fake.job() for _ in range(n)})
    elif kind == "word":
        values = sorted({fake.word() for _ in range(3000)})
    elif kind == "title":
        # Short and title-cased: names of products, categories, articles.
        values = [fake.sentence(nb_words=3).rstrip(".").title() for _ in range(n)]
    elif kind == "sentence":
        values = [fake.sentence(nb_words=8) for _ in range(n)]
    elif kind == "paragraph":
        values = [fake.paragraph(nb_sentences=3) for _ in range(300)]
    elif kind == "url_path":
        values = [ascii_slug(fake.sentence(nb_words=3)) for _ in range(n)]
    elif kind == "locale":
        values = LOCALES
    elif kind == "timezone":
        values = TIMEZONES
    elif kind == "colour":
        values = COLOURS
    elif kind == "user_agent":
        values = USER_AGENTS
    elif kind == "status":
        values = STATUSES
    elif kind == "card_number":
        values = TEST_CARDS
    else:
        raise KeyError(kind)
    return list(values)


def _cities() -> list[str]:
    """Real places (they identify no one): the world's best-known cities first (pools are
    picked with a Zipf-like skew), then Faker's town lists of a few countries, interleaved."""
    import importlib
    import itertools

    towns = []
    for locale in ("de_DE", "en_IN", "fi_FI", "pl_PL", "sv_SE"):
        module = importlib.import_module(f"faker.providers.address.{locale}")
        names = module.Provider.cities
        towns.append(
            [t for t in names if re.fullmatch(r"[^\W\d_][\w'. -]*", t) and t.count(" ") < 3]
        )
    mixed = [t for row in itertools.zip_longest(*towns) for t in row if t is not None]
    return list(dict.fromkeys([*WORLD_CITIES, *mixed]))


def zipf_weights(n: int, dominant: float = 0.7) -> np.ndarray:
    """Weights for a categorical column: the first value dominant, then a Zipf-like tail."""
    if n <= 1:
        return np.ones(max(n, 1))
    tail = 1.0 / np.arange(1, n) ** 1.2
    tail = tail / tail.sum() * (1 - dominant)
    return np.concatenate([[dominant], tail])


RARE = 0.02  # of all rows, each label naming the exceptional kind (lexicon.EXCEPTIONAL)


def kind_weights(
    labels: list[str], default: str | None = None, taken: float = 0.0, state: bool = False
) -> np.ndarray:
    """Weights of a choice's labels that read as no lifecycle. A label naming the exceptional
    kind (an apprentice's or an intern's contract beside permanent ones, an honorary
    membership: lexicon.exceptional) holds RARE of the rows wherever it is declared, the others
    a Zipf-like skew in their declared order (the two sides of a flow first and even, a
    catch-all last: `_main_first`). Of a `state` (a status column), a label that
    reads as an exception befalling the thing (`faulty`, `damaged`, `theft`) or as its leaving
    service (`replaced`, `retired`) is rare as well (vocab/exceptions.py), so long as a label
    of a state it lives in is left. `default`, a label a DEFAULT already puts on `taken` of
    the rows (kinds/defaults.py), is not drawn again: the rows it leaves hold the other
    labels, so it holds its share and not more; where every other label is rare, it keeps
    the rows they leave."""
    n = len(labels)
    if n <= 1:
        return np.ones(max(n, 1))
    share = np.array([_rare_share(label, state) for label in labels])
    if state and not (share == 0).any():
        share = np.array([_rare_share(label, False) for label in labels])
    rare = share > 0
    drawn = np.array([label != default for label in labels])
    ordinary = np.flatnonzero(drawn & ~rare)
    exceptional = np.flatnonzero(drawn & rare)
    if not drawn.any():
        return zipf_weights(n)
    out = np.zeros(n)
    if ordinary.size == 0 and not (state and default in labels):
        out[exceptional] = 1.0 / exceptional.size
        return out
    each = np.minimum(share[exceptional] / max(1.0 - taken, RARE), 0.5 / max(exceptional.size, 1))
    out[exceptional] = each
    rest = 1.0 - each.sum()
    if ordinary.size == 0:
        out[labels.index(str(default))] = rest  # the DEFAULT keeps what the rare ones leave
        return out
    out[ordinary] = _main_first(labels, ordinary) * rest
    return out


def _main_first(labels: list[str], ordinary: np.ndarray) -> np.ndarray:
    """Zipf-like weights of the ordinary labels in their declared order, except that the two
    sides of a flow (vocab/flows.py: inbound and outbound) come first and share their weight
    evenly, and a catch-all label (`other`) comes last."""
    names = [labels[i] for i in ordinary]
    pairs = flows.flow_sides(names)
    paired = [i for pair in pairs for i in pair]
    last = [i for i, name in enumerate(names) if flows.catch_all(name) and i not in paired]
    if not pairs and not last:
        return zipf_weights(len(names))
    middle = [i for i in range(len(names)) if i not in paired and i not in last]
    order = [*paired, *middle, *last]
    out = np.zeros(len(names))
    out[order] = zipf_weights(len(names))
    for i, j in pairs:
        out[i] = out[j] = (out[i] + out[j]) / 2
    return out


def _rare_share(label: str, state: bool) -> float:
    """The share of all rows a rare label holds (0 for an ordinary one)."""
    if lexicon.exceptional(label):
        return RARE
    if state and exceptions.exception_state(label):
        return exceptions.STATE_EXCEPTION_SHARE
    if state and (exceptions.left_service(label) or life_end.few_end(label)):
        return exceptions.OUT_OF_SERVICE_SHARE  # a thing left service, died, was sold
    return 0.0


def zipf_ranks(rng: np.random.Generator, size: int, n: int, skew: float) -> np.ndarray:
    """`n` ranks in [0, size) drawn with weight (rank + 1) ** -skew: a Zipf law truncated to
    the support. Clipping numpy's unbounded zipf instead would pile the whole tail onto the
    last rank (a spike at the maximum that real data never shows)."""
    if size <= 1:
        return np.zeros(n, dtype=np.int64)
    weights = 1.0 / np.arange(1, size + 1) ** skew
    return rng.choice(size, n, p=weights / weights.sum()).astype(np.int64)


# the share of rows each country of a run's home market holds (plan/market.py), home first;
# the rest spread over the other countries, the big ones first
MARKET_SHARES = (0.62, 0.14, 0.08, 0.05, 0.04, 0.02)
MARKET_HEAD = 0.95  # the members' share together, however many there are


def market_shares(members: int, size: int) -> np.ndarray:
    """The share of picks each of `size` ranked positions gets: the market's members first
    (MARKET_SHARES, as many as it has), the rest Zipf-like over the other positions (the
    world order: the big markets first)."""
    size = max(size, 1)
    k = min(max(members, 1), len(MARKET_SHARES), size)
    head = np.asarray(MARKET_SHARES[:k], dtype=np.float64)
    out = np.zeros(size, dtype=np.float64)
    if size > k:  # the rest as the world order ranks them: the big markets first
        out[:k] = head / head.sum() * MARKET_HEAD
        tail = 1.0 / np.arange(1, size - k + 1) ** 1.6
        out[k:] = tail / tail.sum() * (1.0 - MARKET_HEAD)
    else:
        out[:k] = head / head.sum()
    return out


def market_picks(rng: np.random.Generator, members: int, size: int, n: int) -> np.ndarray:
    """`n` positions into `size` ranked rows (the market's countries first): most in the home
    country, some in its neighbours, a few anywhere else."""
    return rng.choice(max(size, 1), size=n, p=market_shares(members, size)).astype(np.int64)
