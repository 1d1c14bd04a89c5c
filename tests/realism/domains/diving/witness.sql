BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
('EUR', 'Euro', 2), ('USD', 'US Dollar', 2), ('EGP', 'Egyptian Pound', 2), ('THB', 'Baht', 2),
('AUD', 'Australian Dollar', 2), ('IDR', 'Rupiah', 2), ('MXN', 'Mexican Peso', 2), ('GBP', 'Pound Sterling', 2);

INSERT INTO public.countries (code, name, calling_code, currency_code) VALUES
('EG', 'Egypt', '20', 'EGP'), ('TH', 'Thailand', '66', 'THB'), ('AU', 'Australia', '61', 'AUD'),
('ID', 'Indonesia', '62', 'IDR'), ('MX', 'Mexico', '52', 'MXN'), ('ES', 'Spain', '34', 'EUR'),
('DE', 'Germany', '49', 'EUR'), ('GB', 'United Kingdom', '44', 'GBP'), ('US', 'United States', '1', 'USD'),
('NL', 'Netherlands', '31', 'EUR');

INSERT INTO public.dive_centres (id, code, name, country_code, city, address_line, postcode, phone, email, currency_code, opened_on, is_active) VALUES
(1, 'HRG01', 'Blue Horizon Hurghada', 'EG', 'Hurghada', 'Sheraton Road, Marina Boulevard 14', '84511', '+20 65 344 1234', 'hurghada@bluehorizon.dive', 'EGP', DATE '2011-03-01', true),
(2, 'KTO01', 'Blue Horizon Koh Tao', 'TH', 'Koh Tao', '9/12 Moo 1, Mae Haad', '84360', '+66 77 456 789', 'kohtao@bluehorizon.dive', 'THB', DATE '2014-11-15', true),
(3, 'CNS01', 'Blue Horizon Cairns', 'AU', 'Cairns', '1 Spence Street', '4870', '+61 7 4051 2345', 'cairns@bluehorizon.dive', 'AUD', DATE '2016-06-01', true),
(4, 'PDC01', 'Blue Horizon Playa del Carmen', 'MX', 'Playa del Carmen', 'Calle 12 Norte 145, Centro', '77710', '+52 984 873 1234', 'playa@bluehorizon.dive', 'MXN', DATE '2018-01-20', true);

INSERT INTO public.certification_levels (id, agency, code, name, level_rank, min_age, max_depth_m, is_professional) VALUES
(1, 'PADI', 'OWD', 'Open Water Diver', 1, 10, 18.0, false),
(2, 'PADI', 'AOWD', 'Advanced Open Water Diver', 2, 12, 30.0, false),
(3, 'PADI', 'RESCUE', 'Rescue Diver', 3, 12, 30.0, false),
(4, 'PADI', 'DM', 'Divemaster', 4, 18, 40.0, true),
(5, 'SSI', 'OWD', 'Open Water Diver', 1, 10, 18.0, false),
(6, 'PADI', 'EANX', 'Enriched Air Diver', 2, 12, 40.0, false);

INSERT INTO public.divers (id, first_name, last_name, email, phone, date_of_birth, nationality, emergency_contact_name, emergency_contact_phone, medical_cleared_on, created_at) VALUES
(1, 'Lena', 'Hoffmann', 'lena.hoffmann@example.de', '+49 151 2345 6789', DATE '1990-04-12', 'DE', 'Jonas Hoffmann', '+49 151 9876 5432', current_date - 45, now() - interval '75 days'),
(2, 'Noah', 'Bakker', 'noah.bakker@example.nl', '+31 6 1234 5678', DATE '2012-06-01', 'NL', 'Eva Bakker', '+31 6 8765 4321', current_date - 25, now() - interval '80 days'),
(3, 'Olivia', 'Clarke', 'olivia.clarke@example.co.uk', '+44 7700 900123', DATE '1985-09-23', 'GB', 'Tom Clarke', '+44 7700 900456', current_date - 6, now() - interval '400 days'),
(4, 'Carlos', 'Ruiz', 'carlos.ruiz@example.es', '+34 612 345 678', DATE '1978-02-02', 'ES', 'Marta Ruiz', '+34 612 876 543', current_date - 70, now() - interval '900 days'),
(5, 'Emily', 'Parker', 'emily.parker@example.com', '+1 415 555 0134', DATE '2001-11-30', 'US', 'Ann Parker', '+1 415 555 0199', NULL, now() - interval '95 days'),
(6, 'Graham', 'Wilson', 'graham.wilson@example.co.uk', '+44 7700 900789', DATE '1965-07-08', 'GB', NULL, NULL, current_date - 12, now() - interval '1500 days');

