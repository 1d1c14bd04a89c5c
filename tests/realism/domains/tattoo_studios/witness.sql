-- Hand-made witness data for tattoo_studios: every rule applies and holds.
BEGIN;

INSERT INTO public.ref_country (iso2, iso3, country_name, dial_code, currency_code) VALUES
 ('DE', 'DEU', 'Germany', '49', 'EUR'),
 ('NL', 'NLD', 'Netherlands', '31', 'EUR'),
 ('GB', 'GBR', 'United Kingdom', '44', 'GBP'),
 ('US', 'USA', 'United States', '1', 'USD');

INSERT INTO public.studio (studio_id, studio_code, studio_name, country_iso2, city, street_addr, postcode, phone, tz_name, opened_on, closed_on, chairs) VALUES
 (1, 'BER1', 'Inkhaus Kreuzberg', 'DE', 'Berlin', 'Oranienstraße 34', '10999', '+493061234567', 'Europe/Berlin', '2016-04-01', NULL, 5),
 (2, 'AMS1', 'Inkhaus De Pijp', 'NL', 'Amsterdam', 'Ferdinand Bolstraat 112', '1072 LN', '+31201234567', 'Europe/Amsterdam', '2019-09-15', NULL, 4),
 (3, 'LDN1', 'Inkhaus Shoreditch', 'GB', 'London', '41 Redchurch Street', 'E2 7DJ', '+442071234567', 'Europe/London', '2021-03-01', NULL, 6);

INSERT INTO public.artist (artist_id, first_name, last_name, handle, born_on, email, phone, home_studio_id, started_on, left_on, is_apprentice) VALUES
 (1, 'Lena', 'Vogt', 'lena.lines', '1990-05-12', 'lena.vogt@inkhaus.example', '+4915112345678', 1, '2016-04-01', NULL, false),
 (2, 'Sem', 'de Vries', 'semtattoo', '1987-02-03', 'sem.devries@inkhaus.example', '+31612345678', 2, '2019-09-15', NULL, false),
 (3, 'Priya', 'Shah', 'priyaink', '1993-10-28', 'priya.shah@inkhaus.example', '+447700900123', 3, '2021-03-01', NULL, false);

INSERT INTO public.artist_contract (contract_id, artist_id, studio_id, valid_from, valid_to, commission_pct, chair_rent_monthly) VALUES
 (1, 1, 1, '2016-04-01', NULL, 50.00, 0),
 (2, 2, 2, '2019-09-15', NULL, 45.00, 0),
 (3, 3, 3, '2021-03-01', NULL, 40.00, 600.00);

INSERT INTO public.rate_card (rate_card_id, studio_id, valid_from, valid_to, hourly_rate, min_charge, deposit_amt, currency_code) VALUES
 (1, 1, '2025-01-01', NULL, 150.00, 100.00, 100.00, 'EUR'),
 (2, 2, '2025-01-01', NULL, 160.00, 100.00, 150.00, 'EUR'),
 (3, 3, '2024-06-01', NULL, 140.00, 120.00, 100.00, 'GBP');

INSERT INTO public.client (client_id, first_name, last_name, born_on, email, phone, country_iso2, created_at, marketing_ok) VALUES
 (1, 'Jonas', 'Weber', '1995-03-14', 'jonas.weber@mail.example', '+4917623456789', 'DE', '2026-08-02 14:10:00+00', true),
 (2, 'Anouk', 'Bakker', '2001-07-02', 'anouk.b@mail.example', '+31687654321', 'NL', '2026-08-20 09:45:00+00', false),
 (3, 'Tom', 'Hughes', '1979-11-20', 'tom.hughes@mail.example', '+447911123456', 'GB', '2026-10-01 18:30:00+00', false),
 (4, 'Mia', 'Schulz', '2006-01-15', 'mia.schulz@mail.example', '+4915798765432', 'DE', '2026-11-28 16:00:00+00', true);

