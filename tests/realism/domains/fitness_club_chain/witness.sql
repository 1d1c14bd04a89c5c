-- Witness rows for fitness_club_chain: a reviewer-accepted slice of a three-country chain.
-- All dates are relative to now() / current_date.

INSERT INTO public.countries (code, iso3, name, currency_code, calling_code, vat_standard_rate) VALUES
    ('DE', 'DEU', 'Germany', 'EUR', '49', 19.00),
    ('NL', 'NLD', 'Netherlands', 'EUR', '31', 21.00),
    ('GB', 'GBR', 'United Kingdom', 'GBP', '44', 20.00);

INSERT INTO public.clubs (id, club_code, name, format, status, country_code, city, street, postcode, phone, email, timezone,
                          opened_on, floor_area_m2, max_occupancy, staffed_from, staffed_until, open_24h, created_at) VALUES
    (1, 'DE-BER-01', 'FitHub Berlin Mitte', 'standard', 'open', 'DE', 'Berlin', 'Rosenthaler Straße 40', '10178',
        '+49 30 2345 6789', 'berlin-mitte@fithub.example', 'Europe/Berlin', current_date - 2200, 2400, 350, '06:00', '23:00', false, now() - interval '6 years'),
    (2, 'NL-AMS-01', 'FitHub Amsterdam Zuid', 'premium', 'open', 'NL', 'Amsterdam', 'Beethovenstraat 12', '1077 HM',
        '+31 20 123 4567', 'amsterdam-zuid@fithub.example', 'Europe/Amsterdam', current_date - 1500, 3800, 500, '06:30', '22:30', false, now() - interval '4 years'),
    (3, 'GB-MAN-01', 'FitHub Manchester Piccadilly', 'express', 'open', 'GB', 'Manchester', '45 Piccadilly', 'M1 2AP',
        '+44 161 496 0123', 'manchester@fithub.example', 'Europe/London', current_date - 1900, 1100, 180, '06:00', '22:00', true, now() - interval '5 years 3 months');

INSERT INTO public.rooms (id, club_id, name, room_kind, capacity, area_m2) VALUES
    (1, 1, 'Studio 1', 'studio', 30, 140.0),
    (2, 1, 'Cycle Studio', 'cycle_studio', 25, 90.0),
    (3, 2, 'Studio A', 'studio', 35, 160.0),
    (4, 2, 'Zen Room', 'mind_body', 20, 85.0),
    (5, 3, 'Studio', 'studio', 25, 110.0);

INSERT INTO public.staff (id, employee_no, club_id, first_name, last_name, role, email, date_of_birth, hired_on) VALUES
    (1, 'E1001', 1, 'Lena', 'Hoffmann', 'personal_trainer', 'lena.hoffmann@fithub.example', current_date - interval '29 years 4 months', current_date - 1460),
    (2, 'E1002', 1, 'Jonas', 'Becker', 'group_instructor', 'jonas.becker@fithub.example', current_date - interval '33 years 1 month', current_date - 900),
    (3, 'E2001', 2, 'Sanne', 'de Vries', 'group_instructor', 'sanne.devries@fithub.example', current_date - interval '31 years 7 months', current_date - 1200),
    (4, 'E2002', 2, 'Daan', 'Jansen', 'personal_trainer', 'daan.jansen@fithub.example', current_date - interval '27 years 2 months', current_date - 700),
    (5, 'E3001', 3, 'Chloe', 'Walker', 'group_instructor', 'chloe.walker@fithub.example', current_date - interval '25 years 9 months', current_date - 500);

