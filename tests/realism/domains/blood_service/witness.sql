BEGIN;

INSERT INTO public.currencies (code, name, minor_unit) VALUES
('GBP', 'Pound sterling', 2),
('EUR', 'Euro', 2),
('DKK', 'Danish krone', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code) VALUES
('GB', 'United Kingdom', 'GBP', '+44'),
('IE', 'Ireland', 'EUR', '+353'),
('NL', 'Netherlands', 'EUR', '+31'),
('DK', 'Denmark', 'DKK', '+45');

INSERT INTO public.blood_groups (code, abo, rhd_positive) VALUES
('O+', 'O', true), ('O-', 'O', false),
('A+', 'A', true), ('A-', 'A', false),
('B+', 'B', true), ('B-', 'B', false),
('AB+', 'AB', true), ('AB-', 'AB', false);

INSERT INTO public.component_types (code, name, shelf_life_days, storage_temp_min_c, storage_temp_max_c) VALUES
('RBC', 'Red cells in additive solution, leucocyte depleted', 42, 2.0, 6.0),
('PLT', 'Platelets, apheresis, leucocyte depleted', 7, 20.0, 24.0),
('FFP', 'Fresh frozen plasma', 1095, -40.0, -25.0),
('CRYO', 'Cryoprecipitate', 1095, -40.0, -25.0);

INSERT INTO public.deferral_reasons (code, description, default_days, is_permanent) VALUES
('LOW_HB', 'Haemoglobin below donation threshold', 90, false),
('TATTOO', 'Tattoo or piercing within the last 4 months', 120, false),
('MALARIA_TRAVEL', 'Travel to a malaria-endemic area', 180, false),
('ANTIBIOTICS', 'Course of antibiotics recently completed', 14, false),
('VCJD_RISK', 'Transfusion received in a vCJD-risk country', NULL, true);

INSERT INTO public.lab_test_types (code, name, is_mandatory) VALUES
('ABO_RH', 'ABO and RhD grouping', true),
('HIV', 'HIV-1/2 antibody and antigen', true),
('HBV', 'Hepatitis B surface antigen', true),
('HCV', 'Hepatitis C antibody', true),
('SYPH', 'Treponema pallidum antibody', true),
('HEV', 'Hepatitis E RNA (NAT)', false);

INSERT INTO public.regions (id, country_code, name) VALUES
(1, 'GB', 'Greater London'),
(2, 'IE', 'Leinster'),
(3, 'NL', 'Noord-Holland');

INSERT INTO public.collection_sites (id, region_id, facility_code, name, site_type, address_line, city, postal_code, phone, opened_on, closed_on) VALUES
(1, 1, 'G0411', 'West End Donor Centre', 'fixed_centre', '26 Margaret Street', 'London', 'W1W 8NB', '+44 20 7946 0311', '2009-03-02', NULL),
(2, 2, 'D1123', 'Leinster Mobile Unit 2', 'mobile_unit', NULL, 'Dublin', 'D02 X285', '+353 1 555 0142', '2015-06-15', NULL),
(3, 3, 'N0702', 'Donorcentrum Amsterdam Zuid', 'fixed_centre', 'Plesmanlaan 125', 'Amsterdam', '1066 CX', '+31 20 555 0178', '2012-09-10', NULL);

INSERT INTO public.staff (id, site_id, employee_no, first_name, last_name, role, hired_on, is_active) VALUES
(1, 1, 'E10231', 'Priya', 'Nair', 'nurse', '2016-04-11', true),
(2, 1, 'E10488', 'Daniel', 'Okafor', 'phlebotomist', '2019-09-02', true),
(3, 1, 'E10077', 'Helen', 'Marsh', 'session_lead', '2011-01-17', true),
(4, 3, 'E20315', 'Femke', 'Jansen', 'nurse', '2017-02-20', true),
(5, 3, 'E20402', 'Ruben', 'Visser', 'phlebotomist', '2020-11-09', true),
(6, 1, 'E10590', 'Marcus', 'Bell', 'lab_scientist', '2021-05-24', true);

