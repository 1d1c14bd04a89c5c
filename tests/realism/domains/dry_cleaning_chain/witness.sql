BEGIN;

INSERT INTO public.currencies (code, name, minor_unit, symbol) VALUES
  ('GBP', 'Pound sterling', 2, '£'),
  ('EUR', 'Euro', 2, '€'),
  ('USD', 'US dollar', 2, '$'),
  ('CHF', 'Swiss franc', 2, 'CHF'),
  ('JPY', 'Japanese yen', 0, '¥');

INSERT INTO public.countries (iso_code, name, currency_code, dialing_code, vat_standard_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.0),
  ('IE', 'Ireland', 'EUR', '+353', 23.0),
  ('FR', 'France', 'EUR', '+33', 20.0),
  ('US', 'United States', 'USD', '+1', 0.0),
  ('CH', 'Switzerland', 'CHF', '+41', 8.1);

INSERT INTO public.cities (id, name, country_code, timezone) VALUES
  (1, 'London', 'GB', 'Europe/London'),
  (2, 'Manchester', 'GB', 'Europe/London'),
  (3, 'Paris', 'FR', 'Europe/Paris'),
  (4, 'New York', 'US', 'America/New_York'),
  (5, 'Saint-Ouen-sur-Seine', 'FR', 'Europe/Paris'),
  (6, 'Dublin', 'IE', 'Europe/Dublin');

INSERT INTO public.plants (id, plant_code, name, city_id, country_code, street_address, postcode, opened_on, daily_capacity_kg) VALUES
  (1, 'LON-P1', 'Park Royal Cleaning Centre', 1, 'GB', 'Unit 4, Abbey Road Industrial Park', 'NW10 7SB', '2011-09-05', 1800.0),
  (2, 'PAR-P1', 'Atelier Saint-Ouen', 5, 'FR', '12 rue Arago', '93400', '2017-03-20', 950.0),
  (3, 'NYC-P1', 'Long Island City Plant', 4, 'US', '31-10 Thomson Avenue', '11101', '2014-06-02', 1400.0);

INSERT INTO public.stores (id, store_code, name, city_id, country_code, street_address, postcode, phone, email, plant_id, offers_delivery, opened_on, closed_on, status) VALUES
  (1, 'LDN-001', 'Marylebone High Street', 1, 'GB', '64 Marylebone High Street', 'W1U 5BN', '+44 20 7946 0381', 'marylebone@pressandfold.example', 1, false, '2012-04-02', NULL, 'open'),
  (2, 'LDN-002', 'Clapham Common', 1, 'GB', '9 The Pavement', 'SW4 0HY', '+44 20 7946 0527', 'clapham@pressandfold.example', 1, true, '2016-09-15', NULL, 'open'),
  (3, 'MAN-001', 'Deansgate', 2, 'GB', '221 Deansgate', 'M3 4EN', '+44 161 496 0734', 'deansgate@pressandfold.example', 1, false, '2019-03-01', NULL, 'open'),
  (4, 'PAR-001', 'Le Marais', 3, 'FR', '38 rue de Bretagne', '75003', '+33 1 42 71 09 56', 'marais@pressandfold.example', 2, false, '2017-06-12', NULL, 'open'),
  (5, 'NYC-001', 'Upper West Side', 4, 'US', '2271 Broadway', '10024', '+1 212 555 0183', 'uws@pressandfold.example', 3, true, '2014-10-20', NULL, 'open');

INSERT INTO public.store_opening_hours (store_id, weekday, opens_at, closes_at) VALUES
  (1, 1, '07:30', '19:30'),
  (1, 2, '07:30', '19:30'),
  (1, 3, '07:30', '19:30'),
  (1, 4, '07:30', '19:30'),
  (1, 5, '07:30', '19:30'),
  (1, 6, '08:30', '18:00'),
  (1, 7, '10:00', '16:00'),
  (2, 1, '07:30', '19:30'),
  (2, 2, '07:30', '19:30'),
  (2, 3, '07:30', '19:30'),
  (2, 4, '07:30', '19:30'),
  (2, 5, '07:30', '19:30'),
  (2, 6, '08:30', '18:00'),
  (2, 7, '10:00', '16:00'),
  (3, 1, '07:30', '19:30'),
  (3, 2, '07:30', '19:30'),
  (3, 3, '07:30', '19:30'),
  (3, 4, '07:30', '19:30'),
  (3, 5, '07:30', '19:30'),
  (3, 6, '08:30', '18:00'),
  (3, 7, '10:00', '16:00'),
  (4, 1, '08:00', '19:30'),
  (4, 2, '08:00', '19:30'),
  (4, 3, '08:00', '19:30'),
  (4, 4, '08:00', '19:30'),
  (4, 5, '08:00', '19:30'),
  (4, 6, '08:30', '18:00'),
  (4, 7, '10:00', '16:00'),
  (5, 1, '07:30', '19:30'),
  (5, 2, '07:30', '19:30'),
  (5, 3, '07:30', '19:30'),
  (5, 4, '07:30', '19:30'),
  (5, 5, '07:30', '19:30'),
  (5, 6, '08:30', '18:00'),
  (5, 7, '10:00', '16:00');

