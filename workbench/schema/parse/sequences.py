"""CREATE SEQUENCE and ALTER SEQUENCE, and the sequence options identity columns share."""

from __future__ import annotations

from workbench.schema.model import Sequence
from workbench.schema.parse.cursor import Cursor, ParseFailure
from workbench.schema.parse.state import ReaderState
from workbench.schema.types import read_type


def create_sequence(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("create")
    cur.accept("temp") or cur.accept("temporary") or cur.accept("unlogged")
    cur.expect("sequence")
    cur.accept("if", "not", "exists")
    schema, name = cur.qname()
    key = reader.rel_key(schema, name, create=True)
    seq = Sequence(key.split(".", 1)[0], name)
    sequence_options(reader, cur, seq)
    reader.schema.sequences[key] = seq
    reader.relnames.add(key)
    return True


def sequence_options(reader: ReaderState, cur: Cursor, seq: Sequence) -> None:
    def num() -> int:
        sign = -1 if cur.accept("-") else 1
        t = cur.peek()
        if t is None or t.kind != "num":
            raise ParseFailure("expected a number in sequence options")
        cur.i += 1
        return sign * int(t.value)

    while not cur.done():
        if cur.accept("as"):
            _, cur.i = read_type(cur.t, cur.i)
        elif cur.accept("increment"):
            cur.accept("by")
            seq.increment = num()
        elif cur.accept("minvalue"):
            seq.min_value = num()
        elif cur.accept("maxvalue"):
            seq.max_value = num()
        elif cur.accept("no", "minvalue"):
            seq.min_value = None
        elif cur.accept("no", "maxvalue"):
            seq.max_value = None
        elif cur.accept("start"):
            cur.accept("with")
            seq.start = num()
        elif cur.accept("restart"):
            if cur.accept("with") or (cur.peek() is not None and cur.peek().kind == "num"):  # type: ignore[union-attr]
                num()
        elif cur.accept("cache"):
            num()
        elif cur.accept("no", "cycle") or cur.accept("cycle"):
            pass
        elif cur.accept("owned", "by"):
            if cur.accept("none"):
                seq.owned_by = None
            else:
                parts = [cur.ident()]
                while cur.accept("."):
                    parts.append(cur.ident())
                col = parts[-1]
                tkey = reader.rel_key(parts[-3] if len(parts) > 2 else None, parts[-2])
                seq.owned_by = f"{tkey}.{col}"
        elif cur.accept("sequence", "name"):
            cur.qname()
        elif cur.accept("logged") or cur.accept("unlogged"):
            pass
        else:
            cur.i += 1  # unknown option word: keep going, the server is the judge


def alter_sequence(reader: ReaderState, cur: Cursor) -> bool:
    cur.expect("alter", "sequence")
    cur.accept("if", "exists")
    schema, name = cur.qname()
    key = reader.rel_key(schema, name)
    seq = reader.schema.sequences.get(key)
    if seq is None:
        raise ParseFailure(f"sequence {key} is not declared earlier in the file")
    if cur.at("owner", "to") or cur.at("rename") or cur.at("set", "schema"):
        return False
    sequence_options(reader, cur, seq)
    return True
