INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2), ('EUR', 'Euro', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code) VALUES
  ('GB', 'United Kingdom', 'GBP', '44'), ('ES', 'Spain', 'EUR', '34'), ('US', 'United States', 'USD', '1');

INSERT INTO public.clubs (id, name, country_code, city, postcode, address_line, phone, timezone, opened_on) VALUES
  (1, 'Ashdown Heath Golf Club', 'GB', 'Forest Row', 'RH18 5LR', 'Chapel Lane', '+441342822241', 'Europe/London', '1888-05-01'),
  (2, 'Club de Golf Valle Alto', 'ES', 'Marbella', '29660', 'Urbanización Nueva Andalucía s/n', '+34952811234', 'Europe/Madrid', '1974-03-15');

INSERT INTO public.courses (id, club_id, name, holes_count, par_total, length_m, course_rating, slope_rating) VALUES
  (1, 1, 'Old Course', 18, 72, 6060, 71.8, 131),
  (2, 2, 'Valle Nine', 9, 36, 3030, 35.4, 124);

-- Course 1: 18 holes, par 36 out / 36 in
INSERT INTO public.holes (id, course_id, hole_number, par, length_m, stroke_index)
SELECT n, 1, n, p, CASE p WHEN 3 THEN 160 WHEN 4 THEN 360 ELSE 480 END, (n * 7) % 19
FROM unnest(ARRAY[4,4,3,5,4,4,3,4,5,4,4,3,5,4,4,3,4,5]) WITH ORDINALITY AS a(p, n);

-- Course 2: 9 holes, par 36
INSERT INTO public.holes (id, course_id, hole_number, par, length_m, stroke_index)
SELECT 18 + n, 2, n, p, CASE p WHEN 3 THEN 150 WHEN 4 THEN 350 ELSE 470 END, n
FROM unnest(ARRAY[4,4,3,5,4,4,3,4,5]) WITH ORDINALITY AS a(p, n);

INSERT INTO public.staff_roles (code, name) VALUES
  ('pro', 'Golf professional'), ('greenkeeper', 'Greenkeeper'), ('marshal', 'Course marshal'), ('reception', 'Pro-shop reception');

INSERT INTO public.staff (id, club_id, role_code, first_name, last_name, email, birth_date, hired_on, left_on, hourly_rate) VALUES
  (1, 1, 'pro', 'Tom', 'Hartley', 'tom.hartley@ashdownheath.co.uk', '1981-07-12', (now() - interval '6 years')::date, NULL, 32.00),
  (2, 2, 'greenkeeper', 'Javier', 'Ruiz', 'j.ruiz@vallealto.es', '1970-02-03', (now() - interval '12 years')::date, NULL, 15.50);

INSERT INTO public.members (id, first_name, last_name, email, phone, country_code, birth_date, handicap_index, created_at) VALUES
  (1, 'Margaret', 'Ellis', 'm.ellis@example.co.uk', '+447700900123', 'GB', (now() - interval '49 years 3 months')::date, 14.2, now() - interval '3 years 1 month'),
  (2, 'James', 'Patel', 'james.patel@example.co.uk', '+447700900456', 'GB', (now() - interval '34 years 7 months')::date, 8.7, now() - interval '2 years'),
  (3, 'Lucía', 'Navarro', 'lucia.navarro@example.es', '+34612345678', 'ES', (now() - interval '14 years 2 months')::date, 22.5, now() - interval '1 year 1 month'),
  (4, 'Andrés', 'Navarro', 'andres.navarro@example.es', '+34612345679', 'ES', (now() - interval '52 years 5 months')::date, 11.0, now() - interval '5 years');

INSERT INTO public.membership_plans (id, club_id, name, annual_fee, currency_code, min_age, max_age) VALUES
  (1, 1, 'Full seven-day', 1850.00, 'GBP', 18, NULL),
  (2, 2, 'Junior', 300.00, 'EUR', 0, 17),
  (3, 2, 'Adult', 2400.00, 'EUR', 18, NULL);

INSERT INTO public.memberships (id, member_id, plan_id, starts_on, ends_on, status) VALUES
  (1, 1, 1, (now() - interval '3 years')::date, NULL, 'active'),
  (2, 3, 2, (now() - interval '1 year')::date, NULL, 'active'),
  (3, 4, 3, (now() - interval '5 years')::date, NULL, 'active');

INSERT INTO public.green_fee_rates (id, course_id, day_type, valid_from, valid_to, price, currency_code) VALUES
  (1, 1, 'any', (now() - interval '2 years')::date, NULL, 95.00, 'GBP'),
  (2, 2, 'any', (now() - interval '2 years')::date, NULL, 60.00, 'EUR');

