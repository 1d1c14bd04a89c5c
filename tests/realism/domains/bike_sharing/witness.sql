BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
 ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, vat_rate) VALUES
 ('DE', 'Germany', 'EUR', '+49', 19.00),
 ('FR', 'France', 'EUR', '+33', 20.00),
 ('GB', 'United Kingdom', 'GBP', '+44', 20.00);

INSERT INTO public.cities (id, country_code, name, timezone, population) VALUES
 (1, 'DE', 'Berlin', 'Europe/Berlin', 3755000),
 (2, 'FR', 'Paris', 'Europe/Paris', 2103000),
 (3, 'GB', 'London', 'Europe/London', 8866000);

INSERT INTO public.systems (id, city_id, name, operator_name, launched_on) VALUES
 (1, 1, 'Berlin Bike Share', 'Spree Mobility GmbH', current_date - 2900),
 (2, 3, 'London Cycle Hire', 'Thames Cycle Hire Ltd', current_date - 4500);

INSERT INTO public.stations (id, system_id, code, name, street, postcode, latitude, longitude, dock_count, opened_on, closed_on, status) VALUES
 (1, 1, 'B-0001', 'Hauptbahnhof', 'Europaplatz 1', '10557', 52.525084, 13.369402, 24, current_date - 2800, NULL, 'active'),
 (2, 1, 'B-0002', 'Alexanderplatz', 'Alexanderplatz 3', '10178', 52.521918, 13.413215, 30, current_date - 2800, NULL, 'active'),
 (3, 1, 'B-0003', 'Kottbusser Tor', 'Adalbertstrasse 4', '10999', 52.499044, 13.418151, 18, current_date - 2100, NULL, 'active'),
 (4, 2, 'L-0101', 'Waterloo Station', 'Cab Road', 'SE1 8SW', 51.503399, -0.113267, 36, current_date - 4400, NULL, 'active'),
 (5, 2, 'L-0102', 'Southwark Street', 'Southwark Street', 'SE1 0HX', 51.505520, -0.097980, 22, current_date - 4300, NULL, 'active');

INSERT INTO public.bike_models (id, manufacturer, name, kind, weight_kg, battery_wh, motor_w, max_assist_kmh) VALUES
 (1, 'Pashley', 'Share Classic 3-speed', 'classic', 21.5, NULL, NULL, NULL),
 (2, 'Bosch-powered Urban', 'Share E 500', 'electric', 27.0, 500, 250, 25.0),
 (3, 'Urban Arrow', 'Family Share', 'cargo', 45.0, 600, 250, 25.0);

INSERT INTO public.bikes (id, system_id, model_id, frame_number, commissioned_on, retired_on, status) VALUES
 (1, 1, 1, 'WBS2019C000143', current_date - 1500, NULL, 'in_service'),
 (2, 1, 2, 'WBS2022E000812', current_date - 700, NULL, 'in_service'),
 (3, 1, 3, 'WBS2023K000027', current_date - 400, NULL, 'in_service'),
 (4, 2, 1, 'LCH2018C004471', current_date - 2000, NULL, 'in_service'),
 (5, 2, 2, 'LCH2022E001390', current_date - 800, NULL, 'in_repair');

INSERT INTO public.members (id, home_system_id, country_code, first_name, last_name, email, phone, date_of_birth, postcode, created_at, deleted_at) VALUES
 (1, 1, 'DE', 'Anna', 'Schmidt', 'anna.schmidt@example.de', '+49 30 12345678', (current_date - interval '35 years 2 months')::date, '10115', now() - interval '400 days', NULL),
 (2, 1, 'DE', 'Lukas', 'Becker', 'lukas.becker@example.de', '+49 176 23456789', (current_date - interval '22 years 7 months')::date, '10437', now() - interval '40 days', NULL),
 (3, 2, 'GB', 'Oliver', 'Hughes', 'oliver.hughes@example.co.uk', '+44 20 7946 0123', (current_date - interval '41 years 1 month')::date, 'SE1 7PB', now() - interval '200 days', NULL);

