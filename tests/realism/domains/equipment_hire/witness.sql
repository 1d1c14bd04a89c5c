-- Hand-made witness data for the equipment hire schema (now = early December 2026).
SET client_encoding = 'UTF8';

INSERT INTO public.ctry (ctry_cd, iso3, ctry_nm, cur_cd, dial_cd, active) VALUES
  ('NL', 'NLD', 'Nederland', 'EUR', '31', true),
  ('BE', 'BEL', 'België', 'EUR', '32', true),
  ('DE', 'DEU', 'Deutschland', 'EUR', '49', true),
  ('PL', 'POL', 'Polska', 'PLN', '48', true),
  ('CH', 'CHE', 'Schweiz', 'CHF', '41', true);

INSERT INTO public.dpt (dpt_id, dpt_cd, dpt_nm, ctry_cd, street, postcode, city, phone, mgr_emp_id, yard_m2, opened_on, closed_on) VALUES
  (1, 'NL-SIT', 'Sittard Hoofdkantoor', 'NL', 'Industrieweg 14', '6135 KJ', 'Sittard', '+31 46 420 8800', NULL, 12000, '1998-03-02', NULL),
  (2, 'NL-AMS', 'Amsterdam Westpoort', 'NL', 'Transformatorweg 38', '1014 AK', 'Amsterdam', '+31 20 582 4410', NULL, 6500, '2009-05-11', NULL),
  (3, 'BE-ANT', 'Antwerpen Noord', 'BE', 'Noorderlaan 112', '2030', 'Antwerpen', '+32 3 543 90 20', NULL, 8000, '2012-09-03', NULL),
  (4, 'DE-KOE', 'Köln-Ossendorf', 'DE', 'Butzweilerhofallee 5', '50829', 'Köln', '+49 221 9758410', NULL, 9000, '2015-02-16', NULL),
  (5, 'PL-WAW', 'Warszawa Okęcie', 'PL', 'ul. Krakowiaków 34', '02-255', 'Warszawa', '+48 22 846 33 10', NULL, 7000, '2018-06-04', NULL),
  (6, 'CH-ZUR', 'Zürich Altstetten', 'CH', 'Hohlstrasse 560', '8048', 'Zürich', '+41 44 432 61 00', NULL, 5000, '2021-04-12', NULL);

INSERT INTO public.emp (emp_id, emp_no, dpt_id, first_nm, last_nm, emp_role, birth_dt, hired_on, left_on, drv_lic_cat, email) VALUES
  (1, 'E10021', 1, 'Ruud', 'Janssen', 'dpt_mgr', '1971-06-14', '1999-01-04', NULL, 'B', 'r.janssen@rnt-group.eu'),
  (2, 'E10388', 1, 'Bram', 'Hermans', 'driver', '1990-03-22', '2014-08-18', NULL, 'CE', 'b.hermans@rnt-group.eu'),
  (3, 'E10412', 1, 'Luuk', 'Peters', 'mechanic', '1985-11-02', '2010-02-01', NULL, 'BE', 'l.peters@rnt-group.eu'),
  (4, 'E10500', 1, 'Sanne', 'Willems', 'inspector', '1982-07-19', '2011-09-01', NULL, 'B', 's.willems@rnt-group.eu'),
  (5, 'E20117', 3, 'Jens', 'Claes', 'driver', '1994-05-30', '2016-03-14', NULL, 'CE', 'j.claes@rnt-group.eu'),
  (6, 'E30045', 4, 'Katharina', 'Becker', 'counter', '1988-01-09', '2015-02-02', NULL, 'B', 'k.becker@rnt-group.eu'),
  (7, 'E40012', 5, 'Tomasz', 'Nowak', 'dpt_mgr', '1979-10-25', '2018-05-02', NULL, 'B', 't.nowak@rnt-group.eu'),
  (8, 'E50008', 6, 'Lukas', 'Meier', 'mechanic', '1992-04-17', '2021-03-15', NULL, 'B', 'l.meier@rnt-group.eu'),
  (9, 'E30101', 4, 'Mehmet', 'Yilmaz', 'driver', '1987-08-08', '2016-07-01', NULL, 'CE', 'm.yilmaz@rnt-group.eu'),
  (10, 'E20150', 3, 'An', 'Maes', 'inspector', '1990-12-03', '2017-01-09', NULL, 'B', 'a.maes@rnt-group.eu'),
  (11, 'E40033', 5, 'Piotr', 'Kowalski', 'driver', '1991-02-11', '2019-04-01', NULL, 'CE', 'p.kowalski@rnt-group.eu'),
  (12, 'E30120', 4, 'Stefan', 'Wagner', 'mechanic', '1975-09-30', '2015-03-01', NULL, 'B', 's.wagner@rnt-group.eu'),
  (13, 'E50002', 6, 'Nadine', 'Keller', 'dpt_mgr', '1983-05-06', '2021-02-01', NULL, 'B', 'n.keller@rnt-group.eu');

