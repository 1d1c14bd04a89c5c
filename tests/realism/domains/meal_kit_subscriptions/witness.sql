BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
 ('EUR', 'Euro', 2),
 ('GBP', 'Pound sterling', 2),
 ('USD', 'US dollar', 2),
 ('CHF', 'Swiss franc', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, vat_rate_food) VALUES
 ('DE', 'Germany', 'EUR', '+49', 7.00),
 ('NL', 'Netherlands', 'EUR', '+31', 9.00),
 ('GB', 'United Kingdom', 'GBP', '+44', 0.00),
 ('US', 'United States', 'USD', '+1', 0.00),
 ('CH', 'Switzerland', 'CHF', '+41', 2.60);

INSERT INTO public.distribution_centres (id, code, name, city, country_code, timezone, chilled_capacity_boxes, opened_on) VALUES
 (1, 'DE-BER', 'Berlin Schoenefeld DC', 'Schoenefeld', 'DE', 'Europe/Berlin', 42000, DATE '2019-03-01'),
 (2, 'NL-AMS', 'Amsterdam Westpoort DC', 'Amsterdam', 'NL', 'Europe/Amsterdam', 18000, DATE '2020-09-14'),
 (3, 'GB-BAN', 'Banbury DC', 'Banbury', 'GB', 'Europe/London', 36000, DATE '2018-06-04'),
 (4, 'US-NWK', 'Newark DC', 'Newark', 'US', 'America/New_York', 60000, DATE '2017-11-20');

INSERT INTO public.couriers (id, name, country_code, tracking_url_template, active) VALUES
 (1, 'DHL Paket', 'DE', 'https://www.dhl.de/track?piececode={tn}', true),
 (2, 'PostNL', 'NL', 'https://jouw.postnl.nl/track-and-trace/{tn}', true),
 (3, 'DPD UK', 'GB', 'https://track.dpd.co.uk/parcels/{tn}', true),
 (4, 'FedEx', 'US', 'https://www.fedex.com/fedextrack/?trknbr={tn}', true);

INSERT INTO public.plans (id, code, country_code, people_count, recipes_per_week, price_per_serving, shipping_fee, currency_code, active) VALUES
 (1, 'DE-2P-3R', 'DE', 2, 3, 5.99, 4.99, 'EUR', true),
 (2, 'DE-4P-4R', 'DE', 4, 4, 4.99, 4.99, 'EUR', true),
 (3, 'NL-2P-3R', 'NL', 2, 3, 5.99, 4.99, 'EUR', true),
 (4, 'GB-2P-3R', 'GB', 2, 3, 4.49, 3.99, 'GBP', true),
 (5, 'US-4P-3R', 'US', 4, 3, 8.99, 10.99, 'USD', true),
 (6, 'CH-2P-3R', 'CH', 2, 3, 12.90, 0.00, 'CHF', false);

INSERT INTO public.promo_codes (id, code, description, discount_percent, valid_from, valid_until, max_redemptions) VALUES
 (1, 'WELCOME50', '50% off your first box', 50.00, now() - interval '90 days', now() + interval '60 days', 100000),
 (2, 'SPRING20', '20% off one box', 20.00, now() - interval '400 days', now() - interval '300 days', 5000);

INSERT INTO public.customers (id, email, first_name, last_name, phone, date_of_birth, country_code, marketing_opt_in, created_at) VALUES
 (1, 'jana.hoffmann@web.de', 'Jana', 'Hoffmann', '+4917612345678', DATE '1988-04-12', 'DE', true, (current_date - 25) + time '19:42'),
 (2, 'sanne.devries@gmail.com', 'Sanne', 'de Vries', '+31612345678', DATE '1991-09-03', 'NL', false, (current_date - 24) + time '12:10'),
 (3, 'tom.harris@outlook.com', 'Tom', 'Harris', '+447700900123', DATE '1979-01-27', 'GB', true, (current_date - 20) + time '21:05'),
 (4, 'maria.lopez@yahoo.com', 'Maria', 'Lopez', '+12125550143', DATE '1985-06-30', 'US', false, (current_date - 15) + time '14:33'),
 (5, 'felix.braun@gmx.de', 'Felix', 'Braun', '+4915112345678', DATE '1972-11-08', 'DE', false, (current_date - 30) + time '10:02');

