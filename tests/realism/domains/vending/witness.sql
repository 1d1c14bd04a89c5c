BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('PLN', 'Polish zloty', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, vat_rate) VALUES
  ('DE', 'Germany', 'EUR', '+49', 19.00), ('NL', 'Netherlands', 'EUR', '+31', 21.00),
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00), ('PL', 'Poland', 'PLN', '+48', 23.00);

INSERT INTO public.machine_models (id, manufacturer, model_name, kind, slot_count, weight_kg, power_w, list_price, cashless_reader) VALUES
  (1, 'Crane', 'Merchant 6 Media', 'snack', 40, 290.0, 450, 7800.00, true),
  (2, 'Vendo', 'V21 721', 'drink', 8, 280.0, 420, 6500.00, true),
  (3, 'Necta', 'Kikko Max', 'hot_beverage', 8, 55.0, 2200, 4200.00, true),
  (4, 'Jofemar', 'Vision ES Plus', 'combo', 48, 330.0, 500, 9400.00, true);

INSERT INTO public.products (id, gtin, name, brand, category, net_content, content_unit, shelf_life_days, is_active) VALUES
  (1, '5000159461122', 'Snickers bar', 'Mars', 'confectionery', 50.0, 'g', 270, true),
  (2, '5000168004136', 'Ready Salted crisps', 'Walkers', 'crisps', 32.5, 'g', 120, true),
  (3, '5449000000996', 'Coca-Cola 500 ml', 'Coca-Cola', 'soft_drink', 500.0, 'ml', 270, true),
  (4, '3079760000572', 'Evian still water', 'Evian', 'water', 500.0, 'ml', 540, true),
  (5, '8000753001806', 'Espresso beans', 'Lavazza', 'coffee', 7.0, 'g', 365, true),
  (6, '5901194000713', 'Prince Polo', 'Olza', 'confectionery', 35.0, 'g', 300, true);

INSERT INTO public.product_prices (id, product_id, country_code, currency_code, unit_price, valid_from, valid_to) VALUES
  (1, 1, 'DE', 'EUR', 1.50, current_date - 400, current_date - 91),
  (2, 1, 'DE', 'EUR', 1.70, current_date - 90, NULL),
  (3, 2, 'DE', 'EUR', 1.40, current_date - 400, NULL),
  (4, 3, 'GB', 'GBP', 1.60, current_date - 400, NULL),
  (5, 4, 'GB', 'GBP', 1.20, current_date - 400, NULL),
  (6, 5, 'DE', 'EUR', 1.80, current_date - 400, NULL),
  (7, 1, 'NL', 'EUR', 1.75, current_date - 400, NULL),
  (8, 6, 'PL', 'PLN', 3.50, current_date - 400, NULL),
  (9, 5, 'PL', 'PLN', 6.00, current_date - 400, NULL);

INSERT INTO public.host_sites (id, country_code, name, site_type, address_line, city, postcode, contact_name, contact_phone, contact_email, created_at) VALUES
  (1, 'DE', 'Technologiepark Mitte', 'office', 'Invalidenstraße 117', 'Berlin', '10115', 'Katrin Vogel', '+49 30 2847 5510', 'facility@tp-mitte.de', now() - interval '420 days'),
  (2, 'NL', 'Zuidas Tower', 'office', 'Gustav Mahlerlaan 212', 'Amsterdam', '1082 MA', 'Joost de Vries', '+31 20 794 3321', 'jdevries@zuidastower.nl', now() - interval '410 days'),
  (3, 'GB', 'Piccadilly Works', 'factory', '14 Ducie Street', 'Manchester', 'M1 2TP', 'Sarah Hughes', '+44 161 496 0732', 's.hughes@piccadillyworks.co.uk', now() - interval '415 days'),
  (4, 'PL', 'Szpital Praski', 'hospital', 'al. Solidarności 67', 'Warszawa', '03-401', 'Anna Kowalska', '+48 22 555 1200', 'administracja@szpitalpraski.pl', now() - interval '405 days');

INSERT INTO public.host_contracts (id, site_id, contract_no, commission_pct, currency_code, settlement_frequency, valid_from, valid_to, status, signed_at) VALUES
  (1, 1, 'HC-DE-0001', 15.00, 'EUR', 'monthly', current_date - 400, NULL, 'active', now() - interval '410 days'),
  (2, 2, 'HC-NL-0001', 12.50, 'EUR', 'monthly', current_date - 395, current_date + 335, 'active', now() - interval '400 days'),
  (3, 3, 'HC-GB-0001', 10.00, 'GBP', 'monthly', current_date - 400, NULL, 'active', now() - interval '405 days'),
  (4, 4, 'HC-PL-0001', 20.00, 'PLN', 'quarterly', current_date - 390, current_date + 340, 'active', now() - interval '398 days');