UPDATE public.dpt SET mgr_emp_id = 1 WHERE dpt_id = 1;
UPDATE public.dpt SET mgr_emp_id = 7 WHERE dpt_id = 5;
UPDATE public.dpt SET mgr_emp_id = 13 WHERE dpt_id = 6;

INSERT INTO public.cust (cust_id, cust_no, is_b2b, cust_nm, ctry_cd, vat_no, coc_no, home_dpt_id, credit_lim, blocked, created_at) VALUES
  (1, 'C0102345', true, 'Van der Linden Bouw B.V.', 'NL', 'NL812304587B01', '14093518', 1, 50000.00, false, '2011-03-15 10:20:00+01'),
  (2, 'C0201877', true, 'Bouwonderneming Peeters NV', 'BE', 'BE0438215071', NULL, 3, 25000.00, false, '2014-06-02 14:05:00+02'),
  (3, 'C0300412', true, 'Müller Hochbau GmbH', 'DE', 'DE814562397', 'HRB 48211', 4, 40000.00, false, '2016-01-19 09:40:00+01'),
  (4, 'C0400077', true, 'Budmax Sp. z o.o.', 'PL', 'PL5213870412', '0000412877', 5, 120000.00, false, '2019-09-10 11:00:00+02'),
  (5, 'C0500031', true, 'Gebrüder Frei AG', 'CH', 'CHE-109.322.551 MWST', NULL, 6, 30000.00, false, '2021-05-03 08:30:00+02'),
  (6, 'C0109982', false, 'J. de Vries', 'NL', NULL, NULL, 2, 0.00, false, '2026-11-13 16:35:00+01');

INSERT INTO public.cust_contact (contact_id, cust_id, first_nm, last_nm, job_title, phone, email, is_primary) VALUES
  (1, 1, 'Marco', 'Smeets', 'Uitvoerder', '+31 6 41 27 88 90', 'm.smeets@vdlindenbouw.nl', true),
  (2, 2, 'Koen', 'Peeters', 'Werfleider', '+32 475 21 34 56', 'koen@peetersbouw.be', true),
  (3, 3, 'Jörg', 'Schmitz', 'Bauleiter', '+49 171 4428190', 'j.schmitz@mueller-hochbau.de', true),
  (4, 4, 'Agnieszka', 'Wiśniewska', 'Kierownik budowy', '+48 601 223 418', 'a.wisniewska@budmax.pl', true),
  (5, 5, 'Reto', 'Frei', 'Polier', '+41 79 318 22 40', 'reto.frei@frei-bau.ch', true),
  (6, 6, 'Jan', 'de Vries', NULL, '+31 6 12 98 44 07', 'jdevries@ziggo.nl', true);

