-- Witness rows for auto_repair_garages; all dates relative to now().
INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44'),
  ('IE', 'Ireland', 'EUR', '+353');

INSERT INTO public.tax_rates (id, country_code, rate_percent, valid_from, valid_to) VALUES
  (1, 'GB', 20.00, '2011-01-04', NULL),
  (2, 'IE', 23.00, '2012-01-01', '2020-08-31'),
  (3, 'IE', 21.00, '2020-09-01', '2021-02-28'),
  (4, 'IE', 23.00, '2021-03-01', NULL);

INSERT INTO public.garages (id, name, country_code, city, street, postcode, phone, time_zone, bay_count, opened_on) VALUES
  (1, 'Camden Autocare', 'GB', 'London', '120 Kentish Town Road', 'NW1 9QP', '+44 20 7946 0000', 'Europe/London', 6, '2009-05-01'),
  (2, 'Ballsbridge Motors', 'IE', 'Dublin', '14 Shelbourne Road', 'D04 K7W2', '+353 1 555 0100', 'Europe/Dublin', 4, '2014-03-17');

INSERT INTO public.mechanics (id, garage_id, first_name, last_name, date_of_birth, hired_on, left_on, grade, hourly_rate) VALUES
  (1, 1, 'James', 'Wilson', '1980-06-14', '2015-02-02', NULL, 'master_technician', 80.00),
  (2, 2, 'Aoife', 'Kelly', '1993-09-21', '2018-08-20', NULL, 'technician', 70.00);

INSERT INTO public.customers (id, first_name, last_name, email, phone, country_code, city, postcode, date_of_birth, created_at) VALUES
  (1, 'Oliver', 'Bennett', 'oliver.bennett@example.co.uk', '+44 20 7946 0958', 'GB', 'London', 'SW1A 1AA', '1984-03-12', now() - interval '3 years'),
  (2, 'Amelia', 'Clarke', 'amelia.clarke@example.co.uk', '+44 161 496 0321', 'GB', 'Manchester', 'M1 1AE', '1991-07-30', now() - interval '2 years'),
  (3, 'Seán', 'Murphy', 'sean.murphy@example.ie', '+353 1 555 0142', 'IE', 'Dublin', 'D02 X285', '1976-11-02', now() - interval '18 months');

INSERT INTO public.vehicle_makes (id, name) VALUES (1, 'Ford'), (2, 'Volkswagen'), (3, 'Tesla'), (4, 'Honda');

INSERT INTO public.vehicle_models (id, make_id, name, body_type, fuel_type, engine_cc) VALUES
  (1, 1, 'Fiesta', 'hatchback', 'petrol', 999),
  (2, 2, 'Golf Estate', 'estate', 'diesel', 1968),
  (3, 3, 'Model 3', 'saloon', 'electric', NULL),
  (4, 1, 'Transit', 'van', 'diesel', 1995),
  (5, 4, 'CB500F', 'motorcycle', 'petrol', 471);

INSERT INTO public.vehicles (id, customer_id, model_id, vin, registration_plate, model_year, colour, created_at) VALUES
  (1, 1, 1, 'WF0JXXGAHJR123456', 'LF18 KXT', 2018, 'blue', now() - interval '3 years' + interval '1 day'),
  (2, 2, 2, 'WVWZZZAUZLW654321', 'MA70 BDV', 2020, 'grey', now() - interval '2 years' + interval '1 day'),
  (3, 3, 3, '5YJ3E1EA1MF123456', '211-D-4521', 2021, 'white', now() - interval '18 months' + interval '1 day'),
  (4, 2, 4, 'WF0XXXTTGGA123456', 'MK16 VNR', 2016, 'white', now() - interval '2 years' + interval '2 days');

INSERT INTO public.odometer_readings (id, vehicle_id, read_at, mileage_km, source) VALUES
  (1, 1, now() - interval '400 days', 31200, 'inspection'),
  (2, 1, now() - interval '100 days', 38900, 'customer'),
  (3, 1, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '09:05') AT TIME ZONE 'Europe/London'), 41250, 'work_order'),
  (4, 3, now() - interval '300 days', 22100, 'customer'),
  (5, 3, (((date_trunc('week', now())::date + (-1)*7 + 1) + time '10:05') AT TIME ZONE 'Europe/Dublin'), 34870, 'work_order');

