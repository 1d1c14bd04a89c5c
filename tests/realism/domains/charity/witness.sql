BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('USD', 'US dollar', 2),
  ('KES', 'Kenyan shilling', 2),
  ('UGX', 'Ugandan shilling', 0);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, tax_relief_scheme) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 'gift_aid'),
  ('IE', 'Ireland', 'EUR', '+353', 'charitable_donation_scheme'),
  ('DE', 'Germany', 'EUR', '+49', 'spendenquittung'),
  ('US', 'United States', 'USD', '+1', 'irs_501c3'),
  ('KE', 'Kenya', 'KES', '+254', NULL),
  ('UG', 'Uganda', 'UGX', '+256', NULL);

INSERT INTO public.supporters (id, supporter_ref, title, first_name, last_name, email, phone, address_line1, city, postcode, country_code, date_of_birth, deceased_on, contact_opt_in, created_at) VALUES
  (1, 'SUP-000101', 'Ms', 'Sarah', 'Thompson', 'sarah.thompson@example.co.uk', '+44 7700 900123', '14 Albert Road', 'London', 'SW11 4PX', 'GB', DATE '1972-04-11', NULL, true, now() - interval '6 years'),
  (2, 'SUP-000102', 'Mr', 'James', 'Patel', 'j.patel@example.co.uk', '+44 7700 900456', '3 Wilmslow Road', 'Manchester', 'M14 5TQ', 'GB', DATE '1985-09-23', NULL, true, now() - interval '3 years'),
  (3, 'SUP-000103', 'Ms', 'Aoife', 'Murphy', 'aoife.murphy@example.ie', '+353 87 123 4567', '22 Ranelagh Road', 'Dublin', 'D06 X2K7', 'IE', DATE '1990-02-14', NULL, false, now() - interval '2 years'),
  (4, 'SUP-000104', 'Herr', 'Lukas', 'Becker', 'lukas.becker@example.de', '+49 30 12345678', 'Schönhauser Allee 41', 'Berlin', '10435', 'DE', DATE '1968-07-30', NULL, true, now() - interval '4 years'),
  (5, 'SUP-000105', 'Ms', 'Emily', 'Johnson', 'emily.johnson@example.com', '+1 617 555 0142', '88 Beacon Street', 'Boston', '02108', 'US', DATE '1995-12-01', NULL, true, now() - interval '1 year'),
  (6, 'SUP-000106', 'Mrs', 'Margaret', 'Hughes', NULL, '+44 29 2018 0432', '7 Cathedral Road', 'Cardiff', 'CF11 9LJ', 'GB', DATE '1948-03-05', NULL, false, now() - interval '10 years');

INSERT INTO public.campaigns (id, code, name, status, starts_on, ends_on, target_amount, currency_code, created_at) VALUES
  (1, 'CLEAN-WATER-24', 'Clean Water for Kisumu', 'closed', current_date - 700, current_date - 400, 250000.00, 'GBP', now() - interval '730 days'),
  (2, 'WINTER-APPEAL', 'Winter Emergency Appeal', 'active', current_date - 60, current_date + 90, 500000.00, 'GBP', now() - interval '90 days'),
  (3, 'GIRLS-SCHOOLS', 'Girls Back to School', 'planned', current_date + 30, current_date + 210, 180000.00, 'GBP', now() - interval '14 days');

INSERT INTO public.appeals (id, campaign_id, code, name, channel, starts_on, ends_on) VALUES
  (1, 1, 'CW24-DM', 'Clean Water mailing', 'direct_mail', current_date - 700, current_date - 400),
  (2, 2, 'WA-EMAIL', 'Winter appeal email series', 'email', current_date - 60, current_date + 90),
  (3, 2, 'WA-DIGI', 'Winter appeal social ads', 'digital', current_date - 45, current_date + 60);

