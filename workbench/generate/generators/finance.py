"""Money and banking: IBANs, BICs, account and routing numbers, payment cards, currencies,
prices, rates, salaries, VAT numbers and payment methods."""

from __future__ import annotations

import numpy as np

from workbench.generate.generators.base import (
    DECIMAL,
    INT,
    NUMBER,
    REAL,
    TEXT,
    Generator,
    NamePattern,
    NaturalRange,
)
from workbench.generate.generators.text import pooled, realistic
from workbench.generate.generators.value_spec import ColumnSpec, num_bounds


def prices(
    spec: ColumnSpec, rng: np.random.Generator, idx: np.ndarray
) -> tuple[np.ndarray, float, float]:
    """Log-normal amounts, most tens of units, a few thousands."""
    lo, hi = num_bounds(spec, 0.5, 5000)
    return np.clip(rng.lognormal(3.2, 1.0, idx.size), lo, hi), lo, hi


GENERATORS: tuple[Generator, ...] = (
    Generator("iban", TEXT, synonyms=("iban", "iban_number"), text=realistic(), fits_in=22),
    Generator(
        "minor_units",
        INT,
        synonyms=("minor_units", "minor_unit", "decimal_places", "decimals", "exponent"),
        natural=NaturalRange(2, 2),  # a currency's own (rules/locale.py) where the row has one
    ),
    Generator(
        "bic",
        TEXT,
        synonyms=("bic", "swift", "swift_code", "bic_code", "swift_bic"),
        text=realistic(),
        fits_in=8,
    ),
    Generator(
        "account_number",
        TEXT,
        synonyms=("account_number", "account_no", "acct_number", "bank_account"),
        text=realistic(),
        fits_in=10,
    ),
    Generator(
        "routing_number",
        TEXT,
        synonyms=("routing_number", "aba_number", "aba"),
        text=realistic(),
        fits_in=9,
    ),
    Generator(
        "card_number",
        TEXT,
        synonyms=(
            "card_number",
            "cardnumber",
            "credit_card",
            "cc_number",
            "pan",
            "card_no",
            "credit_card_number",
        ),
        personal=True,
        text=realistic(),
        fits_in=16,
    ),
    Generator(
        "card_last4",
        TEXT,
        synonyms=("card_last4", "last4", "last_four", "last_4", "card_last_four"),
        text=realistic(),
        fits_in=4,
    ),
    Generator(
        "card_brand",
        TEXT,
        synonyms=("card_brand", "card_type", "card_network"),
        text=realistic(),
    ),
    Generator(
        "card_expiry",
        TEXT,
        synonyms=(
            "card_expiry",
            "expiry",
            "expiration",
            "exp_date",
            "card_exp",
            "expiry_date_text",
        ),
        text=realistic(),
        fits_in=5,
    ),
    Generator("cvv", TEXT, synonyms=("cvv", "cvc", "security_code"), text=realistic(), fits_in=3),
    Generator(
        "discount_fraction",
        REAL,
        synonyms=("discount", "discount_fraction"),
        natural=NaturalRange(0, 0.25, "discount"),
    ),
    Generator(
        "currency",
        TEXT,
        synonyms=(
            "currency",
            "currency_code",
            "currencycode",
            "iso_currency",
            "ccy",
            "currency_iso",
            "currency_iso_code",
            "iso_currency_code",
            "ccy_code",
            "curr_code",
            "currency_cd",
            "currency_alpha",
            "iso4217",
            "iso_4217",
            "iso4217_code",
        ),
        text=pooled("currency", skewed=True),
        pool="currency",
        fits_in=3,
    ),
    Generator(
        "price",
        DECIMAL,
        synonyms=(
            "price",
            "unit_price",
            "list_price",
            "sale_price",
            "cost",
            "unit_cost",
            "amount",
            "total",
            "subtotal",
            "sub_total",
            "total_amount",
            "grand_total",
            "fee",
            "balance",
            "wage",
            "freight",
            "shipping_cost",
            "tax",
            "tax_amount",
            "discount",
            "discount_amount",
            "revenue",
            "payment",
            "amount_due",
            "amount_paid",
            "credit_limit",
            "budget",
            "income",
        ),
        patterns=(
            NamePattern(
                r"_(price|cost|amount|total|fee|fees|balance|tax|revenue|spend|value)$", 10
            ),
        ),
        decimals=prices,
    ),
    Generator(
        "percentage",
        NUMBER,
        synonyms=("percentage", "percent", "pct", "interest_rate", "commission_rate", "completion"),
        patterns=(NamePattern(r"_(pct|percent|percentage|ratio)$", 5),),
        natural=NaturalRange(0, 100, percent=True),
    ),
    Generator(
        "discount_percent",
        NUMBER,
        synonyms=(
            "discount_percent",
            "discount_pct",
            "discount_percentage",
            "discount_in_percent",
            "discount_rate",
            "percent_off",
        ),
        natural=NaturalRange(0, 50, "discount_percent", percent=True),
    ),
    Generator(
        "tax_rate",
        NUMBER,
        synonyms=(
            "tax_rate",
            "vat_rate",
            "sales_tax_rate",
            "tax_percent",
            "vat_percent",
            "tax_percentage",
        ),
        natural=NaturalRange(0, 25, "tax", percent=True),
    ),
    Generator(
        "salary",
        NUMBER,
        synonyms=(
            "salary",
            "annual_salary",
            "base_salary",
            "yearly_salary",
            "gross_salary",
            "annual_wage",
            "yearly_income",
            "annual_income",
        ),
        patterns=(NamePattern(r"_salary$", 11),),
        natural=NaturalRange(25000, 250000, "centre"),
    ),
    Generator(
        "monthly_salary",
        NUMBER,
        synonyms=("monthly_salary", "monthly_wage", "monthly_pay", "monthly_income"),
        natural=NaturalRange(2000, 20000, "centre"),
    ),
    Generator(
        "vat_number",
        TEXT,
        synonyms=(
            "vat_number",
            "vat_no",
            "vat_id",
            "vatin",
            "vat_reg_number",
            "vat_registration_number",
        ),
        text=realistic(),
        fits_in=11,
    ),
    Generator(
        "exchange_rate",
        DECIMAL,
        synonyms=("exchange_rate", "fx_rate", "conversion_rate"),
        natural=NaturalRange(0.5, 1.8),
    ),
    Generator(
        "payment_method",
        TEXT,
        synonyms=("payment_method", "payment_type", "pay_method", "payment_mode"),
        text=realistic(),
    ),
)
