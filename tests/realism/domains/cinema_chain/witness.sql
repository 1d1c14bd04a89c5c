BEGIN;

INSERT INTO public.currencies (currency_code, name, minor_units, symbol) VALUES
  ('GBP', 'Pound sterling', 2, '£'),
  ('EUR', 'Euro', 2, '€'),
  ('SEK', 'Swedish krona', 2, 'kr');

INSERT INTO public.countries (country_code, name, currency_code, dialling_code, standard_vat_rate, ticket_vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00, 20.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00, 7.00),
  ('SE', 'Sweden', 'SEK', '+46', 25.00, 6.00);

INSERT INTO public.cinemas (cinema_id, cinema_code, name, country_code, city, address_line, postcode, phone, email, time_zone, opened_on, closed_on, status, created_at) VALUES
  (1, 'GB-LDN01', 'Lumen Leicester Square', 'GB', 'London', '24 Leicester Square', 'WC2H 7LP', '+44 20 7946 0123', 'leicestersquare@lumencinemas.example', 'Europe/London', DATE '2012-11-16', NULL, 'active', TIMESTAMPTZ '2012-09-01 09:00:00+00'),
  (2, 'DE-BER01', 'Lumen Alexanderplatz', 'DE', 'Berlin', 'Rathausstraße 5', '10178', '+49 30 2408 7710', 'alexanderplatz@lumencinemas.example', 'Europe/Berlin', DATE '2016-03-03', NULL, 'active', TIMESTAMPTZ '2016-01-12 10:00:00+01'),
  (3, 'SE-STO01', 'Lumen Sergels Torg', 'SE', 'Stockholm', 'Drottninggatan 43', '111 21', '+46 8 505 818 00', 'sergelstorg@lumencinemas.example', 'Europe/Stockholm', DATE '2019-10-04', NULL, 'active', TIMESTAMPTZ '2019-08-20 10:00:00+02');

INSERT INTO public.screens (screen_id, cinema_id, screen_number, name, format, seat_capacity, supports_3d, wheelchair_spaces, opened_on) VALUES
  (1, 1, 1, 'Screen 1 IMAX', 'imax', 412, true, 6, DATE '2012-11-16'),
  (2, 1, 2, 'Screen 2', 'standard', 186, true, 4, DATE '2012-11-16'),
  (3, 2, 1, 'Saal 1', 'standard', 224, true, 4, DATE '2016-03-03'),
  (4, 3, 1, 'Salong 1', 'standard', 158, false, 3, DATE '2019-10-04');

INSERT INTO public.seats (seat_id, screen_id, row_label, seat_number, seat_type, is_sellable) VALUES
  (1, 1, 'F', 12, 'standard', true),
  (2, 1, 'F', 13, 'standard', true),
  (3, 2, 'D', 5, 'standard', true),
  (4, 2, 'D', 6, 'standard', true),
  (5, 2, 'A', 1, 'wheelchair', true),
  (6, 3, 'G', 8, 'premium', true),
  (7, 3, 'G', 9, 'premium', true),
  (8, 4, 'E', 10, 'standard', true),
  (9, 4, 'E', 11, 'standard', true),
  (10, 4, 'H', 4, 'recliner', true);

INSERT INTO public.staff (staff_id, cinema_id, employee_number, first_name, last_name, birth_date, role, hired_on, left_on, hourly_rate) VALUES
  (1, 1, 'E000101', 'Priya', 'Raman', DATE '1979-05-21', 'general_manager', DATE '2012-08-01', NULL, NULL),
  (2, 1, 'E000187', 'Tom', 'Fletcher', DATE '1990-11-02', 'projectionist', DATE '2015-02-09', NULL, 15.40),
  (3, 2, 'E000412', 'Lena', 'Hoffmann', DATE '1986-01-30', 'duty_manager', DATE '2016-01-18', NULL, 19.50),
  (4, 3, 'E000733', 'Elsa', 'Nyberg', (current_date - interval '17 years 6 months')::date, 'concessions', current_date - 300, NULL, 128.00),
  (5, 3, 'E000698', 'Karl', 'Axelsson', DATE '1995-07-12', 'usher', DATE '2021-06-01', NULL, 142.00);

