BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, dial_code, mcc, currency_code) VALUES
  ('GB', 'United Kingdom', '+44', '234', 'GBP'),
  ('DE', 'Germany', '+49', '262', 'EUR'),
  ('FR', 'France', '+33', '208', 'EUR'),
  ('ES', 'Spain', '+34', '214', 'EUR');

INSERT INTO public.tax_rates (id, country_code, rate_percent, valid_from, valid_to) VALUES
  (1, 'GB', 20.00, DATE '2011-01-04', NULL),
  (2, 'DE', 19.00, DATE '2021-01-01', NULL),
  (3, 'FR', 20.00, DATE '2014-01-01', NULL),
  (4, 'ES', 21.00, DATE '2012-09-01', NULL);

INSERT INTO public.roaming_partners (id, country_code, mcc, mnc, operator_name, agreement_since) VALUES
  (1, 'ES', '214', '07', 'Telefónica Móviles España', DATE '2015-06-01'),
  (2, 'FR', '208', '01', 'Orange France', DATE '2014-03-01'),
  (3, 'DE', '262', '01', 'Telekom Deutschland', DATE '2014-03-01');

INSERT INTO public.plans (id, plan_code, name, country_code, plan_type, monthly_fee, currency_code,
                          data_allowance_mb, voice_minutes, sms_count, available_from, available_until) VALUES
  (1, 'UK-SIMO-30', 'SIM Only 30GB', 'GB', 'postpaid', 15.00, 'GBP', 30720, NULL, NULL, (now() - interval '800 days')::date, NULL),
  (2, 'UK-UNL-5G', 'Unlimited 5G', 'GB', 'postpaid', 25.00, 'GBP', NULL, NULL, NULL, (now() - interval '500 days')::date, NULL),
  (3, 'DE-DATA-20', 'Mobil M 20 GB', 'DE', 'postpaid', 19.99, 'EUR', 20480, NULL, NULL, (now() - interval '700 days')::date, NULL),
  (4, 'FR-FORFAIT-100', 'Forfait 100 Go', 'FR', 'postpaid', 9.99, 'EUR', 102400, NULL, NULL, (now() - interval '730 days')::date, (now() - interval '100 days')::date),
  (5, 'UK-FIBRE-500', 'Full Fibre 500', 'GB', 'broadband', 35.00, 'GBP', NULL, NULL, NULL, (now() - interval '400 days')::date, NULL);

INSERT INTO public.subscribers (id, country_code, first_name, last_name, date_of_birth, email, contact_phone,
                                address_line, city, postcode, created_at, status) VALUES
  (1, 'GB', 'Oliver', 'Bennett', DATE '1985-03-14', 'oliver.bennett@example.co.uk', '+44 7700 900123', '12 Harrow Road', 'London', 'W2 1XA', now() - interval '400 days', 'active'),
  (2, 'DE', 'Lena', 'Hoffmann', DATE '1990-07-02', 'lena.hoffmann@example.de', '+49 1512 3456789', 'Torstraße 88', 'Berlin', '10119', now() - interval '300 days', 'active'),
  (3, 'FR', 'Camille', 'Moreau', DATE '1972-11-20', 'camille.moreau@example.fr', '+33 6 12 34 56 78', '41 rue Oberkampf', 'Paris', '75011', now() - interval '200 days', 'closed');

INSERT INTO public.billing_accounts (id, subscriber_id, account_number, currency_code, billing_day, status, opened_at, closed_at) VALUES
  (1, 1, 'GB-100000471', 'GBP', 5, 'open', now() - interval '400 days' + interval '10 minutes', NULL),
  (2, 2, 'DE-200001318', 'EUR', 12, 'open', now() - interval '300 days' + interval '10 minutes', NULL),
  (3, 3, 'FR-300000925', 'EUR', 20, 'closed', now() - interval '200 days' + interval '10 minutes', now() - interval '10 days');

INSERT INTO public.sim_cards (id, iccid, imsi, country_code, sim_type, status, manufactured_at, activated_at) VALUES
  (1, '8944100123456789015', '234150000000001', 'GB', 'physical', 'active', now() - interval '500 days', now() - interval '399 days'),
  (2, '8949100234567890128', '262010000000002', 'DE', 'esim', 'active', now() - interval '320 days', now() - interval '299 days'),
  (3, '8933100345678901234', '208010000000003', 'FR', 'physical', 'retired', now() - interval '260 days', now() - interval '199 days'),
  (4, '8944100456789012345', '234150000000004', 'GB', 'physical', 'in_stock', now() - interval '90 days', NULL);

INSERT INTO public.device_models (id, manufacturer, model_name, device_type, weight_grams, released_on) VALUES
  (1, 'Apple', 'iPhone 15', 'smartphone', 171, DATE '2023-09-22'),
  (2, 'Samsung', 'Galaxy S23', 'smartphone', 168, DATE '2023-02-17'),
  (3, 'AVM', 'FRITZ!Box 7590', 'router', 710, DATE '2017-09-01');

INSERT INTO public.subscriptions (id, account_id, sim_id, device_model_id, msisdn, status, activated_at, terminated_at, termination_reason) VALUES
  (1, 1, 1, 1, '447700900123', 'active', now() - interval '399 days', NULL, NULL),
  (2, 2, 2, 2, '4915123456789', 'active', now() - interval '299 days', NULL, NULL),
  (3, 3, 3, 2, '33612345678', 'terminated', now() - interval '199 days', now() - interval '20 days', 'ported_out'),
  (4, 1, NULL, 3, '442079460000', 'pending', NULL, NULL, NULL);

