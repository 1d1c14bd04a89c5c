-- Hand-written witness data for the rail freight schema. Dates are relative to today.
BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('CHF', 'Swiss franc', 2),
  ('PLN', 'Polish zloty', 2),
  ('CZK', 'Czech koruna', 2),
  ('SEK', 'Swedish krona', 2);

INSERT INTO public.countries (iso2, name, uic_country_code, currency_code, dialling_code, time_zone, vat_rate) VALUES
  ('DE', 'Germany',        80, 'EUR', '+49',  'Europe/Berlin',    19.00),
  ('AT', 'Austria',        81, 'EUR', '+43',  'Europe/Vienna',    20.00),
  ('CH', 'Switzerland',    85, 'CHF', '+41',  'Europe/Zurich',     8.10),
  ('IT', 'Italy',          83, 'EUR', '+39',  'Europe/Rome',      22.00),
  ('NL', 'Netherlands',    84, 'EUR', '+31',  'Europe/Amsterdam', 21.00),
  ('PL', 'Poland',         51, 'PLN', '+48',  'Europe/Warsaw',    23.00),
  ('CZ', 'Czech Republic', 54, 'CZK', '+420', 'Europe/Prague',    21.00);

INSERT INTO public.stations (id, uic_code, name, country_code, station_type, is_border_point, has_workshop, latitude, longitude) VALUES
  (1, '8001234', 'Maschen Rbf',                  'DE', 'marshalling_yard', false, true,  53.40210, 10.04380),
  (2, '8006542', 'Duisburg-Ruhrort Hafen',       'DE', 'port',             false, false, 51.45530,  6.73290),
  (3, '8107001', 'Wien Zentralverschiebebahnhof', 'AT', 'marshalling_yard', false, true,  48.16040, 16.43260),
  (4, '8503012', 'Basel SBB RB',                 'CH', 'border_station',   true,  false, 47.53780,  7.63110),
  (5, '8300456', 'Verona Quadrante Europa',      'IT', 'terminal',         false, false, 45.41330, 10.93160),
  (6, '5100789', 'Małaszewicze',                 'PL', 'border_station',   true,  false, 52.03420, 23.53120),
  (7, '5400321', 'Ostrava levý břeh',            'CZ', 'marshalling_yard', false, true,  49.83110, 18.28450),
  (8, '8400123', 'Rotterdam Maasvlakte',         'NL', 'port',             false, false, 51.95360,  4.02240);

INSERT INTO public.commodities (nhm_code, description, is_dangerous_goods) VALUES
  ('100199', 'Wheat and meslin, other than seed', false),
  ('271012', 'Light petroleum oils and preparations', true),
  ('720839', 'Flat-rolled iron or steel, hot-rolled, in coils', false),
  ('860900', 'Containers for one or more modes of transport', false),
  ('870323', 'Motor cars, spark-ignition, 1500-3000 cc', false);

INSERT INTO public.customers (id, account_no, legal_name, country_code, vat_number, address_line, postcode, city, phone, email, credit_limit, status, created_at) VALUES
  (1, 'C000101', 'Stahlwerk Nordhafen GmbH',  'DE', 'DE812345678',   'Hafenstraße 12',        '20457',   'Hamburg',   '+49 40 3012345',   'logistik@stahlwerk-nordhafen.de', 250000.00, 'active', (current_date - 900) + time '10:15'),
  (2, 'C000102', 'Logistica Padana S.p.A.',   'IT', 'IT01234567890', 'Via Sommacampagna 59',  '37137',   'Verona',    '+39 045 8621234',  'traffico@logisticapadana.it',     180000.00, 'active', (current_date - 700) + time '11:40'),
  (3, 'C000103', 'Agrarhandel Morava s.r.o.', 'CZ', 'CZ27512345',    'Nádražní 44',           '702 00',  'Ostrava',   '+420 596 123 456', 'doprava@agrarmorava.cz',         4000000.00, 'active', (current_date - 500) + time '09:05'),
  (4, 'C000104', 'Rheinport Containers B.V.', 'NL', 'NL123456789B01','Europaweg 875',         '3199 LC', 'Rotterdam', '+31 10 2526000',   'rail@rheinport-containers.nl',    300000.00, 'active', (current_date - 1200) + time '14:20');

