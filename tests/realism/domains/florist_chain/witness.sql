BEGIN;

INSERT INTO public.currencies (code, name, minor_unit, symbol) VALUES
  ('EUR', 'Euro', 2, '€'),
  ('GBP', 'Pound sterling', 2, '£'),
  ('USD', 'US dollar', 2, '$'),
  ('CHF', 'Swiss franc', 2, 'CHF'),
  ('JPY', 'Japanese yen', 0, '¥');

INSERT INTO public.countries (code, name, currency_code, dialing_code, standard_vat_rate) VALUES
  ('NL', 'Netherlands', 'EUR', '31', 21.00),
  ('BE', 'Belgium', 'EUR', '32', 21.00),
  ('GB', 'United Kingdom', 'GBP', '44', 20.00),
  ('IE', 'Ireland', 'EUR', '353', 23.00),
  ('DE', 'Germany', 'EUR', '49', 19.00);

INSERT INTO public.shops (id, code, name, country_code, city, street_address, postal_code, phone, email, timezone, opened_on, closed_on) VALUES
  (1, 'AMS', 'Bloem & Co Jordaan', 'NL', 'Amsterdam', 'Westerstraat 112', '1015 MN', '+31 20 624 1187', 'jordaan@bloemco.eu', 'Europe/Amsterdam', DATE '2016-03-01', NULL),
  (2, 'LDN', 'Bloem & Co Islington', 'GB', 'London', '41 Upper Street', 'N1 0PN', '+44 20 7359 4410', 'islington@bloemco.eu', 'Europe/London', DATE '2018-09-15', NULL),
  (3, 'DUB', 'Bloem & Co Ranelagh', 'IE', 'Dublin', '27 Ranelagh Road', 'D06 Y2K4', '+353 1 497 2230', 'ranelagh@bloemco.eu', 'Europe/Dublin', DATE '2020-05-04', NULL);

INSERT INTO public.shop_opening_hours (shop_id, weekday, opens_at, closes_at)
SELECT s.id, wd,
       CASE WHEN wd = 7 THEN TIME '10:00' ELSE TIME '08:30' END,
       CASE WHEN wd = 7 THEN TIME '16:00' WHEN wd = 6 THEN TIME '17:00' ELSE TIME '18:00' END
FROM (VALUES (1), (2), (3)) AS s(id), generate_series(1, 7) AS wd;

INSERT INTO public.staff (id, shop_id, first_name, last_name, role, email, phone, birth_date, hired_on, left_on) VALUES
  (1, 1, 'Sanne', 'de Vries', 'shop_manager', 'sanne.devries@bloemco.eu', '+31 6 2845 1190', DATE '1984-06-12', DATE '2016-02-15', NULL),
  (2, 1, 'Joost', 'Bakker', 'senior_florist', 'joost.bakker@bloemco.eu', '+31 6 4410 7823', DATE '1991-11-03', DATE '2017-04-01', NULL),
  (3, 1, 'Mehmet', 'Yilmaz', 'driver', 'mehmet.yilmaz@bloemco.eu', '+31 6 1936 5502', DATE '1996-02-20', DATE '2021-08-16', NULL),
  (4, 2, 'Harriet', 'Cole', 'shop_manager', 'harriet.cole@bloemco.eu', '+44 7700 900412', DATE '1979-09-30', DATE '2018-08-01', NULL),
  (5, 2, 'Priya', 'Shah', 'florist', 'priya.shah@bloemco.eu', '+44 7700 900587', DATE '1998-01-17', DATE '2022-03-07', NULL),
  (6, 2, 'Tom', 'Reilly', 'driver', 'tom.reilly@bloemco.eu', '+44 7700 900733', DATE '1988-05-08', DATE '2019-10-21', NULL),
  (7, 3, 'Aoife', 'Murphy', 'shop_manager', 'aoife.murphy@bloemco.eu', '+353 87 555 0142', DATE '1986-12-01', DATE '2020-04-01', NULL),
  (8, 3, 'Ciaran', 'Byrne', 'florist', 'ciaran.byrne@bloemco.eu', '+353 86 555 0190', DATE '2001-07-22', DATE '2021-06-14', NULL),
  (9, 3, 'Lukasz', 'Nowak', 'driver', 'lukasz.nowak@bloemco.eu', '+353 85 555 0167', DATE '1993-03-14', DATE '2020-05-04', NULL);

