BEGIN;

INSERT INTO public.currencies (code, name, minor_unit) VALUES
 ('GBP', 'Pound Sterling', 2),
 ('EUR', 'Euro', 2),
 ('USD', 'US Dollar', 2),
 ('MXN', 'Mexican Peso', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code) VALUES
 ('GB', 'United Kingdom', 'GBP', '44'),
 ('IE', 'Ireland', 'EUR', '353'),
 ('US', 'United States', 'USD', '1'),
 ('MX', 'Mexico', 'MXN', '52');

INSERT INTO public.cities (id, country_code, name, timezone, launched_on, is_active) VALUES
 (1, 'GB', 'London', 'Europe/London', '2019-06-03', true),
 (2, 'IE', 'Dublin', 'Europe/Dublin', '2020-09-14', true),
 (3, 'US', 'Chicago', 'America/Chicago', '2018-04-23', true),
 (4, 'MX', 'Mexico City', 'America/Mexico_City', '2019-11-11', true);

INSERT INTO public.vehicle_classes (code, display_name, seats, sort_order) VALUES
 ('economy', 'Economy', 4, 1),
 ('comfort', 'Comfort', 4, 2),
 ('xl', 'XL', 6, 3),
 ('premium', 'Premium', 4, 4);

INSERT INTO public.fare_schedules (id, city_id, vehicle_class, base_fare, per_km, per_minute, minimum_fare, booking_fee, cancellation_fee, effective_from, effective_to) VALUES
 (1, 1, 'economy', 2.50, 1.2500, 0.1500, 6.00, 1.00, 5.00, '2024-01-01', NULL),
 (2, 1, 'xl', 3.75, 1.8500, 0.2200, 9.00, 1.00, 7.00, '2024-01-01', NULL),
 (3, 2, 'economy', 3.00, 1.1000, 0.3000, 7.00, 1.50, 4.00, '2024-03-01', NULL),
 (4, 3, 'economy', 1.75, 1.0500, 0.3200, 7.25, 2.95, 5.00, '2024-02-01', NULL),
 (5, 4, 'economy', 12.00, 5.5000, 2.0000, 45.00, 0.00, 30.00, '2024-01-15', NULL);

INSERT INTO public.riders (id, first_name, last_name, email, phone, country_code, home_city_id, date_of_birth, status, rating, created_at) VALUES
 (1, 'Olivia', 'Bennett', 'olivia.bennett@example.co.uk', '+447700900123', 'GB', 1, '1992-04-18', 'active', 4.92, now() - interval '500 days'),
 (2, 'James', 'Okafor', 'j.okafor@example.com', '+447700900456', 'GB', 1, '1988-09-02', 'active', 4.85, now() - interval '420 days'),
 (3, 'Aoife', 'Murphy', 'aoife.murphy@example.ie', '+353871234567', 'IE', 2, '1996-12-14', 'active', 4.97, now() - interval '200 days'),
 (4, 'Daniel', 'Kowalski', 'dkowalski@example.net', '+13125550142', 'US', 3, '1985-05-30', 'active', 4.78, now() - interval '800 days'),
 (5, 'Valeria', 'Gómez', 'valeria.gomez@example.com.mx', '+525512345678', 'MX', 4, '1999-08-07', 'active', 4.90, now() - interval '150 days');

INSERT INTO public.drivers (id, first_name, last_name, email, phone, city_id, date_of_birth, licence_number, licence_expires_on, status, rating, onboarded_at, offboarded_at) VALUES
 (1, 'Amir', 'Haddad', 'amir.haddad@example.co.uk', '+447700900789', 1, '1984-03-11', 'HADDA803114A99KX', (current_date + interval '4 years')::date, 'active', 4.91, '2022-05-16 09:30:00+01', NULL),
 (2, 'Siobhan', 'Byrne', 'siobhan.byrne@example.ie', '+353861122334', 2, '1979-11-02', '031245678', (current_date + interval '3 years')::date, 'active', 4.88, '2023-02-06 10:15:00+00', NULL),
 (3, 'Marcus', 'Webb', 'marcus.webb@example.com', '+13125550188', 3, '1990-07-19', 'W100-4839-0201', (current_date + interval '2 years')::date, 'active', 4.83, '2021-09-13 14:00:00-05', NULL),
 (4, 'Alejandro', 'Ruiz', 'alejandro.ruiz@example.com.mx', '+525587654321', 4, '1987-01-25', 'A09384756', (current_date + interval '3 years')::date, 'active', 4.95, '2022-11-07 11:45:00-06', NULL);

