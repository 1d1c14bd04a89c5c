"""An amount named money word first (`amount_net`, `amount_gross`: a ledger's habit) is read as
the lists spell it the other way round (`net_amount`, `gross_amount`): a row's gross is its net
plus its tax (kinds/arithmetic.formula). A session of a car park of our own."""

from __future__ import annotations

from workbench.generate.kinds.arithmetic import formula
from workbench.schema.parse import parse_schema_text

DDL = """
CREATE TABLE bay_session (session_id int PRIMARY KEY, amount_net numeric(10,2) NOT NULL,
  vat_rate numeric(5,2) NOT NULL, vat_amount numeric(10,2) NOT NULL,
  amount_gross numeric(10,2) NOT NULL);
"""


def test_a_gross_named_money_word_first_is_net_plus_tax() -> None:
    schema = parse_schema_text(DDL, "schema.sql").schema
    found = formula(schema, schema.tables["public.bay_session"])
    assert found is not None
    assert (found.total, found.subtotal, found.taxes, found.rate) == (
        "amount_gross", "amount_net", ("vat_amount",), "vat_rate",
    )  # fmt: skip
