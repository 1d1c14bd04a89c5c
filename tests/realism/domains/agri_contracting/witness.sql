-- Witness rows for agri_contracting: a small contractor with a yard in Co. Armagh and one in Drogheda.

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2);

INSERT INTO public.countries (code, name, calling_code, currency_code, vat_standard_rate) VALUES
  ('GB', 'United Kingdom', '+44', 'GBP', 20.00),
  ('IE', 'Ireland', '+353', 'EUR', 23.00),
  ('FR', 'France', '+33', 'EUR', 20.00);

INSERT INTO public.crop_types (id, code, name, is_arable, typical_harvest_month) VALUES
  (1, 'WWHT', 'Winter wheat', true, 8),
  (2, 'SBAR', 'Spring barley', true, 8),
  (3, 'WOSR', 'Winter oilseed rape', true, 7),
  (4, 'MAIZ', 'Forage maize', true, 10),
  (5, 'GRSS', 'Grass silage', false, 5),
  (6, 'SBEE', 'Sugar beet', true, 11);

INSERT INTO public.certification_types (id, code, name, issuing_body, validity_months) VALUES
  (1, 'PA1', 'Safe use of pesticides (foundation)', 'City & Guilds / NPTC', NULL),
  (2, 'PA2', 'Boom sprayer application', 'City & Guilds / NPTC', NULL),
  (3, 'PA6', 'Hand-held applicator', 'City & Guilds / NPTC', NULL);

INSERT INTO public.service_types (id, code, name, billing_unit, required_certification_type_id) VALUES
  (1, 'COMB',  'Combining (cereals and OSR)', 'ha',   NULL),
  (2, 'SPRAY', 'Crop spraying, self-propelled', 'ha', 2),
  (3, 'BALE',  'Round baling and wrapping', 'bale',   NULL),
  (4, 'DRILL', 'Min-till drilling', 'ha',             NULL),
  (5, 'FORAGE','Self-propelled forage harvesting', 'hour', NULL);

INSERT INTO public.price_list_entries (service_type_id, currency_code, unit_rate, valid_from, valid_to) VALUES
  (1, 'GBP', 135.00, date '2026-01-01', NULL),
  (2, 'GBP', 14.50,  date '2026-01-01', NULL),
  (1, 'EUR', 150.00, date '2026-01-01', NULL);

INSERT INTO public.depots (id, name, country_code, address_line1, town, postcode, phone, opened_on) VALUES
  (1, 'Armagh Yard', 'GB', '14 Moy Road', 'Armagh', 'BT61 8DR', '+44 28 3751 1402', date '1998-03-01'),
  (2, 'Drogheda Yard', 'IE', 'Platin Road', 'Drogheda', 'A92 T2F7', '+353 41 983 7710', date '2012-06-01');

INSERT INTO public.customers (id, account_code, farm_name, legal_name, country_code, vat_number, contact_name, phone, email, address_line1, town, postcode, payment_terms_days, created_at) VALUES
  (1, 'C0001', 'Ballymore Farms', 'Ballymore Farms Ltd', 'GB', 'XI 284 1937 52', 'Kieran Hughes', '+44 28 3752 1846', 'accounts@ballymorefarms.co.uk', 'Ballymore Road', 'Armagh', 'BT61 8QA', 30, now() - interval '6 years'),
  (2, 'C0002', 'Hollins Farm', 'J & M Metcalfe', 'GB', 'GB 307 2291 46', 'Jane Metcalfe', '+44 1969 624318', 'hollinsfarm@btinternet.com', 'Hollins Lane', 'Leyburn', 'DL8 3TF', 30, now() - interval '4 years'),
  (3, 'C0003', 'Drumcar Tillage', 'Drumcar Tillage Ltd', 'IE', 'IE6388047V', 'Declan Moore', '+353 42 938 1124', 'declan@drumcartillage.ie', 'Drumcar', 'Drogheda', 'A92 X2F4', 30, now() - interval '3 years'),
  (4, 'C0004', 'Kilbride House Farm', 'Patrick Doyle', 'IE', 'IE3628739UH', 'Patrick Doyle', '+353 87 214 6630', 'pdoyle.kilbride@gmail.com', 'Kilbride', 'Wexford', 'Y35 K8P2', 45, now() - interval '2 years');

