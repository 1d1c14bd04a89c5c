"""The one redaction: every string that may carry a connection string's password passes
`redact()` before it is printed, logged, put in JSON, written under .workbench/ or raised.

Two layers, so that neither alone has to be perfect:

- **Known secrets.** Whatever may hold a DSN (sandbox.toml's values, the `dsn_env` variable,
  the command line) is handed to `remember()`, which extracts every password it can find — in
  a URL's user info (also when its `@ : / %` are not percent-encoded), in `password=` of a
  key/value string (quoted, or unquoted with spaces) and in a URL's `?password=` — with their
  percent-encoded, percent-decoded, quoted and escaped spellings and their distinctive
  fragments. `redact()` replaces every one of them, wherever it appears.
- **Shapes.** Independently of what is known, the user info of anything that looks like a
  `postgres://` URL, and the value of any `password=` / `"password": …` pair, are replaced.

Text that libpq or psycopg write about a malformed DSN quotes pieces of it (`host
'ssXY@127.0.0.1'`, `missing "=" after "defQ"`); those messages are never passed on: callers
use `dsn_problem()` first and give their own message naming the key and what is expected.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote, quote_plus, unquote, unquote_plus

MASK = "***"
_MIN_SECRET = 3  # shorter pieces would mask ordinary words; shapes still cover them
_SCHEME = re.compile(r"postgres(?:ql)?://", re.IGNORECASE)
_URL_TOKEN = re.compile(r"(postgres(?:ql)?://)([^\s'\"<>`]*)", re.IGNORECASE)
_KV_PASSWORD = re.compile(
    r"(?P<key>\b(?:password|passwd|pwd|pass)\s*=\s*)"
    r"(?P<value>'(?:[^'\\]|\\.)*(?:'|$)|\"(?:[^\"\\]|\\.)*(?:\"|$)|[^\s&,;)\]}]*)",
    re.IGNORECASE,
)
_MAPPING_PASSWORD = re.compile(
    r"(?P<key>['\"]?\b(?:password|passwd|pwd)['\"]?\s*[:=]\s*)"
    r"(?P<value>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")",
    re.IGNORECASE,
)
# Words after an unquoted password= value up to the next key= (a password with spaces).
_KV_TRAILING = re.compile(
    r"((?:password|passwd|pwd|pass)\s*=\s*\*\*\*)(?:\s+(?![A-Za-z_]+\s*=)[^\s'\"]+)+",
    re.IGNORECASE,
)
_KV_KEY = re.compile(r"^[A-Za-z_]+\s*=")
_lock = threading.Lock()
_known: set[str] = set()
# redact(text) of the known secrets as they are now (emptied whenever they change): a state
# file rewritten after every table (progress.json) redacts the same names again and again.
_redacted: dict[str, str] = {}
_MAX_REDACTED = 16384  # then it starts again: a bound on the memory it keeps
_MAX_REDACTED_LENGTH = 1024  # longer texts (messages, logs) are rarely written twice


# --- extracting the secrets of a DSN ----------------------------------------------------------


def _spellings(secret: str) -> set[str]:
    """The ways a password can be written: as is, percent-encoded or decoded, escaped."""
    forms = {secret, unquote(secret), unquote_plus(secret)}
    for form in list(forms):
        forms |= {quote(form, safe=""), quote(form), quote_plus(form, safe="")}
        forms.add(json.dumps(form)[1:-1])
        forms.add(repr(form)[1:-1])
        forms.add(form.replace("\\", "\\\\").replace("'", "\\'"))
    return {f for f in forms if len(f) >= _MIN_SECRET}


def _fragments(secret: str) -> set[str]:
    """Pieces a parser may quote when a password holds unencoded separators."""
    pieces = set(re.split(r"[@:/?#\s=&,;]+", secret)) | set(re.split(r"[@/\s]+", secret))
    return {p for p in pieces if len(p) >= _MIN_SECRET and p != secret}


def _url_passwords(text: str) -> set[str]:
    found: set[str] = set()
    for match in _URL_TOKEN.finditer(text):
        rest = match.group(2)
        # The user info ends at an `@`: the last one (an unencoded `@` in the password) and
        # the first one (what libpq reads) are both candidates.
        for at in {rest.find("@"), rest.rfind("@")} - {-1}:
            userinfo = rest[:at]
            if ":" in userinfo:
                found.add(userinfo.split(":", 1)[1])
        query = rest.split("?", 1)[1] if "?" in rest else ""
        for pair in query.split("&"):
            key, _, value = pair.partition("=")
            if key.lower() in ("password", "passwd") and value:
                found.add(value)
    return found


def _kv_passwords(text: str) -> set[str]:
    found: set[str] = set()
    for match in _KV_PASSWORD.finditer(text):
        value = match.group("value")
        if value[:1] in ("'", '"'):
            inner = value[1:-1] if len(value) > 1 and value[-1] == value[0] else value[1:]
            found.add(inner)
            found.add(re.sub(r"\\(.)", r"\1", inner))
            continue
        found.add(value)
        # An unquoted value with spaces: libpq stops at the space; the rest (until the next
        # key=) is the password too, and a parser error would quote it.
        tail = text[match.end() :]
        words = []
        for word in tail.split():
            if _KV_KEY.match(word):
                break
            words.append(word)
        if words:
            found.add(" ".join([value, *words]).strip())
            found.update(words)
    for match in _MAPPING_PASSWORD.finditer(text):
        found.add(match.group("value")[1:-1])
    return {f for f in found if f}


def dsn_secrets(value: str) -> set[str]:
    """Every spelling and distinctive fragment of the passwords `value` holds."""
    secrets: set[str] = set()
    for password in _url_passwords(value) | _kv_passwords(value):
        secrets |= _spellings(password)
        for piece in _fragments(password) | _fragments(unquote(password)):
            secrets |= _spellings(piece)
    return secrets


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            secret_key = isinstance(key, str) and re.fullmatch(r"(?i)password|passwd|pwd|pass", key)
            if secret_key and isinstance(item, str):
                yield f"password='{item}'"
            yield from _strings(item)
    elif isinstance(value, (list, tuple, set)):
        for item in value:
            yield from _strings(item)


def remember(*values: Any) -> None:
    """Register the secrets held by strings, or lists and tables of them (a sandbox.toml
    value, an environment variable): from now on `redact()` replaces them everywhere."""
    found: set[str] = set()
    for value in values:
        for text in _strings(value):
            found |= dsn_secrets(text)
    with _lock:
        if not found <= _known:  # a secret learnt again keeps what was redacted already
            _known.update(found)
            _redacted.clear()


def remember_secret(secret: str) -> None:
    """Register one password as it is (e.g. libpq's own reading of a DSN)."""
    spellings = _spellings(secret) if secret else set()
    with _lock:
        if not spellings <= _known:
            _known.update(spellings)
            _redacted.clear()


# --- redacting --------------------------------------------------------------------------------


def _mask_url(match: re.Match[str]) -> str:
    scheme, rest = match.group(1), match.group(2)
    at = rest.rfind("@")
    if at != -1:
        userinfo = rest[:at]
        user = userinfo.split(":", 1)[0] if ":" in userinfo else userinfo
        if ":" in userinfo or "/" in user or "@" in user:
            user = user.split("/", 1)[0].split("@", 1)[0]
            rest = f"{user}:{MASK}{rest[at:]}"
    rest = re.sub(r"(?i)([?&](?:password|passwd)=)[^&#\s]*", rf"\g<1>{MASK}", rest)
    return scheme + rest


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every known secret (and `secrets`) and every password-shaped value
    replaced by ***. The one function every front end, log and state file uses."""
    if not text:
        return text
    extra = [s for s in secrets if s]
    with _lock:
        if not extra:
            done = _redacted.get(text)
            if done is not None:
                return done
        known = set(_known)
    out = _redact_with(text, known, extra)
    if not extra and len(text) <= _MAX_REDACTED_LENGTH:
        with _lock:
            if known == _known:  # no secret learnt meanwhile
                if len(_redacted) >= _MAX_REDACTED:
                    _redacted.clear()
                _redacted[text] = out
    return out


def _redact_with(text: str, known: set[str], secrets: list[str]) -> str:
    for secret in secrets:
        known |= _spellings(secret) if len(secret) >= _MIN_SECRET else {secret}
    for secret in sorted(known, key=len, reverse=True):
        if secret in text:
            text = text.replace(secret, MASK)
        elif "%" in secret and secret.lower() in text.lower():
            text = re.sub(re.escape(secret), MASK, text, flags=re.IGNORECASE)
    if _SCHEME.search(text):
        text = _URL_TOKEN.sub(_mask_url, text)
    text = _KV_PASSWORD.sub(lambda m: m.group("key") + MASK, text)
    text = _KV_TRAILING.sub(r"\g<1>", text)
    return _MAPPING_PASSWORD.sub(lambda m: m.group("key") + f"'{MASK}'", text)


def redact_data(value: Any) -> Any:
    """A JSON-like value with every string in it redacted (keys included)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact_data(k): redact_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_data(v) for v in value]
    return value


