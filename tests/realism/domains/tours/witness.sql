BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2),
  ('CZK', 'Czech koruna', 2),
  ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, dial_prefix) VALUES
  ('FR', 'France', 'EUR', '+33'),
  ('GB', 'United Kingdom', 'GBP', '+44'),
  ('CZ', 'Czechia', 'CZK', '+420'),
  ('DE', 'Germany', 'EUR', '+49'),
  ('US', 'United States', 'USD', '+1');

INSERT INTO public.languages (code, name) VALUES
  ('en', 'English'), ('fr', 'French'), ('de', 'German'), ('cs', 'Czech'), ('es', 'Spanish');

INSERT INTO public.cities (id, country_code, name, timezone) VALUES
  (1, 'FR', 'Paris', 'Europe/Paris'),
  (2, 'GB', 'London', 'Europe/London'),
  (3, 'CZ', 'Prague', 'Europe/Prague');

INSERT INTO public.guides (id, first_name, last_name, date_of_birth, email, phone, home_city_id, hired_on, status) VALUES
  (1, 'Claire', 'Martin', current_date - interval '38 years 2 months', 'claire.martin@seinetours.example.com', '+33612345678', 1, current_date - interval '6 years', 'active'),
  (2, 'Oliver', 'Hughes', current_date - interval '45 years 7 months', 'oliver.hughes@seinetours.example.com', '+447700900123', 2, current_date - interval '5 years', 'active'),
  (3, 'Jana', 'Novakova', current_date - interval '29 years 4 months', 'jana.novakova@seinetours.example.com', '+420602123456', 3, current_date - interval '4 years', 'active');

INSERT INTO public.guide_languages (guide_id, language_code, level) VALUES
  (1, 'fr', 'native'), (1, 'en', 'fluent'),
  (2, 'en', 'native'), (2, 'es', 'working'),
  (3, 'cs', 'native'), (3, 'en', 'fluent'), (3, 'de', 'working');

INSERT INTO public.guide_licences (id, guide_id, country_code, licence_no, valid_from, valid_to, issued_by) VALUES
  (1, 1, 'FR', 'GC075120045', current_date - 2100, NULL, 'Atout France'),
  (2, 2, 'GB', 'BB-2021-0417', current_date - 1400, current_date + 365, 'Institute of Tourist Guiding'),
  (3, 3, 'CZ', 'PRG-2022-318', current_date - 1300, NULL, 'Prague City Hall');

INSERT INTO public.vehicles (id, kind, registration, base_city_id, seats, commissioned_on, retired_on) VALUES
  (1, 'river_boat', 'PA-SN-0142', 1, 120, current_date - 3000, NULL),
  (2, 'double_decker', 'LK19 HBT', 2, 72, current_date - 2200, NULL),
  (3, 'minibus', '1AZ 4821', 3, 16, current_date - 1500, NULL);

INSERT INTO public.vehicle_readings (id, vehicle_id, read_at, odometer_km, engine_hours) VALUES
  (1, 1, now() - interval '60 days', NULL, 11840.5),
  (2, 1, now() - interval '30 days', NULL, 12012.0),
  (3, 1, now() - interval '2 days', NULL, 12178.5),
  (4, 2, now() - interval '60 days', 241350.0, 9120.0),
  (5, 2, now() - interval '30 days', 243980.4, 9233.5),
  (6, 2, now() - interval '1 day', 246512.9, 9341.0),
  (7, 3, now() - interval '45 days', 98120.0, 3010.0),
  (8, 3, now() - interval '5 days', 100044.7, 3082.5);

INSERT INTO public.tours (id, code, city_id, name, tour_type, duration_minutes, max_participants, currency_code, active, created_at) VALUES
  (1, 'PAR-SEINE-60', 1, 'Seine River Cruise', 'boat', 60, 120, 'EUR', true, now() - interval '3 years'),
  (2, 'LON-HOHO-180', 2, 'London Landmarks Open-Top Bus', 'bus', 180, 72, 'GBP', true, now() - interval '3 years'),
  (3, 'PRG-OLDTOWN-120', 3, 'Prague Old Town and Charles Bridge Walk', 'walking', 120, 20, 'CZK', true, now() - interval '2 years'),
  (4, 'PAR-MONTM-150', 1, 'Montmartre Artists Walk', 'walking', 150, 18, 'EUR', true, now() - interval '2 years');

