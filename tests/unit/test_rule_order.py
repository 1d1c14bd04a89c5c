"""Each rule states its own place (`after`/`before`); the registry finds the rule modules of
`generate/rules/` and sorts them. The order is the one the hand-kept tuple stated before the
rules declared their places (same rules, same order: same rows), and a declaration that names
no rule, or places that make a cycle, is an error that names them."""

from __future__ import annotations

import pytest

from workbench.generate.rules.base import LinkRule, RowRule, Stage
from workbench.generate.rules.registry import LINK_RULES, ROW_RULES, OrderError, ordered

# ROW_RULES and LINK_RULES as rules/registry.py listed them by hand (before each rule declared
# its place), with the rules added since in their places (lead, actual, the windows, periods
# and counters, the parents in service and the keys an ancestor decides)
HAND_KEPT_ROW = [
    "lineage", "tree", "names", "slug", "place", "locale", "phone", "route", "review",
    "payment", "age", "gender", "blurb", "price_pair", "arithmetic", "recent", "after_parent",
    "after_anchor", "status", "flag", "order", "pair", "lead", "chain", "span", "actual",
    "lasting", "tree_time", "within", "period", "counter",
]  # fmt: skip
HAND_KEPT_LINK = [
    "parents in service", "keys that meet", "keys that meet at a site", "keys an ancestor decides",
    "keys of the row's locale", "tree containers",
    "parents by then", "partition parents", "paid orders",
]  # fmt: skip


def test_the_declared_places_give_the_hand_kept_order() -> None:
    """The rules the list knows keep its order (same rules, same rows); a rule added since
    may take any place its declaration gives it, without a line here."""
    for rules, kept in ((ROW_RULES, HAND_KEPT_ROW), (LINK_RULES, HAND_KEPT_LINK)):
        names = [r.name for r in rules]
        assert set(kept) <= set(names), sorted(set(kept) - set(names))
        assert [n for n in names if n in kept] == kept


def test_the_built_in_declarations_leave_no_choice() -> None:
    """Every built-in rule but the first names its place: the order does not hang on the
    order the modules are found in."""
    for rules in (ROW_RULES, LINK_RULES):
        assert [r for r in rules[1:] if not (r.after or r.before)] == []
        assert ordered(reversed(rules)) == rules


def _rule(name: str, after: tuple[str, ...] = (), before: tuple[str, ...] = ()) -> RowRule:
    return RowRule(name, "", lambda view, planned: [], lambda *a: None, after=after, before=before)


def test_after_and_before_place_a_rule_and_a_free_one_keeps_the_order_found() -> None:
    found = [_rule("a"), _rule("b", after=("a",)), _rule("c", after=("a",), before=("b",))]
    assert [r.name for r in ordered(found)] == ["a", "c", "b"]
    assert [r.name for r in ordered([_rule("x"), *found])] == ["x", "a", "c", "b"]


def test_a_place_that_names_no_rule_is_an_error_naming_it() -> None:
    with pytest.raises(OrderError, match=r"rule 'b': after='nope' names no rule"):
        ordered([_rule("a"), _rule("b", after=("nope",))])
    with pytest.raises(OrderError, match=r"rule 'a': before='gone' names no rule"):
        ordered([_rule("a", before=("gone",))])


def test_a_cycle_is_an_error_naming_its_rules() -> None:
    found = [_rule("a"), _rule("b", after=("a", "d")), _rule("c", after=("b",))]
    found.append(_rule("d", after=("c",)))
    with pytest.raises(OrderError, match=r"make a cycle") as raised:
        ordered(found)
    assert "'b'" in str(raised.value) and "'c'" in str(raised.value)
    assert "'d'" in str(raised.value) and "'a'" not in str(raised.value)
    with pytest.raises(OrderError, match=r"'x' → 'x'"):
        ordered([_rule("x", after=("x",))])


def test_two_rules_of_one_name_are_an_error() -> None:
    with pytest.raises(OrderError, match="two rules are named 'a'"):
        ordered([_rule("a"), _rule("a")])


def test_link_rules_are_sorted_alike() -> None:
    keys = LinkRule("k", "", Stage.KEYS, lambda *a: None, before=("j",))
    other = LinkRule("j", "", Stage.KEYS, lambda *a: None)
    assert ordered([other, keys]) == (keys, other)
