BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
    ('EUR', 'Euro', 2),
    ('GBP', 'Pound Sterling', 2),
    ('AUD', 'Australian Dollar', 2),
    ('USD', 'US Dollar', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, time_zone, standard_vat_rate) VALUES
    ('DE', 'Germany', 'EUR', '+49', 'Europe/Berlin', 19.00),
    ('GB', 'United Kingdom', 'GBP', '+44', 'Europe/London', 20.00),
    ('AU', 'Australia', 'AUD', '+61', 'Australia/Sydney', 10.00);

INSERT INTO public.grid_operators (id, country_code, name, short_code, portal_url) VALUES
    (1, 'DE', 'Westnetz GmbH', 'WN', 'https://www.westnetz.de'),
    (2, 'GB', 'Northern Powergrid', 'NPG', 'https://www.northernpowergrid.com'),
    (3, 'AU', 'Endeavour Energy', 'EE', 'https://www.endeavourenergy.com.au'),
    (4, 'AU', 'Energex', 'EGX', 'https://www.energex.com.au');

INSERT INTO public.panel_models (id, manufacturer, model, cell_type, rated_power_w, width_mm, height_mm, weight_kg, product_warranty_years) VALUES
    (1, 'LONGi', 'Hi-MO 6 LR5-54HTH-430M', 'mono_perc', 430, 1134, 1722, 21.6, 15),
    (2, 'Jinko Solar', 'Tiger Neo JKM440N-54HL4-V', 'topcon', 440, 1134, 1762, 21.5, 12),
    (3, 'REC', 'Alpha Pure-R 410', 'hjt', 410, 1134, 1730, 21.5, 25);

INSERT INTO public.inverter_models (id, manufacturer, model, kind, rated_ac_kw, phases, max_dc_voltage_v, mppt_count) VALUES
    (1, 'SMA', 'Sunny Tripower 10.0', 'string', 10.00, 3, 1000, 2),
    (2, 'Fronius', 'Primo GEN24 6.0 Plus', 'hybrid', 6.00, 1, 600, 2),
    (3, 'Enphase', 'IQ8M-72', 'micro', 0.33, 1, 60, 1),
    (4, 'SMA', 'Sunny Tripower CORE2 110', 'string', 110.00, 3, 1100, 12);

INSERT INTO public.battery_models (id, manufacturer, model, chemistry, usable_capacity_kwh, max_power_kw) VALUES
    (1, 'BYD', 'Battery-Box Premium HVS 7.7', 'LFP', 7.68, 7.68),
    (2, 'Tesla', 'Powerwall 2', 'NMC', 13.50, 5.00);

INSERT INTO public.customers (id, kind, first_name, last_name, company_name, vat_number, email, phone, country_code, date_of_birth, created_at) VALUES
    (1, 'residential', 'Anna', 'Becker', NULL, NULL, 'anna.becker@web.de', '+49 251 3849201', 'DE', DATE '1978-04-12', now() - interval '52 days'),
    (2, 'residential', 'James', 'Whitfield', NULL, NULL, 'j.whitfield@btinternet.com', '+44 113 496 0732', 'GB', DATE '1965-09-30', now() - interval '84 days'),
    (3, 'commercial', NULL, NULL, 'Sunview Logistics Pty Ltd', '51 824 753 556', 'facilities@sunviewlogistics.com.au', '+61 2 9604 3318', 'AU', NULL, now() - interval '190 days'),
    (4, 'residential', 'Priya', 'Raman', NULL, NULL, 'priya.raman@outlook.com', '+61 412 558 904', 'AU', DATE '1986-01-22', now() - interval '25 days');

INSERT INTO public.employees (id, country_code, first_name, last_name, role, email, date_of_birth, hired_on, left_on) VALUES
    (1, 'DE', 'Lukas', 'Hoffmann', 'surveyor', 'l.hoffmann@helio-install.com', DATE '1990-06-03', current_date - 1200, NULL),
    (2, 'DE', 'Jonas', 'Schulte', 'installer', 'j.schulte@helio-install.com', DATE '1988-11-17', current_date - 2100, NULL),
    (3, 'GB', 'Oliver', 'Grant', 'service_technician', 'o.grant@helio-install.com', DATE '1983-02-08', current_date - 1500, NULL),
    (4, 'AU', 'Mia', 'Nguyen', 'surveyor', 'm.nguyen@helio-install.com', DATE '1994-08-25', current_date - 900, NULL),
    (5, 'AU', 'Liam', 'O''Connor', 'electrician', 'l.oconnor@helio-install.com', DATE '1985-12-01', current_date - 1800, NULL),
    (6, 'GB', 'Sophie', 'Clarke', 'installer', 's.clarke@helio-install.com', DATE '1991-03-14', current_date - 1100, NULL);

