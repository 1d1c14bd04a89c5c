BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('PLN', 'Polish zloty', 2),
  ('USD', 'US dollar', 2), ('JPY', 'Japanese yen', 0);

INSERT INTO public.countries (code, name, currency_code, calling_code, standard_vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('NL', 'Netherlands', 'EUR', '+31', 21.00),
  ('PL', 'Poland', 'PLN', '+48', 23.00),
  ('US', 'United States', 'USD', '+1', 0.00);

INSERT INTO public.offices (id, name, country_code, city, address_line, postcode, phone, opened_on, closed_on) VALUES
  (1, 'London City', 'GB', 'London', '14 Finsbury Square', 'EC2A 1AH', '+44 20 7946 0123', current_date - 3650, NULL),
  (2, 'Berlin Mitte', 'DE', 'Berlin', 'Friedrichstrasse 123', '10117', '+49 30 2345 6789', current_date - 2900, NULL),
  (3, 'Amsterdam Zuid', 'NL', 'Amsterdam', 'Gustav Mahlerlaan 10', '1082 PP', '+31 20 555 0147', current_date - 1800, NULL);

INSERT INTO public.consultants (id, office_id, manager_id, first_name, last_name, email, date_of_birth, hired_on, left_on, status) VALUES
  (1, 1, NULL, 'Hannah', 'Marsh', 'hannah.marsh@example-recruit.com', '1984-03-12', current_date - 3000, NULL, 'active'),
  (2, 2, 1, 'Jonas', 'Becker', 'jonas.becker@example-recruit.com', '1990-07-25', current_date - 1500, NULL, 'active'),
  (3, 3, 1, 'Femke', 'Jansen', 'femke.jansen@example-recruit.com', '1993-11-02', current_date - 900, NULL, 'active');

INSERT INTO public.job_categories (id, name, sector) VALUES
  (1, 'Software Engineering', 'Technology'),
  (2, 'Warehouse Operative', 'Logistics'),
  (3, 'Financial Control', 'Accounting & Finance');

INSERT INTO public.client_companies (id, legal_name, country_code, city, postcode, phone, vat_number, account_manager_id, status, created_at) VALUES
  (1, 'Northwind Analytics Ltd', 'GB', 'London', 'SW1A 2AA', '+44 20 7123 4567', 'GB123456789', 1, 'active', now() - interval '3 years'),
  (2, 'Brauhaus Logistik GmbH', 'DE', 'Hamburg', '20095', '+49 40 9876 543', 'DE812345678', 2, 'active', now() - interval '2 years 2 months'),
  (3, 'Van Dijk Retail B.V.', 'NL', 'Utrecht', '3511 AB', '+31 30 234 5678', 'NL812345678B01', 3, 'active', now() - interval '14 months');

INSERT INTO public.client_contacts (id, client_id, full_name, job_title, email, phone, is_primary) VALUES
  (1, 1, 'Priya Shah', 'Head of Talent', 'priya.shah@northwind.example', '+44 20 7123 4500', true),
  (2, 2, 'Stefan Krause', 'Lagerleiter', 's.krause@brauhaus-logistik.example', '+49 40 9876 500', true),
  (3, 3, 'Anouk Bakker', 'CFO', 'a.bakker@vandijk.example', '+31 30 234 5600', true);

INSERT INTO public.fee_agreements (id, client_id, valid_from, valid_to, perm_fee_percent, temp_markup_percent, guarantee_days, payment_terms_days, signed_at) VALUES
  (1, 1, current_date - 730, NULL, 20.00, 35.00, 90, 30, now() - interval '732 days'),
  (2, 2, current_date - 760, NULL, 18.00, 34.00, 60, 30, now() - interval '761 days'),
  (3, 3, current_date - 420, NULL, 22.00, 32.00, 90, 14, now() - interval '421 days');

INSERT INTO public.vacancies (id, client_id, contact_id, office_id, owner_consultant_id, job_category_id, title, employment_type, positions, salary_min, salary_max, currency_code, status, opened_at, closed_at) VALUES
  (1, 1, 1, 1, 1, 1, 'Senior Data Engineer', 'permanent', 1, 70000, 85000, 'GBP', 'filled', now() - interval '120 days', now() - interval '60 days'),
  (2, 2, 2, 2, 2, 2, 'Warehouse Operative (Night Shift)', 'temporary', 2, 14.00, 15.50, 'EUR', 'filled', now() - interval '100 days', now() - interval '80 days'),
  (3, 3, 3, 3, 3, 3, 'Financial Controller', 'permanent', 1, 75000, 90000, 'EUR', 'open', now() - interval '20 days', NULL),
  (4, 1, 1, 1, 1, 1, 'QA Engineer', 'permanent', 1, 50000, 60000, 'GBP', 'cancelled', now() - interval '200 days', now() - interval '150 days');

INSERT INTO public.candidates (id, first_name, last_name, email, phone, date_of_birth, country_code, city, registered_office_id, registered_at, status) VALUES
  (1, 'Oliver', 'Bennett', 'oliver.bennett@mail.example', '+44 7700 900123', '1988-05-14', 'GB', 'London', 1, now() - interval '2 years', 'placed'),
  (2, 'Katarzyna', 'Nowak', 'k.nowak@mail.example', '+48 601 234 567', '1995-09-03', 'PL', 'Berlin', 2, now() - interval '1 year', 'on_assignment'),
  (3, 'Lukas', 'Weber', 'lukas.weber@mail.example', '+49 170 1234567', '1990-01-21', 'DE', 'Hamburg', 2, now() - interval '11 months', 'available'),
  (4, 'Sanne', 'de Vries', 'sanne.devries@mail.example', '+31 6 12345678', '1985-12-09', 'NL', 'Utrecht', 3, now() - interval '30 days', 'available'),
  (5, 'Emma', 'Clarke', 'emma.clarke@mail.example', '+44 7700 900456', '1992-02-28', 'GB', 'Reading', 1, now() - interval '130 days', 'available');

INSERT INTO public.candidate_documents (id, candidate_id, doc_type, issuing_country, valid_from, valid_until, verified_by_id, verified_at) VALUES
  (1, 1, 'passport', 'GB', current_date - 1500, current_date + 2150, 1, now() - interval '2 years'),
  (2, 2, 'passport', 'PL', current_date - 900, current_date + 2700, 2, now() - interval '1 year'),
  (3, 3, 'cv', NULL, current_date - 335, NULL, NULL, NULL),
  (4, 4, 'cv', NULL, current_date - 30, NULL, NULL, NULL);

INSERT INTO public.applications (id, vacancy_id, candidate_id, consultant_id, source, status, applied_at, updated_at) VALUES
  (1, 1, 1, 1, 'headhunted', 'hired', now() - interval '110 days', now() - interval '70 days'),
  (2, 1, 5, 1, 'job_board', 'rejected', now() - interval '108 days', now() - interval '88 days'),
  (3, 2, 2, 2, 'database', 'hired', now() - interval '95 days', now() - interval '82 days'),
  (4, 2, 3, 2, 'website', 'hired', now() - interval '93 days', now() - interval '82 days'),
  (5, 3, 4, 3, 'referral', 'interviewing', now() - interval '15 days', now() - interval '5 days'),
  (6, 3, 5, 3, 'job_board', 'applied', now() - interval '5 days', now() - interval '5 days');

INSERT INTO public.interviews (id, application_id, stage_no, stage_type, scheduled_start, duration_minutes, outcome, interviewer_name) VALUES
  (1, 1, 1, 'screening_call',  date_trunc('week', localtimestamp) - interval '14 weeks' + interval '1 day 10 hours', 30, 'passed', 'Hannah Marsh'),
  (2, 1, 2, 'technical',       date_trunc('week', localtimestamp) - interval '13 weeks' + interval '2 days 14 hours', 90, 'passed', 'Raj Patel'),
  (3, 1, 3, 'final_interview', date_trunc('week', localtimestamp) - interval '12 weeks' + interval '3 days 11 hours', 60, 'passed', 'Priya Shah'),
  (4, 2, 1, 'screening_call',  date_trunc('week', localtimestamp) - interval '14 weeks' + interval '2 days 11 hours', 30, 'passed', 'Hannah Marsh'),
  (5, 2, 2, 'technical',       date_trunc('week', localtimestamp) - interval '13 weeks' + interval '3 days 15 hours', 90, 'failed', 'Raj Patel'),
  (6, 3, 1, 'screening_call',  date_trunc('week', localtimestamp) - interval '13 weeks' + interval '9 hours 30 minutes', 20, 'passed', 'Jonas Becker'),
  (7, 5, 1, 'first_interview', date_trunc('week', localtimestamp) - interval '1 week' + interval '1 day 10 hours', 60, 'passed', 'Femke Jansen'),
  (8, 5, 2, 'final_interview', date_trunc('week', localtimestamp) + interval '1 week' + interval '1 day 14 hours', 60, 'pending', 'Anouk Bakker');

INSERT INTO public.placements (id, application_id, vacancy_id, candidate_id, fee_agreement_id, consultant_id, offer_accepted_at, start_date, annual_salary, fee_percent, fee_amount, currency_code, status, refunded_on) VALUES
  (1, 1, 1, 1, 1, 1, now() - interval '70 days', current_date - 40, 80000.00, 20.00, 16000.00, 'GBP', 'started', NULL);

INSERT INTO public.temp_assignments (id, application_id, vacancy_id, candidate_id, client_id, office_id, start_date, end_date, pay_rate_hourly, charge_rate_hourly, currency_code, contracted_hours_per_week, status) VALUES
  (1, 3, 2, 2, 2, 2, date_trunc('week', current_date)::date - 77, NULL, 14.50, 19.50, 'EUR', 40.0, 'active'),
  (2, 4, 2, 3, 2, 2, date_trunc('week', current_date)::date - 77, date_trunc('week', current_date)::date - 77 + 11, 14.50, 19.50, 'EUR', 40.0, 'completed');

INSERT INTO public.timesheets (id, assignment_id, week_no, week_start, regular_hours, overtime_hours, status, submitted_at, approved_at, approved_by_contact_id) VALUES
  (1, 1, 1, date_trunc('week', current_date)::date - 77, 40, 0, 'approved', date_trunc('week', now()) - interval '72 days', date_trunc('week', now()) - interval '70 days', 2),
  (2, 1, 2, date_trunc('week', current_date)::date - 70, 40, 0, 'approved', date_trunc('week', now()) - interval '65 days', date_trunc('week', now()) - interval '63 days', 2),
  (3, 1, 3, date_trunc('week', current_date)::date - 63, 40, 0, 'approved', date_trunc('week', now()) - interval '58 days', date_trunc('week', now()) - interval '56 days', 2),
  (4, 1, 4, date_trunc('week', current_date)::date - 56, 40, 0, 'approved', date_trunc('week', now()) - interval '51 days', date_trunc('week', now()) - interval '49 days', 2),
  (5, 2, 1, date_trunc('week', current_date)::date - 77, 40, 0, 'approved', date_trunc('week', now()) - interval '72 days', date_trunc('week', now()) - interval '70 days', 2),
  (6, 2, 2, date_trunc('week', current_date)::date - 70, 40, 0, 'approved', date_trunc('week', now()) - interval '65 days', date_trunc('week', now()) - interval '63 days', 2);

INSERT INTO public.invoices (id, office_id, client_id, sequence_no, invoice_number, currency_code, issued_on, due_on, net_amount, vat_amount, total_amount, status, paid_at) VALUES
  (1, 1, 1, 1041, 'LON-001041', 'GBP', current_date - 39, current_date - 9, 16000.00, 3200.00, 19200.00, 'paid', now() - interval '12 days'),
  (2, 2, 2, 2210, 'BER-002210', 'EUR', date_trunc('week', current_date)::date - 62, date_trunc('week', current_date)::date - 32, 1560.00, 296.40, 1856.40, 'paid', now() - interval '35 days'),
  (3, 2, 2, 2217, 'BER-002217', 'EUR', date_trunc('week', current_date)::date - 48, date_trunc('week', current_date)::date - 18, 3120.00, 592.80, 3712.80, 'paid', now() - interval '20 days');

INSERT INTO public.invoice_lines (id, invoice_id, line_no, placement_id, timesheet_id, description, quantity, unit_price, line_amount) VALUES
  (1, 1, 1, 1, NULL, 'Permanent placement fee: Senior Data Engineer (20% of GBP 80,000)', 1, 16000.00, 16000.00),
  (2, 2, 1, NULL, 1, 'Temp labour week 1: K. Nowak, 40 h', 40, 19.50, 780.00),
  (3, 2, 2, NULL, 5, 'Temp labour week 1: L. Weber, 40 h', 40, 19.50, 780.00),
  (4, 3, 1, NULL, 2, 'Temp labour week 2: K. Nowak, 40 h', 40, 19.50, 780.00),
  (5, 3, 2, NULL, 6, 'Temp labour week 2: L. Weber, 40 h', 40, 19.50, 780.00),
  (6, 3, 3, NULL, 3, 'Temp labour week 3: K. Nowak, 40 h', 40, 19.50, 780.00),
  (7, 3, 4, NULL, 4, 'Temp labour week 4: K. Nowak, 40 h', 40, 19.50, 780.00);

SELECT setval('public.offices_id_seq', 3);
SELECT setval('public.consultants_id_seq', 3);
SELECT setval('public.job_categories_id_seq', 3);
SELECT setval('public.client_companies_id_seq', 3);
SELECT setval('public.client_contacts_id_seq', 3);
SELECT setval('public.fee_agreements_id_seq', 3);
SELECT setval('public.vacancies_id_seq', 4);
SELECT setval('public.candidates_id_seq', 5);
SELECT setval('public.candidate_documents_id_seq', 4);
SELECT setval('public.applications_id_seq', 6);
SELECT setval('public.interviews_id_seq', 8);
SELECT setval('public.placements_id_seq', 1);
SELECT setval('public.temp_assignments_id_seq', 2);
SELECT setval('public.timesheets_id_seq', 6);
SELECT setval('public.invoices_id_seq', 3);
SELECT setval('public.invoice_lines_id_seq', 7);

COMMIT;