INSERT INTO public.jobsite (site_id, cust_id, site_nm, street, postcode, city, ctry_cd, lat, lon, site_contact_id) VALUES
  (1, 1, 'Nieuwbouw Zuyderland fase 2', 'Dr. H. van der Hoffplein 1', '6162 BG', 'Sittard-Geleen', 'NL', 50.99250, 5.84230, 1),
  (2, 2, 'Renovatie Kattendijkdok', 'Kattendijkdok-Westkaai 24', '2000', 'Antwerpen', 'BE', 51.23190, 4.40370, 2),
  (3, 3, 'Wohnanlage Ehrenfeld', 'Vogelsanger Str. 200', '50825', 'Köln', 'DE', 50.94730, 6.91080, 3),
  (4, 4, 'Biurowiec Prosta 70', 'ul. Prosta 70', '00-838', 'Warszawa', 'PL', 52.23010, 20.98420, 4),
  (5, 5, 'Überbauung Letzibach', 'Hohlstrasse 400', '8048', 'Zürich', 'CH', 47.38580, 8.50240, 5),
  (6, 1, 'Verbouwing kantoor Rijksweg', 'Rijksweg Zuid 118', '6161 BN', 'Geleen', 'NL', 50.96540, 5.82760, 1);

INSERT INTO public.eq_model (model_id, eq_cls, mfr_nm, model_nm, op_wt_kg, work_ht_m, pwr_kw, fuel_typ, len_mm, wid_mm, hgt_mm, active) VALUES
  (1, 'scissor_lift', 'Genie', 'GS-1932', 1429.0, 7.8, NULL, 'battery', 1830, 810, 2130, true),
  (2, 'boom_lift', 'JLG', '450AJ', 6800.0, 15.7, 36.0, 'diesel', 6250, 2290, 2000, true),
  (3, 'mini_excavator', 'Kubota', 'KX019-4', 1815.0, NULL, 11.8, 'diesel', 3720, 990, 2300, true),
  (4, 'telehandler', 'Manitou', 'MT 625 H', 4870.0, 5.9, 55.4, 'diesel', 3930, 1810, 1920, true),
  (5, 'plate_compactor', 'Wacker Neuson', 'DPU 2550H', 151.0, NULL, 3.4, 'diesel', 1000, 450, 970, true),
  (6, 'generator', 'Atlas Copco', 'QAS 20', 860.0, NULL, 16.0, 'diesel', 2100, 950, 1350, true),
  (7, 'breaker', 'Makita', 'HM1812', 31.3, NULL, 2.0, 'electric_230v', 910, 200, 300, true);

INSERT INTO public.rate_card (rate_id, model_id, ctry_cd, valid_from, valid_to, cur_cd, day_rate, wk_rate, four_wk_rate) VALUES
  (1, 1, 'NL', '2025-01-01', '2026-01-01', 'EUR', 89.00, 230.00, 690.00),
  (2, 1, 'NL', '2026-01-01', NULL, 'EUR', 95.00, 245.00, 735.00),
  (3, 2, 'BE', '2026-01-01', NULL, 'EUR', 210.00, 590.00, 1650.00),
  (4, 3, 'DE', '2026-01-01', NULL, 'EUR', 145.00, 420.00, 1180.00),
  (5, 4, 'DE', '2026-01-01', NULL, 'EUR', 190.00, 640.00, 1790.00),
  (6, 6, 'CH', '2026-01-01', NULL, 'CHF', 145.00, 540.00, 1450.00),
  (7, 2, 'PL', '2026-01-01', NULL, 'PLN', 890.00, 2450.00, 6900.00),
  (8, 5, 'NL', '2026-01-01', NULL, 'EUR', 42.50, 140.00, 390.00),
  (9, 7, 'NL', '2026-01-01', NULL, 'EUR', 39.00, 125.00, 350.00);