INSERT INTO public.vehicles (id, driver_id, vehicle_class, make, model, model_year, colour, plate_number, registration_country, inspection_expires_on, added_at) VALUES
 (1, 1, 'economy', 'Toyota', 'Prius', 2020, 'Silver', 'LB70 XKD', 'GB', (current_date + interval '7 months')::date, '2022-05-16 10:00:00+01'),
 (2, 2, 'economy', 'Skoda', 'Octavia', 2021, 'Grey', '211-D-18734', 'IE', (current_date + interval '5 months')::date, '2023-02-06 11:00:00+00'),
 (3, 3, 'economy', 'Toyota', 'Camry', 2022, 'Black', 'DM 48213', 'US', (current_date + interval '9 months')::date, '2021-09-13 15:00:00-05'),
 (4, 4, 'economy', 'Nissan', 'Versa', 2021, 'White', 'P27-BCD', 'MX', (current_date + interval '4 months')::date, '2022-11-07 12:30:00-06');

INSERT INTO public.driver_shifts (id, driver_id, vehicle_id, started_at, ended_at, odometer_start_km, odometer_end_km) VALUES
 (1, 1, 1, now() - interval '3 days 1 hour', now() - interval '2 days 17 hours', 84210, 84395),
 (2, 1, 1, now() - interval '2 days 1 hour', now() - interval '1 day 18 hours', 84395, 84571),
 (3, 1, 1, now() - interval '2 hours', NULL, 84571, NULL),
 (4, 2, 2, now() - interval '2 days 2 hours', now() - interval '1 day 19 hours', 61020, 61188),
 (5, 3, 3, now() - interval '4 days 3 hours', now() - interval '3 days 19 hours', 30455, 30702),
 (6, 4, 4, now() - interval '2 days 4 hours', now() - interval '1 day 20 hours', 112300, 112498);

INSERT INTO public.payment_methods (id, rider_id, method_type, card_brand, card_last4, expiry_month, expiry_year, is_default, added_at, removed_at) VALUES
 (1, 1, 'card', 'visa', '4821', 11, (extract(year FROM now())::int + 2), true, now() - interval '495 days', NULL),
 (2, 2, 'card', 'mastercard', '5307', 6, (extract(year FROM now())::int + 3), true, now() - interval '410 days', NULL),
 (3, 3, 'card', 'visa', '1164', 2, (extract(year FROM now())::int + 2), true, now() - interval '199 days', NULL),
 (4, 4, 'wallet', 'apple_pay', NULL, NULL, NULL, true, now() - interval '790 days', NULL),
 (5, 5, 'cash', NULL, NULL, NULL, NULL, true, now() - interval '150 days', NULL);

INSERT INTO public.promo_codes (id, code, city_id, discount_percent, max_discount_amount, valid_from, valid_until, max_redemptions, redemptions_count) VALUES
 (1, 'DUBLIN10', 2, 10.00, 5.00, now() - interval '30 days', now() + interval '30 days', 5000, 1),
 (2, 'LONDONFIRST', 1, 50.00, 10.00, now() - interval '90 days', now() + interval '90 days', 20000, 0);

