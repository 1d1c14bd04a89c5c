-- Witness rows for the property_management rules: a small European portfolio
-- (Berlin, Lyon, Manchester). Every date is relative to now() / current_date.

BEGIN;

INSERT INTO currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2),
  ('CHF', 'Swiss franc', 2),
  ('PLN', 'Polish złoty', 2);

INSERT INTO countries (code, name, currency_code, calling_code, is_operating) VALUES
  ('DE', 'Germany', 'EUR', '49', true),
  ('FR', 'France', 'EUR', '33', true),
  ('GB', 'United Kingdom', 'GBP', '44', true),
  ('NL', 'Netherlands', 'EUR', '31', false),
  ('CH', 'Switzerland', 'CHF', '41', false),
  ('PL', 'Poland', 'PLN', '48', false);

INSERT INTO owners (owner_id, kind, display_name, legal_name, email, phone, country_code, date_of_birth,
                    company_registration_no, payout_iban, management_fee_pct, created_at) VALUES
  (1, 'company', 'Spreeblick Wohnen', 'Spreeblick Wohnen GmbH', 'verwaltung@spreeblick-wohnen.de', '+49 30 2589 4410', 'DE', NULL,
      'HRB 187342 B', 'DE89370400440532013000', 6.50, now() - interval '6 years 2 months'),
  (2, 'individual', 'Claire Dubois', 'Claire Dubois', 'claire.dubois@orange.fr', '+33 4 78 29 61 05', 'FR',
      current_date - interval '57 years 8 months', NULL, 'FR1420041010050500013M02606', 8.00, now() - interval '3 years 1 month'),
  (3, 'fund', 'Northern Quarter Residential Fund', 'Northern Quarter Residential Fund LP', 'assetmanagement@nqrf.co.uk', '+44 161 496 0732', 'GB', NULL,
      'LP021874', 'GB29NWBK60161331926819', 10.00, now() - interval '4 years 5 months');

INSERT INTO properties (property_id, owner_id, property_code, name, property_type, address_line1, address_line2, city, postcode,
                        country_code, latitude, longitude, year_built, floors, acquired_on, created_at) VALUES
  (1, 1, 'DE-BER-0001', 'Wohnanlage Boxhagener Straße', 'residential_block', 'Boxhagener Straße 54', NULL, 'Berlin', '10245',
      'DE', 52.510870, 13.459420, 1906, 5, current_date - interval '6 years 2 months', now() - interval '6 years 2 months'),
  (2, 2, 'FR-LYS-0001', 'Résidence Croix-Rousse', 'residential_block', '12 Rue d''Austerlitz', NULL, 'Lyon', '69004',
      'FR', 45.773940, 4.832190, 1890, 6, current_date - interval '3 years 1 month', now() - interval '3 years 1 month'),
  (3, 3, 'GB-MAN-0001', 'Ancoats Works', 'mixed_use', '21 Blossom Street', NULL, 'Manchester', 'M4 6AJ',
      'GB', 53.484110, -2.229840, 1912, 6, current_date - interval '4 years 5 months', now() - interval '4 years 5 months');

INSERT INTO units (unit_id, property_id, unit_number, unit_type, floor, bedrooms, bathrooms, floor_area_m2, market_rent, status) VALUES
  (1, 1, '1.01', 'apartment', 1, 2, 1.0, 64.50, 1150.00, 'occupied'),
  (2, 1, '2.03', 'studio', 2, 0, 1.0, 28.00, 690.00, 'vacant'),
  (3, 2, 'A12', 'apartment', 1, 3, 1.0, 78.00, 1240.00, 'occupied'),
  (4, 3, 'G01', 'retail', 0, 0, 1.0, 140.00, 3200.00, 'occupied'),
  (5, 3, '4B', 'apartment', 4, 2, 2.0, 71.00, 1450.00, 'vacant'),
  (6, 1, 'TG-07', 'parking', -1, 0, 0.0, 12.50, 95.00, 'vacant');

