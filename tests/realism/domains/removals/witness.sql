BEGIN;

INSERT INTO public.currencies (code, name, minor_units, symbol) VALUES
  ('GBP', 'Pound sterling', 2, '£'),
  ('EUR', 'Euro', 2, '€'),
  ('USD', 'US dollar', 2, '$');

INSERT INTO public.countries (code, name, currency_code, calling_code, standard_vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('NL', 'Netherlands', 'EUR', '+31', 21.00),
  ('ES', 'Spain', 'EUR', '+34', 21.00);

INSERT INTO public.depots (id, code, name, country_code, address_line, city, postcode, phone, email, storage_capacity_m3, opened_on, is_active) VALUES
  (1, 'LDN', 'London Docklands', 'GB', 'Unit 4, Surrey Quays Road', 'London', 'SE16 7PJ', '+44 20 7946 0321', 'london@example-removals.com', 2400.0, '2009-04-01', true),
  (2, 'MAN', 'Manchester Trafford Park', 'GB', '12 Westinghouse Road', 'Manchester', 'M17 1SN', '+44 161 496 0744', 'manchester@example-removals.com', 1800.0, '2013-09-16', true),
  (3, 'HAM', 'Hamburg Billbrook', 'DE', 'Billstraße 118', 'Hamburg', '20539', '+49 40 5550 1290', 'hamburg@example-removals.com', 3100.0, '2016-02-01', true),
  (4, 'AMS', 'Amsterdam Zuidoost', 'NL', 'Karspeldreef 8', 'Amsterdam', '1101 BA', '+31 20 555 0183', 'amsterdam@example-removals.com', 1500.0, '2019-06-03', true);

INSERT INTO public.vehicles (id, depot_id, registration, vehicle_type, make, model, capacity_m3, payload_kg, first_registered_on, status) VALUES
  (1, 1, 'LK21 XRV', 'luton_van', 'Ford', 'Transit Luton', 20.0, 1100, '2021-05-14', 'active'),
  (2, 1, 'LK19 HMA', 'truck_18t', 'DAF', 'LF 290 removals body', 62.0, 8500, '2019-03-01', 'active'),
  (3, 2, 'MX20 KTP', 'truck_7_5t', 'Iveco', 'Eurocargo 75E', 36.0, 2600, '2020-09-01', 'active'),
  (4, 3, 'HH-RM 4127', 'truck_18t', 'MAN', 'TGL 12.250', 55.0, 9000, '2018-07-10', 'active'),
  (5, 4, 'VXB-12-K', 'panel_van', 'Mercedes-Benz', 'Sprinter 316', 11.5, 1250, '2022-02-22', 'active'),
  (6, 1, 'C123456', 'artic_trailer', 'Schmitz Cargobull', 'Box trailer', 98.0, 24000, '2017-11-30', 'active');

INSERT INTO public.odometer_readings (vehicle_id, read_at, odometer_km, source) VALUES
  (1, now() - interval '90 days', 61200, 'service'),
  (1, now() - interval '30 days', 64950, 'driver_log'),
  (1, now() - interval '2 days', 66410, 'telematics'),
  (2, now() - interval '120 days', 188300, 'service'),
  (2, now() - interval '35 days', 196780, 'driver_log'),
  (2, now() - interval '1 day', 199015, 'telematics'),
  (3, now() - interval '60 days', 97410, 'service'),
  (3, now() - interval '5 days', 101880, 'telematics'),
  (4, now() - interval '100 days', 233120, 'service'),
  (4, now() - interval '9 days', 240540, 'driver_log'),
  (5, now() - interval '45 days', 38770, 'telematics'),
  (5, now() - interval '3 days', 40915, 'telematics'),
  (6, now() - interval '200 days', 402100, 'service'),
  (6, now() - interval '20 days', 431870, 'telematics');

INSERT INTO public.employees (id, depot_id, employee_no, first_name, last_name, role, date_of_birth, hired_on, left_on, phone, email, driving_licence_class) VALUES
  (1, 1, 'E0001', 'Sarah', 'Collins', 'surveyor', '1984-06-11', '2015-03-02', NULL, '+44 7700 900123', 'sarah.collins@example-removals.com', 'B'),
  (2, 1, 'E0002', 'Tom', 'Baker', 'driver', '1979-01-23', '2012-08-13', NULL, '+44 7700 900456', 'tom.baker@example-removals.com', 'C'),
  (3, 1, 'E0003', 'Jamal', 'Hussain', 'porter', '1995-10-02', '2019-04-15', NULL, '+44 7700 900789', NULL, NULL),
  (4, 1, 'E0004', 'Megan', 'Price', 'packer', '1990-12-30', '2018-01-08', NULL, '+44 7700 900234', NULL, 'B'),
  (5, 2, 'E0005', 'David', 'Walsh', 'surveyor', '1976-05-19', '2014-02-03', NULL, '+44 7700 900567', 'david.walsh@example-removals.com', 'B'),
  (6, 3, 'E0006', 'Jana', 'Becker', 'surveyor', '1988-03-27', '2016-03-01', NULL, '+49 151 23456789', 'jana.becker@example-removals.com', 'B'),
  (7, 3, 'E0007', 'Lukas', 'Schmidt', 'driver', '1983-09-04', '2016-05-02', NULL, '+49 160 98765432', NULL, 'CE'),
  (8, 4, 'E0008', 'Sanne', 'de Vries', 'surveyor', '1991-07-15', '2019-06-03', NULL, '+31 6 12345678', 'sanne.devries@example-removals.com', 'B'),
  (9, 4, 'E0009', 'Daan', 'Jansen', 'driver', '1987-11-21', '2019-06-03', NULL, '+31 6 87654321', NULL, 'C');

INSERT INTO public.customers (id, customer_type, first_name, last_name, company_name, vat_number, email, phone, country_code, created_at) VALUES
  (1, 'household', 'Emma', 'Thompson', NULL, NULL, 'emma.thompson@example.co.uk', '+44 7700 900811', 'GB', now() - interval '80 days'),
  (2, 'business', 'Richard', 'Harlow', 'Harlow & Finch LLP', 'GB123456782', 'facilities@harlowfinch.example.co.uk', '+44 161 496 0188', 'GB', now() - interval '110 days'),
  (3, 'household', 'Anna', 'Müller', NULL, NULL, 'anna.mueller@example.de', '+49 171 5550182', 'DE', now() - interval '55 days'),
  (4, 'business', 'Jonas', 'Krüger', 'Nordlicht Software GmbH', 'DE811907980', 'office@nordlicht.example.de', '+49 40 5550 7712', 'DE', now() - interval '40 days'),
  (5, 'household', 'Pieter', 'Visser', NULL, NULL, 'pieter.visser@example.nl', '+31 6 55501234', 'NL', now() - interval '35 days'),
  (6, 'household', 'Oliver', 'Grant', NULL, NULL, 'oliver.grant@example.com', '+44 7700 900932', 'GB', now() - interval '70 days');

INSERT INTO public.rate_cards (id, depot_id, currency_code, valid_from, valid_to, crew_hourly_rate, price_per_m3, price_per_km, storage_per_m3_week, created_at) VALUES
  (1, 1, 'GBP', current_date - 730, current_date - 366, 34.00, 38.00, 2.10, 4.20, now() - interval '740 days'),
  (2, 1, 'GBP', current_date - 365, NULL, 36.50, 41.00, 2.25, 4.50, now() - interval '372 days'),
  (3, 2, 'GBP', current_date - 500, NULL, 32.00, 36.00, 2.00, 3.90, now() - interval '505 days'),
  (4, 3, 'EUR', current_date - 400, NULL, 39.00, 44.00, 2.40, 4.50, now() - interval '410 days'),
  (5, 4, 'EUR', current_date - 400, NULL, 41.00, 46.00, 2.50, 5.20, now() - interval '410 days');

INSERT INTO public.surveys (id, customer_id, depot_id, surveyor_id, survey_type, status, appointment_date, appointment_time, duration_minutes, estimated_volume_m3, origin_address, origin_city, origin_postcode, origin_country_code, destination_city, destination_postcode, destination_country_code, created_at) VALUES
  (1, 1, 1, 1, 'in_home', 'completed', date_trunc('week', current_date - 70)::date + 1, '10:00', 75, 32.00, '14 Albion Road', 'London', 'N16 9PH', 'GB', 'London', 'SE22 8DP', 'GB', now() - interval '78 days'),
  (2, 6, 1, 1, 'video', 'completed', date_trunc('week', current_date - 60)::date + 2, '14:30', 45, 48.00, '3 Cedar Mews', 'London', 'W4 2TH', 'GB', 'Amsterdam', '1017 CE', 'NL', now() - interval '68 days'),
  (3, 3, 3, 6, 'in_home', 'completed', date_trunc('week', current_date - 45)::date + 3, '09:00', 90, 28.00, 'Eppendorfer Weg 211', 'Hamburg', '20253', 'DE', 'München', '80331', 'DE', now() - interval '54 days'),
  (4, 4, 3, 6, 'in_home', 'completed', date_trunc('week', current_date - 30)::date, '11:00', 120, 85.00, 'Großer Burstah 31', 'Hamburg', '20457', 'DE', 'Hamburg', '22767', 'DE', now() - interval '39 days'),
  (5, 5, 4, 8, 'video', 'completed', date_trunc('week', current_date - 25)::date + 4, '16:00', 40, 22.00, 'Kinkerstraat 102', 'Amsterdam', '1053 ED', 'NL', 'Utrecht', '3511 LX', 'NL', now() - interval '34 days'),
  (6, 2, 1, 1, 'in_home', 'scheduled', date_trunc('week', current_date + 7)::date + 1, '09:30', NULL, NULL, '1 Canada Square', 'London', 'E14 5AB', 'GB', 'Manchester', 'M1 4BT', 'GB', now() - interval '2 days'),
  (7, 2, 2, 5, 'in_home', 'completed', date_trunc('week', current_date - 100)::date + 1, '13:00', 60, 120.00, '55 Spring Gardens', 'Manchester', 'M2 2BY', 'GB', 'Manchester', 'M3 3HF', 'GB', now() - interval '108 days');

INSERT INTO public.quotes (id, quote_no, survey_id, customer_id, rate_card_id, currency_code, status, issued_at, valid_until, volume_m3, net_amount, vat_amount, total_amount, created_at) VALUES
  (1, 'Q-LDN-000871', 1, 1, 2, 'GBP', 'accepted', (date_trunc('week', current_date - 70)::date + 2 + time '10:00')::timestamptz, date_trunc('week', current_date - 70)::date + 32, 32.00, 1675.00, 335.00, 2010.00, now() - interval '70 days'),
  (2, 'Q-LDN-000884', 2, 6, 2, 'GBP', 'accepted', (date_trunc('week', current_date - 60)::date + 3 + time '11:15')::timestamptz, date_trunc('week', current_date - 60)::date + 33, 48.00, 4976.00, 995.20, 5971.20, now() - interval '60 days'),
  (3, 'Q-HAM-000412', 3, 3, 4, 'EUR', 'accepted', (date_trunc('week', current_date - 45)::date + 4 + time '15:00')::timestamptz, date_trunc('week', current_date - 45)::date + 34, 28.00, 2100.00, 399.00, 2499.00, now() - interval '45 days'),
  (4, 'Q-HAM-000427', 4, 4, 4, 'EUR', 'accepted', (date_trunc('week', current_date - 30)::date + 1 + time '09:40')::timestamptz, date_trunc('week', current_date - 30)::date + 31, 85.00, 6350.00, 1206.50, 7556.50, now() - interval '30 days'),
  (5, 'Q-AMS-000233', 5, 5, 5, 'EUR', 'sent', now() - interval '5 days', current_date + 25, 22.00, 1480.00, 310.80, 1790.80, now() - interval '5 days'),
  (6, 'Q-MAN-000655', 7, 2, 3, 'GBP', 'expired', (date_trunc('week', current_date - 100)::date + 3 + time '12:00')::timestamptz, date_trunc('week', current_date - 100)::date + 33, 120.00, 8900.00, 1780.00, 10680.00, now() - interval '100 days');

INSERT INTO public.moves (id, move_ref, customer_id, quote_id, depot_id, move_type, status, origin_address, origin_city, origin_postcode, origin_country_code, destination_address, destination_city, destination_postcode, destination_country_code, planned_date, volume_m3, distance_km, started_at, delivered_at, cancelled_at, created_at) VALUES
  (1, 'MV-LDN-2026-0412', 1, 1, 1, 'local', 'delivered', '14 Albion Road', 'London', 'N16 9PH', 'GB', '27 Lordship Lane', 'London', 'SE22 8DP', 'GB',
      date_trunc('week', current_date - 70)::date + 15, 31.50, 14.2,
      (date_trunc('week', current_date - 70)::date + 15 + time '08:00')::timestamptz,
      (date_trunc('week', current_date - 70)::date + 15 + time '16:30')::timestamptz, NULL, now() - interval '68 days'),
  (2, 'MV-LDN-2026-0419', 6, 2, 1, 'international', 'delivered', '3 Cedar Mews', 'London', 'W4 2TH', 'GB', 'Keizersgracht 212', 'Amsterdam', '1017 CE', 'NL',
      date_trunc('week', current_date - 60)::date + 23, 47.00, 420.0,
      (date_trunc('week', current_date - 60)::date + 23 + time '07:00')::timestamptz,
      (date_trunc('week', current_date - 60)::date + 24 + time '15:00')::timestamptz, NULL, now() - interval '58 days'),
  (3, 'MV-HAM-2026-0233', 3, 3, 3, 'national', 'in_storage', 'Eppendorfer Weg 211', 'Hamburg', '20253', 'DE', 'Sendlinger Straße 9', 'München', '80331', 'DE',
      current_date - 10, 28.00, 790.0,
      (current_date - 10 + time '08:00')::timestamptz, NULL, NULL, now() - interval '42 days'),
  (4, 'MV-HAM-2026-0248', 4, 4, 3, 'office', 'booked', 'Großer Burstah 31', 'Hamburg', '20457', 'DE', 'Stresemannstraße 29', 'Hamburg', '22767', 'DE',
      current_date + 12, 85.00, 6.5, NULL, NULL, NULL, now() - interval '28 days');

INSERT INTO public.move_legs (move_id, leg_no, mode, vehicle_id, from_city, to_city, departed_at, arrived_at) VALUES
  (1, 1, 'road', 1, 'London', 'London', (date_trunc('week', current_date - 70)::date + 15 + time '11:45')::timestamptz, (date_trunc('week', current_date - 70)::date + 15 + time '12:40')::timestamptz),
  (2, 1, 'road', 2, 'London', 'Harwich', (date_trunc('week', current_date - 60)::date + 23 + time '12:30')::timestamptz, (date_trunc('week', current_date - 60)::date + 23 + time '15:30')::timestamptz),
  (2, 2, 'sea', NULL, 'Harwich', 'Hook of Holland', (date_trunc('week', current_date - 60)::date + 23 + time '23:00')::timestamptz, (date_trunc('week', current_date - 60)::date + 24 + time '08:00')::timestamptz),
  (2, 3, 'road', 2, 'Hook of Holland', 'Amsterdam', (date_trunc('week', current_date - 60)::date + 24 + time '09:00')::timestamptz, (date_trunc('week', current_date - 60)::date + 24 + time '11:00')::timestamptz),
  (3, 1, 'road', 4, 'Hamburg', 'Hamburg', (current_date - 10 + time '13:00')::timestamptz, (current_date - 10 + time '14:10')::timestamptz),
  (3, 2, 'road', 4, 'Hamburg', 'München', NULL, NULL);

INSERT INTO public.move_crew (move_id, employee_id, work_date, role, hours_worked) VALUES
  (1, 2, date_trunc('week', current_date - 70)::date + 15, 'driver', 9.0),
  (1, 3, date_trunc('week', current_date - 70)::date + 15, 'porter', 9.0),
  (1, 4, date_trunc('week', current_date - 70)::date + 14, 'packer', 6.5),
  (2, 2, date_trunc('week', current_date - 60)::date + 23, 'driver', 10.5),
  (2, 3, date_trunc('week', current_date - 60)::date + 23, 'porter', 8.0),
  (2, 2, date_trunc('week', current_date - 60)::date + 24, 'driver', 8.0),
  (3, 7, current_date - 10, 'driver', 7.5);

INSERT INTO public.crates (id, move_id, crate_no, crate_type, length_cm, width_cm, height_cm, tare_kg, seal_no) VALUES
  (1, 1, 1, 'plastic_crate', 60, 40, 35, 2.1, NULL),
  (2, 2, 1, 'wooden_export_crate', 120, 100, 90, 42.0, 'SL-884120'),
  (3, 2, 2, 'picture_crate', 150, 20, 110, 14.5, 'SL-884121'),
  (4, 3, 1, 'lift_van', 220, 150, 210, 310.0, 'SL-551902');

INSERT INTO public.inventory_items (move_id, line_no, room, description, category, quantity, volume_m3, declared_value, crate_id, is_fragile)
SELECT m, n,
       (ARRAY['Living room','Kitchen','Bedroom 1','Bedroom 2','Study','Hallway'])[1 + n % 6],
       (ARRAY['Three-seat sofa','Book box (small)','Double bed frame','Wardrobe','Desk','Washing machine','Glassware box','Framed print','Television','Dining chair'])[1 + n % 10],
       (ARRAY['furniture','boxes','furniture','furniture','furniture','appliance','fragile','artwork','electronics','furniture'])[1 + n % 10],
       CASE WHEN n % 10 IN (1, 6, 9) THEN 4 ELSE 1 END,
       (ARRAY[2.100,0.050,1.400,1.800,0.900,0.600,0.080,0.100,0.300,0.250])[1 + n % 10],
       (ARRAY[800,40,450,600,250,350,120,300,700,60])[1 + n % 10],
       CASE WHEN m = 2 AND n % 10 = 7 THEN 3 WHEN m = 1 AND n % 10 = 6 THEN 1 ELSE NULL END,
       n % 10 IN (6, 7)
FROM (VALUES (1), (2)) AS mv(m), generate_series(1, 40) AS n;

INSERT INTO public.inventory_items (move_id, line_no, room, description, category, quantity, volume_m3, declared_value, crate_id, is_fragile) VALUES
  (3, 1, 'Living room', 'Corner sofa', 'furniture', 1, 2.800, 1200.00, NULL, false),
  (3, 2, 'Kitchen', 'Fridge freezer', 'appliance', 1, 0.900, 500.00, NULL, false),
  (3, 3, 'Study', 'Book boxes', 'boxes', 18, 0.060, 25.00, 4, false),
  (3, 4, 'Bedroom 1', 'King-size bed', 'furniture', 1, 1.600, 700.00, NULL, false),
  (4, 1, 'Open-plan office', 'Desk with pedestal', 'office_equipment', 24, 0.850, 320.00, NULL, false),
  (4, 2, 'Open-plan office', 'Office chair', 'office_equipment', 24, 0.350, 180.00, NULL, false),
  (4, 3, 'Server room', 'Server rack (crated)', 'electronics', 1, 1.200, 15000.00, NULL, true),
  (4, 4, 'Archive', 'Archive boxes', 'boxes', 60, 0.070, 10.00, NULL, false);

INSERT INTO public.storage_stays (move_id, depot_id, vault_code, volume_m3, checked_in_at, checked_out_at, weekly_rate, currency_code) VALUES
  (3, 3, 'HAM-B-017', 28.00, (current_date - 10 + time '15:00')::timestamptz, NULL, 126.00, 'EUR');

INSERT INTO public.invoices (id, invoice_no, move_id, customer_id, currency_code, status, issued_on, due_on, net_amount, vat_rate, vat_amount, total_amount) VALUES
  (1, 'INV-GB-2026-01187', 1, 1, 'GBP', 'paid', date_trunc('week', current_date - 70)::date + 16, date_trunc('week', current_date - 70)::date + 30, 1675.00, 20.00, 335.00, 2010.00),
  (2, 'INV-GB-2026-01203', 2, 6, 'GBP', 'part_paid', date_trunc('week', current_date - 60)::date + 25, date_trunc('week', current_date - 60)::date + 39, 4976.00, 20.00, 995.20, 5971.20),
  (3, 'INV-DE-2026-00388', 3, 3, 'EUR', 'issued', current_date - 9, current_date + 5, 2226.00, 19.00, 422.94, 2648.94);

INSERT INTO public.invoice_lines (invoice_id, line_no, line_type, description, quantity, unit_price, amount) VALUES
  (1, 1, 'removal', 'Local removal, 3 crew, 18t vehicle', 1, 1450.00, 1450.00),
  (1, 2, 'packing', 'Fragile packing service', 1, 280.00, 280.00),
  (1, 3, 'materials', 'Double-wall cartons', 10, 4.50, 45.00),
  (1, 4, 'discount', 'Returning customer discount', 1, -100.00, -100.00),
  (2, 1, 'removal', 'International removal London - Amsterdam', 1, 4200.00, 4200.00),
  (2, 2, 'packing', 'Full packing service', 1, 650.00, 650.00),
  (2, 3, 'insurance', 'Transit cover on declared value', 1, 126.00, 126.00),
  (3, 1, 'removal', 'Removal Hamburg - München', 1, 2100.00, 2100.00),
  (3, 2, 'storage', 'Storage in transit, 28 m3, first week', 1, 126.00, 126.00);

INSERT INTO public.payments (invoice_id, paid_at, amount, currency_code, method, status, reference) VALUES
  (1, (date_trunc('week', current_date - 70)::date + 20 + time '10:12')::timestamptz, 2010.00, 'GBP', 'card', 'completed', 'PAY-77120431'),
  (2, (date_trunc('week', current_date - 60)::date + 26 + time '14:05')::timestamptz, 1000.00, 'GBP', 'bank_transfer', 'completed', 'PAY-77120988');

INSERT INTO public.damage_claims (move_id, inventory_item_id, reported_at, description, claimed_amount, currency_code, status, settled_amount, closed_at)
SELECT 2, i.id, m.delivered_at + interval '3 days', 'Glassware box: two wine glasses broken', 45.00, 'GBP', 'settled', 38.00, m.delivered_at + interval '19 days'
FROM public.inventory_items i JOIN public.moves m ON m.id = i.move_id
WHERE i.move_id = 2 AND i.line_no = 6;

SELECT setval('public.depots_id_seq', 4);
SELECT setval('public.vehicles_id_seq', 6);
SELECT setval('public.employees_id_seq', 9);
SELECT setval('public.customers_id_seq', 6);
SELECT setval('public.rate_cards_id_seq', 5);
SELECT setval('public.surveys_id_seq', 7);
SELECT setval('public.quotes_id_seq', 6);
SELECT setval('public.moves_id_seq', 4);
SELECT setval('public.crates_id_seq', 4);
SELECT setval('public.invoices_id_seq', 3);

COMMIT;
