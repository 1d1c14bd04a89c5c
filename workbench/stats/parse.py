"""Reading `pg_restore_relation_stats` / `pg_restore_attribute_stats` calls out of SQL text.

The calls are name/value pairs of quoted literals with casts (`'reltuples', '20000'::real`);
arrays are PostgreSQL text-array literals (`'{paid,"a b",NULL}'::text`). Unknown keys are kept
but ignored (a newer pg_dump may add some); a call that is not pairs of literals is an error
naming the file and line. Nothing here executes SQL.
"""

from __future__ import annotations

import re

from workbench.schema.split import Token, split_statements, tokenize
from workbench.stats.calls import (
    RELATION_CALL,
    VALUE_KEYS,
    Arg,
    Call,
    ColumnStats,
    RelationStats,
    Statistics,
    StatisticsError,
)
from workbench.stats.validate import check_column, check_relation

_CALL = re.compile(
    r"^\s*SELECT\s+(?:\*\s+FROM\s+)?(?:pg_catalog\s*\.\s*)?"
    r"(pg_restore_relation_stats|pg_restore_attribute_stats)\s*\(",
    re.IGNORECASE,
)
# --- text arrays ------------------------------------------------------------------------

_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)  # in an unquoted element, \x stands for x


_ITEM = r"""\s*(?:("(?:[^"\\]|\\.)*")|(\{(?:[^{}"]|"(?:[^"\\]|\\.)*")*\})|([^,"{}]*))\s*"""
_BARE_ITEM = re.sub(r"\((?!\?)", "(?:", _ITEM)
_ARRAY_BODY = re.compile(f"{_BARE_ITEM}(?:,{_BARE_ITEM})*", re.DOTALL)
_ITEMS = re.compile(f"(?:^|,){_ITEM}", re.DOTALL)


def _element(quoted: str, nested: str, bare: str) -> str | None:
    if quoted:  # with its double quotes
        body = quoted[1:-1]
        return _UNESCAPE.sub(r"\1", body) if "\\" in body else body
    if nested:
        return nested
    word = bare.strip()
    if word.upper() == "NULL":
        return None
    return _UNESCAPE.sub(r"\1", word) if "\\" in word else word


def parse_text_array(text: str) -> list[str | None]:
    """A one-dimensional PostgreSQL array literal: `{a,"b,c",NULL,"x\\"y"}`; an element that
    is itself an array (`{{1,2},{3,4}}`) is kept as its text. Raises ValueError."""
    s = text.strip()
    if s.startswith("[") and "=" in s:  # explicit bounds: [0:2]={…}
        s = s[s.index("=") + 1 :].strip()
    if len(s) < 2 or s[0] != "{" or s[-1] != "}":
        raise ValueError("an array literal in braces, such as {a,b}")
    inner = s[1:-1]
    if not inner.strip():
        return []
    if not any(c in inner for c in '"{\\'):  # numbers, dates, plain words: one split
        return [None if w.strip().upper() == "NULL" else w.strip() for w in inner.split(",")]
    if _ARRAY_BODY.fullmatch(inner) is None:
        if inner.count('"') % 2:
            raise ValueError("a closing double quote")
        raise ValueError("elements separated by commas")
    return [_element(*groups) for groups in _ITEMS.findall(inner)]


# --- calls ------------------------------------------------------------------------------


def _bad(filename: str, line: int, what: str) -> StatisticsError:
    return StatisticsError(
        f"{filename}:{line}: a statistics call that cannot be read: {what}. Expected the form "
        "pg_dump --statistics writes: SELECT * FROM pg_catalog.pg_restore_attribute_stats("
        "'name', 'value'::type, …) with quoted names and quoted values; regenerate the file "
        "with pg_dump --statistics-only or `workbench stats query`."
    )


