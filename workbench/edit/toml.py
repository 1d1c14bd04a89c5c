"""Edits of sandbox.toml that change only what they edit: comments, inline tables, key order
and blank lines stay as written (tomlkit). Every edit is checked before anything is written:
the new text must load (config.parse_config) and its declared values must lie in their
columns' domains (generate's own plan-time check), so a saved edit never makes the next
generate fail; the write is atomic.

An edit is defined on the file's plain data (`_apply`); tomlkit renders the same change into
the document, and the two are compared, so a layout tomlkit cannot edit in place (an unusual
mix of dotted keys) falls back to a whole rewrite (tomli-w) rather than a wrong file.
"""

from __future__ import annotations

import copy
import difflib
import tomllib
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomli_w
import tomlkit
from tomlkit.items import InlineTable, Table

from workbench.config.file import Config, TableSection, parse_config
from workbench.edit.sections import table_block
from workbench.errors import ConfigError
from workbench.files.state import atomic_write_text, write_failure
from workbench.trust import checkout as trust

if TYPE_CHECKING:
    from workbench.schema.model import Schema

# The keys of a column the edit dialog owns; the others (unique, params, copy_from, after,
# derive) are kept as written when it saves.
FORM_KEYS = ("generator", "values", "range", "null_fraction")


@dataclass
class Edit:
    """One change to sandbox.toml: a table's rows, or a column's keys (None removes a key),
    or the removal of a column's whole entry (`clear`)."""

    table: str
    rows: int | None = None
    column: str | None = None
    changes: dict[str, Any] = field(default_factory=dict)
    clear: bool = False


Mapping = MutableMapping[str, Any]


class _Plain:
    """Edits on the file's plain data (tomllib's dicts): what the edit means."""

    def table(self, parent: Mapping, is_super: bool) -> Mapping:
        return {}

    def value(self, value: Any) -> Any:
        return copy.deepcopy(value)

    def tidy(self, parent: Mapping, key: str) -> None:
        """Plain data has no layout to tidy."""


class _Doc(_Plain):
    """The same edits on the tomlkit document: new tables as [headers] (inside an inline
    table, or when `inline`, inline), tables of weights inline as `{ a = 0.5, b = 0.5 }`."""

    def __init__(self, inline: bool = False) -> None:
        self.created: list[Table] = []
        self.inline = inline

    def table(self, parent: Mapping, is_super: bool) -> Mapping:
        if self.inline or isinstance(parent, InlineTable):
            return tomlkit.inline_table()
        made = tomlkit.table(is_super_table=is_super)
        self.created.append(made)
        return made

    def value(self, value: Any) -> Any:
        if isinstance(value, dict):
            body = ", ".join(
                f"{tomlkit.key(str(k)).as_string()} = {tomlkit.item(v).as_string()}"
                for k, v in value.items()
            )
            return tomlkit.parse(f"x = {{ {body} }}")["x"]
        return tomlkit.item(value)

    def tidy(self, parent: Mapping, key: str) -> None:
        """An inline table the edit changed, written as `{ a = 1, b = [1, 5] }` (tomlkit
        leaves `{  a = 1,b = 2}` after keys come and go); its values keep their own text."""
        table = parent.get(key)
        if not isinstance(table, InlineTable) or not table:
            return
        body = ", ".join(
            f"{tomlkit.key(str(k)).as_string()} = {_item_text(v)}" for k, v in table.items()
        )
        parent[key] = tomlkit.parse(f"x = {{ {body} }}")["x"]

    def spaced(self) -> None:
        """A blank line after each new [section], as the file's own sections have."""
        for made in self.created:
            if not made.is_super_table() and len(made):
                made.add(tomlkit.nl())


def _item_text(value: Any) -> str:
    text = value.as_string() if hasattr(value, "as_string") else tomlkit.item(value).as_string()
    return str(text).strip()


def _entry(tables: Mapping, edit: Edit, make: _Plain | None) -> tuple[str, Mapping | None]:
    """The table's key and entry as written in the file (a bare `T` stands for `public.T`);
    made when missing unless `make` is None."""
    for key in (edit.table, edit.table.removeprefix("public.")):
        if key in tables:
            return key, tables[key]
    if make is None:
        return edit.table, None
    tables[edit.table] = make.table(tables, edit.column is not None)
    return edit.table, tables[edit.table]