INSERT INTO staff (staff_id, first_name, last_name, email, phone, role, office_country_code, date_of_birth, hired_on) VALUES
  (1, 'Jana', 'Becker', 'jana.becker@spreeblick-wohnen.de', '+49 30 2589 4421', 'property_manager', 'DE',
      current_date - interval '41 years 4 months', current_date - interval '5 years 9 months'),
  (2, 'Thomas', 'Wright', 'thomas.wright@nqrf.co.uk', '+44 161 496 0745', 'leasing_agent', 'GB',
      current_date - interval '29 years 7 months', current_date - interval '2 years 3 months'),
  (3, 'Élodie', 'Martin', 'elodie.martin@gestion-croixrousse.fr', '+33 4 78 29 61 12', 'property_manager', 'FR',
      current_date - interval '36 years 2 months', current_date - interval '3 years');

INSERT INTO tenants (tenant_id, first_name, last_name, email, phone, date_of_birth, nationality_code, created_at) VALUES
  (1, 'Lukas', 'Schneider', 'lukas.schneider@posteo.de', '+49 176 2284 5519', current_date - interval '34 years 9 months', 'DE', now() - interval '5 months'),
  (2, 'Mia', 'Schneider', 'mia.schneider@gmx.de', '+49 151 4470 2368', current_date - interval '33 years 5 months', 'DE', now() - interval '5 months'),
  (3, 'Jan', 'Kowalski', 'jan.kowalski@wp.pl', '+48 601 234 778', current_date - interval '27 years 2 months', 'PL', now() - interval '27 months'),
  (4, 'Julien', 'Moreau', 'julien.moreau@free.fr', '+33 6 12 48 90 37', current_date - interval '41 years 11 months', 'FR', now() - interval '4 months'),
  (5, 'Oliver', 'Hughes', 'oliver@hughesandbarker.co.uk', '+44 7700 900418', current_date - interval '47 years 6 months', 'GB', now() - interval '7 months'),
  (6, 'Sophie', 'Laurent', 'sophie.laurent@laposte.net', '+33 6 71 05 22 84', current_date - interval '30 years 7 months', 'FR', now() - interval '31 months'),
  (7, 'Priya', 'Shah', 'priya.shah@outlook.com', '+44 7700 900852', current_date - interval '28 years 3 months', 'GB', now() - interval '4 days');

-- leases: 1 Berlin flat (open-ended), 2 Berlin studio (ended), 5 Lyon flat (ended), 3 Lyon flat (3-year bail,
-- started mid-month), 4 Manchester shop (5-year commercial lease), 6 Manchester flat (draft, starts next month)
INSERT INTO leases (lease_id, lease_number, unit_id, managed_by_staff_id, status, start_date, end_date, terminated_on,
                    monthly_rent, currency_code, deposit_amount, rent_due_day, signed_at, created_at)
SELECT v.lease_id, v.lease_number, v.unit_id, v.staff_id, v.status::lease_status, v.start_date,
       v.end_date, NULL, v.rent, v.currency, v.deposit, v.due_day,
       CASE WHEN v.status = 'draft' THEN NULL ELSE (v.start_date - 21 + time '14:30') AT TIME ZONE 'UTC' END,
       (v.start_date - 30 + time '10:00') AT TIME ZONE 'UTC'
FROM (VALUES
  (1, 'L-100101', 1, 1, 'active', (date_trunc('month', current_date) - interval '4 months')::date, NULL::date, 1150.00, 'EUR', 3450.00, 3),
  (2, 'L-100042', 2, 1, 'ended',  (date_trunc('month', current_date) - interval '26 months')::date,
                                  (date_trunc('month', current_date) - interval '2 months')::date - 1, 640.00, 'EUR', 1920.00, 3),
  (5, 'L-100038', 3, 3, 'ended',  (date_trunc('month', current_date) - interval '30 months')::date,
                                  (date_trunc('month', current_date) - interval '4 months')::date - 1, 1180.00, 'EUR', 1180.00, 5),
  (3, 'L-100104', 3, 3, 'active', (date_trunc('month', current_date) - interval '3 months')::date + 14,
                                  (date_trunc('month', current_date) - interval '3 months' + interval '3 years')::date + 13, 1240.00, 'EUR', 1240.00, 5),
  (4, 'L-100097', 4, 2, 'active', (date_trunc('month', current_date) - interval '6 months')::date,
                                  (date_trunc('month', current_date) - interval '6 months' + interval '5 years')::date - 1, 3200.00, 'GBP', 9600.00, 1),
  (6, 'L-100112', 5, 2, 'draft',  (date_trunc('month', current_date) + interval '1 month')::date,
                                  (date_trunc('month', current_date) + interval '13 months')::date - 1, 1450.00, 'GBP', 1673.00, 1)
) AS v(lease_id, lease_number, unit_id, staff_id, status, start_date, end_date, rent, currency, deposit, due_day);

