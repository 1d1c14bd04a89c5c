-- Witness rows for the restaurants domain: a small Italian restaurant group with
-- sites in London, Berlin and New York. All dates are relative to now().

INSERT INTO public.currencies (code, name, symbol, minor_units) VALUES
    ('EUR', 'Euro', '€', 2),
    ('GBP', 'Pound sterling', '£', 2),
    ('USD', 'US dollar', '$', 2),
    ('JPY', 'Japanese yen', '¥', 0);

INSERT INTO public.countries (code, iso3, name, calling_code, currency_code) VALUES
    ('GB', 'GBR', 'United Kingdom', '+44', 'GBP'),
    ('DE', 'DEU', 'Germany', '+49', 'EUR'),
    ('US', 'USA', 'United States', '+1', 'USD'),
    ('FR', 'FRA', 'France', '+33', 'EUR'),
    ('JP', 'JPN', 'Japan', '+81', 'JPY');

INSERT INTO public.brands (id, name, cuisine, founded_on, created_at) VALUES
    (1, 'Osteria Vento', 'Italian', DATE '2011-04-01', now() - interval '6 years');

INSERT INTO public.restaurants (id, brand_id, site_code, name, country_code, city, address_line1, postcode,
                                phone, email, timezone, currency_code, seating_capacity, status, opened_on, created_at) VALUES
    (1, 1, 'LON-SHO', 'Osteria Vento Shoreditch', 'GB', 'London', '14 Rivington Street', 'EC2A 3DU',
     '+44 20 7946 0321', 'shoreditch@osteriavento.example', 'Europe/London', 'GBP', 12, 'open', DATE '2015-09-12', now() - interval '6 years'),
    (2, 1, 'BER-MIT', 'Osteria Vento Mitte', 'DE', 'Berlin', 'Torstraße 102', '10119',
     '+49 30 9018 2277', 'mitte@osteriavento.example', 'Europe/Berlin', 'EUR', 12, 'open', DATE '2018-03-02', now() - interval '6 years'),
    (3, 1, 'NYC-SOH', 'Osteria Vento SoHo', 'US', 'New York', '211 Lafayette Street', '10012',
     '+1 212 555 0142', 'soho@osteriavento.example', 'America/New_York', 'USD', 12, 'open', DATE '2021-06-18', now() - interval '5 years');

-- Lunch 12:00-15:00 and dinner 18:00-23:00, seven days a week.
INSERT INTO public.opening_hours (restaurant_id, iso_weekday, opens_at, closes_at)
SELECT r.id, d.wd, s.opens_at, s.closes_at
FROM (VALUES (1), (2), (3)) AS r(id)
CROSS JOIN generate_series(1, 7) AS d(wd)
CROSS JOIN (VALUES (time '12:00', time '15:00'), (time '18:00', time '23:00')) AS s(opens_at, closes_at);

INSERT INTO public.dining_tables (id, restaurant_id, table_number, area, seats) VALUES
    (1, 1, 'T1', 'dining_room', 2), (2, 1, 'T2', 'dining_room', 4), (3, 1, 'T3', 'terrace', 6),
    (4, 2, 'T1', 'dining_room', 2), (5, 2, 'T2', 'dining_room', 4), (6, 2, 'T3', 'private_room', 6),
    (7, 3, 'T1', 'bar', 2),         (8, 3, 'T2', 'dining_room', 4), (9, 3, 'T3', 'dining_room', 6);

INSERT INTO public.guests (id, first_name, last_name, email, phone, country_code, date_of_birth, marketing_opt_in, created_at) VALUES
    (1, 'Eleanor', 'Hughes', 'eleanor.hughes@example.co.uk', '+44 7700 900123', 'GB', DATE '1986-02-14', true,  now() - interval '400 days'),
    (2, 'Jonas', 'Becker', 'jonas.becker@example.de', '+49 151 2345 6789', 'DE', DATE '1979-11-03', false, now() - interval '300 days'),
    (3, 'Maria', 'Alvarez', 'maria.alvarez@example.com', '+1 917 555 0188', 'US', DATE '1992-07-21', true,  now() - interval '200 days'),
    (4, 'Camille', 'Laurent', 'camille.laurent@example.fr', '+33 6 12 34 56 78', 'FR', DATE '1990-05-09', false, now() - interval '100 days');

