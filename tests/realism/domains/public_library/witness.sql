-- Witness rows for public_library: a small, believable UK library service.

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, calling_code, currency_code) VALUES
  ('GB', 'United Kingdom', '+44', 'GBP'),
  ('IE', 'Ireland', '+353', 'EUR'),
  ('FR', 'France', '+33', 'EUR'),
  ('US', 'United States', '+1', 'USD');

INSERT INTO public.languages (code, name) VALUES
  ('en', 'English'), ('fr', 'French'), ('ga', 'Irish');

INSERT INTO public.library_systems (id, name, country_code, currency_code, timezone, website, created_at) VALUES
  (1, 'Tyneside City Libraries', 'GB', 'GBP', 'Europe/London', 'https://libraries.tyneside.example.gov.uk', now() - interval '6 years');

INSERT INTO public.branches (id, system_id, code, name, branch_type, street, city, postcode, country_code, phone, email, timezone, floor_area_m2, opened_on, closed_on) VALUES
  (1, 1, 'CEN', 'City Library', 'central', '33 New Bridge Street West', 'Newcastle upon Tyne', 'NE1 8AX', 'GB', '+44 191 277 4100', 'city.library@tyneside.example.gov.uk', 'Europe/London', 12400.0, DATE '2009-06-13', NULL),
  (2, 1, 'HEA', 'Heaton Library', 'community', '8 Chillingham Road', 'Newcastle upon Tyne', 'NE6 5XX', 'GB', '+44 191 276 1234', 'heaton.library@tyneside.example.gov.uk', 'Europe/London', 420.0, DATE '1998-03-02', NULL),
  (3, 1, 'MOB1', 'Mobile Library 1', 'mobile', 'Depot, Benton Lane', 'Newcastle upon Tyne', 'NE12 8EW', 'GB', '+44 191 278 9988', NULL, 'Europe/London', 24.5, DATE '2016-09-01', NULL);

INSERT INTO public.branch_opening_hours (branch_id, weekday, opens_at, closes_at) VALUES
  (1, 1, '09:00', '19:00'), (1, 2, '09:00', '19:00'), (1, 3, '09:00', '19:00'), (1, 4, '09:00', '19:00'),
  (1, 5, '09:00', '19:00'), (1, 6, '09:00', '17:00'), (1, 7, '11:00', '16:00'),
  (2, 1, '10:00', '17:00'), (2, 2, '10:00', '17:00'), (2, 3, '10:00', '17:00'), (2, 4, '10:00', '17:00'),
  (2, 5, '10:00', '17:00'), (2, 6, '10:00', '13:00'),
  (3, 2, '09:30', '16:00'), (3, 3, '09:30', '16:00'), (3, 4, '09:30', '16:00');

INSERT INTO public.staff (id, branch_id, first_name, last_name, email, job_title, date_of_birth, hired_on, left_on) VALUES
  (1, 1, 'Helen', 'Armstrong', 'helen.armstrong@tyneside.example.gov.uk', 'Branch Manager', DATE '1974-05-21', DATE '2011-02-01', NULL),
  (2, 2, 'Daniel', 'Robson', 'daniel.robson@tyneside.example.gov.uk', 'Library Assistant', DATE '1990-11-03', DATE '2018-07-16', NULL),
  (3, 3, 'Priya', 'Sharma', 'priya.sharma@tyneside.example.gov.uk', 'Mobile Library Driver', DATE '1983-08-14', DATE '2016-09-01', NULL);

INSERT INTO public.patron_categories (code, name, min_age, max_age, loan_limit, loan_period_days, fine_per_day, max_fine) VALUES
  ('ADULT', 'Adult', 18, NULL, 15, 21, 0.25, 8.00),
  ('SENIOR', 'Senior (60+)', 60, NULL, 15, 28, 0.00, 0.00),
  ('TEEN', 'Teen', 13, 17, 10, 21, 0.10, 3.00),
  ('JUNIOR', 'Junior', 0, 12, 10, 21, 0.00, 0.00),
  ('ORG', 'Organisation', NULL, NULL, 30, 42, 0.25, 8.00);

INSERT INTO public.patrons (id, card_number, system_id, home_branch_id, category_code, first_name, last_name, date_of_birth, email, phone, street, city, postcode, country_code, registered_at, expires_on, status) VALUES
  (1, '23105000412788', 1, 1, 'ADULT', 'Sarah', 'Milburn', (now() - interval '41 years 3 months')::date, 'sarah.milburn@example.com', '+44 7700 900123', '14 Osborne Road', 'Newcastle upon Tyne', 'NE2 2AH', 'GB', now() - interval '3 years', (now() + interval '2 years')::date, 'active'),
  (2, '23105000533019', 1, 2, 'JUNIOR', 'Alfie', 'Charlton', (now() - interval '9 years 2 months')::date, NULL, NULL, '22 Cartington Terrace', 'Newcastle upon Tyne', 'NE6 5SH', 'GB', now() - interval '2 years', (now() + interval '3 years')::date, 'active'),
  (3, '23105000671240', 1, 2, 'TEEN', 'Maya', 'Okafor', (now() - interval '15 years 6 months')::date, 'maya.okafor@example.com', '+44 7700 900456', '5 Rothbury Terrace', 'Newcastle upon Tyne', 'NE6 5XJ', 'GB', now() - interval '1 year', (now() + interval '4 years')::date, 'active'),
  (4, '23105000198822', 1, 1, 'SENIOR', 'Norman', 'Hedley', (now() - interval '74 years 1 month')::date, NULL, '+44 191 266 0420', '9 Front Street', 'Newcastle upon Tyne', 'NE12 9XX', 'GB', now() - interval '6 years', (now() + interval '1 year')::date, 'active');