INSERT INTO public.employees (id, employee_number, store_id, plant_id, first_name, last_name, role, date_of_birth, hired_on, left_on, hourly_wage, currency_code) VALUES
  (1, 'E-GB-0142', 1, NULL, 'Sarah', 'Okafor', 'store_manager', '1984-03-12', '2016-05-02', NULL, 15.8, 'GBP'),
  (2, 'E-GB-0377', 1, NULL, 'Tom', 'Reilly', 'store_assistant', '1998-11-04', '2021-09-13', NULL, 12.6, 'GBP'),
  (3, 'E-GB-0251', 2, NULL, 'Magda', 'Nowak', 'store_assistant', '1991-07-22', '2019-02-18', NULL, 12.8, 'GBP'),
  (4, 'E-GB-0309', 2, NULL, 'Dean', 'Mitchell', 'driver', '1987-01-30', '2020-06-01', NULL, 13.4, 'GBP'),
  (5, 'E-GB-0198', 3, NULL, 'Rachel', 'Doyle', 'store_manager', '1979-09-15', '2018-11-05', NULL, 15.2, 'GBP'),
  (6, 'E-FR-0057', 4, NULL, 'Camille', 'Bertrand', 'store_manager', '1988-05-03', '2017-05-22', NULL, 14.1, 'EUR'),
  (7, 'E-US-0023', 5, NULL, 'Luis', 'Ortega', 'store_manager', '1976-12-08', '2014-09-29', NULL, 26.5, 'USD'),
  (8, 'E-US-0214', 5, NULL, 'Marcus', 'Bell', 'driver', '1995-04-17', '2022-03-07', NULL, 19.0, 'USD'),
  (9, 'E-GB-0031', NULL, 1, 'Anil', 'Chauhan', 'cleaner', '1970-02-25', '2011-10-03', NULL, 14.2, 'GBP'),
  (10, 'E-FR-0012', NULL, 2, 'Nadia', 'Haddad', 'spotter', '1982-08-19', '2017-04-03', NULL, 13.6, 'EUR'),
  (11, 'E-US-0009', NULL, 3, 'Rosa', 'Delgado', 'presser', '1973-06-11', '2014-07-14', NULL, 20.75, 'USD'),
  (12, 'E-GB-0056', NULL, 1, 'Grace', 'Mensah', 'presser', '1989-10-02', '2013-01-21', NULL, 13.1, 'GBP');

INSERT INTO public.machines (id, plant_id, machine_type, manufacturer, model, serial_number, load_capacity_kg, installed_on, decommissioned_on) VALUES
  (1, 1, 'dry_cleaning_machine', 'Union', 'HL 8025', 'UN-8025-118473', 25.0, '2018-02-12', NULL),
  (2, 1, 'washer_extractor', 'Electrolux Professional', 'WH6-33', 'EL-WH633-0341', 33.0, '2020-07-01', NULL),
  (3, 2, 'dry_cleaning_machine', 'Firbimatic', 'Eco 18', 'FB-18-27716', 18.0, '2017-03-27', NULL),
  (4, 3, 'dry_cleaning_machine', 'Union', 'XL 8030', 'UN-8030-131902', 30.0, '2019-05-13', NULL),
  (5, 3, 'press', 'Veit', '8363 Topper', 'VT-8363-55120', NULL, '2014-06-16', NULL);

INSERT INTO public.machine_readings (id, machine_id, read_at, cycle_count, operating_hours, solvent_level_litres, recorded_by) VALUES
  (1, 1, ((current_date - 60) + time '07:05') AT TIME ZONE 'Europe/London', 41210, 20644.5, 182.0, 9),
  (2, 1, ((current_date - 30) + time '07:10') AT TIME ZONE 'Europe/London', 41852, 20931.0, 176.5, 9),
  (3, 1, ((current_date - 2) + time '07:02') AT TIME ZONE 'Europe/London', 42437, 21190.5, 188.0, 9),
  (4, 2, ((current_date - 60) + time '07:15') AT TIME ZONE 'Europe/London', 18904, 9876.0, NULL, 9),
  (5, 2, ((current_date - 30) + time '07:20') AT TIME ZONE 'Europe/London', 19560, 10102.5, NULL, 9),
  (6, 2, ((current_date - 2) + time '07:12') AT TIME ZONE 'Europe/London', 20188, 10318.0, NULL, 12),
  (7, 3, ((current_date - 45) + time '08:00') AT TIME ZONE 'Europe/Paris', 30115, 16230.0, 96.0, 10),
  (8, 3, ((current_date - 15) + time '08:05') AT TIME ZONE 'Europe/Paris', 30547, 16402.5, 101.5, 10),
  (9, 4, ((current_date - 45) + time '06:45') AT TIME ZONE 'America/New_York', 36720, 18950.0, 154.0, 11),
  (10, 4, ((current_date - 15) + time '06:50') AT TIME ZONE 'America/New_York', 37281, 19211.5, 149.0, 11),
  (11, 5, ((current_date - 45) + time '06:55') AT TIME ZONE 'America/New_York', 102334, 22010.0, NULL, 11),
  (12, 5, ((current_date - 15) + time '07:00') AT TIME ZONE 'America/New_York', 105918, 22231.0, NULL, 11);

