BEGIN;

INSERT INTO public.currencies (code, name, minor_units, symbol) VALUES
    ('EUR', 'Euro', 2, '€'),
    ('GBP', 'Pound sterling', 2, '£'),
    ('CHF', 'Swiss franc', 2, 'CHF'),
    ('SEK', 'Swedish krona', 2, 'kr'),
    ('PLN', 'Polish złoty', 2, 'zł');

INSERT INTO public.countries (code, name, currency_code, calling_code, standard_vat_pct) VALUES
    ('DE', 'Germany', 'EUR', '+49', 19.00),
    ('NL', 'Netherlands', 'EUR', '+31', 21.00),
    ('FR', 'France', 'EUR', '+33', 20.00),
    ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
    ('CH', 'Switzerland', 'CHF', '+41', 8.10),
    ('SE', 'Sweden', 'SEK', '+46', 25.00),
    ('PL', 'Poland', 'PLN', '+48', 23.00);

INSERT INTO public.facilities (id, code, name, country_code, city, postcode, address_line, phone, email, timezone, opened_on, gross_area_m2, status, created_at) VALUES
    (1, 'DE-BER-01', 'Berlin Moabit', 'DE', 'Berlin', '10553', 'Huttenstraße 41', '+49 30 46998120', 'moabit@example-storage.eu', 'Europe/Berlin', (current_date - 2400), 5200.00, 'active', now() - interval '2450 days'),
    (2, 'NL-AMS-01', 'Amsterdam Oost', 'NL', 'Amsterdam', '1097 DN', 'Hogeweg 58', '+31 20 2170455', 'oost@example-storage.eu', 'Europe/Amsterdam', (current_date - 1800), 3800.00, 'active', now() - interval '1850 days'),
    (3, 'GB-MAN-01', 'Manchester Ancoats', 'GB', 'Manchester', 'M4 6DE', 'Pollard Street 9', '+44 161 4960733', 'ancoats@example-storage.eu', 'Europe/London', (current_date - 1500), 6100.00, 'active', now() - interval '1550 days'),
    (4, 'FR-LYO-01', 'Lyon Gerland', 'FR', 'Lyon', '69007', '112 avenue Tony Garnier', '+33 4 78 61 22 40', 'gerland@example-storage.eu', 'Europe/Paris', (current_date - 900), 4400.00, 'active', now() - interval '950 days');

INSERT INTO public.unit_types (id, code, name, size_category, climate_controlled, description) VALUES
    (1, 'LOCKER', 'Locker', 'locker', true, 'Indoor locker up to 1.5 m²'),
    (2, 'SMALL', 'Small unit', 'small', true, 'Indoor unit 2-5 m²'),
    (3, 'MEDIUM', 'Medium unit', 'medium', true, 'Indoor unit 5-10 m²'),
    (4, 'LARGE', 'Large unit', 'large', false, 'Indoor unit 10-20 m²'),
    (5, 'DRIVEUP', 'Drive-up unit', 'drive_up', false, 'Ground-floor unit with roller door');

INSERT INTO public.units (id, facility_id, unit_type_id, unit_number, floor, width_m, depth_m, height_m, area_m2, status) VALUES
    (1, 1, 2, 'A-012', 0, 1.50, 1.50, 2.40, 2.25, 'occupied'),
    (2, 1, 3, 'A-104', 1, 2.00, 3.00, 2.40, 6.00, 'occupied'),
    (3, 1, 4, 'B-201', 2, 3.00, 4.00, 2.60, 12.00, 'available'),
    (4, 2, 1, 'L-07', 0, 1.00, 1.00, 1.00, 1.00, 'occupied'),
    (5, 2, 3, 'C-22', 0, 2.50, 3.00, 2.50, 7.50, 'reserved'),
    (6, 3, 5, 'D-03', 0, 3.00, 5.00, 3.00, 15.00, 'occupied'),
    (7, 3, 2, 'A-31', 1, 1.50, 2.00, 2.40, 3.00, 'available'),
    (8, 4, 3, 'G-05', 0, 2.00, 3.00, 2.50, 6.00, 'occupied');