INSERT INTO public.membership_plans (id, plan_code, name, country_code, tier, billing_period, price, currency_code,
                                     joining_fee, contract_months, min_age, valid_from, valid_to) VALUES
    (1, 'DE-COMFORT-M', 'Comfort monatlich', 'DE', 'comfort', 'monthly', 24.95, 'EUR', 19.95, 12, 16, current_date - 1100, NULL),
    (2, 'DE-STUDENT-M', 'Student monatlich', 'DE', 'student', 'monthly', 16.80, 'EUR', 0.00, 6, 16, current_date - 1100, NULL),
    (3, 'NL-PREMIUM-M', 'Premium maandelijks', 'NL', 'premium', 'monthly', 41.32, 'EUR', 25.00, 12, 18, current_date - 730, NULL),
    (4, 'GB-OFFPEAK-M', 'Off-Peak Monthly (legacy)', 'GB', 'off_peak', 'monthly', 16.66, 'GBP', 0.00, 12, 16, current_date - 1800, current_date - 365),
    (5, 'GB-BASIC-M', 'Basic Monthly', 'GB', 'basic', 'monthly', 20.83, 'GBP', 10.00, 0, 16, current_date - 364, NULL);

INSERT INTO public.members (id, member_no, home_club_id, first_name, last_name, email, phone, date_of_birth, gender,
                            country_code, city, postcode, marketing_opt_in, created_at) VALUES
    (1, 'M000100001', 1, 'Anna', 'Schmidt', 'anna.schmidt@example.de', '+49 151 23456789', current_date - interval '34 years 3 months', 'F', 'DE', 'Berlin', '10119', true, now() - interval '9 months'),
    (2, 'M000100002', 1, 'Felix', 'Wagner', 'felix.wagner@example.de', '+49 176 98765432', current_date - interval '21 years 5 months', 'M', 'DE', 'Berlin', '10245', false, now() - interval '4 months'),
    (3, 'M000100003', 2, 'Emma', 'Visser', 'emma.visser@example.nl', '+31 6 12345678', current_date - interval '41 years 2 months', 'F', 'NL', 'Amsterdam', '1071 AB', true, now() - interval '6 months'),
    (4, 'M000100004', 3, 'Oliver', 'Brown', 'oliver.brown@example.co.uk', '+44 7700 900123', current_date - interval '27 years 8 months', 'M', 'GB', 'Manchester', 'M14 5RT', false, now() - interval '15 months'),
    (5, 'M000100005', 3, 'Amelia', 'Patel', 'amelia.patel@example.co.uk', '+44 7700 900456', current_date - interval '52 years 1 month', 'F', 'GB', 'Salford', 'M5 4WT', false, now() - interval '3 months');

INSERT INTO public.memberships (id, member_id, plan_id, club_id, status, start_date, end_date, cancelled_at, cancel_reason, sold_by_staff_id, created_at) VALUES
    (1, 1, 1, 1, 'active',  (date_trunc('month', current_date) - interval '8 months')::date, NULL, NULL, NULL, 1, now() - interval '9 months'),
    (2, 2, 2, 1, 'active',  (date_trunc('month', current_date) - interval '3 months')::date, NULL, NULL, NULL, 2, now() - interval '4 months'),
    (3, 3, 3, 2, 'active',  (date_trunc('month', current_date) - interval '5 months')::date, NULL, NULL, NULL, 3, now() - interval '6 months'),
    (4, 4, 4, 3, 'expired', (date_trunc('month', current_date) - interval '14 months')::date,
                            (date_trunc('month', current_date) - interval '2 months' - interval '1 day')::date, NULL, NULL, 5, now() - interval '15 months'),
    (5, 5, 5, 3, 'active',  (date_trunc('month', current_date) - interval '2 months')::date, NULL, NULL, NULL, 5, now() - interval '3 months');

INSERT INTO public.payment_mandates (id, member_id, mandate_ref, account_holder, iban, bic, signed_on) VALUES
    (1, 1, 'FH-DE-000100001', 'Anna Schmidt', 'DE89370400440532013000', 'COBADEFFXXX', current_date - 270),
    (2, 2, 'FH-DE-000100002', 'Felix Wagner', 'DE77100100100123456789', 'PBNKDEFFXXX', current_date - 120),
    (3, 3, 'FH-NL-000100003', 'E. Visser', 'NL91ABNA0417164300', 'ABNANL2A', current_date - 180),
    (4, 4, 'FH-GB-000100004', 'Oliver Brown', 'GB29NWBK60161331926819', 'NWBKGB2L', current_date - 450),
    (5, 5, 'FH-GB-000100005', 'Amelia Patel', 'GB82WEST12345698765432', 'WESTGB2L', current_date - 90);

