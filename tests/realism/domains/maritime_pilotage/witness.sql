BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
 ('EUR','Euro',2),('DKK','Danish krone',2),('SEK','Swedish krona',2),
 ('NOK','Norwegian krone',2),('GBP','Pound sterling',2),('USD','US dollar',2);

INSERT INTO public.countries (iso_code, name, currency_code, dialling_code, vat_rate) VALUES
 ('NL','Netherlands','EUR','31',21.00),
 ('BE','Belgium','EUR','32',21.00),
 ('DE','Germany','EUR','49',19.00),
 ('DK','Denmark','DKK','45',25.00),
 ('SE','Sweden','SEK','46',25.00),
 ('NO','Norway','NOK','47',25.00),
 ('GB','United Kingdom','GBP','44',20.00),
 ('MT','Malta','EUR','356',18.00);

INSERT INTO public.ports (id, unlocode, name, country_code, timezone, latitude, longitude) VALUES
 (1,'NLRTM','Rotterdam','NL','Europe/Amsterdam',51.95000,4.13333),
 (2,'BEANR','Antwerpen','BE','Europe/Brussels',51.26667,4.38333),
 (3,'DEHAM','Hamburg','DE','Europe/Berlin',53.53333,9.96667),
 (4,'DKAAR','Aarhus','DK','Europe/Copenhagen',56.15000,10.21667),
 (5,'SEGOT','Göteborg','SE','Europe/Stockholm',57.70000,11.93333);
SELECT setval('public.ports_id_seq', 5);

INSERT INTO public.berths (id, port_id, berth_code, name, max_draught_m, max_loa_m) VALUES
 (1,1,'AMZ-1','Amazonehaven ECT Delta',16.6,400.0),
 (2,1,'WH-2','Waalhaven Zuidzijde',12.0,260.0),
 (3,2,'K1742','Deurganckdok MPET',16.0,400.0),
 (4,2,'K913','Kanaaldok B2 tankerkaai',13.1,250.0),
 (5,3,'CTB-1','Burchardkai',15.1,400.0),
 (6,3,'CTA-2','Altenwerder',15.2,400.0),
 (7,4,'CT-1','Containerterminal Østhavn',13.5,350.0),
 (8,4,'OH-3','Østhavnen kaj 3',10.0,200.0),
 (9,5,'SKA-700','Skandiahamnen 700',14.5,400.0),
 (10,5,'ALV-510','Älvsborgshamnen RoRo 510',10.5,240.0);
SELECT setval('public.berths_id_seq', 10);

INSERT INTO public.pilot_stations (id, port_id, name, boarding_lat, boarding_lon, vhf_channel) VALUES
 (1,1,'Maasmond loodsstation',52.01667,3.93333,60),
 (2,2,'Wandelaar loodsstation',51.40000,3.05000,65),
 (3,3,'Lotsstation Brunsbüttel',53.89167,9.13333,68),
 (4,4,'Aarhus Lodseri',56.15000,10.33333,16),
 (5,5,'Vinga lotsstation',57.63333,11.58333,13);
SELECT setval('public.pilot_stations_id_seq', 5);

INSERT INTO public.pilot_boats (id, station_id, name, built_year, length_m, max_speed_kn, in_service) VALUES
 (1,1,'Tender Procyon',2012,21.4,24.0,true),
 (2,2,'Loodsboot LB 31',2015,19.8,26.0,true),
 (3,3,'Kapitän König',2009,24.6,22.0,true),
 (4,4,'Lodsbåd 72',2011,16.5,28.0,true),
 (5,5,'Lotsbåt 728 SE',2018,15.9,30.0,true);
SELECT setval('public.pilot_boats_id_seq', 5);

