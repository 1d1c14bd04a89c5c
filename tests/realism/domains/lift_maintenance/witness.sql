-- Hand-made witness for lift_maintenance: every rule applies and holds.
BEGIN;

INSERT INTO public.country (iso2, name, currency, dial_code) VALUES
 ('DE', 'Germany', 'EUR', '+49'),
 ('NL', 'Netherlands', 'EUR', '+31'),
 ('GB', 'United Kingdom', 'GBP', '+44'),
 ('CH', 'Switzerland', 'CHF', '+41'),
 ('FI', 'Finland', 'EUR', '+358'),
 ('US', 'United States', 'USD', '+1');

INSERT INTO public.branch (branch_id, code, name, country_iso2, city, postcode, phone, opened_on) VALUES
 (1, 'BER', 'Berlin Mitte', 'DE', 'Berlin', '10115', '+49 30 2589 4410', '2004-03-01'),
 (2, 'RTM', 'Rotterdam', 'NL', 'Rotterdam', '3011 AB', '+31 10 714 2290', '2009-09-01'),
 (3, 'LON', 'London Central', 'GB', 'London', 'EC1A 1BB', '+44 20 7946 0321', '2012-01-16');

INSERT INTO public.manufacturer (mfr_id, name, country_iso2) VALUES
 (1, 'KONE', 'FI'),
 (2, 'Schindler', 'CH'),
 (3, 'Otis', 'US'),
 (4, 'TK Elevator', 'DE');

INSERT INTO public.customer (cust_id, acct_no, legal_name, country_iso2, vat_no, billing_email, phone, created_at) VALUES
 (1, 'C-DE-00017', 'Wohnbau Spree GmbH', 'DE', 'DE287614503', 'rechnungen@wohnbau-spree.de', '+49 30 4471 2200', '2021-11-18 10:12:00+01'),
 (2, 'C-NL-00004', 'Maasstad Vastgoed B.V.', 'NL', 'NL859312470B01', 'facturen@maasstadvastgoed.nl', '+31 10 288 4100', '2021-05-03 14:40:00+02'),
 (3, 'C-GB-00011', 'Holborn Estates Ltd', 'GB', 'GB314159265', 'accounts@holbornestates.co.uk', '+44 20 7242 8800', '2023-02-27 09:05:00+00');

INSERT INTO public.site (site_id, cust_id, branch_id, site_name, addr_line1, city, postcode, country_iso2, floors_above_ground, lat, lon) VALUES
 (1, 1, 1, 'Spreeblick Haus', 'Holzmarktstraße 12', 'Berlin', '10179', 'DE', 7, 52.512400, 13.421900),
 (2, 2, 2, 'Kop van Zuid Toren', 'Wilhelminakade 91', 'Rotterdam', '3072 AP', 'NL', 19, 51.907300, 4.488500),
 (3, 3, 3, 'Holborn Gate', '330 High Holborn', 'London', 'WC1V 7QH', 'GB', 6, 51.517800, -0.113500);

INSERT INTO public.lift (lift_id, site_id, mfr_id, serial_no, lift_type, rated_load_kg, rated_speed_mps, stops, install_date, status) VALUES
 (1, 1, 1, '40512877', 'passenger', 1000, 1.60, 8, '2012-06-20', 'in_service'),
 (2, 1, 4, 'TKE-7731902', 'goods', 2000, 0.50, 3, '2015-10-05', 'in_service'),
 (3, 2, 2, '1.094.332', 'passenger', 1275, 2.50, 20, '2010-03-11', 'in_service'),
 (4, 2, 2, '9300-55812', 'escalator', NULL, 0.50, 2, '2010-03-11', 'in_service'),
 (5, 3, 3, 'OT-DW-22871', 'dumbwaiter', 100, 0.40, 4, '2005-08-01', 'in_service'),
 (6, 3, 3, 'OT-GEN2-66120', 'bed', 1600, 1.00, 6, '2018-02-14', 'out_of_service');