INSERT INTO public.donors (id, donor_number, first_name, last_name, sex, date_of_birth, blood_group_code, country_code, city, postal_code, phone, email, registered_at, status, total_donations) VALUES
(1, 'GB00104522', 'Aisha', 'Rahman', 'F', '1988-04-17', 'O+', 'GB', 'London', 'E8 3PN', '+44 7700 900123', 'aisha.rahman@example.co.uk', now() - interval '6 years 2 months', 'active', 2),
(2, 'GB00131907', 'Thomas', 'Whitfield', 'M', '1971-09-02', 'A+', 'GB', 'London', 'SW9 8BJ', '+44 7700 900456', 't.whitfield@example.co.uk', now() - interval '3 years 5 months', 'active', 1),
(3, 'GB00158840', 'Megan', 'O''Connor', 'F', '1996-12-30', 'O-', 'GB', 'London', 'N7 9QT', '+44 7700 900789', 'megan.oconnor@example.co.uk', now() - interval '1 year 1 month', 'active', 1),
(4, 'NL00072215', 'Daan', 'de Vries', 'M', '1983-06-11', 'B+', 'NL', 'Amsterdam', '1073 AB', '+31 6 12345678', 'daan.devries@example.nl', now() - interval '4 years', 'active', 1),
(5, 'NL00080431', 'Sanne', 'Bakker', 'F', '1992-02-25', 'A+', 'NL', 'Amstelveen', '1181 EH', '+31 6 23456789', 'sanne.bakker@example.nl', now() - interval '2 years 3 months', 'active', 1),
(6, 'GB00099318', 'Oliver', 'Hughes', 'M', '1965-11-08', 'AB+', 'GB', 'Croydon', 'CR0 1NX', '+44 7700 900321', 'oliver.hughes@example.co.uk', now() - interval '9 years', 'active', 1),
(7, 'GB00171256', 'Lewis', 'Carter', 'M', '2007-05-14', 'A+', 'GB', 'London', 'SE15 4QF', '+44 7700 900654', 'lewis.carter@example.co.uk', now() - interval '8 months', 'active', 0);

INSERT INTO public.donation_sessions (id, site_id, session_date, starts_at, ends_at, planned_capacity, status, lead_staff_id) VALUES
(1, 1, current_date - 200, '08:00', '17:00', 60, 'closed', 3),
(2, 3, current_date - 40, '08:30', '15:30', 40, 'closed', 4),
(3, 1, current_date - 3, '08:00', '17:00', 60, 'closed', 3),
(4, 1, current_date + 12, '10:00', '19:00', 60, 'planned', 3),
(5, 2, current_date + 5, '13:00', '18:00', 25, 'planned', NULL);

INSERT INTO public.appointments (id, session_id, donor_id, slot_start, booked_at, status, cancelled_at) VALUES
(1, 1, 1, current_date - 200 + time '09:15', now() - interval '214 days', 'attended', NULL),
(2, 1, 2, current_date - 200 + time '09:30', now() - interval '220 days', 'attended', NULL),
(3, 1, 3, current_date - 200 + time '10:00', now() - interval '209 days', 'attended', NULL),
(4, 2, 4, current_date - 40 + time '09:00', now() - interval '55 days', 'attended', NULL),
(5, 2, 5, current_date - 40 + time '09:30', now() - interval '52 days', 'attended', NULL),
(6, 2, 7, current_date - 40 + time '10:00', now() - interval '47 days', 'no_show', NULL),
(7, 3, 3, current_date - 3 + time '09:00', now() - interval '20 days', 'attended', NULL),
(8, 3, 1, current_date - 3 + time '09:15', now() - interval '25 days', 'attended', NULL),
(9, 3, 6, current_date - 3 + time '10:00', now() - interval '18 days', 'attended', NULL),
(10, 4, 2, current_date + 12 + time '11:00', now() - interval '6 days', 'booked', NULL),
(11, 4, 7, current_date + 12 + time '11:15', now() - interval '2 days', 'booked', NULL);

