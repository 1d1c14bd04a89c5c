-- Hand-made witness data for heldout15-sealed (a marina group). Dates are relative to now().
BEGIN;

INSERT INTO public.ref_country (iso2, country_name, dial_code, ccy) VALUES
 ('HR', 'Croatia', '385', 'EUR'),
 ('GR', 'Greece', '30', 'EUR'),
 ('GB', 'United Kingdom', '44', 'GBP'),
 ('DE', 'Germany', '49', 'EUR'),
 ('IT', 'Italy', '39', 'EUR'),
 ('NL', 'Netherlands', '31', 'EUR'),
 ('FR', 'France', '33', 'EUR');

INSERT INTO public.marina (marina_id, marina_code, name, country_iso2, city, postcode, phone, currency, tz_name, opened_on, latitude, longitude) VALUES
 (1, 'SPL', 'Marina Split Zapad', 'HR', 'Split', '21000', '+385 21 398 548', 'EUR', 'Europe/Zagreb', '2004-05-01', 43.50540, 16.42310),
 (2, 'LEF', 'Lefkas Harbour Marina', 'GR', 'Lefkada', '311 00', '+30 26450 26645', 'EUR', 'Europe/Athens', '2002-06-15', 38.83170, 20.71150),
 (3, 'SOT', 'Ocean Quay Marina', 'GB', 'Southampton', 'SO14 3TJ', '+44 23 8023 4397', 'GBP', 'Europe/London', '1996-04-01', 50.89390, -1.39440);
SELECT setval('public.marina_marina_id_seq', 3);

INSERT INTO public.pontoon (pontoon_id, marina_id, pontoon_code, length_m) VALUES
 (1, 1, 'A', 140.0), (2, 1, 'B', 180.0), (3, 2, 'C', 160.0), (4, 3, 'D', 120.0);
SELECT setval('public.pontoon_pontoon_id_seq', 4);

INSERT INTO public.berth (berth_id, pontoon_id, berth_no, max_loa_m, max_beam_m, depth_m, power_amps) VALUES
 (1, 1, 'A01', 12.00, 4.20, 3.50, 16),
 (2, 1, 'A02', 15.00, 4.80, 3.80, 32),
 (3, 2, 'B01', 20.00, 6.00, 4.50, 63),
 (4, 3, 'C01', 14.00, 4.50, 3.20, 16),
 (5, 3, 'C02', 18.00, 9.50, 3.40, 32),
 (6, 4, 'D01', 12.50, 4.30, 3.00, 16);
SELECT setval('public.berth_berth_id_seq', 6);

INSERT INTO public.power_meter (meter_id, berth_id, serial_no, installed_on) VALUES
 (1, 1, 'EM-HR-000117', '2019-03-01'),
 (2, 4, 'EM-GR-000432', '2020-02-10'),
 (3, 6, 'EM-GB-002210', '2018-11-20');
SELECT setval('public.power_meter_meter_id_seq', 3);

INSERT INTO public.staff (staff_id, marina_id, full_name, role, email, hired_on, dob) VALUES
 (1, 1, 'Ante Marić', 'harbour_master', 'ante.maric@marina-split.hr', '2011-03-01', '1970-07-22'),
 (2, 1, 'Luka Babić', 'surveyor', 'luka.babic@marina-split.hr', '2016-05-16', '1981-02-03'),
 (3, 2, 'Nikos Georgiou', 'surveyor', 'n.georgiou@lefkasmarina.gr', '2014-04-01', '1976-10-11'),
 (4, 3, 'James Whitfield', 'surveyor', 'james.whitfield@oceanquay.co.uk', '2012-09-03', '1968-05-29'),
 (5, 1, 'Petra Kovač', 'yard_tech', 'petra.kovac@marina-split.hr', '2019-02-11', '1992-12-08'),
 (6, 2, 'Eleni Kosta', 'fuel_attendant', 'e.kosta@lefkasmarina.gr', '2021-05-03', '1998-03-17'),
 (7, 3, 'Tom Hughes', 'yard_tech', 'tom.hughes@oceanquay.co.uk', '2017-01-09', '1985-08-25');
