BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
    ('GBP', 'Pound sterling', 2),
    ('EUR', 'Euro', 2),
    ('CHF', 'Swiss franc', 2),
    ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, standard_vat_rate) VALUES
    ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
    ('IE', 'Ireland', 'EUR', '+353', 23.00),
    ('DE', 'Germany', 'EUR', '+49', 19.00),
    ('NL', 'Netherlands', 'EUR', '+31', 21.00),
    ('FR', 'France', 'EUR', '+33', 20.00);

INSERT INTO public.client_companies (id, name, vat_number, country_code, billing_email, phone, payment_terms_days, created_at) VALUES
    (1, 'Harbourview Properties Ltd', 'GB284731956', 'GB', 'accounts.payable@harbourview.co.uk', '+44 20 7946 0381', 30, now() - interval '26 months'),
    (2, 'Rheinland Distribution GmbH', 'DE293817465', 'DE', 'kreditoren@rheinland-distribution.de', '+49 203 4478 120', 14, now() - interval '10 months'),
    (3, 'Van Dijk Kantoren B.V.', 'NL853921604B01', 'NL', 'crediteuren@vandijkkantoren.nl', '+31 30 234 5678', 30, now() - interval '16 months');

INSERT INTO public.sites (id, client_id, name, site_type, address_line, city, postcode, country_code, timezone, contact_phone, gross_floor_area_m2, created_at) VALUES
    (1, 1, 'Harbourview House', 'office', '41 Worship Street', 'London', 'EC2A 2DX', 'GB', 'Europe/London', '+44 20 7946 0123', 4200.00, now() - interval '26 months'),
    (2, 1, 'Piccadilly Gate', 'office', '12 Store Street', 'Manchester', 'M1 3HU', 'GB', 'Europe/London', '+44 161 496 0456', 1800.00, now() - interval '26 months'),
    (3, 2, 'Logistikzentrum Duisburg-Hafen', 'warehouse', 'Hafenstraße 27', 'Duisburg', '47119', 'DE', 'Europe/Berlin', '+49 203 4478 200', 12000.00, now() - interval '10 months'),
    (4, 3, 'Kantoor Catharijnesingel', 'office', 'Catharijnesingel 58', 'Utrecht', '3511 GE', 'NL', 'Europe/Amsterdam', '+31 30 234 5600', 2500.00, now() - interval '16 months');

INSERT INTO public.site_areas (id, site_id, name, area_type, floor_type, floor_area_m2) VALUES
    (1, 1, 'Third floor open plan', 'office', 'carpet', 1200.00),
    (2, 1, 'Ground floor washrooms', 'washroom', 'tile', 45.00),
    (3, 1, 'Third floor kitchen', 'kitchen', 'vinyl', 30.00),
    (4, 1, 'Main reception', 'reception', 'stone', 120.00),
    (5, 2, 'Second floor offices', 'office', 'carpet', 900.00),
    (6, 2, 'Second floor washrooms', 'washroom', 'tile', 25.00),
    (7, 3, 'Halle 1', 'warehouse_floor', 'concrete', 9000.00),
    (8, 3, 'Sozialräume WC', 'washroom', 'tile', 40.00),
    (9, 3, 'Büro Versand', 'office', 'vinyl', 300.00),
    (10, 4, 'Verdieping 2 kantoortuin', 'office', 'carpet', 1400.00),
    (11, 4, 'Vergaderzaal Dom', 'meeting_room', 'carpet', 60.00),
    (12, 4, 'Toiletten verdieping 2', 'washroom', 'tile', 35.00),
    (13, 4, 'Gang en trappenhuis', 'corridor', 'vinyl', 200.00);