INSERT INTO public.piece (piece_id, client_id, artist_id, studio_id, placement, style, width_mm, height_mm, is_colour, is_coverup, status, quoted_amt, currency_code, created_at) VALUES
 (1, 1, 1, 1, 'forearm', 'blackwork', 90, 180, false, false, 'finished', 900.00, 'EUR', '2026-08-02 14:20:00+00'),
 (2, 2, 2, 2, 'full_sleeve', 'japanese', 180, 560, true, false, 'in_progress', 3800.00, 'EUR', '2026-08-20 10:00:00+00'),
 (3, 3, 3, 3, 'wrist', 'lettering', 60, 20, false, false, 'finished', 140.00, 'GBP', '2026-10-01 18:40:00+00'),
 (4, 4, 1, 1, 'finger', 'fine_line', 10, 15, false, false, 'consultation', 100.00, 'EUR', '2026-11-28 16:10:00+00');

-- sitting 5 is booked on the Wednesday two weeks from now, 11:00-17:00 Amsterdam time
INSERT INTO public.sitting (sitting_id, piece_id, sitting_no, artist_id, studio_id, start_ts, end_ts, booked_mins, status, created_at) VALUES
 (1, 1, 1, 1, 1, '2026-09-15 09:00:00+00', '2026-09-15 13:00:00+00', 240, 'completed', '2026-08-02 14:25:00+00'),
 (2, 1, 2, 1, 1, '2026-10-20 10:00:00+00', '2026-10-20 12:00:00+00', 120, 'completed', '2026-09-15 13:10:00+00'),
 (3, 2, 1, 2, 2, '2026-10-03 08:00:00+00', '2026-10-03 14:00:00+00', 360, 'completed', '2026-08-20 10:05:00+00'),
 (4, 2, 2, 2, 2, '2026-11-07 09:00:00+00', '2026-11-07 15:00:00+00', 360, 'completed', '2026-10-03 14:20:00+00'),
 (5, 2, 3, 2, 2,
    (date_trunc('week', now() AT TIME ZONE 'Europe/Amsterdam') + interval '16 days 11 hours') AT TIME ZONE 'Europe/Amsterdam',
    (date_trunc('week', now() AT TIME ZONE 'Europe/Amsterdam') + interval '16 days 17 hours') AT TIME ZONE 'Europe/Amsterdam',
    360, 'booked', '2026-11-07 15:15:00+00'),
 (6, 3, 1, 3, 3, '2026-11-12 14:00:00+00', '2026-11-12 15:00:00+00', 60, 'completed', '2026-10-01 18:45:00+00');

INSERT INTO public.consent_form (consent_id, sitting_id, client_id, signed_at, id_doc_type, id_doc_last4, allergies_declared) VALUES
 (1, 1, 1, '2026-09-15 08:45:00+00', 'id_card', '4821', NULL),
 (2, 2, 1, '2026-10-20 09:50:00+00', 'id_card', '4821', NULL),
 (3, 3, 2, '2026-10-03 07:50:00+00', 'passport', '0917', 'latex'),
 (4, 4, 2, '2026-11-07 08:50:00+00', 'passport', '0917', 'latex'),
 (5, 6, 3, '2026-11-12 13:50:00+00', 'driving_licence', '3302', NULL);

INSERT INTO public.ink_lot (ink_lot_id, studio_id, brand, colour_name, lot_no, bottle_ml, received_on, expires_on) VALUES
 (1, 1, 'Dynamic', 'Triple Black', 'DY240611', 240.0, '2026-06-01', '2028-06-01'),
 (2, 2, 'Eternal', 'Lining Black', 'ET2607A', 60.0, '2026-08-10', '2028-02-01'),
 (3, 2, 'Eternal', 'Bright Red', 'ET2607R', 30.0, '2026-08-10', '2027-11-30'),
 (4, 3, 'World Famous', 'Pitch Black', 'WF-55231', 120.0, '2026-05-01', '2027-12-31');

INSERT INTO public.sitting_ink (sitting_id, ink_lot_id, ml_used) VALUES
 (1, 1, 8.00), (2, 1, 4.00), (3, 2, 10.00), (3, 3, 6.00), (4, 2, 9.00), (6, 4, 1.50);

INSERT INTO public.autoclave (autoclave_id, studio_id, make_model, serial_no, installed_on, chamber_litres) VALUES
 (1, 1, 'Melag Vacuklav 23 B+', 'MV23-0415577', '2016-03-20', 18.0),
 (2, 2, 'W&H Lisa 517', 'LS517-88120', '2019-09-01', 17.0),
 (3, 3, 'Mocom Classic B', 'MCB-2021-0331', '2021-02-15', 17.0);

