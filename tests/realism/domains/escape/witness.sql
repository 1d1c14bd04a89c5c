BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('PLN', 'Polish zloty', 2), ('CZK', 'Czech koruna', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix) VALUES
  ('DE', 'Germany', 'EUR', '+49'), ('GB', 'United Kingdom', 'GBP', '+44'),
  ('PL', 'Poland', 'PLN', '+48'), ('CZ', 'Czechia', 'CZK', '+420');

INSERT INTO public.venues (id, country_code, currency_code, name, city, street, postcode, phone, email, timezone, opened_on, status) VALUES
  (1, 'DE', 'EUR', 'LockedIn Berlin Mitte', 'Berlin', 'Rosenthaler Str. 40', '10178', '+49 30 28093456', 'berlin@lockedin.example', 'Europe/Berlin', current_date - 1500, 'open'),
  (2, 'GB', 'GBP', 'LockedIn London Southwark', 'London', '12 Union Street', 'SE1 1SZ', '+44 20 7946 0321', 'london@lockedin.example', 'Europe/London', current_date - 1200, 'open'),
  (3, 'PL', 'PLN', 'LockedIn Kraków', 'Kraków', 'ul. Floriańska 15', '31-019', '+48 12 421 55 80', 'krakow@lockedin.example', 'Europe/Warsaw', current_date - 900, 'open'),
  (4, 'CZ', 'CZK', 'LockedIn Praha', 'Praha', 'Vodičkova 28', '110 00', '+420 224 215 771', 'praha@lockedin.example', 'Europe/Prague', current_date - 800, 'open');

INSERT INTO public.rooms (id, venue_id, name, theme, difficulty, min_players, max_players, duration_minutes, minimum_age, is_horror, opened_on, retired_on) VALUES
  (1, 1, 'Der Pharao', 'Egyptian tomb', 3, 2, 6, 60, 12, false, current_date - 1400, NULL),
  (2, 2, 'The Vault Job', 'Bank heist', 4, 2, 5, 60, 14, false, current_date - 1100, NULL),
  (3, 3, 'Laboratorium', 'Mad scientist', 5, 3, 6, 75, 16, true, current_date - 850, NULL),
  (4, 4, 'Alchymista', 'Rudolf II alchemist', 2, 2, 6, 60, 10, false, current_date - 750, NULL);

INSERT INTO public.room_prices (id, room_id, valid_from, valid_to, price_per_player, currency_code) VALUES
  (1, 1, current_date - 1400, current_date - 365, 25.00, 'EUR'),
  (2, 1, current_date - 365, NULL, 29.00, 'EUR'),
  (3, 2, current_date - 1100, NULL, 30.00, 'GBP'),
  (4, 3, current_date - 850, NULL, 89.00, 'PLN'),
  (5, 4, current_date - 750, NULL, 590.00, 'CZK');

INSERT INTO public.game_masters (id, venue_id, first_name, last_name, email, date_of_birth, hired_on, left_on, languages) VALUES
  (1, 1, 'Jonas', 'Becker', 'jonas.becker@lockedin.example', DATE '1996-04-12', current_date - 1300, NULL, '{de,en}'),
  (2, 2, 'Amelia', 'Hughes', 'amelia.hughes@lockedin.example', DATE '1994-09-03', current_date - 1000, NULL, '{en}'),
  (3, 3, 'Kacper', 'Nowak', 'kacper.nowak@lockedin.example', DATE '1998-01-25', current_date - 800, NULL, '{pl,en}'),
  (4, 4, 'Tereza', 'Dvořáková', 'tereza.dvorakova@lockedin.example', DATE '1993-06-30', current_date - 700, NULL, '{cs,en,de}');