INSERT INTO public.employees (id, employee_number, first_name, last_name, date_of_birth, country_code, phone, email, role, supervisor_id, hired_on, terminated_on, status, hourly_rate, currency_code) VALUES
    (1, 'UK-00012', 'Sarah', 'Whitmore', '1975-04-12', 'GB', '+44 7700 900112', 's.whitmore@brightcleanservices.com', 'area_manager', NULL, current_date - 3600, NULL, 'active', 24.50, 'GBP'),
    (2, 'UK-00231', 'Darren', 'Okafor', '1982-09-30', 'GB', '+44 7700 900231', 'd.okafor@brightcleanservices.com', 'supervisor', 1, current_date - 2300, NULL, 'active', 16.20, 'GBP'),
    (3, 'UK-01187', 'Maria', 'Santos', '1990-01-22', 'GB', '+44 7700 901187', NULL, 'cleaner', 2, current_date - 1400, NULL, 'active', 12.90, 'GBP'),
    (4, 'UK-00954', 'Janina', 'Kowalska', '1968-11-05', 'GB', '+44 7700 900954', NULL, 'cleaner', 2, current_date - 1500, NULL, 'active', 12.90, 'GBP'),
    (5, 'DE-00077', 'Thomas', 'Becker', '1979-02-14', 'DE', '+49 171 5550 077', 't.becker@brightcleanservices.com', 'supervisor', NULL, current_date - 2800, NULL, 'active', 17.80, 'EUR'),
    (6, 'DE-00412', 'Ayşe', 'Yılmaz', '1995-06-03', 'DE', '+49 171 5550 412', NULL, 'cleaner', 5, current_date - 900, NULL, 'active', 14.25, 'EUR'),
    (7, 'NL-00058', 'Femke', 'de Vries', '1985-08-27', 'NL', '+31 6 1234 5058', 'f.devries@brightcleanservices.com', 'supervisor', NULL, current_date - 2150, NULL, 'active', 18.40, 'EUR'),
    (8, 'NL-00309', 'Bram', 'Jansen', '2001-07-19', 'NL', '+31 6 1234 5309', NULL, 'cleaner', 7, current_date - 460, NULL, 'active', 15.10, 'EUR');

INSERT INTO public.contracts (id, contract_number, client_id, account_manager_id, currency_code, status, start_date, end_date, monthly_fee, signed_at, created_at) VALUES
    (1, 'CT-GB-2024-0031', 1, 1, 'GBP', 'active',
        (date_trunc('month', current_date) - interval '20 months')::date,
        (date_trunc('month', current_date) - interval '20 months' + interval '3 years' - interval '1 day')::date,
        9850.00, date_trunc('month', current_date) - interval '21 months', now() - interval '22 months'),
    (2, 'CT-DE-2025-0008', 2, 5, 'EUR', 'active',
        (date_trunc('month', current_date) - interval '8 months')::date, NULL,
        6400.00, date_trunc('month', current_date) - interval '9 months', now() - interval '9 months'),
    (3, 'CT-NL-2025-0002', 3, 7, 'EUR', 'active',
        (date_trunc('month', current_date) - interval '14 months')::date,
        (date_trunc('month', current_date) - interval '14 months' + interval '24 months' - interval '1 day')::date,
        3950.00, date_trunc('month', current_date) - interval '15 months', now() - interval '15 months');

INSERT INTO public.service_schedules (id, contract_id, site_id, area_id, service_type, frequency, start_time, duration_minutes, crew_size, valid_from, valid_to) VALUES
    (1, 1, 1, NULL, 'daily_clean', 'weekdays', '18:00', 240, 2, (date_trunc('month', current_date) - interval '20 months')::date, NULL),
    (2, 1, 2, NULL, 'daily_clean', 'weekdays', '18:30', 180, 1, (date_trunc('month', current_date) - interval '20 months')::date, NULL),
    (3, 2, 3, NULL, 'daily_clean', 'daily', '06:00', 300, 1, (date_trunc('month', current_date) - interval '8 months')::date, NULL),
    (4, 3, 4, NULL, 'daily_clean', 'weekdays', '17:30', 210, 1, (date_trunc('month', current_date) - interval '14 months')::date, NULL),
    (5, 1, 1, 2, 'washroom_service', 'weekdays', '12:00', 45, 1, (date_trunc('month', current_date) - interval '12 months')::date, NULL);