INSERT INTO public.trips (id, rider_id, driver_id, vehicle_id, shift_id, city_id, vehicle_class, fare_schedule_id, status,
  requested_at, accepted_at, picked_up_at, dropped_off_at, cancelled_at,
  pickup_address, pickup_lat, pickup_lng, dropoff_address, dropoff_lat, dropoff_lng,
  distance_km, surge_multiplier, currency_code, total_amount, payment_method_id, promo_code_id) VALUES
 (1, 1, 1, 1, 1, 1, 'economy', 1, 'completed',
  now() - interval '3 days', now() - interval '3 days' + interval '1 minute', now() - interval '3 days' + interval '6 minutes', now() - interval '3 days' + interval '26 minutes', NULL,
  'King''s Cross Station, Euston Rd, London N1 9AL', 51.530400, -0.123800, '25 Canada Square, London E14 5LQ', 51.505000, -0.019400,
  8.40, 1.00, 'GBP', 17.00, 1, NULL),
 (2, 2, 1, 1, 2, 1, 'economy', 1, 'completed',
  now() - interval '2 days', now() - interval '2 days' + interval '2 minutes', now() - interval '2 days' + interval '9 minutes', now() - interval '2 days' + interval '31 minutes', NULL,
  'Paddington Station, Praed St, London W2 1HU', 51.516900, -0.177500, 'Brixton Rd, London SW9 8HE', 51.462500, -0.113500,
  11.20, 1.30, 'GBP', 26.74, 2, NULL),
 (3, 3, 2, 2, 4, 2, 'economy', 3, 'completed',
  now() - interval '2 days', now() - interval '2 days' + interval '3 minutes', now() - interval '2 days' + interval '10 minutes', now() - interval '2 days' + interval '35 minutes', NULL,
  'Heuston Station, Dublin 8', 53.346400, -6.293400, 'Dundrum Town Centre, Dublin 16', 53.287900, -6.242900,
  9.80, 1.00, 'EUR', 20.50, 3, 1),
 (4, 4, 3, 3, 5, 3, 'economy', 4, 'completed',
  now() - interval '4 days', now() - interval '4 days' + interval '2 minutes', now() - interval '4 days' + interval '8 minutes', now() - interval '4 days' + interval '26 minutes', NULL,
  '233 S Wacker Dr, Chicago, IL 60606', 41.878900, -87.635900, '2300 N Lincoln Park W, Chicago, IL 60614', 41.923500, -87.633800,
  7.10, 1.00, 'USD', 20.92, 4, NULL),
 (5, 5, 4, 4, 6, 4, 'economy', 5, 'completed',
  now() - interval '2 days', now() - interval '2 days' + interval '4 minutes', now() - interval '2 days' + interval '12 minutes', now() - interval '2 days' + interval '40 minutes', NULL,
  'Av. Paseo de la Reforma 222, Juárez, CDMX', 19.427700, -99.162900, 'Av. Universidad 3000, Coyoacán, CDMX', 19.332400, -99.186500,
  12.50, 1.00, 'MXN', 136.75, 5, NULL),
 (6, 1, 1, 1, 2, 1, 'economy', 1, 'cancelled_by_rider',
  now() - interval '2 days' + interval '3 hours', now() - interval '2 days' + interval '3 hours 1 minute', NULL, NULL, now() - interval '2 days' + interval '3 hours 8 minutes',
  '10 Upper St, London N1 0PQ', 51.535000, -0.104200, 'Camden High St, London NW1 7JE', 51.539000, -0.142600,
  NULL, 1.00, 'GBP', 5.00, 1, NULL),
 (7, 4, NULL, NULL, NULL, 3, 'economy', 4, 'no_driver_found',
  now() - interval '5 days', NULL, NULL, NULL, NULL,
  'O''Hare International Airport, Chicago, IL 60666', 41.974200, -87.907300, '1060 W Addison St, Chicago, IL 60613', 41.948400, -87.655300,
  NULL, 1.00, 'USD', NULL, 4, NULL),
 (8, 2, 1, 1, 3, 1, 'economy', 1, 'in_progress',
  now() - interval '25 minutes', now() - interval '24 minutes', now() - interval '18 minutes', NULL, NULL,
  'Waterloo Station, London SE1 8SW', 51.503200, -0.112300, 'Greenwich Market, London SE10 9HZ', 51.481400, -0.009000,
  NULL, 1.00, 'GBP', NULL, 2, NULL);

INSERT INTO public.trip_status_events (trip_id, seq_no, status, occurred_at, source) VALUES
 (1, 1, 'requested', now() - interval '3 days', 'rider_app'),
 (1, 2, 'accepted', now() - interval '3 days' + interval '1 minute', 'driver_app'),
 (1, 3, 'in_progress', now() - interval '3 days' + interval '6 minutes', 'driver_app'),
 (1, 4, 'completed', now() - interval '3 days' + interval '26 minutes', 'driver_app'),
 (2, 1, 'requested', now() - interval '2 days', 'rider_app'),
 (2, 2, 'accepted', now() - interval '2 days' + interval '2 minutes', 'driver_app'),
 (2, 3, 'in_progress', now() - interval '2 days' + interval '9 minutes', 'driver_app'),
 (2, 4, 'completed', now() - interval '2 days' + interval '31 minutes', 'driver_app'),
 (3, 1, 'requested', now() - interval '2 days', 'rider_app'),
 (3, 2, 'accepted', now() - interval '2 days' + interval '3 minutes', 'driver_app'),
 (3, 3, 'in_progress', now() - interval '2 days' + interval '10 minutes', 'driver_app'),
 (3, 4, 'completed', now() - interval '2 days' + interval '35 minutes', 'driver_app'),
 (4, 1, 'requested', now() - interval '4 days', 'rider_app'),
 (4, 2, 'accepted', now() - interval '4 days' + interval '2 minutes', 'driver_app'),
 (4, 3, 'in_progress', now() - interval '4 days' + interval '8 minutes', 'driver_app'),
 (4, 4, 'completed', now() - interval '4 days' + interval '26 minutes', 'driver_app'),
 (5, 1, 'requested', now() - interval '2 days', 'rider_app'),
 (5, 2, 'accepted', now() - interval '2 days' + interval '4 minutes', 'driver_app'),
 (5, 3, 'in_progress', now() - interval '2 days' + interval '12 minutes', 'driver_app'),
 (5, 4, 'completed', now() - interval '2 days' + interval '40 minutes', 'driver_app'),
 (6, 1, 'requested', now() - interval '2 days' + interval '3 hours', 'rider_app'),
 (6, 2, 'accepted', now() - interval '2 days' + interval '3 hours 1 minute', 'driver_app'),
 (6, 3, 'cancelled_by_rider', now() - interval '2 days' + interval '3 hours 8 minutes', 'rider_app'),
 (7, 1, 'requested', now() - interval '5 days', 'rider_app'),
 (7, 2, 'no_driver_found', now() - interval '5 days' + interval '5 minutes', 'system'),
 (8, 1, 'requested', now() - interval '25 minutes', 'rider_app'),
 (8, 2, 'accepted', now() - interval '24 minutes', 'driver_app'),
 (8, 3, 'in_progress', now() - interval '18 minutes', 'driver_app');

