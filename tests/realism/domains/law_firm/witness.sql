-- Witness rows for the law_firm domain: a small London / Frankfurt practice.

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, calling_code, currency_code, is_eu_member) VALUES
  ('GB', 'United Kingdom', '44', 'GBP', false),
  ('DE', 'Germany', '49', 'EUR', true),
  ('FR', 'France', '33', 'EUR', true),
  ('US', 'United States', '1', 'USD', false);

INSERT INTO public.offices (id, code, name, country_code, city, address_line, postcode, phone, currency_code, time_zone, opened_on) VALUES
  (1, 'LON', 'London', 'GB', 'London', '30 Fenchurch Street', 'EC3M 3BD', '+44 20 7946 0800', 'GBP', 'Europe/London', DATE '1998-04-01'),
  (2, 'FRA', 'Frankfurt', 'DE', 'Frankfurt am Main', 'Taunusanlage 8', '60329', '+49 69 2710 4400', 'EUR', 'Europe/Berlin', DATE '2009-09-01');

INSERT INTO public.practice_areas (id, code, name, is_contentious) VALUES
  (1, 'LIT', 'Commercial Litigation', true),
  (2, 'CORP', 'Corporate and M&A', false),
  (3, 'ARB', 'International Arbitration', true);

INSERT INTO public.staff_roles (id, code, name, is_fee_earner, seniority_rank) VALUES
  (1, 'partner', 'Partner', true, 1),
  (2, 'senior_associate', 'Senior Associate', true, 2),
  (3, 'associate', 'Associate', true, 3),
  (4, 'trainee', 'Trainee Solicitor', true, 4),
  (5, 'paralegal', 'Paralegal', true, 5);

INSERT INTO public.timekeepers (id, employee_number, office_id, role_id, first_name, last_name, initials, email, date_of_birth, hired_on, left_on, annual_target_hours) VALUES
  (1, 'L0107', 1, 1, 'Eleanor', 'Whitfield', 'EW', 'eleanor.whitfield@example-law.com', (current_date - interval '52 years 3 months')::date, (current_date - interval '15 years')::date, NULL, 1500),
  (2, 'L0388', 1, 3, 'James', 'Okafor', 'JO', 'james.okafor@example-law.com', (current_date - interval '31 years 7 months')::date, (current_date - interval '5 years')::date, NULL, 1800),
  (3, 'F0042', 2, 1, 'Katrin', 'Vogel', 'KV', 'katrin.vogel@example-law.com', (current_date - interval '48 years 1 month')::date, (current_date - interval '12 years')::date, NULL, 1500),
  (4, 'F0131', 2, 2, 'Lukas', 'Brandt', 'LB', 'lukas.brandt@example-law.com', (current_date - interval '35 years 9 months')::date, (current_date - interval '6 years')::date, NULL, 1750),
  (5, 'L0455', 1, 5, 'Sophie', 'Reid', 'SR', 'sophie.reid@example-law.com', (current_date - interval '27 years 2 months')::date, (current_date - interval '3 years')::date, NULL, 1600);

INSERT INTO public.bar_admissions (timekeeper_id, country_code, admitting_body, admission_number, admitted_on, status) VALUES
  (1, 'GB', 'Solicitors Regulation Authority', '284113', (current_date - interval '26 years')::date, 'active'),
  (2, 'GB', 'Solicitors Regulation Authority', '611920', (current_date - interval '6 years')::date, 'active'),
  (3, 'DE', 'Rechtsanwaltskammer Frankfurt am Main', NULL, (current_date - interval '20 years')::date, 'active'),
  (4, 'DE', 'Rechtsanwaltskammer Frankfurt am Main', NULL, (current_date - interval '8 years')::date, 'active');

