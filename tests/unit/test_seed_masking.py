"""The seed's masking, scanning, COPY text and key, without a server: every masked value is
keyed and deterministic, keeps its format, and is fictional by the checks doctor and the
scan apply; the scan finds what masking must not leave."""

from __future__ import annotations

import re
import stat
import uuid
from pathlib import Path

import numpy as np
import pytest

from workbench.errors import WorkbenchError
from workbench.generate.generators.pools import pool
from workbench.seed.copytext import NULL, SeedError, copy_blocks, copy_text, escape, unescape
from workbench.seed.fiction import (
    card_is_fictional,
    email_is_fictional,
    iban_is_fictional,
    iban_valid,
    luhn_valid,
    phone_is_fictional,
)
from workbench.seed.key import key_id, seed_key
from workbench.seed.maskers import MASKERS, Keyed, emails_within
from workbench.seed.scan import excerpt, scan_column

KEY = bytes(range(32))
OTHER = bytes(range(1, 33))


def _rng_phones(n: int) -> list[str]:
    rng = np.random.default_rng(3)
    out = []
    for _ in range(n):
        d = "".join(str(x) for x in rng.integers(0, 10, 12))
        out += [
            f"+1 ({2 + int(d[0]) % 8}{d[1:3]}) {d[3:6]}-{d[6:10]}",
            f"({2 + int(d[0]) % 8}{d[1:3]}) {d[3:6]}-{d[6:10]}",
            f"+44 (0)20 {d[:4]} {d[4:8]}",
            f"0{d[:3]} {d[3:10]}",
            f"+39 06 {d[:8]}",
            f"0049 30 {d[:7]}",
            f"+{d[:3]} {d[3:11]}",
        ]
    return out


@pytest.mark.parametrize("kind", sorted(MASKERS))
def test_every_masker_is_deterministic_and_keyed(kind: str) -> None:
    values = ["alice@mail.com", "Bob Smith", "+44 20 7123 4567", "4111111111111111", "x1"]
    first = MASKERS[kind](values, Keyed(KEY))
    assert first == MASKERS[kind](list(values), Keyed(KEY))  # same input, same output
    assert len(first) == len(values)
    assert first != values
    assert MASKERS[kind](values, Keyed(OTHER)) != first  # another key, other values


def test_emails_land_on_reserved_domains_one_per_real_domain() -> None:
    values = [f"user{i}@acme-corp.com" for i in range(300)] + ["Someone.Else@Gmail.com"]
    masked = MASKERS["email"](values, Keyed(KEY))
    assert all(email_is_fictional(m) for m in masked)
    assert len(set(masked)) == len(values)  # distinct addresses stay distinct
    assert len({m.split("@")[1] for m in masked[:300]}) == 1  # one company, one masked domain
    assert not set(masked) & set(values)


def test_phones_keep_their_layout_and_ring_no_one() -> None:
    values = _rng_phones(200)
    masked = MASKERS["phone"](values, Keyed(KEY))
    for value, out in zip(values, masked, strict=True):
        assert phone_is_fictional(out) is True, (value, out)
        assert len(re.sub(r"\D", "", out)) >= len(re.sub(r"\D", "", value)) - 1
        assert out != value
    real = ["+1 (415) 555-2671", "+44 20 7123 4567", "+39 06 1234 5678", "020 7123 4567"]
    assert all(phone_is_fictional(v) is False for v in real)  # the check is not blind


def test_cards_are_luhn_valid_in_test_ranges_and_ibans_valid_and_fictional() -> None:
    cards = ["4111 1111 1111 1111", "5500-0000-0000-0004", "378282246310005", "6011000990139424"]
    masked = MASKERS["card"](cards, Keyed(KEY))
    for value, out in zip(cards, masked, strict=True):
        digits = re.sub(r"\D", "", out)
        assert luhn_valid(digits) and card_is_fictional(digits)
        assert len(out) == len(value) and re.sub(r"\d", "9", out) == re.sub(r"\d", "9", value)
    ibans = ["GB29 NWBK 6016 1331 9268 19", "DE89370400440532013000", "FR1420041010050500013M02606"]
    for out in MASKERS["iban"](ibans, Keyed(KEY)):
        compact = out.replace(" ", "")
        assert iban_valid(compact) and iban_is_fictional(compact)
    assert iban_valid("GB29NWBK60161331926819") and not iban_is_fictional("GB29NWBK60161331926819")