INSERT INTO public.sites (id, customer_id, label, address_line, city, postcode, country_code, latitude, longitude, roof_type, grid_operator_id, created_at) VALUES
    (1, 1, 'Home', 'Grevener Straße 112', 'Münster', '48159', 'DE', 51.980120, 7.610450, 'pitched_tile', 1, now() - interval '52 days'),
    (2, 2, 'Home', '14 Headingley Avenue', 'Leeds', 'LS6 3EP', 'GB', 53.822410, -1.577830, 'pitched_slate', 2, now() - interval '84 days'),
    (3, 3, 'Smithfield warehouse', '27 Long Street', 'Smithfield', '2164', 'AU', -33.851200, 150.938900, 'metal_sheet', 3, now() - interval '190 days'),
    (4, 4, 'Home', '8 Gladstone Road', 'Brisbane', '4101', 'AU', -27.484300, 153.024100, 'metal_sheet', 4, now() - interval '25 days');

INSERT INTO public.site_surveys (id, site_id, surveyor_id, status, scheduled_at, completed_at, usable_roof_area_m2, azimuth_deg, tilt_deg, shading_loss_pct, notes) VALUES
    (1, 1, 1, 'completed',
        (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '49 days' + interval '1 day 10 hours') AT TIME ZONE 'Europe/Berlin',
        (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '49 days' + interval '1 day 11 hours 30 minutes') AT TIME ZONE 'Europe/Berlin',
        48.0, 185, 35, 3.0, 'South roof, concrete tiles, TN-C-S supply'),
    (2, 2, 3, 'completed',
        (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '77 days' + interval '2 days 14 hours') AT TIME ZONE 'Europe/London',
        (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '77 days' + interval '2 days 15 hours 10 minutes') AT TIME ZONE 'Europe/London',
        26.5, 170, 40, 6.5, 'Chimney shades east end in winter'),
    (3, 3, 4, 'completed',
        (date_trunc('week', now() AT TIME ZONE 'Australia/Sydney') - interval '182 days' + interval '3 days 9 hours') AT TIME ZONE 'Australia/Sydney',
        (date_trunc('week', now() AT TIME ZONE 'Australia/Sydney') - interval '182 days' + interval '3 days 12 hours') AT TIME ZONE 'Australia/Sydney',
        1450.0, 10, 5, 1.0, 'Trimdek roof, structural report required'),
    (4, 4, 4, 'completed',
        (date_trunc('week', now() AT TIME ZONE 'Australia/Sydney') - interval '21 days' + interval '11 hours') AT TIME ZONE 'Australia/Sydney',
        (date_trunc('week', now() AT TIME ZONE 'Australia/Sydney') - interval '21 days' + interval '12 hours') AT TIME ZONE 'Australia/Sydney',
        38.0, 20, 22, 2.0, NULL),
    (5, 1, 1, 'scheduled',
        (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '9 days 15 hours') AT TIME ZONE 'Europe/Berlin',
        NULL, NULL, NULL, NULL, NULL, 'Battery retrofit check');

INSERT INTO public.quotes (id, quote_number, site_id, survey_id, sales_rep_id, currency_code, status, created_at, issued_at, valid_until, decided_at, system_size_kwp, estimated_annual_kwh, net_amount, tax_amount, total_amount) VALUES
    (1, 'Q-DE-000412', 1, 1, 1, 'EUR', 'accepted', now() - interval '40 days', now() - interval '39 days', current_date - 9, now() - interval '30 days', 9.89, 9400, 10025.00, 0.00, 10025.00),
    (2, 'Q-GB-000198', 2, 2, 3, 'GBP', 'accepted', now() - interval '72 days', now() - interval '71 days', current_date - 41, now() - interval '60 days', 5.28, 4500, 5940.00, 0.00, 5940.00),
    (3, 'Q-AU-000087', 3, 3, 4, 'AUD', 'accepted', now() - interval '170 days', now() - interval '168 days', current_date - 108, now() - interval '150 days', 110.00, 158000, 104650.00, 10465.00, 115115.00),
    (4, 'Q-AU-000131', 4, 4, 4, 'AUD', 'accepted', now() - interval '12 days', now() - interval '11 days', current_date + 19, now() - interval '8 days', 6.60, 9600, 7950.00, 795.00, 8745.00),
    (5, 'Q-DE-000455', 1, NULL, 1, 'EUR', 'draft', now() - interval '2 days', NULL, NULL, NULL, 0.00, NULL, 5400.00, 0.00, 5400.00),
    (6, 'Q-GB-000171', 2, NULL, 3, 'GBP', 'expired', now() - interval '101 days', now() - interval '100 days', current_date - 70, NULL, 5.28, 4500, 13140.00, 0.00, 13140.00),
    (7, 'Q-AU-000135', 3, NULL, 4, 'AUD', 'sent', now() - interval '6 days', now() - interval '5 days', current_date + 25, NULL, 0.00, NULL, 29000.00, 2900.00, 31900.00);