INSERT INTO public.employees (id, country_code, role, first_name, last_name, date_of_birth, hired_on, left_on, phone) VALUES
  (1, 'DE', 'route_driver', 'Markus', 'Schneider', DATE '1984-03-12', current_date - 1200, NULL, '+49 171 2233445'),
  (2, 'DE', 'technician', 'Stefan', 'Braun', DATE '1979-11-02', current_date - 2100, NULL, '+49 160 9988776'),
  (3, 'GB', 'route_driver', 'Darren', 'Walsh', DATE '1990-06-21', current_date - 800, NULL, '+44 7700 900123'),
  (4, 'NL', 'route_driver', 'Sanne', 'Bakker', DATE '1995-01-30', current_date - 600, NULL, '+31 6 12345678'),
  (5, 'PL', 'route_driver', 'Tomasz', 'Nowak', DATE '1988-09-14', current_date - 700, NULL, '+48 601 234 567'),
  (6, 'GB', 'technician', 'Priya', 'Patel', DATE '1986-04-08', current_date - 1500, NULL, '+44 7700 900456');

INSERT INTO public.machines (id, model_id, serial_no, site_id, location_note, installed_at, removed_at, status) VALUES
  (1, 1, 'CR-M6-184422', 1, 'Ground floor lobby', now() - interval '380 days', NULL, 'active'),
  (2, 3, 'NK-KM-551903', 1, 'Kitchen 3rd floor', now() - interval '380 days', NULL, 'active'),
  (3, 2, 'VD-721-090817', 3, 'Canteen', now() - interval '390 days', NULL, 'active'),
  (4, 4, 'JF-VES-30211', 2, 'Reception', now() - interval '385 days', NULL, 'active'),
  (5, 3, 'NK-KM-553117', 4, 'Waiting area B', now() - interval '370 days', NULL, 'active');

INSERT INTO public.machine_slots (id, machine_id, slot_code, product_id, capacity, price) VALUES
  (1, 1, 'A1', 1, 12, 1.70),
  (2, 1, 'A2', 2, 12, 1.40),
  (3, 2, '1', 5, 300, 1.80),
  (4, 3, '1', 3, 40, 1.60),
  (5, 3, '2', 4, 40, 1.20),
  (6, 4, 'A1', 1, 12, 1.75),
  (7, 5, '1', 5, 300, 6.00);

INSERT INTO public.routes (id, country_code, route_code, driver_id, weekday) VALUES
  (1, 'DE', 'DE-BER-01', 1, 2), (2, 'GB', 'GB-MAN-01', 3, 3),
  (3, 'NL', 'NL-AMS-01', 4, 4), (4, 'PL', 'PL-WAW-01', 5, 1);

INSERT INTO public.route_stops (route_id, stop_no, machine_id, planned_minutes) VALUES
  (1, 1, 1, 25), (1, 2, 2, 15), (2, 1, 3, 30), (3, 1, 4, 25), (4, 1, 5, 15);

INSERT INTO public.restock_visits (id, machine_id, route_id, driver_id, visit_no, scheduled_for, arrived_at, departed_at, status, cash_collected, currency_code) VALUES
  (1, 1, 1, 1, 1, current_date - 14, ((current_date - 14) + time '09:10')::timestamptz, ((current_date - 14) + time '09:34')::timestamptz, 'completed', 84.60, 'EUR'),
  (2, 1, 1, 1, 2, current_date - 7, ((current_date - 7) + time '09:05')::timestamptz, ((current_date - 7) + time '09:27')::timestamptz, 'completed', 91.20, 'EUR'),
  (3, 1, 1, 1, 3, current_date + 3, NULL, NULL, 'planned', NULL, 'EUR'),
  (4, 3, 2, 3, 1, current_date - 9, ((current_date - 9) + time '10:40')::timestamptz, ((current_date - 9) + time '11:12')::timestamptz, 'completed', 56.40, 'GBP'),
  (5, 3, 2, 3, 2, current_date - 2, NULL, NULL, 'skipped', NULL, 'GBP'),
  (6, 3, 2, 3, 3, current_date + 5, NULL, NULL, 'planned', NULL, 'GBP'),
  (7, 4, 3, 4, 1, current_date - 6, ((current_date - 6) + time '08:50')::timestamptz, ((current_date - 6) + time '09:15')::timestamptz, 'completed', 42.00, 'EUR');

INSERT INTO public.restock_lines (id, visit_id, slot_id, product_id, units_added, units_removed_expired) VALUES
  (1, 1, 1, 1, 8, 0), (2, 1, 2, 2, 6, 0), (3, 2, 1, 1, 9, 0), (4, 2, 2, 2, 5, 1),
  (5, 4, 4, 3, 22, 0), (6, 4, 5, 4, 15, 0), (7, 7, 6, 1, 7, 0);

