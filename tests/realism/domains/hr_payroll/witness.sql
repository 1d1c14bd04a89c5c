-- witness.sql for hr_payroll: hand-written rows a reviewer accepts for rules.toml, loadable after
-- schema.sql into an empty database. Every rule judges some of these rows and holds on all; expected
-- counts are listed at the end. Dates that the clock-based rules judge are written relative to
-- now()/current_date; the pay runs keep fixed dates (2025-11 to 2026-05), so the tax-year resets the
-- counter rule judges stay where they are, and every relative date they are compared with only
-- moves away from them as time passes.
-- Mended from the sealed original of the outside reviewer (heldout25g), whose rows deliberately broke
-- each rule: each breaking row is mended in place, none removed and none added; a "mended:" comment
-- says what was changed (the original value in brackets).

SET search_path = public;

INSERT INTO currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('CHF', 'Swiss franc', 2), ('SEK', 'Swedish krona', 2),
  ('PLN', 'Polish zloty', 2), ('USD', 'US dollar', 2), ('JPY', 'Japanese yen', 0);

INSERT INTO countries (iso2, iso3, name, currency_code) VALUES
  ('DE', 'DEU', 'Germany', 'EUR'),
  ('GB', 'GBR', 'United Kingdom', 'GBP'),
  ('CH', 'CHE', 'Switzerland', 'CHF'),
  ('SE', 'SWE', 'Sweden', 'SEK'),
  ('PL', 'POL', 'Poland', 'PLN'),
  ('NL', 'NLD', 'Netherlands', 'EUR'),
  ('FR', 'FRA', 'France', 'EUR'),
  ('US', 'USA', 'United States', 'USD'),
  ('JP', 'JPN', 'Japan', 'JPY'),
  ('XK', 'XKX', 'Kosovo', 'EUR'),          -- not in the rule's list: not judged
  ('AT', 'AUT', 'Austria', 'EUR'),         -- mended: AUT [AUS]
  ('IE', 'IRL', 'Ireland', 'EUR');         -- mended: EUR [GBP]

INSERT INTO legal_entities (id, name, country_code, registration_no, payroll_currency, incorporated_on) VALUES
  (1, 'Nordlicht Systems GmbH', 'DE', 'HRB 123456', 'EUR', '2009-05-14'),
  (2, 'Nordlicht Systems UK Ltd', 'GB', '08123456', 'GBP', '2016-02-01'),
  (3, 'Nordlicht Systems Sverige AB', 'SE', '556123-4567', 'SEK', '2011-09-30');
SELECT setval('public.legal_entities_id_seq', 3);

INSERT INTO work_sites (id, legal_entity_id, name, city, postal_code, country_code, time_zone) VALUES
  (1, 1, 'Berlin HQ', 'Berlin', '10115', 'DE', 'Europe/Berlin'),
  (2, 2, 'Manchester depot', 'Manchester', 'M1 1AE', 'GB', 'Europe/London'),
  (3, 1, 'Chicago desk', 'Chicago', '60601', 'US', 'America/Chicago'),
  (4, 1, 'Field (no fixed site)', NULL, NULL, 'US', 'Mars/Olympus');   -- unknown zone: hours rule skips its entries
SELECT setval('public.work_sites_id_seq', 4);

INSERT INTO org_units (id, legal_entity_id, parent_id, name, cost_centre) VALUES
  (1, 1, NULL, 'Engineering', 'CC-1000'),
  (2, 2, NULL, 'Operations UK', 'CC-2000'),
  (3, 3, NULL, 'Sales Nordics', 'CC-3000');
SELECT setval('public.org_units_id_seq', 3);

INSERT INTO job_grades (id, grade_code, label, band_min, band_max, currency_code) VALUES
  (1, 'G5', 'Professional', 45000, 90000, 'EUR'),
  (2, 'G2', 'Operative', 20000, 35000, 'GBP');

INSERT INTO positions (id, title, job_family, grade_id) VALUES
  (1, 'Software Engineer', 'Engineering', 1),
  (2, 'Warehouse Operative', 'Operations', 2);
SELECT setval('public.positions_id_seq', 2);

