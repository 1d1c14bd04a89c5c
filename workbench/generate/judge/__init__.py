"""The server as the judge of every kept row (catalog: what is judged; server: the verdict on
the server; search: redrawing failing rows; judge: the row assembler's collaborator that
judges, searches and drops; account: what was dropped and why)."""

from workbench.generate.judge.account import Account
from workbench.generate.judge.judge import Judge

__all__ = ["Account", "Judge"]
