-- Hand-made witness data: Harcourt & Vane, fine-art auctioneers (London, Paris, New York, Hong Kong, Geneva)

INSERT INTO public.countries (iso_code, name, currency_code, dial_code) VALUES
 ('GB','United Kingdom','GBP','44'),
 ('FR','France','EUR','33'),
 ('US','United States','USD','1'),
 ('HK','Hong Kong','HKD','852'),
 ('CH','Switzerland','CHF','41'),
 ('DE','Germany','EUR','49'),
 ('IT','Italy','EUR','39'),
 ('JP','Japan','JPY','81');

INSERT INTO public.departments (dept_id, dept_code, name) VALUES
 (1,'IMPM','Impressionist & Modern Art'),
 (2,'JWL','Magnificent Jewels'),
 (3,'WAT','Important Watches'),
 (4,'WINE','Fine & Rare Wines'),
 (5,'FURN','European Furniture');

INSERT INTO public.salerooms (saleroom_id, name, street, city, postcode, country_code, phone, tz, opened_on) VALUES
 (1,'Harcourt & Vane London','14 Albemarle Street','London','W1S 4HW','GB','+44 20 7946 0321','Europe/London','1898-03-01'),
 (2,'Harcourt & Vane Paris','9 rue de Miromesnil','Paris','75008','FR','+33 1 42 68 11 20','Europe/Paris','1972-09-15'),
 (3,'Harcourt & Vane New York','1180 Madison Avenue','New York','10028','US','+1 212 555 0190','America/New_York','1964-05-04'),
 (4,'Harcourt & Vane Hong Kong','Pacific Place, 88 Queensway, Admiralty','Hong Kong',NULL,'HK','+852 2522 1234','Asia/Hong_Kong','1995-11-01'),
 (5,'Harcourt & Vane Genève','Quai du Mont-Blanc 17','Genève','1201','CH','+41 22 908 48 00','Europe/Zurich','1987-02-02');

INSERT INTO public.specialists (specialist_id, saleroom_id, dept_id, first_name, last_name, email, born_on, joined_on, left_on) VALUES
 (1,1,1,'Eleanor','Whitfield','e.whitfield@harcourtvane.com','1979-04-12','2006-09-01',NULL),
 (2,4,2,'Wing Sze','Chan','ws.chan@harcourtvane.com','1985-10-03','2012-01-09',NULL),
 (3,3,3,'Marcus','Delaney','m.delaney@harcourtvane.com','1981-07-21','2010-03-15',NULL),
 (4,5,4,'Lucie','Favre','l.favre@harcourtvane.com','1990-02-17','2016-06-01',NULL);

INSERT INTO public.clients (client_id, client_ref, title, first_name, last_name, company_name, born_on, country_code, city, postcode, phone, email, is_trade, created_at) VALUES
 (1,'C0001842','Mr','James','Pemberton',NULL,'1961-08-14','GB','London','SW3 2AX','+44 7700 900123','jp@pemberton-family.co.uk',false,'2011-03-02 10:15:00+00'),
 (2,'C0003310','Mme','Hélène','Marchetti',NULL,'1958-01-30','FR','Paris','75016','+33 6 12 34 56 78','h.marchetti@orange.fr',false,'2014-06-18 16:40:00+02'),
 (3,'C0007725','Mr','Robert','Ashby',NULL,'1970-11-05','US','New York','10021','+1 212 555 0147','rashby@ashbycapital.com',false,'2016-09-22 11:05:00-04'),
 (4,'C0009104','Ms','Mei Ling','Tsang',NULL,'1976-05-09','HK','Hong Kong',NULL,'+852 9123 4567','ml.tsang@netvigator.com',false,'2018-02-11 14:20:00+08'),
 (5,'C0010288',NULL,NULL,NULL,'Galerie Obermatt AG',NULL,'CH','Zürich','8001','+41 44 555 12 34','info@obermatt.ch',true,'2019-10-01 09:30:00+02'),
 (6,'C0011950','Dr','Klaus','Reinholt',NULL,'1955-03-22','DE','München','80539','+49 89 1234567','k.reinholt@t-online.de',false,'2020-01-15 13:00:00+01');

INSERT INTO public.kyc_checks (kyc_id, client_id, checked_by, checked_on, valid_until, outcome, doc_type) VALUES
 (1,1,1,'2025-01-10','2027-01-09','passed','passport'),
 (2,3,3,'2025-09-01','2027-08-31','passed','passport'),
 (3,4,2,'2025-03-20','2027-03-19','passed','hkid'),
 (4,5,4,'2024-11-05','2026-11-04','passed','company_reg'),
 (5,6,1,'2026-02-01','2028-01-31','referred','passport');

INSERT INTO public.premium_schedules (schedule_id, saleroom_id, valid_from, valid_to, band_upto, rate_pct) VALUES
 (1,1,'2024-01-01',NULL,NULL,26.00),
 (2,4,'2024-01-01',NULL,NULL,27.00),
 (3,3,'2024-01-01',NULL,NULL,26.00);