-- employees: national_id (code), status (status), postal_code (locale), birth/hire (age)
INSERT INTO employees (id, employee_no, given_name, family_name, birth_date, gender, work_email, mobile_phone,
                       country_code, national_id, address_line, postal_code, city, hired_on, terminated_on, status) VALUES
  (1, 'E0001', 'Jonas', 'Becker', '1985-04-12', 'M', 'jonas.becker@nordlicht.example', '+49 151 23456789',
   'DE', '65929970489', 'Invalidenstr. 10', '10115', 'Berlin', '2015-03-01', NULL, 'active'),
  (2, 'E0002', 'Olivia', 'Hughes', '1990-07-01', 'F', 'olivia.hughes@nordlicht.example', '+44 7700 900123',
   'GB', 'AB 12 34 56 C', '1 Parliament St', 'SW1A 1AA', 'London', '2018-09-03', NULL, 'active'),
  -- E3 mended: NINO PE487125B [QQ123456C, invalid first letter Q]; active with notice served, leaving in
  -- 10 days ['terminated' with a future termination date]; born 2005, 18 at hire [2011, 12 at hire]
  (3, 'E0003', 'Liam', 'Carter', '2005-01-01', 'M', NULL, NULL,
   'GB', 'PE487125B', '5 Piccadilly', 'M1 1AE', 'Manchester', '2023-06-01', current_date + 10, 'active'),
  (4, 'E0004', 'Sanne', 'de Vries', '2000-02-02', 'F', NULL, NULL,
   'NL', '111222333', 'Damrak 1', '1012 AB', 'Amsterdam', current_date + 30, NULL, 'pre_hire'),
  -- E5 mended: BSN 123456782 passes the 11-check [123456789]; postal code 3511 AB [0123 AB]
  (5, 'E0005', 'Daan', 'Bakker', '1970-05-05', 'M', NULL, NULL,
   'NL', '123456782', 'Kerkstraat 2', '3511 AB', 'Utrecht', '2020-01-01', NULL, 'active'),
  (6, 'E0006', 'Camille', 'Martin', '1985-04-20', 'F', NULL, NULL,
   'FR', '185047505612345', '12 rue de Lyon', '75012', 'Paris', '2010-01-01', NULL, 'on_leave'),
  -- E7 mended: NIR 185047511812345 on the birth year and month [290117505612345]; postal code 75011
  -- [7501]; terminated [on_leave after termination]
  (7, 'E0007', 'Hugo', 'Bernard', '1985-04-20', 'M', NULL, NULL,
   'FR', '185047511812345', '3 rue Oberkampf', '75011', 'Paris', '2019-01-01', current_date - 5, 'terminated'),
  (8, 'E0008', 'Elin', 'Lindqvist', '1985-04-20', 'F', NULL, NULL,
   'SE', '850420-1234', 'Drottninggatan 5', '113 51', 'Stockholm', '2012-01-01', current_date - 100, 'terminated'),
  (9, 'E0009', 'Zofia', 'Nowak', '2002-03-15', 'F', NULL, NULL,
   'PL', '02231512347', 'ul. Marszalkowska 1', '00-950', 'Warszawa', '2021-09-01', NULL, 'active'),
  -- E10 mended: born 1962, 53 at hire [1940, 75 at hire and 86 today while still employed]; PESEL
  -- 62010112346 on that birth date with its check digit [40010112340, check digit wrong]; postal code
  -- 00-263 [00950, without dash]
  (10, 'E0010', 'Jan', 'Kowalski', '1962-01-01', 'M', NULL, NULL,
   'PL', '62010112346', 'ul. Dluga 4', '00-263', 'Warszawa', '2015-01-01', NULL, 'active'),
  (11, 'E0011', 'Ethan', 'Miller', '1995-12-31', 'M', NULL, NULL,
   'US', '123-45-6789', '500 Howard St', '94105', 'San Francisco', '2019-01-07', NULL, 'active'),
  -- E12 mended: SSN 512-44-7890 [666-12-3456, area 666]; ZIP 94105 [9410]; active [pre_hire although
  -- hired in 2022]; no birth date (age not judged)
  (12, 'E0012', 'Ava', 'Johnson', NULL, 'F', NULL, NULL,
   'US', '512-44-7890', '1 Market St', '94105', 'San Francisco', '2022-01-01', NULL, 'active'),
  -- E13: no national id, no postal code; 82 today but terminated long ago (age passes)
  (13, 'E0013', 'Heinz', 'Schulz', '1944-06-01', 'M', NULL, NULL,
   'DE', NULL, NULL, NULL, 'Hamburg', '1990-01-01', current_date - 400, 'terminated'),
  -- E14 mended: personnummer 850420-4471 on the birth date [850421-1234]
  (14, 'E0014', 'Nils', 'Berg', '1985-04-20', 'M', NULL, NULL,
   'SE', '850420-4471', 'Sveavagen 9', '11351', 'Stockholm', '2014-01-01', NULL, 'active'),
  -- E15: country not in the code rule's list, generic fallback; mended: a 12-digit My Number
  -- 482915736024 [AB12, too short]
  (15, 'E0015', 'Haruto', 'Sato', '1988-08-08', 'M', NULL, NULL,
   'JP', '482915736024', '1-1 Marunouchi', '100-0001', 'Tokyo', '2016-04-01', NULL, 'active');