INSERT INTO public.health_screenings (id, appointment_id, staff_id, screened_at, weight_kg, hemoglobin_g_dl, systolic_mmhg, diastolic_mmhg, pulse_bpm, temperature_c, outcome) VALUES
(1, 1, 1, (current_date - 200 + time '09:16')::timestamptz, 64.5, 13.4, 118, 76, 72, 36.6, 'eligible'),
(2, 2, 1, (current_date - 200 + time '09:31')::timestamptz, 88.0, 15.1, 132, 84, 68, 36.7, 'eligible'),
(3, 3, 1, (current_date - 200 + time '10:02')::timestamptz, 58.2, 11.9, 110, 70, 80, 36.5, 'deferred'),
(4, 4, 4, (current_date - 40 + time '09:02')::timestamptz, 82.4, 14.8, 126, 80, 64, 36.8, 'eligible'),
(5, 5, 4, (current_date - 40 + time '09:31')::timestamptz, 66.0, 13.2, 114, 72, 74, 36.6, 'eligible'),
(6, 7, 1, (current_date - 3 + time '09:02')::timestamptz, 59.0, 12.9, 112, 72, 76, 36.6, 'eligible'),
(7, 8, 1, (current_date - 3 + time '09:17')::timestamptz, 65.1, 13.6, 120, 78, 70, 36.7, 'eligible'),
(8, 9, 1, (current_date - 3 + time '10:01')::timestamptz, 91.3, 14.6, 138, 86, 66, 36.5, 'eligible');

INSERT INTO public.deferrals (id, donor_id, screening_id, reason_code, deferred_from, deferred_until, notes, created_at) VALUES
(1, 3, 3, 'LOW_HB', current_date - 200, current_date - 110, 'Hb 11.9 g/dL on capillary screen; iron advice leaflet given', (current_date - 200 + time '10:05')::timestamptz);

INSERT INTO public.donations (id, donation_number, donor_id, appointment_id, collected_by, procedure, started_at, ended_at, volume_ml, status, adverse_reaction, arm) VALUES
(1, 'G0411' || to_char((current_date - 200 + time '09:22')::timestamptz, 'YY') || '004211', 1, 1, 2, 'whole_blood',
    (current_date - 200 + time '09:22')::timestamptz, (current_date - 200 + time '09:31')::timestamptz, 470, 'completed', false, 'L'),
(2, 'G0411' || to_char((current_date - 200 + time '09:38')::timestamptz, 'YY') || '004212', 2, 2, 2, 'whole_blood',
    (current_date - 200 + time '09:38')::timestamptz, (current_date - 200 + time '09:47')::timestamptz, 465, 'completed', false, 'R'),
(3, 'N0702' || to_char((current_date - 40 + time '09:10')::timestamptz, 'YY') || '011873', 4, 4, 5, 'plateletpheresis',
    (current_date - 40 + time '09:10')::timestamptz, (current_date - 40 + time '10:25')::timestamptz, 320, 'completed', false, 'L'),
(4, 'N0702' || to_char((current_date - 40 + time '09:40')::timestamptz, 'YY') || '011874', 5, 5, 5, 'whole_blood',
    (current_date - 40 + time '09:40')::timestamptz, (current_date - 40 + time '09:50')::timestamptz, 475, 'completed', false, 'R'),
(5, 'G0411' || to_char((current_date - 3 + time '09:08')::timestamptz, 'YY') || '018930', 3, 7, 2, 'whole_blood',
    (current_date - 3 + time '09:08')::timestamptz, (current_date - 3 + time '09:17')::timestamptz, 470, 'completed', false, 'L'),
(6, 'G0411' || to_char((current_date - 3 + time '09:24')::timestamptz, 'YY') || '018931', 1, 8, 2, 'whole_blood',
    (current_date - 3 + time '09:24')::timestamptz, (current_date - 3 + time '09:33')::timestamptz, 460, 'completed', false, 'L'),
(7, 'G0411' || to_char((current_date - 3 + time '10:10')::timestamptz, 'YY') || '018932', 6, 9, 2, 'plasmapheresis',
    (current_date - 3 + time '10:10')::timestamptz, (current_date - 3 + time '10:55')::timestamptz, 750, 'completed', false, 'R');