INSERT INTO public.customers (id, email, first_name, last_name, phone, country_code, birth_date, marketing_opt_in, loyalty_points, created_at) VALUES
  (1, 'eva.jansen@ziggo.nl', 'Eva', 'Jansen', '+31 6 1234 5678', 'NL', DATE '1975-04-18', true, 120, now() - interval '400 days'),
  (2, 'pieter.visser@gmail.com', 'Pieter', 'Visser', '+31 6 8765 4321', 'NL', DATE '1990-08-02', false, 40, now() - interval '210 days'),
  (3, 'lotte.peeters@telenet.be', 'Lotte', 'Peeters', '+32 470 12 34 56', 'BE', DATE '1983-12-09', true, 15, now() - interval '60 days'),
  (4, 'james.walker@outlook.com', 'James', 'Walker', '+44 7700 900123', 'GB', DATE '1969-02-25', false, 85, now() - interval '700 days'),
  (5, 'sophie.turner@btinternet.com', 'Sophie', 'Turner', '+44 7700 900456', 'GB', DATE '1994-10-11', true, 30, now() - interval '95 days'),
  (6, 'niamh.kelly@eircom.net', 'Niamh', 'Kelly', '+353 87 123 4567', 'IE', DATE '1987-06-30', true, 55, now() - interval '150 days');

INSERT INTO public.flower_varieties (id, common_name, latin_name, colour, stem_length_cm, vase_life_days) VALUES
  (1, 'Rose', 'Rosa ''Red Naomi''', 'red', 60, 10),
  (2, 'Tulip', 'Tulipa gesneriana', 'yellow', 40, 7),
  (3, 'Eucalyptus', 'Eucalyptus cinerea', 'silver green', 50, 14),
  (4, 'Lisianthus', 'Eustoma grandiflorum', 'white', 60, 12),
  (5, 'Chrysanthemum', 'Chrysanthemum morifolium', 'pink', 70, 18);

INSERT INTO public.suppliers (id, name, country_code, vat_number, email, phone, is_active) VALUES
  (1, 'Westland Kwekers BV', 'NL', 'NL812345678B01', 'orders@westlandkwekers.nl', '+31 174 512 300', true),
  (2, 'Lincolnshire Stems Ltd', 'GB', 'GB123456789', 'sales@lincsstems.co.uk', '+44 1775 712 400', true);

INSERT INTO public.products (id, sku, ean, name, category, size_label, base_price_eur, is_seasonal, launched_on, discontinued_on) VALUES
  (1, 'BQ-ROSE-12', '8712345000011', 'Dozen Red Roses', 'bouquet', 'M', 45.00, false, current_date - 900, NULL),
  (2, 'AR-WHITE-L', '8712345000028', 'White Lisianthus Table Arrangement', 'arrangement', 'L', 75.00, false, current_date - 800, NULL),
  (3, 'PL-ORCH-12', '8712345000035', 'Phalaenopsis Orchid 12cm Pot', 'plant', '12cm', 29.95, false, current_date - 1000, NULL),
  (4, 'VS-GLASS-25', '8712345000042', 'Clear Glass Vase 25cm', 'vase', '25cm', 19.50, false, current_date - 1200, NULL),
  (5, 'GC-BLANK-A6', '8712345000059', 'Greeting Card A6', 'greeting_card', 'A6', 3.95, false, current_date - 1200, NULL),
  (6, 'GF-CHOC-150', '8712345000066', 'Belgian Chocolates 150g', 'gift', '150g', 12.50, false, current_date - 700, NULL);

INSERT INTO public.product_components (product_id, variety_id, stem_count) VALUES
  (1, 1, 12), (1, 3, 3),
  (2, 4, 15), (2, 3, 5), (2, 5, 4);