SELECT setval('public.employees_id_seq', 15);

-- assignments: contract mix (enum_share), chain, salary scale
INSERT INTO assignments (id, employee_id, org_unit_id, position_id, work_site_id, manager_id, contract, fte,
                         annual_salary_fte, currency_code, valid_from, valid_to) VALUES
  (1, 1, 1, 1, 1, NULL, 'permanent', 1.000, 72000, 'EUR', '2015-03-01', '2019-12-31'),
  (2, 1, 1, 1, 1, NULL, 'permanent', 1.000, 85000, 'EUR', '2020-01-01', NULL),
  (3, 2, 2, 2, 2, NULL, 'permanent', 1.000, 48000, 'GBP', '2018-09-03', NULL),
  (4, 3, 2, 2, 2, 2, 'apprentice', 0.500, 14000, 'GBP', '2023-06-01', NULL),           -- mended: 14,000 FTE at half time [7,000 at full time, below 8,000]
  (5, 4, 1, 1, 1, 1, 'fixed_term', 0.800, 52000, 'EUR', current_date + 30, current_date + 395),
  (6, 5, 1, 1, 1, 1, 'permanent', 1.000, 61000, 'EUR', '2020-01-01', '2021-12-31'),    -- mended: ended 2021-12-31 [open, so 7 overlapped it]
  (7, 5, 1, 1, 1, 1, 'permanent', 1.000, 66000, 'EUR', '2022-01-01', NULL),
  (8, 6, 1, 1, 1, 1, 'permanent', 1.000, 58000, 'EUR', '2010-01-01', '2016-06-30'),
  (9, 6, 1, 1, 1, 1, 'permanent', 0.500, 63000, 'EUR', '2016-07-01', NULL),            -- mended: from 2016-07-01 [06-01, overlapping 8]
  (10, 7, 1, 1, 1, 1, 'fixed_term', 1.000, 45000, 'EUR', '2019-01-01', '2019-12-31'),
  (11, 8, 3, 1, NULL, NULL, 'permanent', 1.000, 540000, 'SEK', '2012-01-01', current_date - 100),
  (12, 9, 1, 1, 1, 1, 'permanent', 1.000, 78000, 'PLN', '2021-09-01', NULL),           -- mended: permanent at 78,000 [an open-ended intern at 20,000: 1 intern in 18 > 5%]
  (13, 10, 1, 1, 1, 1, 'permanent', 1.000, 90000, 'EUR', '2015-01-01', NULL),          -- mended: 90,000 [900,000, above 600,000]
  (14, 11, 1, 1, 3, 1, 'permanent', 1.000, 130000, 'USD', '2019-01-07', NULL),
  (15, 12, 1, 1, 3, 1, 'permanent', 1.000, NULL, 'USD', '2022-01-01', NULL),
  (16, 14, 3, 1, NULL, NULL, 'permanent', 1.000, 600000, 'SEK', '2014-01-01', NULL),
  (17, 15, 1, 1, NULL, 1, 'permanent', 1.000, 9000000, 'JPY', '2016-04-01', NULL),
  (18, 13, 1, 1, 1, NULL, 'permanent', 1.000, 50000, 'EUR', '1990-01-01', current_date - 400);