INSERT INTO public.trip_route_points (trip_id, point_no, recorded_at, lat, lng, speed_kmh, accuracy_m) VALUES
 (1, 1, now() - interval '3 days' + interval '6 minutes', 51.530400, -0.123800, 0.0, 6.0),
 (1, 2, now() - interval '3 days' + interval '12 minutes', 51.524100, -0.098700, 24.5, 5.0),
 (1, 3, now() - interval '3 days' + interval '19 minutes', 51.512300, -0.058200, 31.0, 4.5),
 (1, 4, now() - interval '3 days' + interval '26 minutes', 51.505000, -0.019400, 0.0, 5.5),
 (3, 1, now() - interval '2 days' + interval '10 minutes', 53.346400, -6.293400, 0.0, 7.0),
 (3, 2, now() - interval '2 days' + interval '22 minutes', 53.318800, -6.265100, 28.0, 5.0),
 (3, 3, now() - interval '2 days' + interval '35 minutes', 53.287900, -6.242900, 0.0, 6.5),
 (8, 1, now() - interval '18 minutes', 51.503200, -0.112300, 0.0, 5.0),
 (8, 2, now() - interval '9 minutes', 51.495000, -0.068000, 22.0, 4.0);

INSERT INTO public.trip_fare_lines (trip_id, line_no, component, description, amount) VALUES
 (1, 1, 'base_fare', 'Base fare', 2.50),
 (1, 2, 'distance', '8.4 km at 1.25/km', 10.50),
 (1, 3, 'time', '20 min at 0.15/min', 3.00),
 (1, 4, 'booking_fee', 'Booking fee', 1.00),
 (2, 1, 'base_fare', 'Base fare', 2.50),
 (2, 2, 'distance', '11.2 km at 1.25/km', 14.00),
 (2, 3, 'time', '22 min at 0.15/min', 3.30),
 (2, 4, 'surge', 'Busy period 1.3x', 5.94),
 (2, 5, 'booking_fee', 'Booking fee', 1.00),
 (3, 1, 'base_fare', 'Base fare', 3.00),
 (3, 2, 'distance', '9.8 km at 1.10/km', 10.78),
 (3, 3, 'time', '25 min at 0.30/min', 7.50),
 (3, 4, 'booking_fee', 'Booking fee', 1.50),
 (3, 5, 'promo_discount', 'DUBLIN10', -2.28),
 (4, 1, 'base_fare', 'Base fare', 1.75),
 (4, 2, 'distance', '7.1 km at 1.05/km', 7.46),
 (4, 3, 'time', '18 min at 0.32/min', 5.76),
 (4, 4, 'booking_fee', 'Booking fee', 2.95),
 (4, 5, 'tip', 'Rider tip', 3.00),
 (5, 1, 'base_fare', 'Tarifa base', 12.00),
 (5, 2, 'distance', '12.5 km a 5.50/km', 68.75),
 (5, 3, 'time', '28 min a 2.00/min', 56.00),
 (6, 1, 'cancellation_fee', 'Late cancellation after driver dispatched', 5.00);