INSERT INTO public.payment_mandates (id, member_id, iban, account_holder, mandate_reference, signed_at, revoked_at) VALUES
 (1, 1, 'DE89370400440532013000', 'Anna Schmidt', 'BBS-MD-000001', now() - interval '399 days', NULL),
 (2, 3, 'GB29NWBK60161331926819', 'Oliver Hughes', 'LCH-DD-000001', now() - interval '199 days', NULL);

INSERT INTO public.plans (id, system_id, code, name, kind, price, currency_code, included_ride_minutes, per_minute_rate, valid_from, valid_to) VALUES
 (1, 1, 'ANNUAL', 'Jahresabo', 'annual', 90.00, 'EUR', 30, 0.0500, current_date - 1000, NULL),
 (2, 1, 'MONTHLY', 'Monatsabo', 'monthly', 9.00, 'EUR', 30, 0.0500, current_date - 1000, NULL),
 (3, 2, 'MONTHLY', 'Monthly membership', 'monthly', 15.00, 'GBP', 60, 0.0500, current_date - 1500, NULL);

INSERT INTO public.memberships (id, member_id, plan_id, starts_on, ends_on, status, auto_renew, created_at) VALUES
 (1, 1, 1, current_date - 200, current_date + 165, 'active', true, now() - interval '201 days'),
 (2, 2, 2, current_date - 10, current_date + 20, 'active', true, now() - interval '11 days'),
 (3, 3, 3, current_date - 15, current_date + 15, 'active', true, now() - interval '16 days');

INSERT INTO public.rides (id, member_id, membership_id, bike_id, start_station_id, end_station_id, started_at, ended_at, duration_minutes, distance_km, fare, currency_code, status) VALUES
 (1, 1, 1, 1, 1, 2, now() - interval '5 days', now() - interval '5 days' + interval '17 minutes', 17, 3.10, 0.00, 'EUR', 'completed'),
 (2, 1, 1, 2, 2, 3, now() - interval '4 days', now() - interval '4 days' + interval '10 minutes', 10, 2.60, 0.00, 'EUR', 'completed'),
 (3, 2, 2, 3, 3, 1, now() - interval '3 days', now() - interval '3 days' + interval '25 minutes', 25, 4.80, 0.00, 'EUR', 'completed'),
 (4, 2, 2, 1, 1, 3, now() - interval '2 days', now() - interval '2 days' + interval '8 minutes', 8, 1.90, 0.00, 'EUR', 'completed'),
 (5, 3, 3, 4, 4, 5, now() - interval '6 days', now() - interval '6 days' + interval '32 minutes', 32, 5.20, 0.00, 'GBP', 'completed'),
 (6, 3, 3, 5, 5, 4, now() - interval '1 day', now() - interval '1 day' + interval '14 minutes', 14, 1.40, 0.00, 'GBP', 'completed'),
 (7, 1, 1, 2, 3, 2, now() - interval '1 day 3 hours', now() - interval '1 day 3 hours' + interval '50 minutes', 50, 9.70, 1.00, 'EUR', 'completed'),
 (8, 3, 3, 4, 5, 4, now() - interval '2 days 5 hours', now() - interval '2 days 5 hours' + interval '21 minutes', 21, 2.30, 0.00, 'GBP', 'completed'),
 (9, 2, 2, 3, 1, NULL, now() - interval '20 minutes', NULL, NULL, NULL, 0.00, 'EUR', 'in_progress'),
 (10, 1, 1, 1, 2, 2, now() - interval '3 hours', now() - interval '3 hours' + interval '1 minute', 1, 0.00, 0.00, 'EUR', 'cancelled');

INSERT INTO public.odometer_readings (id, bike_id, read_at, odometer_km, source) VALUES
 (1, 1, now() - interval '30 days', 1204.5, 'iot'),
 (2, 1, now() - interval '10 days', 1231.2, 'iot'),
 (3, 1, now() - interval '1 day', 1236.0, 'iot'),
 (4, 4, now() - interval '20 days', 8810.0, 'technician'),
 (5, 4, now() - interval '2 days', 8841.4, 'iot');

INSERT INTO public.technicians (id, system_id, first_name, last_name, hired_on, left_on) VALUES
 (1, 1, 'Jonas', 'Krüger', current_date - 1200, NULL),
 (2, 2, 'Priya', 'Shah', current_date - 900, NULL);