INSERT INTO public.consignments (consignment_id, consignor_id, saleroom_id, received_at, commission_pct, status) VALUES
 (1,2,1,'2026-02-10 11:00:00+00',10.00,'settled'),
 (2,6,4,'2026-08-03 10:30:00+08',8.00,'settled'),
 (3,5,3,'2026-07-01 15:00:00-04',10.00,'settled'),
 (4,2,5,'2026-10-20 14:00:00+02',12.00,'catalogued');

INSERT INTO public.sales (sale_id, sale_no, saleroom_id, dept_id, title, fmt, currency, starts_at, ends_at, status) VALUES
 (1,'L26101',1,1,'Impressionist & Modern Art Day Sale','live','GBP','2026-06-24 10:00:00+01','2026-06-24 17:30:00+01','closed'),
 (2,'HK1412',4,2,'Magnificent Jewels','live','HKD','2026-11-25 14:00:00+08','2026-11-25 18:00:00+08','closed'),
 (3,'N26055',3,3,'Watches Online','online','USD','2026-09-29 10:00:00-04','2026-10-08 12:00:00-04','closed'),
 (4,'G26210',5,4,'Fine & Rare Wines','live','CHF',
     ((current_date + 60)::timestamp + interval '11 hours') AT TIME ZONE 'Europe/Zurich',
     ((current_date + 60)::timestamp + interval '15 hours') AT TIME ZONE 'Europe/Zurich','planned');

INSERT INTO public.sale_sessions (session_id, sale_id, session_no, starts_at, ends_at, first_lot_no, last_lot_no) VALUES
 (1,1,1,'2026-06-24 10:00:00+01','2026-06-24 13:00:00+01',1,2),
 (2,1,2,'2026-06-24 14:30:00+01','2026-06-24 17:30:00+01',3,4),
 (3,2,1,'2026-11-25 14:00:00+08','2026-11-25 18:00:00+08',1,2),
 (4,3,1,'2026-09-29 10:00:00-04','2026-10-08 12:00:00-04',1,1);

INSERT INTO public.paddles (paddle_id, sale_id, client_id, paddle_no, channel, registered_at) VALUES
 (1,1,1,101,'room','2026-06-20 15:00:00+01'),
 (2,1,3,102,'phone','2026-06-22 12:00:00+01'),
 (3,1,5,103,'phone','2026-06-23 11:30:00+01'),
 (4,2,4,201,'room','2026-11-24 16:00:00+08'),
 (5,3,3,301,'online','2026-09-29 12:00:00-04'),
 (6,2,1,202,'online','2026-11-24 09:00:00+00'),
 (7,3,1,302,'online','2026-09-30 14:00:00+01');

INSERT INTO public.lots (lot_id, sale_id, session_id, lot_no, consignment_id, title, kind, height_cm, width_cm, depth_cm, weight_kg, estimate_low, estimate_high, reserve_amt, hammer_amt, outcome, buyer_paddle_id) VALUES
 (1,1,1,1,1,'Claude Monet, Bords de la Seine à Argenteuil','painting',60.0,81.0,3.5,6.500,800000,1200000,700000,950000,'sold',2),
 (2,1,1,2,1,'Raoul Dufy, Régates à Deauville','painting',46.0,55.0,3.0,4.200,120000,180000,100000,150000,'sold',1),
 (3,1,2,3,1,'Henri Matisse, Nu assis (pencil on paper)','works_on_paper',32.0,24.0,0.3,0.200,60000,80000,55000,NULL,'bought_in',NULL),
 (4,1,2,4,1,'Aristide Maillol, Baigneuse (bronze)','sculpture',38.0,14.0,12.0,7.800,90000,120000,80000,110000,'sold',3),
 (5,2,3,1,2,'Burmese ruby and diamond ring','jewellery',2.2,2.0,1.8,0.012,2500000,3500000,2200000,3000000,'sold',4),
 (6,2,3,2,2,'Jadeite bead necklace','jewellery',45.0,1.4,1.4,0.095,8000000,12000000,7000000,9500000,'sold',4),
 (7,3,4,1,3,'Patek Philippe Nautilus ref. 5711/1A','watch',4.0,4.0,0.8,0.120,60000,90000,55000,85000,'sold',5),
 (8,4,NULL,1,4,'Château Latour 1961, 12 bottles (OWC)','wine',33.0,50.0,25.0,17.000,30000,45000,28000,NULL,'pending',NULL);