INSERT INTO public.pilots (id, employee_no, first_name, last_name, birth_date, home_station_id, hired_on, mobile_phone, is_active) VALUES
 (1,'LP-1043','Maarten','de Vries','1972-04-18',1,'2006-09-01','+31 6 41837265',true),
 (2,'LP-1187','Sanne','Bakker','1984-11-02',1,'2015-03-01','+31 6 29018473',true),
 (3,'BL-0562','Pieter','Claes','1976-07-23',2,'2008-01-15','+32 475 63 81 20',true),
 (4,'EL-0219','Jens','Petersen','1969-02-11',3,'2003-05-01','+49 171 5538902',true),
 (5,'DL-0088','Mette','Kristensen','1981-09-30',4,'2013-08-01','+45 21 74 39 08',true),
 (6,'SL-0341','Johan','Lindqvist','1978-05-14',5,'2010-10-01','+46 70 318 42 67',true);
SELECT setval('public.pilots_id_seq', 6);

INSERT INTO public.pilot_licences (pilot_id, licence_no, port_id, grade, max_loa_m, issued_on, expires_on) VALUES
 (1,'NL-RTM-A-1043',1,'A',400.0,(current_date - interval '2 years')::date,(current_date + interval '3 years')::date),
 (2,'NL-RTM-B-1187',1,'B',300.0,(current_date - interval '1 year')::date,(current_date + interval '4 years')::date),
 (3,'BE-SCH-A-0562',2,'A',400.0,(current_date - interval '3 years')::date,(current_date + interval '2 years')::date),
 (4,'DE-ELB-A-0219',3,'A',400.0,(current_date - interval '2 years')::date,(current_date + interval '3 years')::date),
 (5,'DK-AAR-B-0088',4,'B',250.0,(current_date - interval '1 year')::date,(current_date + interval '4 years')::date),
 (6,'SE-GOT-B-0341',5,'B',300.0,(current_date - interval '2 years')::date,(current_date + interval '3 years')::date);

INSERT INTO public.vessel_types (code, description) VALUES
 ('CONT','Container ship'),('BULK','Bulk carrier'),('TANK','Oil/chemical tanker'),
 ('RORO','Ro-ro cargo ship'),('GENC','General cargo ship'),('PASS','Passenger/ro-pax ferry');

INSERT INTO public.vessels (id, imo_number, name, call_sign, flag_country, vessel_type, gross_tonnage, loa_m, beam_m, max_draught_m, built_year) VALUES
 (1,'9321483','NORDIC HORIZON','9HA4821','MT','CONT',153000,366.0,51.2,15.5,2008),
 (2,'9453121','ELBE TRADER','PCTK','NL','BULK',43000,229.0,32.3,14.4,2011),
 (3,'9277814','SCHELDE SPIRIT','ONJB','BE','TANK',29700,183.0,32.2,11.9,2004),
 (4,'9612040','GOTHIA SEAWAYS','SLRT','SE','RORO',32000,203.0,31.0,7.8,2014),
 (5,'8901171','KATTEGAT','OXBQ2','DK','GENC',6500,120.0,16.5,7.2,1990),
 (6,'9188453','NORTHERN STAR','LAKS7','NO','PASS',57000,188.0,29.0,6.8,1999);
SELECT setval('public.vessels_id_seq', 6);

INSERT INTO public.shipping_agents (id, name, country_code, vat_number, email, phone, created_at) VALUES
 (1,'Maasvlakte Shipping Agency B.V.','NL','NL812345678B01','ops@maasagency.nl','+31 10 2834 500', now() - interval '4 years'),
 (2,'Scheldt Maritime Services NV','BE','BE0456789123','agency@scheldtms.be','+32 3 231 45 60', now() - interval '3 years'),
 (3,'Hanseatische Schiffsagentur GmbH','DE','DE298765431','ops@hanseagentur.de','+49 40 3687 120', now() - interval '5 years'),
 (4,'Østjysk Skibsmægleri A/S','DK','DK31827364','booking@ostjysk.dk','+45 86 12 48 00', now() - interval '2 years'),
 (5,'Västkust Shipping AB','SE','SE556123456701','agency@vastkust.se','+46 31 704 22 10', now() - interval '3 years');