INSERT INTO public.direct_debit_mandates (id, supporter_id, scheme, mandate_reference, account_holder, iban, sort_code, account_number, status, signed_at, activated_at, cancelled_at) VALUES
  (1, 1, 'bacs', 'CHY-DD-0001457', 'S Thompson', NULL, '200415', '41234567', 'active', now() - interval '5 years', now() - interval '5 years' + interval '10 days', NULL),
  (2, 3, 'sepa', 'CHY-SEPA-000318', 'Aoife Murphy', 'IE29AIBK93115212345678', NULL, NULL, 'active', now() - interval '20 months', now() - interval '20 months' + interval '6 days', NULL),
  (3, 4, 'sepa', 'CHY-SEPA-000412', 'Lukas Becker', 'DE89370400440532013000', NULL, NULL, 'active', now() - interval '3 years', now() - interval '3 years' + interval '6 days', NULL),
  (4, 2, 'bacs', 'CHY-DD-0002981', 'J Patel', NULL, '309634', '17459032', 'cancelled', now() - interval '2 years', now() - interval '2 years' + interval '10 days', now() - interval '8 months');

INSERT INTO public.recurring_gifts (id, supporter_id, mandate_id, appeal_id, amount, currency_code, frequency, collection_day, status, started_on, ended_on) VALUES
  (1, 1, 1, NULL, 10.00, 'GBP', 'monthly', 1, 'active', current_date - 1800, NULL),
  (2, 3, 2, NULL, 15.00, 'EUR', 'monthly', 15, 'active', current_date - 600, NULL),
  (3, 4, 3, NULL, 20.00, 'EUR', 'monthly', 5, 'active', current_date - 1090, NULL),
  (4, 2, 4, NULL, 5.00, 'GBP', 'monthly', 28, 'cancelled', current_date - 720, current_date - 240);

INSERT INTO public.donations (id, supporter_id, appeal_id, recurring_gift_id, amount, currency_code, payment_method, status, received_at, refunded_at, gift_aid_eligible) VALUES
  (1, 1, NULL, 1, 10.00, 'GBP', 'direct_debit', 'paid', now() - interval '40 days', NULL, true),
  (2, 1, NULL, 1, 10.00, 'GBP', 'direct_debit', 'paid', now() - interval '10 days', NULL, true),
  (3, 2, 2, NULL, 50.00, 'GBP', 'card', 'paid', now() - interval '21 days', NULL, true),
  (4, 3, NULL, 2, 15.00, 'EUR', 'direct_debit', 'paid', now() - interval '12 days', NULL, false),
  (5, 4, NULL, 3, 20.00, 'EUR', 'direct_debit', 'paid', now() - interval '15 days', NULL, false),
  (6, 5, 3, NULL, 100.00, 'USD', 'card', 'paid', now() - interval '5 days', NULL, false),
  (7, 6, 1, NULL, 250.00, 'GBP', 'cheque', 'paid', now() - interval '500 days', NULL, true),
  (8, 6, 2, NULL, 40.00, 'GBP', 'card', 'paid', now() - interval '30 days', NULL, true),
  (9, 2, NULL, NULL, 100.00, 'GBP', 'bank_transfer', 'paid', now() - interval '50 days', NULL, false),
  (10, 2, NULL, NULL, 100.00, 'GBP', 'bank_transfer', 'paid', now() - interval '20 days', NULL, false),
  (11, 1, 3, NULL, 30.00, 'GBP', 'card', 'pending', now() - interval '2 days', NULL, true),
  (12, 6, NULL, NULL, 25.00, 'GBP', 'paypal', 'paid', now() - interval '3 days', NULL, false);

INSERT INTO public.pledges (id, supporter_id, campaign_id, pledged_on, total_amount, currency_code, instalment_count, status) VALUES
  (1, 2, 2, current_date - 55, 400.00, 'GBP', 4, 'open');