INSERT INTO lease_tenants (lease_id, tenant_id, is_primary, moved_in_on, moved_out_on)
SELECT x.lease_id, x.tenant_id, x.is_primary, l.start_date, l.end_date
FROM (VALUES (1, 1, true), (1, 2, false), (2, 3, true), (5, 6, true), (3, 4, true), (4, 5, true), (6, 7, true))
       AS x(lease_id, tenant_id, is_primary)
JOIN leases l ON l.lease_id = x.lease_id;
UPDATE lease_tenants lt SET moved_out_on = NULL
FROM leases l WHERE l.lease_id = lt.lease_id AND l.status IN ('active', 'draft');

-- one rent invoice per calendar month of each signed lease, up to the current month
CREATE TEMP TABLE witness_plan AS
WITH x(lease_id, service, vat) AS (VALUES
  (1, 210.00, 0.00), (2, 120.00, 0.00), (5, 150.00, 0.00), (3, 160.00, 0.00), (4, 250.00, 0.20)
),
p AS (
  SELECT l.lease_id, l.monthly_rent, l.currency_code, l.rent_due_day, l.start_date, x.service, x.vat, k,
         greatest(l.start_date, (date_trunc('month', l.start_date) + k * interval '1 month')::date) AS ps,
         least((date_trunc('month', l.start_date) + (k + 1) * interval '1 month')::date - 1,
               coalesce(l.end_date, 'infinity'::date)) AS pe,
         (date_trunc('month', l.start_date) + (k + 1) * interval '1 month')::date
           - (date_trunc('month', l.start_date) + k * interval '1 month')::date AS month_days
  FROM leases l
  JOIN x ON x.lease_id = l.lease_id
  CROSS JOIN LATERAL generate_series(0, 40) AS k
  WHERE date_trunc('month', l.start_date) + k * interval '1 month'
        <= least(coalesce(l.end_date, 'infinity'::date), date_trunc('month', current_date))
),
a AS (
  SELECT p.*,
         round(monthly_rent * (pe - ps + 1) / month_days, 2) AS rent_amt,
         round(service * (pe - ps + 1) / month_days, 2) AS service_amt
  FROM p
)
SELECT a.*,
       lease_id * 100 + k + 1 AS invoice_id,
       rent_amt + service_amt AS subtotal,
       round((rent_amt + service_amt) * vat, 2) AS tax,
       rent_amt + service_amt + round((rent_amt + service_amt) * vat, 2) AS total,
       ps - 10 AS issue_date,
       ps + (rent_due_day - 1) AS due_date,
       CASE
         WHEN lease_id = 4 AND ps = (date_trunc('month', current_date) - interval '1 month')::date THEN 'partially_paid'
         WHEN lease_id IN (3, 4) AND ps = date_trunc('month', current_date)::date THEN
           CASE WHEN ps + (rent_due_day - 1) < current_date THEN 'overdue' ELSE 'issued' END
         ELSE 'paid'
       END AS status,
       ((ps - 1) + time '09:00') AT TIME ZONE 'UTC' AS received_at
FROM a;

INSERT INTO rent_invoices (invoice_id, invoice_number, lease_id, installment_no, period_start, period_end, issue_date, due_date,
                           currency_code, subtotal, tax_amount, total_amount, status, paid_at, created_at)
SELECT invoice_id, 'RI-' || lease_id || '-' || lpad((k + 1)::text, 3, '0'), lease_id, k + 1, ps, pe, issue_date, due_date,
       currency_code, subtotal, tax, total, status::invoice_status,
       CASE WHEN status = 'paid' THEN received_at + interval '2 hours' END,
       (issue_date + time '06:00') AT TIME ZONE 'UTC'
FROM witness_plan;

INSERT INTO invoice_lines (invoice_id, line_no, charge_type, description, quantity, unit_price, amount, tax_rate)
SELECT invoice_id, 1, 'rent'::charge_type, 'Rent ' || to_char(ps, 'DD.MM.YYYY') || ' - ' || to_char(pe, 'DD.MM.YYYY'),
       1, rent_amt, rent_amt, vat * 100