INSERT INTO public.contracts (id, contract_no, customer_id, currency_code, valid_from, valid_to, payment_terms_days, status, signed_at) VALUES
  (1, 'RFC-2024-0311', 1, 'EUR', current_date - 800, current_date + 295, 30, 'active', (current_date - 815) + time '15:00'),
  (2, 'RFC-2025-0042', 2, 'EUR', current_date - 650, NULL,               45, 'active', (current_date - 660) + time '12:30'),
  (3, 'RFC-2025-0117', 3, 'CZK', current_date - 450, current_date + 280, 30, 'active', (current_date - 470) + time '10:00'),
  (4, 'RFC-2023-0876', 4, 'EUR', current_date - 1100, NULL,              30, 'active', (current_date - 1110) + time '16:45');

INSERT INTO public.wagon_types (id, uic_type_code, description, axles, length_over_buffers_m, max_payload_t, max_speed_kmh) VALUES
  (1, 'Eanos',   'Open high-sided bogie wagon',                 4, 15.74, 65.0, 100),
  (2, 'Sgns',    'Bogie container flat wagon, 60 ft',           4, 19.74, 69.0, 100),
  (3, 'Zacns',   'Bogie tank wagon for mineral oil products',   4, 16.44, 66.0, 100),
  (4, 'Habbins', 'Bogie wagon with sliding walls',              4, 23.26, 62.0, 100),
  (5, 'Tadns',   'Bogie hopper wagon with opening roof (grain)', 4, 13.24, 67.0, 100),
  (6, 'Hbbins',  'Two-axle wagon with sliding walls',           2, 15.50, 27.5, 100);

INSERT INTO public.wagons (id, wagon_number, wagon_type_id, keeper_country_code, tare_weight_t, built_year, status, home_station_id, withdrawn_on) VALUES
  (1,  '318053751018', 1, 'DE', 25.20, 2009, 'in_service',  1, NULL),
  (2,  '318153752023', 1, 'AT', 24.80, 2012, 'in_service',  3, NULL),
  (3,  '318445550102', 2, 'NL', 19.60, 2016, 'in_service',  8, NULL),
  (4,  '318045573330', 2, 'DE', 19.40, 2018, 'in_service',  2, NULL),
  (5,  '338078465121', 3, 'DE', 24.50, 2011, 'in_service',  2, NULL),
  (6,  '338378460202', 3, 'IT', 25.10, 2014, 'in_service',  5, NULL),
  (7,  '318527454041', 4, 'CH', 28.40, 2006, 'stored',      4, NULL),
  (8,  '315406641185', 5, 'CZ', 23.20, 2019, 'in_service',  7, NULL),
  (9,  '215124573001', 6, 'PL', 15.10, 1998, 'in_workshop', 6, NULL),
  (10, '315145570778', 2, 'PL', 19.80, 2021, 'in_service',  6, NULL);

INSERT INTO public.workshop_visits (id, wagon_id, workshop_station_id, visit_type, started_at, finished_at, revision_valid_until, cost, currency_code, findings) VALUES
  (1, 9, 3, 'corrective_repair', (current_date - 4) + time '08:00', NULL, NULL, NULL, 'EUR', 'Sliding wall locking mechanism defective'),
  (2, 1, 1, 'periodic_revision', (current_date - 400) + time '07:30', (current_date - 394) + time '15:00', current_date - 394 + 2190, 8400.00, 'EUR', 'G4.8 revision, brake blocks replaced'),
  (3, 8, 7, 'wheelset_exchange', (current_date - 60) + time '06:45', (current_date - 57) + time '13:20', NULL, 145000.00, 'CZK', 'Wheel flats on axle 3'),
  (4, 7, 1, 'brake_overhaul', (current_date - 90) + time '07:00', (current_date - 85) + time '16:30', NULL, 5200.00, 'EUR', 'Brake distributor overhauled');

INSERT INTO public.locomotives (id, evn, class_name, traction, power_kw, max_speed_kmh, home_depot_id, in_service_since, status) VALUES
  (1, '918061931237', 'Siemens Vectron MS (BR 193)', 'electric', 6400, 200, 1, current_date - 2600, 'active'),
  (2, '918111160456', 'Siemens Taurus (Rh 1116)',    'electric', 6400, 230, 3, current_date - 7800, 'active'),
  (3, '928012661056', 'EMD Class 66 (BR 266)',       'diesel',   2420, 120, 2, current_date - 5400, 'active');