-- Monthly invoices: consecutive periods from each membership's start date up to today (or its end date).
INSERT INTO public.invoices (invoice_no, membership_id, member_id, seq_no, period_start, period_end, issued_at, due_date,
                             currency_code, net_amount, tax_rate, tax_amount, total_amount, status)
SELECT 'INV-' || to_char(x.period_start, 'YYYYMM') || '-' || lpad(x.membership_id::text, 6, '0'),
       x.membership_id, x.member_id, x.seq_no, x.period_start, x.period_end,
       (x.period_start - 5) + time '09:00', x.period_start + 14,
       x.currency_code, x.net, x.rate, round(x.net * x.rate / 100, 2), x.net + round(x.net * x.rate / 100, 2),
       CASE WHEN x.period_start + 14 >= current_date THEN 'open' ELSE 'paid' END::public.invoice_status
FROM (
    SELECT m.id AS membership_id, m.member_id, g.k AS seq_no,
           (m.start_date + (g.k - 1) * interval '1 month')::date AS period_start,
           (m.start_date + g.k * interval '1 month' - interval '1 day')::date AS period_end,
           p.currency_code, co.vat_standard_rate AS rate,
           p.price + CASE WHEN g.k = 1 THEN p.joining_fee ELSE 0 END AS net
    FROM public.memberships m
    JOIN public.membership_plans p ON p.id = m.plan_id
    JOIN public.countries co ON co.code = p.country_code
    CROSS JOIN LATERAL generate_series(1, 24) AS g(k)
    WHERE (m.start_date + (g.k - 1) * interval '1 month')::date <= least(current_date, coalesce(m.end_date, current_date))
) x;

INSERT INTO public.invoice_lines (invoice_id, line_no, item_kind, description, quantity, unit_price, amount)
SELECT i.id, 1, 'membership_fee', p.name || ' ' || to_char(i.period_start, 'MM/YYYY'), 1, p.price, p.price
FROM public.invoices i JOIN public.memberships m ON m.id = i.membership_id JOIN public.membership_plans p ON p.id = m.plan_id;

INSERT INTO public.invoice_lines (invoice_id, line_no, item_kind, description, quantity, unit_price, amount)
SELECT i.id, 2, 'joining_fee', 'Joining fee', 1, p.joining_fee, p.joining_fee
FROM public.invoices i JOIN public.memberships m ON m.id = i.membership_id JOIN public.membership_plans p ON p.id = m.plan_id
WHERE i.seq_no = 1 AND p.joining_fee > 0;

-- One returned direct debit (insufficient funds) on Anna's third invoice, collected again a week later.
INSERT INTO public.payments (invoice_id, mandate_id, method, status, amount, currency_code, attempted_at, settled_at, failure_code)
SELECT i.id, 1, 'sepa_direct_debit', 'failed', i.total_amount, i.currency_code,
       (i.period_start + 1) + time '05:00', NULL, 'AM04'
FROM public.invoices i WHERE i.membership_id = 1 AND i.seq_no = 3;

INSERT INTO public.payments (invoice_id, mandate_id, method, status, amount, currency_code, attempted_at, settled_at)
SELECT i.id, pm.id,
       CASE WHEN i.currency_code = 'GBP' THEN 'bacs_direct_debit' ELSE 'sepa_direct_debit' END::public.payment_method,
       'succeeded', i.total_amount, i.currency_code,
       (i.period_start + CASE WHEN i.membership_id = 1 AND i.seq_no = 3 THEN 8 ELSE 1 END) + time '05:00',
       (i.period_start + CASE WHEN i.membership_id = 1 AND i.seq_no = 3 THEN 10 ELSE 3 END) + time '10:00'
