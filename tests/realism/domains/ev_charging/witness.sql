BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('NOK', 'Norwegian krone', 2), ('GBP', 'Pound sterling', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, time_zone, standard_vat_rate) VALUES
  ('DE', 'Germany', 'EUR', '+49', 'Europe/Berlin', 19.00),
  ('FR', 'France', 'EUR', '+33', 'Europe/Paris', 20.00),
  ('NO', 'Norway', 'NOK', '+47', 'Europe/Oslo', 25.00),
  ('NL', 'Netherlands', 'EUR', '+31', 'Europe/Amsterdam', 21.00);

INSERT INTO public.charger_models (id, manufacturer, model_name, current_type, max_power_kw, connector_count) VALUES
  (1, 'Alpitronic', 'hypercharger HYC300', 'DC', 300.0, 2),
  (2, 'ABB', 'Terra AC W22', 'AC', 22.0, 1);

INSERT INTO public.sites (id, country_code, name, street, city, postcode, latitude, longitude, opened_on, status) VALUES
  (1, 'DE', 'Berlin Schönefeld Park', 'Mittelstraße 12', 'Berlin', '12529', 52.391200, 13.515300, (now() - interval '2 years')::date, 'active'),
  (2, 'FR', 'Lyon Part-Dieu', '17 Rue du Docteur Bouchut', 'Lyon', '69003', 45.760600, 4.859800, (now() - interval '500 days')::date, 'active'),
  (3, 'NO', 'Oslo Økern', 'Økernveien 145', 'Oslo', '0580', 59.927600, 10.806600, (now() - interval '400 days')::date, 'active');

INSERT INTO public.chargers (id, site_id, model_id, serial_number, commissioned_at, status) VALUES
  (1, 1, 1, 'HYC300-22-004817', now() - interval '700 days', 'available'),
  (2, 1, 2, 'TAC-W22-5B91022', now() - interval '700 days', 'available'),
  (3, 2, 1, 'HYC300-23-007204', now() - interval '480 days', 'available'),
  (4, 3, 2, 'TAC-W22-5C10388', now() - interval '390 days', 'available');

INSERT INTO public.connectors (id, charger_id, connector_no, evse_id, connector_type, max_power_kw) VALUES
  (1, 1, 1, 'DE*VLT*E1001*1', 'CCS2', 300.0),
  (2, 1, 2, 'DE*VLT*E1001*2', 'CHADEMO', 50.0),
  (3, 2, 1, 'DE*VLT*E1002*1', 'TYPE2', 22.0),
  (4, 3, 1, 'FR*VLT*E2001*1', 'CCS2', 300.0),
  (5, 4, 1, 'NO*VLT*E3001*1', 'TYPE2', 22.0);

INSERT INTO public.meter_readings (id, charger_id, read_at, energy_register_kwh, source) VALUES
  (1, 1, now() - interval '21 days', 15230.500, 'ocpp'),
  (2, 1, now() - interval '14 days', 15300.500, 'ocpp'),
  (3, 1, now() - interval '3 days', 15333.500, 'ocpp'),
  (4, 2, now() - interval '19 days', 8020.000, 'ocpp'),
  (5, 2, now() - interval '1 day', 8098.500, 'ocpp'),
  (6, 3, now() - interval '7 days', 41277.250, 'manual');

INSERT INTO public.customers (id, country_code, first_name, last_name, email, phone, date_of_birth, created_at) VALUES
  (1, 'DE', 'Jonas', 'Becker', 'jonas.becker@example.de', '+49 151 23456789', '1984-03-17', now() - interval '300 days'),
  (2, 'FR', 'Camille', 'Moreau', 'camille.moreau@example.fr', '+33 6 12 34 56 78', '1991-11-02', now() - interval '250 days'),
  (3, 'NO', 'Ingrid', 'Haugen', 'ingrid.haugen@example.no', '+47 912 34 567', '1977-06-29', now() - interval '420 days');

INSERT INTO public.vehicles (id, customer_id, make, model, battery_kwh, registration_plate, added_at) VALUES
  (1, 1, 'Volkswagen', 'ID.4 Pro', 77.0, 'B-JB 4821E', now() - interval '300 days'),
  (2, 2, 'Renault', 'Megane E-Tech', 60.0, 'GH-482-KT', now() - interval '250 days'),
  (3, 3, 'Tesla', 'Model Y Long Range', 75.0, 'EL 12345', now() - interval '420 days');

