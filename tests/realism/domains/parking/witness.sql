BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, standard_vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('FR', 'France', 'EUR', '+33', 20.00),
  ('NL', 'Netherlands', 'EUR', '+31', 21.00);

INSERT INTO public.sites (id, site_code, name, site_type, country_code, city, street_address, postcode, timezone, total_bays, opened_on) VALUES
  (1, 'LON-001', 'Barbican Multi-Storey', 'multi_storey', 'GB', 'London', '12 Beech Street', 'EC2Y 8AE', 'Europe/London', 420, DATE '2011-03-01'),
  (2, 'PAR-014', 'Rue Oberkampf (voirie)', 'street', 'FR', 'Paris', 'Rue Oberkampf', '75011', 'Europe/Paris', 60, DATE '2018-01-01'),
  (3, 'AMS-003', 'Parkeergarage Europaplein', 'underground', 'NL', 'Amsterdam', 'Europaplein 24', '1078 GZ', 'Europe/Amsterdam', 600, DATE '2015-09-15');
SELECT setval('public.sites_id_seq', 3);

INSERT INTO public.zones (id, site_id, zone_code, level_label, zone_type, capacity) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'L1', 'Level 1', 'public', 200),
  (2, 1, 'L2', 'Level 2', 'permit_only', 220),
  (3, 2, 'Z1', NULL, 'short_stay', 60),
  (4, 3, 'A', '-1', 'public', 300);

INSERT INTO public.bays (zone_id, bay_number, bay_type, length_m, width_m, has_ev_charger) VALUES
  (1, '001', 'standard', 4.80, 2.40, false),
  (1, '002', 'disabled', 4.80, 3.60, false),
  (1, '003', 'motorcycle', 2.20, 1.00, false),
  (2, '101', 'parent_child', 4.80, 3.20, false),
  (3, 'C1', 'coach', 13.00, 3.50, false),
  (4, 'A12', 'ev', 5.00, 2.50, true);

INSERT INTO public.tariffs (id, site_id, name, currency_code, valid_from, valid_to, free_minutes, hourly_rate, daily_max) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'Standard 2025', 'GBP', current_date - 400, current_date - 91, 0, 4.50, 36.00),
  (2, 1, 'Standard 2026', 'GBP', current_date - 90, NULL, 0, 4.80, 38.00),
  (3, 2, 'Zone rouge', 'EUR', current_date - 300, NULL, 0, 4.00, NULL),
  (4, 3, 'Garage dagtarief', 'EUR', current_date - 500, NULL, 0, 3.50, 42.00);

INSERT INTO public.customers (id, country_code, first_name, last_name, email, phone, date_of_birth, created_at) OVERRIDING SYSTEM VALUE VALUES
  (1, 'GB', 'Oliver', 'Hughes', 'oliver.hughes@example.co.uk', '+44 7700 900123', DATE '1984-05-12', now() - interval '700 days'),
  (2, 'FR', 'Camille', 'Lefèvre', 'camille.lefevre@example.fr', '+33 6 12 34 56 78', DATE '1991-11-03', now() - interval '400 days'),
  (3, 'NL', 'Daan', 'de Vries', 'daan.devries@example.nl', '+31 6 12345678', DATE '1975-02-20', now() - interval '200 days');

INSERT INTO public.vehicles (id, customer_id, registration, registration_country, vehicle_class, make, model, colour) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'LB19 XKD', 'GB', 'car', 'Ford', 'Focus', 'Blue'),
  (2, 2, 'FG-482-KM', 'FR', 'car', 'Renault', 'Clio', 'White'),
  (3, 3, 'K-123-GZ', 'NL', 'car', 'Volkswagen', 'Golf', 'Grey'),
  (4, NULL, 'YK68 HFA', 'GB', 'car', 'Vauxhall', 'Corsa', 'Red'),
  (5, NULL, 'GH-915-PL', 'FR', 'van', 'Peugeot', 'Partner', 'White');

INSERT INTO public.permits (id, permit_no, customer_id, vehicle_id, site_id, permit_type, valid_from, valid_to, price, currency_code, status) OVERRIDING SYSTEM VALUE VALUES
  (1, 'LON-P-000184', 1, 1, 1, 'season', current_date - 60, current_date + 305, 1450.00, 'GBP', 'active');