SELECT setval('public.shipping_agents_id_seq', 5);

INSERT INTO public.pilotage_requests (id, request_no, vessel_id, agent_id, port_id, movement, requested_eta, reported_draught_m, status, created_at, cancelled_at) VALUES
 (1,'RTM-R-004811',1,1,1,'inbound', date_trunc('hour', now()) - interval '30 days',14.8,'completed', date_trunc('hour', now()) - interval '32 days', NULL),
 (2,'RTM-R-004822',2,1,1,'outbound', date_trunc('hour', now()) - interval '28 days',12.9,'completed', date_trunc('hour', now()) - interval '29 days', NULL),
 (3,'ANR-R-017305',3,2,2,'inbound', date_trunc('hour', now()) - interval '27 days',11.2,'completed', date_trunc('hour', now()) - interval '29 days', NULL),
 (4,'HAM-R-022114',1,3,3,'outbound', date_trunc('hour', now()) - interval '25 days',14.1,'completed', date_trunc('hour', now()) - interval '26 days', NULL),
 (5,'AAR-R-001907',5,4,4,'shift', date_trunc('hour', now()) - interval '24 days',6.5,'completed', date_trunc('hour', now()) - interval '25 days', NULL),
 (6,'GOT-R-009634',4,5,5,'inbound', date_trunc('hour', now()) - interval '22 days',7.4,'completed', date_trunc('hour', now()) - interval '23 days', NULL),
 (7,'ANR-R-017341',3,2,2,'outbound', date_trunc('hour', now()) - interval '20 days',10.8,'completed', date_trunc('hour', now()) - interval '21 days', NULL),
 (8,'GOT-R-009651',6,5,5,'outbound', date_trunc('hour', now()) - interval '18 days',6.6,'cancelled', date_trunc('hour', now()) - interval '19 days', date_trunc('hour', now()) - interval '18 days 6 hours'),
 (9,'RTM-R-004907',2,1,1,'shift', date_trunc('hour', now()) + interval '2 days',13.0,'confirmed', date_trunc('hour', now()) - interval '1 day', NULL),
 (10,'HAM-R-022180',6,3,3,'inbound', date_trunc('hour', now()) + interval '4 days',6.7,'requested', date_trunc('hour', now()) - interval '6 hours', NULL);
SELECT setval('public.pilotage_requests_id_seq', 10);

INSERT INTO public.pilotage_acts (id, request_id, pilot_id, from_berth_id, to_berth_id, boarded_at, disembarked_at, distance_nm, status, remarks) VALUES
 (1,1,1,NULL,1, date_trunc('hour', now()) - interval '30 days', date_trunc('hour', now()) - interval '30 days' + interval '2 hours 10 minutes',14.0,'completed',NULL),
 (2,2,2,2,NULL, date_trunc('hour', now()) - interval '28 days', date_trunc('hour', now()) - interval '28 days' + interval '2 hours 35 minutes',20.0,'completed',NULL),
 (3,3,3,NULL,3, date_trunc('hour', now()) - interval '27 days', date_trunc('hour', now()) - interval '27 days' + interval '5 hours 40 minutes',70.0,'completed','Two tugs fast at Deurganckdok entrance'),
 (4,4,4,5,NULL, date_trunc('hour', now()) - interval '25 days', date_trunc('hour', now()) - interval '25 days' + interval '3 hours 50 minutes',35.0,'completed','Pilot change at Brunsbüttel'),
 (5,5,5,8,7, date_trunc('hour', now()) - interval '24 days', date_trunc('hour', now()) - interval '24 days' + interval '55 minutes',2.0,'completed',NULL),
 (6,6,6,NULL,10, date_trunc('hour', now()) - interval '22 days', date_trunc('hour', now()) - interval '22 days' + interval '1 hour 30 minutes',10.0,'completed',NULL),
 (7,7,3,4,NULL, date_trunc('hour', now()) - interval '20 days', date_trunc('hour', now()) - interval '20 days' + interval '5 hours 25 minutes',68.0,'completed',NULL),
 (8,9,1,1,2, NULL, NULL, 6.0,'planned',NULL);