INSERT INTO public.service_types (code, name, category, pricing_unit, standard_turnaround_hours, express_available) VALUES
  ('DRY_CLEAN', 'Dry cleaning', 'dry_clean', 'per_item', 72, true),
  ('SHIRT_LAUNDER', 'Shirt laundry, pressed on hanger', 'laundry', 'per_item', 48, true),
  ('WASH_FOLD', 'Service wash, dried and folded', 'wash_fold', 'per_kg', 24, true),
  ('WET_CLEAN', 'Professional wet cleaning', 'wet_clean', 'per_item', 96, false),
  ('PRESS_ONLY', 'Pressing only', 'pressing', 'per_item', 24, true),
  ('ALTER_HEM', 'Alteration: hem', 'alteration', 'per_item', 120, false),
  ('REPAIR_ZIP', 'Repair: zip replacement', 'repair', 'per_item', 120, false),
  ('LEATHER_CLEAN', 'Leather and suede cleaning', 'leather_suede', 'per_item', 240, false),
  ('DUVET_CLEAN', 'Duvet and bedding cleaning', 'household', 'per_item', 72, false);

INSERT INTO public.garment_types (code, name, care_group, typical_weight_g) VALUES
  ('SHIRT', 'Shirt', 'cotton', 250),
  ('BLOUSE', 'Blouse', 'delicate', 200),
  ('TROUSERS', 'Trousers', 'tailoring', 500),
  ('SKIRT', 'Skirt', 'tailoring', 350),
  ('DRESS', 'Dress', 'delicate', 450),
  ('SUIT_2PC', 'Suit, two-piece', 'tailoring', 1400),
  ('JACKET', 'Jacket', 'tailoring', 900),
  ('COAT', 'Overcoat', 'outerwear', 1800),
  ('KNITWEAR', 'Jumper / knitwear', 'wool', 400),
  ('DUVET_DBL', 'Duvet, double', 'bedding', 2500),
  ('CURTAIN_PANEL', 'Curtain panel', 'household', 1500);

INSERT INTO public.price_list_entries (id, country_code, service_type_code, garment_type_code, currency_code, unit_price, express_surcharge_pct, valid_from, valid_to) VALUES
  (1, 'GB', 'SHIRT_LAUNDER', 'SHIRT', 'GBP', 2.95, 50, '2024-01-01', NULL),
  (2, 'GB', 'DRY_CLEAN', 'SUIT_2PC', 'GBP', 16.5, 50, '2024-01-01', NULL),
  (3, 'GB', 'DRY_CLEAN', 'DRESS', 'GBP', 14.0, 50, '2024-01-01', NULL),
  (4, 'GB', 'DRY_CLEAN', 'TROUSERS', 'GBP', 7.5, 50, '2024-01-01', NULL),
  (5, 'GB', 'DRY_CLEAN', 'COAT', 'GBP', 19.5, 50, '2024-01-01', NULL),
  (6, 'GB', 'WASH_FOLD', NULL, 'GBP', 2.8, 0, '2024-01-01', NULL),
  (7, 'GB', 'DUVET_CLEAN', 'DUVET_DBL', 'GBP', 24.0, 0, '2024-01-01', NULL),
  (8, 'GB', 'ALTER_HEM', 'TROUSERS', 'GBP', 12.0, 0, '2024-01-01', NULL),
  (9, 'FR', 'DRY_CLEAN', 'COAT', 'EUR', 22.0, 50, '2024-01-01', NULL),
  (10, 'FR', 'SHIRT_LAUNDER', 'SHIRT', 'EUR', 3.2, 50, '2024-01-01', NULL),
  (11, 'FR', 'DRY_CLEAN', 'KNITWEAR', 'EUR', 8.5, 50, '2024-01-01', NULL),
  (12, 'FR', 'DRY_CLEAN', 'JACKET', 'EUR', 13.5, 50, '2024-01-01', NULL),
  (13, 'FR', 'DRY_CLEAN', 'SKIRT', 'EUR', 9.0, 50, '2024-01-01', NULL),
  (14, 'US', 'DRY_CLEAN', 'SUIT_2PC', 'USD', 24.95, 50, '2024-01-01', NULL),
  (15, 'US', 'SHIRT_LAUNDER', 'SHIRT', 'USD', 3.5, 50, '2024-01-01', NULL),
  (16, 'US', 'WET_CLEAN', 'DRESS', 'USD', 28.0, 0, '2024-01-01', NULL),
  (17, 'US', 'DRY_CLEAN', 'BLOUSE', 'USD', 11.95, 50, '2024-01-01', NULL),
  (18, 'US', 'LEATHER_CLEAN', 'JACKET', 'USD', 65.0, 0, '2024-01-01', NULL);