INSERT INTO public.instructors (id, centre_id, first_name, last_name, date_of_birth, instructor_number, agency, hired_on, left_on, status) VALUES
(1, 1, 'Ahmed', 'Mansour', DATE '1986-05-14', '281734', 'PADI', DATE '2019-02-01', NULL, 'active'),
(2, 2, 'Somchai', 'Wongsa', DATE '1991-10-03', '312990', 'PADI', DATE '2021-05-10', NULL, 'active'),
(3, 3, 'Jack', 'Turner', DATE '1983-01-19', '205511', 'PADI', DATE '2018-07-01', current_date - 700, 'left'),
(4, 3, 'Chloe', 'Nguyen', DATE '1995-12-11', '340217', 'PADI', current_date - 365, NULL, 'active'),
(5, 4, 'Diego', 'Hernandez', DATE '1988-08-27', '298845', 'PADI', DATE '2020-03-15', NULL, 'active');

INSERT INTO public.diver_certifications (id, diver_id, level_id, certification_number, issued_on, issuing_instructor_id, verified) VALUES
(1, 1, 1, '2611A4471', current_date - 37, 1, true),
(2, 2, 1, '2611B1290', current_date - 16, 2, true),
(3, 3, 5, 'SSI-3321987', DATE '2015-08-14', NULL, true),
(4, 3, 6, '1508C7712', DATE '2016-03-02', NULL, true),
(5, 4, 1, '1007D5566', DATE '2010-07-20', NULL, true),
(6, 6, 1, '9805E1021', DATE '1998-05-10', NULL, true),
(7, 6, 4, '0510F3377', DATE '2005-10-01', NULL, true),
(8, 5, 1, '2208G9034', DATE '2022-08-05', NULL, false);

INSERT INTO public.courses (id, centre_id, level_id, name, duration_days, open_water_dives, max_students, price, currency_code, is_offered) VALUES
(1, 1, 1, 'PADI Open Water Diver', 4, 4, 6, 20000.00, 'EGP', true),
(2, 2, 1, 'PADI Open Water Diver', 4, 4, 6, 11000.00, 'THB', true),
(3, 3, 2, 'PADI Advanced Open Water Diver', 3, 5, 6, 650.00, 'AUD', true),
(4, 4, 2, 'PADI Advanced Open Water Diver', 3, 5, 6, 9500.00, 'MXN', true);

INSERT INTO public.course_enrolments (id, course_id, diver_id, instructor_id, start_date, end_date, status, completed_on, created_at) VALUES
(1, 1, 1, 1, current_date - 40, current_date - 37, 'completed', current_date - 37, now() - interval '70 days'),
(2, 2, 2, 2, current_date - 20, current_date - 17, 'completed', current_date - 17, now() - interval '75 days'),
(3, 3, 3, 4, current_date + 10, current_date + 12, 'enrolled', NULL, now() - interval '5 days'),
(4, 4, 4, 5, current_date - 1, current_date + 1, 'in_progress', NULL, now() - interval '25 days'),
(5, 2, 5, 2, current_date - 60, current_date - 57, 'withdrawn', NULL, now() - interval '90 days');

INSERT INTO public.dive_sites (id, centre_id, name, site_type, latitude, longitude, max_depth_m, min_level_id, boat_minutes) VALUES
(1, 1, 'Carless Reef', 'reef', 27.266700, 33.883300, 24.0, 1, 35),
(2, 1, 'El Mina Wreck', 'wreck', 27.230000, 33.850000, 30.0, 2, 20),
(3, 2, 'Chumphon Pinnacle', 'reef', 10.165000, 99.820000, 36.0, 1, 40),
(4, 3, 'Norman Reef', 'reef', -16.420000, 145.990000, 30.0, 1, 120),
(5, 4, 'Paamul Reef', 'reef', 20.520000, -87.190000, 18.0, 1, 25);

