BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
 ('GBP','Pound sterling',2),('EUR','Euro',2),('NOK','Norwegian krone',2),('PLN','Polish zloty',2),('SEK','Swedish krona',2);

INSERT INTO public.countries (iso2, name, currency_code, dial_code, standard_vat_rate) VALUES
 ('GB','United Kingdom','GBP','+44',20.00),
 ('DE','Germany','EUR','+49',19.00),
 ('NO','Norway','NOK','+47',25.00),
 ('PL','Poland','PLN','+48',23.00),
 ('SE','Sweden','SEK','+46',25.00);

INSERT INTO public.quarries (id, code, name, country_code, region, nearest_town, timezone, latitude, longitude, opened_on, permitted_tonnes_per_year, status) VALUES
 (1,'DUN','Dunmore Quarry','GB','Derbyshire','Buxton','Europe/London',53.25810,-1.88420,'1962-04-01',1500000,'active'),
 (2,'MUE','Steinbruch Mühlental','DE','Bayern','Weilheim in Oberbayern','Europe/Berlin',47.84200,11.14300,'1978-06-01',900000,'active'),
 (3,'JEL','Jelsa Pukkverk','NO','Rogaland','Jelsa','Europe/Oslo',59.34000,6.03000,'1989-03-15',4000000,'active'),
 (4,'STR','Kamieniołom Strzelin-Wschód','PL','Dolnośląskie','Strzelin','Europe/Warsaw',50.78100,17.07500,'1971-09-01',1200000,'active');

INSERT INTO public.products (id, sku, name, category, min_size_mm, max_size_mm, bulk_density_t_m3, is_active) VALUES
 (1,'SND-0-4','Washed sand 0/4','sand',0,4,1.60,true),
 (2,'GRV-4-20','Gravel 4/20','gravel',4,20,1.55,true),
 (3,'CRS-20-40','Crushed rock 20/40','crushed_rock',20,40,1.50,true),
 (4,'ARM-300-1000','Armour stone 300-1000 kg','armour_stone',300,1000,1.70,true),
 (5,'SUB-0-31.5','Type 1 sub-base 0/31.5','sub_base',0,31.5,2.10,true);

INSERT INTO public.quarry_prices (quarry_id, product_id, currency_code, price_per_tonne, valid_from, valid_to) VALUES
 (1,1,'GBP',18.50,'2025-01-01',NULL),
 (1,5,'GBP',16.75,'2025-01-01',NULL),
 (2,2,'EUR',14.20,'2025-01-01',NULL),
 (2,3,'EUR',12.90,'2025-01-01',NULL),
 (3,3,'NOK',135.00,'2025-01-01',NULL),
 (3,4,'NOK',310.00,'2025-01-01',NULL),
 (4,3,'PLN',52.00,'2025-01-01',NULL);

INSERT INTO public.customers (id, account_no, name, country_code, city, postcode, vat_number, phone, email, credit_limit, created_at) VALUES
 (1,'C-GB-00102','Peak District Civils Ltd','GB','Buxton','SK17 6XE','GB284513967','+44 1298 764210','accounts@peakcivils.co.uk',50000.00, now() - interval '900 days'),
 (2,'C-DE-00417','Hochbau Ammersee GmbH','DE','Landsberg am Lech','86899','DE281934765','+49 8191 947230','buchhaltung@hochbau-ammersee.de',80000.00, now() - interval '700 days'),
 (3,'C-NO-00033','Ryfylke Anlegg AS','NO','Stavanger','4006','NO918273645MVA','+47 51 84 22 10','faktura@ryfylke-anlegg.no',600000.00, now() - interval '400 days'),
 (4,'C-PL-00208','Drogbud Wrocław Sp. z o.o.','PL','Wrocław','50-001','PL8961234570','+48 71 344 12 90','ksiegowosc@drogbud.pl',200000.00, now() - interval '300 days'),
 (5,'C-GB-00115','Hallamshire Ready Mix Ltd','GB','Sheffield','S9 3XX','GB731902244','+44 114 296 0135','ap@hallamshire-rmx.co.uk',30000.00, now() - interval '200 days');

INSERT INTO public.hauliers (id, name, country_code, phone, is_own_fleet) VALUES
 (1,'High Peak Haulage Ltd','GB','+44 1298 812300',false),
 (2,'Spedition Lechner KG','DE','+49 881 92110',false),
 (3,'Strzelin Transport s.c.','PL','+48 71 392 05 50',false);

