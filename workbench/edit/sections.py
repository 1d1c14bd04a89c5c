"""Where one table's entry sits in sandbox.toml's text: the contiguous block of [sections]
whose headers name it. An edit of a large file (`classify --write` records every column, so
thousands of sections) then parses only that block with tomlkit, which takes seconds on the
whole file; config_edit checks the spliced result against the whole file's data and falls
back to the whole document when a layout is not that simple (dotted keys, inline entries,
sections apart)."""

from __future__ import annotations

import re
import tomllib

_BOUNDARY = re.compile(r"^\s*\[")
_HEADER = re.compile(r"^\s*\[(?!\[)(.+)\]\s*(#.*)?$")


def header_path(line: str) -> tuple[str, ...] | None:
    """The key path of a `[a."b.c".d]` header line; None for anything else."""
    match = _HEADER.match(line)
    if match is None:
        return None
    try:
        data = tomllib.loads(f"[{match.group(1)}]")
    except tomllib.TOMLDecodeError:
        return None
    path: list[str] = []
    while isinstance(data, dict) and len(data) == 1:
        key = next(iter(data))
        path.append(key)
        data = data[key]
    return tuple(path)


def table_block(text: str, keys: tuple[str, ...]) -> tuple[int, int] | None:
    """(start, end) offsets of the sections `[tables.<key>…]` for one of `keys`, when they
    follow each other; (len, len) when there are none (a new entry goes at the end); None
    when they are apart."""
    lines = text.splitlines(keepends=True)
    offset = 0
    blocks: list[tuple[int, bool]] = []  # (start of each section, whether it is the table's)
    for line in lines:
        if _BOUNDARY.match(line):
            path = header_path(line)
            named = path is not None and len(path) >= 2 and path[0] == "tables"
            blocks.append((offset, bool(named and path and path[1] in keys)))
        offset += len(line)
    starts = [start for start, _ in blocks] + [len(text)]
    mine = [i for i, (_, is_mine) in enumerate(blocks) if is_mine]
    if not mine:
        return len(text), len(text)
    if mine != list(range(mine[0], mine[-1] + 1)):
        return None
    end = starts[mine[-1] + 1]
    if end < len(text):
        end = _before_next_header(text, starts[mine[-1]], end)
    return starts[mine[0]], end


_COMMENT = re.compile(r"^\s*#")
_BLANK = re.compile(r"^\s*$")


def _before_next_header(text: str, start: int, end: int) -> int:
    """The end of a block followed by another section, moved back over the comment lines
    directly above that section's header, then the blank lines before them: the comment
    introduces the next table and the blank line separates the two, so an edit of this
    block keeps both (a comment after a blank line stays this block's own)."""
    lines = text[start:end].splitlines(keepends=True)
    for pattern in (_COMMENT, _BLANK):
        while len(lines) > 1 and pattern.match(lines[-1]):
            end -= len(lines.pop())
    return end