INSERT INTO public.unit_type_prices (id, facility_id, unit_type_id, currency_code, monthly_rate, valid_from, valid_to) VALUES
    (1, 1, 2, 'EUR', 59.00, (date_trunc('month', current_date) + interval '-24 months')::date, ((date_trunc('month', current_date) + interval '-7 months')::date + -1)),
    (2, 1, 2, 'EUR', 64.00, (date_trunc('month', current_date) + interval '-7 months')::date, NULL),
    (3, 1, 3, 'EUR', 129.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL),
    (4, 1, 4, 'EUR', 219.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL),
    (5, 2, 1, 'EUR', 29.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL),
    (6, 2, 3, 'EUR', 149.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL),
    (7, 3, 5, 'GBP', 189.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL),
    (8, 3, 2, 'GBP', 55.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL),
    (9, 4, 3, 'EUR', 119.00, (date_trunc('month', current_date) + interval '-24 months')::date, NULL);

INSERT INTO public.customers (id, customer_number, customer_type, first_name, last_name, company_name, vat_number, email, phone, date_of_birth, country_code, city, postcode, address_line, iban, marketing_opt_in, created_at) VALUES
    (1, 'C-100231', 'individual', 'Lena', 'Hoffmann', NULL, NULL, 'lena.hoffmann@example.de', '+49 171 5550182', '1986-04-12', 'DE', 'Berlin', '10551', 'Turmstraße 22', 'DE89370400440532013000', false, now() - interval '200 days'),
    (2, 'C-100417', 'individual', 'Daan', 'de Vries', NULL, NULL, 'daan.devries@example.nl', '+31 6 12345678', '1979-09-03', 'NL', 'Amsterdam', '1093 KN', 'Javastraat 104', 'NL91ABNA0417164300', true, now() - interval '100 days'),
    (3, 'C-100502', 'individual', 'Oliver', 'Bennett', NULL, NULL, 'oliver.bennett@example.co.uk', '+44 7700 900417', '1992-01-27', 'GB', 'Manchester', 'M1 2AB', '14 Oldham Street', 'GB29NWBK60161331926819', false, now() - interval '230 days'),
    (4, 'C-100688', 'individual', 'Camille', 'Laurent', NULL, NULL, 'camille.laurent@example.fr', '+33 6 12 34 56 78', '1990-11-15', 'FR', 'Lyon', '69003', '8 rue Paul Bert', 'FR1420041010050500013M02606', true, now() - interval '70 days'),
    (5, 'C-100702', 'business', NULL, NULL, 'Brandt Möbel GmbH', 'DE811907980', 'buchhaltung@brandt-moebel.example.de', '+49 30 8870210', NULL, 'DE', 'Berlin', '10115', 'Chausseestraße 88', NULL, false, now() - interval '70 days');