INSERT INTO public.employees (id, restaurant_id, employee_number, first_name, last_name, role, date_of_birth,
                              hired_on, terminated_on, hourly_rate, currency_code, email, created_at) VALUES
    (1, 1, 'E-0001', 'Priya', 'Shah', 'server', DATE '1998-03-12', DATE '2021-05-04', NULL, 12.60, 'GBP', 'priya.shah@osteriavento.example', now() - interval '4 years'),
    (2, 1, 'E-0002', 'Tom', 'Whitaker', 'bartender', DATE '1995-08-30', DATE '2019-10-01', NULL, 13.40, 'GBP', 'tom.whitaker@osteriavento.example', now() - interval '4 years'),
    (3, 2, 'E-0003', 'Lena', 'Schmidt', 'server', DATE '2000-01-25', DATE '2022-02-15', NULL, 14.20, 'EUR', 'lena.schmidt@osteriavento.example', now() - interval '4 years'),
    (4, 2, 'E-0004', 'Marco', 'Rossi', 'head_chef', DATE '1981-06-17', DATE '2018-01-08', NULL, 24.00, 'EUR', 'marco.rossi@osteriavento.example', now() - interval '4 years'),
    (5, 3, 'E-0005', 'Dana', 'Brooks', 'server', DATE '1996-12-02', DATE '2021-05-20', NULL, 16.00, 'USD', 'dana.brooks@osteriavento.example', now() - interval '4 years'),
    (6, 3, 'E-0006', 'Luca', 'Ferrari', 'sommelier', DATE '1988-04-09', DATE '2021-05-20', DATE '2024-08-31', 28.50, 'USD', 'luca.ferrari@osteriavento.example', now() - interval '4 years');

INSERT INTO public.shifts (employee_id, restaurant_id, starts_at, ends_at, break_minutes, status, created_at) VALUES
    (1, 1, date_trunc('day', now()) - interval '3 days' + interval '11 hours', date_trunc('day', now()) - interval '3 days' + interval '16 hours', 30, 'worked', now() - interval '10 days'),
    (1, 1, date_trunc('day', now()) - interval '2 days' + interval '17 hours', date_trunc('day', now()) - interval '2 days' + interval '23 hours 30 minutes', 30, 'worked', now() - interval '10 days'),
    (2, 1, date_trunc('day', now()) - interval '3 days' + interval '17 hours', date_trunc('day', now()) - interval '3 days' + interval '23 hours 30 minutes', 20, 'worked', now() - interval '10 days'),
    (3, 2, date_trunc('day', now()) - interval '2 days' + interval '10 hours', date_trunc('day', now()) - interval '2 days' + interval '16 hours', 30, 'worked', now() - interval '10 days'),
    (4, 2, date_trunc('day', now()) + interval '2 days' + interval '9 hours', date_trunc('day', now()) + interval '2 days' + interval '17 hours 30 minutes', 45, 'scheduled', now() - interval '5 days'),
    (5, 3, date_trunc('day', now()) + interval '1 day' + interval '16 hours', date_trunc('day', now()) + interval '1 day' + interval '23 hours', 30, 'scheduled', now() - interval '5 days');