SELECT setval('public.staff_staff_id_seq', 7);

INSERT INTO public.meter_reading (meter_id, read_at, kwh_total, read_by) VALUES
 (1, now() - interval '61 days', 10412.5, 1),
 (1, now() - interval '31 days', 10598.0, 1),
 (1, now() - interval '2 days',  10771.4, 1),
 (2, now() - interval '58 days', 3310.2, 6),
 (2, now() - interval '28 days', 3388.9, 6),
 (2, now() - interval '4 days',  3452.0, 6),
 (3, now() - interval '45 days', 22015.0, 7),
 (3, now() - interval '15 days', 22190.6, 7),
 (3, now() - interval '1 day',   22268.3, 7);

INSERT INTO public.customer (cust_id, first_name, last_name, email, phone, country_iso2, dob, created_at) VALUES
 (1, 'Ivan', 'Horvat', 'ivan.horvat@gmail.com', '+385 91 234 5678', 'HR', '1971-03-14', now() - interval '1100 days'),
 (2, 'Klaus', 'Becker', 'k.becker@web.de', '+49 171 2345678', 'DE', '1965-08-02', now() - interval '800 days'),
 (3, 'Sophie', 'Turner', 'sophie.turner@btinternet.com', '+44 7700 900123', 'GB', '1980-11-20', now() - interval '420 days'),
 (4, 'Giorgos', 'Papadopoulos', 'gpapadopoulos@otenet.gr', '+30 694 123 4567', 'GR', '1958-01-30', now() - interval '2000 days'),
 (5, 'Marco', 'Rossi', 'marco.rossi@libero.it', '+39 347 123 4567', 'IT', '1990-06-05', now() - interval '150 days'),
 (6, 'Anneke', 'de Vries', 'anneke.devries@ziggo.nl', '+31 6 12345678', 'NL', '1977-09-12', now() - interval '600 days');
SELECT setval('public.customer_cust_id_seq', 6);

INSERT INTO public.vessel (vessel_id, owner_cust_id, vessel_name, kind, loa_m, beam_m, draft_m, flag_iso2, mmsi, year_built) VALUES
 (1, 1, 'Bura', 'sailing_yacht', 11.98, 3.85, 1.90, 'HR', '238123450', 2008),
 (2, 2, 'Seestern', 'motor_yacht', 14.60, 4.40, 1.20, 'DE', '211234560', 2015),
 (3, 3, 'Blue Heron', 'catamaran', 13.70, 7.50, 1.25, 'GB', '235098760', 2019),
 (4, 4, 'Anemos', 'sailing_yacht', 15.20, 4.60, 2.20, 'GR', '239876540', 2004),
 (5, 5, 'Gabbiano', 'rib', 7.50, 2.80, 0.50, 'IT', '247345670', 2021),
 (6, 6, 'Zeemeeuw', 'motorboat', 9.80, 3.30, 0.90, 'NL', '244567890', 2012);
SELECT setval('public.vessel_vessel_id_seq', 6);

INSERT INTO public.berth_rate (rate_id, marina_id, season_label, loa_from_m, loa_to_m, valid_from, valid_to, nightly_rate, currency) VALUES
 (1, 1, 'Visitor rate 6-15 m', 6.00, 15.00, current_date - 200, current_date + 165, 85.00, 'EUR'),
 (2, 1, 'Visitor rate 15-20 m', 15.00, 20.00, current_date - 200, current_date + 165, 120.00, 'EUR'),
 (3, 2, 'Monohull 12-16 m', 12.00, 16.00, current_date - 120, current_date + 240, 70.00, 'EUR'),
 (4, 2, 'Multihull 10-16 m', 10.00, 16.00, current_date - 120, current_date + 240, 105.00, 'EUR'),
 (5, 3, 'Visitor 8-14 m', 8.00, 14.00, current_date - 400, NULL, 48.00, 'GBP');
