"""Points and stored value kept as a ledger, on schemas of our own (a salon's loyalty scheme,
a transit operator's stored-value cards), checked in SQL on what a real PostgreSQL holds:

- each transaction's balance after is the previous one of its account plus the signed
  amount, from zero, in time order: the sign is the kind's (earning, topping up and refunding
  put in; redeeming, expiring and paying a fare take out) where the amount column is always
  positive, the amount's own where it is signed; never below zero, and nothing taken out is
  more than the balance before it; a kind that says neither way (`adjust`) is rare;
- the account's balance is its last balance after (0 without transactions), and what it has
  gathered over its life (`lifetime_points`, `total_loaded`) is the sum of what came in, so it
  is never below the balance;
- an earning tied to a visit comes at or after that visit, a visit of the account's client;
- the same books under other names: a gift card's bare `balance` after each entry (the
  entry's kind says which way it goes) and the card's `remaining_value` the last one; a
  prepaid meter's `credit_after` by its signed `amount` (a top-up in, consumption and the
  standing charge out) and the meter's `credit_balance` the last one; a club
  member's `stars` run by a signed `stars_delta` into `stars_after` (and `stars_earned_total`
  sums what came in); a shop's stock ledger moves `qty_after` by a positive `qty` its entry
  type signs (a receipt in; a sale or a write-off out) and the product's `qty_on_hand` is the
  last; a coffee shop's stamp card's entries, whose `entry_type` is free text, say `earn` or
  `redeem` as their `stamps_delta` puts in or takes out;
- points that each come from a visit (a NOT NULL key to it) run in the order of their own
  `created_at`, as whoever reads them reads them, not of the visits' times;
- a member's counters over its life are its visits': `total_visits` their number,
  `lifetime_spend` the sum of their `amount_spent`."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

NOW = "2026-03-10 09:00:00+00"
SETTINGS = {"generate": {"rows": 1000, "now": NOW.replace(" ", "T")}}

LOYALTY = """
CREATE TABLE clients (id serial PRIMARY KEY, full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE salon_visits (id serial PRIMARY KEY, client_id int NOT NULL REFERENCES clients,
  visited_at timestamptz NOT NULL, total_spent numeric(10,2) NOT NULL);
CREATE TABLE loyalty_accounts (id serial PRIMARY KEY,
  client_id int NOT NULL UNIQUE REFERENCES clients,
  points_balance int NOT NULL DEFAULT 0, lifetime_points int NOT NULL DEFAULT 0,
  tier text NOT NULL CHECK (tier IN ('bronze', 'silver', 'gold')),
  enrolled_at timestamptz NOT NULL);
CREATE TABLE loyalty_transactions (id bigserial PRIMARY KEY,
  account_id int NOT NULL REFERENCES loyalty_accounts,
  visit_id int REFERENCES salon_visits,
  kind text NOT NULL CHECK (kind IN ('earn', 'redeem', 'expire', 'adjust')),
  points int NOT NULL CHECK (points > 0),
  balance_after int NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE stamp_cards (id serial PRIMARY KEY, client_id int NOT NULL REFERENCES clients,
  stamps int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL);
CREATE TABLE stamp_entries (id bigserial PRIMARY KEY,
  stamp_card_id int NOT NULL REFERENCES stamp_cards, entry_type text NOT NULL,
  stamps_delta int NOT NULL, stamps_after int NOT NULL, created_at timestamptz NOT NULL);
"""
WALLET = """
CREATE TABLE riders (rider_id serial PRIMARY KEY, display_name text NOT NULL,
  joined_on date NOT NULL);
CREATE TABLE stored_value_cards (card_id serial PRIMARY KEY,
  rider_id int NOT NULL REFERENCES riders(rider_id), card_number varchar(19) NOT NULL,
  current_credit numeric(10,2) NOT NULL DEFAULT 0,
  total_loaded numeric(12,2) NOT NULL DEFAULT 0, issued_at timestamptz NOT NULL);
CREATE TYPE card_move AS ENUM ('top_up', 'fare', 'refund', 'correction');
CREATE TABLE card_movements (movement_id bigserial PRIMARY KEY,
  card_id int NOT NULL REFERENCES stored_value_cards(card_id),
  move_type card_move NOT NULL, amount numeric(10,2) NOT NULL,
  running_total numeric(12,2) NOT NULL, recorded_at timestamptz NOT NULL);
CREATE TABLE gift_cards (id serial PRIMARY KEY, rider_id int NOT NULL REFERENCES riders,
  remaining_value numeric(8,2) NOT NULL DEFAULT 0, issued_at timestamptz NOT NULL);
CREATE TABLE gift_card_entries (id bigserial PRIMARY KEY,
  gift_card_id int NOT NULL REFERENCES gift_cards,
  entry_kind text NOT NULL CHECK (entry_kind IN ('load', 'redemption', 'void')),
  amount numeric(8,2) NOT NULL CHECK (amount > 0), balance numeric(8,2) NOT NULL,
  created_at timestamptz NOT NULL);
CREATE TABLE prepaid_meters (id serial PRIMARY KEY, rider_id int NOT NULL REFERENCES riders,
  serial_no varchar(20) NOT NULL, credit_balance numeric(8,2) NOT NULL DEFAULT 0,
  installed_at timestamptz NOT NULL);
CREATE TABLE meter_credit_events (id bigserial PRIMARY KEY,
  meter_id int NOT NULL REFERENCES prepaid_meters,
  event_type text NOT NULL
    CHECK (event_type IN ('top_up', 'consumption', 'emergency_credit', 'standing_charge')),
  amount numeric(8,2) NOT NULL, credit_after numeric(8,2) NOT NULL,
  event_at timestamptz NOT NULL);
"""
CLUB = """
CREATE TABLE clubs (id serial PRIMARY KEY, club_name text NOT NULL, city text NOT NULL);
CREATE TABLE members (id serial PRIMARY KEY, club_id int NOT NULL REFERENCES clubs,
  full_name text NOT NULL, joined_at timestamptz NOT NULL,
  total_visits int NOT NULL DEFAULT 0, lifetime_spend numeric(12,2) NOT NULL DEFAULT 0,
  stars int NOT NULL DEFAULT 0, stars_earned_total int NOT NULL DEFAULT 0);
CREATE TABLE club_visits (id bigserial PRIMARY KEY, member_id int NOT NULL REFERENCES members,
  checked_in_at timestamptz NOT NULL, amount_spent numeric(8,2) NOT NULL DEFAULT 0);
CREATE TABLE star_movements (id bigserial PRIMARY KEY,
  member_id int NOT NULL REFERENCES members,
  reason varchar(10) NOT NULL CHECK (reason IN ('earn', 'redeem', 'expire')),
  stars_delta int NOT NULL, stars_after int NOT NULL, happened_at timestamptz NOT NULL);
CREATE TABLE reward_pots (id serial PRIMARY KEY, member_id int NOT NULL REFERENCES members,
  pot_balance int NOT NULL DEFAULT 0, opened_at timestamptz NOT NULL);
CREATE TABLE pot_entries (id bigserial PRIMARY KEY,
  reward_pot_id int NOT NULL REFERENCES reward_pots,
  club_visit_id bigint NOT NULL REFERENCES club_visits,
  kind text NOT NULL CHECK (kind IN ('earn', 'redeem')), points int NOT NULL CHECK (points > 0),
  balance_after int NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE shops (shop_id serial PRIMARY KEY, shop_name text NOT NULL);
CREATE TABLE products (product_id serial PRIMARY KEY,
  shop_id int NOT NULL REFERENCES shops(shop_id), sku varchar(20) NOT NULL,
  qty_on_hand int NOT NULL CHECK (qty_on_hand >= 0), created_at timestamptz NOT NULL);
CREATE TABLE stock_ledger (entry_id bigserial PRIMARY KEY,
  product_id int NOT NULL REFERENCES products(product_id),
  entry_type varchar(12) NOT NULL
    CHECK (entry_type IN ('receipt', 'sale', 'adjustment', 'write_off')),
  qty int NOT NULL CHECK (qty > 0), qty_after int NOT NULL CHECK (qty_after >= 0),
  entered_at timestamptz NOT NULL);
"""

LOYALTY_SIGNED = """(CASE WHEN t.kind IN ('redeem', 'expire') THEN -t.points ELSE t.points END)"""
LOYALTY_STEPS = f"""
SELECT count(*)::int, count(*) FILTER (WHERE balance_after = prev + signed
  AND balance_after >= 0)::int FROM (
  SELECT t.balance_after, {LOYALTY_SIGNED} AS signed,
    coalesce(lag(t.balance_after) OVER (PARTITION BY t.account_id
      ORDER BY t.created_at, t.id), 0) AS prev
  FROM loyalty_transactions t) s
"""
LOYALTY_REDEEM = """
SELECT count(*)::int, count(*) FILTER (WHERE points <= prev)::int FROM (
  SELECT t.kind, t.points, coalesce(lag(t.balance_after) OVER (PARTITION BY t.account_id
    ORDER BY t.created_at, t.id), 0) AS prev FROM loyalty_transactions t) s
WHERE kind = 'redeem'
"""
LOYALTY_KINDS = """
SELECT count(DISTINCT kind)::int, count(DISTINCT kind)::int FROM loyalty_transactions
"""
LOYALTY_ACCOUNT = """
SELECT count(*)::int, count(*) FILTER (WHERE a.points_balance = coalesce((SELECT t.balance_after
    FROM loyalty_transactions t WHERE t.account_id = a.id ORDER BY t.created_at DESC, t.id DESC
    LIMIT 1), 0)
  AND a.lifetime_points = coalesce((SELECT sum(t.points) FROM loyalty_transactions t
    WHERE t.account_id = a.id AND t.kind = 'earn'), 0)
  AND a.lifetime_points >= a.points_balance)::int
FROM loyalty_accounts a
"""
LOYALTY_VISIT = """
SELECT count(*)::int, count(*) FILTER (WHERE t.created_at >= v.visited_at
  AND v.client_id = a.client_id)::int
FROM loyalty_transactions t JOIN salon_visits v ON v.id = t.visit_id
JOIN loyalty_accounts a ON a.id = t.account_id WHERE t.kind = 'earn'
"""

WALLET_STEPS = """
SELECT count(*)::int, count(*) FILTER (WHERE running_total = prev + amount
  AND running_total >= 0
  AND sign(amount) = CASE WHEN move_type IN ('top_up', 'refund') THEN 1
                          WHEN move_type = 'fare' THEN -1 ELSE sign(amount) END)::int FROM (
  SELECT t.running_total, t.amount, t.move_type::text AS move_type,
    coalesce(lag(t.running_total) OVER (PARTITION BY t.card_id
      ORDER BY t.recorded_at, t.movement_id), 0) AS prev
  FROM card_movements t) s
"""
WALLET_CARD = """
SELECT count(*)::int, count(*) FILTER (WHERE c.current_credit = coalesce((SELECT m.running_total
    FROM card_movements m WHERE m.card_id = c.card_id
    ORDER BY m.recorded_at DESC, m.movement_id DESC LIMIT 1), 0)
  AND c.total_loaded = coalesce((SELECT sum(m.amount) FROM card_movements m
    WHERE m.card_id = c.card_id AND m.amount > 0), 0)
  AND c.total_loaded >= c.current_credit)::int
FROM stored_value_cards c
"""
CLUB_STARS = """
SELECT count(*)::int, count(*) FILTER (WHERE stars_after = prev + stars_delta
  AND stars_after >= 0 AND sign(stars_delta) = CASE WHEN reason = 'earn' THEN 1 ELSE -1 END)::int
FROM (SELECT t.stars_after, t.stars_delta, t.reason, coalesce(lag(t.stars_after)
    OVER (PARTITION BY t.member_id ORDER BY t.happened_at, t.id), 0) AS prev
  FROM star_movements t) s
"""
CLUB_POT = """
SELECT count(*)::int, count(*) FILTER (WHERE balance_after = prev + CASE kind WHEN 'redeem'
    THEN -points ELSE points END AND balance_after >= 0 AND p.pot_balance = last)::int
FROM (SELECT t.*, coalesce(lag(t.balance_after) OVER w, 0) AS prev,
    last_value(t.balance_after) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING
      AND UNBOUNDED FOLLOWING) AS last
  FROM pot_entries t WINDOW w AS (PARTITION BY t.reward_pot_id ORDER BY t.created_at, t.id)) s
JOIN reward_pots p ON p.id = s.reward_pot_id
"""
CLUB_MEMBER = """
SELECT count(*)::int, count(*) FILTER (WHERE m.stars = coalesce((SELECT t.stars_after
    FROM star_movements t WHERE t.member_id = m.id ORDER BY t.happened_at DESC, t.id DESC
    LIMIT 1), 0)
  AND m.stars_earned_total = coalesce((SELECT sum(t.stars_delta) FROM star_movements t
    WHERE t.member_id = m.id AND t.stars_delta > 0), 0)
  AND m.total_visits = (SELECT count(*) FROM club_visits v WHERE v.member_id = m.id)
  AND m.lifetime_spend = coalesce((SELECT sum(v.amount_spent) FROM club_visits v
    WHERE v.member_id = m.id), 0))::int
FROM members m
"""
CLUB_STOCK = """
SELECT count(*)::int, count(*) FILTER (WHERE qty_after = prev + CASE WHEN entry_type IN
    ('sale', 'write_off') THEN -qty ELSE qty END)::int
FROM (SELECT t.qty_after, t.qty, t.entry_type, coalesce(lag(t.qty_after)
    OVER (PARTITION BY t.product_id ORDER BY t.entered_at, t.entry_id), 0) AS prev
  FROM stock_ledger t) s
"""
CLUB_ON_HAND = """
SELECT count(*)::int, count(*) FILTER (WHERE p.qty_on_hand = coalesce((SELECT t.qty_after
    FROM stock_ledger t WHERE t.product_id = p.product_id
    ORDER BY t.entered_at DESC, t.entry_id DESC LIMIT 1), 0))::int
FROM products p
"""
CLUB_TAKES = """
SELECT count(*)::int, count(*) FILTER (WHERE entry_type IN ('sale', 'write_off'))::int
FROM stock_ledger
"""

GIFT_STEPS = """
SELECT count(*)::int, count(*) FILTER (WHERE balance = prev + CASE entry_kind
    WHEN 'redemption' THEN -amount ELSE amount END AND balance >= 0)::int
FROM (SELECT t.balance, t.amount, t.entry_kind, coalesce(lag(t.balance)
    OVER (PARTITION BY t.gift_card_id ORDER BY t.created_at, t.id), 0) AS prev
  FROM gift_card_entries t) s
"""
GIFT_CARD = """
SELECT count(*)::int, count(*) FILTER (WHERE g.remaining_value = coalesce((SELECT e.balance
    FROM gift_card_entries e WHERE e.gift_card_id = g.id
    ORDER BY e.created_at DESC, e.id DESC LIMIT 1), 0))::int
FROM gift_cards g
"""

METER_STEPS = """
SELECT count(*)::int, count(*) FILTER (WHERE credit_after = prev + amount AND credit_after >= 0
  AND sign(amount) = CASE WHEN event_type IN ('consumption', 'standing_charge') THEN -1
    ELSE 1 END)::int
FROM (SELECT t.credit_after, t.amount, t.event_type, coalesce(lag(t.credit_after)
    OVER (PARTITION BY t.meter_id ORDER BY t.event_at, t.id), 0) AS prev
  FROM meter_credit_events t) s
"""
METER_HELD = """
SELECT count(*)::int, count(*) FILTER (WHERE m.credit_balance = coalesce((SELECT e.credit_after
    FROM meter_credit_events e WHERE e.meter_id = m.id
    ORDER BY e.event_at DESC, e.id DESC LIMIT 1), 0))::int
FROM prepaid_meters m
"""

STAMPS = """
SELECT count(*)::int, count(*) FILTER (WHERE stamps_after = prev + stamps_delta
  AND stamps_after >= 0 AND entry_type = CASE WHEN stamps_delta < 0 THEN 'redeem' ELSE 'earn' END
  AND c.stamps = last)::int
FROM (SELECT t.*, coalesce(lag(t.stamps_after) OVER w, 0) AS prev,
    last_value(t.stamps_after) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING
      AND UNBOUNDED FOLLOWING) AS last
  FROM stamp_entries t WINDOW w AS (PARTITION BY t.stamp_card_id ORDER BY t.created_at, t.id)) s
JOIN stamp_cards c ON c.id = s.stamp_card_id
"""


@pytest.fixture(scope="module", params=[1, 2, 7])
def loyalty(request, pg_cluster):
    with loaded_database(pg_cluster, LOYALTY, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


@pytest.fixture(scope="module", params=[1, 2, 7])
def wallet(request, pg_cluster):
    with loaded_database(pg_cluster, WALLET, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_points_run_by_the_kind_of_each_transaction(loyalty: str) -> None:
    applies, holds = share(loyalty, LOYALTY_STEPS)
    assert applies == 1000
    assert holds >= 0.98
    assert share(loyalty, LOYALTY_KINDS)[0] >= 3  # the kinds still vary


def test_a_redemption_takes_no_more_than_the_balance(loyalty: str) -> None:
    applies, holds = share(loyalty, LOYALTY_REDEEM)
    assert applies > 50
    assert holds >= 0.98


def test_the_account_holds_its_last_balance_and_its_lifetime_earnings(loyalty: str) -> None:
    applies, holds = share(loyalty, LOYALTY_ACCOUNT)
    assert applies == 1000
    assert holds >= 0.98


def test_points_earned_on_a_visit_come_after_it(loyalty: str) -> None:
    applies, holds = share(loyalty, LOYALTY_VISIT)
    assert applies > 0
    assert holds >= 0.98


def test_a_free_text_entry_type_says_which_way_the_stamps_went(loyalty: str) -> None:
    applies, holds = share(loyalty, STAMPS)
    assert applies == 1000
    assert holds >= 0.98


def test_stored_value_runs_by_the_signed_amount(wallet: str) -> None:
    applies, holds = share(wallet, WALLET_STEPS)
    assert applies == 1000
    assert holds >= 0.98


def test_the_card_holds_its_last_balance_and_what_was_loaded(wallet: str) -> None:
    applies, holds = share(wallet, WALLET_CARD)
    assert applies == 1000
    assert holds >= 0.98


@pytest.fixture(scope="module", params=[1, 2, 7])
def club(request, pg_cluster):
    with loaded_database(pg_cluster, CLUB, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_stars_run_by_their_signed_delta(club: str) -> None:
    applies, holds = share(club, CLUB_STARS)
    assert applies == 1000
    assert holds >= 0.98


def test_a_members_counters_are_its_visits_and_its_stars(club: str) -> None:
    applies, holds = share(club, CLUB_MEMBER)
    assert applies == 1000
    assert holds >= 0.98


def test_stock_runs_by_the_entry_type_and_stays_on_hand(club: str) -> None:
    applies, holds = share(club, CLUB_STOCK)
    assert applies == 1000
    assert holds >= 0.98
    assert share(club, CLUB_ON_HAND)[1] >= 0.98
    assert 0.05 <= share(club, CLUB_TAKES)[1] <= 0.6  # sales and write-offs still happen


def test_a_gift_cards_bare_balance_runs_by_the_entry_kind(wallet: str) -> None:
    applies, holds = share(wallet, GIFT_STEPS)
    assert applies == 1000
    assert holds >= 0.98
    assert share(wallet, GIFT_CARD)[1] >= 0.98


def test_a_prepaid_meters_credit_runs_by_its_events(wallet: str) -> None:
    applies, holds = share(wallet, METER_STEPS)
    assert applies == 1000
    assert holds >= 0.98
    assert share(wallet, METER_HELD)[1] >= 0.98


def test_points_earned_at_a_visit_run_in_their_own_time_order(club: str) -> None:
    applies, holds = share(club, CLUB_POT)
    assert applies == 1000
    assert holds >= 0.98
