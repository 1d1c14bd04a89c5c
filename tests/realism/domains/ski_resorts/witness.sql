BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('CHF', 'Swiss franc', 2),
  ('CAD', 'Canadian dollar', 2),
  ('USD', 'US dollar', 2),
  ('GBP', 'Pound sterling', 2),
  ('JPY', 'Japanese yen', 0);

INSERT INTO public.countries (iso_code, name, currency_code, calling_code) VALUES
  ('FR', 'France', 'EUR', '+33'),
  ('CH', 'Switzerland', 'CHF', '+41'),
  ('CA', 'Canada', 'CAD', '+1'),
  ('US', 'United States', 'USD', '+1'),
  ('GB', 'United Kingdom', 'GBP', '+44'),
  ('JP', 'Japan', 'JPY', '+81'),
  ('AT', 'Austria', 'EUR', '+43');

INSERT INTO public.resorts (resort_id, code, name, country_code, region, town, timezone, base_elevation_m, summit_elevation_m, skiable_area_ha, website, created_at) VALUES
  (1, 'VTH', 'Val Thorens', 'FR', 'Auvergne-Rhône-Alpes', 'Saint-Martin-de-Belleville', 'Europe/Paris', 1800, 3230, 1400, 'https://www.valthorens.com', '2019-03-01 10:00:00+01'),
  (2, 'ZMT', 'Zermatt Matterhorn', 'CH', 'Valais', 'Zermatt', 'Europe/Zurich', 1620, 3883, 2200, 'https://www.matterhornparadise.ch', '2019-03-01 10:00:00+01'),
  (3, 'WHB', 'Whistler Blackcomb', 'CA', 'British Columbia', 'Whistler', 'America/Vancouver', 675, 2284, 3307, 'https://www.whistlerblackcomb.com', '2020-06-15 09:00:00-07');

INSERT INTO public.seasons (season_id, resort_id, label, opens_on, closes_on) VALUES
  (1, 1, '2026/27', '2026-11-21', '2027-05-09'),
  (2, 2, '2026/27', '2026-11-21', '2027-05-02'),
  (3, 3, '2026/27', '2026-11-26', '2027-05-24');

INSERT INTO public.lifts (lift_id, resort_id, lift_no, name, lift_type, is_detachable, seats_per_carrier, capacity_pph, length_m, bottom_elevation_m, top_elevation_m, built_year) VALUES
  (1, 1, 1, 'Cime Caron', 'cable_car', false, 150, 1800, 2620, 2350, 3195, 1982),
  (2, 1, 2, 'Funitel de Péclet', 'gondola', true, 32, 3000, 2700, 2300, 3000, 1990),
  (3, 1, 3, 'Moutière', 'chairlift', true, 6, 3000, 1450, 2300, 2775, 2009),
  (4, 1, 4, 'Tapis Plateau', 'magic_carpet', false, NULL, 1000, 120, 2300, 2312, 2015),
  (5, 2, 1, 'Matterhorn Glacier Ride', 'gondola', true, 28, 2000, 3870, 2939, 3821, 2018),
  (6, 2, 2, 'Sunnegga Express', 'funicular', false, 200, 2700, 1560, 1620, 2288, 1980),
  (7, 2, 3, 'Blauherd', 'gondola', true, 8, 2400, 1870, 2288, 2571, 2005),
  (8, 2, 4, 'Theodul', 't_bar', false, 2, 1200, 1100, 3300, 3480, 1996),
  (9, 3, 1, 'Peak 2 Peak Gondola', 'gondola', true, 28, 2050, 4400, 1850, 1850, 2008),
  (10, 3, 2, 'Blackcomb Gondola', 'gondola', true, 10, 3000, 3900, 675, 1860, 2018),
  (11, 3, 3, 'Peak Express', 'chairlift', true, 4, 2000, 1000, 1830, 2182, 1996),
  (12, 3, 4, 'Harmony 6 Express', 'chairlift', true, 6, 3000, 1600, 1560, 2100, 2014);

INSERT INTO public.pistes (piste_id, resort_id, name, difficulty, length_m, top_elevation_m, bottom_elevation_m, is_groomed) VALUES
  (1, 1, 'Cime Caron', 'black', 3500, 3195, 2300, true),
  (2, 1, 'Blanchot', 'blue', 2800, 2700, 2300, true),
  (3, 1, 'Plateau', 'green', 600, 2330, 2300, true),
  (4, 2, 'Kelle', 'red', 2100, 2571, 2288, true),
  (5, 2, 'Gandegg', 'blue', 3200, 3480, 2939, true),
  (6, 3, 'Peak to Creek', 'blue', 11000, 2182, 675, true),
  (7, 3, 'Couloir Extreme', 'double_black', 900, 2240, 1850, false),
  (8, 3, 'Green Line', 'green', 5000, 1850, 675, true);