INSERT INTO public.quote_lines (quote_id, line_no, item_kind, panel_model_id, inverter_model_id, battery_model_id, description, quantity, unit_price, discount_amount, line_total) VALUES
    (1, 1, 'panel', 1, NULL, NULL, 'LONGi Hi-MO 6 430 W module', 23, 145.00, 0, 3335.00),
    (1, 2, 'inverter', NULL, 1, NULL, 'SMA Sunny Tripower 10.0', 1, 1890.00, 0, 1890.00),
    (1, 3, 'mounting', NULL, NULL, NULL, 'K2 roof hook mounting system', 1, 1150.00, 0, 1150.00),
    (1, 4, 'labour', NULL, NULL, NULL, 'Installation and AC connection', 1, 3200.00, 200.00, 3000.00),
    (1, 5, 'scaffolding', NULL, NULL, NULL, 'Scaffold hire, 2 weeks', 1, 650.00, 0, 650.00),
    (2, 1, 'panel', 2, NULL, NULL, 'Jinko Tiger Neo 440 W module', 12, 120.00, 0, 1440.00),
    (2, 2, 'inverter', NULL, 2, NULL, 'Fronius Primo GEN24 6.0 Plus', 1, 1350.00, 0, 1350.00),
    (2, 3, 'labour', NULL, NULL, NULL, 'Installation, MCS certificate, G98 notification', 1, 2400.00, 0, 2400.00),
    (2, 4, 'scaffolding', NULL, NULL, NULL, 'Scaffold, front and side elevation', 1, 750.00, 0, 750.00),
    (3, 1, 'panel', 2, NULL, NULL, 'Jinko Tiger Neo 440 W module', 250, 165.00, 0, 41250.00),
    (3, 2, 'inverter', NULL, 4, NULL, 'SMA Sunny Tripower CORE2 110', 1, 14800.00, 0, 14800.00),
    (3, 3, 'mounting', NULL, NULL, NULL, 'Clenergy tin-roof rail system', 1, 18500.00, 0, 18500.00),
    (3, 4, 'electrical', NULL, NULL, NULL, 'Main switchboard upgrade and export limiting', 1, 9600.00, 0, 9600.00),
    (3, 5, 'labour', NULL, NULL, NULL, 'Installation crew, 10 days', 1, 22000.00, 1500.00, 20500.00),
    (4, 1, 'panel', 2, NULL, NULL, 'Jinko Tiger Neo 440 W module', 15, 170.00, 0, 2550.00),
    (4, 2, 'inverter', NULL, 2, NULL, 'Fronius Primo GEN24 6.0 Plus', 1, 2100.00, 0, 2100.00),
    (4, 3, 'labour', NULL, NULL, NULL, 'Installation and metering', 1, 3300.00, 0, 3300.00),
    (5, 1, 'battery', NULL, NULL, 1, 'BYD Battery-Box Premium HVS 7.7', 1, 4800.00, 0, 4800.00),
    (5, 2, 'labour', NULL, NULL, NULL, 'Battery installation', 1, 600.00, 0, 600.00),
    (6, 1, 'panel', 2, NULL, NULL, 'Jinko Tiger Neo 440 W module', 12, 120.00, 0, 1440.00),
    (6, 2, 'inverter', NULL, 2, NULL, 'Fronius Primo GEN24 6.0 Plus', 1, 1350.00, 0, 1350.00),
    (6, 3, 'battery', NULL, NULL, 2, 'Tesla Powerwall 2', 1, 7200.00, 0, 7200.00),
    (6, 4, 'labour', NULL, NULL, NULL, 'Installation, MCS certificate, G99 application', 1, 2400.00, 0, 2400.00),
    (6, 5, 'scaffolding', NULL, NULL, NULL, 'Scaffold, front and side elevation', 1, 750.00, 0, 750.00),
    (7, 1, 'battery', NULL, NULL, 2, 'Tesla Powerwall 2', 4, 6500.00, 0, 26000.00),
    (7, 2, 'labour', NULL, NULL, NULL, 'Battery installation and commissioning', 1, 3000.00, 0, 3000.00);