INSERT INTO public.billing_rates (id, timekeeper_id, currency_code, hourly_rate, valid_from, valid_to, approved_by) VALUES
  (1, 1, 'GBP', 850.00, current_date - 730, current_date - 366, 1),
  (2, 1, 'GBP', 925.00, current_date - 365, NULL, 1),
  (3, 2, 'GBP', 395.00, current_date - 730, current_date - 366, 1),
  (4, 2, 'GBP', 450.00, current_date - 365, NULL, 1),
  (5, 3, 'EUR', 780.00, current_date - 730, current_date - 366, 3),
  (6, 3, 'EUR', 840.00, current_date - 365, NULL, 3),
  (7, 4, 'EUR', 480.00, current_date - 500, NULL, 3),
  (8, 5, 'GBP', 165.00, current_date - 400, NULL, 1);

INSERT INTO public.clients (id, client_number, name, client_type, country_code, vat_number, date_of_birth, email, phone, address_line, city, postcode, kyc_verified_at, created_at) VALUES
  (1, 'C10231', 'Harbourline Shipping Ltd', 'organisation', 'GB', 'GB 284 6157 39', NULL, 'legal@harbourline.example', '+44 20 7946 0321', '1 Great St Helen''s', 'London', 'EC3A 6HX', now() - interval '452 days', now() - interval '460 days'),
  (2, 'C10388', 'Falkenstein Maschinenbau GmbH', 'organisation', 'DE', 'DE811234567', NULL, 'recht@falkenstein.example', '+49 69 9123 4455', 'Hanauer Landstrasse 120', 'Frankfurt am Main', '60314', now() - interval '318 days', now() - interval '320 days'),
  (3, 'C10402', 'Margaret Holloway', 'individual', 'GB', NULL, (current_date - interval '61 years 4 months')::date, 'm.holloway@mail.example', '+44 7700 900123', '14 Wilmslow Road', 'Manchester', 'M20 3BW', now() - interval '505 days', now() - interval '510 days'),
  (4, 'C10415', 'Crestview Capital LLC', 'organisation', 'US', NULL, NULL, 'gc@crestview.example', '+1 212 555 0147', '345 Park Avenue', 'New York', '10154', NULL, now() - interval '90 days'),
  (5, 'C10420', 'Maison Delorme SAS', 'organisation', 'FR', 'FR40303265045', NULL, 'juridique@delorme.example', '+33 1 42 68 53 00', '12 rue de la Paix', 'Paris', '75002', now() - interval '210 days', now() - interval '215 days');

INSERT INTO public.client_contacts (client_id, first_name, last_name, job_title, email, phone, is_primary) VALUES
  (1, 'Oliver', 'Grant', 'General Counsel', 'o.grant@harbourline.example', '+44 20 7946 0322', true),
  (2, 'Monika', 'Hartmann', 'Leiterin Recht', 'm.hartmann@falkenstein.example', '+49 69 9123 4400', true),
  (5, 'Claire', 'Aubert', 'Directrice juridique', 'c.aubert@delorme.example', '+33 1 42 68 53 10', true);

INSERT INTO public.matters (id, matter_number, client_id, office_id, practice_area_id, responsible_partner_id, title, billing_type, currency_code, fee_amount, status, opened_at, closed_at) VALUES
  (1, '10231-0004', 1, 1, 1, 1, 'Harbourline v Meridian Bulk Carriers: charterparty dispute', 'hourly', 'GBP', NULL, 'open', now() - interval '400 days', NULL),
  (2, '10402-0001', 3, 1, 1, 1, 'Holloway: contentious probate claim', 'hourly', 'GBP', NULL, 'closed', now() - interval '500 days', now() - interval '100 days'),
  (3, '10388-0002', 2, 2, 2, 3, 'Falkenstein: acquisition of Bauer Hydraulik GmbH', 'hourly', 'EUR', NULL, 'open', now() - interval '300 days', NULL),
  (4, '10420-0001', 5, 2, 3, 3, 'Delorme: ICC arbitration under distribution agreement', 'hourly', 'EUR', NULL, 'open', now() - interval '200 days', NULL);

INSERT INTO public.conflict_checks (matter_id, requested_by, checked_at, result, parties_searched) VALUES
  (1, 1, now() - interval '401 days', 'clear', 4),
  (2, 1, now() - interval '501 days', 'clear', 3),
  (3, 3, now() - interval '301 days', 'clear', 6),
  (4, 3, now() - interval '201 days', 'potential', 5);

