BEGIN;

INSERT INTO public.currencies (code, name, minor_unit) VALUES
  ('EUR', 'Euro', 2),
  ('DKK', 'Danish krone', 2),
  ('GBP', 'Pound sterling', 2),
  ('SEK', 'Swedish krona', 2),
  ('NOK', 'Norwegian krone', 2),
  ('USD', 'US dollar', 2);

INSERT INTO public.countries (iso_code, name, currency_code, dial_code) VALUES
  ('DE', 'Germany', 'EUR', '+49'),
  ('DK', 'Denmark', 'DKK', '+45'),
  ('GB', 'United Kingdom', 'GBP', '+44'),
  ('SE', 'Sweden', 'SEK', '+46'),
  ('NO', 'Norway', 'NOK', '+47'),
  ('ES', 'Spain', 'EUR', '+34'),
  ('US', 'United States', 'USD', '+1');

INSERT INTO public.manufacturers (id, name, country_code, website) VALUES
  (1, 'Vestas Wind Systems A/S', 'DK', 'https://www.vestas.com'),
  (2, 'Siemens Gamesa Renewable Energy', 'ES', 'https://www.siemensgamesa.com'),
  (3, 'Nordex SE', 'DE', 'https://www.nordex-online.com'),
  (4, 'GE Vernova', 'US', 'https://www.gevernova.com');

INSERT INTO public.turbine_models (id, manufacturer_id, model_code, rated_power_kw, rotor_diameter_m, hub_height_m, iec_class, offshore_capable) VALUES
  (1, 1, 'V150-4.2 MW', 4200, 150.0, 105.0, 'IIIB', false),
  (2, 1, 'V164-9.5 MW', 9500, 164.0, 105.0, 'S', true),
  (3, 2, 'SG 8.0-167 DD', 8000, 167.0, 119.0, 'IB', true),
  (4, 3, 'N149/5.X', 5700, 149.1, 125.0, 'S', false),
  (5, 4, '2.8-127', 2820, 127.0, 89.0, 'IIIS', false);

INSERT INTO public.customers (id, legal_name, country_code, vat_number, billing_email, payment_terms_days, created_at) VALUES
  (1, 'Nordwind Energie GmbH & Co. KG', 'DE', 'DE287654321', 'rechnungen@nordwind-energie.de', 30, now() - interval '2300 days'),
  (2, 'Kattegat Havvind A/S', 'DK', 'DK34567812', 'faktura@kattegathavvind.dk', 30, now() - interval '2000 days'),
  (3, 'Dogger Coast Offshore Ltd', 'GB', 'GB123456789', 'accounts.payable@doggercoast.co.uk', 45, now() - interval '1600 days'),
  (4, 'Panhandle Wind LLC', 'US', NULL, 'ap@panhandlewind.com', 30, now() - interval '2900 days'),
  (5, 'Vänern Vindkraft AB', 'SE', 'SE556677889901', 'faktura@vanernvind.se', 30, now() - interval '1350 days');

INSERT INTO public.grid_operators (id, name, country_code) VALUES
  (1, 'TenneT TSO GmbH', 'DE'),
  (2, '50Hertz Transmission GmbH', 'DE'),
  (3, 'Energinet', 'DK'),
  (4, 'National Grid Electricity Transmission', 'GB'),
  (5, 'ERCOT', 'US'),
  (6, 'Svenska kraftnät', 'SE');

INSERT INTO public.wind_farms (id, farm_code, name, owner_customer_id, country_code, region, site_type, grid_operator_id, latitude, longitude, timezone, commissioned_on, installed_capacity_mw) VALUES
  (1, 'DE-HG-01', 'Windpark Hohe Geest', 1, 'DE', 'Schleswig-Holstein', 'onshore', 1, 54.37510, 9.21340, 'Europe/Berlin', '2019-10-15', 12.60),
  (2, 'DK-KN-01', 'Kattegat Nord Havvindmøllepark', 2, 'DK', 'Kattegat', 'offshore', 3, 56.61200, 11.48700, 'Europe/Copenhagen', '2021-06-01', 19.00),
  (3, 'GB-DC-01', 'Dogger Coast Alpha', 3, 'GB', 'North Sea', 'offshore', 4, 54.75300, 1.95100, 'Europe/London', '2022-09-30', 16.00),
  (4, 'US-TX-01', 'Panhandle Mesa Wind', 4, 'US', 'Texas', 'onshore', 5, 35.21400, -101.83100, 'America/Chicago', '2018-12-01', 8.46),
  (5, 'SE-VG-01', 'Vänern Västra Vindpark', 5, 'SE', 'Västra Götaland', 'onshore', 6, 58.61900, 12.88200, 'Europe/Stockholm', '2023-05-20', 11.40);