INSERT INTO public.eq_unit (unit_id, fleet_no, model_id, serial_no, home_dpt_id, cur_dpt_id, yr_built, purch_dt, purch_amt, purch_cur, unit_sts, disposed_on, telematics_id) VALUES
  (1, 'SCH-104233', 1, 'GS3016A-178452', 1, 1, 2016, '2016-04-12', 12850.00, 'EUR', 'available', NULL, NULL),
  (2, 'SCH-104871', 1, 'GS3018C-201377', 2, 2, 2018, '2018-03-05', 13400.00, 'EUR', 'available', NULL, NULL),
  (3, 'HWB-210077', 2, '0300231845', 3, 3, 2019, '2019-05-20', 86500.00, 'EUR', 'on_hire', NULL, 'JLG-CL-7731045'),
  (4, 'MGR-300512', 3, 'KX019-58211', 4, 4, 2021, '2021-02-08', 27900.00, 'EUR', 'available', NULL, NULL),
  (5, 'VRK-400231', 4, 'MAN-1102487', 4, 4, 2022, '2022-06-13', 78200.00, 'EUR', 'on_hire', NULL, 'MAN-EW-558120'),
  (6, 'TRP-500918', 5, '24446921', 1, 1, 2020, '2020-03-30', 3650.00, 'EUR', 'available', NULL, NULL),
  (7, 'AGG-600144', 6, 'ACQ-20-331907', 6, 6, 2021, '2021-04-26', 24800.00, 'CHF', 'workshop', NULL, NULL),
  (8, 'BRH-700389', 7, 'HM1812-0451277', 2, 2, 2023, '2023-01-16', 1890.00, 'EUR', 'available', NULL, NULL),
  (9, 'SCH-099120', 1, 'GS3009A-101288', 1, 1, 2009, '2009-06-02', 11200.00, 'EUR', 'disposed', '2025-11-20', NULL),
  (10, 'HWB-210140', 2, '0300262011', 5, 5, 2022, '2022-09-14', 398000.00, 'PLN', 'available', NULL, 'JLG-CL-7742266'),
  (11, 'TRP-500944', 5, '24447310', 1, 1, 2020, '2020-03-30', 3650.00, 'EUR', 'available', NULL, NULL);

INSERT INTO public.eq_insp (insp_id, unit_id, insp_typ, insp_dt, valid_until, result, inspector_emp_id, cert_no, remarks) VALUES
  (1, 1, 'periodic', '2026-03-10', '2027-03-09', 'pass', 4, 'KRG-26-01144', NULL),
  (2, 1, 'pre_hire', '2026-10-05', NULL, 'pass', 4, NULL, NULL),
  (3, 3, 'periodic', '2026-06-18', '2027-06-17', 'pass_remarks', 10, 'KRG-26-02210', 'Slijtage sticker bedieningspaneel, vervangen bij volgende beurt'),
  (4, 3, 'pre_hire', '2026-11-22', NULL, 'pass', 10, NULL, NULL),
  (5, 5, 'periodic', '2026-01-20', '2027-01-19', 'pass', 4, 'UVV-26-00318', NULL),
  (6, 10, 'periodic', '2026-09-01', '2027-08-31', 'pass', 4, 'UDT-26-00877', NULL),
  (7, 8, 'pat', '2026-05-14', '2027-05-13', 'pass', 4, 'NEN3140-26-4410', NULL),
  (8, 2, 'periodic', '2026-08-03', NULL, 'fail', 4, 'KRG-26-01790', 'Lekkage hefcilinder'),
  (9, 2, 'periodic', '2026-08-20', '2027-08-19', 'pass', 4, 'KRG-26-01861', 'Herkeuring na reparatie WO26-01204');

INSERT INTO public.hire_ctr (ctr_id, ctr_no, dpt_id, cust_id, site_id, cur_cd, ctr_sts, created_at, plan_start_dt, plan_end_dt, started_at, ended_at, po_ref, created_by) VALUES
  (1, 'HC26-NL-01873', 1, 1, 1, 'EUR', 'closed', '2026-09-28 10:12:00+02', '2026-10-05', '2026-10-16', '2026-10-05 07:45:00+02', '2026-10-16 14:20:00+02', 'PO-4500218', 1),
  (2, 'HC26-NL-02210', 2, 6, NULL, 'EUR', 'closed', '2026-11-13 16:40:00+01', '2026-11-14', '2026-11-14', '2026-11-14 08:10:00+01', '2026-11-14 16:55:00+01', NULL, 1),
  (3, 'HC26-BE-00944', 3, 2, 2, 'EUR', 'open', '2026-11-18 11:00:00+01', '2026-11-23', '2027-01-29', '2026-11-23 07:50:00+01', NULL, 'BO-2026-331', 10),
  (4, 'HC26-DE-01502', 4, 3, 3, 'EUR', 'open', '2026-11-03 09:30:00+01', '2026-11-09', '2026-12-18', '2026-11-09 07:40:00+01', NULL, '4711-0389', 6),
  (5, 'HC26-PL-00388', 5, 4, 4, 'PLN', 'reserved', '2026-12-01 12:15:00+01', '2026-12-08', '2027-02-26', NULL, NULL, 'ZAM/2026/1288', 7),
  (6, 'HC26-CH-00217', 6, 5, 5, 'CHF', 'closed', '2026-08-24 15:20:00+02', '2026-08-31', '2026-09-11', '2026-08-31 07:15:00+02', '2026-09-11 16:00:00+02', 'B-26-0412', 13),
  (7, 'HC26-NL-02288', 1, 1, 1, 'EUR', 'quote', '2026-12-02 09:05:00+01', '2027-01-11', '2027-02-05', NULL, NULL, NULL, 1),
  (8, 'HC26-NL-01874', 1, 1, 6, 'EUR', 'closed', '2026-09-28 10:30:00+02', '2026-10-05', '2026-10-09', '2026-10-05 09:10:00+02', '2026-10-09 15:30:00+02', 'PO-4500219', 1);

