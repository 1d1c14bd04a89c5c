"""Reading schema.sql: the file or its text into the model and its classified statements
(the package's docstring says how)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from workbench.errors import SchemaParseError
from workbench.schema.parse.reader import read
from workbench.schema.parse.state import ReaderState
from workbench.schema.parse.statements import ParsedFile


def parse_schema_text(
    text: str, filename: str = "<text>", leave_out: Mapping[tuple[int, str], str] | None = None
) -> ParsedFile:
    """Parse schema.sql text into the model and its classified statements; `leave_out`: the
    statements (by line and text) to keep out, each with the reason (schema/left_out.py)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    return read(ReaderState(filename), text, leave_out)


def parse_schema_file(
    path: str | Path, leave_out: Mapping[tuple[int, str], str] | None = None
) -> ParsedFile:
    """Parse a schema file; unreadable files raise SchemaParseError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise SchemaParseError(f"{p}: no such file") from e
    except UnicodeDecodeError as e:
        raise SchemaParseError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from e
    except OSError as e:
        raise SchemaParseError(f"{p}: cannot be read ({e.strerror})") from e
    return parse_schema_text(text, str(path), leave_out)