# --- recognising and checking DSNs ------------------------------------------------------------


def looks_like_dsn(text: str) -> bool:
    """Whether a string (a command-line word, a config value) may be a connection string."""
    return bool(
        _SCHEME.search(text)
        or re.search(r"(?i)\b(?:password|passwd|host|hostaddr|dbname|user|port)\s*=", text)
        or _has_userinfo(text)
    )


def _has_userinfo(text: str) -> bool:
    """`user:password@` somewhere (the regex `[^@\\s]+:[^@\\s]*@`, read in linear time: on a
    100 kB word without a colon the regex took minutes)."""
    if ":" not in text or "@" not in text:
        return False
    pieces = (piece for word in text.split() for piece in word.split("@")[:-1])
    return any(":" in piece[1:] for piece in pieces)


_HEX2 = re.compile(r"%[0-9A-Fa-f]{2}")


def dsn_problem(dsn: str) -> str | None:
    """What is wrong with a DSN's shape, in words that quote none of it; None when libpq can
    be trusted to read it as written. Catches what makes libpq read a password's pieces as
    host, port or database (an unencoded `@ / : ? #`), or quote them in an error."""
    if _SCHEME.match(dsn):
        rest = dsn[_SCHEME.match(dsn).end() :]  # type: ignore[union-attr]
        if any(ch.isspace() for ch in dsn):
            return "a postgresql:// URL cannot hold spaces: percent-encode them as %20"
        if "%" in dsn and len(_HEX2.findall(dsn)) != dsn.count("%"):
            return (
                "a postgresql:// URL holds a '%' that does not start a percent-encoded byte "
                "(%XX): write a literal % in a password as %25"
            )
        authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
        after = rest[len(authority) :]
        if authority.count("@") > 1 or "@" in after:
            return (
                "a postgresql:// URL holds an '@' outside its user info, as when a password "
                "holds '@', '/', '?' or '#' unencoded: percent-encode them in the password "
                "(@ as %40, / as %2F, ? as %3F, # as %23, : as %3A)"
            )
        hostport = authority.rsplit("@", 1)[-1]
        for host in hostport.split(","):
            port = host.rsplit("]", 1)[-1].rpartition(":")[2] if ":" in host else ""
            if port and not port.isdigit():
                return (
                    "the port of a postgresql:// URL is not a number, as when a password "
                    "holds ':' or '/' unencoded: percent-encode them (: as %3A, / as %2F)"
                )
        return None
    if "=" not in dsn:
        return "it is neither a postgresql:// URL nor libpq key=value pairs (host=… dbname=…)"
    pos = 0
    pair = re.compile(
        r"\s*([A-Za-z_]+)\s*=\s*('(?:[^'\\]|\\.)*'|(?:(?:[^\s'\\]|\\.)(?:[^\s\\]|\\.)*)?)(?=\s|$)"
    )
    while pos < len(dsn):
        if not dsn[pos:].strip():
            break
        match = pair.match(dsn, pos)
        if not match:
            return (
                "libpq key=value pairs must be separated by spaces, and a value holding spaces "
                "or quotes must be written in single quotes (with \\' and \\\\ inside)"
            )
        pos = match.end()
    return None