INSERT INTO public.equipment (id, site_id, equipment_type, serial_number, manufacturer, installed_on) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'anpr_camera', 'HIK-ANPR-7731', 'Hikvision', DATE '2019-06-01'),
  (2, 1, 'anpr_camera', 'HIK-ANPR-7732', 'Hikvision', DATE '2019-06-01'),
  (3, 1, 'barrier', 'FAAC-B680-2291', 'FAAC', DATE '2017-02-10'),
  (4, 1, 'pay_station', 'SKD-PS-40118', 'SKIDATA', DATE '2017-02-10'),
  (5, 2, 'pay_station', 'FLW-STR-1102', 'Flowbird', DATE '2018-01-01'),
  (6, 3, 'anpr_camera', 'TKP-0391', 'Tattile', DATE '2020-03-20');

INSERT INTO public.equipment_counter_readings (equipment_id, read_at, counter_name, counter_value) VALUES
  (3, now() - interval '60 days', 'barrier_cycles', 1841220),
  (3, now() - interval '30 days', 'barrier_cycles', 1853978),
  (3, now() - interval '1 day', 'barrier_cycles', 1866105),
  (4, now() - interval '60 days', 'tickets_issued', 502311),
  (4, now() - interval '30 days', 'tickets_issued', 507840),
  (4, now() - interval '1 day', 'tickets_issued', 513002);

INSERT INTO public.parking_sessions (id, site_id, zone_id, vehicle_id, tariff_id, permit_id, entry_at, exit_at, duration_minutes, status, currency_code, amount_net, vat_rate, vat_amount, amount_gross) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 1, 4, 1, NULL, now() - interval '120 days', now() - interval '120 days' + interval '3 hours', 180, 'closed', 'GBP', 11.25, 20.00, 2.25, 13.50),
  (2, 1, 1, 4, 2, NULL, now() - interval '20 days', now() - interval '20 days' + interval '2 hours', 120, 'closed', 'GBP', 8.00, 20.00, 1.60, 9.60),
  (3, 1, 2, 1, 2, 1, now() - interval '10 days', now() - interval '10 days' + interval '9 hours', 540, 'closed', 'GBP', 0.00, 20.00, 0.00, 0.00),
  (4, 1, 1, 5, 2, NULL, now() - interval '5 days', now() - interval '5 days' + interval '90 minutes', 90, 'closed', 'GBP', 6.00, 20.00, 1.20, 7.20),
  (5, 1, 1, 2, 2, NULL, now() - interval '3 days', now() - interval '3 days' + interval '4 hours', 240, 'closed', 'GBP', 16.00, 20.00, 3.20, 19.20),
  (6, 1, 1, 4, 2, NULL, now() - interval '2 hours', NULL, NULL, 'open', 'GBP', 0.00, 20.00, 0.00, 0.00),
  (7, 2, 3, 2, 3, NULL, now() - interval '15 days', now() - interval '15 days' + interval '1 hour', 60, 'closed', 'EUR', 3.33, 20.00, 0.67, 4.00),
  (8, 2, 3, 5, 3, NULL, now() - interval '6 days', now() - interval '6 days' + interval '2 hours', 120, 'closed', 'EUR', 6.67, 20.00, 1.33, 8.00),
  (9, 2, 3, 2, 3, NULL, now() - interval '1 day', now() - interval '1 day' + interval '30 minutes', 30, 'closed', 'EUR', 1.67, 20.00, 0.33, 2.00),
  (10, 3, 4, 3, 4, NULL, now() - interval '30 days', now() - interval '30 days' + interval '5 hours', 300, 'closed', 'EUR', 14.46, 21.00, 3.04, 17.50),
  (11, 3, 4, 3, 4, NULL, now() - interval '8 days', now() - interval '8 days' + interval '3 hours', 180, 'closed', 'EUR', 8.68, 21.00, 1.82, 10.50),
  (12, 3, 4, 3, 4, NULL, now() - interval '1 hour', NULL, NULL, 'open', 'EUR', 0.00, 21.00, 0.00, 0.00),
  (13, 3, 4, 5, 4, NULL, now() - interval '4 days', NULL, NULL, 'voided', 'EUR', 0.00, 21.00, 0.00, 0.00);

