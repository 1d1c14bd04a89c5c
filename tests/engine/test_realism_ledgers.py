"""Keys that meet along a chain, and totals the lines state, on a schema of our own (a
property-rental platform). A rent payment names its tenant and, often, the rent statement it
settles; the statement belongs to a lease and the lease to a tenant: the payment's tenant is
the lease's (kinds/meets.py: a chain of keys from the parent to the party the row names). A
deposit refund of a move-out inspection of a lease goes to that lease's tenant, three keys
away; a parking fine under a permit goes to the resident whose registered vehicle holds it
(residents are people by their columns). A service ticket's lease and the inspection it
cites are one tenant's, though no key of the ticket names the tenant (rules/path_meet.py,
one path a chain). A statement's amount
before tax is the sum of its items, its tax the sum of each item's amount times the item's
own tax rate, its total due the two added (kinds/totals.py); an agency invoice's GST is the
sum of its lines' own GST amounts. Checked in SQL on what a real
PostgreSQL holds, at three seeds."""

from __future__ import annotations

import pytest

from tests.engine.loading import loaded_database, share

SCHEMA = """
CREATE TABLE landlords (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE tenants (id serial PRIMARY KEY, full_name text NOT NULL, email text,
  phone text);
CREATE TABLE properties (id serial PRIMARY KEY,
  landlord_id int NOT NULL REFERENCES landlords(id), street text NOT NULL,
  city text NOT NULL, bedrooms smallint NOT NULL);
CREATE TABLE leases (id bigserial PRIMARY KEY,
  tenant_id int NOT NULL REFERENCES tenants(id),
  property_id int NOT NULL REFERENCES properties(id),
  starts_on date NOT NULL, ends_on date, monthly_rent numeric(9,2) NOT NULL);
CREATE TABLE rent_statements (id bigserial PRIMARY KEY,
  statement_no varchar(16) NOT NULL UNIQUE,
  lease_id bigint NOT NULL REFERENCES leases(id),
  issued_on date NOT NULL,
  amount_before_tax numeric(11,2) NOT NULL DEFAULT 0,
  tax_total numeric(11,2) NOT NULL DEFAULT 0,
  total_due numeric(11,2) NOT NULL DEFAULT 0);
CREATE TABLE statement_items (id bigserial PRIMARY KEY,
  rent_statement_id bigint NOT NULL REFERENCES rent_statements(id),
  item_no smallint NOT NULL, label varchar(60),
  units numeric(8,2) NOT NULL, unit_price numeric(9,2) NOT NULL,
  line_amount numeric(11,2) NOT NULL,
  tax_rate numeric(5,2) NOT NULL CHECK (tax_rate BETWEEN 0 AND 25),
  UNIQUE (rent_statement_id, item_no));
CREATE TABLE rent_payments (id bigserial PRIMARY KEY,
  tenant_id int NOT NULL REFERENCES tenants(id),
  rent_statement_id bigint REFERENCES rent_statements(id),
  paid_amount numeric(11,2) NOT NULL, received_on date NOT NULL);
CREATE TABLE move_out_inspections (id bigserial PRIMARY KEY,
  lease_id bigint NOT NULL REFERENCES leases(id), inspected_on date NOT NULL,
  damage_found boolean NOT NULL);
CREATE TABLE deposit_refunds (id bigserial PRIMARY KEY,
  move_out_inspection_id bigint NOT NULL REFERENCES move_out_inspections(id),
  tenant_id int NOT NULL REFERENCES tenants(id),
  refunded numeric(9,2) NOT NULL, refunded_on date NOT NULL);
CREATE TABLE service_tickets (id bigserial PRIMARY KEY,
  lease_id bigint NOT NULL REFERENCES leases(id),
  move_out_inspection_id bigint REFERENCES move_out_inspections(id),
  opened_on date NOT NULL, summary text);
CREATE TABLE residents (id serial PRIMARY KEY, full_name text NOT NULL, email text);
CREATE TABLE vehicle_registrations (id serial PRIMARY KEY,
  resident_id int NOT NULL REFERENCES residents(id), plate varchar(10) NOT NULL);
CREATE TABLE parking_permits (id serial PRIMARY KEY,
  vehicle_registration_id int NOT NULL REFERENCES vehicle_registrations(id),
  valid_from date NOT NULL, valid_to date NOT NULL);
CREATE TABLE parking_fines (id bigserial PRIMARY KEY,
  resident_id int NOT NULL REFERENCES residents(id),
  parking_permit_id int REFERENCES parking_permits(id),
  issued_on date NOT NULL, fine numeric(7,2) NOT NULL);
CREATE TABLE agency_invoices (id serial PRIMARY KEY,
  landlord_id int NOT NULL REFERENCES landlords(id), issued_on date NOT NULL,
  subtotal numeric(11,2), gst numeric(11,2), grand_total numeric(11,2));
CREATE TABLE agency_invoice_lines (id serial PRIMARY KEY,
  agency_invoice_id int NOT NULL REFERENCES agency_invoices(id), qty integer NOT NULL,
  unit_price numeric(9,2) NOT NULL, line_total numeric(11,2) NOT NULL,
  gst_amount numeric(9,2) NOT NULL);
"""