INSERT INTO public.sales (id, machine_id, slot_id, sold_at, payment_method, amount, currency_code, status, card_last4) VALUES
  (1, 1, 1, now() - interval '6 days 5 hours', 'card', 1.70, 'EUR', 'completed', '4821'),
  (2, 1, 2, now() - interval '6 days 3 hours', 'coins', 1.40, 'EUR', 'completed', NULL),
  (3, 1, 1, now() - interval '5 days 6 hours', 'mobile_wallet', 1.70, 'EUR', 'completed', NULL),
  (4, 1, 1, now() - interval '4 days 2 hours', 'card', 1.70, 'EUR', 'declined', '1107'),
  (5, 1, 2, now() - interval '3 days 7 hours', 'coins', 1.40, 'EUR', 'completed', NULL),
  (6, 2, 3, now() - interval '3 days 4 hours', 'card', 1.80, 'EUR', 'completed', '9930'),
  (7, 2, 3, now() - interval '2 days 6 hours', 'coins', 1.80, 'EUR', 'completed', NULL),
  (8, 3, 4, now() - interval '5 days 1 hour', 'card', 1.60, 'GBP', 'completed', '5512'),
  (9, 3, 5, now() - interval '4 days 5 hours', 'coins', 1.20, 'GBP', 'completed', NULL),
  (10, 3, 4, now() - interval '1 day 3 hours', 'mobile_wallet', 1.60, 'GBP', 'completed', NULL),
  (11, 4, 6, now() - interval '3 days 2 hours', 'card', 1.75, 'EUR', 'completed', '3377'),
  (12, 4, 6, now() - interval '1 day 6 hours', 'coins', 1.75, 'EUR', 'completed', NULL),
  (13, 5, 7, now() - interval '2 days 5 hours', 'card', 6.00, 'PLN', 'completed', '2046'),
  (14, 5, 7, now() - interval '20 hours', 'coins', 6.00, 'PLN', 'completed', NULL);

INSERT INTO public.telemetry_readings (id, machine_id, read_at, total_vends, total_cash_in, cabinet_temp_c, door_open) VALUES
  (1, 1, now() - interval '3 days', 18422, 21840.50, 18.5, false),
  (2, 1, now() - interval '2 days', 18451, 21871.30, 18.9, false),
  (3, 1, now() - interval '1 day', 18477, 21903.10, 18.2, false),
  (4, 3, now() - interval '2 days', 9310, 12405.80, 4.1, false),
  (5, 3, now() - interval '1 day', 9344, 12447.40, 4.3, false),
  (6, 5, now() - interval '1 day', 4120, 20560.00, NULL, false);

INSERT INTO public.faults (id, machine_id, reported_at, source, fault_code, description, status, resolved_at) VALUES
  (1, 3, now() - interval '20 days', 'telemetry', 'cooling', 'Cabinet temperature above 10 C', 'resolved', now() - interval '19 days 20 hours'),
  (2, 1, now() - interval '12 days', 'driver', 'coin_jam', 'Coin mech jammed with foreign coin', 'resolved', now() - interval '11 days 22 hours'),
  (3, 4, now() - interval '1 day', 'host', 'card_reader', 'Card reader shows offline', 'open', NULL),
  (4, 5, now() - interval '3 days', 'telemetry', 'product_jam', 'Brewer unit error E12', 'in_progress', NULL);

INSERT INTO public.repairs (id, fault_id, technician_id, started_at, finished_at, labour_minutes, parts_cost, labour_cost, total_cost, currency_code, outcome) VALUES
  (1, 1, 6, now() - interval '19 days 23 hours', now() - interval '19 days 21 hours 45 minutes', 70, 45.00, 52.50, 97.50, 'GBP', 'fixed'),
  (2, 2, 2, now() - interval '11 days 23 hours', now() - interval '11 days 22 hours 30 minutes', 25, 0.00, 22.00, 22.00, 'EUR', 'fixed'),
  (3, 4, 2, now() - interval '2 days 20 hours', NULL, NULL, 0.00, 0.00, 0.00, 'EUR', 'part_ordered');

INSERT INTO public.settlements (id, contract_id, period_start, period_end, gross_sales, commission_pct, commission_amount, currency_code, status, issued_at, paid_at) VALUES
  (1, 1, (date_trunc('month', current_date) - interval '2 months')::date, (date_trunc('month', current_date) - interval '1 month' - interval '1 day')::date,
      1234.40, 15.00, 185.16, 'EUR', 'paid', (date_trunc('month', current_date) - interval '1 month' + interval '3 days'), (date_trunc('month', current_date) - interval '1 month' + interval '17 days')),
  (2, 1, (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
      1187.90, 15.00, 178.19, 'EUR', 'issued', least(now(), date_trunc('month', current_date) + interval '3 days'), NULL),
  (3, 3, (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
      842.30, 10.00, 84.23, 'GBP', 'issued', least(now(), date_trunc('month', current_date) + interval '3 days'), NULL),
  (4, 2, (date_trunc('month', current_date) - interval '1 month')::date, (date_trunc('month', current_date) - interval '1 day')::date,
      655.20, 12.50, 81.90, 'EUR', 'draft', NULL, NULL);

COMMIT;