INSERT INTO public.lab_results (id, donation_id, test_code, tested_at, result, analyser_ref) VALUES
(1, 1, 'ABO_RH', (current_date - 199 + time '06:40')::timestamptz, 'O RhD pos', 'PK7300-01'),
(2, 1, 'HIV', (current_date - 199 + time '07:05')::timestamptz, 'negative', 'ALINITY-02'),
(3, 1, 'HBV', (current_date - 199 + time '07:05')::timestamptz, 'negative', 'ALINITY-02'),
(4, 1, 'HCV', (current_date - 199 + time '07:05')::timestamptz, 'negative', 'ALINITY-02'),
(5, 1, 'SYPH', (current_date - 199 + time '07:20')::timestamptz, 'negative', 'ALINITY-02'),
(6, 2, 'ABO_RH', (current_date - 199 + time '06:41')::timestamptz, 'A RhD pos', 'PK7300-01'),
(7, 2, 'HIV', (current_date - 199 + time '07:06')::timestamptz, 'negative', 'ALINITY-02'),
(8, 3, 'ABO_RH', (current_date - 39 + time '06:15')::timestamptz, 'B RhD pos', 'PK7300-03'),
(9, 3, 'HIV', (current_date - 39 + time '06:50')::timestamptz, 'negative', 'ALINITY-05'),
(10, 4, 'ABO_RH', (current_date - 39 + time '06:16')::timestamptz, 'A RhD pos', 'PK7300-03'),
(11, 5, 'ABO_RH', (current_date - 2 + time '06:30')::timestamptz, 'O RhD neg', 'PK7300-01'),
(12, 6, 'ABO_RH', (current_date - 2 + time '06:31')::timestamptz, 'O RhD pos', 'PK7300-01');

INSERT INTO public.hospitals (id, account_code, name, country_code, city, phone, has_emergency_department) VALUES
(1, 'H-GB-0012', 'St Thomas'' Hospital', 'GB', 'London', '+44 20 7188 7188', true),
(2, 'H-DK-0003', 'Rigshospitalet', 'DK', 'Copenhagen', '+45 35 45 35 45', true),
(3, 'H-NL-0007', 'Amsterdam UMC, locatie AMC', 'NL', 'Amsterdam', '+31 20 566 9111', true),
(4, 'H-IE-0002', 'St James''s Hospital', 'IE', 'Dublin', '+353 1 410 3000', true);

INSERT INTO public.hospital_orders (id, order_number, hospital_id, ordered_at, required_by, status, is_emergency, currency_code, total_amount) VALUES
(1, 'ORD-0000118', 1, (current_date - 191 + time '08:10')::timestamptz, (current_date - 191 + time '14:00')::timestamptz, 'delivered', false, 'GBP', 297.50),
(2, 'ORD-0000131', 3, (current_date - 38 + time '07:30')::timestamptz, (current_date - 38 + time '12:00')::timestamptz, 'delivered', false, 'EUR', 489.00),
(3, 'ORD-0000157', 2, now() - interval '1 day', now() + interval '1 day', 'received', false, 'DKK', 6200.00);

INSERT INTO public.order_lines (order_id, line_no, component_code, blood_group_code, quantity, unit_price) VALUES
(1, 1, 'RBC', 'A+', 2, 133.00),
(1, 2, 'FFP', 'O+', 1, 31.50),
(2, 1, 'PLT', 'B+', 1, 489.00),
(3, 1, 'RBC', 'O-', 2, 1150.00),
(3, 2, 'PLT', 'O+', 1, 3900.00);

INSERT INTO public.blood_units (id, unit_number, donation_id, component_code, blood_group_code, produced_at, expires_at, volume_ml, status, order_id, order_line_no, issued_at, discard_reason) VALUES
(1, 'G0411' || to_char((current_date - 200 + time '09:22')::timestamptz, 'YY') || '004211-E0336', 1, 'RBC', 'O+',
    (current_date - 200 + time '13:00')::timestamptz, (current_date - 158 + time '13:00')::timestamptz, 280, 'expired', NULL, NULL, NULL, NULL),