INSERT INTO public.customers (id, customer_number, first_name, last_name, email, phone, country_code, home_store_id, marketing_opt_in, loyalty_points, created_at) VALUES
  (1, 'C-100231', 'Olivia', 'Bennett', 'olivia.bennett@example.co.uk', '+44 7700 900123', 'GB', 1, true, 340, '2021-03-14 10:22:00+00'),
  (2, 'C-100518', 'James', 'Whitfield', 'j.whitfield@example.com', '+44 7700 900456', 'GB', 1, false, 120, '2022-01-08 16:05:00+00'),
  (3, 'C-100774', 'Priya', 'Raman', 'priya.raman@example.co.uk', '+44 7700 900789', 'GB', 2, true, 515, '2020-11-29 12:41:00+00'),
  (4, 'C-101002', 'Thomas', 'Hughes', 'tom.hughes@example.com', '+44 7700 900234', 'GB', 3, false, 60, '2023-05-17 09:30:00+00'),
  (5, 'C-200145', 'Élodie', 'Lefèvre', 'elodie.lefevre@example.fr', '+33 6 12 34 56 78', 'FR', 4, true, 210, '2019-09-03 15:12:00+00'),
  (6, 'C-200377', 'Antoine', 'Moreau', 'a.moreau@example.fr', '+33 6 98 76 54 32', 'FR', 4, false, 45, '2023-02-21 11:47:00+00'),
  (7, 'C-300092', 'Michael', 'Goldberg', 'mgoldberg@example.com', '+1 212 555 0147', 'US', 5, false, 880, '2016-04-11 14:20:00+00'),
  (8, 'C-300418', 'Aisha', 'Johnson', 'aisha.j@example.com', '+1 646 555 0192', 'US', 5, true, 150, '2021-07-30 18:03:00+00'),
  (9, 'C-300655', 'Daniel', 'Kim', 'dkim@example.com', '+1 917 555 0126', 'US', 5, false, 95, '2022-10-02 13:15:00+00');