INSERT INTO public.tour_prices (id, tour_id, valid_from, valid_to, adult_price, child_price) VALUES
  (1, 1, current_date - 700, current_date - 340, 16.00, 8.00),
  (2, 1, current_date - 339, NULL, 18.00, 9.00),
  (3, 2, current_date - 500, NULL, 39.00, 19.50),
  (4, 3, current_date - 400, NULL, 650.00, 325.00),
  (5, 4, current_date - 400, NULL, 25.00, 12.50);

INSERT INTO public.departures (id, tour_id, starts_at, ends_at, guide_id, vehicle_id, language_code, capacity, status, cancelled_reason) VALUES
  (1, 1, ((current_date - 20) + time '11:00') AT TIME ZONE 'Europe/Paris', ((current_date - 20) + time '12:00') AT TIME ZONE 'Europe/Paris', 1, 1, 'en', 120, 'completed', NULL),
  (2, 2, ((current_date - 15) + time '10:00') AT TIME ZONE 'Europe/London', ((current_date - 15) + time '13:00') AT TIME ZONE 'Europe/London', 2, 2, 'en', 72, 'completed', NULL),
  (3, 3, ((current_date - 10) + time '14:00') AT TIME ZONE 'Europe/Prague', ((current_date - 10) + time '16:00') AT TIME ZONE 'Europe/Prague', 3, NULL, 'en', 20, 'completed', NULL),
  (4, 4, ((current_date - 5) + time '09:30') AT TIME ZONE 'Europe/Paris', ((current_date - 5) + time '12:00') AT TIME ZONE 'Europe/Paris', 1, NULL, 'fr', 18, 'completed', NULL),
  (5, 1, ((current_date + 7) + time '20:00') AT TIME ZONE 'Europe/Paris', ((current_date + 7) + time '21:00') AT TIME ZONE 'Europe/Paris', 1, 1, 'en', 120, 'scheduled', NULL),
  (6, 3, ((current_date - 3) + time '10:00') AT TIME ZONE 'Europe/Prague', ((current_date - 3) + time '12:00') AT TIME ZONE 'Europe/Prague', 3, NULL, 'de', 20, 'cancelled', 'Severe weather warning'),
  (7, 2, ((current_date + 14) + time '10:00') AT TIME ZONE 'Europe/London', ((current_date + 14) + time '13:00') AT TIME ZONE 'Europe/London', 2, 2, 'en', 72, 'scheduled', NULL);

INSERT INTO public.customers (id, first_name, last_name, email, phone, country_code, date_of_birth, created_at) VALUES
  (1, 'Emily', 'Carter', 'emily.carter@example.com', '+12025550143', 'US', current_date - interval '34 years 3 months', now() - interval '31 days'),
  (2, 'Lukas', 'Schneider', 'lukas.schneider@example.de', '+4915112345678', 'DE', current_date - interval '41 years 8 months', now() - interval '26 days'),
  (3, 'Sophie', 'Walker', 'sophie.walker@example.co.uk', '+447911123456', 'GB', current_date - interval '52 years 1 month', now() - interval '41 days'),
  (4, 'Margaret', 'Evans', 'margaret.evans@example.co.uk', '+447700900456', 'GB', current_date - interval '68 years 5 months', now() - interval '17 days'),
  (5, 'Pierre', 'Dubois', 'pierre.dubois@example.fr', '+33698765432', 'FR', current_date - interval '39 years 9 months', now() - interval '13 days'),
  (6, 'Anna', 'Kowalska', 'anna.kowalska@example.pl', NULL, 'DE', NULL, now() - interval '12 days');

INSERT INTO public.vouchers (id, code, discount_percent, valid_from, valid_to, max_uses) VALUES
  (1, 'SPRING10', 10.00, current_date - 60, current_date + 30, 500),
  (2, 'PARTNER15', 15.00, current_date - 200, current_date - 100, 100);