SELECT setval('public.pilotage_acts_id_seq', 8);

INSERT INTO public.boat_transfers (act_id, boat_id, leg, departed_at, returned_at) VALUES
 (1,1,'boarding', date_trunc('hour', now()) - interval '30 days 40 minutes', date_trunc('hour', now()) - interval '29 days 23 hours 35 minutes'),
 (3,2,'boarding', date_trunc('hour', now()) - interval '27 days 50 minutes', date_trunc('hour', now()) - interval '26 days 23 hours 30 minutes'),
 (4,3,'landing', date_trunc('hour', now()) - interval '25 days' + interval '3 hours 30 minutes', date_trunc('hour', now()) - interval '25 days' + interval '4 hours 20 minutes'),
 (6,5,'boarding', date_trunc('hour', now()) - interval '22 days 35 minutes', date_trunc('hour', now()) - interval '21 days 23 hours 40 minutes'),
 (7,2,'landing', date_trunc('hour', now()) - interval '20 days' + interval '5 hours', date_trunc('hour', now()) - interval '20 days' + interval '6 hours 10 minutes');

INSERT INTO public.duty_shifts (pilot_id, station_id, starts_at, ends_at) VALUES
 (1,1, date_trunc('day', now()) - interval '30 days 6 hours', date_trunc('day', now()) - interval '30 days' + interval '18 hours'),
 (3,2, date_trunc('day', now()) - interval '27 days 6 hours', date_trunc('day', now()) - interval '27 days' + interval '18 hours'),
 (4,3, date_trunc('day', now()) - interval '25 days 6 hours', date_trunc('day', now()) - interval '25 days' + interval '18 hours'),
 (5,4, date_trunc('day', now()) - interval '24 days 6 hours', date_trunc('day', now()) - interval '24 days' + interval '18 hours'),
 (6,5, date_trunc('day', now()) - interval '22 days 6 hours', date_trunc('day', now()) - interval '22 days' + interval '18 hours');

INSERT INTO public.tariffs (port_id, gt_from, gt_to, base_fee, fee_per_nm, currency_code, valid_from, valid_to) VALUES
 (1,0,30000,850.00,42.00,'EUR','2024-01-01',NULL),
 (1,30001,NULL,2450.00,95.00,'EUR','2024-01-01',NULL),
 (2,0,30000,1180.00,38.50,'EUR','2024-01-01',NULL),
 (2,30001,NULL,2760.00,81.00,'EUR','2024-01-01',NULL),
 (3,0,30000,1240.00,41.00,'EUR','2024-01-01',NULL),
 (3,30001,NULL,2980.00,88.00,'EUR','2024-01-01',NULL),
 (4,0,30000,4200.00,310.00,'DKK','2024-01-01',NULL),
 (5,0,30000,9800.00,620.00,'SEK','2024-01-01',NULL),
 (5,30001,NULL,18500.00,1150.00,'SEK','2024-01-01',NULL);