FROM witness_plan
UNION ALL
SELECT invoice_id, 2, 'service_charge'::charge_type, 'Service charge advance ' || to_char(ps, 'MM/YYYY'),
       1, service_amt, service_amt, vat * 100
FROM witness_plan;

INSERT INTO payments (invoice_id, payer_tenant_id, amount, currency_code, method, status, received_at, bank_reference)
SELECT w.invoice_id, lt.tenant_id, w.total, w.currency_code,
       CASE WHEN w.currency_code = 'GBP' THEN 'bank_transfer' ELSE 'direct_debit' END::payment_method,
       'completed', w.received_at, 'RENT ' || w.invoice_id
FROM witness_plan w
JOIN lease_tenants lt ON lt.lease_id = w.lease_id AND lt.is_primary
WHERE w.status = 'paid';

INSERT INTO payments (invoice_id, payer_tenant_id, amount, currency_code, method, status, received_at, bank_reference)
SELECT w.invoice_id, 5, w.total, w.currency_code, 'direct_debit'::payment_method, 'failed'::payment_status, w.received_at, 'DD RETURNED AM04'
FROM witness_plan w WHERE w.status = 'partially_paid'
UNION ALL
SELECT w.invoice_id, 5, 2000.00, w.currency_code, 'bank_transfer'::payment_method, 'completed'::payment_status, ((w.ps + 6) + time '10:15') AT TIME ZONE 'UTC', 'HUGHES BARKER PART'
FROM witness_plan w WHERE w.status = 'partially_paid';

DROP TABLE witness_plan;

INSERT INTO vendors (vendor_id, name, trade, country_code, phone, email, hourly_rate, currency_code, insurance_valid_until, active) VALUES
  (1, 'Rohrblitz Sanitär GmbH', 'plumbing', 'DE', '+49 30 6128 3340', 'auftrag@rohrblitz-berlin.de', 68.00, 'EUR', current_date + 210, true),
  (2, 'Électricité Saône Services', 'electrical', 'FR', '+33 4 72 10 44 90', 'contact@electricite-saone.fr', 55.00, 'EUR', current_date + 95, true),
  (3, 'Mancunian Building Maintenance Ltd', 'general_repairs', 'GB', '+44 161 496 0199', 'jobs@mancunian-bm.co.uk', 42.00, 'GBP', current_date + 300, true);

INSERT INTO maintenance_requests (request_id, unit_id, reported_by_tenant_id, category, priority, status, title, description, reported_at, completed_at) VALUES
  (1, 1, 1, 'plumbing', 'normal', 'completed', 'Kitchen tap dripping', 'Mixer tap drips constantly, cartridge probably worn.',
      now() - interval '40 days', date_trunc('day', now()) - interval '38 days' + interval '10 hours 15 minutes'),
  (2, 3, 4, 'electrical', 'high', 'assigned', 'Bathroom fuse trips', 'Circuit breaker for the bathroom trips when the heater is on.',
      now() - interval '3 days', NULL),
  (3, 4, NULL, 'general_repairs', 'low', 'open', 'Shop front sign loose', 'Noticed on quarterly inspection: fascia sign bracket loose.',
      now() - interval '10 days', NULL),
  (4, 2, 3, 'plumbing', 'emergency', 'completed', 'Water leaking through ceiling', 'Burst pipe under the sink, water coming through to flat 1.03.',
      (((date_trunc('month', current_date) - interval '26 months')::date + 100) + time '19:40') AT TIME ZONE 'Europe/Berlin',
      (((date_trunc('month', current_date) - interval '26 months')::date + 100) + time '22:50') AT TIME ZONE 'Europe/Berlin'),
  (5, 1, 2, 'hvac', 'normal', 'cancelled', 'Radiator not warm', 'Living room radiator cold; resolved after bleeding it ourselves.',
      now() - interval '60 days', NULL);