INSERT INTO public.installations (id, quote_id, site_id, lead_installer_id, status, scheduled_start, started_at, completed_at, commissioned_on, system_size_kwp, panel_model_id, panel_count, inverter_model_id, inverter_count, battery_model_id, created_at) VALUES
    (1, 1, 1, 2, 'commissioned', current_date - 20, now() - interval '20 days', now() - interval '18 days', current_date - 15, 9.89, 1, 23, 1, 1, NULL, now() - interval '30 days'),
    (2, 2, 2, 6, 'commissioned', current_date - 40, now() - interval '40 days', now() - interval '39 days', current_date - 35, 5.28, 2, 12, 2, 1, NULL, now() - interval '60 days'),
    (3, 3, 3, 5, 'commissioned', current_date - 110, now() - interval '110 days', now() - interval '100 days', current_date - 90, 110.00, 2, 250, 4, 1, NULL, now() - interval '150 days'),
    (4, 4, 4, 5, 'scheduled', current_date + 10, NULL, NULL, NULL, 6.60, 2, 15, 2, 1, NULL, now() - interval '8 days');

INSERT INTO public.installed_equipment (installation_id, kind, panel_model_id, inverter_model_id, battery_model_id, serial_number, status, installed_at, removed_at, warranty_until)
SELECT 1, 'panel', 1, NULL, NULL, 'LR5' || lpad((230410 + g)::text, 9, '0'), 'active', now() - interval '19 days', NULL, current_date + 365 * 15
FROM generate_series(1, 23) g;

INSERT INTO public.installed_equipment (installation_id, kind, panel_model_id, inverter_model_id, battery_model_id, serial_number, status, installed_at, removed_at, warranty_until)
SELECT 2, 'panel', 2, NULL, NULL, 'JKN' || lpad((771200 + g)::text, 9, '0'), 'active', now() - interval '40 days' + interval '3 hours', NULL, current_date + 365 * 12
FROM generate_series(1, 12) g;

INSERT INTO public.installed_equipment (installation_id, kind, panel_model_id, inverter_model_id, battery_model_id, serial_number, status, installed_at, removed_at, warranty_until)
SELECT 3, 'panel', 2, NULL, NULL, 'JKN' || lpad((655000 + g)::text, 9, '0'),
       CASE WHEN g = 137 THEN 'replaced' ELSE 'active' END,
       now() - interval '106 days',
       CASE WHEN g = 137 THEN now() - interval '30 days' + interval '1 hour' END,
       current_date + 365 * 12
FROM generate_series(1, 250) g;

INSERT INTO public.installed_equipment (installation_id, kind, panel_model_id, inverter_model_id, battery_model_id, serial_number, status, installed_at, removed_at, warranty_until) VALUES
    (1, 'inverter', NULL, 1, NULL, '3010417723', 'active', now() - interval '18 days' - interval '3 hours', NULL, current_date + 365 * 5),
    (2, 'inverter', NULL, 2, NULL, '34118002551', 'active', now() - interval '39 days' - interval '2 hours', NULL, current_date + 365 * 10),
    (3, 'inverter', NULL, 4, NULL, '3019904411', 'active', now() - interval '101 days', NULL, current_date + 365 * 5),
    (3, 'panel', 2, NULL, NULL, 'JKN000781455', 'active', now() - interval '30 days' + interval '1 hour', NULL, current_date + 365 * 12);

INSERT INTO public.grid_applications (id, installation_id, grid_operator_id, operator_reference, application_type, status, submitted_on, decided_on, requested_export_kw, approved_export_kw) VALUES
    (1, 1, 1, 'WN-EEG-2026-184402', 'notification', 'approved', current_date - 29, current_date - 22, 9.89, 9.89),
    (2, 2, 2, 'NPG-G98-55310', 'notification', 'approved', current_date - 34, current_date - 30, 3.68, 3.68),
    (3, 3, 3, 'EE-CON-2026-00917', 'connection', 'approved_with_conditions', current_date - 145, current_date - 125, 100.00, 30.00),
    (4, 4, 4, 'EGX-MEC-7742051', 'connection', 'submitted', current_date - 7, NULL, 5.00, NULL);