INSERT INTO public.orders (id, order_number, store_id, customer_id, received_by, received_at, promised_at, ready_at, completed_at, status, is_express, currency_code, subtotal_amount, discount_amount, tax_amount, total_amount, notes) VALUES
  (1, 'LDN-001-004512', 1, 1, 2, ((current_date - 20) + time '10:15') AT TIME ZONE 'Europe/London', ((current_date - 17) + time '17:00') AT TIME ZONE 'Europe/London', ((current_date - 18) + time '09:45') AT TIME ZONE 'Europe/London', ((current_date - 16) + time '12:30') AT TIME ZONE 'Europe/London', 'completed', false, 'GBP', 31.25, 0, 6.25, 37.5, NULL),
  (2, 'LDN-001-004598', 1, 2, 1, ((current_date - 14) + time '11:40') AT TIME ZONE 'Europe/London', ((current_date - 14) + time '17:30') AT TIME ZONE 'Europe/London', ((current_date - 14) + time '16:45') AT TIME ZONE 'Europe/London', ((current_date - 14) + time '18:10') AT TIME ZONE 'Europe/London', 'completed', true, 'GBP', 21.0, 0, 4.2, 25.2, 'Express: customer needs dress for evening event'),
  (3, 'LDN-002-002871', 2, 3, 3, ((current_date - 9) + time '10:05') AT TIME ZONE 'Europe/London', ((current_date - 6) + time '17:00') AT TIME ZONE 'Europe/London', ((current_date - 7) + time '14:00') AT TIME ZONE 'Europe/London', ((current_date - 6) + time '18:40') AT TIME ZONE 'Europe/London', 'completed', false, 'GBP', 41.92, 4.19, 7.55, 45.28, 'Deliver to home address, 10% loyalty discount'),
  (4, 'MAN-001-001166', 3, 4, 5, ((current_date - 30) + time '12:20') AT TIME ZONE 'Europe/London', ((current_date - 25) + time '17:00') AT TIME ZONE 'Europe/London', ((current_date - 26) + time '11:00') AT TIME ZONE 'Europe/London', ((current_date - 24) + time '13:15') AT TIME ZONE 'Europe/London', 'completed', false, 'GBP', 19.5, 0, 3.9, 23.4, NULL),
  (5, 'PAR-001-003307', 4, 5, 6, ((current_date - 12) + time '10:30') AT TIME ZONE 'Europe/Paris', ((current_date - 9) + time '18:00') AT TIME ZONE 'Europe/Paris', ((current_date - 10) + time '15:00') AT TIME ZONE 'Europe/Paris', ((current_date - 8) + time '11:20') AT TIME ZONE 'Europe/Paris', 'completed', false, 'EUR', 40.1, 0, 8.02, 48.12, NULL),
  (6, 'PAR-001-003342', 4, 6, 6, ((current_date - 5) + time '14:10') AT TIME ZONE 'Europe/Paris', ((current_date - 2) + time '18:00') AT TIME ZONE 'Europe/Paris', ((current_date - 3) + time '16:30') AT TIME ZONE 'Europe/Paris', NULL, 'ready', false, 'EUR', 22.5, 0, 4.5, 27.0, NULL),
  (7, 'NYC-001-007730', 5, 7, 7, ((current_date - 18) + time '10:45') AT TIME ZONE 'America/New_York', ((current_date - 15) + time '17:00') AT TIME ZONE 'America/New_York', ((current_date - 16) + time '14:00') AT TIME ZONE 'America/New_York', ((current_date - 15) + time '18:20') AT TIME ZONE 'America/New_York', 'completed', false, 'USD', 45.95, 0, 4.08, 50.03, NULL),
  (8, 'NYC-001-007815', 5, 8, 7, ((current_date - 3) + time '15:30') AT TIME ZONE 'America/New_York', ((current_date - -1) + time '17:00') AT TIME ZONE 'America/New_York', NULL, NULL, 'in_process', false, 'USD', 39.95, 0, 3.55, 43.5, NULL),
  (9, 'LDN-001-004640', 1, 1, 2, ((current_date - 2) + time '13:05') AT TIME ZONE 'Europe/London', ((current_date - -1) + time '17:00') AT TIME ZONE 'Europe/London', NULL, NULL, 'received', false, 'GBP', 19.5, 0, 3.9, 23.4, NULL),
  (10, 'NYC-001-007694', 5, 9, 7, ((current_date - 40) + time '11:00') AT TIME ZONE 'America/New_York', ((current_date - 30) + time '17:00') AT TIME ZONE 'America/New_York', ((current_date - 31) + time '15:00') AT TIME ZONE 'America/New_York', ((current_date - 29) + time '12:00') AT TIME ZONE 'America/New_York', 'completed', false, 'USD', 65.0, 0, 5.77, 70.77, NULL);

INSERT INTO public.order_items (id, order_id, line_no, service_type_code, garment_type_code, tag_number, quantity, weight_kg, colour, brand, unit_price, line_amount, stain_notes) VALUES
  (1, 1, 1, 'SHIRT_LAUNDER', 'SHIRT', '004512-01', 5, NULL, 'white/blue', NULL, 2.95, 14.75, NULL),
  (2, 1, 2, 'DRY_CLEAN', 'SUIT_2PC', '004512-02', 1, NULL, 'navy', 'Hugo Boss', 16.5, 16.5, 'coffee on left lapel'),
  (3, 2, 1, 'DRY_CLEAN', 'DRESS', '004598-01', 1, NULL, 'black', 'Reiss', 21.0, 21.0, NULL),
  (4, 3, 1, 'WASH_FOLD', NULL, '002871-01', 1, 6.4, 'mixed', NULL, 2.8, 17.92, NULL),
  (5, 3, 2, 'DUVET_CLEAN', 'DUVET_DBL', '002871-02', 1, 2.3, 'white', 'John Lewis', 24.0, 24.0, NULL),
  (6, 4, 1, 'ALTER_HEM', 'TROUSERS', '001166-01', 1, NULL, 'charcoal', 'Marks & Spencer', 12.0, 12.0, 'shorten 3 cm'),
  (7, 4, 2, 'DRY_CLEAN', 'TROUSERS', '001166-02', 1, NULL, 'charcoal', 'Marks & Spencer', 7.5, 7.5, NULL),
  (8, 5, 1, 'DRY_CLEAN', 'COAT', '003307-01', 1, NULL, 'camel', 'Max Mara', 22.0, 22.0, 'salt marks at hem'),
  (9, 5, 2, 'SHIRT_LAUNDER', 'SHIRT', '003307-02', 3, NULL, 'white', NULL, 3.2, 9.6, NULL),
  (10, 5, 3, 'DRY_CLEAN', 'KNITWEAR', '003307-03', 1, NULL, 'grey', 'Eric Bompard', 8.5, 8.5, NULL),
  (11, 6, 1, 'DRY_CLEAN', 'JACKET', '003342-01', 1, NULL, 'navy', 'Sandro', 13.5, 13.5, NULL),
  (12, 6, 2, 'DRY_CLEAN', 'SKIRT', '003342-02', 1, NULL, 'black', 'Maje', 9.0, 9.0, 'wine stain front'),
  (13, 7, 1, 'DRY_CLEAN', 'SUIT_2PC', '007730-01', 1, NULL, 'grey', 'Brooks Brothers', 24.95, 24.95, NULL),
  (14, 7, 2, 'SHIRT_LAUNDER', 'SHIRT', '007730-02', 6, NULL, 'assorted', NULL, 3.5, 21.0, 'light starch'),
  (15, 8, 1, 'WET_CLEAN', 'DRESS', '007815-01', 1, NULL, 'ivory', 'Theory', 28.0, 28.0, 'makeup on neckline'),
  (16, 8, 2, 'DRY_CLEAN', 'BLOUSE', '007815-02', 1, NULL, 'pale pink', 'Equipment', 11.95, 11.95, NULL),
  (17, 9, 1, 'DRY_CLEAN', 'COAT', '004640-01', 1, NULL, 'black', 'Crombie', 19.5, 19.5, NULL),
  (18, 10, 1, 'LEATHER_CLEAN', 'JACKET', '007694-01', 1, NULL, 'brown', 'AllSaints', 65.0, 65.0, NULL);