INSERT INTO public.publishers (id, name, country_code) VALUES
  (1, 'Penguin Classics', 'GB'), (2, 'HarperCollins', 'GB'), (3, 'Gallimard', 'FR'), (4, 'Alma Classics', 'GB');

INSERT INTO public.material_types (code, name, loanable) VALUES
  ('BOOK', 'Book', true), ('AUDIOBOOK', 'Audiobook on CD', true), ('DVD', 'DVD', true), ('REF', 'Reference book', false);

INSERT INTO public.bibliographic_records (id, isbn13, title, subtitle, publisher_id, language_code, material_type_code, publication_year, page_count, running_time_minutes, dewey_class) VALUES
  (1, '9780140449136', 'Crime and Punishment', NULL, 1, 'en', 'BOOK', 2003, 720, NULL, '891.733'),
  (2, '9780241954942', 'The Cat in the Hat', NULL, 2, 'en', 'BOOK', 2016, 72, NULL, 'JF'),
  (3, '9781847491237', 'The Picture of Dorian Gray', NULL, 4, 'en', 'BOOK', 2008, 224, NULL, '823.8'),
  (4, '9780007448364', 'The Hobbit', NULL, 2, 'en', 'AUDIOBOOK', 2012, NULL, 660, '823.912'),
  (5, '9780718179878', 'The Cruel Sea', NULL, 1, 'en', 'BOOK', 2014, 432, NULL, '823.914'),
  (6, '9791025551271', 'L''Étranger', NULL, 3, 'fr', 'BOOK', 2019, 192, NULL, '843.914');

INSERT INTO public.authors (id, full_name, sort_name, birth_year, death_year) VALUES
  (1, 'Fyodor Dostoevsky', 'Dostoevsky, Fyodor', 1821, 1881),
  (2, 'Dr. Seuss', 'Seuss, Dr.', 1904, 1991),
  (3, 'Oscar Wilde', 'Wilde, Oscar', 1854, 1900),
  (4, 'J. R. R. Tolkien', 'Tolkien, J. R. R.', 1892, 1973),
  (5, 'Nicholas Monsarrat', 'Monsarrat, Nicholas', 1910, 1979),
  (6, 'Albert Camus', 'Camus, Albert', 1913, 1960);

INSERT INTO public.record_contributors (record_id, author_id, role, "position") VALUES
  (1, 1, 'author', 1), (2, 2, 'author', 1), (3, 3, 'author', 1), (4, 4, 'author', 1), (5, 5, 'author', 1), (6, 6, 'author', 1);

INSERT INTO public.items (id, record_id, branch_id, barcode, shelf_location, acquired_on, purchase_price, currency_code, status, withdrawn_on) VALUES
  (1, 1, 1, '31105012345671', 'Fiction DOS', (now() - interval '4 years')::date, 9.99, 'GBP', 'available', NULL),
  (2, 2, 2, '31105012345689', 'Junior picture books', (now() - interval '5 years')::date, 6.99, 'GBP', 'available', NULL),
  (3, 3, 1, '31105012345697', 'Classics WIL', (now() - interval '3 years')::date, 7.99, 'GBP', 'available', NULL),
  (4, 4, 1, '31105012345705', 'Audiobooks TOL', (now() - interval '2 years')::date, 24.99, 'GBP', 'on_loan', NULL),
  (5, 5, 3, '31105012345713', 'Mobile fiction', (now() - interval '18 months')::date, 9.99, 'GBP', 'on_loan', NULL),
  (6, 6, 2, '31105012345721', 'World languages FR', (now() - interval '1 year')::date, 8.50, 'GBP', 'available', NULL);