INSERT INTO public.rental_agreements (id, agreement_number, customer_id, facility_id, unit_id, price_id, currency_code, monthly_rate, deposit_amount, start_date, end_date, notice_given_on, notice_period_days, status, end_reason, signed_at, created_at) VALUES
    (1, 'SA-01-2401', 1, 1, 1, 2, 'EUR', 64.00, 64.00, (date_trunc('month', current_date) + interval '-2 months')::date, NULL, NULL, 14, 'active', NULL, (((date_trunc('month', current_date) + interval '-2 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/Berlin', (((date_trunc('month', current_date) + interval '-2 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/Berlin'),
    (2, 'SA-01-2402', 1, 1, 3, 4, 'EUR', 219.00, 219.00, (date_trunc('month', current_date) + interval '-5 months')::date, ((date_trunc('month', current_date) + interval '-3 months')::date + -1), (((date_trunc('month', current_date) + interval '-3 months')::date + -1) - 14), 14, 'ended', 'customer_notice', (((date_trunc('month', current_date) + interval '-5 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/Berlin', (((date_trunc('month', current_date) + interval '-5 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/Berlin'),
    (3, 'SA-02-2403', 2, 2, 4, 5, 'EUR', 29.00, 0.00, (date_trunc('month', current_date) + interval '-1 months')::date, NULL, NULL, 14, 'active', NULL, (((date_trunc('month', current_date) + interval '-1 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/Amsterdam', (((date_trunc('month', current_date) + interval '-1 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/Amsterdam'),
    (4, 'SA-03-2404', 3, 3, 6, 7, 'GBP', 189.00, 189.00, (date_trunc('month', current_date) + interval '-1 months')::date, NULL, NULL, 14, 'active', NULL, (((date_trunc('month', current_date) + interval '-1 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/London', (((date_trunc('month', current_date) + interval '-1 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/London'),
    (5, 'SA-01-2405', 5, 1, 2, 3, 'EUR', 129.00, 129.00, (date_trunc('month', current_date) + interval '0 months')::date, NULL, NULL, 14, 'active', NULL, (((date_trunc('month', current_date) + interval '0 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/Berlin', (((date_trunc('month', current_date) + interval '0 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/Berlin'),
    (6, 'SA-02-2406', 2, 2, 5, 6, 'EUR', 149.00, 0.00, (current_date + 5), NULL, NULL, 14, 'reserved', NULL, now() - interval '2 days', now() - interval '2 days 5 minutes'),
    (7, 'SA-03-2407', 3, 3, 7, 8, 'GBP', 55.00, 55.00, (date_trunc('month', current_date) + interval '-6 months')::date, ((date_trunc('month', current_date) + interval '-4 months')::date + -1), (((date_trunc('month', current_date) + interval '-4 months')::date + -1) - 14), 14, 'ended', 'customer_notice', (((date_trunc('month', current_date) + interval '-6 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/London', (((date_trunc('month', current_date) + interval '-6 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/London'),
    (8, 'SA-04-2408', 4, 4, 8, 9, 'EUR', 119.00, 119.00, (date_trunc('month', current_date) + interval '0 months')::date, NULL, NULL, 14, 'active', NULL, (((date_trunc('month', current_date) + interval '0 months')::date - 3) + time '11:30') AT TIME ZONE 'Europe/Paris', (((date_trunc('month', current_date) + interval '0 months')::date - 3) + time '11:25') AT TIME ZONE 'Europe/Paris');

INSERT INTO public.rate_changes (id, agreement_id, old_rate, new_rate, notified_on, effective_on, reason) VALUES
    (1, 4, 189.00, 199.00, ((date_trunc('month', current_date) + interval '-1 months')::date + 9), (date_trunc('month', current_date) + interval '1 months')::date, 'annual rate review');

INSERT INTO public.insurance_plans (id, code, provider_name, currency_code, cover_amount, monthly_premium, valid_from, valid_to) VALUES
    (1, 'EU-2000', 'Helvetic Storage Cover', 'EUR', 2000.00, 6.50, (date_trunc('month', current_date) + interval '-36 months')::date, NULL),
    (2, 'EU-5000', 'Helvetic Storage Cover', 'EUR', 5000.00, 12.00, (date_trunc('month', current_date) + interval '-36 months')::date, NULL),
    (3, 'UK-2500', 'Helvetic Storage Cover', 'GBP', 2500.00, 7.00, (date_trunc('month', current_date) + interval '-36 months')::date, NULL);

INSERT INTO public.insurance_covers (id, agreement_id, plan_id, cover_amount, monthly_premium, start_date, end_date, status) VALUES
    (1, 1, 1, 2000.00, 6.50, (date_trunc('month', current_date) + interval '-2 months')::date, NULL, 'active'),
    (2, 4, 3, 2500.00, 7.00, (date_trunc('month', current_date) + interval '-1 months')::date, NULL, 'active'),
    (3, 5, 2, 5000.00, 12.00, (date_trunc('month', current_date) + interval '0 months')::date, NULL, 'active');

INSERT INTO public.invoices (id, invoice_number, agreement_id, customer_id, sequence_no, period_start, period_end, issued_on, due_on, currency_code, subtotal, vat_amount, total, status) VALUES
    (1, 'INV-01-10001', 1, 1, 1, (date_trunc('month', current_date) + interval '-2 months')::date, ((date_trunc('month', current_date) + interval '-1 months')::date + -1), ((date_trunc('month', current_date) + interval '-2 months')::date + -7), (date_trunc('month', current_date) + interval '-2 months')::date, 'EUR', 85.50, 15.01, 100.51, 'paid'),
    (2, 'INV-01-10002', 1, 1, 2, (date_trunc('month', current_date) + interval '-1 months')::date, ((date_trunc('month', current_date) + interval '0 months')::date + -1), ((date_trunc('month', current_date) + interval '-1 months')::date + -7), (date_trunc('month', current_date) + interval '-1 months')::date, 'EUR', 70.50, 12.16, 82.66, 'paid'),
    (3, 'INV-01-10003', 1, 1, 3, (date_trunc('month', current_date) + interval '0 months')::date, ((date_trunc('month', current_date) + interval '1 months')::date + -1), ((date_trunc('month', current_date) + interval '0 months')::date + -7), (date_trunc('month', current_date) + interval '0 months')::date, 'EUR', 70.50, 12.16, 82.66, 'issued'),
    (4, 'INV-01-10004', 2, 1, 1, (date_trunc('month', current_date) + interval '-5 months')::date, ((date_trunc('month', current_date) + interval '-4 months')::date + -1), ((date_trunc('month', current_date) + interval '-5 months')::date + -7), (date_trunc('month', current_date) + interval '-5 months')::date, 'EUR', 234.00, 44.46, 278.46, 'paid'),
    (5, 'INV-01-10005', 2, 1, 2, (date_trunc('month', current_date) + interval '-4 months')::date, ((date_trunc('month', current_date) + interval '-3 months')::date + -1), ((date_trunc('month', current_date) + interval '-4 months')::date + -7), (date_trunc('month', current_date) + interval '-4 months')::date, 'EUR', 219.00, 41.61, 260.61, 'paid'),
    (6, 'INV-02-10006', 3, 2, 1, (date_trunc('month', current_date) + interval '-1 months')::date, ((date_trunc('month', current_date) + interval '0 months')::date + -1), ((date_trunc('month', current_date) + interval '-1 months')::date + -7), (date_trunc('month', current_date) + interval '-1 months')::date, 'EUR', 29.50, 6.19, 35.69, 'paid'),
    (7, 'INV-02-10007', 3, 2, 2, (date_trunc('month', current_date) + interval '0 months')::date, ((date_trunc('month', current_date) + interval '1 months')::date + -1), ((date_trunc('month', current_date) + interval '0 months')::date + -7), (date_trunc('month', current_date) + interval '0 months')::date, 'EUR', 29.00, 6.09, 35.09, 'issued'),
    (8, 'INV-03-10008', 4, 3, 1, (date_trunc('month', current_date) + interval '-1 months')::date, ((date_trunc('month', current_date) + interval '0 months')::date + -1), ((date_trunc('month', current_date) + interval '-1 months')::date + -7), (date_trunc('month', current_date) + interval '-1 months')::date, 'GBP', 230.00, 44.60, 274.60, 'paid'),
    (9, 'INV-03-10009', 4, 3, 2, (date_trunc('month', current_date) + interval '0 months')::date, ((date_trunc('month', current_date) + interval '1 months')::date + -1), ((date_trunc('month', current_date) + interval '0 months')::date + -7), (date_trunc('month', current_date) + interval '0 months')::date, 'GBP', 196.00, 37.80, 233.80, 'issued'),
    (10, 'INV-01-10010', 5, 5, 1, (date_trunc('month', current_date) + interval '0 months')::date, ((date_trunc('month', current_date) + interval '1 months')::date + -1), ((date_trunc('month', current_date) + interval '0 months')::date + -7), (date_trunc('month', current_date) + interval '0 months')::date, 'EUR', 156.00, 27.36, 183.36, 'issued'),
    (11, 'INV-03-10011', 7, 3, 1, (date_trunc('month', current_date) + interval '-6 months')::date, ((date_trunc('month', current_date) + interval '-5 months')::date + -1), ((date_trunc('month', current_date) + interval '-6 months')::date + -7), (date_trunc('month', current_date) + interval '-6 months')::date, 'GBP', 70.00, 14.00, 84.00, 'paid'),
    (12, 'INV-03-10012', 7, 3, 2, (date_trunc('month', current_date) + interval '-5 months')::date, ((date_trunc('month', current_date) + interval '-4 months')::date + -1), ((date_trunc('month', current_date) + interval '-5 months')::date + -7), (date_trunc('month', current_date) + interval '-5 months')::date, 'GBP', 55.00, 11.00, 66.00, 'paid'),
    (13, 'INV-04-10013', 8, 4, 1, (date_trunc('month', current_date) + interval '0 months')::date, ((date_trunc('month', current_date) + interval '1 months')::date + -1), ((date_trunc('month', current_date) + interval '0 months')::date + -7), (date_trunc('month', current_date) + interval '0 months')::date, 'EUR', 134.00, 26.80, 160.80, 'issued');

INSERT INTO public.invoice_lines (id, invoice_id, line_no, line_type, description, quantity, unit_price, amount, vat_rate_pct, vat_amount) VALUES
    (1, 1, 1, 'rent', 'Monthly rent unit A-012', 1, 64.00, 64.00, 19.00, 12.16),
    (2, 1, 2, 'insurance', 'Contents insurance', 1, 6.50, 6.50, 0.00, 0.00),
    (3, 1, 3, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 19.00, 2.85),
    (4, 2, 1, 'rent', 'Monthly rent unit A-012', 1, 64.00, 64.00, 19.00, 12.16),
    (5, 2, 2, 'insurance', 'Contents insurance', 1, 6.50, 6.50, 0.00, 0.00),
    (6, 3, 1, 'rent', 'Monthly rent unit A-012', 1, 64.00, 64.00, 19.00, 12.16),
    (7, 3, 2, 'insurance', 'Contents insurance', 1, 6.50, 6.50, 0.00, 0.00),
    (8, 4, 1, 'rent', 'Monthly rent unit B-201', 1, 219.00, 219.00, 19.00, 41.61),
    (9, 4, 2, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 19.00, 2.85),
    (10, 5, 1, 'rent', 'Monthly rent unit B-201', 1, 219.00, 219.00, 19.00, 41.61),
    (11, 6, 1, 'rent', 'Monthly rent unit L-07', 1, 29.00, 29.00, 21.00, 6.09),
    (12, 6, 2, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 21.00, 3.15),
    (13, 6, 3, 'discount', 'First month 50% off', 1, -14.50, -14.50, 21.00, -3.05),
    (14, 7, 1, 'rent', 'Monthly rent unit L-07', 1, 29.00, 29.00, 21.00, 6.09),
    (15, 8, 1, 'rent', 'Monthly rent unit D-03', 1, 189.00, 189.00, 20.00, 37.80),
    (16, 8, 2, 'insurance', 'Contents insurance', 1, 7.00, 7.00, 0.00, 0.00),
    (17, 8, 3, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 20.00, 3.00),
    (18, 8, 4, 'merchandise', 'Disc padlock', 2, 9.50, 19.00, 20.00, 3.80),
    (19, 9, 1, 'rent', 'Monthly rent unit D-03', 1, 189.00, 189.00, 20.00, 37.80),
    (20, 9, 2, 'insurance', 'Contents insurance', 1, 7.00, 7.00, 0.00, 0.00),
    (21, 10, 1, 'rent', 'Monthly rent unit A-104', 1, 129.00, 129.00, 19.00, 24.51),
    (22, 10, 2, 'insurance', 'Contents insurance', 1, 12.00, 12.00, 0.00, 0.00),
    (23, 10, 3, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 19.00, 2.85),
    (24, 11, 1, 'rent', 'Monthly rent unit A-31', 1, 55.00, 55.00, 20.00, 11.00),
    (25, 11, 2, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 20.00, 3.00),
    (26, 12, 1, 'rent', 'Monthly rent unit A-31', 1, 55.00, 55.00, 20.00, 11.00),
    (27, 13, 1, 'rent', 'Monthly rent unit G-05', 1, 119.00, 119.00, 20.00, 23.80),
    (28, 13, 2, 'admin_fee', 'Administration fee', 1, 15.00, 15.00, 20.00, 3.00);

INSERT INTO public.payments (id, invoice_id, customer_id, amount, currency_code, method, status, provider_reference, paid_at) VALUES
    (1, 1, 1, 100.51, 'EUR', 'sepa_direct_debit', 'succeeded', 'PSP-880001', (((date_trunc('month', current_date) + interval '-2 months')::date) + time '06:00') AT TIME ZONE 'Europe/Berlin'),
    (2, 2, 1, 82.66, 'EUR', 'sepa_direct_debit', 'failed', 'PSP-880002', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '06:00') AT TIME ZONE 'Europe/Berlin'),
    (3, 2, 1, 82.66, 'EUR', 'sepa_direct_debit', 'succeeded', 'PSP-880003', ((((date_trunc('month', current_date) + interval '-1 months')::date + 2)) + time '06:00') AT TIME ZONE 'Europe/Berlin'),
    (4, 4, 1, 278.46, 'EUR', 'sepa_direct_debit', 'succeeded', 'PSP-880004', (((date_trunc('month', current_date) + interval '-5 months')::date) + time '06:00') AT TIME ZONE 'Europe/Berlin'),
    (5, 5, 1, 260.61, 'EUR', 'sepa_direct_debit', 'succeeded', 'PSP-880005', (((date_trunc('month', current_date) + interval '-4 months')::date) + time '06:00') AT TIME ZONE 'Europe/Berlin'),
    (6, 6, 2, 35.69, 'EUR', 'sepa_direct_debit', 'succeeded', 'PSP-880006', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '06:00') AT TIME ZONE 'Europe/Amsterdam'),
    (7, 8, 3, 274.60, 'GBP', 'sepa_direct_debit', 'succeeded', 'PSP-880007', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '06:00') AT TIME ZONE 'Europe/London'),
    (8, 11, 3, 84.00, 'GBP', 'sepa_direct_debit', 'succeeded', 'PSP-880008', (((date_trunc('month', current_date) + interval '-6 months')::date) + time '06:00') AT TIME ZONE 'Europe/London'),
    (9, 12, 3, 66.00, 'GBP', 'sepa_direct_debit', 'succeeded', 'PSP-880009', (((date_trunc('month', current_date) + interval '-5 months')::date) + time '06:00') AT TIME ZONE 'Europe/London');

INSERT INTO public.access_credentials (id, agreement_id, customer_id, credential_type, credential_ref, issued_at, revoked_at) VALUES
    (1, 1, 1, 'pin', 'K100101', (((date_trunc('month', current_date) + interval '-2 months')::date) + time '10:00') AT TIME ZONE 'Europe/Berlin', NULL),
    (2, 2, 1, 'pin', 'K100202', (((date_trunc('month', current_date) + interval '-5 months')::date) + time '10:00') AT TIME ZONE 'Europe/Berlin', ((((date_trunc('month', current_date) + interval '-3 months')::date + -1)) + time '17:00') AT TIME ZONE 'Europe/Berlin'),
    (3, 3, 2, 'pin', 'K200303', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '10:00') AT TIME ZONE 'Europe/Amsterdam', NULL),
    (4, 4, 3, 'pin', 'K300404', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '10:00') AT TIME ZONE 'Europe/London', NULL),
    (5, 5, 5, 'fob', 'K100505', (((date_trunc('month', current_date) + interval '0 months')::date) + time '10:00') AT TIME ZONE 'Europe/Berlin', NULL),
    (6, 7, 3, 'pin', 'K300706', (((date_trunc('month', current_date) + interval '-6 months')::date) + time '10:00') AT TIME ZONE 'Europe/London', ((((date_trunc('month', current_date) + interval '-4 months')::date + -1)) + time '17:00') AT TIME ZONE 'Europe/London'),
    (7, 8, 4, 'pin', 'K400807', (((date_trunc('month', current_date) + interval '0 months')::date) + time '10:00') AT TIME ZONE 'Europe/Paris', NULL);

INSERT INTO public.gate_events (id, facility_id, credential_id, gate_name, direction, result, denial_reason, occurred_at) VALUES
    (1, 1, 1, 'Main gate', 'in', 'granted', NULL, now() - interval '3 days 4 hours'),
    (2, 1, 1, 'Main gate', 'out', 'granted', NULL, now() - interval '3 days 3 hours 20 minutes'),
    (3, 1, NULL, 'Main gate', 'in', 'denied', 'unknown_pin', now() - interval '2 days 6 hours'),
    (4, 1, 5, 'Loading bay', 'in', 'granted', NULL, now() - interval '1 day 5 hours'),
    (5, 1, 5, 'Loading bay', 'out', 'granted', NULL, now() - interval '1 day 3 hours 45 minutes'),
    (6, 2, 3, 'Entrance', 'in', 'granted', NULL, now() - interval '4 days 2 hours'),
    (7, 2, 3, 'Entrance', 'out', 'granted', NULL, now() - interval '4 days 1 hour 40 minutes'),
    (8, 3, 4, 'Yard gate', 'in', 'granted', NULL, now() - interval '2 days 8 hours'),
    (9, 3, 4, 'Yard gate', 'out', 'granted', NULL, now() - interval '2 days 7 hours'),
    (10, 1, 1, 'Main gate', 'in', 'granted', NULL, now() - interval '5 hours');

INSERT INTO public.move_events (id, agreement_id, unit_id, event_type, occurred_at, unit_condition, notes) VALUES
    (1, 1, 1, 'move_in', (((date_trunc('month', current_date) + interval '-2 months')::date) + time '10:15') AT TIME ZONE 'Europe/Berlin', 'clean', NULL),
    (2, 2, 3, 'move_in', (((date_trunc('month', current_date) + interval '-5 months')::date) + time '10:15') AT TIME ZONE 'Europe/Berlin', 'clean', NULL),
    (3, 2, 3, 'move_out', ((((date_trunc('month', current_date) + interval '-3 months')::date + -1)) + time '16:30') AT TIME ZONE 'Europe/Berlin', 'needs_cleaning', 'broom clean requested'),
    (4, 3, 4, 'move_in', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '10:15') AT TIME ZONE 'Europe/Amsterdam', 'clean', NULL),
    (5, 4, 6, 'move_in', (((date_trunc('month', current_date) + interval '-1 months')::date) + time '10:15') AT TIME ZONE 'Europe/London', 'clean', NULL),
    (6, 5, 2, 'move_in', (((date_trunc('month', current_date) + interval '0 months')::date) + time '10:15') AT TIME ZONE 'Europe/Berlin', 'clean', NULL),
    (7, 7, 7, 'move_in', (((date_trunc('month', current_date) + interval '-6 months')::date) + time '10:15') AT TIME ZONE 'Europe/London', 'clean', NULL),
    (8, 7, 7, 'move_out', ((((date_trunc('month', current_date) + interval '-4 months')::date + -1)) + time '16:30') AT TIME ZONE 'Europe/London', 'needs_cleaning', 'broom clean requested'),
    (9, 8, 8, 'move_in', (((date_trunc('month', current_date) + interval '0 months')::date) + time '10:15') AT TIME ZONE 'Europe/Paris', 'clean', NULL);

INSERT INTO public.meters (id, facility_id, meter_type, serial_number, unit_of_measure, installed_on) VALUES
    (1, 1, 'electricity', '1ESY1160412345', 'kWh', (current_date - 2300)),
    (2, 2, 'electricity', 'E0031700987654', 'kWh', (current_date - 1700));

INSERT INTO public.meter_readings (id, meter_id, read_at, reading_value, source) VALUES
    (1, 1, now() - interval '61 days', 184220.5, 'smart_meter'),
    (2, 1, now() - interval '31 days', 186011.0, 'smart_meter'),
    (3, 1, now() - interval '1 day', 187802.3, 'smart_meter'),
    (4, 2, now() - interval '62 days', 95410.0, 'manual'),
    (5, 2, now() - interval '33 days', 96688.4, 'manual'),
    (6, 2, now() - interval '2 days', 97901.7, 'manual');

INSERT INTO public.unit_viewings (id, facility_id, unit_type_id, customer_id, prospect_name, prospect_email, scheduled_at, duration_minutes, status, created_at) VALUES
    (1, 1, 4, NULL, 'Jonas Weber', 'jonas.weber@example.de', ((date_trunc('week', current_date)::date + 7) + time '10:00') AT TIME ZONE 'Europe/Berlin', 30, 'scheduled', now() - interval '1 day'),
    (2, 2, 3, 2, 'Daan de Vries', 'daan.devries@example.nl', ((date_trunc('week', current_date)::date - 5) + time '14:30') AT TIME ZONE 'Europe/Amsterdam', 30, 'completed', now() - interval '12 days'),
    (3, 3, 2, NULL, 'Priya Shah', 'priya.shah@example.co.uk', ((date_trunc('week', current_date)::date - 4) + time '11:00') AT TIME ZONE 'Europe/London', 20, 'no_show', now() - interval '10 days');

COMMIT;