INSERT INTO public.service_types (id, code, name, standard_hours, list_price) VALUES
  (1, 'FULL_SERVICE', 'Full service', 2.50, 220.00),
  (2, 'OIL_CHANGE', 'Oil and filter change', 0.50, 60.00),
  (3, 'BRAKE_PADS', 'Front brake pads', 1.50, 150.00),
  (4, 'MOT', 'MOT test', 1.00, 54.85);

INSERT INTO public.appointments (id, garage_id, customer_id, vehicle_id, service_type_id, scheduled_start, scheduled_end, status, created_at, cancelled_at) VALUES
  (1, 1, 1, 1, 1, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '09:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-2)*7 + 0) + time '11:30') AT TIME ZONE 'Europe/London'), 'completed', (((date_trunc('week', now())::date + (-2)*7 + 0) + time '09:00') AT TIME ZONE 'Europe/London') - interval '10 days', NULL),
  (2, 2, 3, 3, 3, (((date_trunc('week', now())::date + (-1)*7 + 1) + time '10:00') AT TIME ZONE 'Europe/Dublin'), (((date_trunc('week', now())::date + (-1)*7 + 1) + time '12:30') AT TIME ZONE 'Europe/Dublin'), 'completed', (((date_trunc('week', now())::date + (-1)*7 + 1) + time '10:00') AT TIME ZONE 'Europe/Dublin') - interval '6 days', NULL),
  (3, 1, 2, 2, 2, (((date_trunc('week', now())::date + (-3)*7 + 2) + time '08:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-3)*7 + 2) + time '09:00') AT TIME ZONE 'Europe/London'), 'completed', (((date_trunc('week', now())::date + (-3)*7 + 2) + time '08:00') AT TIME ZONE 'Europe/London') - interval '12 days', NULL),
  (4, 1, 1, 1, 4, (((date_trunc('week', now())::date + (-4)*7 + 3) + time '14:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-4)*7 + 3) + time '15:00') AT TIME ZONE 'Europe/London'), 'completed', (((date_trunc('week', now())::date + (-4)*7 + 3) + time '14:00') AT TIME ZONE 'Europe/London') - interval '9 days', NULL),
  (5, 1, 2, 4, 1, (((date_trunc('week', now())::date + (-5)*7 + 4) + time '13:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-5)*7 + 4) + time '15:30') AT TIME ZONE 'Europe/London'), 'completed', (((date_trunc('week', now())::date + (-5)*7 + 4) + time '13:00') AT TIME ZONE 'Europe/London') - interval '20 days', NULL),
  (6, 1, 1, 1, 2, (((date_trunc('week', now())::date + (-6)*7 + 5) + time '08:30') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-6)*7 + 5) + time '09:30') AT TIME ZONE 'Europe/London'), 'completed', (((date_trunc('week', now())::date + (-6)*7 + 5) + time '08:30') AT TIME ZONE 'Europe/London') - interval '4 days', NULL),
  (7, 1, 2, 2, 3, (((date_trunc('week', now())::date + (-7)*7 + 0) + time '15:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-7)*7 + 0) + time '17:00') AT TIME ZONE 'Europe/London'), 'completed', (((date_trunc('week', now())::date + (-7)*7 + 0) + time '15:00') AT TIME ZONE 'Europe/London') - interval '15 days', NULL),
  (8, 1, 2, 2, 1, (((date_trunc('week', now())::date + (-2)*7 + 2) + time '11:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-2)*7 + 2) + time '13:30') AT TIME ZONE 'Europe/London'), 'cancelled', (((date_trunc('week', now())::date + (-2)*7 + 2) + time '11:00') AT TIME ZONE 'Europe/London') - interval '14 days', (((date_trunc('week', now())::date + (-2)*7 + 2) + time '11:00') AT TIME ZONE 'Europe/London') - interval '3 days'),
  (9, 1, 1, 1, 1, (((date_trunc('week', now())::date + (2)*7 + 2) + time '10:00') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (2)*7 + 2) + time '12:30') AT TIME ZONE 'Europe/London'), 'confirmed', now() - interval '1 day', NULL),
  (10, 2, 3, 3, 2, (((date_trunc('week', now())::date + (3)*7 + 3) + time '09:00') AT TIME ZONE 'Europe/Dublin'), (((date_trunc('week', now())::date + (3)*7 + 3) + time '09:30') AT TIME ZONE 'Europe/Dublin'), 'requested', now() - interval '2 hours', NULL);

INSERT INTO public.work_orders (id, appointment_id, garage_id, vehicle_id, opened_at, closed_at, status, odometer_km) VALUES
  (1, 1, 1, 1, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '09:05') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-2)*7 + 0) + time '11:30') AT TIME ZONE 'Europe/London'), 'completed', 41250),
  (2, 2, 2, 3, (((date_trunc('week', now())::date + (-1)*7 + 1) + time '10:05') AT TIME ZONE 'Europe/Dublin'), (((date_trunc('week', now())::date + (-1)*7 + 1) + time '12:20') AT TIME ZONE 'Europe/Dublin'), 'completed', 34870);

INSERT INTO public.work_order_lines (id, work_order_id, line_no, service_type_id, mechanic_id, description, labour_hours, labour_amount, started_at, finished_at) VALUES
  (1, 1, 1, 1, 1, 'Full service incl. fluids check', 1.50, 120.00, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '09:10') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-2)*7 + 0) + time '10:40') AT TIME ZONE 'Europe/London')),
  (2, 1, 2, 3, 1, 'Replace front brake pads', 0.50, 40.00, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '10:45') AT TIME ZONE 'Europe/London'), (((date_trunc('week', now())::date + (-2)*7 + 0) + time '11:15') AT TIME ZONE 'Europe/London')),
  (3, 2, 1, 3, 2, 'Replace front brake pads and clean calipers', 2.00, 140.00, (((date_trunc('week', now())::date + (-1)*7 + 1) + time '10:10') AT TIME ZONE 'Europe/Dublin'), (((date_trunc('week', now())::date + (-1)*7 + 1) + time '12:10') AT TIME ZONE 'Europe/Dublin'));