INSERT INTO public.pledge_instalments (id, pledge_id, instalment_no, due_on, amount, status, donation_id) VALUES
  (1, 1, 1, current_date - 50, 100.00, 'paid', 9),
  (2, 1, 2, current_date - 20, 100.00, 'paid', 10),
  (3, 1, 3, current_date + 10, 100.00, 'due', NULL),
  (4, 1, 4, current_date + 40, 100.00, 'due', NULL);

INSERT INTO public.gift_aid_declarations (id, supporter_id, method, declared_at, valid_from, valid_to, cancelled_at) VALUES
  (1, 1, 'online', now() - interval '6 years', current_date - interval '6 years', NULL, NULL),
  (2, 2, 'online', now() - interval '3 years', current_date - interval '3 years', NULL, NULL),
  (3, 6, 'paper', now() - interval '10 years', current_date - interval '10 years', NULL, NULL);

INSERT INTO public.tax_relief_claims (id, claim_reference, country_code, currency_code, period_start, period_end, status, submitted_at, paid_at, donations_total, relief_total, line_count) VALUES
  (1, 'GA-CLAIM-0041', 'GB', 'GBP', current_date - 560, current_date - 470, 'paid', now() - interval '460 days', now() - interval '440 days', 250.00, 62.50, 1),
  (2, 'GA-CLAIM-0046', 'GB', 'GBP', current_date - 45, current_date - 1, 'draft', NULL, NULL, 100.00, 25.00, 3);

INSERT INTO public.tax_relief_claim_lines (id, claim_id, line_no, donation_id, declaration_id, donation_amount, relief_amount) VALUES
  (1, 1, 1, 7, 3, 250.00, 62.50),
  (2, 2, 1, 1, 1, 10.00, 2.50),
  (3, 2, 2, 3, 2, 50.00, 12.50),
  (4, 2, 3, 8, 3, 40.00, 10.00);

INSERT INTO public.events (id, campaign_id, name, event_type, country_code, city, venue, starts_at, ends_at, capacity, registration_fee, currency_code, status) VALUES
  (1, 2, 'Thames Path 10k Fun Run', 'fun_run', 'GB', 'London', 'Battersea Park', date_trunc('day', now() + interval '20 days') + interval '9 hours', date_trunc('day', now() + interval '20 days') + interval '13 hours', 800, 20.00, 'GBP', 'open'),
  (2, 2, 'Winter Gala Dinner', 'gala_dinner', 'GB', 'London', 'The Guildhall', date_trunc('day', now() - interval '30 days') + interval '18 hours 30 minutes', date_trunc('day', now() - interval '30 days') + interval '23 hours 30 minutes', 250, 85.00, 'GBP', 'completed'),
  (3, NULL, 'Kilimanjaro Challenge Trek', 'trek', 'KE', 'Moshi', NULL, date_trunc('day', now() + interval '120 days') + interval '7 hours', date_trunc('day', now() + interval '128 days') + interval '16 hours', 24, 299.00, 'GBP', 'open');

INSERT INTO public.event_registrations (id, event_id, supporter_id, registered_at, status, bib_number, fundraising_target, amount_raised) VALUES
  (1, 2, 1, now() - interval '75 days', 'attended', NULL, NULL, 0.00),
  (2, 2, 6, now() - interval '70 days', 'attended', NULL, NULL, 0.00),
  (3, 2, 2, now() - interval '65 days', 'no_show', NULL, NULL, 0.00),
  (4, 1, 3, now() - interval '25 days', 'registered', '1047', 250.00, 0.00),
  (5, 1, 2, now() - interval '28 days', 'confirmed', '1012', 300.00, 45.00),
  (6, 3, 4, now() - interval '40 days', 'registered', NULL, 3500.00, 620.00),
  (7, 1, 5, now() - interval '26 days', 'cancelled', NULL, 250.00, 0.00),
  (8, 3, 1, now() - interval '35 days', 'confirmed', NULL, 3500.00, 1150.00);