INSERT INTO public.rfid_cards (id, customer_id, uid, issued_at, status) VALUES
  (1, 1, '04A1B2C3D4E580', now() - interval '298 days', 'active'),
  (2, 2, '04F7E6D5C4B390', now() - interval '248 days', 'active'),
  (3, 3, '9C3E21AF', now() - interval '418 days', 'active');

INSERT INTO public.subscription_plans (id, country_code, currency_code, name, monthly_fee, kwh_discount_pct) VALUES
  (1, 'DE', 'EUR', 'Volta Plus', 4.99, 15.00),
  (2, 'NO', 'NOK', 'Volta Plus', 59.00, 15.00);

INSERT INTO public.subscriptions (id, customer_id, plan_id, valid_from, valid_to, status) VALUES
  (1, 1, 1, (now() - interval '100 days')::date, NULL, 'active'),
  (2, 3, 2, (now() - interval '300 days')::date, (now() - interval '60 days')::date, 'ended');

INSERT INTO public.tariffs (id, country_code, currency_code, name, current_type, price_per_kwh, session_fee, idle_fee_per_minute, valid_from, valid_to) VALUES
  (1, 'DE', 'EUR', 'DE HPC 2025', 'DC', 0.6900, 0.00, 0.1000, now() - interval '400 days', now() - interval '200 days'),
  (2, 'DE', 'EUR', 'DE HPC 2026', 'DC', 0.5900, 0.00, 0.1000, now() - interval '200 days', NULL),
  (3, 'DE', 'EUR', 'DE AC', 'AC', 0.4500, 0.00, 0.0000, now() - interval '400 days', NULL),
  (4, 'FR', 'EUR', 'FR HPC', 'DC', 0.4900, 0.00, 0.2000, now() - interval '300 days', NULL),
  (5, 'NO', 'NOK', 'NO AC', 'AC', 4.9000, 0.00, 0.0000, now() - interval '300 days', NULL);

INSERT INTO public.charging_sessions (id, connector_id, customer_id, card_id, vehicle_id, tariff_id, started_at, ended_at, duration_minutes, energy_kwh, status, stop_reason) VALUES
  (1, 1, 1, 1, 1, 2, now() - interval '20 days', now() - interval '20 days' + interval '35 minutes', 35, 40.000, 'completed', 'ev_disconnected'),
  (2, 1, 1, 1, 1, 2, now() - interval '15 days', now() - interval '15 days' + interval '28 minutes', 28, 30.000, 'completed', 'local'),
  (3, 2, 1, 1, 1, 2, now() - interval '12 days', now() - interval '12 days' + interval '1 minute', NULL, 0.000, 'failed', 'ev_communication_error'),
  (4, 3, 1, 1, 1, 3, now() - interval '10 days', now() - interval '10 days' + interval '180 minutes', 180, 22.000, 'completed', 'ev_disconnected'),
  (5, 4, 2, 2, 2, 4, now() - interval '18 days', now() - interval '18 days' + interval '40 minutes', 40, 50.000, 'completed', 'local'),
  (6, 4, 2, 2, 2, 4, now() - interval '9 days', now() - interval '9 days' + interval '25 minutes', 25, 28.500, 'completed', 'local'),
  (7, 5, 3, 3, 3, 5, now() - interval '8 days', now() - interval '8 days' + interval '300 minutes', 300, 35.200, 'completed', 'ev_disconnected'),
  (8, 5, 3, 3, 3, 5, now() - interval '6 days', now() - interval '6 days' + interval '240 minutes', 240, 30.100, 'completed', 'ev_disconnected'),
  (9, 1, 2, 2, 2, 2, now() - interval '5 days', now() - interval '5 days' + interval '30 minutes', 30, 33.000, 'completed', 'local'),
  (10, 3, 3, 3, 3, 3, now() - interval '4 days', now() - interval '4 days' + interval '120 minutes', 120, 15.400, 'completed', 'ev_disconnected'),
  (11, 4, 1, 1, 1, 4, now() - interval '2 days', now() - interval '2 days' + interval '20 minutes', 20, 18.000, 'completed', 'local'),
  (12, 1, 1, 1, 1, 2, now() - interval '40 minutes', NULL, NULL, 12.300, 'charging', NULL);