INSERT INTO public.payments (id, trip_id, payment_method_id, amount, currency_code, status, psp_reference, created_at, captured_at, refunded_at) VALUES
 (1, 1, 1, 17.00, 'GBP', 'captured', 'pi_3Pq8ZsL2kd81x0a1', now() - interval '3 days' + interval '26 minutes', now() - interval '3 days' + interval '27 minutes', NULL),
 (2, 2, 2, 26.74, 'GBP', 'captured', 'pi_3Pq9AbL2kd81x0b7', now() - interval '2 days' + interval '31 minutes', now() - interval '2 days' + interval '32 minutes', NULL),
 (3, 3, 3, 20.50, 'EUR', 'captured', 'pi_3PqA1cL2kd81x0c4', now() - interval '2 days' + interval '35 minutes', now() - interval '2 days' + interval '36 minutes', NULL),
 (4, 4, 4, 20.92, 'USD', 'captured', 'pi_3Pq7XyL2kd81x0d2', now() - interval '4 days' + interval '26 minutes', now() - interval '4 days' + interval '27 minutes', NULL),
 (5, 5, 5, 136.75, 'MXN', 'captured', NULL, now() - interval '2 days' + interval '40 minutes', now() - interval '2 days' + interval '40 minutes', NULL),
 (6, 6, 1, 5.00, 'GBP', 'captured', 'pi_3PqB2dL2kd81x0e9', now() - interval '2 days' + interval '3 hours 8 minutes', now() - interval '2 days' + interval '3 hours 9 minutes', NULL);

INSERT INTO public.trip_ratings (trip_id, rated_by, stars, comment, created_at) VALUES
 (1, 'rider', 5, 'Smooth ride, knew a quicker route.', now() - interval '3 days' + interval '40 minutes'),
 (1, 'driver', 5, NULL, now() - interval '3 days' + interval '28 minutes'),
 (2, 'rider', 4, NULL, now() - interval '2 days' + interval '2 hours'),
 (3, 'rider', 5, 'Lovely driver', now() - interval '2 days' + interval '50 minutes'),
 (4, 'rider', 5, NULL, now() - interval '4 days' + interval '1 hour'),
 (4, 'driver', 4, NULL, now() - interval '4 days' + interval '27 minutes'),
 (5, 'rider', 5, 'Muy amable', now() - interval '2 days' + interval '45 minutes');

INSERT INTO public.support_tickets (id, rider_id, driver_id, trip_id, category, priority, status, subject, opened_at, resolved_at) VALUES
 (1, 1, NULL, 6, 'cancellation_fee', 3, 'resolved', 'Charged a cancellation fee but the driver was going the wrong way', now() - interval '2 days' + interval '4 hours', now() - interval '1 day' + interval '2 hours'),
 (2, 4, NULL, 7, 'app_issue', 4, 'closed', 'No cars available at O''Hare', now() - interval '5 days' + interval '20 minutes', now() - interval '4 days' + interval '22 hours');

INSERT INTO public.driver_payouts (id, driver_id, period_start, period_end, currency_code, gross_amount, commission_amount, net_amount, status, bank_reference, paid_at) VALUES
 (1, 1, '2025-02-24', '2025-03-02', 'GBP', 1240.50, 310.13, 930.37, 'paid', 'FPS-20250303-0001842', '2025-03-03 16:00:00+00'),
 (2, 2, '2025-02-24', '2025-03-02', 'EUR', 980.20, 245.05, 735.15, 'paid', 'SEPA-20250303-IE00977', '2025-03-03 16:00:00+00'),
 (3, 3, '2025-02-24', '2025-03-02', 'USD', 1515.75, 378.94, 1136.81, 'paid', 'ACH-20250304-553021', '2025-03-04 16:00:00+00'),
 (4, 4, '2025-02-24', '2025-03-02', 'MXN', 18420.00, 4605.00, 13815.00, 'paid', 'SPEI-20250304-88213', '2025-03-04 17:30:00+00'),
 (5, 1, (current_date - 7), (current_date - 1), 'GBP', 1105.20, 276.30, 828.90, 'scheduled', NULL, NULL);

SELECT pg_catalog.setval('public.cities_id_seq', 4, true);
SELECT pg_catalog.setval('public.fare_schedules_id_seq', 5, true);
SELECT pg_catalog.setval('public.promo_codes_id_seq', 2, true);
SELECT pg_catalog.setval('public.riders_id_seq', 5, true);
SELECT pg_catalog.setval('public.drivers_id_seq', 4, true);
SELECT pg_catalog.setval('public.vehicles_id_seq', 4, true);
SELECT pg_catalog.setval('public.driver_shifts_id_seq', 6, true);
SELECT pg_catalog.setval('public.payment_methods_id_seq', 5, true);
SELECT pg_catalog.setval('public.trips_id_seq', 8, true);
SELECT pg_catalog.setval('public.payments_id_seq', 6, true);
SELECT pg_catalog.setval('public.support_tickets_id_seq', 2, true);
SELECT pg_catalog.setval('public.driver_payouts_id_seq', 5, true);

COMMIT;