def test_cards_of_every_length_and_layout_in_one_column() -> None:
    """The card masker works on digit matrices grouped by first digit and length: a column
    mixing brands, lengths, separators and what is no card masks each value as alone."""
    keyed = Keyed(KEY)
    cards = [
        "4111111111111111", "4556-7375-8689-9855", "30569309025904", "3566002020360505",
        "378282246310005", "5105 1051 0510 5100", "2223000048400011", "6011111111111117",
        "9111111111111", "12345", "not a card",
    ]  # fmt: skip
    together = MASKERS["card"](cards, keyed)
    assert together == [MASKERS["card"]([c], keyed)[0] for c in cards]
    for value, out in zip(cards[:9], together[:9], strict=True):
        digits = re.sub(r"\D", "", out)
        assert luhn_valid(digits) and card_is_fictional(digits), (value, out)
        assert re.sub(r"\d", "9", out) == re.sub(r"\d", "9", value)
    assert together[2].startswith("305693") and together[3].startswith("356600")
    # what is no card is masked character by character
    assert together[9].isdigit() and len(together[9]) == 5 and together[9] != "12345"
    assert re.fullmatch(r"[a-z]{3} [a-z] [a-z]{4}", together[10])


def test_the_scan_clears_masked_cards_and_ibans_at_once_but_not_a_real_one_beside() -> None:
    keyed = Keyed(KEY)
    emails = MASKERS["email"]([f"p{i}@corp{i % 7}.com" for i in range(300)], keyed)
    assert scan_column([*emails, "ops@mail.example.org", "x@a.b.test"], ("email",)) is None
    for real in ("jo@shop.example.com.evil.org", "jo@example.com-mail.net", "x@test.io"):
        found = scan_column([*emails, real], ("email",))
        assert found is not None and "email" in found[0], real
    cards = MASKERS["card"]([f"4{i:015d}" for i in range(300)], keyed)
    spaced = MASKERS["card"](["4556 7375 8689 9855"], keyed)
    assert scan_column([*cards, *spaced], ("card",)) is None
    hit = scan_column([*cards, "4556 7375 8689 9855", *spaced], ("card",))
    assert hit is not None and "card" in hit[0]
    ibans = MASKERS["iban"](["GB29 NWBK 6016 1331 9268 19", "DE89370400440532013000"], keyed)
    assert scan_column(ibans, ("iban",)) is None
    real = scan_column([*ibans, "GB29NWBK60161331926819"], ("iban", "card"))
    assert real is not None and "IBAN" in real[0]


def test_names_and_streets_come_from_the_vocabularies() -> None:
    firsts, lasts = set(pool("first_name", 0).tolist()), set(pool("last_name", 0).tolist())
    masked = MASKERS["full_name"](["Ada Lovelace", "LOVELACE, ADA", "Mary Ann Smith"], Keyed(KEY))
    first, last = masked[0].split()
    assert first in firsts and last in lasts
    assert masked[1].isupper() and ", " in masked[1]
    assert re.fullmatch(r"\S+ [A-Z]\. \S+", masked[2])
    street = MASKERS["street"](["12 High Street", "Hauptstrasse 5"], Keyed(KEY))
    assert street[0].split()[0].isdigit() and street[1].split()[-1].isdigit()