INSERT INTO public.projectors (projector_id, screen_id, manufacturer, model, serial_number, light_source, installed_on, decommissioned_on) VALUES
  (1, 1, 'IMAX', 'IMAX with Laser', 'IMXL-20431', 'rgb_laser', DATE '2019-04-10', NULL),
  (2, 2, 'Christie', 'CP4440-RGB', 'CHR-88301257', 'rgb_laser', DATE '2021-09-14', NULL),
  (3, 3, 'Barco', 'SP4K-25', 'BAR-2011043377', 'laser_phosphor', DATE '2020-06-22', NULL),
  (4, 4, 'NEC', 'NC1402L', 'NEC-7C0041922', 'laser_phosphor', DATE '2019-09-01', NULL);

INSERT INTO public.projector_hour_readings (reading_id, projector_id, read_at, hour_meter, light_source_hours, recorded_by) VALUES
  (1, 1, (current_date - 60) + time '08:30', 18250.5, 18250.5, 2),
  (2, 1, (current_date - 30) + time '08:45', 18610.0, 18610.0, 2),
  (3, 1, (current_date - 1) + time '08:20', 18958.5, 18958.5, 2),
  (4, 3, (current_date - 45) + time '09:10', 11402.0, 11402.0, NULL),
  (5, 3, (current_date - 15) + time '09:05', 11748.5, 11748.5, NULL),
  (6, 4, (current_date - 20) + time '10:00', 13021.0, 13021.0, NULL);

INSERT INTO public.distributors (distributor_id, name, country_code, vat_number, contact_email, created_at) VALUES
  (1, 'Northlight Pictures UK Ltd', 'GB', 'GB123456782', 'bookings@northlight.example', TIMESTAMPTZ '2012-09-03 10:00:00+00'),
  (2, 'Spreefilm Verleih GmbH', 'DE', 'DE811234567', 'dispo@spreefilm.example', TIMESTAMPTZ '2016-01-20 10:00:00+01'),
  (3, 'Skandia Film Distribution AB', 'SE', 'SE556677889901', 'booking@skandiafilm.example', TIMESTAMPTZ '2019-08-25 10:00:00+02');

INSERT INTO public.films (film_id, title, original_title, distributor_id, runtime_minutes, release_date, original_language, production_country, imdb_id, created_at) VALUES
  (1, 'The Lighthouse Keeper', 'The Lighthouse Keeper', 1, 118, current_date - 20, 'en', 'GB', 'tt31245786', now() - interval '60 days'),
  (2, 'Nordlicht', 'Nordlicht', 2, 104, current_date - 10, 'de', 'DE', 'tt30918842', now() - interval '50 days'),
  (3, 'Midsommarnatt', 'Midsommarnatt', 3, 97, current_date - 35, 'sv', 'SE', 'tt29876510', now() - interval '80 days'),
  (4, 'Starfall: Part Two', 'Starfall: Part Two', 1, 152, current_date - 3, 'en', 'US', 'tt32011475', now() - interval '45 days');

INSERT INTO public.film_classifications (film_id, country_code, rating_code, minimum_age, classified_on) VALUES
  (1, 'GB', '12A', 12, current_date - 40),
  (4, 'GB', '12A', 12, current_date - 25),
  (2, 'DE', 'FSK 6', 6, current_date - 30),
  (4, 'DE', 'FSK 12', 12, current_date - 24),
  (3, 'SE', '7', 7, current_date - 60),
  (4, 'SE', '11', 11, current_date - 22);

INSERT INTO public.film_engagements (engagement_id, cinema_id, film_id, first_date, last_date, rental_rate_pct, minimum_guarantee, currency_code, created_at) VALUES
  (1, 1, 1, current_date - 20, current_date + 14, 45.00, 0, 'GBP', now() - interval '50 days'),
  (2, 1, 4, current_date - 3, current_date + 25, 55.00, 2500.00, 'GBP', now() - interval '40 days'),
  (3, 2, 2, current_date - 10, current_date + 18, 47.50, 0, 'EUR', now() - interval '40 days'),
  (4, 3, 3, current_date - 35, current_date + 7, 42.00, 0, 'SEK', now() - interval '70 days'),
  (5, 3, 4, current_date - 3, current_date + 25, 55.00, 20000.00, 'SEK', now() - interval '40 days');