INSERT INTO public.technician (tech_id, branch_id, emp_no, first_name, last_name, date_of_birth, hired_on, left_on, grade, mobile) VALUES
 (1, 1, 'E1042', 'Jonas', 'Weber', '1988-05-14', '2010-09-01', NULL, 'senior', '+49 171 552 8190'),
 (2, 2, 'E2007', 'Sanne', 'de Vries', '1979-11-02', '2001-08-15', NULL, 'supervisor', '+31 6 4127 9930'),
 (3, 3, 'E3019', 'Tom', 'Hughes', '1995-02-20', '2016-03-01', NULL, 'technician', '+44 7700 900412'),
 (4, 1, 'E1003', 'Klaus', 'Becker', '1958-01-10', '1980-04-01', '2023-01-31', 'supervisor', NULL);

INSERT INTO public.contract (contract_id, contract_no, cust_id, tier, start_date, end_date, annual_fee, currency, pm_visits_per_year) VALUES
 (1, 'LM-DE-0001', 1, 'comprehensive', '2022-01-01', NULL, 9600.00, 'EUR', 12),
 (2, 'LM-NL-0001', 2, 'standard', '2021-07-01', '2030-06-30', 7400.00, 'EUR', 6),
 (3, 'LM-GB-0001', 3, 'oil_and_grease', '2023-04-01', NULL, 4200.00, 'GBP', 4);

INSERT INTO public.contract_lift (contract_id, lift_id, added_on) VALUES
 (1, 1, '2022-01-01'), (1, 2, '2022-01-01'),
 (2, 3, '2021-07-01'), (2, 4, '2021-07-01'),
 (3, 5, '2023-04-01'), (3, 6, '2023-04-01');

INSERT INTO public.svc_visit (visit_id, lift_id, contract_id, tech_id, visit_seq, scheduled_start, started_at, finished_at, labour_minutes, status, notes) VALUES
 (1, 1, 1, 1, 1, '2024-03-12 09:00', '2024-03-12 09:05', '2024-03-12 10:35', 90, 'completed', 'Monthly PM, door operator adjusted'),
 (2, 1, 1, 1, 2, '2024-06-11 08:00', '2024-06-11 08:10', '2024-06-11 09:20', 70, 'completed', 'Replaced 2 door rollers'),
 (3, 1, 1, 1, 3, (date_trunc('week', current_date + 7) + interval '9 hours')::timestamp, NULL, NULL, NULL, 'scheduled', NULL),
 (4, 3, 2, 2, 1, '2024-05-15 10:00', '2024-05-15 10:00', '2024-05-15 12:00', 120, 'completed', 'Rope inspection, lubrication'),
 (5, 3, 2, 2, 2, '2024-09-16 13:00', NULL, NULL, NULL, 'cancelled', 'Customer moved date'),
 (6, 3, 2, 2, 3, (date_trunc('week', current_date + 7) + interval '1 day 14 hours')::timestamp, NULL, NULL, NULL, 'scheduled', NULL),
 (7, 4, 2, 2, 1, '2024-07-03 07:30', '2024-07-03 07:30', '2024-07-03 09:30', 110, 'completed', 'Step chain check'),
 (8, 5, 3, 3, 1, '2024-02-07 11:00', '2024-02-07 11:05', NULL, NULL, 'no_access', 'Kitchen locked'),
 (9, 5, 3, 3, 2, '2024-02-14 11:00', '2024-02-14 11:00', '2024-02-14 11:45', 40, 'completed', NULL);

INSERT INTO public.callout (callout_id, ref_no, lift_id, tech_id, priority, passenger_trapped, reported_at, arrived_at, resolved_at, outcome, fault_descr) VALUES
 (1, 'CO-DE-000981', 1, 1, 'p1_entrapment', true, now() - interval '30 days', now() - interval '30 days' + interval '35 minutes', now() - interval '30 days' + interval '2 hours', 'fixed', 'Car stopped between floors 3 and 4'),
 (2, 'CO-NL-000412', 3, 2, 'p3_fault', false, now() - interval '3 days', now() - interval '3 days' + interval '4 hours', NULL, 'parts_ordered', 'Landing door 12 noisy'),
 (3, 'CO-GB-000077', 6, 3, 'p2_unit_down', false, now() - interval '2 hours', NULL, NULL, NULL, 'Lift out of service, error E-21');

