-- Hand-made witness data for ferry_operator. Times of sailings, bookings, payments and scans
-- are relative to now() so the clock rules keep holding whenever this is loaded.

INSERT INTO public.currencies (ccy_code, ccy_name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2),
  ('DKK', 'Danish krone', 2),
  ('SEK', 'Swedish krona', 2),
  ('NOK', 'Norwegian krone', 2);

INSERT INTO public.countries (iso2, country_name, ccy_code) VALUES
  ('GB', 'United Kingdom', 'GBP'),
  ('IE', 'Ireland', 'EUR'),
  ('FR', 'France', 'EUR'),
  ('NL', 'Netherlands', 'EUR'),
  ('DE', 'Germany', 'EUR'),
  ('DK', 'Denmark', 'DKK'),
  ('SE', 'Sweden', 'SEK'),
  ('NO', 'Norway', 'NOK'),
  ('CY', 'Cyprus', 'EUR');

INSERT INTO public.ports (port_id, unlocode, port_name, iso2, tz_name, lat, lon) VALUES
  (1, 'GBDVR', 'Dover', 'GB', 'Europe/London', 51.12650, 1.32340),
  (2, 'FRCQF', 'Calais', 'FR', 'Europe/Paris', 50.96540, 1.86720),
  (3, 'GBHLY', 'Holyhead', 'GB', 'Europe/London', 53.31000, -4.63000),
  (4, 'IEDUB', 'Dublin', 'IE', 'Europe/Dublin', 53.34550, -6.19900),
  (5, 'DKFDH', 'Frederikshavn', 'DK', 'Europe/Copenhagen', 57.43800, 10.54500),
  (6, 'SEGOT', 'Göteborg', 'SE', 'Europe/Stockholm', 57.70200, 11.94500);

INSERT INTO public.vessels (vessel_id, imo_no, vessel_name, flag_iso2, vessel_class, loa_m, beam_m,
                            gross_tonnage, pax_capacity, lane_metres, service_speed_kn, year_built, in_fleet_since) VALUES
  (1, '9312341', 'Spirit of Kent', 'GB', 'ropax', 213.00, 31.00, 47592, 1750, 3750, 22.0, 2011, '2011-03-01'),
  (2, '9356787', 'Hibernian Star', 'CY', 'cruise_ferry', 186.50, 28.70, 36249, 1650, 2900, 22.5, 2008, '2016-05-20'),
  (3, '9524114', 'Kattegat Link', 'SE', 'ropax', 168.20, 27.60, 29289, 1300, 2100, 21.0, 2012, '2012-06-10');

INSERT INTO public.vessel_cabins (cabin_id, vessel_id, cabin_no, deck, grade, berths, has_window) VALUES
  (1, 2, 'A101', 9, 'outside', 2, true),
  (2, 2, 'B220', 8, 'inside', 4, false),
  (3, 3, '7012', 7, 'outside', 2, true);

INSERT INTO public.engine_hours_log (reading_id, vessel_id, engine_no, read_at, running_hours, read_by) VALUES
  (1, 1, 1, '2025-01-01 06:00+00', 41200.0, 'C/E Walsh'),
  (2, 1, 1, '2025-02-01 06:00+00', 41820.5, 'C/E Walsh'),
  (3, 1, 1, '2025-03-01 06:00+00', 42410.0, '2/E Okafor'),
  (4, 2, 1, '2025-01-15 07:00+00', 30500.0, 'C/E Byrne'),
  (5, 2, 1, '2025-02-15 07:00+00', 31010.2, 'C/E Byrne'),
  (6, 2, 2, '2025-01-15 07:05+00', 29877.4, 'C/E Byrne'),
  (7, 2, 2, '2025-02-15 07:05+00', 30391.0, 'C/E Byrne');

INSERT INTO public.routes (route_id, route_code, from_port_id, to_port_id, distance_nm, nominal_crossing_min, opened_on) VALUES
  (1, 'DVR-CQF', 1, 2, 26.0, 90, '2011-03-01'),
  (2, 'CQF-DVR', 2, 1, 26.0, 90, '2011-03-01'),
  (3, 'HLY-DUB', 3, 4, 60.0, 195, '2016-06-01'),
  (4, 'FDH-GOT', 5, 6, 50.0, 195, '2012-06-15');