INSERT INTO public.part_suppliers (id, name, country_code, email) VALUES
  (1, 'Euro Car Parts', 'GB', 'trade@example-ecp.co.uk');

INSERT INTO public.parts (id, part_number, name, category, supplier_id, unit_cost, list_price, weight_kg) VALUES
  (1, 'BP-FD-1042', 'Front brake pad set, Ford Fiesta', 'brakes', 1, 28.00, 45.00, 1.200),
  (2, 'OIL-5W30-1L', 'Engine oil 5W-30, 1 litre', 'fluids', 1, 6.50, 12.00, 0.900),
  (3, 'BP-TS-3301', 'Front brake pad set, Tesla Model 3', 'brakes', 1, 38.00, 60.00, 1.600);

INSERT INTO public.garage_stock (garage_id, part_id, quantity_on_hand, reorder_level) VALUES
  (1, 1, 4, 2), (1, 2, 40, 20), (2, 3, 3, 2);

INSERT INTO public.work_order_parts (id, work_order_id, part_id, quantity, unit_price, line_total) VALUES
  (1, 1, 1, 1, 45.00, 45.00),
  (2, 1, 2, 5, 12.00, 60.00),
  (3, 2, 3, 1, 60.00, 60.00);

INSERT INTO public.invoices (id, work_order_id, invoice_number, currency_code, issued_at, due_on, subtotal, tax_amount, total, status) VALUES
  (1, 1, 'GB-000101', 'GBP', (((date_trunc('week', now())::date + (-2)*7 + 0) + time '11:35') AT TIME ZONE 'Europe/London'), (date_trunc('week', now())::date - 14), 265.00, 53.00, 318.00, 'paid'),
  (2, 2, 'IE-000057', 'EUR', (((date_trunc('week', now())::date + (-1)*7 + 1) + time '12:30') AT TIME ZONE 'Europe/Dublin'), (date_trunc('week', now())::date - 7 + 1 + 30), 200.00, 46.00, 246.00, 'issued');

INSERT INTO public.payments (id, invoice_id, paid_at, amount, method, status, reference) VALUES
  (1, 1, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '11:38') AT TIME ZONE 'Europe/London'), 318.00, 'card', 'failed', 'AUTH-DECLINED-0051'),
  (2, 1, (((date_trunc('week', now())::date + (-2)*7 + 0) + time '11:40') AT TIME ZONE 'Europe/London'), 318.00, 'card', 'succeeded', 'AUTH-0052');

INSERT INTO public.inspections (id, vehicle_id, garage_id, mechanic_id, inspected_at, odometer_km, result, expires_on) VALUES
  (1, 1, 1, 1, now() - interval '400 days', 31200, 'pass_with_advisories', (now() - interval '400 days')::date + 365);
