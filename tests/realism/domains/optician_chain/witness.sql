BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2),
  ('SEK', 'Swedish krona', 2),
  ('CHF', 'Swiss franc', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, vat_rate) VALUES
  ('FR', 'France', 'EUR', '+33', 20.00),
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('SE', 'Sweden', 'SEK', '+46', 25.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('CH', 'Switzerland', 'CHF', '+41', 8.10);

INSERT INTO public.stores (store_id, store_code, name, country_code, city, address_line, postcode, phone, time_zone, opens_at, closes_at, opened_on, closed_on) VALUES
  (1, 'PAR01', 'Optique Clarté Paris Opéra', 'FR', 'Paris', '18 boulevard Haussmann', '75009', '+33 1 42 46 18 30', 'Europe/Paris', '09:30', '19:00', '2014-03-01', NULL),
  (2, 'LON01', 'Clarity Opticians Islington', 'GB', 'London', '212 Upper Street', 'N1 1RL', '+44 20 7226 4410', 'Europe/London', '09:00', '17:30', '2017-09-15', NULL),
  (3, 'STO01', 'Clarity Optik Södermalm', 'SE', 'Stockholm', 'Götgatan 41', '118 26', '+46 8 640 22 15', 'Europe/Stockholm', '10:00', '18:00', '2019-05-06', NULL);

INSERT INTO public.staff (staff_id, store_id, first_name, last_name, role, registration_number, email, date_of_birth, hired_on, left_on) VALUES
  (1, 1, 'Claire', 'Dubois', 'optometrist', 'ADELI 759512348', 'claire.dubois@clarity-optics.eu', '1981-05-14', '2014-03-01', NULL),
  (2, 1, 'Julien', 'Martin', 'dispensing_optician', 'ADELI 759523017', 'julien.martin@clarity-optics.eu', '1988-11-02', '2016-01-11', NULL),
  (3, 2, 'Priya', 'Shah', 'optometrist', 'GOC 01-31542', 'priya.shah@clarity-optics.eu', '1986-02-27', '2017-09-01', NULL),
  (4, 2, 'Tom', 'Hughes', 'dispensing_optician', 'GOC D-10877', 'tom.hughes@clarity-optics.eu', '1992-07-19', '2018-04-23', NULL),
  (5, 3, 'Elin', 'Lindqvist', 'optometrist', 'SOSFS 184520', 'elin.lindqvist@clarity-optics.eu', '1984-09-08', '2019-04-15', NULL),
  (6, 3, 'Oskar', 'Berg', 'sales_associate', NULL, 'oskar.berg@clarity-optics.eu', '1997-03-30', '2021-08-16', NULL);

INSERT INTO public.customers (customer_id, home_store_id, first_name, last_name, date_of_birth, email, phone, country_code, city, marketing_opt_in, created_at) VALUES
  (1, 1, 'Marie', 'Lefèvre', '1962-04-12', 'marie.lefevre@orange.fr', '+33 6 12 48 77 03', 'FR', 'Paris', true, now() - interval '3 years'),
  (2, 2, 'James', 'Carter', '1990-09-03', 'j.carter@gmail.com', '+44 7700 900417', 'GB', 'London', false, now() - interval '2 years 2 months'),
  (3, 1, 'Sophie', 'Bernard', '1985-01-22', 'sophie.bernard@free.fr', '+33 6 71 20 35 98', 'FR', 'Paris', false, now() - interval '14 months'),
  (4, 3, 'Anders', 'Nilsson', '1971-06-30', 'anders.nilsson@telia.se', '+46 70 412 88 63', 'SE', 'Stockholm', true, now() - interval '4 years'),
  (5, 2, 'Chloe', 'Evans', '2001-11-15', 'chloe.evans@outlook.com', '+44 7700 900862', 'GB', 'London', true, now() - interval '90 days'),
  (6, 1, 'Lucas', 'Moreau', '1978-03-08', 'lucas.moreau@laposte.net', '+33 6 58 93 14 26', 'FR', 'Boulogne-Billancourt', false, now() - interval '20 days');

INSERT INTO public.appointment_types (code, description, default_minutes, requires_optometrist) VALUES
  ('EYE_EXAM', 'Comprehensive eye examination', 30, true),
  ('CL_FIT', 'Contact lens fitting', 45, true),
  ('KIDS_EXAM', 'Children''s eye examination', 30, true),
  ('COLLECTION', 'Spectacle collection and adjustment', 15, false);

INSERT INTO public.appointments (appointment_id, customer_id, store_id, staff_id, appointment_type, scheduled_start, scheduled_end, status, booked_at, cancelled_at) VALUES
  (1, 1, 1, 1, 'EYE_EXAM', ((current_date - 60) + time '10:00') AT TIME ZONE 'Europe/Paris', ((current_date - 60) + time '10:30') AT TIME ZONE 'Europe/Paris', 'completed', ((current_date - 68) + time '16:20') AT TIME ZONE 'Europe/Paris', NULL),
  (2, 2, 2, 3, 'EYE_EXAM', ((current_date - 45) + time '11:00') AT TIME ZONE 'Europe/London', ((current_date - 45) + time '11:30') AT TIME ZONE 'Europe/London', 'completed', ((current_date - 52) + time '09:05') AT TIME ZONE 'Europe/London', NULL),
  (3, 3, 1, 1, 'EYE_EXAM', ((current_date - 30) + time '14:00') AT TIME ZONE 'Europe/Paris', ((current_date - 30) + time '14:30') AT TIME ZONE 'Europe/Paris', 'completed', ((current_date - 33) + time '12:40') AT TIME ZONE 'Europe/Paris', NULL),
  (4, 4, 3, 5, 'EYE_EXAM', ((current_date - 20) + time '10:30') AT TIME ZONE 'Europe/Stockholm', ((current_date - 20) + time '11:00') AT TIME ZONE 'Europe/Stockholm', 'completed', ((current_date - 29) + time '08:55') AT TIME ZONE 'Europe/Stockholm', NULL),
  (5, 5, 2, 3, 'CL_FIT', ((current_date - 10) + time '15:00') AT TIME ZONE 'Europe/London', ((current_date - 10) + time '15:45') AT TIME ZONE 'Europe/London', 'completed', ((current_date - 16) + time '19:10') AT TIME ZONE 'Europe/London', NULL),
  (6, 6, 1, 1, 'EYE_EXAM', ((current_date - 5) + time '16:00') AT TIME ZONE 'Europe/Paris', ((current_date - 5) + time '16:30') AT TIME ZONE 'Europe/Paris', 'no_show', ((current_date - 20) + time '11:15') AT TIME ZONE 'Europe/Paris', NULL),
  (7, 4, 3, 5, 'EYE_EXAM', ((current_date - 25) + time '13:00') AT TIME ZONE 'Europe/Stockholm', ((current_date - 25) + time '13:30') AT TIME ZONE 'Europe/Stockholm', 'cancelled', ((current_date - 35) + time '10:02') AT TIME ZONE 'Europe/Stockholm', ((current_date - 27) + time '08:41') AT TIME ZONE 'Europe/Stockholm'),
  (8, 3, 1, 2, 'COLLECTION', ((current_date + 3) + time '11:00') AT TIME ZONE 'Europe/Paris', ((current_date + 3) + time '11:15') AT TIME ZONE 'Europe/Paris', 'booked', ((current_date - 2) + time '17:30') AT TIME ZONE 'Europe/Paris', NULL),
  (9, 6, 1, 1, 'EYE_EXAM', ((current_date + 4) + time '09:30') AT TIME ZONE 'Europe/Paris', ((current_date + 4) + time '10:00') AT TIME ZONE 'Europe/Paris', 'booked', ((current_date - 4) + time '10:12') AT TIME ZONE 'Europe/Paris', NULL);

INSERT INTO public.eye_exams (exam_id, appointment_id, performed_at, iop_right_mmhg, iop_left_mmhg, va_right, va_left, referral_needed, notes) VALUES
  (1, 1, ((current_date - 60) + time '10:04') AT TIME ZONE 'Europe/Paris', 16.0, 17.0, '10/10', '9/10', false, 'Presbyopia progressing; progressive lenses advised'),
  (2, 2, ((current_date - 45) + time '11:03') AT TIME ZONE 'Europe/London', 14.0, 14.5, '6/6', '6/6', false, NULL),
  (3, 3, ((current_date - 30) + time '14:02') AT TIME ZONE 'Europe/Paris', 13.5, 13.0, '10/10', '10/10', false, NULL),
  (4, 4, ((current_date - 20) + time '10:33') AT TIME ZONE 'Europe/Stockholm', 19.0, 18.5, '1,0', '0,8', false, 'Early lens opacity OS, review in 12 months'),
  (5, 5, ((current_date - 10) + time '15:05') AT TIME ZONE 'Europe/London', 15.0, 15.0, '6/5', '6/6', false, 'Daily disposables, good fit');

INSERT INTO public.prescriptions (prescription_id, exam_id, customer_id, rx_type, issued_on, expires_on, pd_mm) VALUES
  (1, 1, 1, 'multifocal', current_date - 60, current_date - 60 + 730, 62.5),
  (2, 2, 2, 'distance', current_date - 45, current_date - 45 + 730, 64.0),
  (3, 3, 3, 'distance', current_date - 30, current_date - 30 + 730, 60.5),
  (4, 4, 4, 'multifocal', current_date - 20, current_date - 20 + 730, 66.0),
  (5, 5, 5, 'contact_lens', current_date - 10, current_date - 10 + 365, 61.0);

INSERT INTO public.prescription_lines (prescription_id, eye, sphere, cylinder, axis, add_power, prism, prism_base) VALUES
  (1, 'R', 1.25, -0.50, 90, 2.25, NULL, NULL),
  (1, 'L', 1.00, -0.75, 85, 2.25, NULL, NULL),
  (2, 'R', -2.00, -0.25, 180, NULL, NULL, NULL),
  (2, 'L', -2.25, 0.00, NULL, NULL, NULL, NULL),
  (3, 'R', -1.50, 0.00, NULL, NULL, NULL, NULL),
  (3, 'L', -1.25, -0.50, 10, NULL, NULL, NULL),
  (4, 'R', 0.75, 0.00, NULL, 1.50, NULL, NULL),
  (4, 'L', 0.50, -0.25, 95, 1.50, NULL, NULL),
  (5, 'R', -3.00, 0.00, NULL, NULL, NULL, NULL),
  (5, 'L', -2.75, 0.00, NULL, NULL, NULL, NULL);

INSERT INTO public.suppliers (supplier_id, name, country_code, contact_email) VALUES
  (1, 'EssilorLuxottica France', 'FR', 'commandes@essilorluxottica.example'),
  (2, 'Carl Zeiss Vision GmbH', 'DE', 'orders@zeiss-vision.example'),
  (3, 'CooperVision UK', 'GB', 'uk.orders@coopervision.example');

INSERT INTO public.products (product_id, sku, ean, supplier_id, category, brand, model, list_price_eur, active) VALUES
  (1, 'FR-RB5154-2000-49', '8053179003121', 1, 'frame', 'Ray-Ban', 'RB5154 Clubmaster Optics 49', 159.00, true),
  (2, 'FR-PO3092V-9014-50', '8053179250716', 1, 'frame', 'Persol', 'PO3092V 50', 189.00, true),
  (3, 'LN-VLX-X-160', '3560473100029', 1, 'spectacle_lens', 'Varilux', 'Varilux X series 1.60 Crizal Sapphire', 245.00, true),
  (4, 'LN-ZSL-SV-150', '4047612004152', 2, 'spectacle_lens', 'ZEISS', 'SmartLife Single Vision 1.5 DuraVision Platinum', 89.00, true),
  (5, 'CL-MYDAY-30', '5880215003172', 3, 'contact_lens', 'CooperVision', 'MyDay daily disposable 30 pack', 27.00, true),
  (6, 'SOL-BT-300', '0319160182120', 3, 'lens_solution', 'Biotrue', 'Multi-purpose solution 300 ml', 11.50, true),
  (7, 'ACC-CLOTH-MF', '3760114001092', 1, 'accessory', 'Clarity', 'Microfibre cleaning cloth', 4.00, true);

INSERT INTO public.store_stock (store_id, product_id, quantity_on_hand, reorder_level, last_counted_at) VALUES
  (1, 1, 6, 2, now() - interval '12 days'),
  (1, 2, 4, 2, now() - interval '12 days'),
  (1, 7, 120, 40, now() - interval '12 days'),
  (2, 1, 5, 2, now() - interval '9 days'),
  (2, 5, 36, 12, now() - interval '9 days'),
  (2, 6, 18, 6, now() - interval '9 days'),
  (3, 2, 3, 2, now() - interval '15 days'),
  (3, 6, 14, 6, now() - interval '15 days');

INSERT INTO public.labs (lab_id, name, country_code, city) VALUES
  (1, 'Essilor Laboratoire Ligny', 'FR', 'Ligny-en-Barrois'),
  (2, 'ZEISS Vision Lab Aalen', 'DE', 'Aalen'),
  (3, 'Midlands Rx Lab', 'GB', 'Birmingham');

INSERT INTO public.orders (order_id, order_number, customer_id, store_id, prescription_id, sold_by, ordered_at, status, currency_code, subtotal, discount_amount, total_amount, collected_at) VALUES
  (1, 'PAR-000101', 1, 1, 1, 2, ((current_date - 60) + time '10:45') AT TIME ZONE 'Europe/Paris', 'collected', 'EUR', 679.00, 50.00, 629.00, ((current_date - 50) + time '15:00') AT TIME ZONE 'Europe/Paris'),
  (2, 'LON-000051', 2, 2, 2, 4, ((current_date - 45) + time '11:40') AT TIME ZONE 'Europe/London', 'collected', 'GBP', 285.00, 0.00, 285.00, ((current_date - 38) + time '12:10') AT TIME ZONE 'Europe/London'),
  (3, 'PAR-000102', 3, 1, 3, 2, ((current_date - 30) + time '14:50') AT TIME ZONE 'Europe/Paris', 'ready_for_collection', 'EUR', 337.00, 33.70, 303.30, NULL),
  (4, 'STO-000201', 4, 3, 4, 6, ((current_date - 20) + time '11:15') AT TIME ZONE 'Europe/Stockholm', 'in_production', 'SEK', 8890.00, 0.00, 8890.00, NULL),
  (5, 'LON-000052', 5, 2, 5, 4, ((current_date - 10) + time '16:00') AT TIME ZONE 'Europe/London', 'collected', 'GBP', 99.99, 0.00, 99.99, ((current_date - 10) + time '16:05') AT TIME ZONE 'Europe/London');

INSERT INTO public.order_lines (order_id, line_no, product_id, eye, quantity, unit_price, line_total) VALUES
  (1, 1, 2, NULL, 1, 189.00, 189.00),
  (1, 2, 3, 'R', 1, 245.00, 245.00),
  (1, 3, 3, 'L', 1, 245.00, 245.00),
  (2, 1, 1, NULL, 1, 135.00, 135.00),
  (2, 2, 4, 'R', 1, 75.00, 75.00),
  (2, 3, 4, 'L', 1, 75.00, 75.00),
  (3, 1, 1, NULL, 1, 159.00, 159.00),
  (3, 2, 4, 'R', 1, 89.00, 89.00),
  (3, 3, 4, 'L', 1, 89.00, 89.00),
  (4, 1, 2, NULL, 1, 2490.00, 2490.00),
  (4, 2, 3, 'R', 1, 3200.00, 3200.00),
  (4, 3, 3, 'L', 1, 3200.00, 3200.00),
  (5, 1, 5, NULL, 4, 22.50, 90.00),
  (5, 2, 6, NULL, 1, 9.99, 9.99);

INSERT INTO public.lab_jobs (lab_job_id, order_id, lab_id, is_remake, sent_at, received_at) VALUES
  (1, 1, 1, false, ((current_date - 60) + time '17:30') AT TIME ZONE 'UTC', ((current_date - 52) + time '09:40') AT TIME ZONE 'UTC'),
  (2, 2, 3, false, ((current_date - 45) + time '16:00') AT TIME ZONE 'UTC', ((current_date - 41) + time '10:15') AT TIME ZONE 'UTC'),
  (3, 3, 1, false, ((current_date - 29) + time '08:30') AT TIME ZONE 'UTC', ((current_date - 24) + time '11:05') AT TIME ZONE 'UTC'),
  (4, 4, 2, false, ((current_date - 19) + time '07:45') AT TIME ZONE 'UTC', NULL);

INSERT INTO public.lab_job_events (lab_job_id, seq_no, event_type, occurred_at, note) VALUES
  (1, 1, 'received_by_lab', ((current_date - 59) + time '08:10') AT TIME ZONE 'UTC', NULL),
  (1, 2, 'surfacing', ((current_date - 58) + time '10:30') AT TIME ZONE 'UTC', NULL),
  (1, 3, 'coating', ((current_date - 56) + time '14:00') AT TIME ZONE 'UTC', 'Crizal Sapphire'),
  (1, 4, 'edging_mounting', ((current_date - 54) + time '09:20') AT TIME ZONE 'UTC', NULL),
  (1, 5, 'dispatched', ((current_date - 53) + time '16:45') AT TIME ZONE 'UTC', NULL),
  (2, 1, 'received_by_lab', ((current_date - 44) + time '08:05') AT TIME ZONE 'UTC', NULL),
  (2, 2, 'edging_mounting', ((current_date - 43) + time '11:40') AT TIME ZONE 'UTC', NULL),
  (2, 3, 'dispatched', ((current_date - 42) + time '15:30') AT TIME ZONE 'UTC', NULL),
  (3, 1, 'received_by_lab', ((current_date - 28) + time '08:15') AT TIME ZONE 'UTC', NULL),
  (3, 2, 'edging_mounting', ((current_date - 26) + time '13:10') AT TIME ZONE 'UTC', NULL),
  (3, 3, 'dispatched', ((current_date - 25) + time '16:20') AT TIME ZONE 'UTC', NULL),
  (4, 1, 'received_by_lab', ((current_date - 17) + time '09:00') AT TIME ZONE 'UTC', NULL),
  (4, 2, 'surfacing', ((current_date - 15) + time '10:25') AT TIME ZONE 'UTC', NULL);

INSERT INTO public.payments (payment_id, order_id, paid_at, amount, currency_code, method, reference) VALUES
  (1, 1, ((current_date - 60) + time '10:52') AT TIME ZONE 'Europe/Paris', 300.00, 'EUR', 'card', 'CB-7730451'),
  (2, 1, ((current_date - 50) + time '15:02') AT TIME ZONE 'Europe/Paris', 329.00, 'EUR', 'card', 'CB-7791260'),
  (3, 2, ((current_date - 38) + time '12:08') AT TIME ZONE 'Europe/London', 285.00, 'GBP', 'card', 'VIS-4418023'),
  (4, 3, ((current_date - 30) + time '14:55') AT TIME ZONE 'Europe/Paris', 100.00, 'EUR', 'card', 'CB-7810934'),
  (5, 4, ((current_date - 20) + time '11:20') AT TIME ZONE 'Europe/Stockholm', 2000.00, 'SEK', 'card', 'NETS-552091'),
  (6, 5, ((current_date - 10) + time '16:03') AT TIME ZONE 'Europe/London', 99.99, 'GBP', 'card', 'VIS-4420577');

SELECT pg_catalog.setval('public.stores_store_id_seq', 3, true);
SELECT pg_catalog.setval('public.staff_staff_id_seq', 6, true);
SELECT pg_catalog.setval('public.customers_customer_id_seq', 6, true);
SELECT pg_catalog.setval('public.appointments_appointment_id_seq', 9, true);
SELECT pg_catalog.setval('public.eye_exams_exam_id_seq', 5, true);
SELECT pg_catalog.setval('public.prescriptions_prescription_id_seq', 5, true);
SELECT pg_catalog.setval('public.suppliers_supplier_id_seq', 3, true);
SELECT pg_catalog.setval('public.products_product_id_seq', 7, true);
SELECT pg_catalog.setval('public.labs_lab_id_seq', 3, true);
SELECT pg_catalog.setval('public.orders_order_id_seq', 5, true);
SELECT pg_catalog.setval('public.lab_jobs_lab_job_id_seq', 4, true);
SELECT pg_catalog.setval('public.payments_payment_id_seq', 6, true);

COMMIT;
