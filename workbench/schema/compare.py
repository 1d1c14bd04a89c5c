"""A readable difference between two models, on exactly what the fingerprint covers."""

from __future__ import annotations

import json
from typing import Any

from workbench.schema.fingerprint import normalise
from workbench.schema.model import Schema


def _fmt(v: Any) -> str:
    if isinstance(v, str):
        try:
            return json.dumps(json.loads(v), sort_keys=True)
        except ValueError:
            return v
    return json.dumps(v, sort_keys=True, default=str)


def _diff(path: str, a: Any, b: Any, names: tuple[str, str], out: list[str]) -> None:
    if a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in b:
                out.append(f"{path}{k}: only in {names[0]}")
            elif k not in a:
                out.append(f"{path}{k}: only in {names[1]}")
            else:
                _diff(f"{path}{k}.", a[k], b[k], names, out)
        return
    if (
        isinstance(a, list)
        and isinstance(b, list)
        and all(isinstance(x, str) for x in a + b)
        and path.rstrip(".").rsplit(".", 1)[-1] in ("uniques", "foreign_keys", "checks", "indexes")
    ):
        for x in sorted(set(a) - set(b)):
            out.append(f"{path.rstrip('.')}: only in {names[0]}: {_fmt(x)}")
        for x in sorted(set(b) - set(a)):
            out.append(f"{path.rstrip('.')}: only in {names[1]}: {_fmt(x)}")
        return
    if path.endswith("columns.") and isinstance(a, list) and isinstance(b, list):
        amap = {c["name"]: c for c in a}
        bmap = {c["name"]: c for c in b}
        if list(amap) != list(bmap) and set(amap) == set(bmap):
            out.append(f"{path.rstrip('.')}: column order differs: {list(amap)} vs {list(bmap)}")
        for name in amap:
            if name not in bmap:
                out.append(f"{path}{name}: only in {names[0]}")
            else:
                _diff(f"{path}{name}.", amap[name], bmap[name], names, out)
        for name in bmap:
            if name not in amap:
                out.append(f"{path}{name}: only in {names[1]}")
        return
    out.append(f"{path.rstrip('.')}: {names[0]}={_fmt(a)} {names[1]}={_fmt(b)}")


def diff_models(
    a: Schema, b: Schema, names: tuple[str, str] = ("parsed", "live"), *, indexes: bool = True
) -> list[str]:
    """One line per difference, e.g. `tables.public.film.columns.rating.type: parsed=… live=…`."""
    na, nb = normalise(a), normalise(b)
    if not indexes:
        for n in (na, nb):
            for t in n["tables"].values():
                t.pop("indexes", None)
    out: list[str] = []
    _diff("", na, nb, names, out)
    return out
