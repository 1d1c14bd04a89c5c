"""The token cursor the statement readers walk: keyword matching, names, parentheses and
top-level comma splitting over one statement's tokens."""

from __future__ import annotations

from workbench.schema.split import Token


class ParseFailure(Exception):
    """A statement could not be read; recorded in schema.errors, never raised to callers.
    `at`: the character offset in the statement where reading stopped, when known."""

    def __init__(self, message: str, at: int | None = None) -> None:
        super().__init__(message)
        self.at = at


class Cursor:
    def __init__(self, toks: list[Token], text: str, i: int = 0, end: int | None = None):
        self.t = toks
        self.text = text
        self.i = i
        self.end = len(toks) if end is None else end

    def offset(self) -> int | None:
        """Where the next token starts in the statement's text (or the token ending this
        cursor's range), for an error's line; None at the statement's end."""
        j = min(self.i, self.end)
        return self.t[j].start if j < len(self.t) else None

    def done(self) -> bool:
        return self.i >= self.end

    def peek(self, k: int = 0) -> Token | None:
        j = self.i + k
        return self.t[j] if j < self.end else None

    def at(self, *words: str) -> bool:
        for k, w in enumerate(words):
            t = self.peek(k)
            if t is None:
                return False
            if w in "(),;.[]=":
                if t.value != w or t.kind not in ("punct", "op"):
                    return False
            elif not (t.kind == "word" and t.value == w):
                return False
        return True

    def accept(self, *words: str) -> bool:
        if self.at(*words):
            self.i += len(words)
            return True
        return False

    def expect(self, *words: str) -> None:
        if not self.accept(*words):
            got = self.peek()
            raise ParseFailure(
                f"expected {' '.join(words).upper()} but found "
                f"{got.value if got else 'end of statement'!r}",
                self.offset(),
            )

    def ident(self) -> str:
        t = self.peek()
        if t is None or t.kind not in ("word", "qid"):
            found = repr(t.value) if t else "nothing"
            raise ParseFailure(f"expected a name but found {found}", self.offset())
        self.i += 1
        return t.value

    def qname(self) -> tuple[str | None, str]:
        parts = [self.ident()]
        while self.at(".") and self.peek(1) is not None:
            self.i += 1
            parts.append(self.ident())
        if len(parts) == 1:
            return None, parts[0]
        return parts[-2], parts[-1]

    def match_paren(self, i: int) -> int:
        """Index of the `)` matching the `(` at token i."""
        depth = 0
        for j in range(i, self.end):
            v = self.t[j]
            if v.kind == "punct":
                if v.value in "([":
                    depth += 1
                elif v.value in ")]":
                    depth -= 1
                    if depth == 0:
                        return j
        raise ParseFailure("unbalanced parentheses")

    def paren(self) -> tuple[int, int]:
        """Consume `( … )`; return the token range inside."""
        if not self.at("("):
            t = self.peek()
            raise ParseFailure(f"expected '(' but found {t.value if t else 'end'!r}")
        close = self.match_paren(self.i)
        inner = (self.i + 1, close)
        self.i = close + 1
        return inner

    def src(self, i: int, j: int) -> str:
        """Source text of tokens i..j-1."""
        if i >= j:
            return ""
        return self.text[self.t[i].start : self.t[j - 1].end]

    def split_commas(self, i: int, j: int) -> list[tuple[int, int]]:
        """Split tokens i..j-1 at top-level commas."""
        out = []
        depth = 0
        s = i
        for k in range(i, j):
            v = self.t[k]
            if v.kind == "punct":
                if v.value in "([":
                    depth += 1
                elif v.value in ")]":
                    depth -= 1
                elif v.value == "," and depth == 0:
                    out.append((s, k))
                    s = k + 1
        if s < j:
            out.append((s, j))
        return out

    def name_list(self) -> list[str]:
        """`( a, b, c )` of plain names."""
        a, b = self.paren()
        names = []
        for s, _e in self.split_commas(a, b):
            t = self.t[s]
            if t.kind not in ("word", "qid"):
                raise ParseFailure(f"expected a column name, found {t.value!r}")
            names.append(t.value)
        return names

    def skip_to(self, stops: set[str]) -> tuple[int, int]:
        """Advance over an expression until a top-level stop word; return its token range."""
        s = self.i
        depth = 0
        while self.i < self.end:
            t = self.t[self.i]
            if t.kind == "punct":
                if t.value in "([":
                    depth += 1
                elif t.value in ")]":
                    depth -= 1
            elif depth == 0 and self.i > s and t.kind == "word" and t.value in stops:
                break
            self.i += 1
        return s, self.i
