BEGIN;
INSERT INTO public.currencies (code, name, minor_unit) VALUES
 ('GBP','Pound sterling',2),('EUR','Euro',2),('SEK','Swedish krona',2),('USD','US dollar',2);
INSERT INTO public.countries (iso2, name, currency_code, dialling_code) VALUES
 ('GB','United Kingdom','GBP','+44'),('IE','Ireland','EUR','+353'),('DE','Germany','EUR','+49'),
 ('FR','France','EUR','+33'),('ES','Spain','EUR','+34'),('NL','Netherlands','EUR','+31'),
 ('SE','Sweden','SEK','+46'),('US','United States','USD','+1');
INSERT INTO public.inspection_schemes (id, country_code, scheme_code, name, first_test_age_months, retest_interval_months, vat_rate) VALUES
 (1,'GB','MOT','MOT test (Great Britain)',36,12,0.00),
 (2,'DE','HU','Hauptuntersuchung',36,24,19.00),
 (3,'FR','CT','Contrôle technique',48,24,20.00),
 (4,'ES','ITV','Inspección Técnica de Vehículos',48,24,21.00);
INSERT INTO public.vehicle_categories (code, description, is_heavy) VALUES
 ('M1','Passenger car, up to 8 passenger seats',false),
 ('M2','Minibus/bus, more than 8 passenger seats, up to 5 t',false),
 ('M3','Bus/coach, more than 8 passenger seats, over 5 t',true),
 ('N1','Goods vehicle up to 3.5 t',false),
 ('N2','Goods vehicle over 3.5 t up to 12 t',true),
 ('N3','Goods vehicle over 12 t',true),
 ('L3e','Two-wheel motorcycle',false);
INSERT INTO public.vehicle_makes (id, name, origin_country) VALUES
 (1,'Volkswagen','DE'),(2,'Ford','US'),(3,'Volvo Trucks','SE'),(4,'BMW','DE'),(5,'Renault','FR'),(6,'SEAT','ES');
INSERT INTO public.test_centres (id, centre_code, name, scheme_id, country_code, street, city, postcode, phone, time_zone, opened_on, is_active) VALUES
 (1,'GB-LDS-01','Kirkstall Road MOT Centre',1,'GB','212 Kirkstall Road','Leeds','LS4 2AZ','+44 113 496 0321','Europe/London','2009-04-01',true),
 (2,'DE-K-03','Prüfstelle Köln-Ossendorf',2,'DE','Butzweilerhofallee 12','Köln','50829','+49 221 9587 4410','Europe/Berlin','2006-09-15',true),
 (3,'FR-LYO-02','Contrôle Technique Lyon Gerland',3,'FR','45 Avenue Tony Garnier','Lyon','69007','+33 4 72 73 10 20','Europe/Paris','2011-02-07',true),
 (4,'ES-VLC-01','Estación ITV València Vara de Quart',4,'ES','Carrer del Pont Sec 18','València','46014','+34 961 23 45 67','Europe/Madrid','1998-05-11',true);
INSERT INTO public.test_lanes (id, centre_id, lane_no, lane_type, commissioned_on) VALUES
 (1,1,1,'light','2009-04-01'),(2,1,2,'heavy','2013-06-17'),(3,2,1,'light','2006-09-15'),
 (4,3,1,'light','2011-02-07'),(5,4,1,'light','2015-03-02');
INSERT INTO public.lane_equipment (id, lane_id, equipment_type, manufacturer, serial_no, installed_on) VALUES
 (1,1,'brake_tester','MAHA','BT-IW2-118734','2018-05-14'),
 (2,2,'brake_tester','MAHA','BT-IW7-220519','2019-02-11'),
 (3,3,'brake_tester','Beissbarth','BDE-2205-44710','2017-10-02'),
 (4,4,'brake_tester','Cartec','CT-BDE-09812','2020-01-20'),
 (5,5,'brake_tester','MAHA','BT-IW2-130882','2019-07-08'),
 (6,1,'emissions_analyser','Bosch','BEA-060-77120','2018-05-14');