INSERT INTO public.pass_products (product_id, resort_id, season_id, sku, name, pass_kind, age_category, min_age, max_age, days_valid, price, currency_code, is_active) VALUES
  (1, 1, 1, 'VTH-1D-ADT', '1 day Val Thorens adult', 'day', 'adult', 13, 64, 1, 72.00, 'EUR', true),
  (2, 1, 1, 'VTH-1D-CHD', '1 day Val Thorens child', 'day', 'child', 5, 12, 1, 58.00, 'EUR', true),
  (3, 1, 1, 'VTH-6D-ADT', '6 days Val Thorens adult', 'multi_day', 'adult', 13, 64, 6, 364.00, 'EUR', true),
  (4, 1, 1, 'VTH-6D-CHD', '6 days Val Thorens child', 'multi_day', 'child', 5, 12, 6, 291.00, 'EUR', true),
  (5, 1, 1, 'VTH-SSN-ADT', 'Season Val Thorens adult', 'season', 'adult', 13, 64, 170, 1290.00, 'EUR', true),
  (6, 2, 2, 'ZMT-1D-ADT', '1 day Zermatt CH adult', 'day', 'adult', 20, 64, 1, 92.00, 'CHF', true),
  (7, 2, 2, 'ZMT-1D-CHD', '1 day Zermatt CH child', 'day', 'child', 9, 15, 1, 46.00, 'CHF', true),
  (8, 2, 2, 'ZMT-3D-ADT', '3 days Zermatt CH adult', 'multi_day', 'adult', 20, 64, 3, 260.00, 'CHF', true),
  (9, 3, 3, 'WHB-1D-ADT', '1 day lift ticket adult', 'day', 'adult', 19, 64, 1, 229.00, 'CAD', true),
  (10, 3, 3, 'WHB-1D-YTH', '1 day lift ticket youth', 'day', 'youth', 13, 18, 1, 189.00, 'CAD', true),
  (11, 3, 3, 'WHB-1D-SNR', '1 day lift ticket senior', 'day', 'senior', 65, NULL, 1, 199.00, 'CAD', true),
  (12, 3, 3, 'WHB-5D-ADT', '5 day lift ticket adult', 'multi_day', 'adult', 19, 64, 5, 1050.00, 'CAD', true);

INSERT INTO public.customers (customer_id, first_name, last_name, date_of_birth, email, phone, country_code, created_at) VALUES
  (1, 'Claire', 'Martin', '1986-04-12', 'claire.martin@orange.fr', '+33 6 12 34 56 78', 'FR', now() - interval '400 days'),
  (2, 'Lucas', 'Martin', '2016-09-03', NULL, NULL, 'FR', now() - interval '400 days'),
  (3, 'Thomas', 'Keller', '1979-01-27', 't.keller@bluewin.ch', '+41 79 345 67 89', 'CH', now() - interval '30 days'),
  (4, 'Emily', 'Carter', '1992-07-19', 'emily.carter@gmail.com', '+44 7700 900123', 'GB', now() - interval '20 days'),
  (5, 'Hiroshi', 'Tanaka', '1958-05-02', 'h.tanaka@example.jp', '+81 90 1234 5678', 'JP', now() - interval '10 days'),
  (6, 'Sarah', 'Nguyen', '1990-11-08', 'sarah.nguyen@shaw.ca', '+1 604 555 0142', 'CA', now() - interval '15 days'),
  (7, 'Jake', 'Nguyen', '2010-03-15', NULL, '+1 604 555 0143', 'CA', now() - interval '15 days');

INSERT INTO public.orders (order_id, resort_id, order_no, customer_id, channel, status, ordered_at, currency_code, total_amount) VALUES
  (1, 1, 10451, 1, 'web', 'paid', ((current_date - 8) + time '21:14') AT TIME ZONE 'Europe/Paris', 'EUR', 655.00),
  (2, 1, 10452, 4, 'ticket_desk', 'paid', ((current_date - 3) + time '08:20') AT TIME ZONE 'Europe/Paris', 'EUR', 72.00),
  (3, 2, 5521, 3, 'app', 'paid', ((current_date - 3) + time '18:45') AT TIME ZONE 'Europe/Zurich', 'CHF', 234.00),
  (4, 3, 88001, 6, 'web', 'paid', ((current_date - 7) + time '19:30') AT TIME ZONE 'America/Vancouver', 'CAD', 1239.00),
  (5, 3, 88002, 5, 'ticket_desk', 'paid', ((current_date - 2) + time '08:05') AT TIME ZONE 'America/Vancouver', 'CAD', 199.00),
  (6, 3, 88003, 6, 'app', 'cancelled', ((current_date - 2) + time '11:40') AT TIME ZONE 'America/Vancouver', 'CAD', 229.00);

