BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('PLN', 'Polish zloty', 2),
  ('CZK', 'Czech koruna', 2),
  ('HUF', 'Hungarian forint', 2);

INSERT INTO public.countries (code, name, currency_code, dialling_code) VALUES
  ('AT', 'Austria', 'EUR', '+43'),
  ('PL', 'Poland', 'PLN', '+48'),
  ('CZ', 'Czechia', 'CZK', '+420'),
  ('HU', 'Hungary', 'HUF', '+36');

INSERT INTO public.cities (id, country_code, name, timezone, population) OVERRIDING SYSTEM VALUE VALUES
  (1, 'AT', 'Graz', 'Europe/Vienna', 298000),
  (2, 'PL', 'Kraków', 'Europe/Warsaw', 804000),
  (3, 'CZ', 'Brno', 'Europe/Prague', 400000);

INSERT INTO public.stops (id, city_id, stop_code, name, latitude, longitude, wheelchair_accessible, created_at) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'G-JAK', 'Jakominiplatz', 47.066700, 15.442500, true, now() - interval '6 years'),
  (2, 1, 'G-HBF', 'Hauptbahnhof', 47.072600, 15.417000, true, now() - interval '6 years'),
  (3, 1, 'G-LEN', 'Lendplatz', 47.073900, 15.432100, true, now() - interval '6 years'),
  (4, 2, 'K-RMO', 'Rondo Mogilskie', 50.065200, 19.958900, true, now() - interval '5 years'),
  (5, 2, 'K-BAG', 'Teatr Bagatela', 50.063700, 19.932700, true, now() - interval '5 years'),
  (6, 2, 'K-DGL', 'Dworzec Główny', 50.067600, 19.945000, true, now() - interval '5 years'),
  (7, 3, 'B-HLN', 'Hlavní nádraží', 49.191000, 16.612500, true, now() - interval '4 years'),
  (8, 3, 'B-CES', 'Česká', 49.197600, 16.606900, true, now() - interval '4 years');

INSERT INTO public.lines (id, city_id, line_code, mode, name, colour_hex, status, opened_on) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, '1', 'tram', 'Eggenberg – Mariatrost', '#E30613', 'active', DATE '1898-06-01'),
  (2, 2, '4', 'tram', 'Bronowice Małe – Wzgórza Krzesławickie', '#0066B3', 'active', DATE '1974-05-01'),
  (3, 2, '144', 'bus', 'Dworzec Główny Zachód – Rzozów', '#1F7A1F', 'active', DATE '2003-09-01'),
  (4, 3, '4', 'tram', 'Obřany – Náměstí Míru', '#F7A600', 'active', DATE '1900-01-01');

INSERT INTO public.route_patterns (id, line_id, direction, headsign, valid_from, valid_to) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 0, 'Mariatrost', current_date - 400, NULL),
  (2, 2, 0, 'Wzgórza Krzesławickie', current_date - 300, NULL),
  (3, 3, 1, 'Rzozów', current_date - 300, NULL),
  (4, 4, 0, 'Obřany', current_date - 500, NULL);

INSERT INTO public.pattern_stops (pattern_id, stop_sequence, stop_id, distance_from_start_m, scheduled_offset_s) VALUES
  (1, 1, 2, 0, 0),
  (1, 2, 3, 1350, 240),
  (1, 3, 1, 2600, 540),
  (2, 1, 5, 0, 0),
  (2, 2, 6, 1400, 300),
  (2, 3, 4, 2300, 480),
  (3, 1, 6, 0, 0),
  (3, 2, 5, 1500, 360),
  (3, 3, 4, 3100, 720),
  (4, 1, 7, 0, 0),
  (4, 2, 8, 950, 180);

INSERT INTO public.vehicle_types (id, kind, manufacturer, model, length_m, seated_capacity, standing_capacity, low_floor) OVERRIDING SYSTEM VALUE VALUES
  (1, 'tram', 'Stadler', 'Variobahn', 27.0, 62, 138, true),
  (2, 'articulated_bus', 'Solaris', 'Urbino 18', 18.0, 43, 110, true),
  (3, 'standard_bus', 'Mercedes-Benz', 'Citaro', 12.1, 30, 70, true),
  (4, 'tram', 'Škoda', '13T', 31.4, 52, 180, true);

INSERT INTO public.vehicles (id, vehicle_type_id, home_city_id, fleet_number, registration_plate, built_year, commissioned_on, status, withdrawn_on) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 1, '201', NULL, 2010, DATE '2010-09-15', 'in_service', NULL),
  (2, 1, 2, 'RZ801', NULL, 2016, DATE '2016-04-20', 'in_service', NULL),
  (3, 2, 2, 'BH901', 'KR 4H901', 2019, DATE '2019-11-04', 'in_service', NULL),
  (4, 4, 3, '1925', NULL, 2018, DATE '2018-07-02', 'in_workshop', NULL);