-- Reservations: times are local slot times at each site, converted with the site's time zone.
INSERT INTO public.reservations (id, restaurant_id, guest_id, party_size, reserved_for, duration_minutes, status, channel, created_at) VALUES
    (1,  1, 1, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London')    - interval '3 days'  + interval '19 hours 30 minutes') AT TIME ZONE 'Europe/London',    120, 'completed', 'website',    now()),
    (2,  2, 2, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin')    - interval '2 days'  + interval '12 hours 30 minutes') AT TIME ZONE 'Europe/Berlin',     60, 'completed', 'phone',      now()),
    (3,  3, 3, 3, (date_trunc('day', now() AT TIME ZONE 'America/New_York') - interval '4 days'  + interval '20 hours')            AT TIME ZONE 'America/New_York', 120, 'completed', 'mobile_app', now()),
    (4,  1, 4, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London')    - interval '8 days'  + interval '13 hours')            AT TIME ZONE 'Europe/London',     90, 'completed', 'third_party', now()),
    (5,  2, 1, 4, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin')    - interval '10 days' + interval '19 hours')            AT TIME ZONE 'Europe/Berlin',    120, 'completed', 'website',    now()),
    (6,  3, 2, 2, (date_trunc('day', now() AT TIME ZONE 'America/New_York') - interval '15 days' + interval '18 hours 30 minutes') AT TIME ZONE 'America/New_York',  90, 'completed', 'phone',      now()),
    (7,  1, NULL, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '5 days'  + interval '13 hours 7 minutes')  AT TIME ZONE 'Europe/London',     60, 'completed', 'walk_in',    now()),
    (8,  2, 3, 6, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin')    - interval '6 days'  + interval '20 hours 15 minutes') AT TIME ZONE 'Europe/Berlin',    150, 'cancelled', 'website',    now()),
    (9,  1, 2, 4, (date_trunc('day', now() AT TIME ZONE 'Europe/London')    + interval '2 days'  + interval '19 hours 45 minutes') AT TIME ZONE 'Europe/London',    120, 'confirmed', 'website',    now()),
    (10, 3, 4, 2, (date_trunc('day', now() AT TIME ZONE 'America/New_York') + interval '5 days'  + interval '12 hours 15 minutes') AT TIME ZONE 'America/New_York',  90, 'confirmed', 'mobile_app', now()),
    (11, 2, 4, 3, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin')    + interval '10 days' + interval '18 hours')            AT TIME ZONE 'Europe/Berlin',     90, 'requested', 'phone',      now());

-- Booking, confirmation, seating and cancellation times follow from the slot.
UPDATE public.reservations SET created_at = reserved_for - interval '5 days 3 hours'
 WHERE id IN (1, 2, 3, 4, 5, 6);
UPDATE public.reservations SET created_at = reserved_for WHERE id = 7;
UPDATE public.reservations SET created_at = reserved_for - interval '12 days', cancelled_at = reserved_for - interval '11 days'
 WHERE id = 8;
UPDATE public.reservations SET created_at = now() - interval '2 days' WHERE id IN (9, 10, 11);
UPDATE public.reservations SET confirmed_at = created_at + interval '2 minutes'
 WHERE status IN ('completed', 'confirmed') AND channel <> 'walk_in';
UPDATE public.reservations SET seated_at = reserved_for + interval '4 minutes' WHERE status = 'completed';

INSERT INTO public.reservation_tables (reservation_id, dining_table_id) VALUES
    (1, 1), (2, 4), (3, 8), (4, 1), (5, 5), (6, 7), (7, 2), (8, 6), (9, 2), (10, 7), (11, 5);

INSERT INTO public.menu_categories (id, name, sort_order) VALUES
    (1, 'Antipasti', 10), (2, 'Pasta', 20), (3, 'Dolci', 30), (4, 'Caffetteria', 40), (5, 'Bar', 50), (6, 'Bevande', 60);

INSERT INTO public.menu_items (id, brand_id, category_id, sku, name, course, is_alcoholic, is_vegetarian, calories, created_at) VALUES
    (1, 1, 1, 'ANT-BUR', 'Burrata, heritage tomatoes, basil', 'starter', false, true, 420, now() - interval '3 years'),
    (2, 1, 2, 'PAS-TAG', 'Tagliatelle al ragù', 'main', false, false, 780, now() - interval '3 years'),
    (3, 1, 3, 'DOL-TIR', 'Tiramisù', 'dessert', false, true, 450, now() - interval '3 years'),
    (4, 1, 4, 'CAF-ESP', 'Espresso', 'hot_drink', false, true, 5, now() - interval '3 years'),
    (5, 1, 5, 'BAR-NEG', 'Negroni', 'alcoholic_drink', true, true, 200, now() - interval '3 years'),
    (6, 1, 6, 'BEV-SPE', 'San Pellegrino 500 ml', 'soft_drink', false, true, 0, now() - interval '3 years');

-- Current prices (from 400 days ago) and the previous price list they replaced.
INSERT INTO public.menu_item_prices (menu_item_id, country_code, currency_code, price, valid_from, valid_to)
SELECT p.item, p.cc, p.cur, p.price, now() - interval '400 days', NULL
FROM (VALUES
    (1, 'GB', 'GBP',  9.50), (2, 'GB', 'GBP', 16.00), (3, 'GB', 'GBP',  7.50), (4, 'GB', 'GBP', 2.80), (5, 'GB', 'GBP', 11.00), (6, 'GB', 'GBP', 3.50),
    (1, 'DE', 'EUR', 10.50), (2, 'DE', 'EUR', 17.50), (3, 'DE', 'EUR',  8.00), (4, 'DE', 'EUR', 2.60), (5, 'DE', 'EUR', 10.00), (6, 'DE', 'EUR', 3.80),
    (1, 'US', 'USD', 16.00), (2, 'US', 'USD', 26.00), (3, 'US', 'USD', 12.00), (4, 'US', 'USD', 4.00), (5, 'US', 'USD', 17.00), (6, 'US', 'USD', 5.00)
) AS p(item, cc, cur, price);

INSERT INTO public.menu_item_prices (menu_item_id, country_code, currency_code, price, valid_from, valid_to)
SELECT p.item, p.cc, p.cur, p.price, now() - interval '800 days', now() - interval '400 days'
FROM (VALUES
    (2, 'GB', 'GBP', 14.50), (2, 'DE', 'EUR', 16.00), (2, 'US', 'USD', 24.00)
) AS p(item, cc, cur, price);

-- Orders: three settled dinners/lunches from reservations, one open bar tab, one voided ticket.
INSERT INTO public.orders (id, restaurant_id, order_number, order_type, dining_table_id, reservation_id, server_employee_id,
                           covers, status, opened_at, closed_at, currency_code,
                           subtotal_amount, discount_amount, service_charge_amount, vat_included_amount, total_amount) VALUES
    (1, 1, 'LON-000101', 'dine_in', 1, 1, 1, 2, 'closed',
     (SELECT reserved_for FROM public.reservations WHERE id = 1) + interval '5 minutes',
     (SELECT reserved_for FROM public.reservations WHERE id = 1) + interval '1 hour 50 minutes', 'GBP',
     73.00, 0.00, 9.13, 13.69, 82.13),
    (2, 2, 'BER-000201', 'dine_in', 4, 2, 3, 1, 'closed',
     (SELECT reserved_for FROM public.reservations WHERE id = 2) + interval '3 minutes',
     (SELECT reserved_for FROM public.reservations WHERE id = 2) + interval '55 minutes', 'EUR',
     20.10, 2.00, 0.00, 2.89, 18.10),
    (3, 3, 'NYC-000301', 'dine_in', 8, 3, 5, 3, 'closed',
     (SELECT reserved_for FROM public.reservations WHERE id = 3) + interval '6 minutes',
     (SELECT reserved_for FROM public.reservations WHERE id = 3) + interval '1 hour 45 minutes', 'USD',
     85.00, 0.00, 0.00, 0.00, 85.00),
    (4, 1, 'LON-000102', 'dine_in', 2, NULL, 2, 1, 'open',
     now() - interval '40 minutes', NULL, 'GBP',
     2.80, 0.00, 0.00, 0.47, 2.80),
    (5, 2, 'BER-000202', 'takeaway', NULL, NULL, 3, 1, 'voided',
     now() - interval '1 day 3 hours', now() - interval '1 day 2 hours 55 minutes', 'EUR',
     0.00, 0.00, 0.00, 0.00, 0.00);

INSERT INTO public.order_lines (order_id, line_number, menu_item_id, quantity, unit_price, line_total, ordered_at)
SELECT l.order_id, l.line_number, l.item, l.qty, l.unit_price, l.qty * l.unit_price, o.opened_at + l.after
FROM (VALUES
    (1, 1, 5, 2, 11.00, interval '2 minutes'),
    (1, 2, 1, 2,  9.50, interval '4 minutes'),
    (1, 3, 2, 2, 16.00, interval '4 minutes'),
    (2, 1, 2, 1, 17.50, interval '2 minutes'),
    (2, 2, 4, 1,  2.60, interval '35 minutes'),
    (3, 1, 6, 1,  5.00, interval '2 minutes'),
    (3, 2, 1, 1, 16.00, interval '5 minutes'),
    (3, 3, 2, 2, 26.00, interval '5 minutes'),
    (3, 4, 3, 1, 12.00, interval '70 minutes'),
    (4, 1, 4, 1,  2.80, interval '1 minute'),
    (5, 1, 2, 1, 17.50, interval '1 minute')
) AS l(order_id, line_number, item, qty, unit_price, after)
JOIN public.orders o ON o.id = l.order_id;

INSERT INTO public.payments (order_id, method, status, amount, tip_amount, currency_code, card_last4, paid_at)
SELECT p.order_id, p.method::public.payment_method, p.status::public.payment_status, p.amount, p.tip, p.cur, p.last4, o.closed_at - p.before
FROM (VALUES
    (1, 'card', 'captured', 82.13,  0.00, 'GBP', '4242', interval '1 minute'),
    (2, 'cash', 'captured', 18.10,  1.90, 'EUR', NULL,   interval '1 minute'),
    (3, 'card', 'declined', 85.00,  0.00, 'USD', '0005', interval '3 minutes'),
    (3, 'card', 'captured', 85.00, 15.30, 'USD', '1881', interval '1 minute')
) AS p(order_id, method, status, amount, tip, cur, last4, before)
JOIN public.orders o ON o.id = p.order_id;

INSERT INTO public.utility_meters (id, restaurant_id, kind, serial_number, unit, installed_on) VALUES
    (1, 1, 'electricity', 'UK-E-19K04471', 'kWh', DATE '2019-02-11'),
    (2, 2, 'gas', 'DE-G-7781203', 'm3', DATE '2018-02-20');

INSERT INTO public.meter_readings (meter_id, read_at, reading_value, is_estimated) VALUES
    (1, date_trunc('month', now()) - interval '3 months', 412350.000, false),
    (1, date_trunc('month', now()) - interval '2 months', 418920.500, false),
    (1, date_trunc('month', now()) - interval '1 month',  425310.250, true),
    (1, date_trunc('month', now()),                       431877.000, false),
    (2, date_trunc('month', now()) - interval '3 months',  88410.120, false),
    (2, date_trunc('month', now()) - interval '2 months',  90102.870, false),
    (2, date_trunc('month', now()) - interval '1 month',   91934.400, false);

INSERT INTO public.hygiene_inspections (restaurant_id, inspected_at, inspector_name, score, outcome, notes) VALUES
    (1, now() - interval '210 days', 'R. Patel', 92, 'pass', 'Food hygiene rating 5.'),
    (2, now() - interval '150 days', 'K. Vogel', 85, 'pass_with_conditions', 'Replace door seal on walk-in cooler.');

INSERT INTO public.guest_reviews (restaurant_id, guest_id, order_id, rating, comment, posted_at) VALUES
    (1, 1, 1, 5, 'Lovely ragù and a proper Negroni.', (SELECT closed_at FROM public.orders WHERE id = 1) + interval '14 hours'),
    (3, 3, 3, 4, 'Great pasta, a bit loud at the bar.', (SELECT closed_at FROM public.orders WHERE id = 3) + interval '1 day');