INSERT INTO public.equipment_calibrations (id, equipment_id, calibrated_on, valid_until, certificate_ref, performed_by) VALUES
 (1,1,current_date - 560,current_date - 190,'CAL-01-A','Derby Calibration Ltd'),
 (2,1,current_date - 189,current_date + 176,'CAL-01-B','Derby Calibration Ltd'),
 (3,2,current_date - 560,current_date - 190,'CAL-02-A','Derby Calibration Ltd'),
 (4,2,current_date - 189,current_date + 176,'CAL-02-B','Derby Calibration Ltd'),
 (5,3,current_date - 560,current_date - 190,'CAL-03-A','TÜV Rheinland Kalibrierdienst'),
 (6,3,current_date - 189,current_date + 176,'CAL-03-B','TÜV Rheinland Kalibrierdienst'),
 (7,4,current_date - 560,current_date - 190,'CAL-04-A','Bureau Veritas Métrologie'),
 (8,4,current_date - 189,current_date + 176,'CAL-04-B','Bureau Veritas Métrologie'),
 (9,5,current_date - 560,current_date - 190,'CAL-05-A','Applus+ Laboratories'),
 (10,5,current_date - 189,current_date + 176,'CAL-05-B','Applus+ Laboratories'),
 (11,6,current_date - 560,current_date - 190,'CAL-06-A','Derby Calibration Ltd'),
 (12,6,current_date - 189,current_date + 176,'CAL-06-B','Derby Calibration Ltd');
INSERT INTO public.inspectors (id, centre_id, employee_no, first_name, last_name, date_of_birth, licence_no, hired_on, left_on, status) VALUES
 (1,1,'GB-1021','Gareth','Holmes','1978-06-14','NT-4471823','2011-09-05',NULL,'active'),
 (2,1,'GB-1187','Priya','Kaur','1990-02-03','NT-5520917','2017-03-13',NULL,'active'),
 (3,2,'DE-3310','Jens','Vogt','1983-11-22','PI-NRW-22871','2012-01-02',NULL,'active'),
 (4,3,'FR-0452','Camille','Roux','1987-08-09','CT-069-1184','2014-05-19',NULL,'active'),
 (5,4,'ES-0219','Alejandro','Navarro Gil','1975-04-30','ITV-CV-0977','2003-10-01',NULL,'active');
INSERT INTO public.customers (id, customer_type, full_name, company_name, email, phone, country_code, created_at) VALUES
 (1,'private','Daniel Whitaker',NULL,'dan.whitaker@example.co.uk','+44 7700 900417','GB',now() - interval '3 years 2 months'),
 (2,'fleet','Sarah Lowther','Aire Valley Builders Merchants Ltd','fleet@airevalley.example.co.uk','+44 113 496 0778','GB',now() - interval '2 years 5 months'),
 (3,'private','Martina Schäfer',NULL,'m.schaefer@example.de','+49 171 3924410','DE',now() - interval '1 year 9 months'),
 (4,'private','Julien Moreau',NULL,'julien.moreau@example.fr','+33 6 12 34 56 78','FR',now() - interval '2 years'),
 (5,'private','Lucía Ferrer Martí',NULL,'lucia.ferrer@example.es','+34 612 345 678','ES',now() - interval '1 year 3 months');
INSERT INTO public.vehicles (id, vin, registration_no, registration_country, make_id, model, category_code, fuel_type, first_registered_on, gross_weight_kg, engine_cc, colour, created_at) VALUES
 (1,'WVWZZZAUZGW123456','YD16 KXW','GB',1,'Golf 1.4 TSI','M1','petrol','2016-05-20',1850,1395,'Blue',now() - interval '3 years 2 months'),
 (2,'WF0YXXTTGYKA12345','KX68 HFT','GB',2,'Transit Custom 300','N1','diesel','2018-11-09',3200,1995,'White',now() - interval '2 years 5 months'),
 (3,'YV2RT40A5LA123456','PO20 VLV','GB',3,'FM 330 6x2 rigid','N3','diesel','2020-03-02',26000,10800,'White',now() - interval '2 years 5 months'),
 (4,'WBA8E31050K123456','K-JV 2718','DE',4,'320d Touring','M1','diesel','2019-07-15',2130,1995,'Grey',now() - interval '1 year 9 months'),
 (5,'VF1RJA00X63123456','FG-418-KT','FR',5,'Clio V TCe 90','M1','petrol','2019-09-26',1640,999,'Red',now() - interval '2 years'),
 (6,'VSSZZZKJZLR123456','4821 LBM','ES',6,'Ibiza 1.0 TSI','M1','petrol','2020-06-18',1560,999,'White',now() - interval '1 year 3 months');