INSERT INTO public.turbines (id, wind_farm_id, position_no, position_label, serial_number, model_id, commissioned_on, status) VALUES
  (1, 1, 1, 'WEA01', 'V150-219-30417', 1, '2019-09-20', 'operating'),
  (2, 1, 2, 'WEA02', 'V150-219-30418', 1, '2019-09-27', 'operating'),
  (3, 1, 3, 'WEA03', 'V150-219-30419', 1, '2019-10-04', 'maintenance'),
  (4, 2, 1, 'KN-A01', 'V164-221-40211', 2, '2021-04-12', 'operating'),
  (5, 2, 2, 'KN-A02', 'V164-221-40212', 2, '2021-04-30', 'operating'),
  (6, 3, 1, 'DCA-01', 'SG167-22-00871', 3, '2022-07-14', 'operating'),
  (7, 3, 2, 'DCA-02', 'SG167-22-00872', 3, '2022-07-29', 'operating'),
  (8, 4, 1, 'T01', 'GE127-18-11305', 5, '2018-11-02', 'operating'),
  (9, 4, 2, 'T02', 'GE127-18-11306', 5, '2018-11-05', 'operating'),
  (10, 4, 3, 'T03', 'GE127-18-11307', 5, '2018-11-09', 'stopped'),
  (11, 5, 1, 'VV01', 'N149-23-05521', 4, '2023-04-18', 'operating'),
  (12, 5, 2, 'VV02', 'N149-23-05522', 4, '2023-04-26', 'operating');

INSERT INTO public.service_contracts (id, contract_no, wind_farm_id, customer_id, start_date, end_date, currency_code, annual_fee, availability_guarantee_pct, status, signed_at) VALUES
  (1, 'SC-2020-0012', 1, 1, '2020-01-01', '2029-12-31', 'EUR', 184000.00, 97.00, 'active', '2019-11-20 14:30:00+01'),
  (2, 'SC-2021-0031', 2, 2, '2021-07-01', '2031-06-30', 'DKK', 6400000.00, 96.50, 'active', '2021-03-18 11:00:00+01'),
  (3, 'SC-2022-0044', 3, 3, '2022-10-01', '2027-09-30', 'GBP', 1250000.00, 95.00, 'active', '2022-06-09 16:15:00+01'),
  (4, 'SC-2019-0007', 4, 4, '2019-01-01', '2023-12-31', 'USD', 210000.00, 97.00, 'expired', '2018-10-02 10:00:00-05'),
  (5, 'SC-2024-0003', 4, 4, '2024-01-01', '2028-12-31', 'USD', 236000.00, 97.00, 'active', '2023-11-14 09:45:00-06'),
  (6, 'SC-2023-0019', 5, 5, '2023-06-01', '2033-05-31', 'SEK', 2300000.00, 97.00, 'active', '2023-02-27 13:20:00+01');

INSERT INTO public.technicians (id, employee_no, first_name, last_name, birth_date, country_code, phone, email, hired_on, gwo_certificate_expires_on, active) VALUES
  (1, 'T-0101', 'Jonas', 'Petersen', '1988-03-14', 'DK', '+45 21 43 65 87', 'jonas.petersen@windserv.eu', '2014-08-01', current_date + 410, true),
  (2, 'T-0102', 'Lukas', 'Brandt', '1992-11-02', 'DE', '+49 171 2345678', 'lukas.brandt@windserv.eu', '2017-03-01', current_date + 220, true),
  (3, 'T-0103', 'Emma', 'Lindqvist', '1995-06-21', 'SE', '+46 70 123 45 67', 'emma.lindqvist@windserv.eu', '2020-09-01', current_date + 590, true),
  (4, 'T-0104', 'Callum', 'Reid', '1990-01-30', 'GB', '+44 7700 900123', 'callum.reid@windserv.eu', '2019-02-11', current_date + 150, true),
  (5, 'T-0105', 'Marcus', 'Hill', '1986-07-09', 'US', '+1 806 555 0142', 'marcus.hill@windserv.com', '2016-05-16', current_date + 330, true),
  (6, 'T-0106', 'Henrik', 'Sørensen', '1961-04-02', 'DK', '+45 40 11 22 33', NULL, '1998-04-01', current_date - 400, false),
  (7, 'T-0107', 'Mads', 'Kjær', '1983-09-17', 'DK', '+45 28 90 14 62', 'mads.kjaer@windserv.eu', '2010-01-04', current_date + 275, true),
  (8, 'T-0108', 'Ewan', 'Morrison', '1997-12-05', 'GB', '+44 7700 900456', 'ewan.morrison@windserv.eu', '2021-06-14', current_date + 480, true);