FROM public.invoices i JOIN public.payment_mandates pm ON pm.member_id = i.member_id
WHERE i.status = 'paid';

INSERT INTO public.class_types (id, code, name, category, default_duration_min, intensity) VALUES
    (1, 'HIIT45', 'HIIT Express', 'cardio', 45, 4),
    (2, 'YOGA60', 'Vinyasa Yoga', 'mind_body', 60, 2),
    (3, 'CYCLE45', 'Indoor Cycling', 'cycling', 45, 4),
    (4, 'BPUMP55', 'Barbell Pump', 'strength', 55, 3);

INSERT INTO public.class_sessions (id, class_type_id, club_id, room_id, instructor_id, starts_at, ends_at, capacity, status, cancelled_reason) VALUES
    (1, 1, 1, 1, 2, ((current_date - 7) + time '18:00') AT TIME ZONE 'Europe/Berlin', ((current_date - 7) + time '18:45') AT TIME ZONE 'Europe/Berlin', 30, 'completed', NULL),
    (2, 3, 1, 2, 2, ((current_date - 2) + time '07:00') AT TIME ZONE 'Europe/Berlin', ((current_date - 2) + time '07:45') AT TIME ZONE 'Europe/Berlin', 25, 'completed', NULL),
    (3, 2, 2, 4, 3, ((current_date - 1) + time '19:30') AT TIME ZONE 'Europe/Amsterdam', ((current_date - 1) + time '20:30') AT TIME ZONE 'Europe/Amsterdam', 20, 'completed', NULL),
    (4, 4, 2, 3, 3, ((current_date + 3) + time '18:00') AT TIME ZONE 'Europe/Amsterdam', ((current_date + 3) + time '18:55') AT TIME ZONE 'Europe/Amsterdam', 35, 'scheduled', NULL),
    (5, 1, 3, 5, 5, ((current_date + 1) + time '12:15') AT TIME ZONE 'Europe/London', ((current_date + 1) + time '13:00') AT TIME ZONE 'Europe/London', 25, 'scheduled', NULL),
    (6, 2, 1, 1, 2, ((current_date + 5) + time '09:00') AT TIME ZONE 'Europe/Berlin', ((current_date + 5) + time '10:00') AT TIME ZONE 'Europe/Berlin', 30, 'cancelled', 'Instructor ill');

INSERT INTO public.bookings (session_id, member_id, status, booked_at, cancelled_at) VALUES
    (1, 1, 'attended', ((current_date - 9) + time '20:14') AT TIME ZONE 'Europe/Berlin', NULL),
    (2, 1, 'attended', ((current_date - 4) + time '21:02') AT TIME ZONE 'Europe/Berlin', NULL),
    (2, 2, 'no_show', ((current_date - 3) + time '08:40') AT TIME ZONE 'Europe/Berlin', NULL),
    (3, 3, 'attended', ((current_date - 3) + time '12:05') AT TIME ZONE 'Europe/Amsterdam', NULL),
    (4, 3, 'booked', now() - interval '5 hours', NULL),
    (5, 5, 'booked', now() - interval '1 day 2 hours', NULL),
    (6, 2, 'cancelled', now() - interval '2 days', now() - interval '3 hours');

INSERT INTO public.check_ins (member_id, club_id, entered_at, left_at, access_method)
SELECT v.member_id, v.club_id,
       ((current_date - v.days_ago) + v.at) AT TIME ZONE v.tz,
       ((current_date - v.days_ago) + v.at + make_interval(mins => v.stay)) AT TIME ZONE v.tz,
       v.how::public.access_method
