BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('DKK', 'Danish krone', 2), ('GBP', 'Pound sterling', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code) VALUES
  ('DE', 'Germany', 'EUR', '+49'), ('IE', 'Ireland', 'EUR', '+353'),
  ('DK', 'Denmark', 'DKK', '+45'), ('GB', 'United Kingdom', 'GBP', '+44'),
  ('NL', 'Netherlands', 'EUR', '+31');

INSERT INTO public.breeds (code, name, origin_country_code) VALUES
  ('HOL', 'Holstein Friesian', 'NL'), ('JER', 'Jersey', 'GB'),
  ('RDM', 'Danish Red', 'DK'), ('FLV', 'Fleckvieh', 'DE');

INSERT INTO public.depots (id, name, country_code, city, postcode, opened_on) VALUES
  (1, 'Molkerei Sammelstelle Oldenburg', 'DE', 'Oldenburg', '26121', DATE '1998-04-01'),
  (2, 'Mitchelstown Collection Depot', 'IE', 'Mitchelstown', 'P67 X839', DATE '2004-09-15'),
  (3, 'Holstebro Mælkecentral', 'DK', 'Holstebro', '7500', DATE '2011-02-01');

INSERT INTO public.drivers (id, depot_id, full_name, date_of_birth, licence_number, hired_on, left_on) VALUES
  (1, 1, 'Jens Hoffmann', DATE '1979-06-12', 'B072XK4Z911', DATE '2012-03-01', NULL),
  (2, 2, 'Padraig Walsh', DATE '1985-11-03', '185123456', DATE '2016-07-18', NULL),
  (3, 3, 'Mikkel Nørgaard', DATE '1990-01-27', '31245678', DATE '2019-05-06', NULL);

INSERT INTO public.tankers (id, depot_id, registration_plate, kind, capacity_litres, commissioned_on) VALUES
  (1, 1, 'OL-MK 418', 'rigid', 18000, DATE '2019-08-01'),
  (2, 2, '221-C-4471', 'semi_trailer', 30000, DATE '2021-03-10'),
  (3, 3, 'CX 48 213', 'drawbar', 28000, DATE '2020-10-05');

INSERT INTO public.tanker_odometer_readings (id, tanker_id, read_at, odometer_km) VALUES
  (1, 1, now() - interval '30 days', 412380),
  (2, 1, now() - interval '3 days', 415020),
  (3, 1, now() - interval '1 day', 415240),
  (4, 2, now() - interval '20 days', 188700),
  (5, 2, now() - interval '2 days', 190910),
  (6, 3, now() - interval '21 days', 264100),
  (7, 3, now() - interval '2 days', 266480);

INSERT INTO public.farms (id, holding_number, name, country_code, depot_id, city, postcode, phone, joined_on, status, left_on) VALUES
  (1, '03 451 0012345', 'Hof Meyer', 'DE', 1, 'Wardenburg', '26203', '+49 4407 918230', DATE '2003-01-01', 'active', NULL),
  (2, '03 451 0023456', 'Milchhof Janssen', 'DE', 1, 'Hude', '27798', '+49 4408 72115', DATE '2009-07-01', 'active', NULL),
  (3, 'C1234567', 'Ballyhooly Dairy', 'IE', 2, 'Fermoy', 'P61 K2W3', '+353 25 31877', DATE '2006-02-01', 'active', NULL),
  (4, 'C7654321', 'Kilworth Farm', 'IE', 2, 'Kilworth', 'P61 AX52', '+353 25 27740', DATE '2012-05-01', 'active', NULL),
  (5, 'DK-88213', 'Vestergaard Kvæg I/S', 'DK', 3, 'Vinderup', '7830', '+45 97 44 12 80', DATE '2013-01-01', 'active', NULL);

INSERT INTO public.farmers (id, farm_id, full_name, date_of_birth, role, email) VALUES
  (1, 1, 'Heinrich Meyer', DATE '1968-03-14', 'owner', 'h.meyer@hof-meyer.de'),
  (2, 2, 'Anke Janssen', DATE '1975-09-02', 'owner', NULL),
  (3, 3, 'Seán O''Brien', DATE '1971-12-20', 'owner', 'sean@ballyhoolydairy.ie'),
  (4, 4, 'Mary Condon', DATE '1983-04-08', 'owner', NULL),
  (5, 5, 'Søren Vestergaard', DATE '1966-07-30', 'partner', 'soren@vestergaard-kvaeg.dk');