INSERT INTO public.order_lines (order_line_id, order_id, line_no, product_id, quantity, unit_price, discount_amount, line_total) VALUES
  (1, 1, 1, 3, 1, 364.00, 0.00, 364.00),
  (2, 1, 2, 4, 1, 291.00, 0.00, 291.00),
  (3, 2, 1, 1, 1, 72.00, 0.00, 72.00),
  (4, 3, 1, 8, 1, 260.00, 26.00, 234.00),
  (5, 4, 1, 12, 1, 1050.00, 0.00, 1050.00),
  (6, 4, 2, 10, 1, 189.00, 0.00, 189.00),
  (7, 5, 1, 11, 1, 199.00, 0.00, 199.00),
  (8, 6, 1, 9, 1, 229.00, 0.00, 229.00);

INSERT INTO public.lift_passes (pass_id, order_line_id, product_id, holder_customer_id, card_uid, valid_from, valid_to, status, issued_at) VALUES
  (1, 1, 3, 1, '01-1614-4471-2983-5', current_date - 5, current_date, 'active', ((current_date - 8) + time '21:15') AT TIME ZONE 'Europe/Paris'),
  (2, 2, 4, 2, '01-1614-4471-2984-3', current_date - 5, current_date, 'active', ((current_date - 8) + time '21:15') AT TIME ZONE 'Europe/Paris'),
  (3, 3, 1, 4, '01-1614-4472-0057-9', current_date - 3, current_date - 3, 'expired', ((current_date - 3) + time '08:21') AT TIME ZONE 'Europe/Paris'),
  (4, 4, 8, 3, 'SW-2A7F-11C3-0098', current_date - 2, current_date, 'active', ((current_date - 3) + time '18:46') AT TIME ZONE 'Europe/Zurich'),
  (5, 5, 12, 6, 'WB-000451-88731', current_date - 5, current_date - 1, 'expired', ((current_date - 7) + time '19:31') AT TIME ZONE 'America/Vancouver'),
  (6, 6, 10, 7, 'WB-000451-88732', current_date - 4, current_date - 4, 'expired', ((current_date - 7) + time '19:31') AT TIME ZONE 'America/Vancouver'),
  (7, 7, 11, 5, 'WB-000452-10377', current_date - 2, current_date - 2, 'expired', ((current_date - 2) + time '08:06') AT TIME ZONE 'America/Vancouver');