INSERT INTO public.fields (id, customer_id, name, area_ha, crop_type_id, latitude, longitude, created_at) VALUES
  (1, 1, 'Long Meadow', 24.50, 1, 54.345100, -6.652300, now() - interval '6 years'),
  (2, 1, 'Quarry Field', 18.20, 3, 54.351800, -6.641000, now() - interval '6 years'),
  (3, 2, 'High Pasture', 12.00, 5, 54.304200, -1.886100, now() - interval '4 years'),
  (4, 3, 'Big Field', 31.75, 2, 53.812600, -6.372900, now() - interval '3 years'),
  (5, 4, 'Church Field', 22.40, 1, 52.371200, -6.531400, now() - interval '2 years');

INSERT INTO public.employees (id, depot_id, first_name, last_name, date_of_birth, role, hired_on, left_on, phone, email) VALUES
  (1, 1, 'Ciaran', 'McAlinden', date '1988-04-12', 'operator', date '2010-03-01', NULL, '+44 7700 900412', 'ciaran@contractor.example'),
  (2, 2, 'Gareth', 'Wilson', date '1995-09-30', 'operator', date '2014-07-14', NULL, '+353 86 555 0190', 'gareth@contractor.example'),
  (3, 1, 'Ruth', 'Hamilton', date '1979-02-02', 'sales', date '2005-09-05', NULL, '+44 7700 900233', 'ruth@contractor.example'),
  (4, 1, 'Tom', 'Boyd', date '1962-05-20', 'mechanic', date '1984-02-13', NULL, '+44 7700 900871', 'tom@contractor.example'),
  (5, 1, 'Sam', 'Irwin', date '1948-03-03', 'operator', date '1966-04-01', date '2013-10-31', NULL, NULL);

INSERT INTO public.employee_certifications (employee_id, certification_type_id, certificate_number, valid_from, valid_to) VALUES
  (1, 1, 'NPTC-PA1-0451229', date '2011-04-20', NULL),
  (1, 2, 'NPTC-PA2-0451230', date '2011-05-18', NULL),
  (2, 1, 'PCS-IE-228190', current_date - 1100, current_date + 700),
  (2, 2, 'PCS-IE-228191', current_date - 1100, current_date + 700);

INSERT INTO public.machine_models (id, manufacturer, model_name, machine_class, engine_kw, working_width_m) VALUES
  (1, 'John Deere', '6R 185', 'tractor', 136.0, NULL),
  (2, 'Claas', 'Lexion 8700', 'combine_harvester', 480.0, 10.80),
  (3, 'Amazone', 'Pantera 4503', 'self_propelled_sprayer', 160.0, 36.00),
  (4, 'Krone', 'BiG X 780', 'forage_harvester', 570.0, 7.50),
  (5, 'Krone', 'Comprima V 180 XC', 'baler', NULL, 2.15),
  (6, 'Väderstad', 'Rapid A 600J', 'drill', NULL, 6.00);

INSERT INTO public.machines (id, model_id, depot_id, fleet_number, serial_number, registration, year_of_manufacture, purchased_on, status) VALUES
  (1, 1, 1, 'T01', '1RW6185RCNA012345', 'NKZ 4821', 2022, date '2022-02-10', 'active'),
  (2, 2, 1, 'C01', 'C7700412', 'OEZ 1187', 2021, date '2021-06-28', 'active'),
  (3, 3, 2, 'S01', 'AMZ4503-0019', '221-LH-3308', 2022, date '2022-03-15', 'active'),
  (4, 5, 1, 'B01', 'KRC180-88213', NULL, 2020, date '2020-05-05', 'active'),
  (5, 4, 2, 'F01', 'KRX780-2231', '201-LH-1190', 2020, date '2020-04-20', 'active');

INSERT INTO public.machine_hour_readings (machine_id, read_at, engine_hours, source) VALUES
  (2, now() - interval '60 days', 2140.0, 'telematics'),
  (2, now() - interval '30 days', 2188.5, 'telematics'),
  (2, now() - interval '2 days', 2231.0, 'operator'),
  (3, now() - interval '90 days', 1510.2, 'workshop'),
  (3, now() - interval '10 days', 1602.7, 'telematics'),
  (1, now() - interval '45 days', 3312.4, 'telematics'),
  (1, now() - interval '15 days', 3369.0, 'telematics');

INSERT INTO public.maintenance_events (machine_id, mechanic_id, event_type, status, opened_at, closed_at, parts_cost, labour_hours, currency_code, description) VALUES
  (2, 4, 'pre_season', 'closed', now() - interval '75 days', now() - interval '73 days', 1840.00, 14.5, 'GBP', 'Pre-harvest service, new concave and knife sections'),
  (1, 4, 'service', 'closed', now() - interval '20 days', now() - interval '20 days' + interval '5 hours', 412.60, 4.0, 'GBP', '500-hour service');