-- orders: local times fixed in each shop's time zone
INSERT INTO public.orders (id, order_number, shop_id, customer_id, channel, status, placed_at, currency_code, subtotal, delivery_fee, discount_amount, total_amount, occasion, notes) VALUES
  (1, 'AMS-000101', 1, 1, 'in_store', 'completed', ((current_date - 20)::timestamp + interval '10 hours 5 minutes') AT TIME ZONE 'Europe/Amsterdam', 'EUR', 48.95, 0.00, 0.00, 48.95, 'birthday', NULL),
  (2, 'AMS-000102', 1, 2, 'web', 'completed', ((current_date - 10)::timestamp + interval '21 hours 40 minutes') AT TIME ZONE 'Europe/Amsterdam', 'EUR', 75.00, 7.50, 5.00, 77.50, 'anniversary', 'Leave with neighbour at no. 14 if out'),
  (3, 'AMS-000103', 1, 3, 'app', 'confirmed', ((current_date - 1)::timestamp + interval '19 hours') AT TIME ZONE 'Europe/Amsterdam', 'EUR', 109.50, 7.50, 0.00, 117.00, 'wedding', NULL),
  (4, 'LDN-004501', 2, 4, 'in_store', 'completed', ((current_date - 15)::timestamp + interval '14 hours 30 minutes') AT TIME ZONE 'Europe/London', 'GBP', 25.00, 0.00, 0.00, 25.00, NULL, NULL),
  (5, 'LDN-004502', 2, 5, 'phone', 'completed', ((current_date - 6)::timestamp + interval '9 hours 10 minutes') AT TIME ZONE 'Europe/London', 'GBP', 42.50, 6.95, 0.00, 49.45, 'get well soon', NULL),
  (6, 'LDN-004503', 2, 4, 'web', 'cancelled', ((current_date - 3)::timestamp + interval '8 hours') AT TIME ZONE 'Europe/London', 'GBP', 39.00, 0.00, 0.00, 39.00, 'thank you', 'Cancelled by customer'),
  (7, 'DUB-000301', 3, 6, 'in_store', 'completed', ((current_date - 8)::timestamp + interval '12 hours 45 minutes') AT TIME ZONE 'Europe/Dublin', 'EUR', 28.95, 0.00, 0.00, 28.95, NULL, NULL),
  (8, 'DUB-000302', 3, 6, 'web', 'completed', ((current_date - 4)::timestamp + interval '7 hours 30 minutes') AT TIME ZONE 'Europe/Dublin', 'EUR', 75.00, 9.00, 0.00, 84.00, 'sympathy', NULL);

INSERT INTO public.order_lines (id, order_id, line_no, product_id, quantity, unit_price, line_total, card_message) VALUES
  (1, 1, 1, 1, 1, 45.00, 45.00, NULL),
  (2, 1, 2, 5, 1, 3.95, 3.95, 'Happy birthday Mam!'),
  (3, 2, 1, 2, 1, 75.00, 75.00, 'Ten years and counting. Love, P.'),
  (4, 3, 1, 1, 2, 45.00, 90.00, NULL),
  (5, 3, 2, 4, 1, 19.50, 19.50, NULL),
  (6, 4, 1, 3, 1, 25.00, 25.00, NULL),
  (7, 5, 1, 1, 1, 39.00, 39.00, NULL),
  (8, 5, 2, 5, 1, 3.50, 3.50, 'Get well soon, Gran. Sophie x'),
  (9, 6, 1, 1, 1, 39.00, 39.00, NULL),
  (10, 7, 1, 6, 2, 12.50, 25.00, NULL),
  (11, 7, 2, 5, 1, 3.95, 3.95, NULL),
  (12, 8, 1, 2, 1, 75.00, 75.00, 'With deepest sympathy, Niamh');

INSERT INTO public.deliveries (id, order_id, driver_id, recipient_name, recipient_phone, address_line1, city, postal_code, country_code, slot_start, slot_end, status, delivered_at, attempt_count, signed_by) VALUES
  (1, 2, 3, 'Marieke Visser', '+31 6 5512 9087', 'Prinsengracht 263', 'Amsterdam', '1016 GV', 'NL',
     ((current_date - 9)::timestamp + interval '10 hours') AT TIME ZONE 'Europe/Amsterdam',
     ((current_date - 9)::timestamp + interval '13 hours') AT TIME ZONE 'Europe/Amsterdam',
     'delivered', ((current_date - 9)::timestamp + interval '11 hours 20 minutes') AT TIME ZONE 'Europe/Amsterdam', 1, 'M. Visser'),
  (2, 3, 3, 'Anna de Groot', '+31 6 3021 4476', 'Keizersgracht 401', 'Amsterdam', '1016 EK', 'NL',
     ((current_date + 2)::timestamp + interval '9 hours') AT TIME ZONE 'Europe/Amsterdam',
     ((current_date + 2)::timestamp + interval '12 hours') AT TIME ZONE 'Europe/Amsterdam',
     'scheduled', NULL, 0, NULL),
  (3, 5, 6, 'Margaret Turner', '+44 20 7946 0321', '8 Canonbury Square', 'London', 'N1 2AN', 'GB',
     ((current_date - 5)::timestamp + interval '12 hours') AT TIME ZONE 'Europe/London',
     ((current_date - 5)::timestamp + interval '16 hours') AT TIME ZONE 'Europe/London',
     'delivered', ((current_date - 5)::timestamp + interval '14 hours 5 minutes') AT TIME ZONE 'Europe/London', 1, 'M. Turner'),
  (4, 8, 9, 'Brigid Kelly', '+353 1 555 0188', '14 Palmerston Road', 'Dublin', 'D06 W2R6', 'IE',
     ((current_date - 3)::timestamp + interval '13 hours') AT TIME ZONE 'Europe/Dublin',
     ((current_date - 3)::timestamp + interval '17 hours') AT TIME ZONE 'Europe/Dublin',
     'delivered', ((current_date - 3)::timestamp + interval '15 hours 30 minutes') AT TIME ZONE 'Europe/Dublin', 1, 'B. Kelly');