def _apply(data: Mapping, edit: Edit, make: _Plain) -> None:
    """Make `edit` in `data` (a plain dict or a tomlkit document)."""
    removing = edit.clear or (edit.rows is None and all(v is None for v in edit.changes.values()))
    if "tables" not in data:
        if removing:
            return
        data["tables"] = make.table(data, True)
    key, entry = _entry(data["tables"], edit, None if removing else make)
    if entry is None:
        return
    if edit.rows is not None:
        entry.pop("children", None)
        entry["rows"] = make.value(edit.rows)
        return
    assert edit.column is not None
    if "columns" not in entry:
        if removing:
            return
        entry["columns"] = make.table(entry, True)
    columns: Mapping = entry["columns"]
    if edit.column not in columns:
        if removing:
            return
        columns[edit.column] = make.table(columns, False)
    column: Mapping = columns[edit.column]
    for name, new in edit.changes.items():
        if new is None:
            column.pop(name, None)
        elif name not in column or not _same(column[name], new):
            _set(column, name, new, make)
    if edit.clear or not column:
        columns.pop(edit.column, None)
        _drop_if_empty(entry, "columns")
        _drop_if_empty(data["tables"], key)
        _drop_if_empty(data, "tables")
        return
    make.tidy(columns, edit.column)
    make.tidy(entry, "columns")


def _drop_if_empty(parent: Mapping, *keys: str) -> None:
    """An emptied `columns` (or table entry) goes: it means what its absence means, and
    tomlkit drops an empty table's header anyway."""
    for key in keys:
        if key in parent and not parent[key]:
            del parent[key]


def _plain(value: Any) -> Any:
    return value.unwrap() if hasattr(value, "unwrap") else value


def _same(old: Any, new: Any) -> bool:
    """Equal as sandbox.toml means them: 3 and 3.0 are the same weight."""
    old, new = _plain(old), _plain(new)
    number = (int, float)
    if isinstance(old, number) and isinstance(new, number):
        return not isinstance(old, bool) and not isinstance(new, bool) and old == new
    if isinstance(old, dict) and isinstance(new, dict):
        return list(old) == list(new) and all(_same(old[k], new[k]) for k in old)
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(_same(a, b) for a, b in zip(old, new, strict=True))
    return type(old) is type(new) and bool(old == new)


def _set(column: Mapping, key: str, new: Any, make: _Plain) -> None:
    """Set one key; weights change in place (one line) when only their numbers moved."""
    old = column.get(key)
    if isinstance(old, (InlineTable, Table)) and isinstance(new, dict) and list(old) == list(new):
        for name, weight in new.items():
            if not _same(old[name], weight):
                old[name] = weight
        return
    column[key] = make.value(new)


def edited_text(text: str, edit: Edit | list[Edit]) -> str:
    """sandbox.toml's text with `edit` (or each of a list) made, the rest as it was."""
    edits = edit if isinstance(edit, list) else [edit]
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"sandbox.toml is not valid TOML: {err}.") from None
    for one in edits:
        _apply(expected, one, _Plain())
    if len(edits) == 1:  # first within the table's own sections: fast on a large file
        out = _in_block(text, edits[0])
        if out is not None and _loads(out) == expected:
            return out
    # New entries as [sections]; where dotted keys forbid one, as inline tables; and for a
    # layout tomlkit cannot edit in place, a whole rewrite (comments lost, data right).
    for made in (_Doc(), _Doc(inline=True)):
        out = _rendered(text, edits, made)
        if out is not None and _loads(out) == expected:
            return out
    return tomli_w.dumps(expected)