INSERT INTO public.bids (bid_id, lot_id, paddle_id, amount, placed_at) VALUES
 (1,1,1,700000,'2026-06-24 10:12:00+01'),
 (2,1,2,800000,'2026-06-24 10:12:20+01'),
 (3,1,1,900000,'2026-06-24 10:12:45+01'),
 (4,1,2,950000,'2026-06-24 10:13:10+01'),
 (5,2,2,110000,'2026-06-24 10:20:00+01'),
 (6,2,1,130000,'2026-06-24 10:20:30+01'),
 (7,2,2,140000,'2026-06-24 10:20:50+01'),
 (8,2,1,150000,'2026-06-24 10:21:15+01'),
 (9,3,3,50000,'2026-06-24 14:35:00+01'),
 (10,4,1,90000,'2026-06-24 14:40:00+01'),
 (11,4,3,100000,'2026-06-24 14:40:25+01'),
 (12,4,1,105000,'2026-06-24 14:40:40+01'),
 (13,4,3,110000,'2026-06-24 14:41:05+01'),
 (14,5,6,2600000,'2026-11-25 14:10:00+08'),
 (15,5,4,2800000,'2026-11-25 14:10:30+08'),
 (16,5,6,2900000,'2026-11-25 14:10:50+08'),
 (17,5,4,3000000,'2026-11-25 14:11:20+08'),
 (18,6,4,9000000,'2026-11-25 14:16:00+08'),
 (19,6,6,9200000,'2026-11-25 14:16:30+08'),
 (20,6,4,9500000,'2026-11-25 14:17:00+08'),
 (21,7,7,70000,'2026-10-03 09:15:00-04'),
 (22,7,5,80000,'2026-10-05 20:40:00-04'),
 (23,7,7,82000,'2026-10-07 08:05:00-04'),
 (24,7,5,85000,'2026-10-08 11:58:00-04');

INSERT INTO public.invoices (invoice_id, invoice_no, sale_id, client_id, currency, issued_on, due_on, hammer_total, premium_total, vat_total, total_due, status) VALUES
 (1,'HV-L-26-0412',1,3,'GBP','2026-06-25','2026-07-25',950000,247000,49400,1246400,'paid'),
 (2,'HV-L-26-0413',1,1,'GBP','2026-06-25','2026-07-25',150000,39000,7800,196800,'part_paid'),
 (3,'HV-L-26-0414',1,5,'GBP','2026-06-25','2026-07-25',110000,28600,5720,144320,'paid'),
 (4,'HV-H-26-0098',2,4,'HKD','2026-11-26','2026-12-26',12500000,3375000,0,15875000,'issued'),
 (5,'HV-N-26-0311',3,3,'USD','2026-10-09','2026-11-08',85000,22100,0,107100,'paid');

INSERT INTO public.invoice_lines (line_id, invoice_id, line_no, lot_id, hammer_amt, premium_amt, vat_amt) VALUES
 (1,1,1,1,950000,247000,49400),
 (2,2,1,2,150000,39000,7800),
 (3,3,1,4,110000,28600,5720),
 (4,4,1,5,3000000,810000,0),
 (5,4,2,6,9500000,2565000,0),
 (6,5,1,7,85000,22100,0);

INSERT INTO public.payments (payment_id, invoice_id, received_at, amount, method, bank_ref) VALUES
 (1,1,'2026-07-10 11:00:00+01',1246400,'wire','CHASUS33 REF 88120'),
 (2,2,'2026-07-20 09:45:00+01',100000,'wire','BARCGB22 PEMB0720'),
 (3,3,'2026-07-01 10:00:00+02',100000,'wire','UBSWCHZH 0701-OBM'),
 (4,3,'2026-07-15 10:00:00+02',44320,'wire','UBSWCHZH 0715-OBM'),
 (5,5,'2026-10-20 13:30:00-04',107100,'wire','CHASUS33 REF 90433');

INSERT INTO public.condition_reports (report_id, lot_id, specialist_id, written_at, grade, notes) VALUES
 (1,1,1,'2026-05-10 15:20:00+01','good','Relined; minor retouching along upper edge visible under UV.'),
 (2,5,2,'2026-10-30 11:00:00+08','excellent','Ruby 5.02 ct, unheated; GRS report enclosed.'),
 (3,7,3,'2026-09-10 14:45:00-04','very good','Light wear to bracelet; box and papers present.');

INSERT INTO public.viewings (viewing_id, client_id, specialist_id, saleroom_id, sale_id, starts_at, duration_min, attended) VALUES
 (1,1,1,1,1,'2026-06-19 11:00:00+01',45,true),
 (2,4,2,4,2,'2026-11-21 15:30:00+08',30,true),
 (3,3,3,3,3,'2026-09-25 16:00:00-04',60,true),
 (4,2,4,5,NULL,'2026-11-10 10:00:00+01',30,false);

INSERT INTO public.shipments (shipment_id, invoice_id, carrier, dest_country, crate_h_cm, crate_w_cm, crate_d_cm, gross_kg, booked_at, shipped_at, delivered_at) VALUES
 (1,1,'Momart','US',95.0,120.0,25.0,48.00,'2026-07-12 10:00:00+01','2026-07-18 08:00:00+01','2026-07-24 15:30:00-04'),
 (2,5,'FedEx Custom Critical','US',30.0,30.0,30.0,5.00,'2026-10-21 09:00:00-04','2026-10-22 09:00:00-04','2026-10-22 16:10:00-04');