INSERT INTO public.boats (id, centre_id, name, registration, length_m, diver_capacity, in_service) VALUES
(1, 1, 'Sea Queen', 'HRG-2231', 24.0, 24, true),
(2, 2, 'Big Blue', 'SNI-0457', 16.0, 14, true),
(3, 3, 'Reef Runner', 'QLD-88421', 30.0, 40, true),
(4, 4, 'Tortuga', 'QR-1204', 9.0, 10, true);

INSERT INTO public.boat_trips (id, centre_id, boat_id, lead_instructor_id, trip_date, departs_at, returns_at, status, divers_booked) VALUES
(1, 1, 1, 1, current_date - 5, current_date - 5 + time '08:00', current_date - 5 + time '15:00', 'completed', 14),
(2, 2, 2, 2, current_date - 18, current_date - 18 + time '07:00', current_date - 18 + time '13:00', 'completed', 10),
(3, 3, 3, 4, current_date + 3, current_date + 3 + time '07:30', NULL, 'scheduled', 22),
(4, 1, 1, 1, current_date - 2, current_date - 2 + time '08:00', NULL, 'cancelled', 3),
(5, 4, 4, 5, current_date - 70, current_date - 70 + time '08:00', current_date - 70 + time '12:30', 'completed', 6);

INSERT INTO public.trip_dives (id, trip_id, dive_no, site_id, entry_at, exit_at, bottom_time_minutes, max_depth_m, water_temp_c, visibility_m) VALUES
(1, 1, 1, 1, current_date - 5 + time '09:30', current_date - 5 + time '10:20', 45, 22.5, 24.0, 25),
(2, 1, 2, 2, current_date - 5 + time '11:45', current_date - 5 + time '12:35', 42, 18.0, 24.0, 20),
(3, 2, 1, 3, current_date - 18 + time '08:30', current_date - 18 + time '09:20', 44, 26.0, 29.0, 15),
(4, 2, 2, 3, current_date - 18 + time '10:30', current_date - 18 + time '11:20', 46, 14.0, 29.0, 15),
(5, 5, 1, 5, current_date - 70 + time '08:40', current_date - 70 + time '09:35', 50, 12.0, 27.0, 30);

INSERT INTO public.rental_items (id, centre_id, item_type, brand, serial_number, size_label, purchased_on, status) VALUES
(1, 1, 'regulator', 'Aqualung', 'AQL-CORE-118822', NULL, DATE '2022-02-10', 'available'),
(2, 1, 'bcd', 'Scubapro', 'SP-HYD-55102', 'M', DATE '2022-02-10', 'available'),
(3, 1, 'cylinder', 'Catalina', 'CAT-S80-99310', '11.1L', DATE '2020-05-05', 'available'),
(4, 2, 'cylinder', 'Faber', 'FAB-12-44871', '12L', DATE '2021-09-01', 'available'),
(5, 2, 'wetsuit', 'Mares', 'MR-3MM-20931', 'L', DATE '2023-01-15', 'available'),
(6, 3, 'computer', 'Suunto', 'SUU-ZOOP-77120', NULL, DATE '2023-06-01', 'available'),
(7, 4, 'regulator', 'Apeks', 'APX-XTX50-33019', NULL, DATE '2021-11-11', 'in_service');