INSERT INTO public.locomotive_meter_readings (id, locomotive_id, read_at, odometer_km, energy_kwh, source) VALUES
  (1, 1, (current_date - 30) + time '06:00', 1245300, 18650200, 'telematics'),
  (2, 1, (current_date - 12) + time '06:00', 1251800, 18742900, 'telematics'),
  (3, 1, (current_date - 8)  + time '06:00', 1253340, 18765100, 'telematics'),
  (4, 2, (current_date - 40) + time '05:00', 2804000, 41220300, 'telematics'),
  (5, 2, (current_date - 16) + time '05:00', 2811200, 41318800, 'workshop'),
  (6, 2, (current_date - 14) + time '05:00', 2812400, 41335600, 'telematics'),
  (7, 3, (current_date - 20) + time '07:00', 655000, NULL, 'manual'),
  (8, 3, (current_date - 6)  + time '07:00', 656300, NULL, 'manual');

INSERT INTO public.drivers (id, employee_no, first_name, last_name, date_of_birth, home_country_code, home_depot_id, hired_on, left_on, status) VALUES
  (1, 'E10231', 'Jan',     'Petersen', current_date - 16640, 'DE', 1, current_date - 6570, NULL, 'active'),
  (2, 'E10457', 'Markus',  'Huber',    current_date - 19300, 'AT', 3, current_date - 9100, NULL, 'active'),
  (3, 'E10588', 'Tomasz',  'Nowak',    current_date - 12400, 'PL', 1, current_date - 2900, NULL, 'active'),
  (4, 'E10612', 'Giulia',  'Ferri',    current_date - 11300, 'IT', 1, current_date - 1500, NULL, 'active');

INSERT INTO public.driver_licences (id, driver_id, licence_no, issuing_country_code, issued_on, valid_until, status) VALUES
  (1, 1, 'DE51202011000231', 'DE', current_date - 4100, current_date - 4100 + 3652, 'expired'),
  (2, 1, 'DE51202022004417', 'DE', current_date - 460,  current_date - 460 + 3652,  'valid'),
  (3, 2, 'AT71102019000871', 'AT', current_date - 2500, current_date - 2500 + 3652, 'valid'),
  (4, 3, 'PL31102018003312', 'PL', current_date - 2700, current_date - 2700 + 3652, 'valid'),
  (5, 4, 'IT83102022000145', 'IT', current_date - 1380, current_date - 1380 + 3652, 'valid');

INSERT INTO public.train_runs (id, train_number, run_date, origin_station_id, destination_station_id, locomotive_id, driver_id, planned_departure, planned_arrival, actual_departure, actual_arrival, status, gross_weight_t, length_m, cancellation_reason) VALUES
  (1, '43123', current_date - 10, 8, 5, 1, 1,
      (current_date - 10) + time '18:00', (current_date - 10) + time '18:00' + interval '28 hours',
      (current_date - 10) + time '18:20', (current_date - 10) + time '18:00' + interval '29 hours 30 minutes',
      'completed', 1480.0, 610.0, NULL),
  (2, '47711', current_date - 15, 1, 3, 2, 2,
      (current_date - 15) + time '22:00', (current_date - 15) + time '22:00' + interval '16 hours',
      (current_date - 15) + time '22:05', (current_date - 15) + time '22:00' + interval '15 hours 40 minutes',
      'completed', 1650.0, 420.0, NULL),
  (3, '52046', current_date - 7, 7, 2, 3, 3,
      (current_date - 7) + time '04:30', (current_date - 7) + time '04:30' + interval '22 hours',
      (current_date - 7) + time '05:30', (current_date - 7) + time '04:30' + interval '24 hours',
      'completed', 1890.0, 520.0, NULL),
  (4, '40390', current_date - 1, 6, 2, 1, 1,
      (current_date - 1) + time '20:00', (current_date - 1) + time '20:00' + interval '26 hours',
      (current_date - 1) + time '20:30', NULL,
      'departed', 1320.0, 640.0, NULL),
  (5, '43127', current_date + 2, 2, 5, 2, 4,
      (current_date + 2) + time '21:00', (current_date + 2) + time '21:00' + interval '20 hours',
      NULL, NULL,
      'planned', 1760.0, 450.0, NULL),
  (6, '48802', current_date - 3, 1, 4, NULL, NULL,
      (current_date - 3) + time '10:00', (current_date - 3) + time '22:00',
      NULL, NULL,
      'cancelled', NULL, NULL, 'Order withdrawn by customer');

