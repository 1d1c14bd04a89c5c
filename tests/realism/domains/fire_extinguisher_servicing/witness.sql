-- Witness rows for fire_extinguisher_servicing: a reviewer would accept all of these.

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2), ('EUR', 'Euro', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, standard_vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('IE', 'Ireland', 'EUR', '+353', 23.00),
  ('NL', 'Netherlands', 'EUR', '+31', 21.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('US', 'United States', 'USD', '+1', 0.00);

INSERT INTO public.branches (id, name, country_code, city, address_line, postcode, phone, timezone, opened_on) VALUES
  (1, 'Manchester', 'GB', 'Salford', 'Unit 4, Langley Road', 'M6 6JP', '+44 161 555 0100', 'Europe/London', current_date - 4000),
  (2, 'Dublin', 'IE', 'Dublin', 'Unit 12, Ballymount Industrial Estate', 'D12 W6K3', '+353 1 555 0100', 'Europe/Dublin', current_date - 2500);

INSERT INTO public.certification_types (code, name, issuing_body, validity_months) VALUES
  ('FIA_PFE', 'Portable Fire Extinguisher Technician', 'Fire Industry Association', 60),
  ('IS291_TECH', 'IS 291 Extinguisher Service Technician', 'NSAI', 36);

INSERT INTO public.technicians (id, branch_id, employee_number, first_name, last_name, date_of_birth, email, phone, hired_on, left_on, is_active) VALUES
  (1, 1, 'MAN-0012', 'Gareth', 'Holloway', date '1984-03-12', 'g.holloway@example.co.uk', '+44 7700 900123', current_date - 3300, NULL, true),
  (2, 2, 'DUB-0004', 'Aoife', 'Brennan', date '1991-09-27', 'a.brennan@example.ie', '+353 87 555 0142', current_date - 1900, NULL, true),
  (3, 1, 'MAN-0001', 'Derek', 'Sutton', date '1952-06-02', 'd.sutton@example.co.uk', '+44 7700 900456', current_date - 3950, current_date - 1500, false);

INSERT INTO public.technician_certifications (id, technician_id, certification_type_code, certificate_number, issued_on, expires_on) VALUES
  (1, 1, 'FIA_PFE', 'FIA-PFE-118273', current_date - 3200, current_date - 1375),
  (2, 1, 'FIA_PFE', 'FIA-PFE-204411', current_date - 1375, current_date + 450),
  (3, 2, 'IS291_TECH', 'NSAI-291-55820', current_date - 400, current_date + 695),
  (4, 3, 'FIA_PFE', 'FIA-PFE-099120', current_date - 3900, current_date - 2075);

INSERT INTO public.vehicles (id, branch_id, registration, make, model, first_registered_on, assigned_technician_id) VALUES
  (1, 1, 'MA21 XKD', 'Ford', 'Transit Custom', current_date - 1500, 1),
  (2, 2, '221-D-12345', 'Renault', 'Trafic', current_date - 1100, 2);

INSERT INTO public.vehicle_odometer_readings (id, vehicle_id, read_at, odometer_km, recorded_by) VALUES
  (1, 1, now() - interval '60 days', 48210, 1),
  (2, 1, now() - interval '30 days', 50102, 1),
  (3, 1, now() - interval '2 days', 51980, 1),
  (4, 2, now() - interval '45 days', 23000, 2),
  (5, 2, now() - interval '10 days', 24810, 2);

INSERT INTO public.customers (id, legal_name, country_code, vat_number, billing_email, phone, payment_terms_days, created_at) VALUES
  (1, 'Northwest Foods Ltd', 'GB', 'GB123456789', 'accounts@nwfoods.example.co.uk', '+44 161 496 0123', 30, now() - interval '1000 days'),
  (2, 'Liffey Logistics DAC', 'IE', 'IE6388047V', 'ap@liffeylogistics.example.ie', '+353 1 555 0198', 30, now() - interval '210 days'),
  (3, 'Havenkade Opslag B.V.', 'NL', 'NL123456789B01', 'finance@havenkade.example.nl', '+31 10 555 0199', 45, now() - interval '120 days'),
  (4, 'Rheinmetallbau GmbH', 'DE', 'DE129273398', 'buchhaltung@rmb.example.de', '+49 221 5550123', 30, now() - interval '90 days');

INSERT INTO public.sites (id, customer_id, branch_id, name, address_line, city, postcode, country_code, contact_name, contact_phone) VALUES
  (1, 1, 1, 'Trafford Park distribution centre', '30 Westinghouse Road', 'Manchester', 'M17 1PY', 'GB', 'Sandra Kelly', '+44 161 496 0456'),
  (2, 2, 2, 'Ballymount warehouse', 'Unit 7, Ballymount Road Upper', 'Dublin', 'D12 X9Y7', 'IE', 'Ciaran Doyle', '+353 1 555 0142'),
  (3, 3, 1, 'Waalhaven depot', 'Waalhaven Oostzijde 12', 'Rotterdam', '3087 BM', 'NL', 'Joost de Vries', '+31 10 555 0177');

INSERT INTO public.manufacturers (id, name, country_code, website) VALUES
  (1, 'Gloria', 'DE', 'https://www.gloria.de'),
  (2, 'Amerex', 'US', 'https://www.amerex-fire.com'),
  (3, 'Britannia Fire', 'GB', 'https://www.britannia-fire.co.uk');

INSERT INTO public.extinguisher_types (code, agent, description, fire_classes, label_colour) VALUES
  ('ABC_PWD', 'powder', 'ABC dry powder', 'A,B,C,electrical', 'blue'),
  ('CO2', 'co2', 'Carbon dioxide', 'B,electrical', 'black'),
  ('WATER', 'water', 'Water with additive', 'A', 'red'),
  ('AFFF', 'foam', 'AFFF foam', 'A,B', 'cream'),
  ('WETCHEM', 'wet_chemical', 'Wet chemical', 'A,F', 'yellow');

INSERT INTO public.products (id, sku, manufacturer_id, extinguisher_type_code, name, charge_size, charge_unit, gross_weight_kg, list_price, currency_code) VALUES
  (1, 'GL-PD6', 1, 'ABC_PWD', 'Gloria PD6 GA 6 kg ABC powder', 6.00, 'kg', 9.40, 45.00, 'GBP'),
  (2, 'BF-CO2-2', 3, 'CO2', 'Britannia P50 2 kg CO2', 2.00, 'kg', 6.20, 62.50, 'GBP'),
  (3, 'AM-CO2-5', 2, 'CO2', 'Amerex 5 kg CO2', 5.00, 'kg', 14.50, 118.00, 'GBP'),
  (4, 'BF-W9', 3, 'WATER', 'Britannia P50 9 l water additive', 9.00, 'l', 12.80, 58.00, 'GBP'),
  (5, 'GL-S6', 1, 'AFFF', 'Gloria S6 6 l AFFF foam', 6.00, 'l', 9.60, 55.00, 'GBP'),
  (6, 'AM-WC6', 2, 'WETCHEM', 'Amerex 6 l wet chemical', 6.00, 'l', 9.80, 96.00, 'GBP');

INSERT INTO public.assets (id, site_id, product_id, serial_number, manufactured_on, installed_on, location_description, status) VALUES
  (1, 1, 1, 'GL21-0049913', current_date - 1600, current_date - 1550, 'Loading bay 1, by door', 'in_service'),
  (2, 1, 2, 'BF20-2211873', current_date - 1700, current_date - 1550, 'Server room entrance', 'in_service'),
  (3, 1, 4, 'BF22-3318204', current_date - 900, current_date - 870, 'Ground floor office, fire point A', 'in_service'),
  (4, 1, 5, 'GL22-0071552', current_date - 880, current_date - 870, 'Canteen, fire point B', 'in_service'),
  (5, 2, 1, 'GL23-0102218', current_date - 300, current_date - 190, 'Goods in, column C4', 'in_service'),
  (6, 2, 3, 'AM23-5530981', current_date - 310, current_date - 190, 'Plant room', 'in_service'),
  (7, 2, 6, 'AM23-7710442', current_date - 305, current_date - 190, 'Staff kitchen', 'in_service'),
  (8, 2, 1, 'GL23-0102219', current_date - 300, current_date - 190, 'Dispatch, column F2', 'in_service');

INSERT INTO public.service_contracts (id, customer_id, renewal_no, contract_number, start_date, end_date, visits_per_year, annual_fee, currency_code, status, signed_at) VALUES
  (1, 1, 1, 'SC-GB-00412', current_date - 1000, current_date - 635, 1, 480.00, 'GBP', 'expired', now() - interval '1010 days'),
  (2, 1, 2, 'SC-GB-00412-R1', current_date - 635, current_date - 270, 1, 495.00, 'GBP', 'expired', now() - interval '650 days'),
  (3, 1, 3, 'SC-GB-00412-R2', current_date - 270, current_date + 95, 1, 510.00, 'GBP', 'active', now() - interval '280 days'),
  (4, 2, 1, 'SC-IE-00077', current_date - 200, current_date + 165, 2, 640.00, 'EUR', 'active', now() - interval '205 days');

-- Visit times are built in the branch's local time on fixed weekdays relative to the current week.
INSERT INTO public.service_visits (id, site_id, contract_id, technician_id, visit_type, scheduled_start, started_at, finished_at, status, customer_signature_name) VALUES
  (1, 1, 3, 1, 'annual_service',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 days' + interval '9 hours') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 days' + interval '9 hours 10 minutes') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 days' + interval '11 hours 40 minutes') AT TIME ZONE 'Europe/London',
   'completed', 'S. Kelly'),
  (2, 2, 4, 2, 'annual_service',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Dublin') - interval '11 days' + interval '10 hours') AT TIME ZONE 'Europe/Dublin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Dublin') - interval '11 days' + interval '10 hours 5 minutes') AT TIME ZONE 'Europe/Dublin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Dublin') - interval '11 days' + interval '12 hours 30 minutes') AT TIME ZONE 'Europe/Dublin',
   'completed', 'C. Doyle'),
  (3, 1, 3, 1, 'annual_service',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') + interval '16 days' + interval '9 hours 30 minutes') AT TIME ZONE 'Europe/London',
   NULL, NULL, 'scheduled', NULL),
  (4, 2, 4, 2, 'annual_service',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Dublin') - interval '21 days' + interval '14 hours') AT TIME ZONE 'Europe/Dublin',
   NULL, NULL, 'cancelled', NULL),
  (5, 1, 3, 1, 'callout',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '2 days' + interval '21 hours') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '2 days' + interval '21 hours 15 minutes') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '2 days' + interval '21 hours 55 minutes') AT TIME ZONE 'Europe/London',
   'completed', 'Night shift supervisor'),
  (6, 3, NULL, 1, 'installation',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 days' + interval '13 hours') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 days' + interval '13 hours 20 minutes') AT TIME ZONE 'Europe/London',
   NULL, 'no_access', NULL);