INSERT INTO public.station_inspections (id, station_id, technician_id, scheduled_at, completed_at, outcome) VALUES
 (1, 1, 1, (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '6 days' + time '10:00') AT TIME ZONE 'Europe/Berlin',
           (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '6 days' + time '10:40') AT TIME ZONE 'Europe/Berlin', 'ok'),
 (2, 4, 2, (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 days' + time '14:30') AT TIME ZONE 'Europe/London',
           (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 days' + time '15:05') AT TIME ZONE 'Europe/London', 'minor_issues');

INSERT INTO public.repair_orders (id, bike_id, technician_id, opened_at, closed_at, status, fault_description) VALUES
 (1, 2, 1, now() - interval '8 days', now() - interval '8 days' + interval '3 hours', 'done', 'Rear brake weak, front tyre worn'),
 (2, 5, 2, now() - interval '2 days', NULL, 'in_progress', 'Battery does not charge');

INSERT INTO public.repair_tasks (id, repair_order_id, task_no, task_type, started_at, finished_at, labour_minutes) VALUES
 (1, 1, 1, 'brakes', now() - interval '8 days' + interval '1 hour', now() - interval '8 days' + interval '90 minutes', 30),
 (2, 1, 2, 'tyre', now() - interval '8 days' + interval '2 hours', now() - interval '8 days' + interval '160 minutes', 40),
 (3, 2, 1, 'battery', now() - interval '2 days' + interval '30 minutes', NULL, NULL);

INSERT INTO public.invoices (id, member_id, invoice_number, currency_code, period_start, period_end, issued_at, subtotal, tax_amount, total, status) VALUES
 (1, 1, 'BBS-2026-000101', 'EUR', current_date - 30, current_date - 1, now() - interval '1 day', 100.00, 19.00, 119.00, 'paid'),
 (2, 3, 'LCH-2026-000057', 'GBP', current_date - 15, current_date - 1, now() - interval '1 day', 15.00, 3.00, 18.00, 'open'),
 (3, 2, 'BBS-2026-000102', 'EUR', current_date - 10, current_date + 20, NULL, 2.50, 0.48, 2.98, 'draft');

INSERT INTO public.invoice_lines (id, invoice_id, line_no, ride_id, membership_id, description, quantity, unit_price, amount) VALUES
 (1, 1, 1, NULL, 1, 'Annual membership', 1, 90.0000, 90.00),
 (2, 1, 2, 7, NULL, 'Extra ride minutes', 20, 0.5000, 10.00),
 (3, 2, 1, NULL, 3, 'Monthly membership', 1, 15.0000, 15.00),
 (4, 3, 1, 3, NULL, 'Extra ride minutes', 10, 0.2500, 2.50);

INSERT INTO public.payments (id, invoice_id, mandate_id, paid_at, amount, method, status) VALUES
 (1, 1, 1, now() - interval '20 hours', 119.00, 'sepa_debit', 'succeeded'),
 (2, 2, 2, now() - interval '18 hours', 18.00, 'bacs_debit', 'failed');

SELECT setval('public.cities_id_seq', 3);
SELECT setval('public.systems_id_seq', 2);
SELECT setval('public.stations_id_seq', 5);
SELECT setval('public.bike_models_id_seq', 3);
SELECT setval('public.bikes_id_seq', 5);
SELECT setval('public.members_id_seq', 3);
SELECT setval('public.payment_mandates_id_seq', 2);
SELECT setval('public.plans_id_seq', 3);
SELECT setval('public.memberships_id_seq', 3);
SELECT setval('public.rides_id_seq', 10);
SELECT setval('public.odometer_readings_id_seq', 5);
SELECT setval('public.technicians_id_seq', 2);
SELECT setval('public.station_inspections_id_seq', 2);
SELECT setval('public.repair_orders_id_seq', 2);
SELECT setval('public.repair_tasks_id_seq', 3);
SELECT setval('public.invoices_id_seq', 3);
SELECT setval('public.invoice_lines_id_seq', 4);
SELECT setval('public.payments_id_seq', 2);

COMMIT;