INSERT INTO public.hire_line (ctr_id, line_no, unit_id, on_hire_at, off_hire_at, rate, rate_amt, dmg_waiver) VALUES
  (1, 1, 1, '2026-10-05 07:45:00+02', '2026-10-16 14:20:00+02', 'week', 245.00, true),
  (1, 2, 6, '2026-10-05 07:45:00+02', '2026-10-12 13:05:00+02', 'day', 42.50, true),
  (2, 1, 8, '2026-11-14 08:10:00+01', '2026-11-14 16:55:00+01', 'day', 39.00, true),
  (3, 1, 3, '2026-11-23 07:50:00+01', NULL, '4wk', 1650.00, true),
  (4, 1, 4, '2026-11-09 07:40:00+01', '2026-11-27 15:10:00+01', 'week', 420.00, false),
  (4, 2, 5, '2026-11-09 07:40:00+01', NULL, 'week', 640.00, false),
  (5, 1, 10, NULL, NULL, '4wk', 6900.00, true),
  (6, 1, 7, '2026-08-31 07:15:00+02', '2026-09-11 16:00:00+02', 'day', 145.00, false),
  (7, 1, 1, NULL, NULL, 'week', 245.00, true),
  (8, 1, 11, '2026-10-05 09:10:00+02', '2026-10-09 15:30:00+02', 'day', 42.50, false);

INSERT INTO public.eq_hr_rdg (rdg_id, unit_id, rdg_at, hrs, rdg_src, ctr_id) VALUES
  (1, 4, '2026-09-15 07:05:00+02', 1240.0, 'workshop', NULL),
  (2, 4, '2026-11-09 07:30:00+01', 1302.5, 'driver', 4),
  (3, 4, '2026-11-27 15:20:00+01', 1371.0, 'driver', 4),
  (4, 5, '2026-11-09 07:35:00+01', 2210.3, 'driver', 4),
  (5, 5, '2026-12-01 18:00:00+01', 2262.8, 'telematics', 4),
  (6, 3, '2026-11-23 07:55:00+01', 845.0, 'driver', 3),
  (7, 3, '2026-12-03 17:00:00+01', 879.5, 'telematics', 3),
  (8, 7, '2026-09-14 08:30:00+02', 4318.6, 'workshop', NULL),
  (9, 7, '2026-11-30 09:00:00+01', 4410.2, 'workshop', NULL);

INSERT INTO public.trp_run (run_id, dpt_id, run_dt, drv_emp_id, veh_reg, veh_typ, start_km, end_km) VALUES
  (1, 1, '2026-10-05', 2, 'BX-482-V', 'truck_18t_hiab', 188400, 188457),
  (2, 1, '2026-10-16', 2, 'BX-482-V', 'truck_18t_hiab', 189912, 189941),
  (3, 4, '2026-11-09', 9, 'K-RT 2281', 'lowloader', 64210, 64248),
  (4, 4, '2026-11-27', 9, 'K-RT 2281', 'lowloader', 65877, 65915),
  (5, 3, '2026-11-23', 5, '2-BVR-418', 'lowloader', 120330, 120352),
  (6, 5, '2026-12-08', 11, 'WE 8K412', 'lowloader', NULL, NULL);