INSERT INTO public.generation_meters (id, installation_id, serial_number, manufacturer, installed_on, removed_on) VALUES
    (1, 1, 'EMH-1EMH0012877341', 'EMH metering', current_date - 18, NULL),
    (2, 2, 'EM-24-118842', 'Elster', current_date - 39, NULL),
    (3, 3, 'ED-3104-77125', 'EDMI', current_date - 100, current_date - 40),
    (4, 3, 'ED-3104-80553', 'EDMI', current_date - 40, NULL);

INSERT INTO public.meter_readings (meter_id, read_at, cumulative_kwh, source) VALUES
    (1, now() - interval '17 days', 5.2, 'remote'),
    (1, now() - interval '10 days', 68.4, 'remote'),
    (1, now() - interval '3 days', 131.9, 'remote'),
    (2, now() - interval '38 days', 2.1, 'remote'),
    (2, now() - interval '30 days', 48.3, 'remote'),
    (2, now() - interval '20 days', 95.0, 'manual'),
    (2, now() - interval '5 days', 171.6, 'remote'),
    (3, now() - interval '99 days', 150.0, 'remote'),
    (3, now() - interval '70 days', 17150.0, 'remote'),
    (3, now() - interval '41 days', 34100.0, 'remote'),
    (4, now() - interval '39 days', 480.0, 'remote'),
    (4, now() - interval '20 days', 11900.0, 'remote'),
    (4, now() - interval '1 day', 23500.0, 'remote');

INSERT INTO public.maintenance_visits (id, installation_id, visit_no, technician_id, kind, status, scheduled_at, started_at, ended_at, duration_minutes, findings) VALUES
    (1, 1, 1, 2, 'inspection', 'completed',
        now() - interval '10 days', now() - interval '10 days' + interval '5 minutes', now() - interval '10 days' + interval '90 minutes', 85,
        'Post-install inspection, torque marks checked'),
    (2, 1, 2, 2, 'annual_service', 'scheduled', now() + interval '345 days', NULL, NULL, NULL, NULL),
    (3, 3, 1, 5, 'panel_cleaning', 'completed',
        now() - interval '60 days', now() - interval '60 days', now() - interval '60 days' + interval '4 hours', 240, 'Dust and bird droppings removed'),
    (4, 3, 2, 5, 'fault_repair', 'completed',
        now() - interval '40 days', now() - interval '40 days' + interval '10 minutes', now() - interval '40 days' + interval '160 minutes', 150,
        'Generation meter display failed, meter exchanged'),
    (5, 3, 3, 5, 'warranty_replacement', 'completed',
        now() - interval '30 days', now() - interval '30 days', now() - interval '30 days' + interval '2 hours', 120,
        'Cracked module string 3, replaced under warranty');

INSERT INTO public.invoices (id, invoice_number, customer_id, installation_id, maintenance_visit_id, currency_code, status, issued_on, due_on, net_amount, tax_amount, total_amount, paid_at) VALUES
    (1, 'INV-DE-2026-00388', 1, 1, NULL, 'EUR', 'paid', current_date - 18, current_date - 4, 10025.00, 0.00, 10025.00, now() - interval '9 days'),
    (2, 'INV-GB-2026-00162', 2, 2, NULL, 'GBP', 'paid', current_date - 39, current_date - 25, 5940.00, 0.00, 5940.00, now() - interval '31 days'),
    (3, 'INV-AU-2026-00074', 3, 3, NULL, 'AUD', 'paid', current_date - 100, current_date - 70, 104650.00, 10465.00, 115115.00, now() - interval '76 days'),
    (4, 'INV-AU-2026-00091', 3, 3, 3, 'AUD', 'paid', current_date - 59, current_date - 29, 880.00, 88.00, 968.00, now() - interval '40 days'),
    (5, 'INV-AU-2026-00102', 4, 4, NULL, 'AUD', 'issued', current_date - 7, current_date + 7, 1590.00, 159.00, 1749.00, NULL);

SELECT setval('public.grid_operators_id_seq', 4);
SELECT setval('public.panel_models_id_seq', 3);
SELECT setval('public.inverter_models_id_seq', 4);
SELECT setval('public.battery_models_id_seq', 2);
SELECT setval('public.customers_id_seq', 4);
SELECT setval('public.employees_id_seq', 6);
SELECT setval('public.sites_id_seq', 4);
SELECT setval('public.site_surveys_id_seq', 5);
SELECT setval('public.quotes_id_seq', 7);
SELECT setval('public.installations_id_seq', 4);
SELECT setval('public.grid_applications_id_seq', 4);
SELECT setval('public.generation_meters_id_seq', 4);
SELECT setval('public.maintenance_visits_id_seq', 5);
SELECT setval('public.invoices_id_seq', 5);

COMMIT;