INSERT INTO public.bookings (id, booking_ref, customer_id, departure_id, voucher_id, booked_at, status, participants_count, currency_code, gross_amount, discount_amount, total_amount, cancelled_at) VALUES
  (1, 'TB-7K3M9Q', 1, 1, NULL, now() - interval '30 days', 'completed', 2, 'EUR', 36.00, 0.00, 36.00, NULL),
  (2, 'TB-8P2R4T', 2, 1, 1, now() - interval '25 days', 'completed', 2, 'EUR', 27.00, 2.70, 24.30, NULL),
  (3, 'TB-2X6V8N', 3, 2, NULL, now() - interval '40 days', 'completed', 2, 'GBP', 78.00, 0.00, 78.00, NULL),
  (4, 'TB-5H9J1L', 4, 2, NULL, now() - interval '16 days', 'completed', 1, 'GBP', 39.00, 0.00, 39.00, NULL),
  (5, 'TB-3C7D5F', 5, 3, NULL, now() - interval '12 days', 'completed', 3, 'CZK', 1625.00, 0.00, 1625.00, NULL),
  (6, 'TB-9W4E2G', 6, 3, NULL, now() - interval '11 days 6 hours', 'no_show', 1, 'CZK', 650.00, 0.00, 650.00, NULL),
  (7, 'TB-6Y1U3I', 1, 4, NULL, now() - interval '8 days', 'completed', 1, 'EUR', 25.00, 0.00, 25.00, NULL),
  (8, 'TB-4B8N6M', 3, 4, NULL, now() - interval '9 days', 'completed', 2, 'EUR', 50.00, 0.00, 50.00, NULL),
  (9, 'TB-1Q5A7S', 2, 2, NULL, now() - interval '20 days', 'completed', 1, 'GBP', 39.00, 0.00, 39.00, NULL),
  (10, 'TB-7Z3X9C', 4, 6, NULL, now() - interval '7 days', 'cancelled', 1, 'CZK', 650.00, 0.00, 650.00, now() - interval '3 days 20 hours'),
  (11, 'TB-2V6B4N', 5, 5, NULL, now() - interval '2 days', 'confirmed', 2, 'EUR', 36.00, 0.00, 36.00, NULL),
  (12, 'TB-8L1K5J', 6, 7, NULL, now() - interval '5 hours', 'pending', 1, 'GBP', 39.00, 0.00, 39.00, NULL);

INSERT INTO public.booking_participants (id, booking_id, line_no, full_name, participant_type, date_of_birth, price, checked_in) VALUES
  (1, 1, 1, 'Emily Carter', 'adult', current_date - interval '34 years 3 months', 18.00, true),
  (2, 1, 2, 'James Carter', 'adult', current_date - interval '36 years', 18.00, true),
  (3, 2, 1, 'Lukas Schneider', 'adult', current_date - interval '41 years 8 months', 18.00, true),
  (4, 2, 2, 'Mia Schneider', 'child', current_date - interval '9 years 2 months', 9.00, true),
  (5, 3, 1, 'Sophie Walker', 'adult', current_date - interval '52 years 1 month', 39.00, true),
  (6, 3, 2, 'David Walker', 'adult', NULL, 39.00, true),
  (7, 4, 1, 'Margaret Evans', 'senior', current_date - interval '68 years 5 months', 39.00, true),
  (8, 5, 1, 'Pierre Dubois', 'adult', current_date - interval '39 years 9 months', 650.00, true),
  (9, 5, 2, 'Camille Dubois', 'adult', current_date - interval '37 years', 650.00, true),
  (10, 5, 3, 'Louis Dubois', 'child', current_date - interval '6 years 4 months', 325.00, true),
  (11, 6, 1, 'Anna Kowalska', 'adult', NULL, 650.00, false),
  (12, 7, 1, 'Emily Carter', 'adult', current_date - interval '34 years 3 months', 25.00, true),
  (13, 8, 1, 'Sophie Walker', 'adult', current_date - interval '52 years 1 month', 25.00, true),
  (14, 8, 2, 'Helen Walker', 'adult', current_date - interval '19 years 6 months', 25.00, true),
  (15, 9, 1, 'Lukas Schneider', 'adult', current_date - interval '41 years 8 months', 39.00, true),
  (16, 10, 1, 'Margaret Evans', 'adult', current_date - interval '68 years 5 months', 650.00, false),
  (17, 11, 1, 'Pierre Dubois', 'adult', current_date - interval '39 years 9 months', 18.00, false),
  (18, 11, 2, 'Camille Dubois', 'adult', current_date - interval '37 years', 18.00, false),
  (19, 12, 1, 'Anna Kowalska', 'adult', NULL, 39.00, false);