INSERT INTO public.trp_stop (run_id, stop_seq, stop_typ, ctr_id, site_id, planned_at, arr_at, dep_at, outcome, pod_signed_by) VALUES
  (1, 1, 'delivery', 1, 1, '2026-10-05 07:00:00+02', '2026-10-05 07:32:00+02', '2026-10-05 07:58:00+02', 'done', 'M. Smeets'),
  (1, 2, 'delivery', 8, 6, '2026-10-05 08:45:00+02', '2026-10-05 09:02:00+02', '2026-10-05 09:20:00+02', 'done', 'M. Smeets'),
  (2, 1, 'collection', 1, 1, '2026-10-16 13:30:00+02', '2026-10-16 14:05:00+02', '2026-10-16 14:35:00+02', 'done', 'M. Smeets'),
  (3, 1, 'delivery', 4, 3, '2026-11-09 07:00:00+01', '2026-11-09 07:25:00+01', '2026-11-09 08:05:00+01', 'done', 'J. Schmitz'),
  (4, 1, 'collection', 4, 3, '2026-11-27 14:30:00+01', '2026-11-27 14:50:00+01', '2026-11-27 15:25:00+01', 'done', 'J. Schmitz'),
  (5, 1, 'delivery', 3, 2, '2026-11-23 07:00:00+01', '2026-11-23 07:20:00+01', '2026-11-23 07:55:00+01', 'done', 'K. Peeters'),
  (6, 1, 'delivery', 5, 4, '2026-12-08 07:30:00+01', NULL, NULL, NULL, NULL);

INSERT INTO public.svc_wo (wo_id, wo_no, unit_id, dpt_id, mech_emp_id, wo_typ, wo_sts, opened_at, closed_at, labour_hrs, parts_amt, cur_cd, fault_descr) VALUES
  (1, 'WO26-01133', 7, 6, 8, 'repair', 'done', '2026-09-14 08:30:00+02', '2026-09-15 15:00:00+02', 3.50, 412.80, 'CHF', 'Spannungsregler defekt, AVR ersetzt'),
  (2, 'WO26-01391', 7, 6, 8, 'service', 'open', '2026-11-30 08:45:00+01', NULL, NULL, 0.00, 'CHF', '500-h Service, Filter und Öl'),
  (3, 'WO26-01204', 2, 1, 3, 'repair', 'done', '2026-08-04 07:30:00+02', '2026-08-19 16:00:00+02', 6.25, 1280.40, 'EUR', 'Lekkage hefcilinder, afdichtset vervangen'),
  (4, 'WO26-01288', 4, 4, 12, 'service', 'done', '2026-09-15 07:00:00+02', '2026-09-15 11:30:00+02', 2.00, 186.00, 'EUR', '1250-h Inspektion');

INSERT INTO public.inv_hdr (inv_id, inv_no, ctr_id, cust_id, dpt_id, inv_dt, due_dt, cur_cd, net_amt, vat_pct, vat_amt, gross_amt, inv_sts) VALUES
  (1, 'F26-NL-0048812', 1, 1, 1, '2026-10-16', '2026-11-15', 'EUR', 835.78, 21.00, 175.51, 1011.29, 'paid'),
  (2, 'F26-NL-0051230', 2, 6, 2, '2026-11-14', '2026-11-14', 'EUR', 42.12, 21.00, 8.85, 50.97, 'paid'),
  (3, 'F26-CH-0003390', 6, 5, 6, '2026-09-11', '2026-10-11', 'CHF', 1725.80, 8.10, 139.79, 1865.59, 'paid'),
  (4, 'F26-DE-0021877', 4, 3, 4, '2026-11-30', '2026-12-30', 'EUR', 3274.00, 19.00, 622.06, 3896.06, 'issued'),
  (5, 'F26-NL-0048813', 8, 1, 1, '2026-10-09', '2026-11-08', 'EUR', 277.50, 21.00, 58.28, 335.78, 'paid');