INSERT INTO public.odometer_readings (vehicle_id, read_at, odometer_km, source) VALUES
  (1, now() - interval '60 days', 812400, 'telematics'),
  (1, now() - interval '30 days', 817150, 'telematics'),
  (1, now() - interval '1 day', 821980, 'telematics'),
  (2, now() - interval '30 days', 402300, 'telematics'),
  (2, now() - interval '1 day', 407050, 'telematics'),
  (3, now() - interval '45 days', 311200, 'workshop'),
  (3, now() - interval '1 day', 318900, 'telematics'),
  (4, now() - interval '20 days', 356000, 'telematics'),
  (4, now() - interval '3 days', 358700, 'workshop');

INSERT INTO public.drivers (id, home_city_id, employee_number, first_name, last_name, date_of_birth, hired_on, left_on, phone, status) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'GRZ-0412', 'Anna', 'Huber', DATE '1985-03-14', DATE '2012-02-01', NULL, '+43 664 2318844', 'active'),
  (2, 2, 'KRK-1187', 'Piotr', 'Nowak', DATE '1979-11-02', DATE '2005-06-01', NULL, '+48 601 234 567', 'active'),
  (3, 2, 'KRK-2291', 'Katarzyna', 'Wiśniewska', DATE '1990-07-21', DATE '2016-03-14', NULL, '+48 512 778 120', 'active'),
  (4, 3, 'BRN-0733', 'Jan', 'Dvořák', DATE '1975-01-30', DATE '2001-09-03', NULL, '+420 603 123 456', 'active');

INSERT INTO public.driver_licences (driver_id, category, licence_number, issuing_country, valid_from, valid_to) VALUES
  (1, 'TRAM', 'AT-ST-55120', 'AT', current_date - 1500, current_date + 2000),
  (2, 'TRAM', 'PL-TR-08817', 'PL', current_date - 2500, current_date + 1000),
  (3, 'D', 'PL-D-4471902', 'PL', current_date - 1800, current_date + 1800),
  (4, 'TRAM', 'CZ-TR-30291', 'CZ', current_date - 900, current_date + 2700);

INSERT INTO public.shifts (id, driver_id, vehicle_id, starts_at, ends_at, status) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 1, date_trunc('day', now()) - interval '1 day' + interval '5 hours', date_trunc('day', now()) - interval '1 day' + interval '13 hours 30 minutes', 'completed'),
  (2, 2, 2, date_trunc('day', now()) - interval '1 day' + interval '5 hours', date_trunc('day', now()) - interval '1 day' + interval '13 hours', 'completed'),
  (3, 3, 3, date_trunc('day', now()) - interval '1 day' + interval '6 hours', date_trunc('day', now()) - interval '1 day' + interval '14 hours', 'completed'),
  (4, 4, 4, date_trunc('day', now()) - interval '4 days' + interval '5 hours', date_trunc('day', now()) - interval '4 days' + interval '13 hours', 'completed'),
  (5, 2, 2, now() - interval '2 hours', now() + interval '6 hours', 'in_progress'),
  (6, 1, 1, date_trunc('day', now()) + interval '1 day' + interval '5 hours', date_trunc('day', now()) + interval '1 day' + interval '13 hours 30 minutes', 'planned');

INSERT INTO public.trips (id, pattern_id, shift_id, vehicle_id, scheduled_departure, actual_departure, actual_arrival, status) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 1, 1, date_trunc('day', now()) - interval '1 day' + interval '6 hours', date_trunc('day', now()) - interval '1 day' + interval '6 hours 1 minute', date_trunc('day', now()) - interval '1 day' + interval '6 hours 11 minutes', 'completed'),
  (2, 1, 1, 1, date_trunc('day', now()) - interval '1 day' + interval '7 hours', date_trunc('day', now()) - interval '1 day' + interval '7 hours', date_trunc('day', now()) - interval '1 day' + interval '7 hours 10 minutes', 'completed'),
  (3, 2, 2, 2, date_trunc('day', now()) - interval '1 day' + interval '6 hours', date_trunc('day', now()) - interval '1 day' + interval '6 hours 2 minutes', date_trunc('day', now()) - interval '1 day' + interval '6 hours 11 minutes', 'completed'),
  (4, 3, 3, 3, date_trunc('day', now()) - interval '1 day' + interval '8 hours', date_trunc('day', now()) - interval '1 day' + interval '8 hours', date_trunc('day', now()) - interval '1 day' + interval '8 hours 13 minutes', 'completed'),
  (5, 4, 4, 4, date_trunc('day', now()) - interval '4 days' + interval '9 hours', date_trunc('day', now()) - interval '4 days' + interval '9 hours 1 minute', date_trunc('day', now()) - interval '4 days' + interval '9 hours 5 minutes', 'completed'),
  (6, 2, 5, 2, now() - interval '5 minutes', now() - interval '4 minutes', NULL, 'running'),
  (7, 1, 6, 1, date_trunc('day', now()) + interval '1 day' + interval '6 hours', NULL, NULL, 'scheduled'),
  (8, 1, 6, 1, date_trunc('day', now()) + interval '1 day' + interval '7 hours', NULL, NULL, 'scheduled');