-- 8 cycles per autoclave on the first working days of November; one failed cycle in 24
INSERT INTO public.steri_cycle (autoclave_id, cycle_counter, started_at, finished_at, peak_temp_c, result, operator_artist_id)
SELECT a.id, a.base + g.n,
       timestamptz '2026-11-02 08:30:00+00' + (g.n - 1) * interval '1 day',
       timestamptz '2026-11-02 09:15:00+00' + (g.n - 1) * interval '1 day',
       134.2,
       CASE WHEN a.id = 2 AND g.n = 5 THEN 'fail' ELSE 'pass' END::public.cycle_result_t,
       a.id
FROM (VALUES (1, 1200), (2, 844), (3, 309)) AS a(id, base)
CROSS JOIN generate_series(1, 8) AS g(n);

INSERT INTO public.invoice (invoice_id, invoice_no, piece_id, client_id, studio_id, issued_at, currency_code, net_amt, tax_amt, gross_amt, status) VALUES
 (1, 'BER1-2026-0412', 1, 1, 1, '2026-10-20 12:10:00+00', 'EUR', 900.00, 171.00, 1071.00, 'paid'),
 (2, 'AMS1-2026-0307', 2, 2, 2, '2026-11-07 15:10:00+00', 'EUR', 1920.00, 403.20, 2323.20, 'paid'),
 (3, 'LDN1-2026-0198', 3, 3, 3, '2026-11-12 15:05:00+00', 'GBP', 140.00, 28.00, 168.00, 'paid');

INSERT INTO public.invoice_line (invoice_id, line_no, descr, qty, unit_price, line_amt) VALUES
 (1, 1, 'Tattoo time, sitting 1 (hours)', 4.00, 150.00, 600.00),
 (1, 2, 'Tattoo time, sitting 2 (hours)', 2.00, 150.00, 300.00),
 (2, 1, 'Tattoo time, sittings 1-2 (hours)', 12.00, 160.00, 1920.00),
 (3, 1, 'Tattoo time (hours)', 1.00, 140.00, 140.00);

INSERT INTO public.payment (payment_id, invoice_id, paid_at, amount, currency_code, method, status, psp_ref) VALUES
 (1, 1, '2026-10-20 12:15:00+00', 1071.00, 'EUR', 'card', 'settled', 'pi_3QxBER0412'),
 (2, 2, '2026-11-07 15:20:00+00', 2323.20, 'EUR', 'card', 'settled', 'pi_3QxAMS0307'),
 (3, 3, '2026-11-12 15:08:00+00', 168.00, 'GBP', 'cash', 'settled', NULL);

INSERT INTO public.aftercare_check (check_id, piece_id, checked_on, days_since_sitting, healed_ok, needs_touchup, notes) VALUES
 (1, 1, '2026-11-17', 28, true, false, 'Fully healed, solid black.'),
 (2, 3, '2026-12-01', 19, true, false, NULL);

INSERT INTO public.review (review_id, piece_id, stars, posted_at, body) VALUES
 (1, 1, 5, '2026-11-18 20:02:00+00', 'Lena nailed the linework, healed perfectly.'),
 (2, 3, 4, '2026-12-02 08:41:00+00', 'Quick and clean, bit of a wait on the day.');

SELECT setval('public.studio_studio_id_seq', 3);
SELECT setval('public.artist_artist_id_seq', 3);
SELECT setval('public.artist_contract_contract_id_seq', 3);
SELECT setval('public.rate_card_rate_card_id_seq', 3);
SELECT setval('public.client_client_id_seq', 4);
SELECT setval('public.piece_piece_id_seq', 4);
SELECT setval('public.sitting_sitting_id_seq', 6);
SELECT setval('public.consent_form_consent_id_seq', 5);
SELECT setval('public.ink_lot_ink_lot_id_seq', 4);
SELECT setval('public.autoclave_autoclave_id_seq', 3);
SELECT setval('public.invoice_invoice_id_seq', 3);
SELECT setval('public.payment_payment_id_seq', 3);
SELECT setval('public.aftercare_check_check_id_seq', 2);
SELECT setval('public.review_review_id_seq', 2);

COMMIT;