INSERT INTO public.farm_bulk_tanks (id, farm_id, serial_number, capacity_litres, installed_on, removed_on) VALUES
  (1, 1, 'MU-2015-44871', 10000, DATE '2015-04-20', NULL),
  (2, 2, 'PK-2018-11203', 8000, DATE '2018-06-11', NULL),
  (3, 3, 'DS-2014-7781', 6000, DATE '2014-02-03', NULL),
  (4, 4, 'DS-2019-9120', 6000, DATE '2019-03-01', NULL),
  (5, 5, 'WM-2017-30345', 20000, DATE '2017-09-01', NULL);

INSERT INTO public.cows (id, farm_id, breed_code, ear_tag, birth_date, first_calving_date, status, exit_date) VALUES
  (1, 1, 'HOL', 'DE 03 451 23456', current_date - 1500, current_date - 1500 + 790, 'in_milk', NULL),
  (2, 1, 'FLV', 'DE 03 451 23789', current_date - 1100, current_date - 1100 + 820, 'dry', NULL),
  (3, 3, 'JER', 'IE 1234567 0123', current_date - 1300, current_date - 1300 + 730, 'in_milk', NULL),
  (4, 4, 'HOL', 'IE 7654321 0456', current_date - 500, NULL, 'heifer', NULL),
  (5, 5, 'RDM', 'DK 088213 01842', current_date - 2000, current_date - 2000 + 760, 'in_milk', NULL),
  (6, 2, 'HOL', 'DE 03 451 31112', current_date - 2600, current_date - 2600 + 800, 'sold', current_date - 40);

INSERT INTO public.routes (id, depot_id, code, name, active) VALUES
  (1, 1, 'OL-07', 'Wardenburg – Hude', true),
  (2, 2, 'MT-12', 'Fermoy North', true),
  (3, 3, 'HO-03', 'Vinderup', true);

INSERT INTO public.collection_runs (id, route_id, tanker_id, driver_id, scheduled_date, started_at, ended_at, status, total_litres) VALUES
  (1, 1, 1, 1, (now() - interval '3 days')::date, now() - interval '3 days' - interval '1 hour', now() - interval '3 days' + interval '3 hours', 'completed', 8100),
  (2, 1, 1, 1, (now() - interval '1 day')::date, now() - interval '1 day' - interval '1 hour', now() - interval '1 day' + interval '3 hours', 'completed', 8050),
  (3, 2, 2, 2, (now() - interval '2 days')::date, now() - interval '2 days' - interval '1 hour', now() - interval '2 days' + interval '3 hours', 'completed', 5250),
  (4, 2, 2, 2, (now() - interval '4 days')::date, now() - interval '4 days' - interval '1 hour', now() - interval '4 days' + interval '3 hours', 'completed', 5600),
  (5, 3, 3, 3, (now() - interval '2 days')::date, now() - interval '2 days' - interval '1 hour', now() - interval '2 days' + interval '2 hours', 'completed', 9400),
  (6, 3, 3, 3, (now() - interval '20 days')::date, now() - interval '20 days' - interval '1 hour', now() - interval '20 days' + interval '2 hours', 'completed', 9600),
  (7, 1, 1, 1, current_date + 1, NULL, NULL, 'planned', NULL);