INSERT INTO public.payments (id, order_id, method, status, amount, currency_code, paid_at, provider_reference, card_last4)
SELECT o.id,
       o.id,
       CASE o.id WHEN 1 THEN 'card' WHEN 4 THEN 'cash' WHEN 7 THEN 'card' WHEN 2 THEN 'paypal' ELSE 'card' END::public.payment_method,
       CASE WHEN o.status = 'cancelled' THEN 'voided' WHEN o.status = 'confirmed' THEN 'authorised' ELSE 'captured' END::public.payment_status,
       o.total_amount, o.currency_code, o.placed_at + interval '1 minute',
       CASE WHEN o.id = 4 THEN NULL ELSE 'psp_' || lpad((73100 + o.id)::text, 8, '0') END,
       CASE o.id WHEN 1 THEN '4417' WHEN 3 THEN '0392' WHEN 5 THEN '8861' WHEN 6 THEN '2205' WHEN 7 THEN '5530' WHEN 8 THEN '7714' END
FROM public.orders o;

INSERT INTO public.stock_receipts (id, shop_id, supplier_id, invoice_number, received_at, currency_code, total_cost) VALUES
  (1, 1, 1, 'WK-2024-18830', ((current_date - 11)::timestamp + interval '6 hours 45 minutes') AT TIME ZONE 'Europe/Amsterdam', 'EUR', 102.50),
  (2, 2, 2, 'LS-55102', ((current_date - 7)::timestamp + interval '7 hours 15 minutes') AT TIME ZONE 'Europe/London', 'GBP', 66.00),
  (3, 3, 1, 'WK-2024-18911', ((current_date - 5)::timestamp + interval '7 hours') AT TIME ZONE 'Europe/Dublin', 'EUR', 84.00);

INSERT INTO public.stock_receipt_lines (id, receipt_id, line_no, variety_id, stems_received, cost_per_stem) VALUES
  (1, 1, 1, 1, 100, 0.650),
  (2, 1, 2, 3, 50, 0.300),
  (3, 1, 3, 4, 40, 0.600),
  (4, 2, 1, 1, 60, 0.800),
  (5, 2, 2, 2, 60, 0.300),
  (6, 3, 1, 4, 60, 0.700),
  (7, 3, 2, 5, 60, 0.700);

INSERT INTO public.cooler_readings (id, shop_id, cooler_label, recorded_at, temperature_c, relative_humidity_pct) VALUES
  (1, 1, 'COOL-1', now() - interval '2 days 4 hours', 4.2, 88.0),
  (2, 1, 'COOL-1', now() - interval '1 day 4 hours', 4.6, 86.5),
  (3, 1, 'COOL-1', now() - interval '4 hours', 3.9, 89.0),
  (4, 2, 'WALK-IN', now() - interval '1 day 3 hours', 5.1, 84.0),
  (5, 2, 'WALK-IN', now() - interval '3 hours', 4.8, 85.5),
  (6, 3, 'COOL-A', now() - interval '1 day 2 hours', 3.5, 90.0),
  (7, 3, 'COOL-A', now() - interval '2 hours', 4.0, 87.5);

INSERT INTO public.complaints (id, order_id, opened_at, reason, status, resolved_at, refund_amount) VALUES
  (1, 5, now() - interval '4 days', 'Two roses arrived with bent heads', 'resolved', now() - interval '3 days 20 hours', 10.00);

COMMIT;
