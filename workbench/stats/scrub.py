"""`workbench stats scrub`: the statistics file without the values of personal columns.

Most common values, histogram bounds and element values of a personal column are real
values (a common surname, an email); the scrubbed file keeps every number (null fraction,
width, distinct count, frequencies, correlation) and drops those keys from the call. Other
statements and calls are left byte for byte as they were. Written atomically."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from workbench.config.file import Config
from workbench.errors import ConfigError
from workbench.schema.split import split_statements
from workbench.stats.calls import ATTRIBUTE_CALL, VALUE_KEYS, Call
from workbench.stats.load import check_statistics_file
from workbench.stats.parse import parse_call
from workbench.stats.target import write_target


@dataclass
class ScrubReport:
    source: Path
    output: Path
    scrubbed: list[str] = field(default_factory=list)  # "table.column (keys)"

    def to_dict(self) -> dict[str, object]:
        return {"source": str(self.source), "output": str(self.output), "scrubbed": self.scrubbed}


def _without_values(call: Call) -> str:
    kept = [a.raw for a in call.args if a.name not in VALUE_KEYS]
    return call.head + "\n\t" + ",\n\t".join(kept) + "\n)"


def scrub_text(text: str, filename: str, personal: set[tuple[str, str]]) -> tuple[str, list[str]]:
    """The text with value keys removed from personal columns' calls, and what was removed."""
    if "pg_restore_" not in text:
        return text, []
    statements, _ = split_statements(text)
    out: list[str] = []
    done: dict[str, list[str]] = {}  # one summary per column, whatever its number of calls
    pos = 0
    for st in statements:
        if ATTRIBUTE_CALL not in st.text.lower():
            continue
        call = parse_call(st.text, st.line, filename)
        if call is None:
            continue
        schema, rel, att = call.get("schemaname"), call.get("relname"), call.get("attname")
        if schema is None or rel is None or att is None:
            continue
        key = (f"{schema.value}.{rel.value}", att.value or "")
        dropped = [a.name for a in call.args if a.name in VALUE_KEYS]
        if key not in personal or not dropped:
            continue
        start = text.find(st.text, pos)
        if start < 0:  # the splitter normalised the statement: cannot rewrite in place
            raise ConfigError(f"{filename}:{st.line}: cannot locate the statistics call to scrub.")
        out += [text[pos:start], _without_values(call)]
        pos = start + len(st.text)
        keys = done.setdefault(f"{key[0]}.{key[1]}", [])
        keys += [k for k in dropped if k not in keys]
    out.append(text[pos:])
    return "".join(out), [f"{column} ({', '.join(keys)})" for column, keys in done.items()]


def default_source(config: Config) -> Path:
    """The file `scrub` reads without an argument: [sandbox] statistics, else schema.sql."""
    return config.statistics_path or config.schema_path


def scrubbed_name(path: Path) -> Path:
    return path.with_name(f"{path.stem}.scrubbed{path.suffix or '.sql'}")


def scrub_file(
    personal: set[tuple[str, str]],
    source: Path,
    *,
    output: Path | None = None,
    in_place: bool = False,
) -> ScrubReport:

    try:
        check_statistics_file(source, source.stat(), "stats scrub: ")
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{source}: no such statistics file.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{source}: cannot be read as UTF-8 text: {err}.") from None
    new_text, done = scrub_text(text, str(source), personal)
    if in_place:  # `output`: the file as named, when checked apart from the real path read
        target = write_target(output or source, new_text, "stats scrub --in-place: the file")
    else:
        target = write_target(output or scrubbed_name(source), new_text, "stats scrub: the output")
    return ScrubReport(source, target, done)