INSERT INTO public.lift_scans (scan_id, pass_id, lift_id, gate_no, scanned_at, gate_result) VALUES
  (1, 1, 1, 1, ((current_date - 5) + time '09:02') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (2, 1, 3, 2, ((current_date - 5) + time '10:40') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (3, 1, 2, 1, ((current_date - 4) + time '11:15') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (4, 1, 3, 1, ((current_date - 1) + time '15:50') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (5, 2, 4, 1, ((current_date - 5) + time '09:30') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (6, 2, 3, 2, ((current_date - 4) + time '10:05') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (7, 3, 2, 3, ((current_date - 3) + time '08:45') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (8, 3, 2, 4, ((current_date - 3) + time '08:47') AT TIME ZONE 'Europe/Paris', 'rejected_passback'),
  (9, 3, 1, 1, ((current_date - 3) + time '13:20') AT TIME ZONE 'Europe/Paris', 'accepted'),
  (10, 4, 6, 1, ((current_date - 2) + time '08:35') AT TIME ZONE 'Europe/Zurich', 'accepted'),
  (11, 4, 7, 2, ((current_date - 2) + time '09:10') AT TIME ZONE 'Europe/Zurich', 'accepted'),
  (12, 4, 5, 1, ((current_date - 2) + time '12:10') AT TIME ZONE 'Europe/Zurich', 'accepted'),
  (13, 4, 8, 1, ((current_date - 1) + time '10:00') AT TIME ZONE 'Europe/Zurich', 'accepted'),
  (14, 5, 10, 1, ((current_date - 5) + time '08:40') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (15, 5, 12, 2, ((current_date - 4) + time '09:55') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (16, 5, 9, 1, ((current_date - 2) + time '13:30') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (17, 5, 11, 1, ((current_date - 2) + time '14:05') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (18, 6, 10, 3, ((current_date - 4) + time '09:15') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (19, 6, 12, 1, ((current_date - 4) + time '11:25') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (20, 7, 10, 2, ((current_date - 2) + time '09:20') AT TIME ZONE 'America/Vancouver', 'accepted'),
  (21, 7, 12, 1, ((current_date - 2) + time '14:00') AT TIME ZONE 'America/Vancouver', 'accepted');

INSERT INTO public.lift_outages (outage_id, lift_id, started_at, ended_at, reason, notes) VALUES
  (1, 3, ((current_date - 4) + time '13:00') AT TIME ZONE 'Europe/Paris', ((current_date - 4) + time '14:10') AT TIME ZONE 'Europe/Paris', 'wind', 'Gusts above 80 km/h at top station'),
  (2, 9, ((current_date - 2) + time '10:00') AT TIME ZONE 'America/Vancouver', ((current_date - 2) + time '11:30') AT TIME ZONE 'America/Vancouver', 'wind', NULL),
  (3, 8, ((current_date - 3) + time '08:30') AT TIME ZONE 'Europe/Zurich', ((current_date - 3) + time '09:45') AT TIME ZONE 'Europe/Zurich', 'mechanical', 'Return wheel bearing replaced');

INSERT INTO public.snow_reports (report_id, resort_id, reported_at, base_depth_cm, summit_depth_cm, new_snow_24h_cm, air_temp_summit_c, avalanche_risk, lifts_open, pistes_open) VALUES
  (1, 1, ((current_date - 2) + time '07:30') AT TIME ZONE 'Europe/Paris', 65, 110, 0, -9.5, 2, 18, 41),
  (2, 1, ((current_date - 1) + time '07:30') AT TIME ZONE 'Europe/Paris', 78, 128, 15, -12.0, 3, 19, 44),
  (3, 2, ((current_date - 2) + time '07:45') AT TIME ZONE 'Europe/Zurich', 40, 150, 0, -14.5, 2, 22, 38),
  (4, 2, ((current_date - 1) + time '07:45') AT TIME ZONE 'Europe/Zurich', 44, 158, 6, -16.0, 2, 23, 40),
  (5, 3, ((current_date - 3) + time '06:00') AT TIME ZONE 'America/Vancouver', 95, 180, 22, -7.0, 3, 14, 52),
  (6, 3, ((current_date - 2) + time '06:00') AT TIME ZONE 'America/Vancouver', 102, 191, 10, -8.5, 3, 16, 61);

INSERT INTO public.instructors (instructor_id, resort_id, first_name, last_name, date_of_birth, certification, languages, hired_on, left_on) VALUES
  (1, 1, 'Julien', 'Favre', '1984-02-11', 'Moniteur national de ski alpin', '{fr,en}', '2008-12-01', NULL),
  (2, 1, 'Manon', 'Rey', '1996-10-30', 'Moniteur national de snowboard', '{fr,en,it}', '2019-12-14', NULL),
  (3, 2, 'Reto', 'Julen', '1975-06-05', 'Swiss Snowsports Schneesportlehrer', '{de,en,fr}', '1999-12-01', NULL),
  (4, 3, 'Megan', 'Clarke', '1991-03-22', 'CSIA Level 3', '{en,fr}', '2014-11-20', NULL),
  (5, 3, 'Kenji', 'Sato', '1988-08-17', 'CSIA Level 4', '{en,ja}', '2012-11-24', NULL);

INSERT INTO public.lessons (lesson_id, resort_id, instructor_id, lesson_type, discipline, level, starts_at, ends_at, max_participants, price, currency_code, status) VALUES
  (1, 1, 1, 'kids_club', 'ski', 2, ((current_date - 4) + time '09:00') AT TIME ZONE 'Europe/Paris', ((current_date - 4) + time '11:30') AT TIME ZONE 'Europe/Paris', 8, 65.00, 'EUR', 'completed'),
  (2, 1, 2, 'private', 'snowboard', 3, ((current_date + 2) + time '13:00') AT TIME ZONE 'Europe/Paris', ((current_date + 2) + time '15:00') AT TIME ZONE 'Europe/Paris', 2, 190.00, 'EUR', 'scheduled'),
  (3, 2, 3, 'private', 'ski', 4, ((current_date - 2) + time '09:30') AT TIME ZONE 'Europe/Zurich', ((current_date - 2) + time '12:30') AT TIME ZONE 'Europe/Zurich', 4, 450.00, 'CHF', 'completed'),
  (4, 3, 4, 'group', 'ski', 3, ((current_date - 4) + time '10:00') AT TIME ZONE 'America/Vancouver', ((current_date - 4) + time '13:00') AT TIME ZONE 'America/Vancouver', 6, 179.00, 'CAD', 'completed'),
  (5, 3, 5, 'kids_club', 'ski', 1, ((current_date + 1) + time '09:00') AT TIME ZONE 'America/Vancouver', ((current_date + 1) + time '15:00') AT TIME ZONE 'America/Vancouver', 5, 249.00, 'CAD', 'scheduled'),
  (6, 3, 5, 'private', 'snowboard', 2, ((current_date - 1) + time '13:00') AT TIME ZONE 'America/Vancouver', ((current_date - 1) + time '15:00') AT TIME ZONE 'America/Vancouver', 3, 629.00, 'CAD', 'cancelled');

INSERT INTO public.lesson_bookings (booking_id, lesson_id, customer_id, booked_at, status, amount_paid) VALUES
  (1, 1, 2, ((current_date - 8) + time '21:20') AT TIME ZONE 'Europe/Paris', 'attended', 65.00),
  (2, 2, 1, ((current_date - 1) + time '18:10') AT TIME ZONE 'Europe/Paris', 'confirmed', 190.00),
  (3, 3, 3, ((current_date - 3) + time '18:50') AT TIME ZONE 'Europe/Zurich', 'attended', 450.00),
  (4, 4, 7, ((current_date - 7) + time '19:40') AT TIME ZONE 'America/Vancouver', 'attended', 179.00),
  (5, 6, 6, ((current_date - 3) + time '20:05') AT TIME ZONE 'America/Vancouver', 'cancelled', 0.00);

INSERT INTO public.patrol_incidents (incident_id, resort_id, piste_id, customer_id, occurred_at, severity, evacuation_method, patroller_name, notes) VALUES
  (1, 1, 2, NULL, ((current_date - 4) + time '14:20') AT TIME ZONE 'Europe/Paris', 'moderate', 'sled', 'Pierre Gros', 'Suspected knee sprain, taken to medical centre'),
  (2, 1, 3, 2, ((current_date - 5) + time '10:15') AT TIME ZONE 'Europe/Paris', 'minor', 'self', 'Pierre Gros', 'Minor fall on beginner area, skied down with parent'),
  (3, 2, 4, NULL, ((current_date - 2) + time '15:05') AT TIME ZONE 'Europe/Zurich', 'moderate', 'snowmobile', 'Andreas Perren', 'Wrist injury after collision'),
  (4, 3, 6, NULL, ((current_date - 2) + time '11:45') AT TIME ZONE 'America/Vancouver', 'serious', 'sled', 'Dana Whitfield', 'Suspected tib-fib fracture, transferred to Whistler Health Care Centre'),
  (5, 3, 8, NULL, ((current_date - 5) + time '13:10') AT TIME ZONE 'America/Vancouver', 'minor', 'self', 'Dana Whitfield', NULL);

SELECT pg_catalog.setval('public.resorts_resort_id_seq', 3, true);
SELECT pg_catalog.setval('public.seasons_season_id_seq', 3, true);
SELECT pg_catalog.setval('public.lifts_lift_id_seq', 12, true);
SELECT pg_catalog.setval('public.pistes_piste_id_seq', 8, true);
SELECT pg_catalog.setval('public.pass_products_product_id_seq', 12, true);
SELECT pg_catalog.setval('public.customers_customer_id_seq', 7, true);
SELECT pg_catalog.setval('public.orders_order_id_seq', 6, true);
SELECT pg_catalog.setval('public.order_lines_order_line_id_seq', 8, true);
SELECT pg_catalog.setval('public.lift_passes_pass_id_seq', 7, true);
SELECT pg_catalog.setval('public.lift_scans_scan_id_seq', 21, true);
SELECT pg_catalog.setval('public.lift_outages_outage_id_seq', 3, true);
SELECT pg_catalog.setval('public.snow_reports_report_id_seq', 6, true);
SELECT pg_catalog.setval('public.instructors_instructor_id_seq', 5, true);
SELECT pg_catalog.setval('public.lessons_lesson_id_seq', 6, true);
SELECT pg_catalog.setval('public.lesson_bookings_booking_id_seq', 5, true);
SELECT pg_catalog.setval('public.patrol_incidents_incident_id_seq', 5, true);

COMMIT;