INSERT INTO public.fees (id, scheme_id, category_code, test_type, amount, currency_code, valid_from, valid_to) VALUES
 (1,1,'M1','periodic',54.85,'GBP','2010-04-01',NULL),
 (2,1,'N1','periodic',58.60,'GBP','2010-04-01',NULL),
 (3,1,'N3','periodic',107.00,'GBP','2023-04-01',NULL),
 (4,1,'M1','retest',0.00,'GBP','2010-04-01',NULL),
 (5,2,'M1','periodic',117.65,'EUR','2024-01-01',NULL),
 (6,3,'M1','periodic',65.00,'EUR','2024-01-01',NULL),
 (7,4,'M1','periodic',37.19,'EUR','2024-01-01',NULL);
INSERT INTO public.bookings (id, booking_ref, centre_id, vehicle_id, customer_id, test_type, created_at, slot_start, slot_minutes, status, cancelled_at) VALUES
 (1,'BK-GB-24037',1,1,1,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' - interval '6 days',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London',45,'completed',NULL),
 (2,'BK-GB-24074',1,1,1,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' - interval '7 days',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London',45,'completed',NULL),
 (3,'BK-GB-24111',1,1,1,'retest',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London' - interval '8 days',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London',45,'completed',NULL),
 (4,'BK-GB-24148',1,2,2,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London' - interval '9 days',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London',90,'completed',NULL),
 (5,'BK-GB-24185',1,3,2,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' - interval '10 days',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London',90,'completed',NULL),
 (6,'BK-DE-24222',2,4,3,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin' - interval '11 days',((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin',45,'completed',NULL),
 (7,'BK-FR-24259',3,5,4,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris' - interval '12 days',((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris',45,'completed',NULL),
 (8,'BK-ES-24296',4,6,5,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid' - interval '13 days',((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid',45,'completed',NULL),
 (9,'BK-FR-24400',3,5,4,'retest',now() - interval '5 days',((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (1) + time '09:00') AT TIME ZONE 'Europe/Paris',45,'booked',NULL),
 (10,'BK-ES-24410',4,6,5,'periodic',now() - interval '2 days',((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (3) + time '11:30') AT TIME ZONE 'Europe/Madrid',45,'booked',NULL),
 (11,'BK-GB-24420',1,2,2,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-17) + time '10:00') AT TIME ZONE 'Europe/London',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-3) + time '10:00') AT TIME ZONE 'Europe/London',45,'cancelled',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '16:20') AT TIME ZONE 'Europe/London');