def test_free_text_masks_by_shape_so_keys_join_across_kinds() -> None:
    keyed = Keyed(KEY)
    values = ["jo@acme.com", "GB29 NWBK 6016 1331 9268 19", "4111111111111111", "Flat 3"]
    text = MASKERS["text"](values, keyed)
    assert text[0] == MASKERS["email"]([values[0]], keyed)[0]
    assert text[1] == MASKERS["iban"]([values[1]], keyed)[0]
    assert text[2] == MASKERS["card"]([values[2]], keyed)[0]
    assert re.fullmatch(r"[A-Z][a-z]{3} \d", text[3])
    phone = MASKERS["text"](["+44 20 7123 4567", "20240115"], keyed)
    assert phone[0] == MASKERS["phone"](["+44 20 7123 4567"], keyed)[0]
    assert phone[1].isdigit() and len(phone[1]) == 8  # a bare number stays a number
    ids = MASKERS["chars"](["123-45-6789", "AB123456C"], keyed)
    assert ids[0].startswith("666-") and ids[1].startswith("QQ")  # never issued


def test_scan_finds_what_masking_must_not_leave_and_never_shows_it() -> None:
    planted = "please write to jane.doe@realmail.com today"
    hit = scan_column(["fine", planted])
    assert hit is not None and "email" in hit[0]
    assert "jane" not in hit[1] and "realmail" not in hit[1] and hit[1].startswith("j")
    for value, what in [
        ("call +44 20 7123 4567", "phone"),
        ("card 4556 7375 8689 9855 on file", "card"),
        ("IBAN GB29 NWBK 6016 1331 9268 19", "IBAN"),
        ("ssn 123-45-6789", "social security"),
        ("NI AB 12 34 56 C", "national insurance"),
    ]:
        found = scan_column([value])
        assert found is not None and what in found[0], value
    for fine in ["order 4111 1111 1111 1111", "IBAN DE45 0142 3951 3062 3055 08", "2024-01-15"]:
        assert scan_column([fine]) is None, fine  # test ranges, fictional, a date
    assert scan_column(["met Ada Lovelace"], ("name",)) is None
    firsts, lasts = sorted(pool("first_name", 0).tolist()), sorted(pool("last_name", 0).tolist())
    named = scan_column([f"met {firsts[5]} {lasts[5]} at noon"], ("name",))
    assert named is not None and "name" in named[0]


def test_scan_reads_each_class_in_every_written_form_and_lets_ordinary_text_pass() -> None:
    """#30: an IBAN in lower case, phones in national and 00 forms (brackets, separators),
    names in lower case and as "Surname, Given" are found; ordinary words and numbers (dates,
    counts, hashes, uuids, versions, and names that are ordinary words) are not."""
    everything = ("email", "iban", "card", "phone", "ssn", "nino", "name")
    for value, what in [
        ("de89370400440532013000", "IBAN"),
        ("iban: gb29 nwbk 6016 1331 9268 19, thanks", "IBAN"),
        ("ring 0044 20 7123 4567 after six", "phone"),
        ("(030) 1234 5678", "phone"),
        ("office 030 1234 5678", "phone"),
        ("01 23 45 67 89", "phone"),
        ("met anna schmidt yesterday", "name"),
        ("Schmidt, Anna", "name"),
        ("signed: SCHMIDT,ANNA", "name"),
    ]:
        found = scan_column(["fine", value], everything)
        assert found is not None and what in found[0], value
        assert found[1][1:].strip("•., :()") == "", found  # never the value itself
    rng = np.random.default_rng(5)
    ordinary = [
        "shipped on 01.02.2024 10 items", "on 01/02/2024 10 boxes left", "call back at 10:30",
        "order 1234567 total 1 234,56 EUR", "version 2.10.3 released 2024-01-15 10:30",
        "mark green as done", "may long be remembered", "scores 0 10 20 30 40 50",
        "tracking 00340434161234567890", "invoice no. 2024/000123", "room 0101, floor 2",
        "lat 52.520008 lon 13.404954", "build 0x1f2e3d4c", "pages 012 to 099",
    ]  # fmt: skip
    ordinary += [f"{rng.bytes(32).hex()} {uuid.UUID(bytes=rng.bytes(16))}" for _ in range(2000)]
    ordinary += [
        f"00000000-0000-0000-{rng.bytes(2).hex()}-{rng.bytes(6).hex()}" for _ in range(2000)
    ]
    ordinary += pool("sentence", 0).tolist() + pool("paragraph", 0).tolist()
    words = pool("word", 0)
    ordinary += [" ".join(words[rng.integers(0, len(words), 12)].tolist()) for _ in range(2000)]
    for value in ordinary:
        assert scan_column([value], everything) is None, value