(2, 'G0411' || to_char((current_date - 200 + time '09:22')::timestamptz, 'YY') || '004211-E2555', 1, 'FFP', 'O+',
    (current_date - 200 + time '13:10')::timestamptz, (current_date - 200 + 1095 + time '13:10')::timestamptz, 270, 'issued', 1, 2, (current_date - 191 + time '10:10')::timestamptz, NULL),
(3, 'G0411' || to_char((current_date - 200 + time '09:38')::timestamptz, 'YY') || '004212-E0336', 2, 'RBC', 'A+',
    (current_date - 200 + time '13:40')::timestamptz, (current_date - 158 + time '13:40')::timestamptz, 285, 'issued', 1, 1, (current_date - 191 + time '10:10')::timestamptz, NULL),
(4, 'N0702' || to_char((current_date - 40 + time '09:10')::timestamptz, 'YY') || '011873-E3090', 3, 'PLT', 'B+',
    (current_date - 40 + time '12:25')::timestamptz, (current_date - 33 + time '12:25')::timestamptz, 250, 'issued', 2, 1, (current_date - 38 + time '09:30')::timestamptz, NULL),
(5, 'N0702' || to_char((current_date - 40 + time '09:40')::timestamptz, 'YY') || '011874-E0336', 4, 'RBC', 'A+',
    (current_date - 40 + time '14:00')::timestamptz, (current_date + 2 + time '14:00')::timestamptz, 290, 'available', NULL, NULL, NULL, NULL),
(6, 'N0702' || to_char((current_date - 40 + time '09:40')::timestamptz, 'YY') || '011874-E2555', 4, 'FFP', 'A+',
    (current_date - 40 + time '14:15')::timestamptz, (current_date - 40 + 1095 + time '14:15')::timestamptz, 265, 'available', NULL, NULL, NULL, NULL),
(7, 'G0411' || to_char((current_date - 3 + time '09:08')::timestamptz, 'YY') || '018930-E0336', 5, 'RBC', 'O-',
    (current_date - 3 + time '13:30')::timestamptz, (current_date + 39 + time '13:30')::timestamptz, 280, 'quarantined', NULL, NULL, NULL, NULL),
(8, 'G0411' || to_char((current_date - 3 + time '09:08')::timestamptz, 'YY') || '018930-E2555', 5, 'FFP', 'O-',
    (current_date - 3 + time '13:45')::timestamptz, (current_date - 3 + 1095 + time '13:45')::timestamptz, 270, 'discarded', NULL, NULL, NULL, 'Lipaemic plasma'),
(9, 'G0411' || to_char((current_date - 3 + time '09:24')::timestamptz, 'YY') || '018931-E0336', 6, 'RBC', 'O+',
    (current_date - 3 + time '13:50')::timestamptz, (current_date + 39 + time '13:50')::timestamptz, 275, 'quarantined', NULL, NULL, NULL, NULL),
(10, 'G0411' || to_char((current_date - 3 + time '10:10')::timestamptz, 'YY') || '018932-E2555', 7, 'FFP', 'AB+',
    (current_date - 3 + time '14:20')::timestamptz, (current_date - 3 + 1095 + time '14:20')::timestamptz, 750, 'quarantined', NULL, NULL, NULL, NULL);

SELECT setval('public.regions_id_seq', 3);
SELECT setval('public.collection_sites_id_seq', 3);
SELECT setval('public.staff_id_seq', 6);
SELECT setval('public.donors_id_seq', 7);
SELECT setval('public.donation_sessions_id_seq', 5);
SELECT setval('public.appointments_id_seq', 11);
SELECT setval('public.health_screenings_id_seq', 8);
SELECT setval('public.deferrals_id_seq', 1);
SELECT setval('public.donations_id_seq', 7);
SELECT setval('public.lab_results_id_seq', 12);
SELECT setval('public.hospitals_id_seq', 4);
SELECT setval('public.hospital_orders_id_seq', 3);
SELECT setval('public.blood_units_id_seq', 10);

COMMIT;