def _cast(toks: list[Token], i: int) -> tuple[str, int]:
    """The type after `::` at toks[i] (words, dots, [] and parenthesised modifiers)."""
    parts: list[str] = []
    depth = 0
    while i < len(toks):
        t = toks[i]
        if t.kind in ("word", "qid") or (t.kind == "punct" and t.value in ".[]") or depth:
            parts.append(t.value)
        elif t.kind == "punct" and t.value == "(":
            depth += 1
            parts.append("(")
        else:
            break
        if t.kind == "punct" and t.value == ")":
            depth -= 1
        i += 1
    name = "".join(p if p in ".[]()" else f" {p}" for p in parts).strip().replace(" .", ".")
    return name.removeprefix("pg_catalog."), i


def _literal(toks: list[Token], i: int, text: str) -> tuple[str | None, str, int]:
    t = toks[i]
    if t.kind == "word" and t.value == "null":
        value: str | None = None
    elif t.kind in ("str", "estr"):
        value = t.value
    else:
        raise ValueError(f"a quoted literal, found {text[t.start : t.end][:30]!r}")
    i += 1
    cast = ""
    if i < len(toks) and toks[i].kind == "punct" and toks[i].value == "::":
        cast, i = _cast(toks, i + 1)
    return value, cast, i


# pg_dump's own layout: 'name', 'value'::type pairs of plain literals. A call this reads
# entirely is read without tokenizing; any other goes through the tokenizer (and its errors).
_PAIR = re.compile(
    r"\s*'((?:[^']|'')*)'\s*,\s*(?:'((?:[^']|'')*)'|(NULL))"
    r"(?:\s*::\s*([A-Za-z_][\w. ]*(?:\[\])?))?\s*(,|\))",
    re.IGNORECASE,
)


def _fast_args(text: str, start: int, line: int) -> list[Arg] | None:
    args: list[Arg] = []
    pos = start
    while True:
        m = _PAIR.match(text, pos)
        if m is None:
            return None
        name, value, null, cast, end = m.groups()
        value_end = m.end(3) if null else m.end(2) + 1  # after the closing quote
        stop = m.end(4) if cast else value_end
        cast = (cast or "").strip().removeprefix("pg_catalog.")
        arg_value = None if null else value.replace("''", "'")
        at_line = line + text.count("\n", 0, m.start(1))
        raw = text[m.start(1) - 1 : stop]
        args.append(Arg(name.replace("''", "'"), arg_value, cast, raw, at_line))
        pos = m.end()
        if end == ")":
            return args if not text[pos:].strip() else None


def parse_call(text: str, line: int, filename: str) -> Call | None:
    """One statement: a Call when it calls pg_restore_*_stats, else None."""
    match = _CALL.match(text)
    if match is None:
        return None
    fast = _fast_args(text, match.end(), line)
    if fast is not None:
        return Call(match.group(1).lower(), fast, line, filename, text, text[: match.end()])
    toks = [t for t in tokenize(text) if t.kind not in ("ws", "lc", "bc")]
    open_at = next(
        (k for k, t in enumerate(toks) if t.kind == "punct" and t.value == "("), len(toks)
    )
    i = open_at + 1
    args: list[Arg] = []
    try:
        if i >= len(toks):
            raise ValueError("the argument list")
        while not (toks[i].kind == "punct" and toks[i].value == ")"):
            start = toks[i].start
            if toks[i].kind not in ("str", "estr"):
                raise ValueError("a quoted argument name")
            name = toks[i].value
            i += 1
            if toks[i].kind == "punct" and toks[i].value == "::":
                _, i = _cast(toks, i + 1)
            if not (toks[i].kind == "punct" and toks[i].value == ","):
                raise ValueError(f"a value after the name {name!r}")
            value, cast, i = _literal(toks, i + 1, text)
            at_line = line + text.count("\n", 0, start)
            args.append(Arg(name, value, cast, text[start : toks[i - 1].end], at_line))
            if toks[i].kind == "punct" and toks[i].value == ",":
                i += 1
            elif not (toks[i].kind == "punct" and toks[i].value == ")"):
                raise ValueError("a comma or the closing parenthesis")
    except IndexError:
        raise _bad(filename, line, "the call ends before its closing parenthesis") from None
    except ValueError as err:
        at = toks[min(i, len(toks) - 1)].start if toks else 0
        raise _bad(filename, line + text.count("\n", 0, at), str(err)) from None
    head = text[: toks[open_at].end] if open_at < len(toks) else text
    return Call(match.group(1).lower(), args, line, filename, text, head)