PAYMENTS = """
SELECT count(*), count(*) FILTER (WHERE p.tenant_id = l.tenant_id)
FROM rent_payments p
JOIN rent_statements s ON s.id = p.rent_statement_id
JOIN leases l ON l.id = s.lease_id
"""
REFUNDS = """
SELECT count(*), count(*) FILTER (WHERE r.tenant_id = l.tenant_id)
FROM deposit_refunds r
JOIN move_out_inspections i ON i.id = r.move_out_inspection_id
JOIN leases l ON l.id = i.lease_id
"""
# no key of the ticket names the tenant: its lease's tenant and its inspection's lease's
TICKETS = """
SELECT count(*), count(*) FILTER (WHERE l.tenant_id = il.tenant_id)
FROM service_tickets t
JOIN leases l ON l.id = t.lease_id
JOIN move_out_inspections i ON i.id = t.move_out_inspection_id
JOIN leases il ON il.id = i.lease_id
"""
# residents are people by their columns, not by their table's name
FINES = """
SELECT count(*), count(*) FILTER (WHERE f.resident_id = v.resident_id)
FROM parking_fines f
JOIN parking_permits p ON p.id = f.parking_permit_id
JOIN vehicle_registrations v ON v.id = p.vehicle_registration_id
"""
# the payments' tenants are not one or two: the meet follows each statement's lease
TENANTS = "SELECT count(DISTINCT tenant_id), count(DISTINCT tenant_id) FROM rent_payments"
STATEMENTS = """
WITH i AS (
  SELECT rent_statement_id, sum(line_amount) AS net, sum(line_amount * tax_rate / 100) AS tax,
         count(*) AS n, bool_and(abs(line_amount - units * unit_price) <= 0.01) AS lines_ok
  FROM statement_items GROUP BY rent_statement_id)
SELECT count(*), count(*) FILTER (WHERE i.lines_ok
    AND abs(s.amount_before_tax - i.net) <= 0.01
    AND abs(s.tax_total - i.tax) <= 0.01 * i.n
    AND abs(s.total_due - (s.amount_before_tax + s.tax_total)) <= 0.01)
FROM rent_statements s JOIN i ON i.rent_statement_id = s.id
"""
# a line's own amount of the tax adds up to the invoice's
AGENCY = """
WITH l AS (SELECT agency_invoice_id, sum(line_total) AS net, sum(gst_amount) AS gst
           FROM agency_invoice_lines GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE abs(a.subtotal - l.net) <= 0.01
    AND abs(a.gst - l.gst) <= 0.01 AND abs(a.grand_total - (a.subtotal + a.gst)) <= 0.01)
FROM agency_invoices a JOIN l ON l.agency_invoice_id = a.id
"""
# the tax is not nil: the items' rates are not all zero
TAXED = "SELECT count(*), count(*) FILTER (WHERE tax_total > 0) FROM rent_statements"

SETTINGS = {
    "generate": {"rows": 500},
    "tables": {"public.landlords": {"rows": 60}, "public.tenants": {"rows": 300}},
}


@pytest.fixture(scope="module", params=[1, 2, 7])
def loaded(request, pg_cluster):
    with loaded_database(pg_cluster, SCHEMA, SETTINGS, seed=request.param) as conninfo:
        yield conninfo


def test_a_rent_payment_comes_from_the_tenant_of_its_statements_lease(loaded: str) -> None:
    applies, holds = share(loaded, PAYMENTS)
    assert applies > 200
    assert holds >= 0.99
    tenants, _ = share(loaded, TENANTS)
    assert tenants > 50


def test_a_deposit_refund_goes_to_the_tenant_of_the_inspected_lease(loaded: str) -> None:
    applies, holds = share(loaded, REFUNDS)
    assert applies > 200
    assert holds >= 0.99


def test_a_parking_fine_goes_to_the_resident_whose_vehicle_held_the_permit(loaded: str) -> None:
    applies, holds = share(loaded, FINES)
    assert applies > 100
    assert holds >= 0.99


def test_a_tickets_inspection_is_of_a_lease_of_its_leases_tenant(loaded: str) -> None:
    applies, holds = share(loaded, TICKETS)
    assert applies > 100
    assert holds >= 0.99


def test_a_statements_totals_add_up_from_its_items_and_their_rates(loaded: str) -> None:
    applies, holds = share(loaded, STATEMENTS)
    assert applies > 100
    assert holds >= 0.99
    _, taxed = share(loaded, TAXED)
    assert taxed > 0.3
    applies, holds = share(loaded, AGENCY)
    assert applies > 100
    assert holds >= 0.99