INSERT INTO public.fault_codes (code, description, component, severity) VALUES
  ('GEN-0112', 'Generator bearing temperature high', 'generator', 'warning'),
  ('PIT-0217', 'Pitch position deviation blade B', 'pitch', 'fault'),
  ('YAW-0304', 'Yaw misalignment above 15 degrees', 'yaw', 'warning'),
  ('CNV-0421', 'Converter IGBT overtemperature', 'converter', 'fault'),
  ('GBX-0133', 'Gearbox oil temperature high', 'gearbox', 'warning'),
  ('SAF-0001', 'Safety chain open / emergency stop', 'safety', 'critical'),
  ('GRD-0510', 'Grid voltage out of range', 'grid', 'info'),
  ('ICE-0702', 'Ice detected on blades', 'rotor', 'warning');

INSERT INTO public.alarm_events (id, turbine_id, fault_code, started_at, cleared_at, acknowledged_by) VALUES
  (1, 3, 'GBX-0133', now() - interval '12 days', now() - interval '12 days' + interval '40 minutes', 2),
  (2, 1, 'GRD-0510', now() - interval '9 days', now() - interval '9 days' + interval '6 minutes', NULL),
  (3, 4, 'PIT-0217', now() - interval '20 days', now() - interval '20 days' + interval '3 hours', 1),
  (4, 6, 'CNV-0421', now() - interval '15 days', now() - interval '15 days' + interval '5 hours', 4),
  (5, 8, 'YAW-0304', now() - interval '7 days', now() - interval '7 days' + interval '25 minutes', NULL),
  (6, 10, 'SAF-0001', now() - interval '4 days', NULL, 5),
  (7, 11, 'ICE-0702', now() - interval '3 days', now() - interval '3 days' + interval '14 hours', 3),
  (8, 12, 'GEN-0112', now() - interval '2 days', now() - interval '2 days' + interval '50 minutes', NULL),
  (9, 5, 'GRD-0510', now() - interval '1 day', now() - interval '1 day' + interval '3 minutes', NULL),
  (10, 9, 'YAW-0304', now() - interval '30 days', now() - interval '30 days' + interval '1 hour', NULL),
  (11, 2, 'GBX-0133', now() - interval '6 days', now() - interval '6 days' + interval '35 minutes', NULL),
  (12, 7, 'GRD-0510', now() - interval '5 days', now() - interval '5 days' + interval '4 minutes', NULL);