FROM (VALUES
    (1, 1, 'Europe/Berlin', 7, time '17:50', 80, 'member_card'),
    (1, 1, 'Europe/Berlin', 2, time '06:48', 65, 'member_card'),
    (1, 1, 'Europe/Berlin', 1, time '18:20', 95, 'app_qr'),
    (2, 1, 'Europe/Berlin', 5, time '16:05', 55, 'app_qr'),
    (3, 2, 'Europe/Amsterdam', 1, time '19:10', 90, 'wristband'),
    (3, 2, 'Europe/Amsterdam', 4, time '07:15', 70, 'wristband'),
    (5, 3, 'Europe/London', 3, time '12:30', 45, 'member_card'),
    (5, 3, 'Europe/London', 6, time '10:00', 110, 'front_desk')
) AS v(member_id, club_id, tz, days_ago, at, stay, how);

INSERT INTO public.equipment (id, club_id, asset_tag, kind, manufacturer, model, serial_no, purchased_on, purchase_price, currency_code, weight_kg) VALUES
    (1, 1, 'BER-TM-007', 'treadmill', 'Technogym', 'Skillrun', 'TG-SR-22-104882', current_date - 800, 14900.00, 'EUR', 219.0),
    (2, 1, 'BER-SB-012', 'spin_bike', 'Keiser', 'M3i', 'KS-M3I-558120', current_date - 800, 2290.00, 'EUR', 50.0),
    (3, 2, 'AMS-RW-003', 'rowing_machine', 'Concept2', 'RowErg', '430211987', current_date - 500, 1150.00, 'EUR', 26.0),
    (4, 3, 'MAN-PR-002', 'power_rack', 'Rogue', 'RM-6 Monster Rack', NULL, current_date - 1200, 2450.00, 'GBP', 180.0),
    (5, 2, 'AMS-DB-001', 'dumbbell_set', 'Eleiko', 'XF Dumbbell 2.5-50 kg', NULL, current_date - 500, 9800.00, 'EUR', 1050.0);

-- Monthly meter readings on the Berlin treadmill and the Amsterdam rower.
INSERT INTO public.equipment_readings (equipment_id, read_at, odometer_km, operating_hours)
SELECT 1, ((date_trunc('month', current_date) - make_interval(months => 6 - g))::date + time '07:00') AT TIME ZONE 'Europe/Berlin',
       18250.0 + 930.5 * g, 2410.0 + 118.0 * g
FROM generate_series(0, 5) AS g;

INSERT INTO public.equipment_readings (equipment_id, read_at, odometer_km, operating_hours)
SELECT 3, ((date_trunc('month', current_date) - make_interval(months => 4 - g))::date + time '07:30') AT TIME ZONE 'Europe/Amsterdam',
       NULL, 620.0 + 74.5 * g
FROM generate_series(0, 3) AS g;

INSERT INTO public.pt_sessions (member_id, trainer_id, club_id, starts_at, duration_min, status, price, currency_code) VALUES
    (1, 1, 1, ((current_date - 10) + time '07:30') AT TIME ZONE 'Europe/Berlin', 60, 'completed', 55.00, 'EUR'),
    (3, 4, 2, ((current_date + 2) + time '18:45') AT TIME ZONE 'Europe/Amsterdam', 60, 'booked', 65.00, 'EUR'),
    (1, 1, 1, ((current_date + 4) + time '20:00') AT TIME ZONE 'Europe/Berlin', 60, 'booked', 55.00, 'EUR'),
    (2, 1, 1, ((current_date - 3) + time '17:00') AT TIME ZONE 'Europe/Berlin', 30, 'no_show', 30.00, 'EUR');

SELECT pg_catalog.setval('public.clubs_id_seq', 3, true);
SELECT pg_catalog.setval('public.rooms_id_seq', 5, true);
SELECT pg_catalog.setval('public.staff_id_seq', 5, true);
SELECT pg_catalog.setval('public.membership_plans_id_seq', 5, true);
SELECT pg_catalog.setval('public.class_types_id_seq', 4, true);
SELECT pg_catalog.setval('public.equipment_id_seq', 5, true);