INSERT INTO work_orders (request_id, vendor_id, status, scheduled_start, scheduled_end, started_at, completed_at,
                         labour_minutes, labour_cost, materials_cost, currency_code) VALUES
  (1, 1, 'done',
      date_trunc('day', now()) - interval '38 days' + interval '8 hours',
      date_trunc('day', now()) - interval '38 days' + interval '12 hours',
      date_trunc('day', now()) - interval '38 days' + interval '8 hours 45 minutes',
      date_trunc('day', now()) - interval '38 days' + interval '10 hours 15 minutes',
      90, 102.00, 38.90, 'EUR'),
  (2, 2, 'scheduled',
      date_trunc('day', now()) + interval '1 day 8 hours',
      date_trunc('day', now()) + interval '1 day 11 hours',
      NULL, NULL, NULL, NULL, NULL, 'EUR'),
  (4, 1, 'done',
      (((date_trunc('month', current_date) - interval '26 months')::date + 100) + time '20:30') AT TIME ZONE 'Europe/Berlin',
      (((date_trunc('month', current_date) - interval '26 months')::date + 100) + time '22:30') AT TIME ZONE 'Europe/Berlin',
      (((date_trunc('month', current_date) - interval '26 months')::date + 100) + time '20:45') AT TIME ZONE 'Europe/Berlin',
      (((date_trunc('month', current_date) - interval '26 months')::date + 100) + time '22:50') AT TIME ZONE 'Europe/Berlin',
      150, 170.00, 64.20, 'EUR');

INSERT INTO meters (meter_id, unit_id, utility, serial_number, unit_of_measure, installed_on) VALUES
  (1, 1, 'electricity', '1ESY1160512345', 'kWh', current_date - interval '5 years 3 months'),
  (2, 3, 'water', 'FR-SAP-22-0048173', 'm3', current_date - interval '7 years 1 month'),
  (3, 4, 'electricity', 'L88S014729', 'kWh', current_date - interval '3 years 8 months');

INSERT INTO meter_readings (meter_id, read_at, reading_value, source) VALUES
  (1, now() - interval '91 days', 18234.500, 'actual'),
  (1, now() - interval '61 days', 18421.000, 'tenant_submitted'),
  (1, now() - interval '30 days', 18630.200, 'estimated'),
  (1, now() - interval '2 days', 18842.900, 'actual'),
  (2, now() - interval '120 days', 412.350, 'actual'),
  (2, now() - interval '60 days', 427.900, 'actual'),
  (2, now() - interval '5 days', 443.120, 'actual'),
  (3, now() - interval '92 days', 96120.000, 'actual'),
  (3, now() - interval '1 day', 101874.000, 'actual');

-- viewings: S is the Sunday before today
INSERT INTO viewings (unit_id, staff_id, prospect_name, prospect_email, prospect_phone, scheduled_at, duration_minutes, outcome, created_at)
SELECT v.unit_id, v.staff_id, v.prospect_name, v.email, v.phone,
       ((s.s + v.day_offset) + v.local_time) AT TIME ZONE v.zone, v.mins, v.outcome::viewing_outcome,
       now() - interval '20 days'
FROM (SELECT current_date - extract(isodow FROM current_date)::int AS s) AS s
CROSS JOIN (VALUES
  (5, 2, 'Priya Shah', 'priya.shah@outlook.com', '+44 7700 900852', -5, time '17:30', 30, 'Europe/London', 'attended'),
  (5, 2, 'Daniel Okafor', 'd.okafor@gmail.com', '+44 7700 900317', -1, time '11:00', 30, 'Europe/London', 'application_submitted'),
  (2, 1, 'Hannah Vogel', 'hannah.vogel@web.de', '+49 160 9921 4473', -3, time '12:00', 20, 'Europe/Berlin', 'no_show'),
  (2, 1, 'Mehmet Arslan', 'mehmet.arslan@t-online.de', '+49 171 5530 2291', 11, time '18:15', 45, 'Europe/Berlin', 'scheduled')
) AS v(unit_id, staff_id, prospect_name, email, phone, day_offset, local_time, mins, zone, outcome);

INSERT INTO inspections (lease_id, staff_id, inspection_type, inspected_at, condition_score, notes)
SELECT l.lease_id, l.managed_by_staff_id, 'move_in'::inspection_type, (l.start_date + time '10:00') AT TIME ZONE 'Europe/Berlin', 4, 'Handover protocol signed, 3 keys issued.'
FROM leases l WHERE l.lease_id = 1
UNION ALL
SELECT l.lease_id, l.managed_by_staff_id, 'move_out', ((l.end_date - 1) + time '11:00') AT TIME ZONE 'Europe/Berlin', 3, 'Minor wall marks; deposit deduction 85 EUR for repainting.'
FROM leases l WHERE l.lease_id = 2;

COMMIT;