INSERT INTO public.inv_line (inv_id, line_no, line_typ, descr, qty, unit_prc, disc_pct, line_amt) VALUES
  (1, 1, 'hire', 'Schaarhoogwerker Genie GS-1932, 2 wk', 2.00, 245.00, 10.00, 441.00),
  (1, 2, 'hire', 'Trilplaat Wacker DPU 2550H, 5 dg', 5.00, 42.50, 0.00, 212.50),
  (1, 3, 'transport', 'Transport heen en terug', 2.00, 65.00, 0.00, 130.00),
  (1, 4, 'dmg_waiver', 'Dekking machinebreuk 8%', 1.00, 52.28, 0.00, 52.28),
  (2, 1, 'hire', 'Breekhamer Makita HM1812, 1 dg', 1.00, 39.00, 0.00, 39.00),
  (2, 2, 'dmg_waiver', 'Dekking machinebreuk 8%', 1.00, 3.12, 0.00, 3.12),
  (3, 1, 'hire', 'Stromaggregat QAS 20, 10 Tage', 10.00, 145.00, 15.00, 1232.50),
  (3, 2, 'transport', 'Transport hin und zurück', 2.00, 180.00, 0.00, 360.00),
  (3, 3, 'fuel', 'Diesel nachgefüllt, 62 l', 62.00, 2.15, 0.00, 133.30),
  (4, 1, 'hire', 'Minibagger Kubota KX019-4, 3 Wo', 3.00, 420.00, 0.00, 1260.00),
  (4, 2, 'hire', 'Teleskoplader Manitou MT 625 H, 3 Wo', 3.00, 640.00, 5.00, 1824.00),
  (4, 3, 'transport', 'Tieflader An- und Abtransport', 2.00, 95.00, 0.00, 190.00),
  (5, 1, 'hire', 'Trilplaat Wacker DPU 2550H, 5 dg', 5.00, 42.50, 0.00, 212.50),
  (5, 2, 'transport', 'Transport heen', 1.00, 65.00, 0.00, 65.00);

INSERT INTO public.pmt (pmt_id, inv_id, paid_at, amt, pmt_mth, bank_ref) VALUES
  (1, 1, '2026-11-10 09:14:00+01', 1011.29, 'sepa_ct', 'F26-NL-0048812'),
  (2, 2, '2026-11-14 16:58:00+01', 50.97, 'card', 'PIN 004411'),
  (3, 3, '2026-10-06 11:02:00+02', 1865.59, 'bank_local', 'QRR 21 00000 00003 13947 14300 09017'),
  (4, 5, '2026-11-06 06:00:00+01', 335.78, 'sepa_dd', 'DD-2611-0877');

SELECT pg_catalog.setval('public.dpt_dpt_id_seq', 6, true);
SELECT pg_catalog.setval('public.emp_emp_id_seq', 13, true);
SELECT pg_catalog.setval('public.cust_cust_id_seq', 6, true);
SELECT pg_catalog.setval('public.cust_contact_contact_id_seq', 6, true);
SELECT pg_catalog.setval('public.jobsite_site_id_seq', 6, true);
SELECT pg_catalog.setval('public.eq_model_model_id_seq', 7, true);
SELECT pg_catalog.setval('public.rate_card_rate_id_seq', 9, true);
SELECT pg_catalog.setval('public.eq_unit_unit_id_seq', 11, true);
SELECT pg_catalog.setval('public.eq_insp_insp_id_seq', 9, true);
SELECT pg_catalog.setval('public.hire_ctr_ctr_id_seq', 8, true);
SELECT pg_catalog.setval('public.eq_hr_rdg_rdg_id_seq', 9, true);
SELECT pg_catalog.setval('public.trp_run_run_id_seq', 6, true);
SELECT pg_catalog.setval('public.svc_wo_wo_id_seq', 4, true);
SELECT pg_catalog.setval('public.inv_hdr_inv_id_seq', 5, true);
SELECT pg_catalog.setval('public.pmt_pmt_id_seq', 4, true);