INSERT INTO public.showtimes (showtime_id, screen_id, film_id, starts_at, ends_at, presentation, language_version, audio_language, status, cancelled_reason, created_at) VALUES
  (1, 2, 1, ((current_date - 1) + time '19:30') AT TIME ZONE 'Europe/London', ((current_date - 1) + time '19:30') AT TIME ZONE 'Europe/London' + interval '138 minutes', '2D', 'original', 'en', 'completed', NULL, now() - interval '15 days'),
  (2, 1, 4, ((current_date - 2) + time '20:00') AT TIME ZONE 'Europe/London', ((current_date - 2) + time '20:00') AT TIME ZONE 'Europe/London' + interval '172 minutes', 'IMAX_2D', 'original', 'en', 'completed', NULL, now() - interval '14 days'),
  (3, 1, 4, ((current_date + 2) + time '14:15') AT TIME ZONE 'Europe/London', ((current_date + 2) + time '14:15') AT TIME ZONE 'Europe/London' + interval '172 minutes', 'IMAX_2D', 'original', 'en', 'on_sale', NULL, now() - interval '8 days'),
  (4, 3, 2, ((current_date - 1) + time '18:00') AT TIME ZONE 'Europe/Berlin', ((current_date - 1) + time '18:00') AT TIME ZONE 'Europe/Berlin' + interval '124 minutes', '2D', 'original', 'de', 'completed', NULL, now() - interval '12 days'),
  (5, 3, 2, ((current_date + 3) + time '20:45') AT TIME ZONE 'Europe/Berlin', ((current_date + 3) + time '20:45') AT TIME ZONE 'Europe/Berlin' + interval '124 minutes', '2D', 'original', 'de', 'on_sale', NULL, now() - interval '6 days'),
  (6, 4, 3, ((current_date - 5) + time '17:00') AT TIME ZONE 'Europe/Stockholm', ((current_date - 5) + time '17:00') AT TIME ZONE 'Europe/Stockholm' + interval '115 minutes', '2D', 'original', 'sv', 'completed', NULL, now() - interval '20 days'),
  (7, 4, 4, ((current_date + 1) + time '21:00') AT TIME ZONE 'Europe/Stockholm', ((current_date + 1) + time '21:00') AT TIME ZONE 'Europe/Stockholm' + interval '172 minutes', '2D', 'original_subtitled', 'en', 'on_sale', NULL, now() - interval '9 days'),
  (8, 2, 1, ((current_date + 10) + time '13:00') AT TIME ZONE 'Europe/London', ((current_date + 10) + time '13:00') AT TIME ZONE 'Europe/London' + interval '138 minutes', '2D', 'original', 'en', 'scheduled', NULL, now() - interval '2 days');

INSERT INTO public.ticket_prices (price_id, cinema_id, ticket_type, presentation, price, currency_code, valid_from, valid_to) VALUES
  (1, 1, 'adult', '2D', 13.50, 'GBP', current_date - 200, NULL),
  (2, 1, 'child', '2D', 9.50, 'GBP', current_date - 200, NULL),
  (3, 1, 'adult', 'IMAX_2D', 19.95, 'GBP', current_date - 200, NULL),
  (4, 2, 'adult', '2D', 11.90, 'EUR', current_date - 150, NULL),
  (5, 3, 'adult', '2D', 155.00, 'SEK', current_date - 120, NULL),
  (6, 3, 'child', '2D', 115.00, 'SEK', current_date - 120, NULL);

INSERT INTO public.customers (customer_id, email, first_name, last_name, birth_date, country_code, phone, marketing_opt_in, created_at) VALUES
  (1, 'emma.clarke@example.co.uk', 'Emma', 'Clarke', DATE '1988-04-17', 'GB', '+44 7700 900123', true, now() - interval '400 days'),
  (2, 'jonas.weber@example.de', 'Jonas', 'Weber', DATE '1993-09-05', 'DE', '+49 151 23456789', false, now() - interval '210 days'),
  (3, 'sara.lindqvist@example.se', 'Sara', 'Lindqvist', DATE '1982-12-11', 'SE', '+46 70 123 45 67', true, now() - interval '95 days'),
  (4, 'oliver.hughes@example.co.uk', 'Oliver', 'Hughes', DATE '2001-02-28', 'GB', '+44 7700 900456', false, now() - interval '30 days');