INSERT INTO public.customers (id, first_name, last_name, email, phone, country_code, date_of_birth, marketing_opt_in, created_at) VALUES
  (1, 'Lena', 'Schmidt', 'lena.schmidt@mail.example', '+49 151 23456789', 'DE', DATE '1990-03-14', true, now() - interval '400 days'),
  (2, 'Oliver', 'Smith', 'oliver.smith@mail.example', '+44 7700 900123', 'GB', DATE '1987-11-02', false, now() - interval '300 days'),
  (3, 'Zofia', 'Wiśniewska', 'zofia.w@mail.example', '+48 601 234 567', 'PL', DATE '1999-07-21', true, now() - interval '200 days'),
  (4, 'Petr', 'Novák', 'petr.novak@mail.example', '+420 603 123 456', 'CZ', DATE '1985-12-08', false, now() - interval '150 days'),
  (5, 'Max', 'Weber', 'max.weber@mail.example', '+49 160 9876543', 'DE', DATE '2001-05-30', false, now() - interval '120 days'),
  (6, 'Emily', 'Clarke', 'emily.clarke@mail.example', NULL, 'GB', NULL, true, now() - interval '60 days');

INSERT INTO public.teams (id, name, captain_id, created_at) VALUES
  (1, 'Die Rätselbande', 1, now() - interval '380 days'),
  (2, 'Locksmiths Anonymous', 2, now() - interval '250 days');

INSERT INTO public.team_members (team_id, customer_id, joined_at) VALUES
  (1, 1, now() - interval '380 days'), (1, 5, now() - interval '110 days'),
  (2, 2, now() - interval '250 days'), (2, 6, now() - interval '55 days');