INSERT INTO public.fare_products (id, city_id, product_code, name, kind, passenger_category, currency_code) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'GRZ-1H', 'Stundenkarte Zone 101', 'single', 'adult', 'EUR'),
  (2, 2, 'KRK-60', 'Bilet 60-minutowy', 'single', 'adult', 'PLN'),
  (3, 2, 'KRK-24H', 'Bilet 24-godzinny', 'day_pass', 'adult', 'PLN'),
  (4, 3, 'BRN-60', 'Jízdenka 60 minut', 'single', 'adult', 'CZK');

INSERT INTO public.fare_prices (fare_product_id, price, valid_from, valid_to) VALUES
  (1, 2.70, current_date - 800, current_date - 331),
  (1, 2.90, current_date - 330, NULL),
  (2, 6.00, current_date - 700, NULL),
  (3, 17.00, current_date - 700, NULL),
  (4, 25.00, current_date - 1000, current_date - 201),
  (4, 30.00, current_date - 200, NULL);

INSERT INTO public.card_accounts (id, card_number, holder_name, date_of_birth, country_code, phone, email, currency_code, balance, status, created_at, blocked_at) OVERRIDING SYSTEM VALUE VALUES
  (1, '9040012345678901', 'Maria Steiner', DATE '1992-05-08', 'AT', '+43 660 4471120', 'maria.steiner@example.at', 'EUR', 24.20, 'active', now() - interval '400 days', NULL),
  (2, '9048009876543210', 'Tomasz Kowalski', DATE '1988-12-19', 'PL', '+48 604 112 908', 'tomasz.kowalski@example.pl', 'PLN', 38.00, 'active', now() - interval '250 days', NULL),
  (3, '9042005556667778', 'Petra Novotná', DATE '2001-02-27', 'CZ', '+420 731 220 415', 'petra.novotna@example.cz', 'CZK', 170.00, 'active', now() - interval '120 days', NULL);

INSERT INTO public.top_ups (card_account_id, amount, currency_code, channel, status, created_at) VALUES
  (1, 20.00, 'EUR', 'app', 'succeeded', now() - interval '300 days'),
  (1, 10.00, 'EUR', 'ticket_machine', 'succeeded', now() - interval '90 days'),
  (1, 10.00, 'EUR', 'app', 'failed', now() - interval '20 days'),
  (1, 10.00, 'EUR', 'app', 'succeeded', now() - interval '19 days'),
  (2, 50.00, 'PLN', 'web', 'succeeded', now() - interval '200 days'),
  (2, 50.00, 'PLN', 'kiosk', 'succeeded', now() - interval '60 days'),
  (2, 20.00, 'PLN', 'ticket_machine', 'succeeded', now() - interval '10 days'),
  (3, 200.00, 'CZK', 'app', 'succeeded', now() - interval '110 days'),
  (3, 100.00, 'CZK', 'autoload', 'succeeded', now() - interval '40 days'),
  (3, 100.00, 'CZK', 'autoload', 'succeeded', now() - interval '8 days'),
  (2, 30.00, 'PLN', 'app', 'succeeded', now() - interval '3 days');

INSERT INTO public.validations (card_account_id, stop_id, trip_id, fare_product_id, tapped_at, amount_charged, result) VALUES
  (1, 2, 1, 1, date_trunc('day', now()) - interval '1 day' + interval '6 hours 1 minute', 2.90, 'accepted'),
  (1, 3, 2, 1, date_trunc('day', now()) - interval '1 day' + interval '7 hours 4 minutes', 2.90, 'accepted'),
  (2, 5, 3, 2, date_trunc('day', now()) - interval '1 day' + interval '6 hours 2 minutes', 6.00, 'accepted'),
  (2, 6, 4, 3, date_trunc('day', now()) - interval '1 day' + interval '8 hours', 17.00, 'accepted'),
  (2, 5, 6, 3, now() - interval '4 minutes', 0.00, 'pass_used'),
  (3, 7, 5, 4, date_trunc('day', now()) - interval '4 days' + interval '9 hours 1 minute', 30.00, 'accepted'),
  (3, 8, NULL, 4, now() - interval '2 days', 30.00, 'accepted');

INSERT INTO public.maintenance_orders (vehicle_id, kind, opened_at, closed_at, status, odometer_km, labour_cost, parts_cost, total_cost, currency_code) VALUES
  (1, 'preventive', now() - interval '30 days', now() - interval '29 days', 'closed', 817150, 420.00, 180.50, 600.50, 'EUR'),
  (3, 'repair', now() - interval '45 days', now() - interval '43 days', 'closed', 311200, 1350.00, 2210.40, 3560.40, 'PLN'),
  (4, 'inspection', now() - interval '3 days', NULL, 'in_progress', 358700, 3200.00, 0.00, 3200.00, 'CZK');

COMMIT;