INSERT INTO public.invoices (id, customer_id, currency_code, invoice_number, period_start, period_end, issued_at, due_on, net_amount, vat_amount, total_amount, status) VALUES
  (1, 1, 'EUR', 'VLT-DE-2026-000481', (now() - interval '31 days')::date, (now() - interval '14 days')::date, now() - interval '13 days', (now() - interval '1 day')::date, 41.30, 7.85, 49.15, 'paid'),
  (2, 2, 'EUR', 'VLT-FR-2026-000212', (now() - interval '20 days')::date, (now() - interval '4 days')::date, now() - interval '3 days', (now() + interval '11 days')::date, 38.47, 7.69, 46.16, 'issued'),
  (3, 3, 'NOK', 'VLT-NO-2026-000097', (now() - interval '10 days')::date, (now() - interval '3 days')::date, now() - interval '2 days', (now() + interval '12 days')::date, 319.97, 79.99, 399.96, 'issued');

INSERT INTO public.invoice_lines (id, invoice_id, line_no, session_id, description, quantity, unit_price, amount) VALUES
  (1, 1, 1, 1, 'Charging Berlin Schönefeld Park, 40.000 kWh', 40.000, 0.5900, 23.60),
  (2, 1, 2, 2, 'Charging Berlin Schönefeld Park, 30.000 kWh', 30.000, 0.5900, 17.70),
  (3, 2, 1, 5, 'Recharge Lyon Part-Dieu, 50.000 kWh', 50.000, 0.4900, 24.50),
  (4, 2, 2, 6, 'Recharge Lyon Part-Dieu, 28.500 kWh', 28.500, 0.4900, 13.97),
  (5, 3, 1, 7, 'Lading Oslo Økern, 35.200 kWh', 35.200, 4.9000, 172.48),
  (6, 3, 2, 8, 'Lading Oslo Økern, 30.100 kWh', 30.100, 4.9000, 147.49);

INSERT INTO public.payments (id, invoice_id, paid_at, amount, method, status) VALUES
  (1, 1, now() - interval '10 days', 49.15, 'sepa_debit', 'succeeded');

INSERT INTO public.technicians (id, country_code, first_name, last_name, phone, hired_on, date_of_birth) VALUES
  (1, 'DE', 'Markus', 'Schneider', '+49 170 9876543', (now() - interval '3 years')::date, '1988-09-14'),
  (2, 'FR', 'Julien', 'Lefebvre', '+33 6 98 76 54 32', (now() - interval '2 years')::date, '1993-02-05');

INSERT INTO public.maintenance_visits (id, charger_id, technician_id, visit_no, kind, scheduled_at, started_at, finished_at, status, notes) VALUES
  (1, 1, 1, 1, 'preventive',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '14 days' + interval '1 day 10 hours') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '14 days' + interval '1 day 10 hours 5 minutes') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '14 days' + interval '1 day 11 hours 35 minutes') AT TIME ZONE 'Europe/Berlin',
   'done', 'Filter change, cable check'),
  (2, 1, 1, 2, 'inspection',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') + interval '7 days' + interval '2 days 9 hours') AT TIME ZONE 'Europe/Berlin',
   NULL, NULL, 'scheduled', NULL),
  (3, 3, 2, 1, 'repair',
   now() - interval '30 days', now() - interval '30 days' + interval '20 minutes', now() - interval '30 days' + interval '2 hours', 'done', 'Replaced CCS2 cable'),
  (4, 3, 2, 2, 'preventive',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Paris') - interval '7 days' + interval '3 days 14 hours') AT TIME ZONE 'Europe/Paris',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Paris') - interval '7 days' + interval '3 days 14 hours 10 minutes') AT TIME ZONE 'Europe/Paris',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Paris') - interval '7 days' + interval '3 days 15 hours 30 minutes') AT TIME ZONE 'Europe/Paris',
   'done', 'Annual service');

COMMIT;