INSERT INTO public.trip_reading (reading_id, lift_id, read_at, trips_total, hours_run) VALUES
 (1, 1, '2024-01-02 08:00+01', 1234567, 8000),
 (2, 1, '2024-04-01 08:30+02', 1290000, 8300),
 (3, 1, '2024-07-01 09:00+02', 1350210, 8610),
 (4, 3, '2024-01-05 10:00+01', 450000, 3000),
 (5, 3, '2024-06-05 10:00+02', 512345, 3400);

INSERT INTO public.part (part_no, descr, mfr_id, list_price, currency, weight_kg) VALUES
 ('KM713120G01', 'Door roller 52mm', 1, 38.50, 'EUR', 0.210),
 ('SCH-59324401', 'Landing door gib', 2, 12.90, 'EUR', 0.050),
 ('OT-GAA26800', 'Brake lining set', 3, 164.00, 'GBP', 1.800);

INSERT INTO public.part_used (id, visit_id, callout_id, part_no, qty) VALUES
 (1, 2, NULL, 'KM713120G01', 2),
 (2, NULL, 2, 'SCH-59324401', 4);

INSERT INTO public.inspection (insp_id, lift_id, inspected_on, inspection_body, cert_no, result, next_due) VALUES
 (1, 1, '2024-02-20', 'TÜV SÜD Industrie Service', 'TS-24-118833', 'pass', '2026-02-20'),
 (2, 2, '2024-02-20', 'TÜV SÜD Industrie Service', 'TS-24-118834', 'pass_with_defects', '2026-02-20'),
 (3, 3, '2024-04-09', 'Liftinstituut', 'LI-2024-55120', 'pass', '2025-04-09'),
 (4, 4, '2024-04-09', 'Liftinstituut', 'LI-2024-55121', 'pass', '2025-04-09'),
 (5, 5, '2024-01-18', 'Zurich Engineering', 'ZE/24/00871', 'pass', '2024-07-18'),
 (6, 6, '2024-01-18', 'Zurich Engineering', 'ZE/24/00872', 'pass', '2024-07-18');

INSERT INTO public.invoice (invoice_id, invoice_no, cust_id, contract_id, issued_on, due_on, currency, net_amt, vat_amt, gross_amt, status, paid_on) VALUES
 (1, 'INV-DE-24-0001', 1, 1, '2024-01-05', '2024-02-04', 'EUR', 2400.00, 456.00, 2856.00, 'paid', '2024-01-30'),
 (2, 'INV-GB-24-0007', 3, 3, '2024-05-02', '2024-06-01', 'GBP', 1287.50, 257.50, 1545.00, 'issued', NULL);

INSERT INTO public.invoice_line (invoice_id, line_no, descr, qty, unit_price, line_amt) VALUES
 (1, 1, 'Vollwartung Q1 2024, Vertrag LM-DE-0001', 1, 2400.00, 2400.00),
 (2, 1, 'Quarterly maintenance Q2 2024', 1, 1050.00, 1050.00),
 (2, 2, 'Out-of-hours callout labour', 2.5, 95.00, 237.50);

SELECT setval('public.branch_branch_id_seq', 3);
SELECT setval('public.manufacturer_mfr_id_seq', 4);
SELECT setval('public.customer_cust_id_seq', 3);
SELECT setval('public.site_site_id_seq', 3);
SELECT setval('public.lift_lift_id_seq', 6);
SELECT setval('public.technician_tech_id_seq', 4);
SELECT setval('public.contract_contract_id_seq', 3);
SELECT setval('public.svc_visit_visit_id_seq', 9);
SELECT setval('public.callout_callout_id_seq', 3);
SELECT setval('public.trip_reading_reading_id_seq', 5);
SELECT setval('public.part_used_id_seq', 2);
SELECT setval('public.inspection_insp_id_seq', 6);
SELECT setval('public.invoice_invoice_id_seq', 2);

COMMIT;