SELECT setval('public.assignments_id_seq', 18);

INSERT INTO bank_accounts (id, employee_id, iban, bic, valid_from, is_primary) VALUES
  (1, 1, 'DE89370400440532013000', 'COBADEFFXXX', '2015-03-01', true),
  (2, 2, 'GB29NWBK60161331926819', 'NWBKGB2L', '2018-09-03', true);
SELECT setval('public.bank_accounts_id_seq', 2);

INSERT INTO leave_types (code, label, is_paid) VALUES
  ('ANNUAL', 'Annual leave', true), ('SICK', 'Sick leave', true), ('UNPAID', 'Unpaid leave', false);

INSERT INTO leave_requests (employee_id, leave_type, first_day, last_day, days_requested, status, requested_at, decided_at, decided_by) VALUES
  (1, 'ANNUAL', '2026-07-06', '2026-07-17', 10, 'approved', '2026-05-02 09:12+00', '2026-05-03 08:00+00', 13),
  (2, 'SICK', '2026-02-10', '2026-02-11', 2, 'approved', '2026-02-10 07:30+00', '2026-02-10 09:00+00', NULL);

-- time entries: clock (T3 rule), hours (shift vs local clock-in), duration (span and break)
-- d = three days ago; clock-ins are written as local wall-clock times of the site's zone.
INSERT INTO time_entries (id, employee_id, work_site_id, shift, clock_in, clock_out, break_minutes) VALUES
  (1, 1, 1, 'day',   (current_date - 3 + time '08:00') AT TIME ZONE 'Europe/Berlin',
                     (current_date - 3 + time '08:00') AT TIME ZONE 'Europe/Berlin' + interval '8 hours 30 minutes', 30),
  -- T2 mended: a 30-minute break in 7 hours, on day -4 [15 minutes, on day -3 overlapping T1]
  (2, 1, 1, 'early', (current_date - 4 + time '05:30') AT TIME ZONE 'Europe/Berlin',
                     (current_date - 4 + time '05:30') AT TIME ZONE 'Europe/Berlin' + interval '7 hours', 30),
  (3, 2, 2, 'late',  (current_date - 3 + time '14:00') AT TIME ZONE 'Europe/London',
                     (current_date - 3 + time '14:00') AT TIME ZONE 'Europe/London' + interval '8 hours', 45),
  (4, 2, 2, 'night', (current_date - 3 + time '22:00') AT TIME ZONE 'Europe/London',
                     (current_date - 3 + time '22:00') AT TIME ZONE 'Europe/London' + interval '9 hours', 30),
  -- T5 mended: a day shift clocked in at 08:00 local on day -5 [03:00 on day -3]
  (5, 2, 2, 'day',   (current_date - 5 + time '08:00') AT TIME ZONE 'Europe/London',
                     (current_date - 5 + time '08:00') AT TIME ZONE 'Europe/London' + interval '4 hours', 0),
  -- T6: US site, judged in the site's own zone; mended: spans 10 hours with a 45-minute break [14 hours, 60]
  (6, 11, 3, 'late', (current_date - 3 + time '13:00') AT TIME ZONE 'America/Chicago',
                     (current_date - 3 + time '13:00') AT TIME ZONE 'America/Chicago' + interval '10 hours', 45),
  (7, 11, 4, 'day',  (current_date - 3 + time '12:00') AT TIME ZONE 'UTC',
                     (current_date - 3 + time '12:00') AT TIME ZONE 'UTC' + interval '8 hours', 30),
  -- T8 mended: a night shift from 22:00 two days ago, 8 hours, 30-minute break [clocked in at noon two
  -- days from now, open]
  (8, 1, 1, 'night', (current_date - 2 + time '22:00') AT TIME ZONE 'Europe/Berlin',
                     (current_date - 2 + time '22:00') AT TIME ZONE 'Europe/Berlin' + interval '8 hours', 30),
  -- T9 mended: 1000 days ago [2000, more than five years ago]
  (9, 1, 1, 'day',   (current_date - 1000 + time '07:00') AT TIME ZONE 'Europe/Berlin',
                     (current_date - 1000 + time '07:00') AT TIME ZONE 'Europe/Berlin' + interval '8 hours', 30),
  (10, 2, 4, 'day',  now() - interval '2 hours', NULL, 0),
  -- T11 mended: clocked out after 8 hours with a 30-minute break [still open three days later]
  (11, 11, 4, 'day', now() - interval '3 days', now() - interval '3 days' + interval '8 hours', 30),
  -- T12 mended: day -5, clocked out after 8 hours [day -3, clock-out in the future]
  (12, 1, 1, 'day',  (current_date - 5 + time '09:00') AT TIME ZONE 'Europe/Berlin',
                     (current_date - 5 + time '09:00') AT TIME ZONE 'Europe/Berlin' + interval '8 hours', 30);
