"""Bank codes in their row's country and running balances, on schemas of our own (a wallet
app and a brokerage's cash book), checked in SQL on what a real PostgreSQL holds:

- a wallet's IBAN is valid (mod 97) and carries its provider's country, not its member's; a
  payee's IBAN carries the payee's own country (rules/code_country.py); where that country
  issues no IBANs, the account is held in one that does (generators/ibans.held_in);
- a wallet movement's delta is negative when money goes out (a withdrawal, a purchase) and
  positive when it comes in (a top-up, a refund), and each running balance is the wallet's
  previous one plus the delta, in time order, never below zero (rules/running.py,
  load/running_load.py);
- a cash book's balance after each posting starts from the account's opening balance."""

from __future__ import annotations

import psycopg
import pytest

from tests.engine.loading import loaded_database, share
from workbench.seed.fiction import IBAN_LENGTHS, iban_valid

SCHEMA = """
CREATE TABLE providers (id serial PRIMARY KEY, provider_name text NOT NULL,
  country char(2) NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, full_name text NOT NULL, country char(2) NOT NULL,
  joined_at timestamptz NOT NULL);
CREATE TABLE currency_codes (code char(3) PRIMARY KEY, label text NOT NULL);
CREATE TABLE wallets (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members,
  provider_id int NOT NULL REFERENCES providers, iban varchar(34) NOT NULL UNIQUE,
  currency char(3) NOT NULL REFERENCES currency_codes, opened_at timestamptz NOT NULL,
  closed_at timestamptz, CHECK (closed_at IS NULL OR closed_at >= opened_at));
CREATE TABLE payees (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members,
  payee_name text NOT NULL, country char(2) NOT NULL, iban varchar(34) NOT NULL);
CREATE TABLE wallet_transfers (id serial PRIMARY KEY,
  from_wallet_id int NOT NULL REFERENCES wallets, to_wallet_id int REFERENCES wallets,
  payee_id int REFERENCES payees, currency char(3) NOT NULL REFERENCES currency_codes,
  amount numeric(12,2) NOT NULL CHECK (amount > 0), requested_at timestamptz NOT NULL,
  CHECK (num_nonnulls(to_wallet_id, payee_id) = 1));
CREATE TABLE wallet_movements (id bigserial PRIMARY KEY,
  wallet_id int NOT NULL REFERENCES wallets, moved_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('top_up', 'withdrawal', 'purchase', 'refund')),
  delta numeric(12,2) NOT NULL CHECK (delta <> 0), running_balance numeric(14,2) NOT NULL);
CREATE TABLE bills (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members,
  issued_at timestamptz NOT NULL, amount numeric(12,2) NOT NULL, balance numeric(12,2));
CREATE TABLE cash_accounts (id serial PRIMARY KEY, label text NOT NULL,
  opening_balance numeric(14,2) NOT NULL);
CREATE TABLE cash_postings (id serial PRIMARY KEY,
  cash_account_id int NOT NULL REFERENCES cash_accounts, posted_on date NOT NULL,
  amount numeric(12,2) NOT NULL, balance_after numeric(14,2) NOT NULL);
"""

ROWS = 400


@pytest.fixture(scope="module")
def loaded(pg_cluster):
    settings = {
        "generate": {"rows": ROWS},
        "tables": {
            "providers": {"rows": 12},
            "cash_accounts": {"rows": 30},
            "currency_codes": {"rows": 6},
        },
    }
    with loaded_database(pg_cluster, SCHEMA, settings, seed=3) as conninfo:
        yield conninfo


def test_a_wallet_iban_carries_its_provider_country(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute(
            "SELECT w.iban, p.country, m.country FROM wallets w "
            "JOIN providers p ON p.id = w.provider_id JOIN members m ON m.id = w.member_id"
        ).fetchall()
    assert len(rows) == ROWS
    # a provider in a country without IBANs banks in one with them (the run's market)
    assert all(
        iban_valid(iban) and (iban[:2] == country or country not in IBAN_LENGTHS)
        for iban, country, _ in rows
    )
    assert all(iban[:2] in IBAN_LENGTHS for iban, _, _ in rows)
    # the provider's country, not the member's, and the registered length where there is one
    assert sum(iban[:2] != member for iban, _, member in rows) > ROWS // 2
    assert all(len(i) == IBAN_LENGTHS[i[:2]] for i, _, _ in rows if i[:2] in IBAN_LENGTHS)


def test_a_payee_iban_carries_its_own_country(loaded: str) -> None:
    with psycopg.connect(loaded) as conn:
        rows = conn.execute("SELECT iban, country FROM payees").fetchall()
    assert len(rows) == ROWS
    # its own country where that issues IBANs; else it banks where IBANs are (never an IBAN
    # of a country that has none)
    assert all(i[:2] == c for i, c in rows if c in IBAN_LENGTHS)
    assert all(i[:2] in IBAN_LENGTHS and iban_valid(i) for i, _ in rows)


def test_a_running_balance_adds_each_signed_delta(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        WITH m AS (
            SELECT kind, delta, running_balance,
                   lag(running_balance) OVER (PARTITION BY wallet_id ORDER BY moved_at, id) AS prev
            FROM wallet_movements)
        SELECT count(*), count(*) FILTER (
            WHERE CASE WHEN kind IN ('withdrawal', 'purchase') THEN delta < 0 ELSE delta > 0 END
              AND (prev IS NULL OR running_balance = prev + delta)
              AND running_balance >= 0)
        FROM m
        """,
    )
    assert applies == ROWS and holds == 1.0


def test_a_cash_book_starts_from_the_opening_balance(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE p.balance_after = a.opening_balance + (
            SELECT sum(q.amount) FROM cash_postings q
            WHERE q.cash_account_id = p.cash_account_id
              AND (q.posted_on, q.id) <= (p.posted_on, p.id)))
        FROM cash_postings p JOIN cash_accounts a ON a.id = p.cash_account_id
        """,
    )
    assert applies == ROWS and holds == 1.0


def test_a_transfer_is_sent_while_both_wallets_are_open(loaded: str) -> None:
    applies, holds = share(
        loaded,
        """
        SELECT count(*), count(*) FILTER (WHERE t.currency = f.currency
            AND t.requested_at BETWEEN f.opened_at AND coalesce(f.closed_at, 'infinity')
            AND (o.id IS NULL OR t.requested_at
                 BETWEEN o.opened_at AND coalesce(o.closed_at, 'infinity')))
        FROM wallet_transfers t JOIN wallets f ON f.id = t.from_wallet_id
        LEFT JOIN wallets o ON o.id = t.to_wallet_id
        """,
    )
    assert applies == ROWS and holds >= 0.98, holds


def test_a_bill_balance_is_no_running_balance(loaded: str) -> None:
    """A bare `balance` beside an amount (a bill's balance due) is not summed per member."""
    _, running = share(
        loaded,
        """
        WITH b AS (SELECT amount, balance,
                          lag(balance) OVER (PARTITION BY member_id ORDER BY issued_at, id) AS prev
                   FROM bills)
        SELECT count(*), count(*) FILTER (WHERE prev IS NOT NULL AND balance = prev + amount)
        FROM b
        """,
    )
    assert running < 0.05