INSERT INTO public.work_orders (id, wo_number, turbine_id, contract_id, alarm_event_id, wo_type, priority, status, title, created_at, scheduled_start, started_at, completed_at) VALUES
  (1, 'WO-26-00412', 1, 1, NULL, 'preventive', 'normal', 'completed', 'Annual service WEA01',
     now() - interval '60 days',
     ((current_date - 40) + time '07:00') AT TIME ZONE 'Europe/Berlin',
     ((current_date - 40) + time '07:10') AT TIME ZONE 'Europe/Berlin',
     ((current_date - 39) + time '16:10') AT TIME ZONE 'Europe/Berlin'),
  (2, 'WO-26-00413', 3, 1, 1, 'corrective', 'high', 'in_progress', 'Gearbox oil temperature high - inspect oil cooler',
     now() - interval '12 days' + interval '1 hour',
     NULL,
     ((current_date - 11) + time '07:30') AT TIME ZONE 'Europe/Berlin',
     NULL),
  (3, 'WO-26-00420', 4, 2, 3, 'corrective', 'high', 'completed', 'Pitch deviation blade B - replace pitch encoder',
     now() - interval '20 days' + interval '30 minutes',
     ((current_date - 19) + time '08:00') AT TIME ZONE 'Europe/Copenhagen',
     ((current_date - 19) + time '08:30') AT TIME ZONE 'Europe/Copenhagen',
     ((current_date - 19) + time '14:30') AT TIME ZONE 'Europe/Copenhagen'),
  (4, 'WO-26-00421', 5, 2, NULL, 'preventive', 'normal', 'scheduled', 'Annual service KN-A02',
     now() - interval '10 days',
     ((current_date + 9) + time '07:30') AT TIME ZONE 'Europe/Copenhagen',
     NULL, NULL),
  (5, 'WO-26-00430', 6, 3, 4, 'corrective', 'normal', 'completed', 'Converter overtemperature - clean filters and replace fans',
     now() - interval '15 days' + interval '1 hour',
     ((current_date - 14) + time '07:00') AT TIME ZONE 'Europe/London',
     ((current_date - 14) + time '07:20') AT TIME ZONE 'Europe/London',
     ((current_date - 14) + time '15:20') AT TIME ZONE 'Europe/London'),
  (6, 'WO-26-00431', 7, 3, NULL, 'inspection', 'low', 'completed', 'Blade drone inspection DCA-02',
     now() - interval '35 days',
     ((current_date - 21) + time '09:00') AT TIME ZONE 'Europe/London',
     ((current_date - 21) + time '09:00') AT TIME ZONE 'Europe/London',
     ((current_date - 21) + time '13:00') AT TIME ZONE 'Europe/London'),
  (7, 'WO-26-00440', 8, 5, NULL, 'preventive', 'normal', 'completed', 'Semi-annual service T01',
     now() - interval '50 days',
     ((current_date - 30) + time '06:30') AT TIME ZONE 'America/Chicago',
     ((current_date - 30) + time '06:45') AT TIME ZONE 'America/Chicago',
     ((current_date - 30) + time '16:45') AT TIME ZONE 'America/Chicago'),
  (8, 'WO-26-00441', 10, 5, 6, 'corrective', 'emergency', 'open', 'Safety chain open - investigate and reset',
     now() - interval '4 days' + interval '20 minutes',
     NULL, NULL, NULL),
  (9, 'WO-26-00450', 11, 6, NULL, 'preventive', 'normal', 'completed', 'Annual service VV01',
     now() - interval '45 days',
     ((current_date - 25) + time '07:00') AT TIME ZONE 'Europe/Stockholm',
     ((current_date - 25) + time '07:05') AT TIME ZONE 'Europe/Stockholm',
     ((current_date - 23) + time '15:05') AT TIME ZONE 'Europe/Stockholm'),
  (10, 'WO-26-00451', 12, 6, NULL, 'inspection', 'normal', 'cancelled', 'Ice detector calibration VV02',
     now() - interval '8 days',
     NULL, NULL, NULL);

INSERT INTO public.work_order_tasks (id, work_order_id, step_no, description, technician_id, started_at, finished_at) VALUES
  (1, 1, 1, 'Safety briefing, lock-out/tag-out, climb', 2,
     ((current_date - 40) + time '07:10') AT TIME ZONE 'Europe/Berlin', ((current_date - 40) + time '07:40') AT TIME ZONE 'Europe/Berlin'),
  (2, 1, 2, 'Torque check blade root and tower flange bolts', 2,
     ((current_date - 40) + time '07:45') AT TIME ZONE 'Europe/Berlin', ((current_date - 40) + time '13:10') AT TIME ZONE 'Europe/Berlin'),
  (3, 1, 3, 'Gearbox oil sample, oil and filter change', 2,
     ((current_date - 39) + time '07:10') AT TIME ZONE 'Europe/Berlin', ((current_date - 39) + time '12:10') AT TIME ZONE 'Europe/Berlin'),
  (4, 1, 4, 'Function test and return to service', 2,
     ((current_date - 39) + time '12:25') AT TIME ZONE 'Europe/Berlin', ((current_date - 39) + time '16:10') AT TIME ZONE 'Europe/Berlin'),
  (5, 2, 1, 'Check oil cooler fan and thermostatic valve', 2,
     ((current_date - 11) + time '07:30') AT TIME ZONE 'Europe/Berlin', ((current_date - 11) + time '11:30') AT TIME ZONE 'Europe/Berlin'),
  (6, 2, 2, 'Replace oil cooler element (awaiting part)', 2, NULL, NULL),
  (7, 3, 1, 'CTV transfer and climb', 1,
     ((current_date - 19) + time '08:30') AT TIME ZONE 'Europe/Copenhagen', ((current_date - 19) + time '09:15') AT TIME ZONE 'Europe/Copenhagen'),
  (8, 3, 2, 'Replace pitch position encoder blade B', 7,
     ((current_date - 19) + time '09:20') AT TIME ZONE 'Europe/Copenhagen', ((current_date - 19) + time '12:40') AT TIME ZONE 'Europe/Copenhagen'),
  (9, 3, 3, 'Pitch calibration and test run', 1,
     ((current_date - 19) + time '12:50') AT TIME ZONE 'Europe/Copenhagen', ((current_date - 19) + time '14:30') AT TIME ZONE 'Europe/Copenhagen'),
  (10, 7, 1, 'Safety briefing and climb', 5,
     ((current_date - 30) + time '06:45') AT TIME ZONE 'America/Chicago', ((current_date - 30) + time '07:15') AT TIME ZONE 'America/Chicago'),
  (11, 7, 2, 'Grease main bearing, yaw and pitch bearings', 5,
     ((current_date - 30) + time '07:20') AT TIME ZONE 'America/Chicago', ((current_date - 30) + time '12:30') AT TIME ZONE 'America/Chicago'),
  (12, 7, 3, 'Visual inspection and return to service', 5,
     ((current_date - 30) + time '13:00') AT TIME ZONE 'America/Chicago', ((current_date - 30) + time '16:45') AT TIME ZONE 'America/Chicago'),
  (13, 9, 1, 'Safety briefing, lock-out/tag-out, climb', 3,
     ((current_date - 25) + time '07:05') AT TIME ZONE 'Europe/Stockholm', ((current_date - 25) + time '07:40') AT TIME ZONE 'Europe/Stockholm'),
  (14, 9, 2, 'Bolt torque checks and hydraulic system service', 3,
     ((current_date - 25) + time '07:45') AT TIME ZONE 'Europe/Stockholm', ((current_date - 24) + time '16:00') AT TIME ZONE 'Europe/Stockholm'),
  (15, 9, 3, 'Gearbox oil change and return to service', 3,
     ((current_date - 23) + time '07:05') AT TIME ZONE 'Europe/Stockholm', ((current_date - 23) + time '15:05') AT TIME ZONE 'Europe/Stockholm');