SELECT setval('public.time_entries_id_seq', 12);

INSERT INTO pay_components (code, label, kind, is_taxable) VALUES
  ('BASE', 'Base salary', 'earning', true),
  ('OT', 'Overtime', 'earning', true),
  ('TAX', 'Income tax', 'deduction', false),
  ('SOCSEC', 'Social security (employee)', 'deduction', false),
  ('ER_PENS', 'Employer pension contribution', 'employer_cost', false);

INSERT INTO pay_runs (id, legal_entity_id, period_start, period_end, pay_date, status, approved_at) VALUES
  (1, 1, '2025-11-01', '2025-11-30', '2025-11-28', 'paid', '2025-11-25 10:00+00'),
  (2, 1, '2025-12-01', '2025-12-31', '2025-12-29', 'paid', '2025-12-22 10:00+00'),
  (3, 1, '2026-01-01', '2026-01-31', '2026-01-30', 'paid', '2026-01-27 10:00+00'),
  (4, 2, '2026-03-01', '2026-03-31', '2026-03-31', 'paid', '2026-03-26 10:00+00'),
  (5, 2, '2026-04-01', '2026-04-30', '2026-04-30', 'paid', '2026-04-27 10:00+00'),
  (6, 2, '2026-05-01', '2026-05-31', '2026-05-29', 'paid', '2026-05-26 10:00+00'),
  (7, 3, '2026-01-01', '2026-01-31', '2026-01-25', 'paid', '2026-01-20 10:00+00');
SELECT setval('public.pay_runs_id_seq', 7);

INSERT INTO payslips (id, pay_run_id, employee_id, currency_code, gross_pay, total_deductions, net_pay, ytd_gross, created_at) VALUES
  (1, 1, 1, 'EUR', 7083.33, 2500.00, 4583.33, 63749.97, '2025-11-25 10:00+00'),   -- first payslip: carries earlier balance
  (2, 2, 1, 'EUR', 7083.33, 2500.00, 4583.33, 70833.30, '2025-12-22 10:00+00'),
  (3, 3, 1, 'EUR', 7538.33, 2500.00, 5038.33, 7538.33, '2026-01-27 10:00+00'),    -- mended: gross includes the OT line, YTD restarts in January [7083.33, 4583.33, 77916.63]
  (4, 4, 2, 'GBP', 4000.00, 1100.00, 2900.00, 48000.00, '2026-03-26 10:00+00'),
  (5, 5, 2, 'GBP', 4000.00, 1100.00, 2900.00, 4000.00, '2026-04-27 10:00+00'),    -- reset on 6 April
  (6, 6, 2, 'GBP', 4000.00, 1100.00, 2900.00, 8000.00, '2026-05-26 10:00+00'),    -- mended: GBP [EUR on a GBP payroll]
  (7, 4, 3, 'GBP', 583.33, 0.00, 583.33, 583.33, '2026-03-26 10:00+00'),
  (8, 5, 3, 'GBP', 583.33, 0.00, 583.33, 583.33, '2026-04-27 10:00+00'),          -- mended: YTD restarts after 6 April [1166.66]; its line below
  (9, 7, 8, 'SEK', 45000.00, 13000.00, 32000.00, NULL, '2026-01-20 10:00+00'),    -- mended: net 32000.00 [33000.00, not gross - deductions]
  (10, 3, 5, 'EUR', 5500.00, 1800.00, 3700.00, NULL, '2026-01-27 10:00+00'),      -- mended: for E5, employed, 66,000 / 12 [E4, not yet hired: 4333.33, 1400.00, 2933.33]
  (11, 1, 7, 'EUR', 3750.00, 1200.00, 2550.00, NULL, '2025-11-25 10:00+00'),
  (12, 7, 14, 'SEK', 50000.00, 15000.00, 35000.00, NULL, '2026-01-20 10:00+00');  -- mended: for E14 of entity 3, 600,000 / 12 [E13, terminated before and of entity 1: 30000.00, 9000.00, 21000.00]