INSERT INTO public.sponsorships (id, registration_id, sponsor_name, sponsor_supporter_id, amount, pledged_at, donation_id, message) VALUES
  (1, 5, 'Tom Harris', NULL, 20.00, now() - interval '4 days', NULL, 'Go James!'),
  (2, 5, 'Margaret Hughes', 6, 25.00, now() - interval '3 days', 12, 'Good luck'),
  (3, 8, 'Priya Shah', NULL, 50.00, now() - interval '12 days', NULL, NULL);

INSERT INTO public.volunteers (id, supporter_id, status, started_on, background_check_on, skills) VALUES
  (1, 6, 'active', current_date - 2900, current_date - 400, ARRAY['hospitality', 'admin']),
  (2, 2, 'active', current_date - 500, current_date - 480, ARRAY['first_aid', 'marshalling']);

INSERT INTO public.volunteer_shifts (id, volunteer_id, event_id, role, starts_at, ends_at, status) VALUES
  (1, 1, 2, 'Registration desk', date_trunc('day', now() - interval '30 days') + interval '17 hours', date_trunc('day', now() - interval '30 days') + interval '23 hours', 'worked'),
  (2, 2, 1, 'Water station marshal', date_trunc('day', now() + interval '20 days') + interval '8 hours', date_trunc('day', now() + interval '20 days') + interval '13 hours', 'booked'),
  (3, 1, NULL, 'Charity shop till', date_trunc('day', now() - interval '6 days') + interval '10 hours', date_trunc('day', now() - interval '6 days') + interval '14 hours', 'worked');

INSERT INTO public.grants (id, reference, partner_name, project_name, country_code, campaign_id, amount_awarded, currency_code, approved_on, starts_on, ends_on, status) VALUES
  (1, 'GR-2024-017', 'Kisumu Water Trust', 'Borehole rehabilitation, Kisumu County', 'KE', 1, 120000.00, 'GBP', current_date - 600, current_date - 580, current_date + 150, 'active'),
  (2, 'GR-2025-004', 'Gulu Women''s Cooperative', 'Village savings groups, Gulu District', 'UG', NULL, 45000.00, 'GBP', current_date - 300, current_date - 270, current_date + 95, 'active');

INSERT INTO public.grant_reports (id, grant_id, report_no, period_start, period_end, submitted_on, spend_to_date, beneficiaries_to_date, narrative) VALUES
  (1, 1, 1, current_date - 580, current_date - 400, current_date - 385, 30000.00, 1200, 'Four boreholes surveyed and two rehabilitated.'),
  (2, 1, 2, current_date - 399, current_date - 220, current_date - 205, 65000.00, 3400, 'Six boreholes in use; water committees trained.'),
  (3, 1, 3, current_date - 219, current_date - 40, current_date - 26, 98000.00, 5100, 'Nine boreholes in use; hygiene sessions in 12 schools.'),
  (4, 2, 1, current_date - 270, current_date - 90, current_date - 75, 15000.00, 310, 'Fourteen savings groups formed.');

SELECT setval('public.supporters_id_seq', 6);
SELECT setval('public.campaigns_id_seq', 3);
SELECT setval('public.appeals_id_seq', 3);
SELECT setval('public.direct_debit_mandates_id_seq', 4);
SELECT setval('public.recurring_gifts_id_seq', 4);
SELECT setval('public.donations_id_seq', 12);
SELECT setval('public.pledges_id_seq', 1);
SELECT setval('public.pledge_instalments_id_seq', 4);
SELECT setval('public.gift_aid_declarations_id_seq', 3);
SELECT setval('public.tax_relief_claims_id_seq', 2);
SELECT setval('public.tax_relief_claim_lines_id_seq', 4);
SELECT setval('public.events_id_seq', 3);
SELECT setval('public.event_registrations_id_seq', 8);
SELECT setval('public.sponsorships_id_seq', 3);
SELECT setval('public.volunteers_id_seq', 2);
SELECT setval('public.volunteer_shifts_id_seq', 3);
SELECT setval('public.grants_id_seq', 2);
SELECT setval('public.grant_reports_id_seq', 4);

COMMIT;