INSERT INTO public.subscription_plan_periods (id, subscription_id, seq_no, plan_id, started_at, ended_at, change_reason) VALUES
  (1, 1, 1, 1, now() - interval '399 days', now() - interval '150 days', NULL),
  (2, 1, 2, 2, now() - interval '150 days', NULL, 'upgrade'),
  (3, 2, 1, 3, now() - interval '299 days', NULL, NULL),
  (4, 3, 1, 4, now() - interval '199 days', now() - interval '20 days', NULL);

INSERT INTO public.usage_records (id, subscription_id, usage_type, started_at, duration_seconds, volume_kb, called_number, roaming_partner_id, charge_amount) VALUES
  (1, 1, 'voice', now() - interval '1 day 3 hours', 125, NULL, '447700900456', NULL, 0),
  (2, 1, 'sms', now() - interval '2 days 5 hours', NULL, NULL, '447700900789', NULL, 0),
  (3, 1, 'data', now() - interval '40 days', NULL, 524288, NULL, 1, 1.5000),
  (4, 2, 'voice', now() - interval '3 days 2 hours', 340, NULL, '493012345678', NULL, 0),
  (5, 2, 'data', now() - interval '2 days', NULL, 1048576, NULL, NULL, 0),
  (6, 3, 'voice', now() - interval '25 days', 62, NULL, '33145678901', NULL, 0),
  (7, 3, 'voice', now() - interval '30 days', 910, NULL, '33145678902', 3, 0.1900);

INSERT INTO public.invoices (id, account_id, invoice_number, period_start, period_end, issued_at, due_date, currency_code, subtotal, tax_amount, total, status) VALUES
  (1, 1, 'INV-GB-000101', (now() - interval '60 days')::date, (now() - interval '31 days')::date, now() - interval '30 days', (now() - interval '16 days')::date, 'GBP', 26.50, 5.30, 31.80, 'paid'),
  (2, 1, 'INV-GB-000102', (now() - interval '30 days')::date, (now() - interval '1 day')::date, now() - interval '20 hours', (now() + interval '13 days')::date, 'GBP', 25.00, 5.00, 30.00, 'issued'),
  (3, 2, 'INV-DE-000201', (now() - interval '45 days')::date, (now() - interval '16 days')::date, now() - interval '15 days', (now() - interval '1 day')::date, 'EUR', 19.99, 3.80, 23.79, 'paid'),
  (4, 3, 'INV-FR-000301', (now() - interval '50 days')::date, (now() - interval '21 days')::date, now() - interval '20 days', (now() - interval '5 days')::date, 'EUR', 9.99, 2.00, 11.99, 'paid');

INSERT INTO public.invoice_lines (id, invoice_id, line_no, subscription_id, description, quantity, unit_price, amount) VALUES
  (1, 1, 1, 1, 'Unlimited 5G monthly charge', 1, 25.0000, 25.00),
  (2, 1, 2, 1, 'Roaming data Spain (GB)', 0.500, 3.0000, 1.50),
  (3, 2, 1, 1, 'Unlimited 5G monthly charge', 1, 25.0000, 25.00),
  (4, 3, 1, 2, 'Mobil M 20 GB Grundgebühr', 1, 19.9900, 19.99),
  (5, 4, 1, 3, 'Forfait 100 Go abonnement', 1, 9.9900, 9.99);

INSERT INTO public.payments (id, invoice_id, account_id, amount, currency_code, paid_at, method, status) VALUES
  (1, 1, 1, 31.80, 'GBP', now() - interval '16 days', 'direct_debit', 'succeeded'),
  (2, 3, 2, 23.79, 'EUR', now() - interval '2 days', 'direct_debit', 'succeeded'),
  (3, 4, 3, 11.99, 'EUR', now() - interval '6 days', 'card', 'succeeded');

INSERT INTO public.cell_sites (id, site_code, country_code, city, site_type, antenna_height_m, latitude, longitude, commissioned_on) VALUES
  (1, 'LON-M-0001', 'GB', 'London', 'macro', 32.00, 51.515400, -0.141800, DATE '2012-04-16'),
  (2, 'BER-R-0001', 'DE', 'Berlin', 'rooftop', 26.50, 52.520000, 13.404900, DATE '2016-08-01'),
  (3, 'PAR-S-0001', 'FR', 'Paris', 'small_cell', 6.00, 48.864700, 2.378000, DATE '2021-05-10');

INSERT INTO public.site_meter_readings (id, site_id, read_at, energy_kwh_total) VALUES
  (1, 1, now() - interval '60 days', 184230.50),
  (2, 1, now() - interval '30 days', 186410.75),
  (3, 1, now() - interval '1 day', 188522.10),
  (4, 2, now() - interval '31 days', 95210.00),
  (5, 2, now() - interval '2 days', 96088.40),
  (6, 3, now() - interval '3 days', 4120.30);

INSERT INTO public.technicians (id, country_code, full_name, hired_on) VALUES
  (1, 'GB', 'Tom Price', DATE '2019-02-11'),
  (2, 'GB', 'Aisha Khan', DATE '2021-09-06');

INSERT INTO public.technician_visits (id, subscription_id, technician_id, visit_type, scheduled_start, duration_minutes, status) VALUES
  (1, 4, 1, 'installation', date_trunc('week', localtimestamp) + interval '8 days 9 hours', 120, 'scheduled'),
  (2, 1, 2, 'repair', date_trunc('week', localtimestamp) - interval '5 days' + interval '14 hours', 60, 'completed');

COMMIT;