INSERT INTO public.fuel_fills (machine_id, employee_id, filled_at, litres, price_per_litre, currency_code, amount, fuel_type) VALUES
  (2, 1, now() - interval '41 days', 640.0, 0.720, 'GBP', 460.80, 'red_diesel'),
  (3, 2, now() - interval '33 days', 210.0, 1.150, 'EUR', 241.50, 'red_diesel');

-- Quote visits: weekday, working hours, local time.
INSERT INTO public.quote_visits (customer_id, employee_id, scheduled_at, duration_minutes, outcome) VALUES
  (1, 3, (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 days' + interval '10 hours') AT TIME ZONE 'Europe/London', 60, 'quoted'),
  (2, 3, (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '14 days' + interval '8 hours 15 minutes') AT TIME ZONE 'Europe/London', 45, 'won'),
  (3, 3, (date_trunc('week', now() AT TIME ZONE 'Europe/Dublin') + interval '10 days' + interval '14 hours 30 minutes') AT TIME ZONE 'Europe/Dublin', 60, 'pending');

INSERT INTO public.job_orders (id, reference, customer_id, field_id, service_type_id, depot_id, status, requested_at, scheduled_date, started_at, completed_at, area_worked_ha, cancellation_reason) VALUES
  (1,  'J-26-0101', 1, 1, 1, 1, 'completed',   now() - interval '55 days', (now() - interval '41 days')::date, now() - interval '41 days 10 hours', now() - interval '40 days 2 hours', 24.50, NULL),
  (2,  'J-26-0102', 1, 2, 2, 1, 'completed',   now() - interval '70 days', (now() - interval '62 days')::date, now() - interval '62 days 6 hours', now() - interval '61 days 3 hours', 18.20, NULL),
  (3,  'J-26-0103', 2, 3, 3, 1, 'completed',   now() - interval '50 days', (now() - interval '45 days')::date, now() - interval '45 days 9 hours', now() - interval '45 days 1 hour', 12.00, NULL),
  (4,  'J-26-0104', 3, 4, 1, 2, 'completed',   now() - interval '48 days', (now() - interval '38 days')::date, now() - interval '38 days 11 hours', now() - interval '38 days 1 hour', 31.75, NULL),
  (5,  'J-26-0105', 4, 5, 2, 2, 'completed',   now() - interval '35 days', (now() - interval '30 days')::date, now() - interval '30 days 5 hours', now() - interval '30 days 1 hour', 22.40, NULL),
  (6,  'J-26-0106', 2, 3, 4, 1, 'completed',   now() - interval '28 days', (now() - interval '21 days')::date, now() - interval '21 days 7 hours', now() - interval '21 days 2 hours', 12.00, NULL),
  (7,  'J-26-0107', 3, 4, 5, 2, 'completed',   now() - interval '26 days', (now() - interval '18 days')::date, now() - interval '18 days 12 hours', now() - interval '18 days 2 hours 30 minutes', 31.75, NULL),
  (8,  'J-26-0108', 4, 5, 1, 2, 'cancelled',   now() - interval '20 days', (now() - interval '12 days')::date, NULL, NULL, NULL, 'Crop lodged after storm; farmer cut it himself'),
  (9,  'J-26-0109', 1, 1, 4, 1, 'scheduled',   now() - interval '5 days', current_date + 10, NULL, NULL, NULL, NULL),
  (10, 'J-26-0110', 3, 4, 4, 2, 'in_progress', now() - interval '9 days', (now() - interval '2 days')::date, now() - interval '2 days', NULL, NULL, NULL),
  (11, 'J-26-0111', 2, 3, 3, 1, 'completed',   now() - interval '12 days', (now() - interval '6 days')::date, now() - interval '6 days 8 hours', now() - interval '6 days 2 hours', 12.00, NULL);

INSERT INTO public.work_sessions (id, job_order_id, session_no, started_at, ended_at, area_ha, stoppage_reason) VALUES
  (1,  1, 1, now() - interval '41 days 10 hours', now() - interval '41 days', 14.00, 'Dew came down'),
  (2,  1, 2, now() - interval '40 days 9 hours', now() - interval '40 days 2 hours', 10.50, NULL),
  (3,  2, 1, now() - interval '62 days 6 hours', now() - interval '62 days 3 hours', 9.00, 'Wind over 10 mph'),
  (4,  2, 2, now() - interval '61 days 6 hours', now() - interval '61 days 3 hours', 9.20, NULL),
  (5,  3, 1, now() - interval '45 days 9 hours', now() - interval '45 days 1 hour', 12.00, NULL),
  (6,  4, 1, now() - interval '38 days 11 hours', now() - interval '38 days 1 hour', 31.75, NULL),
  (7,  5, 1, now() - interval '30 days 5 hours', now() - interval '30 days 1 hour', 22.40, NULL),
  (8,  6, 1, now() - interval '21 days 7 hours', now() - interval '21 days 2 hours', 12.00, NULL),
  (9,  7, 1, now() - interval '18 days 12 hours', now() - interval '18 days 2 hours 30 minutes', 31.75, NULL),
  (10, 10, 1, now() - interval '2 days', now() - interval '1 day 16 hours', 8.50, 'Rain'),
  (11, 10, 2, now() - interval '5 hours', NULL, NULL, NULL),
  (12, 11, 1, now() - interval '6 days 8 hours', now() - interval '6 days 2 hours', 12.00, NULL);

INSERT INTO public.session_crew (work_session_id, machine_id, operator_id, is_lead) VALUES
  (1, 2, 1, true),
  (1, 1, 2, false),
  (2, 2, 1, true),
  (3, 3, 1, true),
  (4, 3, 2, true),
  (5, 4, 1, true),
  (6, 2, 2, true),
  (7, 3, 2, true),
  (8, 1, 1, true),
  (9, 5, 2, true),
  (10, 1, 2, true),
  (11, 1, 2, true),
  (12, 4, 1, true);

INSERT INTO public.invoices (id, invoice_number, customer_id, currency_code, status, issued_on, due_on, net_amount, vat_amount, total_amount, paid_at, created_at) VALUES
  (1, 'INV-26-00311', 1, 'GBP', 'paid',      (now() - interval '39 days')::date, (now() - interval '9 days')::date, 3571.40, 714.28, 4285.68, now() - interval '15 days', now() - interval '39 days'),
  (2, 'INV-26-00318', 2, 'GBP', 'part_paid', (now() - interval '20 days')::date, (now() + interval '10 days')::date, 2676.00, 535.20, 3211.20, NULL, now() - interval '20 days'),
  (3, 'INV-26-00320', 3, 'EUR', 'issued',    (now() - interval '36 days')::date, (now() - interval '6 days')::date, 4762.50, 642.94, 5405.44, NULL, now() - interval '36 days'),
  (4, 'INV-26-00322', 4, 'EUR', 'paid',      (now() - interval '28 days')::date, (now() + interval '17 days')::date, 358.40, 48.38, 406.78, now() - interval '8 days', now() - interval '28 days'),
  (5, 'INV-26-00325', 3, 'EUR', 'draft',     NULL, NULL, 1995.00, 269.33, 2264.33, NULL, now() - interval '16 days');

INSERT INTO public.invoice_lines (invoice_id, line_no, job_order_id, description, quantity, unit, unit_price, line_total) VALUES
  (1, 1, 1, 'Combining winter wheat, Long Meadow', 24.50, 'ha', 135.00, 3307.50),
  (1, 2, 2, 'Spraying OSR, Quarry Field', 18.20, 'ha', 14.50, 263.90),
  (2, 1, 3, 'Round baling and wrapping, High Pasture', 168.00, 'bale', 11.50, 1932.00),
  (2, 2, 6, 'Min-till drilling, High Pasture', 12.00, 'ha', 62.00, 744.00),
  (3, 1, 4, 'Combining spring barley, Big Field', 31.75, 'ha', 150.00, 4762.50),
  (4, 1, 5, 'Spraying winter wheat, Church Field', 22.40, 'ha', 16.00, 358.40),
  (5, 1, 7, 'Forage harvesting, Big Field', 9.50, 'hour', 210.00, 1995.00);

INSERT INTO public.payments (invoice_id, received_at, amount, method, bank_reference) VALUES
  (1, now() - interval '15 days', 4285.68, 'bank_transfer', 'BALLYMORE INV311'),
  (2, now() - interval '5 days', 1500.00, 'bank_transfer', 'METCALFE ON ACC'),
  (4, now() - interval '8 days', 406.78, 'direct_debit', 'DD KILBRIDE 322');