INSERT INTO public.processing_events (id, order_item_id, seq_no, step, occurred_at, plant_id, machine_id, employee_id, notes) VALUES
  (1, 1, 1, 'received', ((current_date - 20) + time '10:15') AT TIME ZONE 'Europe/London', NULL, NULL, 2, NULL),
  (2, 1, 2, 'tagged', ((current_date - 20) + time '10:19') AT TIME ZONE 'Europe/London', NULL, NULL, 2, NULL),
  (3, 1, 3, 'dispatched_to_plant', ((current_date - 20) + time '17:30') AT TIME ZONE 'Europe/London', NULL, NULL, NULL, NULL),
  (4, 1, 4, 'arrived_at_plant', ((current_date - 20) + time '19:10') AT TIME ZONE 'Europe/London', 1, NULL, NULL, NULL),
  (5, 1, 5, 'cleaning', ((current_date - 19) + time '09:10') AT TIME ZONE 'Europe/London', 1, 2, 9, NULL),
  (6, 1, 6, 'pressing', ((current_date - 19) + time '11:40') AT TIME ZONE 'Europe/London', 1, NULL, 12, NULL),
  (7, 1, 7, 'quality_check', ((current_date - 19) + time '13:05') AT TIME ZONE 'Europe/London', 1, NULL, 12, NULL),
  (8, 1, 8, 'packed', ((current_date - 19) + time '13:25') AT TIME ZONE 'Europe/London', 1, NULL, 12, NULL),
  (9, 1, 9, 'returned_to_store', ((current_date - 18) + time '09:30') AT TIME ZONE 'Europe/London', NULL, NULL, NULL, NULL),
  (10, 2, 1, 'received', ((current_date - 20) + time '10:15') AT TIME ZONE 'Europe/London', NULL, NULL, 2, NULL),
  (11, 2, 2, 'tagged', ((current_date - 20) + time '10:19') AT TIME ZONE 'Europe/London', NULL, NULL, 2, NULL),
  (12, 2, 3, 'dispatched_to_plant', ((current_date - 20) + time '17:30') AT TIME ZONE 'Europe/London', NULL, NULL, NULL, NULL),
  (13, 2, 4, 'arrived_at_plant', ((current_date - 20) + time '19:10') AT TIME ZONE 'Europe/London', 1, NULL, NULL, NULL),
  (14, 2, 5, 'pre_spotting', ((current_date - 19) + time '08:20') AT TIME ZONE 'Europe/London', 1, NULL, 9, NULL),
  (15, 2, 6, 'cleaning', ((current_date - 19) + time '09:10') AT TIME ZONE 'Europe/London', 1, 1, 9, NULL),
  (16, 2, 7, 'pressing', ((current_date - 19) + time '11:40') AT TIME ZONE 'Europe/London', 1, NULL, 12, NULL),
  (17, 2, 8, 'quality_check', ((current_date - 19) + time '13:05') AT TIME ZONE 'Europe/London', 1, NULL, 12, NULL),
  (18, 2, 9, 'packed', ((current_date - 19) + time '13:25') AT TIME ZONE 'Europe/London', 1, NULL, 12, NULL),
  (19, 2, 10, 'returned_to_store', ((current_date - 18) + time '09:30') AT TIME ZONE 'Europe/London', NULL, NULL, NULL, NULL),
  (20, 8, 1, 'received', ((current_date - 12) + time '10:30') AT TIME ZONE 'Europe/Paris', NULL, NULL, 6, NULL),
  (21, 8, 2, 'tagged', ((current_date - 12) + time '10:34') AT TIME ZONE 'Europe/Paris', NULL, NULL, 6, NULL),
  (22, 8, 3, 'dispatched_to_plant', ((current_date - 12) + time '17:45') AT TIME ZONE 'Europe/Paris', NULL, NULL, NULL, NULL),
  (23, 8, 4, 'arrived_at_plant', ((current_date - 12) + time '19:00') AT TIME ZONE 'Europe/Paris', 2, NULL, NULL, NULL),
  (24, 8, 5, 'pre_spotting', ((current_date - 11) + time '08:20') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (25, 8, 6, 'cleaning', ((current_date - 11) + time '09:10') AT TIME ZONE 'Europe/Paris', 2, 3, 10, NULL),
  (26, 8, 7, 'pressing', ((current_date - 11) + time '11:40') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (27, 8, 8, 'quality_check', ((current_date - 11) + time '13:05') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (28, 8, 9, 'packed', ((current_date - 11) + time '13:25') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (29, 8, 10, 'returned_to_store', ((current_date - 10) + time '14:30') AT TIME ZONE 'Europe/Paris', NULL, NULL, NULL, NULL),
  (30, 9, 1, 'received', ((current_date - 12) + time '10:30') AT TIME ZONE 'Europe/Paris', NULL, NULL, 6, NULL),
  (31, 9, 2, 'tagged', ((current_date - 12) + time '10:34') AT TIME ZONE 'Europe/Paris', NULL, NULL, 6, NULL),
  (32, 9, 3, 'dispatched_to_plant', ((current_date - 12) + time '17:45') AT TIME ZONE 'Europe/Paris', NULL, NULL, NULL, NULL),
  (33, 9, 4, 'arrived_at_plant', ((current_date - 12) + time '19:00') AT TIME ZONE 'Europe/Paris', 2, NULL, NULL, NULL),
  (34, 9, 5, 'cleaning', ((current_date - 11) + time '09:10') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (35, 9, 6, 'pressing', ((current_date - 11) + time '11:40') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (36, 9, 7, 'quality_check', ((current_date - 11) + time '13:05') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (37, 9, 8, 'packed', ((current_date - 11) + time '13:25') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (38, 9, 9, 'returned_to_store', ((current_date - 10) + time '14:30') AT TIME ZONE 'Europe/Paris', NULL, NULL, NULL, NULL),
  (39, 10, 1, 'received', ((current_date - 12) + time '10:30') AT TIME ZONE 'Europe/Paris', NULL, NULL, 6, NULL),
  (40, 10, 2, 'tagged', ((current_date - 12) + time '10:34') AT TIME ZONE 'Europe/Paris', NULL, NULL, 6, NULL),
  (41, 10, 3, 'dispatched_to_plant', ((current_date - 12) + time '17:45') AT TIME ZONE 'Europe/Paris', NULL, NULL, NULL, NULL),
  (42, 10, 4, 'arrived_at_plant', ((current_date - 12) + time '19:00') AT TIME ZONE 'Europe/Paris', 2, NULL, NULL, NULL),
  (43, 10, 5, 'pre_spotting', ((current_date - 11) + time '08:20') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (44, 10, 6, 'cleaning', ((current_date - 11) + time '09:10') AT TIME ZONE 'Europe/Paris', 2, 3, 10, NULL),
  (45, 10, 7, 'pressing', ((current_date - 11) + time '11:40') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (46, 10, 8, 'quality_check', ((current_date - 11) + time '13:05') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (47, 10, 9, 'packed', ((current_date - 11) + time '13:25') AT TIME ZONE 'Europe/Paris', 2, NULL, 10, NULL),
  (48, 10, 10, 'returned_to_store', ((current_date - 10) + time '14:30') AT TIME ZONE 'Europe/Paris', NULL, NULL, NULL, NULL),
  (49, 15, 1, 'received', ((current_date - 3) + time '15:30') AT TIME ZONE 'America/New_York', NULL, NULL, 7, NULL),
  (50, 15, 2, 'tagged', ((current_date - 3) + time '15:34') AT TIME ZONE 'America/New_York', NULL, NULL, 7, NULL),
  (51, 15, 3, 'dispatched_to_plant', ((current_date - 3) + time '18:00') AT TIME ZONE 'America/New_York', NULL, NULL, NULL, NULL),
  (52, 15, 4, 'arrived_at_plant', ((current_date - 3) + time '19:00') AT TIME ZONE 'America/New_York', 3, NULL, NULL, NULL),
  (53, 15, 5, 'pre_spotting', ((current_date - 2) + time '08:20') AT TIME ZONE 'America/New_York', 3, NULL, 11, NULL),
  (54, 15, 6, 'cleaning', ((current_date - 2) + time '09:10') AT TIME ZONE 'America/New_York', 3, NULL, 11, NULL),
  (55, 16, 1, 'received', ((current_date - 3) + time '15:30') AT TIME ZONE 'America/New_York', NULL, NULL, 7, NULL),
  (56, 16, 2, 'tagged', ((current_date - 3) + time '15:34') AT TIME ZONE 'America/New_York', NULL, NULL, 7, NULL),
  (57, 16, 3, 'dispatched_to_plant', ((current_date - 3) + time '18:00') AT TIME ZONE 'America/New_York', NULL, NULL, NULL, NULL),
  (58, 16, 4, 'arrived_at_plant', ((current_date - 3) + time '19:00') AT TIME ZONE 'America/New_York', 3, NULL, NULL, NULL),
  (59, 17, 1, 'received', ((current_date - 2) + time '13:05') AT TIME ZONE 'Europe/London', NULL, NULL, 2, NULL),
  (60, 17, 2, 'tagged', ((current_date - 2) + time '13:09') AT TIME ZONE 'Europe/London', NULL, NULL, 2, NULL);

INSERT INTO public.payments (id, order_id, paid_at, amount, currency_code, method, card_last4, reference) VALUES
  (1, 1, ((current_date - 16) + time '12:30') AT TIME ZONE 'Europe/London', 37.5, 'GBP', 'card', '4821', 'AUTH 583920'),
  (2, 2, ((current_date - 14) + time '18:10') AT TIME ZONE 'Europe/London', 25.2, 'GBP', 'cash', NULL, NULL),
  (3, 3, ((current_date - 9) + time '10:05') AT TIME ZONE 'Europe/London', 45.28, 'GBP', 'card', '1934', 'AUTH 610447'),
  (4, 4, ((current_date - 24) + time '13:15') AT TIME ZONE 'Europe/London', 23.4, 'GBP', 'card', '7702', 'AUTH 402118'),
  (5, 5, ((current_date - 8) + time '11:20') AT TIME ZONE 'Europe/Paris', 48.12, 'EUR', 'card', '3358', 'AUTH 927304'),
  (6, 7, ((current_date - 18) + time '10:45') AT TIME ZONE 'America/New_York', 50.03, 'USD', 'card', '5560', 'AUTH 118265'),
  (7, 10, ((current_date - 40) + time '11:00') AT TIME ZONE 'America/New_York', 70.77, 'USD', 'card', '0419', 'AUTH 774031');

INSERT INTO public.deliveries (id, order_id, driver_id, address_line, postcode, city_id, window_start, window_end, delivered_at, status) VALUES
  (1, 3, 4, 'Flat 3, 27 Narbonne Avenue', 'SW4 9JR', 1, ((current_date - 6) + time '18:00') AT TIME ZONE 'Europe/London', ((current_date - 6) + time '20:00') AT TIME ZONE 'Europe/London', ((current_date - 6) + time '18:40') AT TIME ZONE 'Europe/London', 'delivered'),
  (2, 7, 8, 'Apt 12B, 245 West 85th Street', '10024', 4, ((current_date - 15) + time '18:00') AT TIME ZONE 'America/New_York', ((current_date - 15) + time '20:00') AT TIME ZONE 'America/New_York', ((current_date - 15) + time '18:20') AT TIME ZONE 'America/New_York', 'delivered');

INSERT INTO public.damage_claims (id, order_item_id, reported_at, claim_type, description, status, compensation_amount, currency_code, resolved_at) VALUES
  (1, 10, ((current_date - 8) + time '11:25') AT TIME ZONE 'Europe/Paris', 'shrinkage', 'Cashmere jumper shrunk about one size after cleaning', 'paid', 35.0, 'EUR', ((current_date - 3) + time '10:00') AT TIME ZONE 'Europe/Paris');

SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.cities', 'id'), 6, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.plants', 'id'), 3, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.stores', 'id'), 5, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.employees', 'id'), 12, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.machines', 'id'), 5, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.machine_readings', 'id'), 12, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.price_list_entries', 'id'), 18, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.customers', 'id'), 9, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.orders', 'id'), 10, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.order_items', 'id'), 18, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.processing_events', 'id'), 60, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.payments', 'id'), 7, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.deliveries', 'id'), 2, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.damage_claims', 'id'), 1, true);

COMMIT;