INSERT INTO public.labour_entries (id, work_order_id, technician_id, work_date, hours, overtime) VALUES
  (1, 1, 2, current_date - 40, 9.00, false),
  (2, 1, 2, current_date - 39, 9.00, false),
  (3, 2, 2, current_date - 11, 6.00, false),
  (4, 3, 1, current_date - 19, 7.50, false),
  (5, 3, 7, current_date - 19, 7.50, false),
  (6, 5, 4, current_date - 14, 8.50, false),
  (7, 5, 8, current_date - 14, 8.50, false),
  (8, 6, 4, current_date - 21, 4.50, false),
  (9, 7, 5, current_date - 30, 10.50, true),
  (10, 9, 3, current_date - 25, 9.50, false),
  (11, 9, 3, current_date - 24, 9.50, false),
  (12, 9, 3, current_date - 23, 8.50, false);

INSERT INTO public.spare_parts (id, part_number, description, category, unit_cost, currency_code, weight_kg) VALUES
  (1, 'PIT-ENC-29047', 'Pitch position encoder, absolute, SSI', 'pitch', 1480.00, 'EUR', 0.90),
  (2, 'FLT-GBX-10U', 'Gearbox oil filter element 10 micron', 'filters', 212.50, 'EUR', 3.20),
  (3, 'OIL-GBX-320-20L', 'Gearbox oil ISO VG 320 synthetic, 20 l drum', 'lubricants', 386.00, 'EUR', 18.50),
  (4, 'CNV-FAN-400', 'Converter cabinet cooling fan 400 V AC', 'converter', 540.00, 'EUR', 6.40),
  (5, 'BLT-M36-330', 'Tower flange bolt M36x330 grade 10.9', 'fasteners', 38.40, 'EUR', 2.90);

INSERT INTO public.part_consumptions (id, work_order_id, line_no, spare_part_id, quantity, unit_price) VALUES
  (1, 1, 1, 2, 2, 212.50),
  (2, 1, 2, 3, 6, 386.00),
  (3, 3, 1, 1, 1, 1480.00),
  (4, 5, 1, 4, 2, 540.00),
  (5, 9, 1, 2, 2, 212.50),
  (6, 9, 2, 3, 5, 386.00);

