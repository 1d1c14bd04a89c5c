"""The rule files of the realism suite: one folder per domain under tests/realism/domains/,
holding `rules.toml` and, for a domain of our own, its `schema.sql` (a domain measured on a
schema of ../shared/schemas names it with `shared_schema`).

rules.toml: `domain`, `description`, optional `shared_schema`, and `[[rule]]` tables with
`id` (a lower-case slug, unique in the file), `class` (one of CLASSES), `statement` (one line
in plain words) and `sql` (one query returning one row: `applies`, `holds`)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

DOMAINS = Path(__file__).resolve().parent / "domains"

# What kind of realism a rule measures (issue #25's classes).
CLASSES = {
    "reference": "a reference table at its natural size, holding real entries",
    "code": "a format-checked column holding real codes",
    "clock": "one clock: histories end near now, open things recent or ahead, done ones past",
    "hours": "human appointments on weekdays, in business hours",
    "duration": "durations at the scale the column's name tells",
    "enum_share": "status shares by meaning: success common, failure rare",
    "status": "a status agreeing with the row's timestamps and children",
    "chain": "children numbered 1, 2, 3, each after the previous one ended",
    "validity": "a row valid on the date another row uses it",
    "counter": "readings that only grow with time",
    "scale": "physical or economic size by kind",
    "paths": "keys that agree along two foreign-key paths",
    "locale": "a row's country decides its currency, phone, postcode and city",
    "arithmetic": "totals the names state",
    "rare": "rare outcomes at realistic shares",
    "age": "ages and dates of birth that fit the row",
}
_SLUG = re.compile(r"^[a-z][a-z0-9_]{2,62}$")
_RULE_KEYS = {"id", "class", "statement", "sql"}


class RuleFileError(ValueError):
    """A rule file that does not say what the suite needs; the message names file and rule."""


@dataclass(frozen=True)
class Rule:
    id: str
    cls: str
    statement: str
    sql: str


@dataclass(frozen=True)
class Domain:
    name: str
    folder: Path
    description: str
    rules: tuple[Rule, ...]
    shared_schema: str | None = None

    @property
    def own(self) -> bool:
        """A domain whose schema we wrote (the three-or-more new domains of #25)."""
        return self.shared_schema is None

    def schema_path(self, shared: Path) -> Path:
        return shared / self.shared_schema if self.shared_schema else self.folder / "schema.sql"


def _rule(path: Path, n: int, raw: object) -> Rule:
    where = f"{path}: rule #{n}"
    if not isinstance(raw, dict):
        raise RuleFileError(f"{where}: expected a table with {sorted(_RULE_KEYS)}")
    if set(raw) != _RULE_KEYS:
        raise RuleFileError(f"{where}: keys {sorted(raw)}; expected exactly {sorted(_RULE_KEYS)}")
    rid, cls, statement, sql = raw["id"], raw["class"], raw["statement"], raw["sql"]
    if not isinstance(rid, str) or not _SLUG.match(rid):
        raise RuleFileError(f"{where}: id {rid!r} is not a lower-case slug (a-z, 0-9, _)")
    where = f"{path}: rule {rid}"
    if cls not in CLASSES:
        raise RuleFileError(f"{where}: class {cls!r} is not one of {sorted(CLASSES)}")
    if not isinstance(statement, str) or not statement.strip() or "\n" in statement.strip():
        raise RuleFileError(f"{where}: statement must be one non-empty line")
    if not isinstance(sql, str) or not re.search(r"\bapplies\b", sql) or "holds" not in sql:
        raise RuleFileError(f"{where}: sql must be a query returning columns applies, holds")
    return Rule(rid, cls, statement.strip(), sql.strip())


def load_domain(folder: Path) -> Domain:
    path = folder / "rules.toml"
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise RuleFileError(f"{path}: {err}") from err
    name = data.get("domain")
    if name != folder.name:
        raise RuleFileError(
            f"{path}: domain = {name!r}; expected the folder's name {folder.name!r}"
        )
    shared = data.get("shared_schema")
    if shared is None and not (folder / "schema.sql").is_file():
        raise RuleFileError(f"{path}: no schema.sql beside it and no shared_schema")
    raw_rules = data.get("rule")
    if not isinstance(raw_rules, list) or not raw_rules:
        raise RuleFileError(f"{path}: no [[rule]] tables")
    rules = tuple(_rule(path, n, raw) for n, raw in enumerate(raw_rules, 1))
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise RuleFileError(f"{path}: rule id {rule.id!r} appears twice")
        seen.add(rule.id)
    extra = set(data) - {"domain", "description", "shared_schema", "rule"}
    if extra:
        raise RuleFileError(f"{path}: unknown keys {sorted(extra)}")
    return Domain(name, folder, str(data.get("description", "")), rules, shared)


def load_domains(root: Path = DOMAINS) -> list[Domain]:
    """Every domain folder, ours first, each in name order."""
    found = [load_domain(p) for p in sorted(root.iterdir()) if (p / "rules.toml").is_file()]
    return sorted(found, key=lambda d: (not d.own, d.name))