INSERT INTO public.shifts (id, schedule_id, site_id, supervisor_id, scheduled_start, scheduled_end, status, created_at) VALUES
    (1, 1, 1, 2, date_trunc('day', now()) - interval '3 days' + interval '18 hours', date_trunc('day', now()) - interval '3 days' + interval '22 hours', 'completed', now() - interval '30 days'),
    (2, 1, 1, 2, date_trunc('day', now()) - interval '2 days' + interval '18 hours', date_trunc('day', now()) - interval '2 days' + interval '22 hours', 'completed', now() - interval '30 days'),
    (3, 1, 1, 2, date_trunc('day', now()) - interval '1 day' + interval '18 hours', date_trunc('day', now()) - interval '1 day' + interval '22 hours', 'completed', now() - interval '30 days'),
    (4, 1, 1, 2, date_trunc('day', now()) + interval '1 day 18 hours', date_trunc('day', now()) + interval '1 day 22 hours', 'scheduled', now() - interval '20 days'),
    (5, 2, 2, 2, date_trunc('day', now()) - interval '2 days' + interval '18 hours 30 minutes', date_trunc('day', now()) - interval '2 days' + interval '21 hours 30 minutes', 'completed', now() - interval '30 days'),
    (6, 3, 3, 5, now() - interval '1 hour', now() + interval '4 hours', 'in_progress', now() - interval '25 days'),
    (7, 3, 3, 5, date_trunc('day', now()) - interval '1 day' + interval '5 hours', date_trunc('day', now()) - interval '1 day' + interval '10 hours', 'completed', now() - interval '25 days'),
    (8, 4, 4, 7, date_trunc('day', now()) - interval '1 day' + interval '16 hours 30 minutes', date_trunc('day', now()) - interval '1 day' + interval '20 hours', 'completed', now() - interval '28 days'),
    (9, 4, 4, 7, date_trunc('day', now()) + interval '2 days 16 hours 30 minutes', date_trunc('day', now()) + interval '2 days 20 hours', 'scheduled', now() - interval '14 days'),
    (10, 2, 2, 2, date_trunc('day', now()) + interval '1 day 18 hours 30 minutes', date_trunc('day', now()) + interval '1 day 21 hours 30 minutes', 'cancelled', now() - interval '20 days');

INSERT INTO public.timesheets (id, shift_id, employee_id, clock_in, clock_out, break_minutes, hours_worked, status, approved_by, approved_at) VALUES
    (1, 1, 3, date_trunc('day', now()) - interval '3 days' + interval '18 hours 2 minutes', date_trunc('day', now()) - interval '3 days' + interval '22 hours 5 minutes', 15, 3.80, 'approved', 2, date_trunc('day', now()) - interval '2 days' + interval '9 hours'),
    (2, 1, 4, date_trunc('day', now()) - interval '3 days' + interval '18 hours', date_trunc('day', now()) - interval '3 days' + interval '22 hours', 15, 3.75, 'approved', 2, date_trunc('day', now()) - interval '2 days' + interval '9 hours'),
    (3, 2, 3, date_trunc('day', now()) - interval '2 days' + interval '17 hours 58 minutes', date_trunc('day', now()) - interval '2 days' + interval '22 hours 1 minute', 15, 3.80, 'approved', 2, date_trunc('day', now()) - interval '1 day' + interval '9 hours'),
    (4, 3, 4, date_trunc('day', now()) - interval '1 day' + interval '18 hours', date_trunc('day', now()) - interval '1 day' + interval '21 hours 55 minutes', 15, 3.67, 'submitted', NULL, NULL),
    (5, 5, 4, date_trunc('day', now()) - interval '2 days' + interval '18 hours 30 minutes', date_trunc('day', now()) - interval '2 days' + interval '21 hours 30 minutes', 0, 3.00, 'approved', 2, date_trunc('day', now()) - interval '1 day' + interval '9 hours'),
    (6, 6, 6, now() - interval '55 minutes', NULL, 0, NULL, 'open', NULL, NULL),
    (7, 7, 6, date_trunc('day', now()) - interval '1 day' + interval '5 hours', date_trunc('day', now()) - interval '1 day' + interval '10 hours 5 minutes', 30, 4.58, 'submitted', NULL, NULL),
    (8, 8, 8, date_trunc('day', now()) - interval '1 day' + interval '16 hours 30 minutes', date_trunc('day', now()) - interval '1 day' + interval '20 hours', 15, 3.25, 'submitted', NULL, NULL);