INSERT INTO public.production_readings (turbine_id, reading_date, energy_kwh, mean_wind_speed_ms, availability_pct, operating_hours_total) VALUES
  (1, current_date - 4, 48210.5, 8.1, 100.00, 58912),
  (1, current_date - 3, 31250.0, 6.4, 100.00, 58936),
  (1, current_date - 2, 61802.3, 9.3, 98.60, 58959),
  (1, current_date - 1, 12403.7, 4.2, 100.00, 58983),
  (4, current_date - 4, 142500.0, 10.8, 100.00, 46120),
  (4, current_date - 3, 98230.4, 8.9, 100.00, 46144),
  (4, current_date - 2, 176840.2, 12.7, 100.00, 46168),
  (4, current_date - 1, 161200.9, 12.1, 99.10, 46192),
  (8, current_date - 4, 30115.2, 9.0, 100.00, 66210),
  (8, current_date - 3, 22480.0, 7.6, 100.00, 66234),
  (8, current_date - 2, 9870.4, 5.1, 100.00, 66256),
  (8, current_date - 1, 41230.8, 10.3, 100.00, 66280),
  (11, current_date - 4, 72300.0, 8.4, 100.00, 29105),
  (11, current_date - 3, 28110.6, 7.9, 41.70, 29115),
  (11, current_date - 2, 66450.2, 8.1, 100.00, 29139),
  (11, current_date - 1, 80412.0, 8.8, 100.00, 29163);

INSERT INTO public.invoices (id, invoice_no, contract_id, customer_id, issued_on, due_on, currency_code, net_amount, vat_rate, vat_amount, gross_amount, status, paid_on) VALUES
  (1, 'INV-2026-0451', 1, 1, current_date - 70, current_date - 40, 'EUR', 46000.00, 19.00, 8740.00, 54740.00, 'paid', current_date - 42),
  (2, 'INV-2026-0488', 2, 2, current_date - 18, current_date + 12, 'DKK', 1623580.00, 25.00, 405895.00, 2029475.00, 'issued', NULL),
  (3, 'INV-2026-0402', 3, 3, current_date - 75, current_date - 30, 'GBP', 321050.00, 20.00, 64210.00, 385260.00, 'overdue', NULL),
  (4, 'INV-2026-0495', 5, 4, NULL, NULL, 'USD', 59000.00, 0.00, 0.00, 59000.00, 'draft', NULL),
  (5, 'INV-2026-0470', 6, 5, current_date - 35, current_date - 5, 'SEK', 587840.00, 25.00, 146960.00, 734800.00, 'paid', current_date - 8);

INSERT INTO public.invoice_lines (invoice_id, line_no, description, work_order_id, quantity, unit_price, line_amount) VALUES
  (1, 1, 'Service fee, quarterly instalment', NULL, 1, 46000.00, 46000.00),
  (2, 1, 'Service fee, quarterly instalment', NULL, 1, 1600000.00, 1600000.00),
  (2, 2, 'Pitch position encoder KN-A01 (outside scope)', 3, 1, 11050.00, 11050.00),
  (2, 3, 'Offshore technician labour, hours', 3, 14, 895.00, 12530.00),
  (3, 1, 'Service fee, quarterly instalment', NULL, 1, 312500.00, 312500.00),
  (3, 2, 'Crew transfer vessel surcharge, days', 5, 3, 2850.00, 8550.00),
  (4, 1, 'Service fee, quarterly instalment', NULL, 1, 59000.00, 59000.00),
  (5, 1, 'Service fee, quarterly instalment', NULL, 1, 575000.00, 575000.00),
  (5, 2, 'Gearbox oil change materials VV01', 9, 1, 12840.00, 12840.00);

SELECT pg_catalog.setval('public.manufacturers_id_seq', 4, true);
SELECT pg_catalog.setval('public.turbine_models_id_seq', 5, true);
SELECT pg_catalog.setval('public.customers_id_seq', 5, true);
SELECT pg_catalog.setval('public.grid_operators_id_seq', 6, true);
SELECT pg_catalog.setval('public.wind_farms_id_seq', 5, true);
SELECT pg_catalog.setval('public.turbines_id_seq', 12, true);
SELECT pg_catalog.setval('public.service_contracts_id_seq', 6, true);
SELECT pg_catalog.setval('public.technicians_id_seq', 8, true);
SELECT pg_catalog.setval('public.alarm_events_id_seq', 12, true);
SELECT pg_catalog.setval('public.work_orders_id_seq', 10, true);
SELECT pg_catalog.setval('public.work_order_tasks_id_seq', 15, true);
SELECT pg_catalog.setval('public.labour_entries_id_seq', 12, true);
SELECT pg_catalog.setval('public.spare_parts_id_seq', 5, true);
SELECT pg_catalog.setval('public.part_consumptions_id_seq', 6, true);
SELECT pg_catalog.setval('public.invoices_id_seq', 5, true);

COMMIT;