INSERT INTO public.train_run_stops (id, train_run_id, seq_no, station_id, stop_purpose, planned_arrival, planned_departure, actual_arrival, actual_departure) VALUES
  (1,  1, 1, 8, 'origin',          NULL, (current_date - 10) + time '18:00', NULL, (current_date - 10) + time '18:20'),
  (2,  1, 2, 4, 'crew_change',     (current_date - 10) + time '18:00' + interval '14 hours', (current_date - 10) + time '18:00' + interval '15 hours',
                                   (current_date - 10) + time '18:00' + interval '15 hours', (current_date - 10) + time '18:00' + interval '15 hours 40 minutes'),
  (3,  1, 3, 5, 'destination',     (current_date - 10) + time '18:00' + interval '28 hours', NULL,
                                   (current_date - 10) + time '18:00' + interval '29 hours 30 minutes', NULL),
  (4,  2, 1, 1, 'origin',          NULL, (current_date - 15) + time '22:00', NULL, (current_date - 15) + time '22:05'),
  (5,  2, 2, 3, 'destination',     (current_date - 15) + time '22:00' + interval '16 hours', NULL,
                                   (current_date - 15) + time '22:00' + interval '15 hours 40 minutes', NULL),
  (6,  3, 1, 7, 'origin',          NULL, (current_date - 7) + time '04:30', NULL, (current_date - 7) + time '05:30'),
  (7,  3, 2, 2, 'destination',     (current_date - 7) + time '04:30' + interval '22 hours', NULL,
                                   (current_date - 7) + time '04:30' + interval '24 hours', NULL),
  (8,  4, 1, 6, 'origin',          NULL, (current_date - 1) + time '20:00', NULL, (current_date - 1) + time '20:30'),
  (9,  4, 2, 2, 'destination',     (current_date - 1) + time '20:00' + interval '26 hours', NULL, NULL, NULL),
  (10, 5, 1, 2, 'origin',          NULL, (current_date + 2) + time '21:00', NULL, NULL),
  (11, 5, 2, 4, 'border_crossing', (current_date + 2) + time '21:00' + interval '9 hours', (current_date + 2) + time '21:00' + interval '9 hours 45 minutes', NULL, NULL),
  (12, 5, 3, 5, 'destination',     (current_date + 2) + time '21:00' + interval '20 hours', NULL, NULL, NULL),
  (13, 6, 1, 1, 'origin',          NULL, (current_date - 3) + time '10:00', NULL, NULL),
  (14, 6, 2, 4, 'destination',     (current_date - 3) + time '22:00', NULL, NULL, NULL);

-- Orders are booked on working days in office hours (local time of the customer).
INSERT INTO public.consignments (id, consignment_no, contract_id, customer_id, origin_station_id, destination_station_id, nhm_code, un_number, requested_date, status, created_at, delivered_at) VALUES
  (1, 'CIM-84-0012345', 4, 4, 8, 5, '860900', NULL, current_date - 10, 'delivered',
      (date_trunc('week', current_date::timestamp) - interval '20 days' + interval '9 hours 30 minutes') AT TIME ZONE 'Europe/Amsterdam',
      (current_date - 10) + time '18:00' + interval '32 hours'),
  (2, 'CIM-80-0045671', 1, 1, 1, 3, '720839', NULL, current_date - 15, 'delivered',
      (date_trunc('week', current_date::timestamp) - interval '25 days' + interval '14 hours 10 minutes') AT TIME ZONE 'Europe/Berlin',
      (current_date - 15) + time '22:00' + interval '18 hours'),
  (3, 'CIM-54-0007789', 3, 3, 7, 2, '100199', NULL, current_date - 7, 'delivered',
      (date_trunc('week', current_date::timestamp) - interval '17 days' + interval '8 hours 5 minutes') AT TIME ZONE 'Europe/Prague',
      (current_date - 7) + time '04:30' + interval '27 hours'),
  (4, 'CIM-51-0031102', 4, 4, 6, 2, '860900', NULL, current_date - 1, 'in_transit',
      (date_trunc('week', current_date::timestamp) - interval '11 days' + interval '16 hours 45 minutes') AT TIME ZONE 'Europe/Amsterdam',
      NULL),
  (5, 'CIM-80-0045702', 2, 2, 2, 5, '271012', '1203', current_date + 2, 'booked',
      (date_trunc('week', current_date::timestamp) - interval '5 days' + interval '11 hours 20 minutes') AT TIME ZONE 'Europe/Rome',
      NULL),
  (6, 'CIM-80-0045688', 1, 1, 1, 4, '720839', NULL, current_date - 3, 'cancelled',
      (date_trunc('week', current_date::timestamp) - interval '12 days' + interval '10 hours') AT TIME ZONE 'Europe/Berlin',
      NULL);