INSERT INTO public.task_codes (code, phase, name) VALUES
  ('L110', 'Case Assessment, Development and Administration', 'Fact Investigation/Development'),
  ('L120', 'Case Assessment, Development and Administration', 'Analysis/Strategy'),
  ('L210', 'Pre-Trial Pleadings and Motions', 'Pleadings'),
  ('L310', 'Discovery', 'Written Discovery');

INSERT INTO public.activity_codes (code, name) VALUES
  ('A101', 'Plan and prepare for'),
  ('A102', 'Research'),
  ('A103', 'Draft/revise'),
  ('A104', 'Review/analyze'),
  ('A105', 'Communicate (in firm)'),
  ('A106', 'Communicate (with client)'),
  ('A107', 'Communicate (other outside counsel)'),
  ('A108', 'Communicate (other external)'),
  ('A109', 'Appear for/attend'),
  ('A110', 'Manage data/files'),
  ('A111', 'Other');

INSERT INTO public.expense_codes (code, name, is_vatable) VALUES
  ('E101', 'Copying', true),
  ('E107', 'Delivery services/messengers', true),
  ('E110', 'Out-of-town travel', true),
  ('E112', 'Court fees', false);

INSERT INTO public.invoices (id, office_id, matter_id, invoice_seq, invoice_number, issued_on, due_on, currency_code, fees_total, disbursements_total, tax_rate_pct, tax_total, total, status) VALUES
  (1, 1, 1, 1041, 'LON-1041', current_date - 195, current_date - 165, 'GBP', 4360.00, 528.00, 20.00, 872.00, 5760.00, 'paid'),
  (2, 1, 2, 1058, 'LON-1058', current_date - 140, current_date - 110, 'GBP', 3985.00, 42.60, 20.00, 805.52, 4833.12, 'paid'),
  (3, 2, 3, 311, 'FRA-0311', current_date - 125, current_date - 95, 'EUR', 5280.00, 386.40, 19.00, 1076.62, 6743.02, 'partially_paid'),
  (4, 2, 3, 327, 'FRA-0327', current_date - 35, current_date - 5, 'EUR', 3408.00, 0.00, 19.00, 647.52, 4055.52, 'issued');

INSERT INTO public.time_entries (id, matter_id, timekeeper_id, work_date, hours, rate, amount, task_code, activity_code, narrative, status, invoice_id, created_at) VALUES
  (1, 1, 1, current_date - 210, 2.50, 925.00, 2312.50, 'L120', 'A104', 'Review charterparty and laytime calculations; advise on claim strategy', 'billed', 1, now() - interval '209 days'),
  (2, 1, 2, current_date - 212, 4.00, 450.00, 1800.00, 'L110', 'A102', 'Research on demurrage time bars under English law', 'billed', 1, now() - interval '211 days'),
  (3, 1, 5, current_date - 205, 1.50, 165.00, 247.50, 'L110', 'A110', 'Collate and index vessel logs and statements of facts', 'billed', 1, now() - interval '204 days'),
  (4, 1, 2, current_date - 20, 3.20, 450.00, 1440.00, 'L210', 'A103', 'Draft particulars of claim', 'wip', NULL, now() - interval '19 days'),
  (5, 1, 1, current_date - 5, 0.80, 925.00, 740.00, 'L210', 'A106', 'Call with client on draft particulars of claim', 'wip', NULL, now() - interval '5 days'),
  (6, 2, 1, current_date - 160, 1.00, 925.00, 925.00, 'L120', 'A101', 'Prepare for trial: review witness statements', 'billed', 2, now() - interval '159 days'),
  (7, 2, 2, current_date - 158, 6.50, 450.00, 2925.00, 'L120', 'A109', 'Attend trial, day one', 'billed', 2, now() - interval '157 days'),
  (8, 2, 2, current_date - 155, 0.30, 450.00, 135.00, 'L120', 'A106', 'Email client reporting outcome', 'billed', 2, now() - interval '155 days'),
  (9, 3, 3, current_date - 140, 2.00, 840.00, 1680.00, NULL, 'A104', 'Review legal due diligence report', 'billed', 3, now() - interval '139 days'),
  (10, 3, 4, current_date - 138, 7.50, 480.00, 3600.00, NULL, 'A103', 'Draft share purchase agreement', 'billed', 3, now() - interval '137 days'),
  (11, 3, 4, current_date - 45, 5.00, 480.00, 2400.00, NULL, 'A103', 'Revise SPA following seller mark-up', 'billed', 4, now() - interval '44 days'),
  (12, 3, 3, current_date - 40, 1.20, 840.00, 1008.00, NULL, 'A107', 'Negotiation call with seller''s counsel', 'billed', 4, now() - interval '40 days'),
  (13, 4, 4, current_date - 10, 2.40, 480.00, 1152.00, NULL, 'A103', 'Draft statement of claim sections on termination', 'wip', NULL, now() - interval '9 days'),
  (14, 4, 3, current_date - 3, 0.50, 840.00, 420.00, NULL, 'A105', 'Internal call on procedural timetable', 'wip', NULL, now() - interval '3 days');