INSERT INTO public.invoices (id, invoice_no, agent_id, currency_code, issued_on, due_on, net_amount, vat_amount, total_amount, status, paid_on) VALUES
 (1,'PIL-INV-0031207',1,'EUR',(date_trunc('week', current_date) - interval '7 days')::date,(date_trunc('week', current_date) + interval '23 days')::date,8130.00,0.00,8130.00,'paid',(date_trunc('week', current_date) - interval '4 days')::date),
 (2,'PIL-INV-0031208',2,'EUR',(date_trunc('week', current_date) - interval '6 days')::date,(date_trunc('week', current_date) + interval '24 days')::date,7673.00,0.00,7673.00,'issued',NULL),
 (3,'PIL-INV-0031209',3,'EUR',(date_trunc('week', current_date) - interval '6 days')::date,(date_trunc('week', current_date) + interval '24 days')::date,6060.00,0.00,6060.00,'issued',NULL),
 (4,'PIL-INV-0031210',4,'DKK',(date_trunc('week', current_date) - interval '5 days')::date,(date_trunc('week', current_date) + interval '25 days')::date,4820.00,0.00,4820.00,'issued',NULL),
 (5,'PIL-INV-0031211',5,'SEK',(date_trunc('week', current_date) - interval '4 days')::date,(date_trunc('week', current_date) + interval '26 days')::date,30000.00,0.00,30000.00,'issued',NULL);
SELECT setval('public.invoices_id_seq', 5);

INSERT INTO public.invoice_lines (invoice_id, line_no, act_id, description, quantity, unit_price, amount) VALUES
 (1,1,1,'Pilotage base fee NLRTM inbound NORDIC HORIZON (GT > 30000)',1.00,2450.00,2450.00),
 (1,2,1,'Pilotage distance Maasmond - Amazonehaven',14.00,95.00,1330.00),
 (1,3,2,'Pilotage base fee NLRTM outbound ELBE TRADER (GT > 30000)',1.00,2450.00,2450.00),
 (1,4,2,'Pilotage distance Waalhaven - Maasmond',20.00,95.00,1900.00),
 (2,1,3,'Loodsgeld basis BEANR inbound SCHELDE SPIRIT (GT <= 30000)',1.00,1180.00,1180.00),
 (2,2,3,'Loodsgeld afstand Wandelaar - Deurganckdok',70.00,38.50,2695.00),
 (2,3,7,'Loodsgeld basis BEANR outbound SCHELDE SPIRIT (GT <= 30000)',1.00,1180.00,1180.00),
 (2,4,7,'Loodsgeld afstand Kanaaldok - Wandelaar',68.00,38.50,2618.00),
 (3,1,4,'Lotsgeld Grundgebühr DEHAM outbound NORDIC HORIZON',1.00,2980.00,2980.00),
 (3,2,4,'Lotsgeld Strecke Burchardkai - Brunsbüttel',35.00,88.00,3080.00),
 (4,1,5,'Lodsafgift grundtakst DKAAR forhaling KATTEGAT',1.00,4200.00,4200.00),
 (4,2,5,'Lodsafgift distance Østhavnen kaj 3 - Containerterminal',2.00,310.00,620.00),
 (5,1,6,'Lotsavgift grundavgift SEGOT inbound GOTHIA SEAWAYS',1.00,18500.00,18500.00),
 (5,2,6,'Lotsavgift distans Vinga - Älvsborgshamnen',10.00,1150.00,11500.00);

INSERT INTO public.incidents (act_id, occurred_at, severity, category, description) VALUES
 (3, date_trunc('hour', now()) - interval '27 days' + interval '3 hours 15 minutes','minor','near_miss','Close-quarters situation with inland barge near Bath bend; resolved by VHF agreement');

INSERT INTO public.weather_observations (station_id, observed_at, wind_speed_kn, wind_direction_deg, wave_height_m, visibility_nm) VALUES
 (1, date_trunc('hour', now()) - interval '30 days', 18.0, 240, 1.6, 6.0),
 (2, date_trunc('hour', now()) - interval '27 days', 22.0, 260, 1.9, 4.5),
 (3, date_trunc('hour', now()) - interval '25 days', 14.0, 300, 0.8, 8.0),
 (4, date_trunc('hour', now()) - interval '24 days', 9.0, 180, 0.4, 10.0),
 (5, date_trunc('hour', now()) - interval '22 days', 26.0, 220, 2.3, 3.5);

COMMIT;