INSERT INTO public.time_slots (id, room_id, starts_at, ends_at, status) VALUES
  (1, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') - interval '40 days' + time '18:00') AT TIME ZONE 'Europe/Berlin',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') - interval '40 days' + time '19:15') AT TIME ZONE 'Europe/Berlin', 'booked'),
  (2, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '30 days' + time '19:00') AT TIME ZONE 'Europe/London',
          (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '30 days' + time '20:15') AT TIME ZONE 'Europe/London', 'booked'),
  (3, 3, (date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') - interval '25 days' + time '17:30') AT TIME ZONE 'Europe/Warsaw',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') - interval '25 days' + time '19:00') AT TIME ZONE 'Europe/Warsaw', 'booked'),
  (4, 4, (date_trunc('day', now() AT TIME ZONE 'Europe/Prague') - interval '20 days' + time '20:00') AT TIME ZONE 'Europe/Prague',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Prague') - interval '20 days' + time '21:15') AT TIME ZONE 'Europe/Prague', 'booked'),
  (5, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') - interval '15 days' + time '14:00') AT TIME ZONE 'Europe/Berlin',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') - interval '15 days' + time '15:15') AT TIME ZONE 'Europe/Berlin', 'booked'),
  (6, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '12 days' + time '11:00') AT TIME ZONE 'Europe/London',
          (date_trunc('day', now() AT TIME ZONE 'Europe/London') - interval '12 days' + time '12:15') AT TIME ZONE 'Europe/London', 'open'),
  (7, 3, (date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') - interval '7 days' + time '21:00') AT TIME ZONE 'Europe/Warsaw',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') - interval '7 days' + time '22:30') AT TIME ZONE 'Europe/Warsaw', 'booked'),
  (8, 4, (date_trunc('day', now() AT TIME ZONE 'Europe/Prague') - interval '3 days' + time '16:15') AT TIME ZONE 'Europe/Prague',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Prague') - interval '3 days' + time '17:30') AT TIME ZONE 'Europe/Prague', 'booked'),
  (9, 1, (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') + interval '5 days' + time '18:00') AT TIME ZONE 'Europe/Berlin',
          (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') + interval '5 days' + time '19:15') AT TIME ZONE 'Europe/Berlin', 'booked'),
  (10, 2, (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '9 days' + time '12:00') AT TIME ZONE 'Europe/London',
           (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '9 days' + time '13:15') AT TIME ZONE 'Europe/London', 'booked'),
  (11, 3, (date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') + interval '2 days' + time '10:00') AT TIME ZONE 'Europe/Warsaw',
           (date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') + interval '2 days' + time '11:30') AT TIME ZONE 'Europe/Warsaw', 'open');

INSERT INTO public.vouchers (id, code, issuing_venue_id, purchased_by, kind, face_value, currency_code, issued_at, valid_from, valid_until, status) VALUES
  (1, 'LI-BER-7Q4K-2M9X', 1, 1, 'gift', 58.00, 'EUR', now() - interval '60 days', (now() - interval '60 days')::date, (now() - interval '60 days')::date + 365, 'redeemed'),
  (2, 'LI-LON-3H8T-6W2P', 2, 2, 'gift', 60.00, 'GBP', now() - interval '10 days', (now() - interval '10 days')::date, (now() - interval '10 days')::date + 365, 'active');

INSERT INTO public.bookings (id, booking_ref, customer_id, team_id, slot_id, voucher_id, status, players_count, price_per_player, discount_amount, total_amount, currency_code, language, booked_at, cancelled_at) VALUES
  (1, 'BK-24-000101', 1, 1, 1, NULL, 'completed', 4, 29.00, 0, 116.00, 'EUR', 'de', now() - interval '45 days', NULL),
  (2, 'BK-24-000102', 2, 2, 2, NULL, 'completed', 3, 30.00, 0, 90.00, 'GBP', 'en', now() - interval '35 days', NULL),
  (3, 'BK-24-000103', 3, NULL, 3, NULL, 'completed', 5, 89.00, 0, 445.00, 'PLN', 'pl', now() - interval '27 days', NULL),
  (4, 'BK-24-000104', 4, NULL, 4, NULL, 'completed', 4, 590.00, 0, 2360.00, 'CZK', 'cs', now() - interval '21 days', NULL),
  (5, 'BK-24-000105', 5, 1, 5, 1, 'completed', 4, 29.00, 58.00, 58.00, 'EUR', 'de', now() - interval '20 days', NULL),
  (6, 'BK-24-000106', 6, 2, 6, NULL, 'cancelled', 4, 30.00, 0, 120.00, 'GBP', 'en', now() - interval '14 days', now() - interval '13 days'),
  (7, 'BK-24-000107', 3, NULL, 7, NULL, 'completed', 3, 89.00, 0, 267.00, 'PLN', 'pl', now() - interval '9 days', NULL),
  (8, 'BK-24-000108', 4, NULL, 8, NULL, 'completed', 2, 590.00, 0, 1180.00, 'CZK', 'en', now() - interval '6 days', NULL),
  (9, 'BK-24-000109', 1, 1, 9, NULL, 'confirmed', 5, 29.00, 0, 145.00, 'EUR', 'de', now() - interval '2 days', NULL),
  (10, 'BK-24-000110', 2, 2, 10, NULL, 'pending', 3, 30.00, 0, 90.00, 'GBP', 'en', now() - interval '1 day', NULL);

INSERT INTO public.booking_players (booking_id, customer_id, waiver_signed_at) VALUES
  (1, 1, now() - interval '40 days'), (1, 5, now() - interval '40 days'),
  (2, 2, now() - interval '30 days'), (5, 5, now() - interval '15 days'), (5, 1, now() - interval '15 days');

INSERT INTO public.game_sessions (id, booking_id, room_id, game_master_id, started_at, ended_at, status, escaped, escape_time_seconds, hints_used, players_present)
SELECT g.id, g.booking_id, s.room_id, r.venue_id, s.starts_at + interval '5 minutes',
       s.starts_at + interval '5 minutes' + make_interval(secs => coalesce(g.esc, r.duration_minutes * 60)),
       'completed', g.esc IS NOT NULL, g.esc, g.hints, g.players
FROM (VALUES (1, 1, 3120, 2, 4), (2, 2, NULL, 3, 3), (3, 3, 4200, 1, 5), (4, 4, 2880, 0, 4),
             (5, 5, NULL, 0, 4), (6, 7, 4260, 0, 3), (7, 8, 3300, 0, 2)) AS g(id, booking_id, esc, hints, players)
JOIN public.bookings b ON b.id = g.booking_id
JOIN public.time_slots s ON s.id = b.slot_id
JOIN public.rooms r ON r.id = s.room_id;

INSERT INTO public.session_hints (session_id, hint_no, given_at, puzzle, hint_text)
SELECT h.session_id, h.hint_no, g.started_at + make_interval(mins => h.mins), h.puzzle, h.txt
FROM (VALUES (1, 1, 15, 'sarcophagus', 'Count the scarabs on the wall.'),
             (1, 2, 34, 'star map', 'The constellations match the dial.'),
             (2, 1, 12, 'safe', 'The code is on the calendar.'),
             (2, 2, 28, 'laser grid', 'Try the mirror.'),
             (2, 3, 47, 'vault door', 'Two keys turn together.'),
             (3, 1, 40, 'chemistry set', 'Mix by colour order of the rainbow.')) AS h(session_id, hint_no, mins, puzzle, txt)
JOIN public.game_sessions g ON g.id = h.session_id;

INSERT INTO public.payments (id, booking_id, amount, currency_code, method, status, provider_ref, created_at, paid_at)
SELECT b.id, b.id, b.total_amount, b.currency_code, CASE WHEN b.voucher_id IS NOT NULL THEN 'voucher' ELSE 'card' END,
       CASE WHEN b.status = 'cancelled' THEN 'refunded' ELSE 'succeeded' END,
       'pi_' || md5(b.booking_ref), b.booked_at, b.booked_at + interval '1 minute'
FROM public.bookings b WHERE b.status <> 'pending';

INSERT INTO public.reviews (id, booking_id, customer_id, rating, title, body, created_at)
SELECT b.id, b.id, b.customer_id, v.rating, v.title, v.body, g.ended_at + interval '1 day'
FROM (VALUES (1, 5, 'Toller Abend', 'Super Rätsel, netter Spielleiter.'),
             (2, 4, 'Great fun', 'Didn''t escape but loved it.'),
             (3, 5, 'Świetne', 'Trudny, ale uczciwy.'),
             (8, 4, 'Skvělé', 'Pěkná hra pro dva.')) AS v(booking_id, rating, title, body)
JOIN public.bookings b ON b.id = v.booking_id
JOIN public.game_sessions g ON g.booking_id = b.id;

INSERT INTO public.room_devices (id, room_id, kind, serial_no, installed_on) VALUES
  (1, 1, 'maglock', 'ML-600-001245', current_date - 1400),
  (2, 2, 'keypad', 'KP-12-008812', current_date - 1100),
  (3, 3, 'rfid_reader', 'RF-522-004431', current_date - 850);

INSERT INTO public.device_readings (id, device_id, read_at, cycle_count) VALUES
  (1, 1, now() - interval '60 days', 18240), (2, 1, now() - interval '30 days', 18910), (3, 1, now() - interval '1 day', 19555),
  (4, 2, now() - interval '60 days', 9120), (5, 2, now() - interval '30 days', 9480), (6, 2, now() - interval '1 day', 9795),
  (7, 3, now() - interval '45 days', 30110), (8, 3, now() - interval '2 days', 31020);

SELECT setval('public.venues_id_seq', 4);
SELECT setval('public.rooms_id_seq', 4);
SELECT setval('public.room_prices_id_seq', 5);
SELECT setval('public.game_masters_id_seq', 4);
SELECT setval('public.customers_id_seq', 6);
SELECT setval('public.teams_id_seq', 2);
SELECT setval('public.time_slots_id_seq', 11);
SELECT setval('public.vouchers_id_seq', 2);
SELECT setval('public.bookings_id_seq', 10);
SELECT setval('public.game_sessions_id_seq', 7);
SELECT setval('public.payments_id_seq', 10);
SELECT setval('public.reviews_id_seq', 8);
SELECT setval('public.room_devices_id_seq', 3);
SELECT setval('public.device_readings_id_seq', 8);

COMMIT;
