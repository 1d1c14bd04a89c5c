-- Hand-written witness data for plumbing_heating_services.
-- All dates are relative to today; "w" below is Monday of the current week,
-- written as date_trunc('week', current_date)::date, so weekdays stay fixed.
BEGIN;

INSERT INTO public.currencies (currency_code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('CHF', 'Swiss franc', 2);

INSERT INTO public.countries (country_code, name, currency_code, dial_code, time_zone, standard_vat_rate, reduced_vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44',  'Europe/London',    20.00, 5.00),
  ('IE', 'Ireland',        'EUR', '+353', 'Europe/Dublin',    23.00, 13.50),
  ('NL', 'Netherlands',    'EUR', '+31',  'Europe/Amsterdam', 21.00, 9.00),
  ('DE', 'Germany',        'EUR', '+49',  'Europe/Berlin',    19.00, 7.00),
  ('CH', 'Switzerland',    'CHF', '+41',  'Europe/Zurich',     8.10, 2.60);

INSERT INTO public.branches (branch_id, branch_code, name, country_code, address_line1, city, postcode, phone, email, opened_on, closed_on) VALUES
  (1, 'LDS', 'HearthWise Leeds',   'GB', '3 Sheepscar Court, Meanwood Road', 'Leeds',   'LS7 2BB',  '+44 113 496 0000', 'leeds@hearthwise.co.uk',  DATE '2009-04-01', NULL),
  (2, 'DUB', 'HearthWise Dublin',  'IE', 'Unit 4, Santry Business Park',     'Dublin',  'D09 W6X2', '+353 1 555 0100',  'dublin@hearthwise.ie',    DATE '2014-09-15', NULL),
  (3, 'UTR', 'HearthWise Utrecht', 'NL', 'Nijverheidsweg 12',                'Utrecht', '3534 AM',  '+31 30 555 0100',  'utrecht@hearthwise.nl',   DATE '2016-02-01', NULL);

INSERT INTO public.engineers (engineer_id, branch_id, employee_no, first_name, last_name, date_of_birth, grade, hired_on, left_on, mobile_phone, email) VALUES
  (1, 1, 'E00012', 'Tom',    'Ashworth', DATE '1983-04-17', 'senior_engineer', DATE '2012-03-05', NULL, '+44 7700 900123', 'tom.ashworth@hearthwise.co.uk'),
  (2, 1, 'E00047', 'Priya',  'Lal',      DATE '1991-09-02', 'engineer',        DATE '2017-06-12', NULL, '+44 7700 900456', 'priya.lal@hearthwise.co.uk'),
  (3, 2, 'E00103', 'Ciarán', 'Murphy',   DATE '1979-12-11', 'senior_engineer', DATE '2015-01-19', NULL, '+353 87 555 0142', 'ciaran.murphy@hearthwise.ie'),
  (4, 2, 'E00118', 'Niamh',  'Kelly',    DATE '1994-05-27', 'engineer',        DATE '2019-09-02', NULL, '+353 86 555 0177', 'niamh.kelly@hearthwise.ie'),
  (5, 3, 'E00207', 'Jeroen', 'Bakker',   DATE '1988-02-14', 'engineer',        DATE '2016-04-01', NULL, '+31 6 5550 1234',  'jeroen.bakker@hearthwise.nl');

INSERT INTO public.qualifications (qualification_code, name, issuing_body, country_code, covers, renewal_months) VALUES
  ('GAS_SAFE',   'Gas Safe registered engineer (domestic natural gas)', 'Gas Safe Register',                     'GB', 'gas',         12),
  ('OFTEC_101',  'OFTEC oil-fired appliance servicing (OFT101)',       'OFTEC',                                 'GB', 'oil',         60),
  ('RGII',       'Registered Gas Installer',                           'Registered Gas Installers of Ireland',  'IE', 'gas',         12),
  ('NL_CO_GAS',  'CO-vakbekwaamheid gastoestellen (BRL 6000-25)',      'Kiwa',                                  'NL', 'gas',         60),
  ('EU_FGAS_I',  'F-gas Category I certificate',                       'National F-gas certification body',     NULL, 'refrigerant', 60);

INSERT INTO public.engineer_qualifications (engineer_qualification_id, engineer_id, qualification_code, registration_no, valid_from, valid_to, verified_at) VALUES
  (1, 1, 'GAS_SAFE',  '4127836',        current_date - 200, current_date + 165, now() - interval '199 days'),
  (2, 1, 'OFTEC_101', 'C/14502',        current_date - 900, current_date + 925, now() - interval '899 days'),
  (3, 2, 'GAS_SAFE',  '5583019',        current_date - 150, current_date + 215, now() - interval '149 days'),
  (4, 3, 'RGII',      'R/0031874',      current_date - 120, current_date + 245, now() - interval '118 days'),
  (5, 4, 'EU_FGAS_I', 'IE-FG-04417',    current_date - 700, current_date + 1125, now() - interval '698 days'),
  (6, 5, 'NL_CO_GAS', 'CO-25-118342',   current_date - 400, current_date + 1425, now() - interval '397 days');

INSERT INTO public.vans (van_id, branch_id, registration_plate, make, model, first_registered_on, disposed_on) VALUES
  (1, 1, 'YK21 HXP',    'Ford',       'Transit Custom', DATE '2021-03-12', NULL),
  (2, 2, '221-D-18734', 'Renault',    'Trafic',         DATE '2022-01-20', NULL),
  (3, 3, 'VKT-81-P',    'Volkswagen', 'Transporter',    DATE '2020-06-08', NULL);

INSERT INTO public.van_odometer_readings (reading_id, van_id, read_at, odometer_km, source) VALUES
  (1, 1, now() - interval '60 days', 48210, 'telematics'),
  (2, 1, now() - interval '2 days',  51002, 'telematics'),
  (3, 2, now() - interval '60 days', 31550, 'telematics'),
  (4, 2, now() - interval '5 days',  34010, 'manual'),
  (5, 3, now() - interval '45 days', 22100, 'workshop'),
  (6, 3, now() - interval '3 days',  23480, 'telematics');

INSERT INTO public.customers (customer_id, account_no, branch_id, customer_type, display_name, email, phone, vat_number, marketing_opt_in, created_at) VALUES
  (1, 'C0001043', 1, 'household',      'Margaret Holloway',      'm.holloway@example.co.uk',   '+44 113 496 0718', NULL,             false, now() - interval '900 days'),
  (2, 'C0001388', 1, 'small_business', 'Kirkgate Bakery Ltd',    'accounts@example.co.uk',     '+44 113 496 0255', 'GB314159283',    true,  now() - interval '640 days'),
  (3, 'C0002011', 2, 'household',      'Aoife Brennan',          'aoife.brennan@example.ie',   '+353 1 555 0187',  NULL,             false, now() - interval '420 days'),
  (4, 'C0002094', 2, 'landlord',       'Liffey Lettings Ltd',    'maintenance@example.ie',     '+353 1 555 0162',  'IE8234561R',     false, now() - interval '380 days'),
  (5, 'C0003005', 3, 'small_business', 'Bakkerij de Vries B.V.', 'administratie@example.nl',   '+31 30 555 0123',  'NL812345678B01', false, now() - interval '1100 days');

INSERT INTO public.properties (property_id, customer_id, address_line1, address_line2, city, postcode, country_code, property_type, year_built, access_notes, created_at) VALUES
  (1, 1, '14 Otley Road',          NULL,         'Leeds',   'LS6 3PX',  'GB', 'semi_detached', 1932, NULL,                            now() - interval '900 days'),
  (2, 2, '38 Kirkgate',            NULL,         'Leeds',   'LS2 7DJ',  'GB', 'shop',          1890, 'Boiler in rear store room',     now() - interval '640 days'),
  (3, 3, '7 Castle Avenue',        'Clontarf',   'Dublin',  'D03 X2F4', 'IE', 'terraced',      1955, NULL,                            now() - interval '420 days'),
  (4, 4, '22 Rathmines Road Lower','Flat 3',     'Dublin',  'D06 K7P2', 'IE', 'flat',          1975, 'Call tenant 30 min before',     now() - interval '380 days'),
  (5, 5, 'Oudegracht 112',         NULL,         'Utrecht', '3511 AX',  'NL', 'shop',          1700, 'Toegang via bakkerij, vóór 7:00 niet', now() - interval '1100 days');

INSERT INTO public.appliances (appliance_id, property_id, appliance_type, fuel, manufacturer, model, serial_no, output_kw, installed_on, removed_on) VALUES
  (1, 1, 'combi_boiler',  'natural_gas', 'Worcester Bosch',     'Greenstar 4000 30kW', '47406570-2106-118734', 30.0, current_date - 1500, NULL),
  (2, 2, 'system_boiler', 'natural_gas', 'Vaillant',            'ecoTEC plus 630',     '21193300100028412',    30.0, current_date - 2600, NULL),
  (3, 3, 'combi_boiler',  'natural_gas', 'Ideal',               'Logic Max Combi C30', 'ID2003C30-77104',      30.0, current_date - 2100, NULL),
  (4, 4, 'heat_pump',     'electric',    'Mitsubishi Electric', 'Ecodan PUZ-WM85VAA',  '2Z08441',               8.5, current_date - 900,  NULL),
  (5, 5, 'combi_boiler',  'natural_gas', 'Remeha',              'Tzerra Ace 28c',      '1934-0041-221087',     28.0, current_date - 1800, NULL);

INSERT INTO public.service_plans (plan_id, plan_no, customer_id, property_id, tier, currency_code, monthly_fee, excess_amount, start_date, end_date, status, cancelled_at) VALUES
  (1, 'SP-GB-0008712', 1, 1, 'boiler_care',  'GBP', 14.50, 0.00,  current_date - 400, NULL,              'active', NULL),
  (2, 'SP-IE-0002290', 3, 3, 'heating_care', 'EUR', 19.00, 60.00, current_date - 200, NULL,              'active', NULL),
  (3, 'SP-NL-0001147', 5, 5, 'boiler_care',  'EUR', 12.95, 0.00,  current_date - 800, current_date - 70, 'lapsed', NULL);

-- Jobs. (d + time) AT TIME ZONE tz = local wall-clock time at the branch.
INSERT INTO public.jobs (job_id, job_no, branch_id, customer_id, property_id, appliance_id, plan_id, job_type, priority, status, fault_description,
                         requested_at, scheduled_start, scheduled_end, completed_at, cancelled_at, cancel_reason, customer_reference) VALUES
  (1, 'JLDS-004211', 1, 1, 1, 1, 1, 'annual_service', 'routine', 'completed', NULL,
      (date_trunc('week', current_date)::date - 70 + time '14:12') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 55 + time '09:00') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 55 + time '11:00') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 55 + time '10:25') AT TIME ZONE 'Europe/London', NULL, NULL, NULL),
  (2, 'JLDS-004388', 1, 1, 1, 1, 1, 'breakdown', 'emergency', 'completed', 'No heating or hot water, F28 ignition lockout',
      (date_trunc('week', current_date)::date - 30 + time '21:40') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 30 + time '23:00') AT TIME ZONE 'Europe/London',
      NULL,
      (date_trunc('week', current_date)::date - 28 + time '11:15') AT TIME ZONE 'Europe/London', NULL, NULL, NULL),
  (3, 'JLDS-004302', 1, 2, 2, 2, NULL, 'annual_service', 'routine', 'completed', NULL,
      (date_trunc('week', current_date)::date - 49 + time '11:00') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 40 + time '08:00') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 40 + time '10:00') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 40 + time '09:25') AT TIME ZONE 'Europe/London', NULL, NULL, 'PO-2291'),
  (4, 'JLDS-004155', 1, 2, 2, 2, NULL, 'repair', 'urgent', 'completed', 'Radiators cold, pump noisy',
      (date_trunc('week', current_date)::date - 60 + time '16:30') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 59 + time '08:30') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 59 + time '12:00') AT TIME ZONE 'Europe/London',
      (date_trunc('week', current_date)::date - 59 + time '11:30') AT TIME ZONE 'Europe/London', NULL, NULL, 'PO-2240'),
  (5, 'JDUB-002017', 2, 3, 3, 3, 2, 'gas_safety_check', 'routine', 'completed', NULL,
      (date_trunc('week', current_date)::date - 21 + time '10:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 13 + time '13:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 13 + time '15:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 13 + time '14:20') AT TIME ZONE 'Europe/Dublin', NULL, NULL, NULL),
  (6, 'JDUB-001964', 2, 4, 4, 4, NULL, 'annual_service', 'routine', 'completed', NULL,
      (date_trunc('week', current_date)::date - 35 + time '09:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 25 + time '10:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 25 + time '12:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 25 + time '11:40') AT TIME ZONE 'Europe/Dublin', NULL, NULL, 'LL-FLAT3-22RRL'),
  (7, 'JUTR-001502', 3, 5, 5, 5, NULL, 'annual_service', 'routine', 'completed', NULL,
      (date_trunc('week', current_date)::date - 19 + time '11:00') AT TIME ZONE 'Europe/Amsterdam',
      (date_trunc('week', current_date)::date - 13 + time '08:30') AT TIME ZONE 'Europe/Amsterdam',
      (date_trunc('week', current_date)::date - 13 + time '10:00') AT TIME ZONE 'Europe/Amsterdam',
      (date_trunc('week', current_date)::date - 13 + time '09:35') AT TIME ZONE 'Europe/Amsterdam', NULL, NULL, NULL),
  (8, 'JUTR-001519', 3, 5, 5, 5, NULL, 'repair', 'routine', 'completed', 'Druk zakt, overstortventiel lekt',
      (date_trunc('week', current_date)::date - 11 + time '15:00') AT TIME ZONE 'Europe/Amsterdam',
      (date_trunc('week', current_date)::date - 4 + time '13:00') AT TIME ZONE 'Europe/Amsterdam',
      (date_trunc('week', current_date)::date - 4 + time '15:00') AT TIME ZONE 'Europe/Amsterdam',
      (date_trunc('week', current_date)::date - 4 + time '14:30') AT TIME ZONE 'Europe/Amsterdam', NULL, NULL, NULL),
  (9, 'JDUB-002031', 2, 4, 4, NULL, NULL, 'leak', 'routine', 'cancelled', 'Drip under kitchen sink',
      (date_trunc('week', current_date)::date - 10 + time '09:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 8 + time '10:00') AT TIME ZONE 'Europe/Dublin',
      (date_trunc('week', current_date)::date - 8 + time '12:00') AT TIME ZONE 'Europe/Dublin',
      NULL,
      (date_trunc('week', current_date)::date - 10 + time '11:30') AT TIME ZONE 'Europe/Dublin', 'Tenant had leak fixed by own plumber', NULL),
  (10, 'JLDS-004460', 1, 1, 1, 1, 1, 'repair', 'routine', 'scheduled', 'Thermostat display intermittent',
      (date_trunc('week', current_date)::date - 5 + time '10:00') AT TIME ZONE 'Europe/London',
      (current_date + 9 + time '10:00') AT TIME ZONE 'Europe/London',
      (current_date + 9 + time '12:00') AT TIME ZONE 'Europe/London',
      NULL, NULL, NULL, NULL);

INSERT INTO public.job_visits (visit_id, job_id, visit_no, engineer_id, van_id, arrived_at, departed_at, outcome, engineer_notes) VALUES
  (1, 1, 1, 1, 1, (date_trunc('week', current_date)::date - 55 + time '09:20') AT TIME ZONE 'Europe/London',
                  (date_trunc('week', current_date)::date - 55 + time '10:25') AT TIME ZONE 'Europe/London', 'completed', 'Annual service, flue analysis OK'),
  (2, 2, 1, 1, 1, (date_trunc('week', current_date)::date - 30 + time '23:05') AT TIME ZONE 'Europe/London',
                  (date_trunc('week', current_date)::date - 29 + time '00:10') AT TIME ZONE 'Europe/London', 'parts_required', 'Diverter valve seized, made safe, immersion on'),
  (3, 2, 2, 1, 1, (date_trunc('week', current_date)::date - 28 + time '10:00') AT TIME ZONE 'Europe/London',
                  (date_trunc('week', current_date)::date - 28 + time '11:15') AT TIME ZONE 'Europe/London', 'completed', 'Diverter cartridge replaced, tested'),
  (4, 3, 1, 2, 1, (date_trunc('week', current_date)::date - 40 + time '08:10') AT TIME ZONE 'Europe/London',
                  (date_trunc('week', current_date)::date - 40 + time '09:25') AT TIME ZONE 'Europe/London', 'completed', 'Service done, filter cleaned'),
  (5, 4, 1, 2, 1, (date_trunc('week', current_date)::date - 59 + time '08:45') AT TIME ZONE 'Europe/London',
                  (date_trunc('week', current_date)::date - 59 + time '11:30') AT TIME ZONE 'Europe/London', 'completed', 'Pump replaced, system bled'),
  (6, 5, 1, 3, 2, (date_trunc('week', current_date)::date - 13 + time '13:30') AT TIME ZONE 'Europe/Dublin',
                  (date_trunc('week', current_date)::date - 13 + time '14:20') AT TIME ZONE 'Europe/Dublin', 'completed', 'Gas safety check, all appliances pass'),
  (7, 6, 1, 4, 2, (date_trunc('week', current_date)::date - 25 + time '10:00') AT TIME ZONE 'Europe/Dublin',
                  (date_trunc('week', current_date)::date - 25 + time '11:40') AT TIME ZONE 'Europe/Dublin', 'completed', 'Heat pump serviced, refrigerant pressures OK'),
  (8, 7, 1, 5, 3, (date_trunc('week', current_date)::date - 13 + time '08:30') AT TIME ZONE 'Europe/Amsterdam',
                  (date_trunc('week', current_date)::date - 13 + time '09:35') AT TIME ZONE 'Europe/Amsterdam', 'completed', 'Onderhoud uitgevoerd, CO-meting in orde'),
  (9, 8, 1, 5, 3, (date_trunc('week', current_date)::date - 4 + time '13:00') AT TIME ZONE 'Europe/Amsterdam',
                  (date_trunc('week', current_date)::date - 4 + time '14:30') AT TIME ZONE 'Europe/Amsterdam', 'completed', 'Overstortventiel vervangen');

INSERT INTO public.parts (part_id, sku, description, category, manufacturer, manufacturer_part_no, unit_cost, cost_currency, is_active) VALUES
  (1, 'PRT-10021', 'Diverter valve cartridge',               'valve',      'Worcester Bosch', '87161056290', 48.20, 'GBP', true),
  (2, 'PRT-10388', 'Circulating pump UPM3 15-70',            'pump',       'Grundfos',        '99160555',    96.00, 'GBP', true),
  (3, 'PRT-20417', 'Pressure relief valve 3 bar',            'valve',      'Remeha',          'S100823',     21.40, 'EUR', true),
  (4, 'PRT-30002', 'Magnetic filter service kit',            'consumable', 'Adey',            'CP1-03-00335', 6.10, 'GBP', true),
  (5, 'PRT-30115', 'Flue and burner seal kit',               'seal',       'Remeha',          'S62210',       7.30, 'EUR', true);

INSERT INTO public.visit_parts (visit_id, part_id, quantity, from_van_stock) VALUES
  (3, 1, 1, false),
  (5, 2, 1, true),
  (9, 3, 1, true),
  (4, 4, 1, true),
  (8, 5, 1, true);

INSERT INTO public.safety_records (record_id, certificate_no, visit_id, appliance_id, engineer_id, issued_on, next_due_on, result, flue_co_ppm, flue_co_co2_ratio) VALUES
  (1, 'LDS-SR-018842', 1, 1, 1, date_trunc('week', current_date)::date - 55, date_trunc('week', current_date)::date - 55 + 365, 'pass', 38, 0.0041),
  (2, 'DUB-SR-006120', 6, 3, 3, date_trunc('week', current_date)::date - 13, date_trunc('week', current_date)::date - 13 + 365, 'pass', 52, 0.0058),
  (3, 'UTR-SR-003371', 8, 5, 5, date_trunc('week', current_date)::date - 13, date_trunc('week', current_date)::date - 13 + 365, 'pass', 29, 0.0033);

INSERT INTO public.invoices (invoice_id, invoice_no, branch_id, customer_id, job_id, currency_code, issued_on, due_on, net_amount, vat_amount, gross_amount, status, paid_at) VALUES
  (1, 'INV-GB-0031882', 1, 2, 3, 'GBP', date_trunc('week', current_date)::date - 40, date_trunc('week', current_date)::date - 10,  97.50, 19.50, 117.00, 'paid',
      (date_trunc('week', current_date)::date - 33 + time '14:02') AT TIME ZONE 'Europe/London'),
  (2, 'INV-GB-0031790', 1, 2, 4, 'GBP', date_trunc('week', current_date)::date - 59, date_trunc('week', current_date)::date - 45, 260.00, 52.00, 312.00, 'overdue', NULL),
  (3, 'INV-IE-0009414', 2, 4, 6, 'EUR', date_trunc('week', current_date)::date - 25, date_trunc('week', current_date)::date - 11, 170.00, 22.95, 192.95, 'paid',
      (date_trunc('week', current_date)::date - 20 + time '10:15') AT TIME ZONE 'Europe/Dublin'),
  (4, 'INV-NL-0005127', 3, 5, 7, 'EUR', date_trunc('week', current_date)::date - 13, date_trunc('week', current_date)::date + 17, 113.00, 23.73, 136.73, 'part_paid', NULL),
  (5, 'INV-NL-0005161', 3, 5, 8, 'EUR', date_trunc('week', current_date)::date - 4,  date_trunc('week', current_date)::date + 26, 140.50, 29.51, 170.01, 'issued', NULL);

INSERT INTO public.invoice_lines (invoice_id, line_no, line_type, description, part_id, quantity, unit_price, vat_rate, line_net, line_vat) VALUES
  (1, 1, 'service_fee', 'Annual boiler service',                 NULL, 1.00,  85.00, 20.00,  85.00, 17.00),
  (1, 2, 'part',        'Magnetic filter service kit',           4,    1.00,  12.50, 20.00,  12.50,  2.50),
  (2, 1, 'callout',     'Urgent call-out incl. first hour',      NULL, 1.00,  95.00, 20.00,  95.00, 19.00),
  (2, 2, 'part',        'Circulating pump UPM3 15-70 (fitted)',  2,    1.00, 165.00, 20.00, 165.00, 33.00),
  (3, 1, 'service_fee', 'Annual heat pump service',              NULL, 1.00, 140.00, 13.50, 140.00, 18.90),
  (3, 2, 'labour',      'Additional labour: refrigerant check',  NULL, 0.50,  60.00, 13.50,  30.00,  4.05),
  (4, 1, 'service_fee', 'Jaarlijks onderhoud cv-ketel',          NULL, 1.00,  99.00, 21.00,  99.00, 20.79),
  (4, 2, 'part',        'Afdichtingsset rookgas/brander',        5,    1.00,  14.00, 21.00,  14.00,  2.94),
  (5, 1, 'labour',      'Arbeid reparatie (1,5 uur)',            NULL, 1.50,  68.00, 21.00, 102.00, 21.42),
  (5, 2, 'part',        'Overstortventiel 3 bar',                3,    1.00,  38.50, 21.00,  38.50,  8.09);

INSERT INTO public.payments (payment_id, invoice_id, received_at, amount, method, provider_reference) VALUES
  (1, 1, (date_trunc('week', current_date)::date - 33 + time '14:02') AT TIME ZONE 'Europe/London', 117.00, 'card',          'ch_3PqL8v2eZvKYlo2C1x7TQ'),
  (2, 3, (date_trunc('week', current_date)::date - 20 + time '10:15') AT TIME ZONE 'Europe/Dublin',  192.95, 'bank_transfer', 'SEPA-IE-20931174'),
  (3, 4, (date_trunc('week', current_date)::date - 6 + time '09:00')  AT TIME ZONE 'Europe/Amsterdam', 50.00, 'bank_transfer', 'SEPA-NL-77310452');

SELECT setval('public.branches_branch_id_seq', 3);
SELECT setval('public.engineers_engineer_id_seq', 5);
SELECT setval('public.engineer_qualifications_engineer_qualification_id_seq', 6);
SELECT setval('public.vans_van_id_seq', 3);
SELECT setval('public.van_odometer_readings_reading_id_seq', 6);
SELECT setval('public.customers_customer_id_seq', 5);
SELECT setval('public.properties_property_id_seq', 5);
SELECT setval('public.appliances_appliance_id_seq', 5);
SELECT setval('public.service_plans_plan_id_seq', 3);
SELECT setval('public.jobs_job_id_seq', 10);
SELECT setval('public.job_visits_visit_id_seq', 9);
SELECT setval('public.parts_part_id_seq', 5);
SELECT setval('public.safety_records_record_id_seq', 3);
SELECT setval('public.invoices_invoice_id_seq', 5);
SELECT setval('public.payments_payment_id_seq', 3);

COMMIT;