INSERT INTO public.disbursements (id, matter_id, expense_code, incurred_on, amount, currency_code, description, invoice_id, recorded_by) VALUES
  (1, 1, 'E112', current_date - 200, 528.00, 'GBP', 'Court fee on application', 1, 5),
  (2, 2, 'E101', current_date - 150, 42.60, 'GBP', 'Copying of trial bundles', 2, 5),
  (3, 3, 'E110', current_date - 130, 386.40, 'EUR', 'Rail travel Frankfurt-Stuttgart for management presentation', 3, 4);

INSERT INTO public.payments (invoice_id, received_at, amount, method, bank_reference) VALUES
  (1, (current_date - 170) + time '11:20', 5760.00, 'bank_transfer', 'HBL-INV1041'),
  (2, (current_date - 120) + time '09:45', 2000.00, 'bank_transfer', 'HOLLOWAY 1058'),
  (2, (current_date - 90) + time '14:05', 2833.12, 'bank_transfer', 'HOLLOWAY 1058 BAL'),
  (3, (current_date - 80) + time '10:00', 4000.00, 'bank_transfer', 'FMB RE 311');

INSERT INTO public.courts (id, country_code, name, court_level, city, time_zone) VALUES
  (1, 'GB', 'Commercial Court, King''s Bench Division', 'first_instance', 'London', 'Europe/London'),
  (2, 'GB', 'High Court, Chancery Division', 'first_instance', 'London', 'Europe/London'),
  (3, 'DE', 'Landgericht Frankfurt am Main', 'first_instance', 'Frankfurt am Main', 'Europe/Berlin'),
  (4, 'FR', 'ICC International Court of Arbitration', 'arbitral', 'Paris', 'Europe/Paris');

INSERT INTO public.hearings (matter_id, court_id, hearing_type, scheduled_at, estimated_duration_minutes, status, attending_timekeeper_id, outcome_notes) VALUES
  (1, 1, 'case_management_conference',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') + interval '14 days 10 hours 30 minutes') AT TIME ZONE 'Europe/London',
   90, 'scheduled', 1, NULL),
  (1, 1, 'interim_application',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '35 days' + interval '1 day 14 hours') AT TIME ZONE 'Europe/London',
   120, 'held', 2, 'Security for costs ordered'),
  (2, 2, 'trial',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '161 days' + interval '10 hours 30 minutes') AT TIME ZONE 'Europe/London',
   330, 'held', 2, 'Judgment reserved'),
  (4, 4, 'procedural_conference',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Paris') - interval '21 days' + interval '3 days 15 hours') AT TIME ZONE 'Europe/Paris',
   60, 'adjourned', 3, 'Adjourned at respondent''s request'),
  (4, 4, 'evidentiary_hearing',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Paris') + interval '58 days 9 hours 30 minutes') AT TIME ZONE 'Europe/Paris',
   480, 'scheduled', 3, NULL);