INSERT INTO public.asset_inspections (id, visit_id, asset_id, inspected_at, result, pressure_bar, gross_weight_kg, seal_intact, next_due_on) VALUES
  (1, 1, 1, (SELECT started_at + interval '15 minutes' FROM public.service_visits WHERE id = 1), 'pass', 15.00, 9.40, true, current_date + 358),
  (2, 1, 2, (SELECT started_at + interval '35 minutes' FROM public.service_visits WHERE id = 1), 'pass', NULL, 6.18, true, current_date + 358),
  (3, 1, 3, (SELECT started_at + interval '60 minutes' FROM public.service_visits WHERE id = 1), 'serviced', 14.50, 12.80, true, current_date + 358),
  (4, 1, 4, (SELECT started_at + interval '90 minutes' FROM public.service_visits WHERE id = 1), 'pass', 14.80, 9.60, true, current_date + 358),
  (5, 2, 5, (SELECT started_at + interval '20 minutes' FROM public.service_visits WHERE id = 2), 'pass', 15.10, 9.40, true, current_date + 170),
  (6, 2, 6, (SELECT started_at + interval '45 minutes' FROM public.service_visits WHERE id = 2), 'pass', NULL, 14.45, true, current_date + 170),
  (7, 2, 7, (SELECT started_at + interval '70 minutes' FROM public.service_visits WHERE id = 2), 'failed', 9.20, 9.80, false, current_date + 14),
  (8, 2, 8, (SELECT started_at + interval '95 minutes' FROM public.service_visits WHERE id = 2), 'pass', 15.00, 9.40, true, current_date + 170),
  (9, 5, 1, (SELECT started_at + interval '20 minutes' FROM public.service_visits WHERE id = 5), 'pass', 15.00, 9.40, true, current_date + 358);