INSERT INTO public.anpr_reads (camera_id, session_id, read_at, direction, plate_text, confidence) VALUES
  (1, 1, now() - interval '120 days', 'entry', 'YK68HFA', 0.982),
  (2, 1, now() - interval '120 days' + interval '3 hours', 'exit', 'YK68HFA', 0.975),
  (1, 2, now() - interval '20 days', 'entry', 'YK68HFA', 0.991),
  (2, 2, now() - interval '20 days' + interval '2 hours', 'exit', 'YK68HFA', 0.968),
  (1, 3, now() - interval '10 days', 'entry', 'LB19XKD', 0.994),
  (2, 3, now() - interval '10 days' + interval '9 hours', 'exit', 'LB19XKD', 0.987),
  (1, 4, now() - interval '5 days', 'entry', 'GH915PL', 0.912),
  (1, 6, now() - interval '2 hours', 'entry', 'YK68HFA', 0.979),
  (6, 10, now() - interval '30 days', 'entry', 'K123GZ', 0.957),
  (6, 11, now() - interval '8 days', 'entry', 'K123GZ', 0.963),
  (6, 12, now() - interval '1 hour', 'entry', 'K123GZ', 0.948);

INSERT INTO public.payments (session_id, paid_at, amount, currency_code, method, status, equipment_id) VALUES
  (1, now() - interval '120 days' + interval '170 minutes', 13.50, 'GBP', 'card', 'succeeded', 4),
  (2, now() - interval '20 days' + interval '115 minutes', 9.60, 'GBP', 'contactless', 'succeeded', 4),
  (4, now() - interval '5 days' + interval '85 minutes', 7.20, 'GBP', 'mobile_app', 'succeeded', NULL),
  (5, now() - interval '3 days' + interval '230 minutes', 19.20, 'GBP', 'card', 'failed', 4),
  (5, now() - interval '3 days' + interval '232 minutes', 19.20, 'GBP', 'card', 'succeeded', 4),
  (7, now() - interval '15 days', 4.00, 'EUR', 'mobile_app', 'succeeded', NULL),
  (8, now() - interval '6 days', 8.00, 'EUR', 'card', 'succeeded', 5),
  (9, now() - interval '1 day', 2.00, 'EUR', 'mobile_app', 'succeeded', NULL),
  (10, now() - interval '30 days' + interval '295 minutes', 17.50, 'EUR', 'card', 'succeeded', NULL),
  (11, now() - interval '8 days' + interval '175 minutes', 10.50, 'EUR', 'contactless', 'succeeded', NULL);

INSERT INTO public.enforcement_officers (id, badge_number, country_code, full_name, date_of_birth, hired_on) OVERRIDING SYSTEM VALUE VALUES
  (1, 'FR-PVP-0412', 'FR', 'Julien Marchand', DATE '1988-07-14', DATE '2017-09-01'),
  (2, 'GB-CEO-1187', 'GB', 'Priya Shah', DATE '1993-02-02', DATE '2019-04-15');

INSERT INTO public.penalty_notices (id, notice_number, site_id, vehicle_id, session_id, officer_id, contravention_code, issued_at, amount, currency_code, due_on, status, paid_at) OVERRIDING SYSTEM VALUE VALUES
  (1, 'FPS-75011-2026-004812', 2, 5, NULL, 1, 'FPS-NONPAY', now() - interval '40 days', 35.00, 'EUR', (now() - interval '40 days')::date + 30, 'paid', now() - interval '35 days'),
  (2, 'FPS-75011-2026-004377', 2, 2, NULL, 1, 'FPS-NONPAY', now() - interval '50 days', 35.00, 'EUR', (now() - interval '50 days')::date + 30, 'cancelled', NULL),
  (3, 'PCN-LON001-0018843', 1, 4, 2, 2, 'OVERSTAY', now() - interval '20 days' + interval '150 minutes', 100.00, 'GBP', (now() - interval '20 days')::date + 28, 'under_appeal', NULL),
  (4, 'PCN-LON001-0018102', 1, 5, NULL, 2, 'NO-PERMIT', now() - interval '60 days', 70.00, 'GBP', (now() - interval '60 days')::date + 28, 'escalated', NULL),
  (5, 'PCN-LON001-0019020', 1, 1, NULL, 2, 'BAY-MARKINGS', now() - interval '2 days', 100.00, 'GBP', (now() - interval '2 days')::date + 28, 'issued', NULL);

INSERT INTO public.appeals (penalty_notice_id, stage, lodged_at, grounds, decided_at, outcome) VALUES
  (2, 1, now() - interval '45 days', 'Paid via app, payment not matched', now() - interval '30 days', 'rejected'),
  (2, 2, now() - interval '25 days', 'Bank statement shows app payment', now() - interval '5 days', 'upheld'),
  (3, 1, now() - interval '15 days', 'Queue at exit barrier caused overstay', NULL, 'pending');

COMMIT;
