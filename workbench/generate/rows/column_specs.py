"""Column specs: what each generated column of a table is drawn as (its generator and
parameters, nullability and NULL share, length bounds from its type and CHECK hints, created ≤
updated, the partition key), from the decisions column semantics made."""

from __future__ import annotations

from workbench.config.file import Config
from workbench.errors import GenerationError
from workbench.generate.base import clock
from workbench.generate.checks import ColumnHints, column_hints
from workbench.generate.generators.value_spec import ColumnSpec
from workbench.generate.kinds import defaults
from workbench.generate.kinds.anchors import anchor_of
from workbench.generate.kinds.every_path import needed_along
from workbench.generate.kinds.meets import business_place, business_site
from workbench.generate.kinds.recognise import end_null_share
from workbench.generate.kinds.semantics import ColumnDecision, decide_column
from workbench.generate.kinds.timetable import operations
from workbench.generate.plan.market import listed, market_of, ordered
from workbench.generate.plan.roles import bloc_listed, currencies_listed, markets_of
from workbench.generate.plan.tables import TablePlan
from workbench.generate.rules.partitions import children_window
from workbench.schema.model import Column, Schema
from workbench.schema.typeinfo import resolve_type

# A site a business runs (a branch, a store, a depot: kinds/meets.business_site) keeps its
# street, city and postcode on record, where a customer's or supplier's optional address
# parts are now and then left out: a nullable one is never NULL there.
SITE_ADDRESS = frozenset({"street_address", "city", "postal_code"})
# A place the business itself has (kinds/meets.business_place: a site, a marina, a building it
# lets) keeps the phone number its customers ring on record: a nullable one is never NULL.
PLACE_CONTACT = frozenset({"phone"})


def column_specs(schema: Schema, config: Config, tp: TablePlan, seed: int) -> dict[str, ColumnSpec]:
    """Each generated column's spec, in the table's column order (generated columns have none)."""
    table = schema.tables[tp.name]
    pk = set(table.primary_key.columns) if table.primary_key else set()
    decisions = {
        col.name: decide_column(schema, table, col, config)
        for col in table.columns
        if col.generated is None
    }
    specs: dict[str, ColumnSpec] = {}
    created = next((c for c, d in decisions.items() if d.generator == "created_at"), None)
    for col in table.columns:
        if col.generated is not None:
            continue
        decision = decisions[col.name]
        if decision.generator == "foreign_key":
            # filled from the parent's keys; the fallback only matters for ignored FKs
            decision.generator = "int" if resolve_type(schema, col.type).kind == "int" else "text"
        specs[col.name] = column_spec(schema, config, tp, seed, col, decision, pk, created)
    return specs


def column_spec(
    schema: Schema,
    config: Config,
    tp: TablePlan,
    seed: int,
    col: Column,
    decision: ColumnDecision,
    pk: set[str],
    created: str | None,
) -> ColumnSpec:
    """The column's generator spec: nullability, null fraction, length bounds from its
    type and CHECK hints, created ≤ updated, the partition key."""
    table = schema.tables[tp.name]
    gen_cfg = config.generate
    info = resolve_type(schema, col.type)
    hints: ColumnHints = column_hints(schema, table, col)
    nullable = (
        col.nullable and col.name not in pk and not info.domain_not_null and not hints.not_null
    )
    nf = decision.params.get("null_fraction")
    if nf is None:
        ending = end_null_share(decision.generator, col.name, info.kind)
        nf = gen_cfg.null_fraction if ending is None else ending
    if (
        decision.generator in SITE_ADDRESS
        and "null_fraction" not in decision.params
        and business_site(schema, table.qualified)
    ):
        nf = 0.0  # a site a business runs has its whole address on record
    if (
        decision.generator in PLACE_CONTACT
        and "null_fraction" not in decision.params
        and business_place(schema, table.qualified)
    ):
        nf = 0.0
    if "null_fraction" not in decision.params and needed_along(schema, table.qualified, col.name):
        nf = 0.0  # a donor's blood group its units carry is known (kinds/every_path.py)
    if decision.generator == "null":
        nf = 1.0
    max_len = info.length if info.kind in ("text",) else None
    if info.kind == "text" and info.fixed_char and max_len is None:
        max_len = 1
    if hints.max_len is not None:
        # a CHECK no text meets (length(x) < 0) asks for less than nothing: the shortest text
        # is drawn and the judge refuses it, never a negative length
        max_len = max(min(max_len or hints.max_len, hints.max_len), 0)
    min_len = hints.min_len
    if info.fixed_char and max_len:
        min_len = max(min_len or 0, 0)
    if "" in hints.excluded and not min_len:
        min_len = 1
    spec = ColumnSpec(
        column=col,
        info=info,
        generator=decision.generator,
        params=dict(decision.params),
        hints=hints,
        nullable=nullable,
        null_fraction=nf if nullable else 0.0,
        unique=bool(decision.params.get("unique")),
        seed=seed,
        max_len=max_len,
        min_len=min_len,
    )
    spec.prior = defaults.column_prior(table, col, decision, info)
    market = market_of(schema)
    in_order = ordered(market, decision.generator)
    markets = listed(market, decision.generator, bloc_listed(schema, table))
    keyed = [list(u.columns) for u in table.uniques]
    keyed += [list(table.primary_key.columns)] if table.primary_key is not None else []
    held = currencies_listed(schema, table, config) if decision.generator == "currency" else None
    if held and [col.name] in keyed:
        # a business's table of currencies: its countries', its market's and the traded ones
        # (plan/roles.currencies_held sizes it to them)
        spec.params["market"] = held
    elif markets is not None and [col.name] in keyed and markets_of(schema, table):
        # a business's list of the countries it works in (plan/roles.py sizes it to a few
        # dozen): the home market's, the bloc it trades in, the leading markets and the
        # large economies
        spec.params["market"] = markets
    elif in_order is not None:  # the market's countries (currencies) first
        spec.params["market"] = in_order
        members = market.currencies if decision.generator == "currency" else market.countries
        spec.params["market_members"] = len(members)
        if decision.generator != "currency" and business_place(schema, table.qualified):
            spec.params["region"] = market.region  # where the business itself is
    elif decision.generator in ("iban", "bic") and market.countries:
        spec.params["banked_in"] = market.countries  # where an account is held if not at home
    if decision.generator in ("updated_at", "deleted_at") and created:
        spec.after = created
    timetable = operations(schema, table, config)
    spec.window = clock.window(config, clock.OPERATIONS if timetable else clock.HISTORY)
    if col.name == anchor_of(schema, table, config):
        spec.drawn_within = children_window(schema, table, config)
    part = tp.partition
    if part is not None and part.column == col.name:
        spec.partition = part
        spec.null_fraction = 0.0
        spec.nullable = False
    if decision.generator == "null" and not nullable:
        raise GenerationError(
            f"{table.qualified}.{col.name}: no generator for type {col.type.sql()} "
            "and the column is NOT NULL; declare one in sandbox.toml"
        )
    return spec
