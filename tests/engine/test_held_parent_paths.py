"""A row that names a party and something the party holds (a subscription) belongs to the
party the held thing does: a magazine dispatch names its reader, its address and the
subscription it fills; the subscription is the reader's, to that address. A subscription is
no content others respond to (a post, a comment), so its keys meet the row's along every
path (kinds/every_path.py). On a schema of our own, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE reader (reader_id int PRIMARY KEY, full_name varchar(80) NOT NULL,
  joined_on date NOT NULL);
CREATE TABLE postal_address (address_id int PRIMARY KEY,
  reader_id int NOT NULL REFERENCES reader(reader_id),
  street varchar(120) NOT NULL, town varchar(60) NOT NULL);
CREATE TABLE magazine (magazine_id int PRIMARY KEY, title varchar(80) NOT NULL);
CREATE TABLE magazine_subscriptions (subscription_id int PRIMARY KEY,
  reader_id int NOT NULL REFERENCES reader(reader_id),
  address_id int NOT NULL REFERENCES postal_address(address_id),
  magazine_id int NOT NULL REFERENCES magazine(magazine_id),
  started_on date NOT NULL);
CREATE TABLE issue_dispatch (dispatch_id int PRIMARY KEY,
  subscription_id int NOT NULL REFERENCES magazine_subscriptions(subscription_id),
  reader_id int NOT NULL REFERENCES reader(reader_id),
  address_id int NOT NULL REFERENCES postal_address(address_id),
  dispatched_on date NOT NULL);
"""
SETTINGS = {"generate": {"rows": 300}, "tables": {"magazine": {"rows": 8}}}

AGREES = """
SELECT count(*)::int, count(*) FILTER (WHERE d.reader_id = s.reader_id
  AND d.address_id = s.address_id AND a.reader_id = d.reader_id)::int
FROM issue_dispatch d JOIN magazine_subscriptions s ON s.subscription_id = d.subscription_id
JOIN postal_address a ON a.address_id = d.address_id
"""


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_a_dispatch_is_its_subscriptions_reader_at_its_address(pg_cluster, seed: int) -> None:
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=seed) as conninfo:
        applies, holds = share(conninfo, AGREES)
    assert applies == 300
    assert holds >= 0.99