INSERT INTO public.gear_service_records (id, item_id, serviced_at, service_type, technician, result, next_due_on, cost) VALUES
(1, 1, date_trunc('week', localtimestamp) - interval '20 weeks' + interval '1 day 10 hours', 'annual_service', 'Ahmed Mansour', 'passed', current_date + 225, 1800.00),
(2, 2, date_trunc('week', localtimestamp) - interval '20 weeks' + interval '1 day 14 hours 30 minutes', 'annual_service', 'Ahmed Mansour', 'passed', current_date + 225, 1200.00),
(3, 3, date_trunc('week', localtimestamp) - interval '30 weeks' + interval '2 days 9 hours', 'hydrostatic_test', 'Red Sea Test Centre', 'passed', current_date + 1600, 900.00),
(4, 3, date_trunc('week', localtimestamp) - interval '4 weeks' + interval '2 days 9 hours 15 minutes', 'visual_inspection', 'Ahmed Mansour', 'passed', current_date + 335, 300.00),
(5, 4, date_trunc('week', localtimestamp) - interval '12 weeks' + interval '3 days 11 hours', 'visual_inspection', 'Somchai Wongsa', 'passed', current_date + 280, 500.00),
(6, 6, date_trunc('week', localtimestamp) - interval '8 weeks' + interval '4 days 13 hours', 'annual_service', 'Chloe Nguyen', 'passed', current_date + 310, 60.00),
(7, 7, date_trunc('week', localtimestamp) - interval '2 weeks' + interval '0 days 9 hours 30 minutes', 'annual_service', 'Diego Hernandez', 'failed', NULL, 950.00),
(8, 5, date_trunc('week', localtimestamp) - interval '6 weeks' + interval '5 days 10 hours', 'visual_inspection', 'Somchai Wongsa', 'passed', current_date + 320, 0.00);

INSERT INTO public.compressors (id, centre_id, model, serial_number, installed_on, nitrox_capable) VALUES
(1, 1, 'Bauer Mariner 320-E', 'BAU-M320-58812', DATE '2019-04-01', false),
(2, 2, 'Coltri MCH-16 Nitrox', 'COL-MCH16-20177', DATE '2021-08-20', true);

INSERT INTO public.gas_fills (id, compressor_id, cylinder_id, diver_id, filled_at, gas, oxygen_percent, fill_pressure_bar, compressor_hours, analysed_by) VALUES
(1, 1, 3, NULL, current_date - 6 + time '17:00', 'air', 20.9, 200, 4520.5, 'Ahmed Mansour'),
(2, 1, 3, 6, current_date - 5 + time '17:00', 'air', 20.9, 200, 4523.0, 'Ahmed Mansour'),
(3, 1, 3, NULL, current_date - 1 + time '17:00', 'air', 20.9, 210, 4530.0, 'Ahmed Mansour'),
(4, 2, 4, 2, current_date - 19 + time '16:30', 'nitrox', 32.0, 232, 1210.0, 'Somchai Wongsa'),
(5, 2, 4, NULL, current_date - 18 + time '16:00', 'air', 21.0, 200, 1212.5, 'Somchai Wongsa');

INSERT INTO public.bookings (id, booking_ref, centre_id, diver_id, trip_id, enrolment_id, booked_at, status, currency_code, total_amount) VALUES
(1, 'HRG-100231', 1, 1, NULL, 1, now() - interval '70 days', 'completed', 'EGP', 21000.00),
(2, 'HRG-100377', 1, 6, 1, NULL, now() - interval '10 days', 'completed', 'EGP', 3850.00),
(3, 'KTO-200118', 2, 2, NULL, 2, now() - interval '75 days', 'completed', 'THB', 11000.00),
(4, 'KTO-200142', 2, 2, 2, NULL, now() - interval '35 days', 'completed', 'THB', 2600.00),
(5, 'CNS-300455', 3, 3, NULL, 3, now() - interval '5 days', 'confirmed', 'AUD', 650.00),
(6, 'CNS-300461', 3, 3, 3, NULL, now() - interval '4 days', 'confirmed', 'AUD', 285.00),
(7, 'PDC-400087', 4, 4, 5, NULL, now() - interval '80 days', 'completed', 'MXN', 1800.00),
(8, 'PDC-400140', 4, 4, NULL, 4, now() - interval '25 days', 'confirmed', 'MXN', 9500.00),
(9, 'KTO-200077', 2, 5, NULL, 5, now() - interval '90 days', 'cancelled', 'THB', 11000.00),
(10, 'HRG-100390', 1, 5, 4, NULL, now() - interval '20 days', 'cancelled', 'EGP', 3000.00);