INSERT INTO public.trucks (id, haulier_id, registration, country_code, axle_count, tare_kg, max_gross_kg) VALUES
 (1,1,'PN19 KVT','GB',4,12300,32000),
 (2,1,'YJ68 HRX','GB',4,12150,32000),
 (3,2,'WM-SL 482','DE',4,13100,32000),
 (4,3,'DST 4K218','PL',5,14800,40000);

INSERT INTO public.employees (id, quarry_id, employee_no, first_name, last_name, job_role, date_of_birth, hired_on, left_on, shotfirer_licence_no, licence_expires_on) VALUES
 (1,1,'GB-0012','Gareth','Hughes','shotfirer','1979-04-12','2008-03-03',NULL,'SF-UK-20431',(current_date + interval '14 months')::date),
 (2,1,'GB-0031','Emma','Clarke','weighbridge_clerk','1990-09-03','2016-06-13',NULL,NULL,NULL),
 (3,1,'GB-0044','Tom','Barker','lab_technician','1995-01-22','2019-02-04',NULL,NULL,NULL),
 (4,2,'DE-1107','Markus','Huber','shotfirer','1975-07-30','2002-09-02',NULL,'SPR-BY-88213',(current_date + interval '2 years')::date),
 (5,2,'DE-1120','Sabine','Lechner','weighbridge_clerk','1984-11-05','2011-04-01',NULL,NULL,NULL),
 (6,3,'NO-0203','Ole','Haugland','shotfirer','1982-02-14','2010-08-16',NULL,'BF-4471-NO',(current_date + interval '20 months')::date),
 (7,4,'PL-0310','Krzysztof','Nowak','shotfirer','1977-05-19','2005-03-07',NULL,'PL-SW-2290',(current_date + interval '9 months')::date),
 (8,4,'PL-0315','Agnieszka','Wójcik','weighbridge_clerk','1988-12-01','2014-10-01',NULL,NULL,NULL),
 (9,3,'NO-0210','Ingrid','Solberg','plant_operator','1993-06-25','2015-05-04',NULL,NULL,NULL);

INSERT INTO public.sales_orders (id, order_no, customer_id, quarry_id, ordered_at, required_from, status, currency_code, delivery_postcode, customer_po) VALUES
 (1,'SO-DUN-004812',1,1, now() - interval '14 days 3 hours', (current_date - 10),'invoiced','GBP','SK17 9DJ','PDC-7731'),
 (2,'SO-DUN-004830',5,1, now() - interval '4 days 2 hours', (current_date - 2),'in_progress','GBP','S9 3XX','HRM-1208'),
 (3,'SO-MUE-002291',2,2, now() - interval '11 days 5 hours', (current_date - 8),'invoiced','EUR','86899','HA-2291'),
 (4,'SO-JEL-000915',3,3, now() - interval '1 day 4 hours', (current_date + 6),'open','NOK','4006','RA-55120'),
 (5,'SO-STR-001377',4,4, now() - interval '7 days 1 hour', (current_date - 5),'completed','PLN','50-001','DW/118/25'),
 (6,'SO-MUE-002305',2,2, now() - interval '3 hours', (current_date + 10),'draft','EUR','86899',NULL);

INSERT INTO public.sales_order_lines (order_id, line_no, product_id, quantity_t, unit_price) VALUES
 (1,1,1,40.00,18.50),
 (1,2,5,20.00,16.75),
 (2,1,5,60.00,16.75),
 (3,1,2,18.50,14.20),
 (3,2,3,19.00,12.90),
 (4,1,4,500.00,310.00),
 (5,1,3,25.00,52.00),
 (6,1,2,100.00,14.20);