def test_emails_within_text_mask_as_the_email_column_does() -> None:
    """#30: the emails a text carries take the email masker's value under the same key (the
    MCP result masks them so), and nothing else of the text changes."""
    keyed = Keyed(KEY)
    email = "anna.smith1@acme-mail.com"
    (column,) = MASKERS["email"]([email], keyed)
    within = emails_within([f"write to {email}, or call", "no email here", "a@b"], keyed)
    assert within == [f"write to {column}, or call", "no email here", "a@b"]


def test_masked_values_pass_the_scan() -> None:
    keyed = Keyed(KEY)
    for kind, values in [
        ("email", [f"p{i}@corp{i % 7}.com" for i in range(500)]),
        ("phone", _rng_phones(100)),
        ("card", [f"4{i:015d}" for i in range(200)]),
        ("iban", ["GB29 NWBK 6016 1331 9268 19", "DE89370400440532013000"]),
        ("chars", ["123-45-6789", "AB123456C", *(f"{i:016d}" for i in range(300))]),
        ("text", ["+44 20 7123 4567", "call (415) 555-2671", *(f"GB{i:020d}" for i in range(99))]),
        # lower case and national or 00 forms, as the scan reads them (#30)
        ("text", ["iban de89370400440532013000", "(030) 1234 5678", "ring 0044 20 7123 4567"]),
    ]:
        masked = MASKERS[kind](values, keyed)
        assert scan_column([escape(m) for m in masked]) is None, kind


def test_excerpt_keeps_only_the_first_character() -> None:
    assert excerpt("john.smith@acme.com") == "j•••.•••••@••••.•••"


def test_copy_text_round_trip_with_escapes_and_quoted_names() -> None:
    dump = (
        "SET client_encoding = 'UTF8';\n"
        'COPY "Sales"."Big Orders" (id, "Note, with comma", email) FROM stdin;\n'
        "1\tline\\none\\ttab\\\\\tx@y.com\n"
        "2\t\\N\t\\N\n"
        "\\.\n"
        "COPY public.empty (id) FROM stdin;\n"
        "\\.\n"
    )
    tables = copy_blocks(dump, "dump.sql")
    assert [t.name for t in tables] == ["Sales.Big Orders", "public.empty"]
    assert tables[0].columns == ["id", "Note, with comma", "email"]
    assert unescape(tables[0].values[1][0]) == "line\none\ttab\\"
    assert tables[0].values[1][1] == NULL and tables[1].rows == 0
    assert escape(unescape(tables[0].values[1][0])) == tables[0].values[1][0]
    assert copy_text(tables[0]) == "1\tline\\none\\ttab\\\\\tx@y.com\n2\t\\N\t\\N\n"
    for row in ("3\tx", "3\tx\ty\tz\tw"):  # a value short, a value too many
        broken = dump.replace("2\t\\N\t\\N\n", f"2\t\\N\t\\N\n{row}\n")
        with pytest.raises(SeedError, match=r"dump.sql:2: row 3 of Sales.Big Orders has \d"):
            copy_blocks(broken, "dump.sql")


def test_key_is_made_once_private_and_named_without_revealing_it(tmp_path: Path) -> None:
    key = seed_key(tmp_path)
    assert seed_key(tmp_path) == key and len(key) == 32
    assert stat.S_IMODE((tmp_path / "seed.key").stat().st_mode) == 0o600
    assert key.hex() not in key_id(key) and len(key_id(key)) == 12
    # a key the workbench did not write (one a cloned repository carries) is never used
    (tmp_path / "seed.key").write_text("00" * 32 + "\n")
    with pytest.raises(WorkbenchError, match="not written by this workbench"):
        seed_key(tmp_path)