SELECT setval('public.payslips_id_seq', 12);

INSERT INTO payslip_lines (payslip_id, line_no, component_code, quantity, rate, amount) VALUES
  (1, 1, 'BASE', 1, 7083.3300, 7083.33),
  (1, 2, 'TAX', NULL, NULL, -1800.00),
  (1, 3, 'SOCSEC', NULL, NULL, 700.00),
  (1, 4, 'ER_PENS', NULL, NULL, 500.00),
  (2, 1, 'BASE', NULL, NULL, 7083.33),
  (2, 2, 'TAX', NULL, NULL, 1800.00),
  (2, 3, 'SOCSEC', NULL, NULL, 700.00),
  (3, 1, 'BASE', NULL, NULL, 7083.33),
  (3, 2, 'OT', 10, 45.5000, 455.00),
  (3, 3, 'TAX', NULL, NULL, 1800.00),
  (3, 4, 'SOCSEC', NULL, NULL, 700.00),
  (4, 1, 'BASE', NULL, NULL, 4000.00),
  (4, 2, 'TAX', NULL, NULL, 800.00),
  (4, 3, 'SOCSEC', NULL, NULL, 300.00),
  (5, 1, 'BASE', 160, 25.0000, 4000.00),
  (5, 2, 'TAX', NULL, NULL, 1100.00),
  (7, 1, 'BASE', 70, 8.3333, 583.33),
  (8, 1, 'BASE', 70, 8.3333, 583.33),   -- mended [600.00, not 70 x 8.3333]
  (9, 1, 'BASE', NULL, NULL, 45000.00),
  (9, 2, 'TAX', NULL, NULL, 13000.00);

INSERT INTO expense_claims (employee_id, submitted_at, category, description, amount, currency_code, status, reimbursed_in) VALUES
  (1, '2025-11-10 16:20+00', 'travel', 'Train Berlin-Munich', 139.90, 'EUR', 'reimbursed', 1),
  (2, '2026-05-12 12:05+00', 'meals', 'Client lunch', 42.50, 'GBP', 'approved', NULL);

INSERT INTO performance_reviews (id, employee_id, reviewer_id, cycle_year, rating, completed_at) VALUES
  (1, 1, 13, 2024, 4, '2025-01-20 14:00+00'),
  (2, 2, 1, 2025, 3, '2026-01-18 11:00+00');
SELECT setval('public.performance_reviews_id_seq', 2);

-- Expected applies|holds per rule (rules.toml order); every rule holds on every row it judges.
-- (The sealed original's counts, with its deliberate breaks, in brackets.)
-- countries_real_iso3_and_currency       11|11  [11|9]  (XK not judged)
-- national_id_matches_country_format     14|14  [14|7]  (13 has none)
-- time_entries_in_the_past               12|12  [12|8]
-- clock_in_fits_shift_kind_local_time     9|9   [9|7]   (7, 10, 11 at the unknown-zone site not judged)
-- shift_length_and_statutory_break       11|11  [9|6]   (8 and 11 now clocked out; only 10 open, not judged)
-- contract_kind_mix                      18|18  [18|0]  (15 permanent 83%, 2 fixed-term 11%, 1 apprentice 5.6%, no intern)
-- employee_status_matches_dates          15|15  [15|12]
-- assignments_one_at_a_time              18|18  [18|16]
-- payslip_only_while_employed            12|12  [12|10]
-- ytd_gross_runs_through_tax_year         8|8   [8|6]   (9-12 have no YTD)
-- full_time_salary_plausible             13|13  [13|11] (average 64,154 within band)
-- payslip_currency_and_entity_agree      12|12  [12|10]
-- employee_postal_code_format            14|14  [14|10] (13 has none)
-- payslip_totals_add_up                   8|8   [8|5]   (6, 10, 11, 12 have no lines)
-- employee_of_working_age                14|14  [14|12] (12 has no birth date)