SELECT setval('public.berth_rate_rate_id_seq', 5);

INSERT INTO public.visitor_stay (stay_id, berth_id, vessel_id, rate_id, planned_arrival, planned_departure, arrived_at, departed_at, status, booked_at) VALUES
 (1, 2, 2, 1, current_date - 20, current_date - 15, now() - interval '20 days', now() - interval '15 days', 'departed', now() - interval '45 days'),
 (2, 5, 4, 3, current_date - 10, current_date - 3, now() - interval '10 days', now() - interval '3 days', 'departed', now() - interval '30 days'),
 (3, 5, 3, 4, current_date + 5, current_date + 12, NULL, NULL, 'reserved', now() - interval '6 days'),
 (4, 6, 6, 5, current_date - 2, current_date + 3, now() - interval '2 days', NULL, 'berthed', now() - interval '12 days'),
 (5, 1, 1, 1, current_date + 20, current_date + 27, NULL, NULL, 'reserved', now() - interval '3 days'),
 (6, 2, 5, 1, current_date + 3, current_date + 5, NULL, NULL, 'cancelled', now() - interval '9 days');
SELECT setval('public.visitor_stay_stay_id_seq', 6);

INSERT INTO public.berth_contract (contract_id, contract_ref, berth_id, vessel_id, kind, start_date, end_date, terminated_on, status, price_total, currency, signed_at) VALUES
 (1, 'SPL-C-0001', 3, 2, 'annual', current_date - 100, current_date + 265, NULL, 'active', 6400.00, 'EUR', now() - interval '110 days'),
 (2, 'LEF-C-0142', 4, 6, 'winter', current_date - 400, current_date - 220, NULL, 'ended', 1900.00, 'EUR', now() - interval '410 days'),
 (3, 'SOT-C-0007', 6, 1, 'seasonal', current_date + 30, current_date + 210, NULL, 'pending', 3200.00, 'GBP', now() - interval '5 days'),
 (4, 'SPL-C-0031', 1, 1, 'annual', current_date - 300, current_date + 65, current_date - 40, 'terminated', 5200.00, 'EUR', now() - interval '305 days');
SELECT setval('public.berth_contract_contract_id_seq', 4);

INSERT INTO public.survey_appt (appt_id, marina_id, vessel_id, surveyor_id, survey_type, scheduled_at, duration_min, outcome) VALUES
 (1, 1, 1, 2, 'pre-purchase', ((date_trunc('week', current_date)::date + 8) + time '10:00') AT TIME ZONE 'Europe/Zagreb', 240, NULL),
 (2, 2, 4, 3, 'insurance', ((date_trunc('week', current_date)::date - 4) + time '09:30') AT TIME ZONE 'Europe/Athens', 180, 'pass'),
 (3, 3, 3, 4, 'insurance', ((date_trunc('week', current_date)::date + 9) + time '14:00') AT TIME ZONE 'Europe/London', 150, NULL);
SELECT setval('public.survey_appt_appt_id_seq', 3);

INSERT INTO public.yard_job (job_id, job_ref, marina_id, vessel_id, job_type, opened_at, closed_at, quoted_amount, currency) VALUES
 (1, 'YJ-SPL-0412', 1, 1, 'haul_out_antifouling', now() - interval '40 days', now() - interval '35 days', 1450.00, 'EUR'),
 (2, 'YJ-SOT-0088', 3, 3, 'engine_service', now() - interval '6 days', NULL, 620.00, 'GBP');
SELECT setval('public.yard_job_job_id_seq', 2);