INSERT INTO public.booking_lines (id, booking_id, line_no, item_kind, description, rental_item_id, quantity, unit_price, line_total) VALUES
(1, 1, 1, 'course', 'PADI Open Water Diver course', NULL, 1, 20000.00, 20000.00),
(2, 1, 2, 'rental', 'Regulator rental (per day)', 1, 4, 250.00, 1000.00),
(3, 2, 1, 'boat_dive', 'Boat dive, Hurghada reefs', NULL, 2, 1500.00, 3000.00),
(4, 2, 2, 'nitrox', 'Nitrox fill EANx32', NULL, 2, 300.00, 600.00),
(5, 2, 3, 'marine_park_fee', 'Red Sea marine park fee', NULL, 1, 250.00, 250.00),
(6, 3, 1, 'course', 'PADI Open Water Diver course', NULL, 1, 11000.00, 11000.00),
(7, 4, 1, 'boat_dive', 'Boat dive, Chumphon Pinnacle', NULL, 2, 1200.00, 2400.00),
(8, 4, 2, 'rental', 'Wetsuit rental 3 mm', 5, 1, 200.00, 200.00),
(9, 5, 1, 'course', 'PADI Advanced Open Water Diver course', NULL, 1, 650.00, 650.00),
(10, 6, 1, 'boat_dive', 'Outer reef boat dive', NULL, 2, 130.00, 260.00),
(11, 6, 2, 'rental', 'Dive computer rental', 6, 1, 25.00, 25.00),
(12, 7, 1, 'boat_dive', 'Boat dive, Paamul', NULL, 1, 1400.00, 1400.00),
(13, 7, 2, 'marine_park_fee', 'Marine park bracelet', NULL, 1, 400.00, 400.00),
(14, 8, 1, 'course', 'PADI Advanced Open Water Diver course', NULL, 1, 9500.00, 9500.00),
(15, 9, 1, 'course', 'PADI Open Water Diver course', NULL, 1, 11000.00, 11000.00),
(16, 10, 1, 'boat_dive', 'Boat dive, Hurghada reefs', NULL, 2, 1500.00, 3000.00);

INSERT INTO public.payments (id, booking_id, paid_at, amount, currency_code, method, status) VALUES
(1, 1, now() - interval '70 days', 21000.00, 'EGP', 'card', 'succeeded'),
(2, 2, now() - interval '5 days', 3850.00, 'EGP', 'cash', 'succeeded'),
(3, 3, now() - interval '75 days', 11000.00, 'THB', 'bank_transfer', 'succeeded'),
(4, 4, now() - interval '18 days', 2600.00, 'THB', 'card', 'succeeded'),
(5, 5, now() - interval '5 days', 650.00, 'AUD', 'card', 'succeeded'),
(6, 7, now() - interval '70 days', 1800.00, 'MXN', 'cash', 'succeeded'),
(7, 8, now() - interval '25 days', 9500.00, 'MXN', 'card', 'succeeded'),
(8, 9, now() - interval '90 days', 11000.00, 'THB', 'card', 'refunded');

SELECT setval('public.dive_centres_id_seq', 4);
SELECT setval('public.certification_levels_id_seq', 6);
SELECT setval('public.divers_id_seq', 6);
SELECT setval('public.instructors_id_seq', 5);
SELECT setval('public.diver_certifications_id_seq', 8);
SELECT setval('public.courses_id_seq', 4);
SELECT setval('public.course_enrolments_id_seq', 5);
SELECT setval('public.dive_sites_id_seq', 5);
SELECT setval('public.boats_id_seq', 4);
SELECT setval('public.boat_trips_id_seq', 5);
SELECT setval('public.trip_dives_id_seq', 5);
SELECT setval('public.rental_items_id_seq', 7);
SELECT setval('public.gear_service_records_id_seq', 8);
SELECT setval('public.compressors_id_seq', 2);
SELECT setval('public.gas_fills_id_seq', 5);
SELECT setval('public.bookings_id_seq', 10);
SELECT setval('public.booking_lines_id_seq', 16);
SELECT setval('public.payments_id_seq', 8);

COMMIT;