INSERT INTO public.loyalty_accounts (account_id, customer_id, card_number, tier, points_balance, enrolled_at, closed_at) VALUES
  (1, 1, '6011420000123457', 'silver', 531, now() - interval '400 days', NULL),
  (2, 2, '6011420000456783', 'basic', 24, now() - interval '210 days', NULL),
  (3, 3, '6011420000789016', 'basic', 35, now() - interval '95 days', NULL);

INSERT INTO public.orders (order_id, order_number, cinema_id, customer_id, channel, status, currency_code, total_amount, vat_amount, created_at, paid_at, refunded_at) VALUES
  (1, 'GB2400118731', 1, 1, 'web', 'paid', 'GBP', 30.95, 5.16, (current_date - 4) + time '10:12', (current_date - 4) + time '10:13', NULL),
  (2, 'GB2400119044', 1, 4, 'app', 'paid', 'GBP', 19.95, 3.33, (current_date - 3) + time '18:05', (current_date - 3) + time '18:06', NULL),
  (3, 'GB2400119260', 1, NULL, 'box_office', 'paid', 'GBP', 28.45, 4.74, (current_date - 1) + time '19:05', (current_date - 1) + time '19:06', NULL),
  (4, 'DE2400052210', 2, 2, 'web', 'paid', 'EUR', 28.30, 2.28, (current_date - 2) + time '11:00', (current_date - 2) + time '11:01', NULL),
  (5, 'DE2400052377', 2, 2, 'app', 'refunded', 'EUR', 11.90, 0.78, (current_date - 1) + time '09:20', (current_date - 1) + time '09:21', (current_date - 1) + time '15:00'),
  (6, 'SE2400031902', 3, 3, 'web', 'paid', 'SEK', 349.00, 23.74, (current_date - 6) + time '12:00', (current_date - 6) + time '12:01', NULL),
  (7, 'SE2400032015', 3, NULL, 'kiosk', 'paid', 'SEK', 155.00, 8.77, (current_date - 1) + time '18:40', (current_date - 1) + time '18:41', NULL);

INSERT INTO public.tickets (ticket_id, order_id, showtime_id, seat_id, ticket_type, price, barcode, status, scanned_at) VALUES
  (1, 1, 1, 3, 'adult', 13.50, 'T1G7K2M9Q4', 'scanned', ((current_date - 1) + time '19:18') AT TIME ZONE 'Europe/London'),
  (2, 1, 1, 4, 'child', 9.50, 'T1G7K2M9Q5', 'scanned', ((current_date - 1) + time '19:18') AT TIME ZONE 'Europe/London'),
  (3, 2, 2, 1, 'adult', 19.95, 'T1H2P8W3R1', 'scanned', ((current_date - 2) + time '19:47') AT TIME ZONE 'Europe/London'),
  (4, 3, 3, 2, 'adult', 19.95, 'T1J5V6X1C8', 'issued', NULL),
  (5, 4, 4, 6, 'adult', 11.90, 'T2B4N7D2F6', 'scanned', ((current_date - 1) + time '17:51') AT TIME ZONE 'Europe/Berlin'),
  (6, 4, 4, 7, 'adult', 11.90, 'T2B4N7D2F7', 'scanned', ((current_date - 1) + time '17:51') AT TIME ZONE 'Europe/Berlin'),
  (7, 5, 5, 6, 'adult', 11.90, 'T2C9L3S5H2', 'refunded', NULL),
  (8, 6, 6, 8, 'adult', 155.00, 'T3A1Z6Y8U3', 'scanned', ((current_date - 5) + time '16:49') AT TIME ZONE 'Europe/Stockholm'),
  (9, 6, 6, 9, 'child', 115.00, 'T3A1Z6Y8U4', 'scanned', ((current_date - 5) + time '16:49') AT TIME ZONE 'Europe/Stockholm'),
  (10, 7, 7, 10, 'adult', 155.00, 'T3D2E7R4T9', 'issued', NULL);

INSERT INTO public.concession_products (product_id, sku, ean13, name, category, size_label, is_age_restricted, active) VALUES
  (1, 'POP-1001', '5012345000107', 'Sweet popcorn', 'popcorn', 'Large', false, true),
  (2, 'DRK-2040', '5000112548167', 'Coca-Cola', 'soft_drink', '500 ml', false, true),
  (3, 'CON-3107', '7312345000014', 'Milk chocolate bar', 'confectionery', '100 g', false, true),
  (4, 'FOO-4002', '4001234000114', 'Hot dog', 'hot_food', 'Regular', false, true);