INSERT INTO public.route_fares (fare_id, route_id, fare_code, kind, ccy_code, price, valid_from, valid_to) VALUES
  (1, 1, 'DOCA-ADT', 'passenger', 'GBP', 45.00, '2024-01-01', NULL),
  (2, 1, 'DOCA-CAR', 'vehicle', 'GBP', 89.00, '2024-01-01', NULL),
  (3, 1, 'DOCA-CTR', 'vehicle', 'GBP', 139.00, '2024-01-01', NULL),
  (4, 1, 'DOCA-ADT', 'passenger', 'GBP', 39.00, '2022-01-01', '2023-12-31'),
  (5, 2, 'CADO-ADT', 'passenger', 'EUR', 52.00, '2024-01-01', NULL),
  (6, 2, 'CADO-MC', 'vehicle', 'EUR', 55.00, '2024-01-01', NULL),
  (7, 3, 'HYDU-ADT', 'passenger', 'EUR', 39.00, '2024-01-01', NULL),
  (8, 3, 'HYDU-CHD', 'passenger', 'EUR', 19.50, '2024-01-01', NULL),
  (9, 3, 'HYDU-INF', 'passenger', 'EUR', 0.00, '2024-01-01', NULL),
  (10, 3, 'HYDU-VAN', 'vehicle', 'EUR', 159.00, '2024-01-01', NULL),
  (11, 3, 'HYDU-CAB2', 'cabin', 'EUR', 45.00, '2024-01-01', NULL),
  (12, 3, 'HYDU-HGV', 'vehicle', 'EUR', 420.00, '2024-01-01', NULL),
  (13, 4, 'FRGO-ADT', 'passenger', 'SEK', 350.00, '2024-01-01', NULL),
  (14, 4, 'FRGO-SNR', 'passenger', 'SEK', 280.00, '2024-01-01', NULL),
  (15, 4, 'FRGO-MH', 'vehicle', 'SEK', 1450.00, '2024-01-01', NULL),
  (16, 4, 'FRGO-CAB', 'cabin', 'SEK', 590.00, '2024-01-01', NULL),
  (17, 4, 'FRGO-ADT', 'passenger', 'DKK', 249.00, '2024-01-01', NULL);

-- sailings: T0 = the current hour
INSERT INTO public.sailings (sailing_id, route_id, vessel_id, sched_dep_at, sched_arr_at, actual_dep_at, actual_arr_at, status, cancel_reason)
SELECT v.sailing_id, v.route_id, v.vessel_id, t0 + v.dep, t0 + v.arr, t0 + v.adep, t0 + v.aarr, v.status::public.sailing_status, v.reason
FROM (SELECT date_trunc('hour', now()) AS t0) z,
(VALUES
  (1, 1, 1, interval '-72 hours', interval '-70:30:00', interval '-71:55:00', interval '-70:20:00', 'arrived', NULL),
  (2, 2, 1, interval '-69 hours', interval '-67:30:00', interval '-69 hours', interval '-67:25:00', 'arrived', NULL),
  (3, 1, 1, interval '48 hours', interval '49 hours 30 minutes', NULL, NULL, 'scheduled', NULL),
  (4, 2, 1, interval '51 hours', interval '52 hours 30 minutes', NULL, NULL, 'scheduled', NULL),
  (5, 3, 2, interval '-1 hours', interval '2 hours 15 minutes', interval '-55 minutes', NULL, 'departed', NULL),
  (6, 3, 2, interval '30 days', interval '30 days 3 hours 15 minutes', NULL, NULL, 'scheduled', NULL),
  (7, 4, 3, interval '10 days', interval '10 days 3 hours 15 minutes', NULL, NULL, 'scheduled', NULL),
  (8, 4, 3, interval '12 days', interval '12 days 3 hours 15 minutes', NULL, NULL, 'cancelled', 'Technical fault, stabiliser'),
  (9, 4, 3, interval '-20 days', interval '-20 days' + interval '3 hours 15 minutes', interval '-20 days' + interval '5 minutes', interval '-20 days' + interval '3 hours 25 minutes', 'arrived', NULL)
) AS v(sailing_id, route_id, vessel_id, dep, arr, adep, aarr, status, reason);