INSERT INTO public.weighbridge_tickets (id, quarry_id, ticket_no, order_id, product_id, truck_id, clerk_id, first_weigh_at, second_weigh_at, tare_kg, gross_kg, net_kg, is_void) VALUES
 (1,1,20481,1,1,1,2, date_trunc('day', now()) - interval '10 days' + interval '7 hours 12 minutes', date_trunc('day', now()) - interval '10 days' + interval '7 hours 30 minutes',12300,31720,19420,false),
 (2,1,20482,1,5,2,2, date_trunc('day', now()) - interval '10 days' + interval '7 hours 40 minutes', date_trunc('day', now()) - interval '10 days' + interval '8 hours 1 minute',12150,31450,19300,false),
 (3,1,20483,1,1,1,2, date_trunc('day', now()) - interval '9 days' + interval '8 hours 5 minutes', date_trunc('day', now()) - interval '9 days' + interval '8 hours 21 minutes',12300,31880,19580,false),
 (4,1,20484,2,5,2,2, date_trunc('day', now()) - interval '2 days' + interval '9 hours 10 minutes', date_trunc('day', now()) - interval '2 days' + interval '9 hours 29 minutes',12150,31260,19110,false),
 (5,2,5001,3,2,3,5, date_trunc('day', now()) - interval '8 days' + interval '6 hours 30 minutes', date_trunc('day', now()) - interval '8 days' + interval '6 hours 52 minutes',13100,31520,18420,false),
 (6,2,5002,3,3,3,5, date_trunc('day', now()) - interval '8 days' + interval '9 hours', date_trunc('day', now()) - interval '8 days' + interval '9 hours 17 minutes',13100,31790,18690,false),
 (7,4,7001,5,3,4,8, date_trunc('day', now()) - interval '5 days' + interval '8 hours', date_trunc('day', now()) - interval '5 days' + interval '8 hours 24 minutes',14800,39650,24850,false);

INSERT INTO public.invoices (id, invoice_no, customer_id, order_id, currency_code, issued_on, due_on, net_amount, vat_rate, vat_amount, total_amount, status) VALUES
 (1,'INV-GB-0031877',1,1,'GBP',(current_date - 3),(current_date + 27),1044.78,20.00,208.96,1253.74,'issued'),
 (2,'INV-DE-0012044',2,3,'EUR',(current_date - 5),(current_date + 25),502.66,19.00,95.51,598.17,'issued');

INSERT INTO public.invoice_lines (invoice_id, line_no, ticket_id, description, quantity_t, unit_price, line_amount) VALUES
 (1,1,1,'Washed sand 0/4 - ticket DUN 20481',19.420,18.50,359.27),
 (1,2,2,'Type 1 sub-base 0/31.5 - ticket DUN 20482',19.300,16.75,323.28),
 (1,3,3,'Washed sand 0/4 - ticket DUN 20483',19.580,18.50,362.23),
 (2,1,5,'Kies 4/20 - Wiegeschein MUE 5001',18.420,14.20,261.56),
 (2,2,6,'Schotter 20/40 - Wiegeschein MUE 5002',18.690,12.90,241.10);

INSERT INTO public.equipment (id, quarry_id, asset_tag, equipment_type, manufacturer, model, serial_no, commissioned_on, decommissioned_on) VALUES
 (1,1,'DUN-PC01','primary_crusher','Metso','Nordberg C120','C120-4471','2014-05-01',NULL),
 (2,2,'MUE-WL03','wheel_loader','Volvo','L220H','VCEL220HK00512','2019-03-18',NULL),
 (3,4,'STR-DR01','drill_rig','Sandvik','DI550','DI550-118','2021-07-05',NULL);

INSERT INTO public.equipment_meter_readings (equipment_id, read_at, hour_meter, recorded_by) VALUES
 (1, now() - interval '90 days', 38210.5, 2),
 (1, now() - interval '60 days', 38702.0, 2),
 (1, now() - interval '30 days', 39188.0, 2),
 (1, now() - interval '1 day', 39650.5, 2),
 (2, now() - interval '61 days', 11205.0, 5),
 (2, now() - interval '31 days', 11590.5, 5),
 (2, now() - interval '2 days', 11968.0, 5),
 (3, now() - interval '45 days', 6420.0, 7),
 (3, now() - interval '15 days', 6583.5, 7);