INSERT INTO public.addresses (id, customer_id, line1, line2, city, postcode, country_code, delivery_instructions, is_default, created_at) VALUES
 (1, 1, 'Invalidenstrasse 44', NULL, 'Berlin', '10115', 'DE', 'Bitte beim Nachbarn abgeben', true, (current_date - 25) + time '19:45'),
 (2, 2, 'Prinsengracht 263', '2 hoog', 'Amsterdam', '1016 GV', 'NL', NULL, true, (current_date - 24) + time '12:14'),
 (3, 3, '12 Upper Street', NULL, 'London', 'N1 0PQ', 'GB', 'Leave in porch', true, (current_date - 20) + time '21:08'),
 (4, 4, '245 Court Street', 'Apt 3B', 'Brooklyn', '11201', 'US', 'Buzz 3B', true, (current_date - 15) + time '14:36'),
 (5, 5, 'Moenckebergstrasse 7', NULL, 'Hamburg', '20095', 'DE', NULL, true, (current_date - 30) + time '10:05');

INSERT INTO public.subscriptions (id, customer_id, plan_id, address_id, status, delivery_weekday, started_at, cancelled_at, cancellation_reason) VALUES
 (1, 1, 1, 1, 'active', extract(isodow FROM current_date)::smallint, (current_date - 25) + time '19:50', NULL, NULL),
 (2, 2, 3, 2, 'active', extract(isodow FROM current_date + 1)::smallint, (current_date - 24) + time '12:20', NULL, NULL),
 (3, 3, 4, 3, 'active', extract(isodow FROM current_date - 1)::smallint, (current_date - 20) + time '21:12', NULL, NULL),
 (4, 4, 5, 4, 'active', extract(isodow FROM current_date)::smallint, (current_date - 15) + time '14:40', NULL, NULL),
 (5, 5, 2, 5, 'cancelled', extract(isodow FROM current_date)::smallint, (current_date - 30) + time '10:10', (current_date - 19) + time '18:30', 'too expensive');

INSERT INTO public.subscription_pauses (id, subscription_id, pause_from, pause_until, reason, created_at) VALUES
 (1, 3, current_date - 3, current_date - 1, 'travelling', (current_date - 12) + time '20:00');

INSERT INTO public.recipes (id, code, name, cuisine, difficulty, prep_minutes, calories_kcal, protein_g, carbs_g, fat_g, is_vegetarian, created_at) VALUES
 (1, 'R-1001', 'Chicken Katsu Curry', 'Japanese', 'medium', 35, 638, 38.0, 72.0, 22.0, false, now() - interval '400 days'),
 (2, 'R-1002', 'Beef Bulgogi Rice Bowl', 'Korean', 'easy', 25, 628, 35.0, 68.0, 24.0, false, now() - interval '380 days'),
 (3, 'R-1003', 'Halloumi and Roasted Veg Couscous', 'Mediterranean', 'easy', 30, 662, 28.0, 70.0, 30.0, true, now() - interval '350 days'),
 (4, 'R-1004', 'Teriyaki Salmon with Greens', 'Japanese', 'easy', 20, 556, 34.0, 60.0, 20.0, false, now() - interval '320 days'),
 (5, 'R-1005', 'Creamy Mushroom Risotto', 'Italian', 'medium', 40, 566, 16.0, 85.0, 18.0, true, now() - interval '300 days'),
 (6, 'R-1006', 'Smoky Pork Tacos', 'Mexican', 'easy', 25, 594, 32.0, 58.0, 26.0, false, now() - interval '280 days'),
 (7, 'R-1007', 'Chickpea Tikka Masala', 'Indian', 'easy', 30, 536, 20.0, 78.0, 16.0, true, now() - interval '250 days'),
 (8, 'R-1008', 'Lemon Herb Cod with Potatoes', 'British', 'medium', 35, 470, 36.0, 50.0, 14.0, false, now() - interval '200 days');

INSERT INTO public.menu_weeks (id, week_start, published_at, order_cutoff_days)
SELECT row_number() OVER (ORDER BY w)::int, w::date, (w - interval '14 days' + interval '9 hours'), 5
FROM generate_series(date_trunc('week', current_date - 28), date_trunc('week', current_date + 14), interval '7 days') AS w;

INSERT INTO public.menu_items (menu_week_id, recipe_id, slot_number, is_premium, premium_surcharge)
SELECT mw.id, r.id, r.id::smallint, false, 0 FROM public.menu_weeks mw CROSS JOIN public.recipes r;