INSERT INTO public.yard_job_task (task_id, job_id, task_no, description, staff_id, started_at, finished_at, labour_hours) VALUES
 (1, 1, 1, 'Lift out and pressure wash', 5, now() - interval '40 days' + interval '1 hour', now() - interval '40 days' + interval '3 hours', 2.00),
 (2, 1, 2, 'Sand hull, apply two coats antifouling', 5, now() - interval '39 days', now() - interval '37 days', 14.00),
 (3, 1, 3, 'Relaunch', 5, now() - interval '35 days' - interval '2 hours', now() - interval '35 days' - interval '1 hour', 1.00),
 (4, 2, 1, 'Oil and filter change', 7, now() - interval '5 days', now() - interval '5 days' + interval '3 hours', 3.00),
 (5, 2, 2, 'Replace raw water impeller', 7, now() - interval '4 days', NULL, NULL);
SELECT setval('public.yard_job_task_task_id_seq', 5);

INSERT INTO public.fuel_sale (marina_id, vessel_id, attendant_id, sold_at, grade, litres, price_per_litre, amount, currency) VALUES
 (1, 2, NULL, now() - interval '20 days', 'diesel', 310.00, 1.620, 502.20, 'EUR'),
 (1, 5, NULL, now() - interval '2 days', 'petrol_95', 85.00, 1.780, 151.30, 'EUR'),
 (2, 4, 6, now() - interval '5 days', 'diesel', 120.00, 1.690, 202.80, 'EUR'),
 (3, 3, NULL, now() - interval '1 day', 'diesel', 240.00, 1.750, 420.00, 'GBP');

INSERT INTO public.invoice (invoice_id, invoice_no, marina_id, cust_id, issued_on, due_on, currency, net_total, vat_total, gross_total, status) VALUES
 (1, 'SPL-26-00311', 1, 2, current_date - 15, current_date + 15, 'EUR', 438.30, 109.58, 547.88, 'paid'),
 (2, 'LEF-26-00092', 2, 4, current_date - 3, current_date + 27, 'EUR', 502.00, 120.48, 622.48, 'paid'),
 (3, 'SOT-26-00513', 3, 3, current_date - 5, current_date + 25, 'GBP', 279.50, 55.90, 335.40, 'paid'),
 (4, 'SPL-26-00298', 1, 2, current_date - 100, current_date - 70, 'EUR', 6400.00, 1600.00, 8000.00, 'paid');
SELECT setval('public.invoice_invoice_id_seq', 4);

INSERT INTO public.invoice_line (invoice_id, line_no, description, stay_id, contract_id, qty, unit_price, vat_rate, line_net) VALUES
 (1, 1, 'Visitor berth A02, 5 nights', 1, NULL, 5, 85.00, 25.00, 425.00),
 (1, 2, 'Shore power 38 kWh', NULL, NULL, 38, 0.35, 25.00, 13.30),
 (2, 1, 'Visitor berth C02, 7 nights', 2, NULL, 7, 70.00, 24.00, 490.00),
 (2, 2, 'Water fill', NULL, NULL, 1, 12.00, 24.00, 12.00),
 (3, 1, 'Engine service labour', NULL, NULL, 3, 85.00, 20.00, 255.00),
 (3, 2, 'Oil filter', NULL, NULL, 1, 24.50, 20.00, 24.50),
 (4, 1, 'Annual berth B01', NULL, 1, 1, 6400.00, 25.00, 6400.00);

INSERT INTO public.payment (payment_id, invoice_id, paid_at, amount, method, result, psp_ref) VALUES
 (1, 1, now() - interval '14 days', 547.88, 'card', 'succeeded', 'ch_3PzKx1'),
 (2, 2, now() - interval '3 days', 622.48, 'card', 'succeeded', 'ch_3PzLq7'),
 (3, 3, now() - interval '4 days', 335.40, 'bank_transfer', 'succeeded', NULL),
 (4, 4, now() - interval '95 days', 4000.00, 'bank_transfer', 'succeeded', NULL),
 (5, 4, now() - interval '72 days', 4000.00, 'bank_transfer', 'succeeded', NULL);
SELECT setval('public.payment_payment_id_seq', 5);

COMMIT;