INSERT INTO public.tee_bookings (id, course_id, booked_by_member_id, tee_time, players_count, status, created_at, cancelled_at) VALUES
  (1, 1, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '10 days' + interval '9 hours') AT TIME ZONE 'Europe/London', 2, 'completed', now() - interval '20 days', NULL),
  (2, 1, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '5 days' + interval '8 hours 30 minutes') AT TIME ZONE 'Europe/London', 1, 'completed', now() - interval '8 days', NULL),
  (3, 2, 4, (date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') - interval '3 days' + interval '10 hours 10 minutes') AT TIME ZONE 'Europe/Madrid', 2, 'completed', now() - interval '6 days', NULL),
  (4, 2, 4, (date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') - interval '2 days' + interval '14 hours') AT TIME ZONE 'Europe/Madrid', 1, 'completed', now() - interval '4 days', NULL),
  (5, 1, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '7 days' + interval '11 hours') AT TIME ZONE 'Europe/London', 3, 'cancelled', now() - interval '15 days', now() - interval '9 days'),
  (6, 1, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '3 days' + interval '7 hours 40 minutes') AT TIME ZONE 'Europe/London', 1, 'confirmed', now() - interval '2 days', NULL),
  (7, 2, 3, (date_trunc('day', now() AT TIME ZONE 'Europe/Madrid') + interval '10 days' + interval '16 hours 20 minutes') AT TIME ZONE 'Europe/Madrid', 1, 'booked', now() - interval '1 day', NULL);

INSERT INTO public.booking_players (booking_id, player_no, member_id, guest_name, green_fee_rate_id, fee_amount) VALUES
  (1, 1, 1, NULL, NULL, 0),
  (1, 2, NULL, 'Peter Ellis', 1, 95.00),
  (2, 1, 2, NULL, NULL, 0),
  (3, 1, 4, NULL, NULL, 0),
  (3, 2, NULL, 'Carmen Díaz', 2, 60.00),
  (4, 1, 4, NULL, NULL, 0),
  (6, 1, 1, NULL, NULL, 0),
  (7, 1, 3, NULL, NULL, 0);

INSERT INTO public.rounds (id, booking_id, member_id, course_id, started_at, finished_at, holes_played, total_strokes, status)
SELECT 1, 1, 1, 1, t.tee_time, t.tee_time + interval '4 hours 15 minutes', 18, 81, 'completed'::public.round_status FROM public.tee_bookings t WHERE t.id = 1
UNION ALL
SELECT 2, 3, 4, 2, t.tee_time, t.tee_time + interval '2 hours 5 minutes', 9, 45, 'completed'::public.round_status FROM public.tee_bookings t WHERE t.id = 3
UNION ALL
SELECT 3, 4, 4, 2, t.tee_time, t.tee_time + interval '1 hour 10 minutes', 9, NULL::smallint, 'abandoned'::public.round_status FROM public.tee_bookings t WHERE t.id = 4;

-- Round 1: par + 1 on odd holes, par on even holes: 72 + 9 = 81
INSERT INTO public.hole_scores (round_id, hole_id, strokes, putts)
SELECT 1, h.id, h.par + (h.hole_number % 2), 2 FROM public.holes h WHERE h.course_id = 1;
-- Round 2: bogey on every hole: 36 + 9 = 45
INSERT INTO public.hole_scores (round_id, hole_id, strokes, putts)
SELECT 2, h.id, h.par + 1, 2 FROM public.holes h WHERE h.course_id = 2;
-- Round 3: abandoned after 5 holes (rain)
INSERT INTO public.hole_scores (round_id, hole_id, strokes, putts)
SELECT 3, h.id, h.par + 1, 2 FROM public.holes h WHERE h.course_id = 2 AND h.hole_number <= 5;

INSERT INTO public.lessons (id, club_id, pro_staff_id, member_id, starts_at, duration_minutes, price, status) VALUES
  (1, 1, 1, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '4 days' + interval '10 hours') AT TIME ZONE 'Europe/London', 45, 55.00, 'completed');

INSERT INTO public.carts (id, club_id, fleet_number, model, purchased_on, is_electric) VALUES
  (1, 1, 'C07', 'Club Car Onward', (now() - interval '3 years')::date, true);

INSERT INTO public.cart_meter_readings (id, cart_id, read_at, hours_meter) VALUES
  (1, 1, now() - interval '60 days', 1200.0),
  (2, 1, now() - interval '30 days', 1285.5),
  (3, 1, now() - interval '1 day', 1350.0);

INSERT INTO public.invoices (id, club_id, member_id, issued_at, currency_code, subtotal, tax_amount, total, status) VALUES
  (1, 1, 1, now() - interval '40 days', 'GBP', 1859.00, 371.80, 2230.80, 'paid'),
  (2, 2, 4, now() - interval '3 days', 'EUR', 60.00, 12.60, 72.60, 'issued');

INSERT INTO public.invoice_lines (invoice_id, line_no, description, quantity, unit_price, line_total) VALUES
  (1, 1, 'Annual subscription, full seven-day', 1, 1850.00, 1850.00),
  (1, 2, 'Range balls, large bucket', 2, 4.50, 9.00),
  (2, 1, 'Guest green fee', 1, 60.00, 60.00);

INSERT INTO public.payments (id, invoice_id, paid_at, amount, method) VALUES
  (1, 1, now() - interval '35 days', 2230.80, 'direct_debit');