INSERT INTO public.orders (id, order_number, subscription_id, customer_id, address_id, menu_week_id, distribution_centre_id, promo_code_id, delivery_date, status, subtotal, discount_amount, shipping_fee, total, currency_code, created_at, updated_at)
SELECT v.id, v.order_number, v.sub, v.cust, v.addr,
       (SELECT mw.id FROM public.menu_weeks mw WHERE mw.week_start = date_trunc('week', current_date + v.off)::date),
       v.dc, v.promo, current_date + v.off, v.status::public.order_status, v.subtotal, v.discount, v.ship, v.total, v.cur, v.created, v.created + interval '1 hour'
FROM (VALUES
 (1, 100001, 5, 5, 5, -21, 1, 1,    'delivered', 79.84, 39.92, 4.99, 44.91, 'EUR', (current_date - 26) + time '08:00'),
 (2, 100002, 1, 1, 1, -14, 1, 1,    'delivered', 35.94, 17.97, 4.99, 22.96, 'EUR', (current_date - 19) + time '08:00'),
 (3, 100003, 2, 2, 2, -13, 2, NULL, 'delivered', 35.94, 0.00, 4.99, 40.93, 'EUR', (current_date - 18) + time '08:00'),
 (4, 100004, 3, 3, 3, -8,  3, NULL, 'delivered', 26.94, 0.00, 3.99, 30.93, 'GBP', (current_date - 13) + time '08:00'),
 (5, 100005, 1, 1, 1, -7,  1, NULL, 'delivered', 35.94, 0.00, 4.99, 40.93, 'EUR', (current_date - 12) + time '08:00'),
 (6, 100006, 4, 4, 4, -7,  4, NULL, 'delivered', 107.88, 0.00, 10.99, 118.87, 'USD', (current_date - 12) + time '08:05'),
 (7, 100007, 2, 2, 2, -6,  2, NULL, 'delivered', 35.94, 0.00, 4.99, 40.93, 'EUR', (current_date - 11) + time '08:00'),
 (8, 100008, 4, 4, 4, 0,   4, NULL, 'shipped',   107.88, 0.00, 10.99, 118.87, 'USD', (current_date - 5) + time '08:00'),
 (9, 100009, 2, 2, 2, 1,   2, NULL, 'packed',    35.94, 0.00, 4.99, 40.93, 'EUR', (current_date - 4) + time '08:00'),
 (10, 100010, 3, 3, 3, 6,  3, NULL, 'pending',   26.94, 0.00, 3.99, 30.93, 'GBP', (now() - interval '2 hours')::timestamp),
 (11, 100011, 1, 1, 1, 7,  1, NULL, 'pending',   35.94, 0.00, 4.99, 40.93, 'EUR', (now() - interval '1 hour')::timestamp)
) AS v(id, order_number, sub, cust, addr, off, dc, promo, status, subtotal, discount, ship, total, cur, created);

INSERT INTO public.order_items (order_id, line_no, recipe_id, servings, unit_price, line_total) VALUES
 (1, 1, 1, 4, 4.99, 19.96), (1, 2, 3, 4, 4.99, 19.96), (1, 3, 6, 4, 4.99, 19.96), (1, 4, 7, 4, 4.99, 19.96),
 (2, 1, 2, 2, 5.99, 11.98), (2, 2, 4, 2, 5.99, 11.98), (2, 3, 5, 2, 5.99, 11.98),
 (3, 1, 1, 2, 5.99, 11.98), (3, 2, 3, 2, 5.99, 11.98), (3, 3, 8, 2, 5.99, 11.98),
 (4, 1, 4, 2, 4.49, 8.98), (4, 2, 7, 2, 4.49, 8.98), (4, 3, 8, 2, 4.49, 8.98),
 (5, 1, 1, 2, 5.99, 11.98), (5, 2, 6, 2, 5.99, 11.98), (5, 3, 7, 2, 5.99, 11.98),
 (6, 1, 2, 4, 8.99, 35.96), (6, 2, 6, 4, 8.99, 35.96), (6, 3, 8, 4, 8.99, 35.96),
 (7, 1, 2, 2, 5.99, 11.98), (7, 2, 5, 2, 5.99, 11.98), (7, 3, 6, 2, 5.99, 11.98),
 (8, 1, 1, 4, 8.99, 35.96), (8, 2, 4, 4, 8.99, 35.96), (8, 3, 7, 4, 8.99, 35.96),
 (9, 1, 3, 2, 5.99, 11.98), (9, 2, 4, 2, 5.99, 11.98), (9, 3, 8, 2, 5.99, 11.98),
 (10, 1, 1, 2, 4.49, 8.98), (10, 2, 2, 2, 4.49, 8.98), (10, 3, 5, 2, 4.49, 8.98),
 (11, 1, 3, 2, 5.99, 11.98), (11, 2, 6, 2, 5.99, 11.98), (11, 3, 8, 2, 5.99, 11.98);