INSERT INTO public.defect_codes (code, description, severity) VALUES
  ('PRESS_LOW', 'Gauge pressure below green band', 'major'),
  ('SEAL_BROKEN', 'Tamper seal missing or broken', 'minor'),
  ('CORROSION', 'Cylinder corrosion', 'critical');

INSERT INTO public.inspection_defects (id, inspection_id, defect_code, remedied, comment) VALUES
  (1, 7, 'PRESS_LOW', false, 'Discharged partially, unit to be recharged at workshop'),
  (2, 7, 'SEAL_BROKEN', true, 'New seal fitted');

INSERT INTO public.sales_orders (id, order_number, customer_id, ship_to_site_id, ordered_at, shipped_at, delivered_at, status, currency_code, subtotal, tax_amount, total_amount) VALUES
  (1, 'SO-24-001873', 1, 1, now() - interval '40 days', now() - interval '38 days', now() - interval '37 days', 'delivered', 'GBP', 292.50, 58.50, 351.00),
  (2, 'SO-24-001902', 2, 2, now() - interval '12 days', now() - interval '10 days', NULL, 'shipped', 'EUR', 165.00, 37.95, 202.95);

INSERT INTO public.sales_order_lines (id, order_id, line_no, product_id, quantity, unit_price, discount_pct, line_total) VALUES
  (1, 1, 1, 1, 4, 45.00, 0, 180.00),
  (2, 1, 2, 2, 2, 62.50, 10, 112.50),
  (3, 2, 1, 5, 3, 55.00, 0, 165.00);

INSERT INTO public.invoices (id, invoice_number, customer_id, sales_order_id, visit_id, issued_on, due_on, currency_code, net_amount, tax_amount, gross_amount, status) VALUES
  (1, 'INV-GB-10442', 1, 1, NULL, current_date - 37, current_date - 7, 'GBP', 292.50, 58.50, 351.00, 'paid'),
  (2, 'INV-IE-02210', 2, NULL, 2, current_date - 10, current_date + 20, 'EUR', 320.00, 73.60, 393.60, 'open');

INSERT INTO public.payments (id, invoice_id, paid_at, amount, method, reference) VALUES
  (1, 1, now() - interval '9 days', 351.00, 'bank_transfer', 'NWF 10442');