INSERT INTO public.inspections (id, booking_id, centre_id, lane_id, inspector_id, vehicle_id, test_type, started_at, completed_at, odometer_km, status, result, certificate_no, valid_until) VALUES
 (1,1,1,1,1,1,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London',(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' + interval '40 minutes'),84200,'completed','pass','GB-880131',(((((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London')::date + interval '12 months' - interval '1 day')::date),
 (2,2,1,1,1,1,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London',(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' + interval '45 minutes'),96500,'completed','fail',NULL,NULL),
 (3,3,1,1,2,1,'retest',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London',(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London' + interval '20 minutes'),96512,'completed','pass','GB-880393',(((((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London')::date + interval '12 months' - interval '1 day')::date),
 (4,4,1,1,2,2,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London',(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London' + interval '50 minutes'),142300,'completed','pass','GB-880524',(((((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London')::date + interval '12 months' - interval '1 day')::date),
 (5,5,1,2,1,3,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London',(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' + interval '75 minutes'),512000,'completed','pass','GB-880655',(((((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London')::date + interval '12 months' - interval '1 day')::date),
 (6,6,2,3,3,4,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin',(((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin' + interval '35 minutes'),61000,'completed','pass','DE-880786',(((((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin') AT TIME ZONE 'Europe/Berlin')::date + interval '24 months' - interval '1 day')::date),
 (7,7,3,4,4,5,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris',(((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris' + interval '40 minutes'),118000,'completed','dangerous',NULL,NULL),
 (8,8,4,5,5,6,'periodic',((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid',(((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid' + interval '30 minutes'),45200,'completed','pass','ES-881048',(((((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid') AT TIME ZONE 'Europe/Madrid')::date + interval '24 months' - interval '1 day')::date);
INSERT INTO public.defect_catalogue (code, component_group, description) VALUES
 ('1.1.13','Brakes','Brake pad or shoe lining excessively worn'),
 ('1.2.1','Brakes','Service brake performance: imbalance between wheels on the same axle excessive'),
 ('4.1.2','Lamps, reflectors and electrical equipment','Headlamp aim outside limits'),
 ('5.2.3','Axles, wheels, tyres and suspension','Tyre tread depth below legal minimum or cord exposed'),
 ('6.1.1','Body, structure and attachments','Excessive corrosion of structure near a mounting point');
INSERT INTO public.inspection_defects (inspection_id, item_no, defect_code, severity, location, note) VALUES
 (2,1,'1.2.1','major','front axle','Imbalance 32% nearside/offside'),
 (2,2,'4.1.2','minor','offside headlamp','Aim slightly low'),
 (4,1,'4.1.2','minor','nearside headlamp',NULL),
 (7,1,'5.2.3','dangerous','avant gauche','Nappe apparente'),
 (7,2,'6.1.1','major','longeron arrière droit',NULL);
INSERT INTO public.brake_readings (id, inspection_id, equipment_id, axle_no, left_force_kn, right_force_kn, imbalance_pct, measured_at) VALUES
 (1,1,1,1,3.20,3.05,4.7,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' + interval '10 minutes')),
 (2,1,1,2,1.90,1.82,4.2,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' + interval '12 minutes')),
 (3,2,1,1,2.50,1.70,32.0,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' + interval '10 minutes')),
 (4,2,1,2,1.88,1.80,4.3,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' + interval '12 minutes')),
 (5,3,1,1,3.30,3.14,4.8,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London' + interval '10 minutes')),
 (6,3,1,2,1.92,1.85,3.6,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-5) + time '14:00') AT TIME ZONE 'Europe/London' + interval '12 minutes')),
 (7,4,1,1,4.10,3.92,4.4,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London' + interval '10 minutes')),
 (8,4,1,2,2.60,2.48,4.6,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London' + interval '12 minutes')),
 (9,5,2,1,38.50,36.90,4.2,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' + interval '10 minutes')),
 (10,5,2,2,52.00,50.20,3.5,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' + interval '12 minutes')),
 (11,5,2,3,49.80,48.60,2.4,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' + interval '14 minutes')),
 (12,6,3,1,4.45,4.30,3.4,(((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin' + interval '10 minutes')),
 (13,6,3,2,2.95,2.81,4.7,(((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin' + interval '12 minutes')),
 (14,7,4,1,3.05,2.71,11.1,(((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris' + interval '10 minutes')),
 (15,7,4,2,1.75,1.69,3.4,(((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris' + interval '12 minutes')),
 (16,8,5,1,3.10,2.98,3.9,(((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid' + interval '10 minutes')),
 (17,8,5,2,1.80,1.74,3.3,(((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid' + interval '12 minutes'));
INSERT INTO public.emission_readings (id, inspection_id, equipment_id, measured_at, co_percent, hc_ppm, lambda, opacity_k) VALUES
 (1,1,6,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' + interval '20 minutes'),0.040,18,1.002,NULL),
 (2,2,6,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' + interval '22 minutes'),0.060,24,1.004,NULL);
INSERT INTO public.invoices (id, invoice_no, inspection_id, customer_id, issued_at, currency_code, net_amount, vat_amount, total_amount, status) VALUES
 (1,'INV-GB-2025017',1,1,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' + interval '43 minutes'),'GBP',54.85,0.00,54.85,'paid'),
 (2,'INV-GB-2025034',2,1,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' + interval '48 minutes'),'GBP',54.85,0.00,54.85,'paid'),
 (4,'INV-GB-2025068',4,2,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London' + interval '53 minutes'),'GBP',58.60,0.00,58.60,'paid'),
 (5,'INV-GB-2025085',5,2,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' + interval '78 minutes'),'GBP',107.00,0.00,107.00,'paid'),
 (6,'INV-DE-2025102',6,3,(((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin' + interval '38 minutes'),'EUR',117.65,22.35,140.00,'paid'),
 (7,'INV-FR-2025119',7,4,(((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris' + interval '43 minutes'),'EUR',65.00,13.00,78.00,'paid'),
 (8,'INV-ES-2025136',8,5,(((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid' + interval '33 minutes'),'EUR',37.19,7.81,45.00,'paid');
INSERT INTO public.invoice_lines (invoice_id, line_no, description, quantity, unit_price, line_amount) VALUES
 (1,1,'MOT test class 4',1,54.85,54.85),
 (2,1,'MOT test class 4',1,54.85,54.85),
 (4,1,'MOT test class 7',1,58.60,58.60),
 (5,1,'HGV annual test, 3 axles',1,107.00,107.00),
 (6,1,'Hauptuntersuchung Pkw',1,87.65,87.65),
 (6,2,'Abgasuntersuchung Diesel',1,30.00,30.00),
 (7,1,'Contrôle technique périodique VL',1,65.00,65.00),
 (8,1,'Inspección periódica turismo gasolina',1,37.19,37.19);
INSERT INTO public.payments (id, invoice_id, paid_at, method, amount, currency_code) VALUES
 (1,1,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-371) + time '09:00') AT TIME ZONE 'Europe/London' + interval '43 minutes'),'card',54.85,'GBP'),
 (2,2,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-7) + time '10:00') AT TIME ZONE 'Europe/London' + interval '48 minutes'),'card',54.85,'GBP'),
 (3,4,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-6) + time '11:00') AT TIME ZONE 'Europe/London' + interval '53 minutes'),'account',58.60,'GBP'),
 (4,5,(((date_trunc('week', now() AT TIME ZONE 'Europe/London'))::date + (-4) + time '08:00') AT TIME ZONE 'Europe/London' + interval '78 minutes'),'account',107.00,'GBP'),
 (5,6,(((date_trunc('week', now() AT TIME ZONE 'Europe/Berlin'))::date + (-3) + time '13:00') AT TIME ZONE 'Europe/Berlin' + interval '38 minutes'),'card',140.00,'EUR'),
 (6,7,(((date_trunc('week', now() AT TIME ZONE 'Europe/Paris'))::date + (-6) + time '09:30') AT TIME ZONE 'Europe/Paris' + interval '43 minutes'),'card',78.00,'EUR'),
 (7,8,(((date_trunc('week', now() AT TIME ZONE 'Europe/Madrid'))::date + (-5) + time '10:15') AT TIME ZONE 'Europe/Madrid' + interval '33 minutes'),'card',45.00,'EUR');
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.inspection_schemes', 'id'), 4, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.vehicle_makes', 'id'), 6, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.test_centres', 'id'), 4, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.test_lanes', 'id'), 5, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.lane_equipment', 'id'), 6, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.equipment_calibrations', 'id'), 12, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.inspectors', 'id'), 5, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.customers', 'id'), 5, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.vehicles', 'id'), 6, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.fees', 'id'), 7, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.bookings', 'id'), 11, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.inspections', 'id'), 8, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.brake_readings', 'id'), 17, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.emission_readings', 'id'), 2, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.invoices', 'id'), 8, true);
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('public.payments', 'id'), 7, true);
COMMIT;