INSERT INTO public.shipments (id, order_id, courier_id, tracking_number, box_weight_kg, ice_packs, shipped_at, delivered_at, temperature_at_delivery_c)
SELECT v.id, v.order_id, v.courier, v.tn, v.kg, 2,
       ((current_date + v.off) + time '15:30') AT TIME ZONE v.tz - interval '9 hours',
       ((current_date + v.off) + time '15:30') AT TIME ZONE v.tz,
       v.temp
FROM (VALUES
 (1, 1, 1, '00340434161094042557', 9.80, -21, 'Europe/Berlin', 4.2),
 (2, 2, 1, '00340434161094042731', 5.40, -14, 'Europe/Berlin', 3.8),
 (3, 3, 2, '3SMKTN0012345', 5.30, -13, 'Europe/Amsterdam', 5.1),
 (4, 4, 3, '15501234567890', 5.10, -8, 'Europe/London', 4.6),
 (5, 5, 1, '00340434161094043011', 5.50, -7, 'Europe/Berlin', 2.9),
 (6, 6, 4, '781234567890', 10.20, -7, 'America/New_York', 5.7),
 (7, 7, 2, '3SMKTN0012599', 5.20, -6, 'Europe/Amsterdam', 3.4)
) AS v(id, order_id, courier, tn, kg, off, tz, temp);

INSERT INTO public.shipments (id, order_id, courier_id, tracking_number, box_weight_kg, ice_packs, shipped_at, delivered_at, temperature_at_delivery_c) VALUES
 (8, 8, 4, '781234569911', 10.10, 3, now() - interval '2 hours', NULL, NULL);

INSERT INTO public.payments (id, order_id, method, status, amount, currency_code, psp_reference, failure_reason, attempted_at) VALUES
 (1, 1, 'sepa_debit', 'captured', 44.91, 'EUR', 'PSP8812000001', NULL, (current_date - 23) + time '09:00'),
 (2, 2, 'paypal', 'captured', 22.96, 'EUR', 'PSP8812000002', NULL, (current_date - 16) + time '09:00'),
 (3, 3, 'ideal', 'captured', 40.93, 'EUR', 'PSP8812000003', NULL, (current_date - 15) + time '09:00'),
 (4, 4, 'card', 'captured', 30.93, 'GBP', 'PSP8812000004', NULL, (current_date - 10) + time '09:00'),
 (5, 5, 'sepa_debit', 'captured', 40.93, 'EUR', 'PSP8812000005', NULL, (current_date - 9) + time '09:00'),
 (6, 6, 'card', 'captured', 118.87, 'USD', 'PSP8812000006', NULL, (current_date - 9) + time '09:05'),
 (7, 7, 'card', 'failed', 40.93, 'EUR', 'PSP8812000007', 'insufficient_funds', (current_date - 8) + time '09:00'),
 (8, 7, 'ideal', 'captured', 40.93, 'EUR', 'PSP8812000008', NULL, (current_date - 8) + time '15:00'),
 (9, 8, 'card', 'captured', 118.87, 'USD', 'PSP8812000009', NULL, (current_date - 2) + time '09:00'),
 (10, 9, 'ideal', 'authorised', 40.93, 'EUR', 'PSP8812000010', NULL, (current_date - 1) + time '09:00');

INSERT INTO public.refunds (id, order_id, payment_id, reason, amount, currency_code, notes, created_at) VALUES
 (1, 4, 4, 'missing_ingredient', 8.98, 'GBP', 'Cod fillet missing from bag 3', (current_date - 7) + time '10:15');

INSERT INTO public.recipe_ratings (id, order_id, recipe_id, customer_id, stars, comment, rated_at) VALUES
 (1, 2, 2, 1, 5, 'Sehr lecker', (current_date - 13) + time '20:10'),
 (2, 3, 1, 2, 4, NULL, (current_date - 12) + time '19:30'),
 (3, 6, 6, 4, 3, 'A bit bland', (current_date - 6) + time '21:00'),
 (4, 5, 7, 1, 5, NULL, (current_date - 5) + time '18:45');

COMMIT;