INSERT INTO public.loans (id, item_id, patron_id, branch_id, staff_id, checked_out_at, due_at, returned_at, returned_branch_id, renewal_count, status) VALUES
  (1, 1, 1, 1, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 weeks' + interval '1 day 10 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 weeks' + interval '1 day 10 hours') AT TIME ZONE 'Europe/London') + interval '21 days', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 weeks' + interval '1 day 10 hours') AT TIME ZONE 'Europe/London') + interval '25 days 3 hours', 1, 0, 'returned'),
  (2, 2, 2, 2, 2, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '8 weeks' + interval '2 days 11 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '8 weeks' + interval '2 days 11 hours') AT TIME ZONE 'Europe/London') + interval '21 days', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '8 weeks' + interval '2 days 11 hours') AT TIME ZONE 'Europe/London') + interval '10 days', 2, 0, 'returned'),
  (3, 3, 3, 1, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '63 days', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '50 days 2 hours', 2, 2, 'returned'),
  (4, 4, 1, 1, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '1 weeks' + interval '3 days 12 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '1 weeks' + interval '3 days 12 hours') AT TIME ZONE 'Europe/London') + interval '21 days', NULL, NULL, 0, 'active'),
  (5, 5, 4, 3, 3, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '5 weeks' + interval '2 days 10 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '5 weeks' + interval '2 days 10 hours') AT TIME ZONE 'Europe/London') + interval '28 days', NULL, NULL, 0, 'overdue'),
  (6, 6, 3, 2, 2, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 weeks' + interval '4 days 16 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 weeks' + interval '4 days 16 hours') AT TIME ZONE 'Europe/London') + interval '21 days', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '4 weeks' + interval '4 days 16 hours') AT TIME ZONE 'Europe/London') + interval '20 days 1 hour', 2, 0, 'returned');

INSERT INTO public.loan_renewals (id, loan_id, renewal_number, renewed_at, channel, previous_due_at, new_due_at) VALUES
  (1, 3, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '18 days 4 hours', 'online', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '21 days', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '42 days'),
  (2, 3, 2, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '38 days', 'desk', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '42 days', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '63 days');

INSERT INTO public.holds (id, record_id, patron_id, pickup_branch_id, item_id, placed_at, ready_at, collected_at, pickup_expires_on, status) VALUES
  (1, 1, 3, 2, 1, now() - interval '5 days', now() - interval '2 days', NULL, (now() + interval '5 days')::date, 'ready'),
  (2, 4, 2, 2, NULL, now() - interval '3 days', NULL, NULL, NULL, 'waiting');

INSERT INTO public.fines (id, loan_id, patron_id, reason, amount, currency_code, assessed_at, status, waived_at) VALUES
  (1, 1, 1, 'overdue', 1.00, 'GBP', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 weeks' + interval '1 day 10 hours') AT TIME ZONE 'Europe/London') + interval '25 days 3 hours', 'paid', NULL),
  (2, 3, 3, 'damaged_item', 2.50, 'GBP', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '10 weeks' + interval '15 hours') AT TIME ZONE 'Europe/London') + interval '50 days 2 hours', 'outstanding', NULL);

INSERT INTO public.fine_payments (id, fine_id, staff_id, paid_at, amount, method) VALUES
  (1, 1, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '6 weeks' + interval '1 day 10 hours') AT TIME ZONE 'Europe/London') + interval '25 days 3 hours 2 minutes', 1.00, 'card');

INSERT INTO public.events (id, branch_id, title, event_type, audience, starts_at, ends_at, capacity, status) VALUES
  (1, 1, 'Rhyme Time', 'storytime', 'children', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '-1 weeks' + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '-1 weeks' + interval '1 day 11 hours 15 minutes') AT TIME ZONE 'Europe/London'), 25, 'scheduled'),
  (2, 1, 'Author talk: writing the North East', 'talk', 'adults', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '3 weeks' + interval '3 days 18 hours 30 minutes') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '3 weeks' + interval '3 days 20 hours') AT TIME ZONE 'Europe/London'), 80, 'completed'),
  (3, 2, 'Code Club', 'class', 'children', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '2 weeks' + interval '2 days 16 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '2 weeks' + interval '2 days 17 hours 30 minutes') AT TIME ZONE 'Europe/London'), 12, 'cancelled'),
  (4, 2, 'Knit and Natter', 'club', 'adults', ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '-3 weeks' + interval '4 days 14 hours') AT TIME ZONE 'Europe/London'), ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '-3 weeks' + interval '4 days 16 hours') AT TIME ZONE 'Europe/London'), 15, 'scheduled');

INSERT INTO public.event_registrations (id, event_id, patron_id, registered_at, attended) VALUES
  (1, 1, 2, now() - interval '4 days', NULL),
  (2, 2, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '3 weeks' + interval '3 days 18 hours 30 minutes') AT TIME ZONE 'Europe/London') - interval '12 days', true),
  (3, 2, 4, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '3 weeks' + interval '3 days 18 hours 30 minutes') AT TIME ZONE 'Europe/London') - interval '6 days', false);

INSERT INTO public.gate_counter_readings (id, branch_id, read_at, cumulative_visits) VALUES
  (1, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '0 weeks' + interval '-3 days 23 hours') AT TIME ZONE 'Europe/London'), 1204331),
  (2, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '0 weeks' + interval '-2 days 23 hours') AT TIME ZONE 'Europe/London'), 1206012),
  (3, 1, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '0 weeks' + interval '-1 days 23 hours') AT TIME ZONE 'Europe/London'), 1207450),
  (4, 2, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '0 weeks' + interval '-3 days 23 hours') AT TIME ZONE 'Europe/London'), 286104),
  (5, 2, ((date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '0 weeks' + interval '-2 days 23 hours') AT TIME ZONE 'Europe/London'), 286391);