def _loads(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def _in_block(text: str, edit: Edit) -> str | None:
    """`edit` made within the block of the table's sections, spliced back into the text."""
    block = table_block(text, (edit.table, edit.table.removeprefix("public.")))
    if block is None:
        return None
    start, end = block
    part = text[start:end]
    out = _rendered(part, [edit], _Doc()) or _rendered(part, [edit], _Doc(inline=True))
    if out is None:
        return None
    head, tail = text[:start], text[end:]
    if start == len(text) and out and head and not head.endswith("\n\n"):
        head = head.rstrip("\n") + "\n\n"  # a new section, after a blank line
    if not out.strip() and (not head or head.endswith("\n\n")):
        tail = tail.lstrip("\n")  # the block went: one blank line between its neighbours
    return head + out + tail


def _rendered(text: str, edits: list[Edit], made: _Doc) -> str | None:
    try:
        doc = tomlkit.parse(text)
        for one in edits:
            _apply(doc, one, made)
        made.spaced()
        out = tomlkit.dumps(doc)
        tomllib.loads(out)
    except (tomlkit.exceptions.TOMLKitError, tomllib.TOMLDecodeError, ValueError, TypeError):
        return None
    if out.endswith("\n\n") and not text.endswith("\n\n"):
        out = out.rstrip("\n") + "\n"
    return out


def check_text(path: Path, text: str, schema: Schema | None) -> Config:
    """The Config `text` would load as; ConfigError when it would not load, or (given the
    schema) when generate would refuse it at plan time."""
    from workbench.generate.plan.config_check import check_config_against_schema

    config = parse_config(tomllib.loads(text), path)
    if schema is not None:
        check_config_against_schema(config, schema)
    return config


def save_edit(config: Config, edit: Edit | list[Edit], schema: Schema | None) -> Config:
    """Make `edit` (or each of a list, in one write) in the file, check the result, write it
    atomically; the new Config."""
    text = _read(config.path)
    new_text = edited_text(text, edit)
    new_config = check_text(config.path, new_text, schema)
    if new_text != text:
        # A symlinked sandbox.toml stays a link: the new text replaces its target (a temp
        # file beside the target, renamed over it), once trusted when the link leaves the
        # checkout (a cloned repository's `sandbox.toml -> ~/.config/…` is refused).
        if config.path.is_symlink():
            trust.check(config)
        target = config.path.resolve()
        try:
            atomic_write_text(target, new_text)
        except OSError as err:
            raise ConfigError(f"{write_failure(target, err)} The file is unchanged.") from None
    return new_config


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"could not read {path.name} ({path}): {err}.") from None


@dataclass
class EditPreview:
    """What saving an edit would write, and why it would be refused (None: it would not)."""

    toml: str
    problem: str | None = None


def preview_edit(config: Config, edit: Edit, schema: Schema | None) -> EditPreview:
    toml = ""
    try:
        text = _read(config.path)
        new_text = edited_text(text, edit)
        toml = changed_lines(text, new_text)
        check_text(config.path, new_text, schema)
    except ConfigError as err:
        return EditPreview(toml, _sentence(str(err), config.path, edit))
    return EditPreview(toml)


def _sentence(message: str, path: Path, edit: Edit) -> str:
    """A check's message as the dialog shows it: without the file, and with the column's
    own keys named shortly (`values: 'bogus' is not a label…`)."""
    message = message.removeprefix(f"{path}: ")
    for table in (edit.table, edit.table.removeprefix("public.")):
        prefix = f'key tables."{table}".'
        if edit.column is not None:
            prefix += f"columns.{edit.column}."
        if message.startswith(prefix):
            return message.removeprefix(prefix)
    return message


def changed_lines(old: str, new: str) -> str:
    """The TOML an edit writes: each changed line with the [section] it sits under; removed
    lines as comments. Empty when nothing changes."""
    old_lines, new_lines = old.splitlines(), new.splitlines()
    # An edit is local: only the lines between the common head and tail are compared.
    head = 0
    while head < min(len(old_lines), len(new_lines)) and old_lines[head] == new_lines[head]:
        head += 1
    tail = 0
    while (
        tail < min(len(old_lines), len(new_lines)) - head
        and old_lines[-1 - tail] == new_lines[-1 - tail]
    ):
        tail += 1
    out: list[str] = []
    matcher = difflib.SequenceMatcher(
        a=old_lines[head : len(old_lines) - tail],
        b=new_lines[head : len(new_lines) - tail],
        autojunk=False,
    )
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        i1, i2, j1, j2 = i1 + head, i2 + head, j1 + head, j2 + head
        added = [i for i in range(j1, j2) if new_lines[i].strip()]
        at = added[0] if added else j1 - 1
        header = _section_of(new_lines, at)
        if header is not None and header not in out and not new_lines[at].lstrip().startswith("["):
            out.append(header)
        out += [f"# removed: {line}" for line in old_lines[i1:i2] if line.strip()]
        out += [new_lines[i] for i in added]
    return "\n".join(out)


def _section_of(lines: list[str], index: int) -> str | None:
    for line in reversed(lines[: max(index, -1) + 1]):
        if line.lstrip().startswith("["):
            return line.strip()
    return None


def with_table_rows(config: Config, table: str, rows: int) -> Config:
    """A copy of `config` with `table` at `rows` rows (its children spec dropped), written
    nowhere: what an estimate would be with that edit."""
    changed = copy.deepcopy(config)
    section = copy.deepcopy(changed.tables.get(table)) or TableSection()
    section.rows, section.children = rows, None
    changed.tables[table] = section
    return changed