INSERT INTO public.inspections (id, site_id, shift_id, inspector_id, inspected_at, overall_score, result, client_present, notes) VALUES
    (1, 1, NULL, 2, (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 days' + interval '10 hours') AT TIME ZONE 'Europe/London', 92.50, 'pass', true, 'Quarterly walk-round with facilities manager'),
    (2, 3, NULL, 5, (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '5 days' + interval '14 hours 30 minutes') AT TIME ZONE 'Europe/Berlin', 88.00, 'pass', true, NULL),
    (3, 4, 8, 7, date_trunc('day', now()) - interval '1 day' + interval '19 hours 15 minutes', 61.00, 'fail', false, 'Meeting room bins not emptied, washroom mirrors smeared'),
    (4, 2, NULL, 2, (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 days' + interval '11 hours') AT TIME ZONE 'Europe/London', 85.00, 'pass', true, NULL),
    (5, 1, 3, 2, date_trunc('day', now()) - interval '1 day' + interval '21 hours', 90.00, 'pass', false, NULL),
    (6, 4, NULL, 7, (date_trunc('week', now() AT TIME ZONE 'Europe/Amsterdam') - interval '14 days' + interval '9 hours 30 minutes') AT TIME ZONE 'Europe/Amsterdam', 79.50, 'pass', true, 'Re-inspection after complaint'),
    (7, 3, 7, 5, date_trunc('day', now()) - interval '1 day' + interval '9 hours', 83.00, 'pass', false, NULL);

INSERT INTO public.inspection_items (id, inspection_id, line_no, area_id, criterion, score, max_score, comment) VALUES
    (1, 1, 1, 1, 'Desks and surfaces dust-free', 5, 5, NULL),
    (2, 1, 2, 2, 'Washroom sanitary ware clean', 4, 5, 'Limescale on taps'),
    (3, 1, 3, 3, 'Kitchen worktops and sink', 5, 5, NULL),
    (4, 1, 4, 4, 'Reception floor', 4, 5, NULL),
    (5, 3, 1, 10, 'Bins emptied and liners replaced', 3, 5, NULL),
    (6, 3, 2, 11, 'Meeting room tables wiped', 2, 5, 'Bins full'),
    (7, 3, 3, 12, 'Washroom mirrors and basins', 3, 5, 'Mirrors smeared'),
    (8, 2, 1, 7, 'Hall floor swept and scrubbed', 4, 5, NULL),
    (9, 2, 2, 8, 'Sanitary facilities', 5, 5, NULL),
    (10, 5, 1, 1, 'Carpets vacuumed', 5, 5, NULL),
    (11, 5, 2, 2, 'Consumables refilled', 4, 5, NULL);

INSERT INTO public.supplies (id, sku, gtin, name, category, unit, pack_size, unit_cost, currency_code) VALUES
    (1, 'CHM-0101', '5001234000113', 'Multi-surface cleaner 5 L', 'chemical', 'canister', 5.00, 8.40, 'GBP'),
    (2, 'PAP-0204', '5001234000281', 'Centrefeed paper roll, 6 per case', 'paper', 'case', 6.00, 14.90, 'GBP'),
    (3, 'LIN-0310', '5001234000359', 'Black refuse sacks, box of 200', 'bin_liner', 'box', 200.00, 11.50, 'GBP'),
    (4, 'CHM-0150', '4006381333931', 'Sanitärreiniger 1 L', 'chemical', 'bottle', 1.00, 3.20, 'EUR'),
    (5, 'SOA-0120', '8712345000776', 'Foam hand soap 800 ml', 'soap', 'bottle', 0.80, 4.60, 'EUR');

INSERT INTO public.supply_consumption (id, site_id, supply_id, shift_id, recorded_by, recorded_at, quantity) VALUES
    (1, 1, 1, 1, 3, date_trunc('day', now()) - interval '3 days' + interval '21 hours 50 minutes', 1.00),
    (2, 1, 2, 2, 3, date_trunc('day', now()) - interval '2 days' + interval '21 hours 45 minutes', 2.00),
    (3, 1, 3, 3, 4, date_trunc('day', now()) - interval '1 day' + interval '21 hours 40 minutes', 1.00),
    (4, 3, 4, 7, 6, date_trunc('day', now()) - interval '1 day' + interval '9 hours 50 minutes', 3.00),
    (5, 4, 5, 8, 8, date_trunc('day', now()) - interval '1 day' + interval '19 hours 45 minutes', 4.00);

INSERT INTO public.equipment (id, site_id, kind, make, model, serial_number, purchased_on, status) VALUES
    (1, 3, 'scrubber_dryer', 'Kärcher', 'B 50 W', 'KB50W-23-004171', current_date - 700, 'in_service'),
    (2, 1, 'vacuum', 'Numatic', 'NRV240', 'NUM-NRV240-88213', current_date - 400, 'in_service');

INSERT INTO public.equipment_meter_readings (id, equipment_id, read_at, hour_meter, read_by) VALUES
    (1, 1, now() - interval '60 days', 412.5, 5),
    (2, 1, now() - interval '30 days', 468.0, 5),
    (3, 1, now() - interval '2 days', 521.5, 5),
    (4, 2, now() - interval '90 days', 130.0, 2),
    (5, 2, now() - interval '10 days', 188.5, 2);

INSERT INTO public.invoices (id, invoice_number, contract_id, client_id, currency_code, period_start, period_end, status, issued_on, due_on, subtotal, vat_rate, vat_amount, total, paid_at) VALUES
    (1, 'INV-GB-004811', 1, 1, 'GBP',
        (date_trunc('month', current_date) - interval '3 months')::date, (date_trunc('month', current_date) - interval '2 months' - interval '1 day')::date,
        'paid', (date_trunc('month', current_date) - interval '2 months')::date, (date_trunc('month', current_date) - interval '2 months' + interval '30 days')::date,
        10750.00, 20.00, 2150.00, 12900.00, date_trunc('month', current_date) - interval '2 months' + interval '18 days 10 hours'),
    (2, 'INV-GB-004907', 1, 1, 'GBP',
        (date_trunc('month', current_date) - interval '2 months')::date, (date_trunc('month', current_date) - interval '1 month' - interval '1 day')::date,
        'paid', (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 month' + interval '30 days')::date,
        10162.40, 20.00, 2032.48, 12194.88, date_trunc('month', current_date) - interval '1 month' + interval '20 days 11 hours'),
    (3, 'INV-GB-005002', 1, 1, 'GBP',
        (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
        'issued', date_trunc('month', current_date)::date, (date_trunc('month', current_date) + interval '30 days')::date,
        9700.00, 20.00, 1940.00, 11640.00, NULL),
    (4, 'INV-DE-000214', 2, 2, 'EUR',
        (date_trunc('month', current_date) - interval '3 months')::date, (date_trunc('month', current_date) - interval '2 months' - interval '1 day')::date,
        'paid', (date_trunc('month', current_date) - interval '2 months')::date, (date_trunc('month', current_date) - interval '2 months' + interval '14 days')::date,
        6400.00, 19.00, 1216.00, 7616.00, date_trunc('month', current_date) - interval '2 months' + interval '12 days 9 hours'),
    (5, 'INV-DE-000231', 2, 2, 'EUR',
        (date_trunc('month', current_date) - interval '2 months')::date, (date_trunc('month', current_date) - interval '1 month' - interval '1 day')::date,
        'overdue', (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 month' + interval '14 days')::date,
        7650.00, 19.00, 1453.50, 9103.50, NULL),
    (6, 'INV-DE-000247', 2, 2, 'EUR',
        (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
        'draft', NULL, NULL,
        6400.00, 19.00, 1216.00, 7616.00, NULL),
    (7, 'INV-NL-000388', 3, 3, 'EUR',
        (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
        'void', date_trunc('month', current_date)::date, (date_trunc('month', current_date) + interval '30 days')::date,
        3590.00, 21.00, 753.90, 4343.90, NULL),
    (8, 'INV-NL-000389', 3, 3, 'EUR',
        (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
        'issued', date_trunc('month', current_date)::date, (date_trunc('month', current_date) + interval '30 days')::date,
        3950.00, 21.00, 829.50, 4779.50, NULL);

INSERT INTO public.invoice_lines (id, invoice_id, line_no, line_type, description, site_id, quantity, unit_price, amount) VALUES
    (1, 1, 1, 'contract_fee', 'Office cleaning, monthly fee', NULL, 1.00, 9850.00, 9850.00),
    (2, 1, 2, 'extra_service', 'External window cleaning', 1, 2.00, 450.00, 900.00),
    (3, 2, 1, 'contract_fee', 'Office cleaning, monthly fee', NULL, 1.00, 9850.00, 9850.00),
    (4, 2, 2, 'supplies', 'Washroom consumables recharge', 1, 1.00, 312.40, 312.40),
    (5, 3, 1, 'contract_fee', 'Office cleaning, monthly fee', NULL, 1.00, 9850.00, 9850.00),
    (6, 3, 2, 'credit', 'Service credit, missed evening clean', 2, 1.00, -150.00, -150.00),
    (7, 4, 1, 'contract_fee', 'Unterhaltsreinigung, Monatspauschale', 3, 1.00, 6400.00, 6400.00),
    (8, 5, 1, 'contract_fee', 'Unterhaltsreinigung, Monatspauschale', 3, 1.00, 6400.00, 6400.00),
    (9, 5, 2, 'extra_service', 'Grundreinigung Verladezone', 3, 1.00, 1250.00, 1250.00),
    (10, 6, 1, 'contract_fee', 'Unterhaltsreinigung, Monatspauschale', 3, 1.00, 6400.00, 6400.00),
    (11, 7, 1, 'contract_fee', 'Schoonmaak kantoor, maandbedrag', 4, 1.00, 3590.00, 3590.00),
    (12, 8, 1, 'contract_fee', 'Schoonmaak kantoor, maandbedrag', 4, 1.00, 3950.00, 3950.00);

SELECT setval('public.client_companies_id_seq', 3);
SELECT setval('public.sites_id_seq', 4);
SELECT setval('public.site_areas_id_seq', 13);
SELECT setval('public.employees_id_seq', 8);
SELECT setval('public.contracts_id_seq', 3);
SELECT setval('public.service_schedules_id_seq', 5);
SELECT setval('public.shifts_id_seq', 10);
SELECT setval('public.timesheets_id_seq', 8);
SELECT setval('public.inspections_id_seq', 7);
SELECT setval('public.inspection_items_id_seq', 11);
SELECT setval('public.supplies_id_seq', 5);
SELECT setval('public.supply_consumption_id_seq', 5);
SELECT setval('public.equipment_id_seq', 2);
SELECT setval('public.equipment_meter_readings_id_seq', 5);
SELECT setval('public.invoices_id_seq', 8);
SELECT setval('public.invoice_lines_id_seq', 12);

COMMIT;