INSERT INTO public.crew (crew_id, first_name, last_name, rank, nationality, dob, stcw_cert_no, hired_on) VALUES
  (1, 'Martin', 'Walsh', 'Master', 'GB', '1971-08-12', 'GB-COC-118273', '2005-04-01'),
  (2, 'Aoife', 'Byrne', 'Chief Engineer', 'IE', '1979-02-03', 'IE-EOOW-55121', '2012-09-15'),
  (3, 'Lars', 'Nyström', 'Chief Officer', 'SE', '1984-11-21', 'SE-2231987', '2014-01-10');

INSERT INTO public.sailing_crew (sailing_id, crew_id, duty) VALUES
  (1, 1, 'master'),
  (2, 1, 'master'),
  (5, 2, 'chief_engineer'),
  (9, 3, 'chief_officer');

INSERT INTO public.customers (customer_id, first_name, last_name, email, phone, iso2, postcode, city, dob, created_at) VALUES
  (1, 'Sarah', 'Holloway', 'sarah.holloway@example.co.uk', '+44 7700 900123', 'GB', 'CT17 9BU', 'Dover', '1982-06-04', '2021-03-11 18:22+00'),
  (2, 'Julien', 'Marchand', 'j.marchand@example.fr', '+33 6 12 34 56 78', 'FR', '62100', 'Calais', '1990-01-27', '2023-07-02 09:14+00'),
  (3, 'Ciarán', 'Doyle', 'ciaran.doyle@example.ie', '+353 87 123 4567', 'IE', 'D02 X285', 'Dublin', '1985-10-09', '2022-11-19 21:40+00'),
  (4, 'Karin', 'Lindqvist', 'karin.lindqvist@example.se', '+46 70 123 45 67', 'SE', '411 06', 'Göteborg', '1958-04-15', '2019-05-30 12:01+00'),
  (5, 'Mads', 'Kristensen', 'mads.k@example.dk', '+45 20 12 34 56', 'DK', '9900', 'Frederikshavn', '1993-12-01', '2024-02-08 07:45+00');

INSERT INTO public.bookings (booking_id, booking_ref, customer_id, sailing_id, channel, status, ccy_code, total_amount, created_at, cancelled_at)
SELECT v.id, v.ref, v.cust, v.sailing, v.channel::public.sales_channel, v.status::public.booking_status, v.ccy, v.total,
       t0 + v.created, t0 + v.cancelled
FROM (SELECT date_trunc('hour', now()) AS t0) z,
(VALUES
  (1, 'DF7K2QXA', 1, 1, 'web', 'travelled', 'GBP', 179.00, interval '-30 days', NULL::interval),
  (2, 'DF8M4RTB', 2, 2, 'app', 'travelled', 'EUR', 107.00, interval '-12 days', NULL),
  (3, 'IR3P9WCD', 3, 5, 'web', 'travelled', 'EUR', 262.50, interval '-45 days', NULL),
  (4, 'SC5T2HJE', 4, 7, 'call_centre', 'confirmed', 'SEK', 2670.00, interval '-60 days', NULL),
  (5, 'SC6V7NKF', 5, 8, 'web', 'cancelled', 'DKK', 249.00, interval '-20 days', interval '-2 days'),
  (6, 'DF9X3LMG', 1, 3, 'web', 'confirmed', 'GBP', 184.00, interval '-5 days', NULL),
  (7, 'IR4Z8QPH', 3, 6, 'travel_agent', 'provisional', 'EUR', 459.00, interval '-1 days', NULL)
) AS v(id, ref, cust, sailing, channel, status, ccy, total, created, cancelled);

INSERT INTO public.booking_pax (booking_id, pax_no, first_name, last_name, dob, pax_type, nationality, fare_id, fare_amount) VALUES
  (1, 1, 'Sarah', 'Holloway', '1982-06-04', 'adult', 'GB', 1, 45.00),
  (1, 2, 'Tom', 'Holloway', '1980-09-17', 'adult', 'GB', 1, 45.00),
  (2, 1, 'Julien', 'Marchand', '1990-01-27', 'adult', 'FR', 5, 52.00),
  (3, 1, 'Ciarán', 'Doyle', '1985-10-09', 'adult', 'IE', 7, 39.00),
  (3, 2, 'Niamh', 'Doyle', '2016-05-14', 'child', 'IE', 8, 19.50),
  (4, 1, 'Karin', 'Lindqvist', '1958-04-15', 'senior', 'SE', 14, 280.00),
  (4, 2, 'Erik', 'Lindqvist', '1979-03-02', 'adult', 'SE', 13, 350.00),
  (5, 1, 'Mads', 'Kristensen', '1993-12-01', 'adult', 'DK', 17, 249.00),
  (6, 1, 'Sarah', 'Holloway', '1982-06-04', 'adult', 'GB', 1, 45.00),
  (7, 1, 'Ciarán', 'Doyle', '1985-10-09', 'adult', 'IE', 7, 39.00);