INSERT INTO public.payments (id, booking_id, paid_at, amount, currency_code, method, status, provider_ref) VALUES
  (1, 1, now() - interval '30 days' + interval '2 minutes', 36.00, 'EUR', 'card', 'succeeded', 'ch_3NqA1'),
  (2, 2, now() - interval '25 days' + interval '3 minutes', 24.30, 'EUR', 'paypal', 'succeeded', 'PAY-8H21'),
  (3, 3, now() - interval '40 days' + interval '1 minute', 78.00, 'GBP', 'card', 'failed', 'ch_3NqA2'),
  (4, 3, now() - interval '40 days' + interval '6 minutes', 78.00, 'GBP', 'card', 'succeeded', 'ch_3NqA3'),
  (5, 4, now() - interval '16 days' + interval '2 minutes', 39.00, 'GBP', 'card', 'succeeded', 'ch_3NqA4'),
  (6, 5, now() - interval '12 days' + interval '4 minutes', 1625.00, 'CZK', 'card', 'succeeded', 'ch_3NqA5'),
  (7, 6, now() - interval '11 days 6 hours' + interval '2 minutes', 650.00, 'CZK', 'card', 'succeeded', 'ch_3NqA6'),
  (8, 7, now() - interval '8 days' + interval '2 minutes', 25.00, 'EUR', 'card', 'succeeded', 'ch_3NqA7'),
  (9, 8, now() - interval '9 days' + interval '2 minutes', 50.00, 'EUR', 'paypal', 'succeeded', 'PAY-8H22'),
  (10, 9, now() - interval '20 days' + interval '2 minutes', 39.00, 'GBP', 'card', 'succeeded', 'ch_3NqA8'),
  (11, 10, now() - interval '7 days' + interval '2 minutes', 650.00, 'CZK', 'card', 'refunded', 'ch_3NqA9'),
  (12, 11, now() - interval '2 days' + interval '2 minutes', 36.00, 'EUR', 'card', 'succeeded', 'ch_3NqB1');

INSERT INTO public.reviews (id, booking_id, customer_id, departure_id, rating, title, body, submitted_at) VALUES
  (1, 1, 1, 1, 5, 'Lovely cruise', 'Great views of Notre-Dame and the Eiffel Tower, clear commentary.', now() - interval '19 days'),
  (2, 3, 3, 2, 4, 'Good overview of London', 'Traffic was slow near Westminster but the guide was excellent.', now() - interval '14 days'),
  (3, 5, 5, 3, 5, 'Perfect with kids', 'Jana kept our son interested the whole way across the bridge.', now() - interval '9 days'),
  (4, 8, 3, 4, 4, 'Charming walk', 'Steep streets, wear good shoes. Fascinating stories.', now() - interval '4 days');

SELECT setval('public.cities_id_seq', 3);
SELECT setval('public.guides_id_seq', 3);
SELECT setval('public.guide_licences_id_seq', 3);
SELECT setval('public.vehicles_id_seq', 3);
SELECT setval('public.vehicle_readings_id_seq', 8);
SELECT setval('public.tours_id_seq', 4);
SELECT setval('public.tour_prices_id_seq', 5);
SELECT setval('public.departures_id_seq', 7);
SELECT setval('public.customers_id_seq', 6);
SELECT setval('public.vouchers_id_seq', 2);
SELECT setval('public.bookings_id_seq', 12);
SELECT setval('public.booking_participants_id_seq', 19);
SELECT setval('public.payments_id_seq', 12);
SELECT setval('public.reviews_id_seq', 4);

COMMIT;