INSERT INTO public.order_concession_lines (order_id, line_no, product_id, quantity, unit_price, line_total, collected_at) VALUES
  (1, 1, 1, 1, 7.95, 7.95, ((current_date - 1) + time '19:22') AT TIME ZONE 'Europe/London'),
  (3, 1, 2, 2, 4.25, 8.50, (current_date - 1) + time '19:06'),
  (4, 1, 2, 1, 4.50, 4.50, ((current_date - 1) + time '17:54') AT TIME ZONE 'Europe/Berlin'),
  (6, 1, 1, 1, 79.00, 79.00, ((current_date - 5) + time '16:52') AT TIME ZONE 'Europe/Stockholm');

INSERT INTO public.payments (payment_id, order_id, method, status, amount, currency_code, processed_at, card_last4, provider_reference) VALUES
  (1, 1, 'card', 'captured', 30.95, 'GBP', (current_date - 4) + time '10:13', '4417', 'psp_9f2a71c0'),
  (2, 2, 'mobile_wallet', 'captured', 19.95, 'GBP', (current_date - 3) + time '18:06', NULL, 'psp_9f3b0d42'),
  (3, 3, 'cash', 'captured', 28.45, 'GBP', (current_date - 1) + time '19:06', NULL, NULL),
  (4, 4, 'card', 'captured', 28.30, 'EUR', (current_date - 2) + time '11:01', '0382', 'psp_a01c55e8'),
  (5, 5, 'card', 'refunded', 11.90, 'EUR', (current_date - 1) + time '09:21', '0382', 'psp_a02e7b19'),
  (6, 6, 'card', 'captured', 349.00, 'SEK', (current_date - 6) + time '12:01', '9051', 'psp_a11f2c77'),
  (7, 7, 'card', 'captured', 155.00, 'SEK', (current_date - 1) + time '18:41', '2268', 'psp_a1204d3e');

INSERT INTO public.loyalty_transactions (account_id, seq, occurred_at, order_id, reason, points_delta, balance_after) VALUES
  (1, 1, now() - interval '400 days' + interval '1 minute', NULL, 'bonus', 500, 500),
  (1, 2, (current_date - 4) + time '10:14', 1, 'earn', 31, 531),
  (2, 1, (current_date - 2) + time '11:02', 4, 'earn', 24, 24),
  (2, 2, (current_date - 1) + time '09:22', 5, 'earn', 12, 36),
  (2, 3, (current_date - 1) + time '15:01', 5, 'reversal', -12, 24),
  (3, 1, (current_date - 6) + time '12:02', 6, 'earn', 35, 35);

SELECT pg_catalog.setval('public.cinemas_cinema_id_seq', 3, true);
SELECT pg_catalog.setval('public.screens_screen_id_seq', 4, true);
SELECT pg_catalog.setval('public.seats_seat_id_seq', 10, true);
SELECT pg_catalog.setval('public.staff_staff_id_seq', 5, true);
SELECT pg_catalog.setval('public.projectors_projector_id_seq', 4, true);
SELECT pg_catalog.setval('public.projector_hour_readings_reading_id_seq', 6, true);
SELECT pg_catalog.setval('public.distributors_distributor_id_seq', 3, true);
SELECT pg_catalog.setval('public.films_film_id_seq', 4, true);
SELECT pg_catalog.setval('public.film_engagements_engagement_id_seq', 5, true);
SELECT pg_catalog.setval('public.showtimes_showtime_id_seq', 8, true);
SELECT pg_catalog.setval('public.ticket_prices_price_id_seq', 6, true);
SELECT pg_catalog.setval('public.customers_customer_id_seq', 4, true);
SELECT pg_catalog.setval('public.loyalty_accounts_account_id_seq', 3, true);
SELECT pg_catalog.setval('public.orders_order_id_seq', 7, true);
SELECT pg_catalog.setval('public.tickets_ticket_id_seq', 10, true);
SELECT pg_catalog.setval('public.concession_products_product_id_seq', 4, true);
SELECT pg_catalog.setval('public.payments_payment_id_seq', 7, true);

COMMIT;