INSERT INTO public.booking_pax (booking_id, pax_no, first_name, last_name, dob, pax_type, nationality, fare_id, fare_amount)
SELECT 3, 3, 'Fionn', 'Doyle', (now() - interval '8 months')::date, 'infant', 'IE', 9, 0.00;

INSERT INTO public.booking_vehicles (booking_id, veh_no, category, reg_plate, length_cm, height_cm, fare_id, fare_amount) VALUES
  (1, 1, 'car', 'KM19 XLR', 437, 148, 2, 89.00),
  (2, 1, 'motorcycle', 'FG-123-HJ', 215, 125, 6, 55.00),
  (3, 1, 'van', '231-D-4567', 553, 255, 10, 159.00),
  (4, 1, 'motorhome', 'ABC 123', 699, 295, 15, 1450.00),
  (6, 1, 'car_with_trailer', 'LR21 PKD', 780, 180, 3, 139.00),
  (7, 1, 'hgv', '06-D-12345', 1650, 400, 12, 420.00);

INSERT INTO public.booking_cabins (booking_id, cabin_id, fare_id, fare_amount) VALUES
  (3, 1, 11, 45.00),
  (4, 3, 16, 590.00);

INSERT INTO public.payments (payment_id, booking_id, amount, ccy_code, method, psp_ref, status, created_at)
SELECT v.id, v.booking, v.amount, v.ccy, v.method, v.psp, v.status::public.payment_status, date_trunc('hour', now()) + v.at
FROM (VALUES
  (1, 1, 179.00, 'GBP', 'card', 'pi_3Nx1a2b3c4', 'captured', interval '-30 days'),
  (2, 2, 107.00, 'EUR', 'card', 'pi_3Nx5d6e7f8', 'captured', interval '-12 days'),
  (3, 3, 262.50, 'EUR', 'card', 'pi_3Nx9g0h1i2', 'captured', interval '-45 days'),
  (4, 4, 2670.00, 'SEK', 'swish', 'SW-88123771', 'captured', interval '-60 days'),
  (5, 5, 249.00, 'DKK', 'mobilepay', 'MP-5512093', 'captured', interval '-20 days'),
  (6, 6, 184.00, 'GBP', 'card', 'pi_3Nxj3k4l5m', 'captured', interval '-5 days'),
  (7, 7, 459.00, 'EUR', 'invoice', NULL, 'pending', interval '-1 days')
) AS v(id, booking, amount, ccy, method, psp, status, at);

INSERT INTO public.refunds (refund_id, payment_id, amount, reason, refunded_at)
SELECT 1, 5, 249.00, 'sailing_cancelled', date_trunc('hour', now()) - interval '2 days' + interval '3 hours';

INSERT INTO public.boarding_scans (scan_id, booking_id, pax_no, lane, scanned_at, device_id)
SELECT v.id, v.booking, v.pax, v.lane, date_trunc('hour', now()) + v.at, v.dev
FROM (VALUES
  (1, 1, 1, 'L04', interval '-72:40:00', 'DVR-CHK-02'),
  (2, 1, 2, 'L04', interval '-72:40:00', 'DVR-CHK-02'),
  (3, 2, 1, 'M1', interval '-69:35:00', 'CQF-CHK-07'),
  (4, 3, 1, 'L12', interval '-1:50:00', 'HLY-CHK-01'),
  (5, 3, 2, 'L12', interval '-1:50:00', 'HLY-CHK-01'),
  (6, 3, 3, 'L12', interval '-1:50:00', 'HLY-CHK-01')
) AS v(id, booking, pax, lane, at, dev);