INSERT INTO public.collection_stops (id, run_id, stop_no, farm_id, tank_id, arrived_at, departed_at, volume_litres, milk_temp_c) VALUES
  (1, 1, 1, 1, 1, now() - interval '3 days', now() - interval '3 days' + interval '25 minutes', 4200, 3.8),
  (2, 1, 2, 2, 2, now() - interval '3 days' + interval '55 minutes', now() - interval '3 days' + interval '80 minutes', 3900, 4.1),
  (3, 2, 1, 1, 1, now() - interval '1 day', now() - interval '1 day' + interval '25 minutes', 4150, 3.9),
  (4, 2, 2, 2, 2, now() - interval '1 day' + interval '50 minutes', now() - interval '1 day' + interval '75 minutes', 3900, 4.0),
  (5, 3, 1, 3, 3, now() - interval '2 days', now() - interval '2 days' + interval '20 minutes', 2750, 3.6),
  (6, 3, 2, 4, 4, now() - interval '2 days' + interval '40 minutes', now() - interval '2 days' + interval '60 minutes', 2500, 3.7),
  (7, 4, 1, 4, 4, now() - interval '4 days', now() - interval '4 days' + interval '20 minutes', 2800, 3.9),
  (8, 4, 2, 3, 3, now() - interval '4 days' + interval '45 minutes', now() - interval '4 days' + interval '65 minutes', 2800, 3.5),
  (9, 5, 1, 5, 5, now() - interval '2 days', now() - interval '2 days' + interval '35 minutes', 9400, 3.4),
  (10, 6, 1, 5, 5, now() - interval '20 days', now() - interval '20 days' + interval '35 minutes', 9600, 3.6);

INSERT INTO public.quality_samples (id, stop_id, sampled_at, fat_pct, protein_pct, somatic_cells_per_ml, bacteria_cfu_per_ml, antibiotic_positive)
SELECT s.id, s.id, s.arrived_at + interval '5 minutes',
       (ARRAY[4.12, 4.05, 4.18, 3.98, 5.10, 4.21, 4.30, 5.02, 4.35, 4.28])[s.id],
       (ARRAY[3.41, 3.38, 3.44, 3.36, 3.85, 3.47, 3.50, 3.80, 3.52, 3.49])[s.id],
       (ARRAY[185000, 210000, 172000, 240000, 145000, 198000, 260000, 151000, 176000, 189000])[s.id],
       (ARRAY[12000, 18000, 9000, 21000, 8000, 15000, 24000, 11000, 10000, 13000])[s.id],
       false
FROM public.collection_stops s;

INSERT INTO public.milk_price_periods (id, country_code, currency_code, valid_from, valid_to, base_price_per_litre) VALUES
  (1, 'DE', 'EUR', current_date - 400, current_date - 61, 0.4150),
  (2, 'DE', 'EUR', current_date - 60, NULL, 0.4520),
  (3, 'IE', 'EUR', current_date - 90, NULL, 0.4300),
  (4, 'DK', 'DKK', current_date - 60, NULL, 3.3500);

INSERT INTO public.payment_statements (id, farm_id, period_start, period_end, currency_code, total_litres, gross_amount, deductions, net_amount, status, issued_at, paid_at) VALUES
  (1, 1, current_date - 7, current_date, 'EUR', 8350, 3774.20, 37.74, 3736.46, 'draft', NULL, NULL),
  (2, 3, current_date - 9, current_date - 2, 'EUR', 5550, 2386.50, 23.87, 2362.63, 'issued', now() - interval '1 day', NULL),
  (3, 5, current_date - 30, current_date - 16, 'DKK', 9600, 32160.00, 321.60, 31838.40, 'paid', now() - interval '14 days', now() - interval '5 days');

INSERT INTO public.statement_lines (id, statement_id, line_no, stop_id, price_period_id, litres, unit_price, amount) VALUES
  (1, 1, 1, 1, 2, 4200, 0.4520, 1898.40),
  (2, 1, 2, 3, 2, 4150, 0.4520, 1875.80),
  (3, 2, 1, 8, 3, 2800, 0.4300, 1204.00),
  (4, 2, 2, 5, 3, 2750, 0.4300, 1182.50),
  (5, 3, 1, 10, 4, 9600, 3.3500, 32160.00);

INSERT INTO public.vet_visits (id, farm_id, visited_at, duration_minutes, reason, fee_amount, currency_code) VALUES
  (1, 1, date_trunc('day', now() - interval '6 days') + interval '9 hours', 90, 'fertility', 145.00, 'EUR'),
  (2, 3, date_trunc('day', now() - interval '12 days') + interval '10 hours 30 minutes', 45, 'mastitis', 85.00, 'EUR'),
  (3, 5, date_trunc('day', now() - interval '9 days') + interval '8 hours', 180, 'tb_test', 2400.00, 'DKK');

COMMIT;