INSERT INTO public.consignment_wagons (id, consignment_id, wagon_id, train_run_id, position_in_train, net_weight_t, seal_no, loaded_at) VALUES
  (1, 1, 3,  1, 1, 48.60, 'NL4471201', (current_date - 11) + time '13:00'),
  (2, 1, 4,  1, 2, 52.30, 'NL4471202', (current_date - 11) + time '15:30'),
  (3, 2, 1,  2, 1, 61.20, NULL,        (current_date - 16) + time '10:00'),
  (4, 2, 2,  2, 2, 60.80, NULL,        (current_date - 16) + time '11:15'),
  (5, 3, 8,  3, 1, 63.50, 'CZ0098812', (current_date - 8)  + time '14:00'),
  (6, 4, 10, 4, 1, 44.90, 'PL2201937', (current_date - 2)  + time '09:40'),
  (7, 5, 5,  5, 1, 58.00, NULL,        NULL),
  (8, 5, 6,  5, 2, 58.00, NULL,        NULL);

INSERT INTO public.tariff_rates (id, contract_id, origin_station_id, destination_station_id, wagon_type_id, price_per_wagon, valid_from, valid_to) VALUES
  (1, 4, 8, 5, 2, 3450.00,  current_date - 400, NULL),
  (2, 1, 1, 3, 1, 2890.00,  current_date - 800, current_date + 295),
  (3, 3, 7, 2, 5, 61500.00, current_date - 450, current_date + 280),
  (4, 2, 2, 5, 3, 3980.00,  current_date - 650, NULL);

INSERT INTO public.invoices (id, invoice_no, customer_id, contract_id, currency_code, issued_on, due_on, net_amount, vat_amount, gross_amount, status, paid_on) VALUES
  (1, 'INV-0004811', 4, 4, 'EUR', current_date - 6,  current_date + 24, 7070.00,  0.00, 7070.00,  'issued', NULL),
  (2, 'INV-0004796', 1, 1, 'EUR', current_date - 12, current_date + 18, 5780.00,  0.00, 5780.00,  'paid',   current_date - 2),
  (3, 'INV-0004823', 3, 3, 'CZK', current_date - 3,  current_date + 27, 63900.00, 0.00, 63900.00, 'issued', NULL);

INSERT INTO public.invoice_lines (id, invoice_id, line_no, consignment_id, description, quantity, unit_price, amount) VALUES
  (1, 1, 1, 1,    'Rotterdam Maasvlakte - Verona QE, Sgns container wagon', 2.000, 3450.00, 6900.00),
  (2, 1, 2, NULL, 'Terminal handling surcharge per wagon',                  2.000,   85.00,  170.00),
  (3, 2, 1, 2,    'Maschen Rbf - Wien ZVBf, Eanos wagon',                   2.000, 2890.00, 5780.00),
  (4, 3, 1, 3,    'Ostrava - Duisburg-Ruhrort Hafen, Tadns wagon',          1.000, 61500.00, 61500.00),
  (5, 3, 2, 3,    'Demurrage at destination, wagon-days',                   2.000,  1200.00,  2400.00);

INSERT INTO public.damage_claims (id, consignment_id, claim_no, filed_at, claim_type, amount_claimed, currency_code, status, settled_amount, closed_at) VALUES
  (1, 1, 'CLM-2026-0031', (current_date - 8) + time '10:30', 'delay', 1200.00, 'EUR', 'rejected', NULL, (current_date - 2) + time '15:00');

SELECT setval('public.stations_id_seq', 8);
SELECT setval('public.customers_id_seq', 4);
SELECT setval('public.contracts_id_seq', 4);
SELECT setval('public.tariff_rates_id_seq', 4);
SELECT setval('public.wagon_types_id_seq', 6);
SELECT setval('public.wagons_id_seq', 10);
SELECT setval('public.workshop_visits_id_seq', 4);
SELECT setval('public.locomotives_id_seq', 3);
SELECT setval('public.locomotive_meter_readings_id_seq', 8);
SELECT setval('public.drivers_id_seq', 4);
SELECT setval('public.driver_licences_id_seq', 5);
SELECT setval('public.train_runs_id_seq', 6);
SELECT setval('public.train_run_stops_id_seq', 14);
SELECT setval('public.consignments_id_seq', 6);
SELECT setval('public.consignment_wagons_id_seq', 8);
SELECT setval('public.invoices_id_seq', 3);
SELECT setval('public.invoice_lines_id_seq', 5);
SELECT setval('public.damage_claims_id_seq', 1);

COMMIT;