INSERT INTO public.blasts (id, quarry_id, blast_ref, bench_level_m, planned_for, fired_at, shotfirer_id, hole_count, hole_depth_m, explosive_kg, status) VALUES
 (1,1,'DUN-B-0412',312.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '14 days' + interval '1 day 11 hours 30 minutes') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '14 days' + interval '1 day 11 hours 32 minutes') AT TIME ZONE 'Europe/London',
   1,32,15.00,2240.0,'fired'),
 (2,1,'DUN-B-0413',297.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '7 days' + interval '3 days 13 hours 15 minutes') AT TIME ZONE 'Europe/London',
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') - interval '7 days' + interval '3 days 13 hours 15 minutes') AT TIME ZONE 'Europe/London',
   1,30,15.00,2130.0,'fired'),
 (3,1,'DUN-B-0414',297.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/London') + interval '7 days' + interval '2 days 11 hours') AT TIME ZONE 'Europe/London',
   NULL,1,34,15.00,2380.0,'planned'),
 (4,2,'MUE-26-118',540.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '7 days' + interval '12 hours') AT TIME ZONE 'Europe/Berlin',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Berlin') - interval '7 days' + interval '12 hours 4 minutes') AT TIME ZONE 'Europe/Berlin',
   4,28,18.00,2380.0,'fired'),
 (5,4,'STR/2026/061',188.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw') - interval '7 days' + interval '2 days 10 hours 45 minutes') AT TIME ZONE 'Europe/Warsaw',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw') - interval '7 days' + interval '2 days 10 hours 45 minutes') AT TIME ZONE 'Europe/Warsaw',
   7,40,12.00,2600.0,'fired'),
 (6,4,'STR/2026/062',188.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw') - interval '7 days' + interval '4 days 10 hours') AT TIME ZONE 'Europe/Warsaw',
   NULL,7,36,12.00,2340.0,'cancelled'),
 (7,3,'JEL-0577',95.0,
   (date_trunc('week', now() AT TIME ZONE 'Europe/Oslo') - interval '7 days' + interval '1 day 14 hours') AT TIME ZONE 'Europe/Oslo',
   (date_trunc('week', now() AT TIME ZONE 'Europe/Oslo') - interval '7 days' + interval '1 day 14 hours 2 minutes') AT TIME ZONE 'Europe/Oslo',
   6,45,20.00,4950.0,'fired');

INSERT INTO public.blast_vibration_readings (blast_id, monitor_location, distance_m, ppv_mm_s, air_overpressure_db, recorded_at) VALUES
 (1,'Monitor A - Dove Holes Farm',480,3.42,118.5,(SELECT fired_at FROM public.blasts WHERE id = 1)),
 (1,'Monitor B - Batham Gate cottages',720,1.86,112.0,(SELECT fired_at FROM public.blasts WHERE id = 1)),
 (2,'Monitor A - Dove Holes Farm',510,2.95,116.0,(SELECT fired_at FROM public.blasts WHERE id = 2)),
 (4,'Messpunkt 1 - Mühlentalstraße 14',390,4.10,121.0,(SELECT fired_at FROM public.blasts WHERE id = 4)),
 (5,'Punkt pomiarowy P1 - ul. Kamienna 7',620,2.20,114.5,(SELECT fired_at FROM public.blasts WHERE id = 5)),
 (7,'Målepunkt 1 - Jelsa kai',850,1.45,109.0,(SELECT fired_at FROM public.blasts WHERE id = 7));

INSERT INTO public.lab_samples (id, quarry_id, product_id, sample_ref, sampled_at, technician_id, moisture_pct) VALUES
 (1,1,1,'DUN-LS-2291', now() - interval '6 days', 3, 6.20),
 (2,2,2,'MUE-LS-0876', now() - interval '9 days', NULL, 2.10);

INSERT INTO public.sieve_results (sample_id, seq, sieve_mm, passing_pct) VALUES
 (1,1,0.063,4.20),(1,2,0.250,18.50),(1,3,0.500,41.00),(1,4,1.000,62.30),(1,5,2.000,81.70),(1,6,4.000,96.40),(1,7,8.000,100.00),
 (2,1,2.000,1.50),(2,2,4.000,6.00),(2,3,10.000,42.00),(2,4,20.000,93.00),(2,5,31.500,100.00);

SELECT pg_catalog.setval('public.quarries_id_seq', 4, true);
SELECT pg_catalog.setval('public.products_id_seq', 5, true);
SELECT pg_catalog.setval('public.customers_id_seq', 5, true);
SELECT pg_catalog.setval('public.hauliers_id_seq', 3, true);
SELECT pg_catalog.setval('public.trucks_id_seq', 4, true);
SELECT pg_catalog.setval('public.employees_id_seq', 9, true);
SELECT pg_catalog.setval('public.sales_orders_id_seq', 6, true);
SELECT pg_catalog.setval('public.weighbridge_tickets_id_seq', 7, true);
SELECT pg_catalog.setval('public.invoices_id_seq', 2, true);
SELECT pg_catalog.setval('public.equipment_id_seq', 3, true);
SELECT pg_catalog.setval('public.blasts_id_seq', 7, true);
SELECT pg_catalog.setval('public.lab_samples_id_seq', 2, true);

COMMIT;