def _number(call: Call, name: str, kind: type[float] | type[int]) -> float | None:
    arg = call.get(name)
    if arg is None or arg.value is None:
        return None
    try:
        return kind(arg.value) if kind is float else float(int(arg.value))
    except ValueError:
        raise _bad(call.filename, arg.line, f"{name} is not a number: {arg.value[:30]!r}") from None


def _array(call: Call, name: str) -> list[str | None] | None:
    arg = call.get(name)
    if arg is None or arg.value is None:
        return None
    try:
        return parse_text_array(arg.value)
    except ValueError as err:
        raise _bad(call.filename, arg.line, f"{name}: expected {err}") from None


def _floats(call: Call, name: str) -> list[float] | None:
    items = _array(call, name)
    arg = call.get(name)
    if items is None or arg is None:
        return None
    try:
        return [float(x) for x in items if x is not None]
    except ValueError:
        raise _bad(call.filename, arg.line, f"{name} holds a value that is not a number") from None


def _relation(call: Call) -> str:
    schema, rel = call.get("schemaname"), call.get("relname")
    if schema is None or rel is None or schema.value is None or rel.value is None:
        raise _bad(call.filename, call.line, "schemaname and relname are required")
    return f"{schema.value}.{rel.value}"


def add_call(stats: Statistics, call: Call) -> None:
    table = _relation(call)
    version = _number(call, "version", int)
    if version is not None:
        stats.version = int(version)
    stats.calls.append(call)
    if call.function == RELATION_CALL:
        pages = _number(call, "relpages", int)
        reltuples = _number(call, "reltuples", float)
        check_relation(call, reltuples)
        stats.relations[table] = RelationStats(
            table, reltuples, None if pages is None else int(pages),
            call.source,
        )  # fmt: skip
        return
    attname = call.get("attname")
    if attname is None or attname.value is None:
        return  # an expression index's column (attnum only): nothing the plan fills
    inherited = call.get("inherited")
    width = _number(call, "avg_width", int)
    col = ColumnStats(
        table=table,
        column=attname.value,
        source=call.source,
        inherited=inherited is not None and (inherited.value or "").lower() in ("t", "true"),
        null_frac=_number(call, "null_frac", float),
        avg_width=None if width is None else int(width),
        n_distinct=_number(call, "n_distinct", float),
        mcv=_array(call, "most_common_vals"),
        mcv_freqs=_floats(call, "most_common_freqs"),
        histogram=_array(call, "histogram_bounds"),
        correlation=_number(call, "correlation", float),
        value_keys=[a.name for a in call.args if a.name in VALUE_KEYS and a.value is not None],
    )
    check_column(call, col.null_frac, col.avg_width, col.n_distinct, col.mcv_freqs, col.correlation)
    if col.mcv is not None and col.mcv_freqs is not None and len(col.mcv) != len(col.mcv_freqs):
        raise _bad(
            call.filename, call.line,
            f"most_common_vals has {len(col.mcv)} values but most_common_freqs "
            f"{len(col.mcv_freqs)} frequencies",
        )  # fmt: skip
    Statistics.merge(stats, Statistics(columns={(table, col.column): col}))


def parse_statistics(text: str, filename: str = "<text>") -> Statistics:
    """Every statistics call of a SQL file (other statements are passed over)."""
    stats = Statistics()
    if "pg_restore_" not in text:
        return stats
    statements, _ = split_statements(text)
    for st in statements:
        if "pg_restore_" not in st.text:
            continue
        if st.error is not None and _CALL.match(st.text):
            raise _bad(filename, st.line, st.error)
        call = parse_call(st.text, st.line, filename)
        if call is not None:
            add_call(stats, call)
    return stats
