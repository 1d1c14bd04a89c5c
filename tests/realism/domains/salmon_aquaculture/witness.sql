BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('NOK', 'Norwegian krone', 2),
  ('GBP', 'Pound sterling', 2),
  ('CLP', 'Chilean peso', 0),
  ('DKK', 'Danish krone', 2),
  ('EUR', 'Euro', 2),
  ('USD', 'US dollar', 2),
  ('JPY', 'Japanese yen', 0);

INSERT INTO public.countries (iso_code, name, currency_code, dialing_code) VALUES
  ('NO', 'Norway', 'NOK', '+47'),
  ('GB', 'United Kingdom', 'GBP', '+44'),
  ('CL', 'Chile', 'CLP', '+56'),
  ('FO', 'Faroe Islands', 'DKK', '+298'),
  ('FR', 'France', 'EUR', '+33'),
  ('US', 'United States', 'USD', '+1'),
  ('JP', 'Japan', 'JPY', '+81');

INSERT INTO public.species (code, common_name, scientific_name) VALUES
  ('SAL', 'Atlantic salmon', 'Salmo salar'),
  ('TRR', 'Rainbow trout', 'Oncorhynchus mykiss'),
  ('COH', 'Coho salmon', 'Oncorhynchus kisutch'),
  ('LUM', 'Lumpfish', 'Cyclopterus lumpus');

INSERT INTO public.sites (id, site_no, name, site_type, country_code, region, latitude, longitude, time_zone, max_allowed_biomass_t, licensed_on, is_active) VALUES
  (1, '31457', 'Hamnavika', 'sea_site', 'NO', 'Troms og Finnmark', 69.65210, 18.30470, 'Europe/Oslo', 3120.0, DATE '2009-05-14', true),
  (2, '45021', 'Kvernvik Settefisk', 'smolt_ras', 'NO', 'Møre og Romsdal', 62.71830, 7.14020, 'Europe/Oslo', NULL, DATE '2014-02-03', true),
  (3, 'FS1024', 'Loch Creran North', 'sea_site', 'GB', 'Argyll and Bute', 56.53110, -5.31240, 'Europe/London', 2500.0, DATE '2006-09-21', true),
  (4, 'A-73', 'Gøtuvík', 'sea_site', 'FO', 'Eysturoy', 62.19050, -6.74310, 'Atlantic/Faroe', 4000.0, DATE '2011-03-30', true),
  (5, '110542', 'Isla Huar Sur', 'sea_site', 'CL', 'Los Lagos', -41.65320, -73.05480, 'America/Santiago', 3000.0, DATE '2010-11-08', true),
  (6, 'HT-07', 'Ardnish Hatchery', 'hatchery', 'GB', 'Highland', 56.90120, -5.80330, 'Europe/London', NULL, DATE '2001-06-12', true),
  (7, '102318', 'Piscicultura Río Maullín', 'hatchery', 'CL', 'Los Lagos', -41.50870, -73.33190, 'America/Santiago', NULL, DATE '2005-04-19', true);

INSERT INTO public.pens (id, site_id, pen_no, circumference_m, net_depth_m, installed_on, is_active) VALUES
  (1, 1, 1, 160.0, 35.0, DATE '2019-04-02', true),
  (2, 1, 2, 160.0, 35.0, DATE '2019-04-02', true),
  (3, 1, 3, 160.0, 35.0, DATE '2019-04-03', true),
  (4, 3, 1, 120.0, 20.0, DATE '2016-08-15', true),
  (5, 3, 2, 120.0, 20.0, DATE '2016-08-15', true),
  (6, 4, 1, 160.0, 30.0, DATE '2018-03-10', true),
  (7, 4, 2, 160.0, 30.0, DATE '2018-03-10', true),
  (8, 5, 1, 120.0, 25.0, DATE '2017-10-05', true),
  (9, 5, 2, 120.0, 25.0, DATE '2017-10-05', true);

INSERT INTO public.employees (id, site_id, first_name, last_name, role, mobile_phone, email, birth_date, hired_on, left_on) VALUES
  (1, 1, 'Ingrid', 'Solberg', 'site_manager', '+47 412 38 577', 'ingrid.solberg@nordhavlaks.no', DATE '1981-03-17', DATE '2012-08-01', NULL),
  (2, 1, 'Magnus', 'Hansen', 'operator', '+47 918 44 210', 'magnus.hansen@nordhavlaks.no', DATE '1994-11-02', DATE '2018-04-16', NULL),
  (3, 2, 'Ola', 'Berg', 'operator', '+47 473 12 456', 'ola.berg@nordhavlaks.no', DATE '1988-06-25', DATE '2015-01-05', NULL),
  (4, 3, 'Fiona', 'MacLeod', 'site_manager', '+44 7700 900412', 'fiona.macleod@nordhavlaks.co.uk', DATE '1979-09-09', DATE '2010-03-01', NULL),
  (5, 4, 'Jógvan', 'Joensen', 'fish_health_biologist', '+298 219 344', 'jogvan.joensen@nordhavlaks.fo', DATE '1985-01-30', DATE '2016-05-02', NULL),
  (6, 5, 'Camila', 'Soto', 'operator', '+56 9 6123 4578', 'camila.soto@nordhavlaks.cl', DATE '1992-04-12', DATE '2019-09-09', NULL),
  (7, 6, 'Ewan', 'Campbell', 'operator', '+44 7700 900871', 'ewan.campbell@nordhavlaks.co.uk', DATE '1990-12-03', DATE '2017-02-13', NULL),
  (8, 7, 'Matías', 'Vargas', 'fish_health_biologist', '+56 9 8765 2231', 'matias.vargas@nordhavlaks.cl', DATE '1983-07-21', DATE '2013-10-01', NULL);

INSERT INTO public.vessels (id, name, imo_number, vessel_type, flag_country_code, tank_capacity_m3, owner_company) VALUES
  (1, 'Frøy Viking', '9781231', 'wellboat', 'NO', 3000.0, 'Frøy Rederi AS'),
  (2, 'Ronja Hebrides', '9820453', 'wellboat', 'GB', 1850.0, 'Sølvtrans Rederi AS');

INSERT INTO public.cohorts (id, cohort_code, species_code, hatchery_site_id, strain, hatched_on, vaccinated_on, notes) VALUES
  (1, 'SAL-NO-22V', 'SAL', 2, 'AquaGen Atlantic QTL-innOva', current_date - 800, current_date - 600, 'Spring smolt, sea transfer week 20'),
  (2, 'SAL-NO-23V', 'SAL', 2, 'AquaGen Atlantic QTL-innOva', current_date - 420, current_date - 190, NULL),
  (3, 'SAL-GB-22S', 'SAL', 6, 'Landcatch Natural Selection', current_date - 780, current_date - 560, NULL),
  (4, 'SAL-CL-22A', 'SAL', 7, 'Salmones Camanchaca line', current_date - 760, current_date - 510, NULL);

INSERT INTO public.stockings (id, pen_id, cohort_id, stocked_at, fish_count, avg_weight_g, closed_at) VALUES
  (1, 1, 1, now() - interval '540 days', 180000, 120.0, now() - interval '30 days'),
  (2, 2, 2, now() - interval '120 days', 175000, 110.0, NULL),
  (3, 4, 3, now() - interval '500 days', 95000, 95.0, now() - interval '9 days'),
  (4, 8, 4, now() - interval '450 days', 140000, 150.0, NULL);

INSERT INTO public.feed_products (id, supplier, product_name, pellet_size_mm, protein_pct, fat_pct, price_per_tonne, currency_code, is_medicated) VALUES
  (1, 'Skretting', 'Optiline 300', 3.0, 44.0, 26.0, 19500.00, 'NOK', false),
  (2, 'BioMar', 'Energy 9 mm', 9.0, 35.5, 34.0, 1650.00, 'EUR', false),
  (3, 'Salmofood', 'Engorda 12 mm', 12.0, 34.0, 35.0, 1720.00, 'USD', false);

INSERT INTO public.feedings (id, stocking_id, fed_on, feed_product_id, quantity_kg, meals, recorded_by) VALUES
  (1, 2, current_date - 3, 1, 1180.0, 4, 2),
  (2, 2, current_date - 2, 1, 1215.0, 4, 2),
  (3, 2, current_date - 1, 1, 1240.0, 4, 2),
  (4, 4, current_date - 2, 3, 3550.0, 3, 6),
  (5, 4, current_date - 1, 3, 3620.0, 3, 6),
  (6, 3, current_date - 20, 2, 2150.0, 2, 4);

INSERT INTO public.weight_samples (id, stocking_id, sampled_at, fish_sampled, avg_weight_g, cv_pct, method) VALUES
  (1, 1, now() - interval '480 days', 50, 180.0, 18.5, 'manual'),
  (2, 1, now() - interval '400 days', 50, 650.0, 17.0, 'manual'),
  (3, 1, now() - interval '300 days', 50, 1900.0, 15.2, 'camera'),
  (4, 1, now() - interval '200 days', 50, 3400.0, 14.1, 'camera'),
  (5, 1, now() - interval '60 days', 50, 4900.0, 13.8, 'camera'),
  (6, 2, now() - interval '90 days', 40, 190.0, 19.0, 'manual'),
  (7, 2, now() - interval '45 days', 40, 420.0, 17.5, 'manual'),
  (8, 2, now() - interval '10 days', 40, 700.0, 16.9, 'camera'),
  (9, 3, now() - interval '400 days', 40, 300.0, 18.0, 'manual'),
  (10, 3, now() - interval '200 days', 40, 2500.0, 15.0, 'manual'),
  (11, 3, now() - interval '40 days', 40, 4400.0, 14.0, 'camera'),
  (12, 4, now() - interval '300 days', 40, 900.0, 16.0, 'manual'),
  (13, 4, now() - interval '120 days', 40, 3100.0, 15.0, 'manual'),
  (14, 4, now() - interval '30 days', 40, 4500.0, 14.5, 'camera');

INSERT INTO public.lice_counts (id, pen_id, counted_at, fish_examined, adult_female_avg, mobile_avg, attached_avg, counted_by) VALUES
  (1, 1, ((current_date - 45)::timestamp + time '10:30') AT TIME ZONE 'Europe/Oslo', 20, 0.18, 0.55, 0.10, 2),
  (2, 2, ((current_date - 14)::timestamp + time '09:45') AT TIME ZONE 'Europe/Oslo', 20, 0.05, 0.20, 0.35, 2),
  (3, 2, ((current_date - 7)::timestamp + time '11:10') AT TIME ZONE 'Europe/Oslo', 20, 0.08, 0.25, 0.30, 1),
  (4, 4, ((current_date - 30)::timestamp + time '14:00') AT TIME ZONE 'Europe/London', 10, 0.40, 1.10, 0.20, 4),
  (5, 8, ((current_date - 6)::timestamp + time '08:20') AT TIME ZONE 'America/Santiago', 30, 1.60, 3.20, 0.90, 6);

INSERT INTO public.mortalities (id, stocking_id, recorded_on, fish_count, cause, comment) VALUES
  (1, 2, current_date - 5, 42, 'unknown', NULL),
  (2, 2, current_date - 4, 35, 'unknown', NULL),
  (3, 2, current_date - 3, 120, 'handling', 'After freshwater treatment'),
  (4, 2, current_date - 2, 48, 'gill_damage', NULL),
  (5, 4, current_date - 2, 60, 'winter_ulcer', NULL),
  (6, 4, current_date - 1, 55, 'disease', 'SRS suspected');

INSERT INTO public.treatments (id, pen_id, method, product_name, vessel_id, started_at, ended_at, withdrawal_days, prescribed_by, notes) VALUES
  (1, 1, 'in_feed', 'Slice vet (emamectin benzoate)', NULL, now() - interval '300 days', now() - interval '293 days', 60, 1, NULL),
  (2, 1, 'thermal', 'Thermolicer', 1, now() - interval '120 days', now() - interval '120 days' + interval '14 hours', 0, 1, NULL),
  (3, 4, 'bath', 'Paramove 50 (hydrogen peroxide)', 2, now() - interval '60 days', now() - interval '60 days' + interval '3 hours', 0, 4, NULL),
  (4, 2, 'freshwater', NULL, 1, now() - interval '4 days', now() - interval '4 days' + interval '4 hours 30 minutes', 0, 1, NULL),
  (5, 8, 'in_feed', 'Slice vet (emamectin benzoate)', NULL, now() - interval '40 days', now() - interval '33 days', 25, 8, NULL);

INSERT INTO public.harvests (id, harvest_no, site_id, pen_id, stocking_id, vessel_id, harvest_date, status, fish_count, gross_weight_kg, created_at) VALUES
  (1, 'H-NO-0001', 1, 1, 1, 1, current_date - 31, 'completed', 171200, 873120.0, now() - interval '60 days'),
  (2, 'H-GB-0001', 3, 4, 3, 2, current_date - 10, 'completed', 88400, 406640.0, now() - interval '40 days'),
  (3, 'H-CL-0001', 5, 8, 4, NULL, current_date + 14, 'planned', NULL, NULL, now() - interval '5 days');

INSERT INTO public.harvest_grades (harvest_id, grade, weight_kg, box_count) VALUES
  (1, 'superior', 640000.0, 32000),
  (1, 'ordinary', 52000.0, 2600),
  (1, 'production', 12000.0, 600),
  (2, 'superior', 310000.0, 15500),
  (2, 'ordinary', 26000.0, 1300),
  (2, 'production', 6500.0, 325);

INSERT INTO public.customers (id, name, country_code, currency_code, vat_number, contact_email, payment_terms_days, created_at) VALUES
  (1, 'Marée Rungis SAS', 'FR', 'EUR', 'FR40303265045', 'achats@mareerungis.fr', 30, now() - interval '900 days'),
  (2, 'Tokyo Suisan Trading KK', 'JP', 'JPY', NULL, 'import@tokyosuisan.co.jp', 45, now() - interval '700 days'),
  (3, 'Atlantic Fresh Seafood Inc.', 'US', 'USD', NULL, 'purchasing@atlanticfresh.com', 30, now() - interval '400 days');

INSERT INTO public.sales_orders (id, order_no, customer_id, ordered_at, ship_date, status, incoterm, currency_code, total_amount) VALUES
  (1, 'SO-0412', 1, now() - interval '33 days', current_date - 30, 'invoiced', 'DAP', 'EUR', 278290.00),
  (2, 'SO-0413', 2, now() - interval '32 days', current_date - 29, 'invoiced', 'CPT', 'JPY', 20304000.00),
  (3, 'SO-0421', 3, now() - interval '12 days', current_date - 8, 'shipped', 'FCA', 'USD', 137200.00);

INSERT INTO public.sales_order_lines (id, order_id, line_no, harvest_id, product_code, size_class, quantity_kg, price_per_kg, line_amount) VALUES
  (1, 1, 1, 1, 'HOG-SUP', '4-5', 19800.0, 8.45, 167310.00),
  (2, 1, 2, 1, 'HOG-SUP', '5-6', 12400.0, 8.95, 110980.00),
  (3, 2, 1, 1, 'HOG-SUP', '5-6', 9600.0, 1450.00, 13920000.00),
  (4, 2, 2, 1, 'HOG-SUP', '6+', 4200.0, 1520.00, 6384000.00),
  (5, 3, 1, 2, 'HOG-SUP', '3-4', 14000.0, 9.80, 137200.00);

INSERT INTO public.environment_readings (id, site_id, measured_at, depth_m, temperature_c, oxygen_mg_l, oxygen_saturation_pct, salinity_psu) VALUES
  (1, 1, now() - interval '1 day', 5.0, 8.4, 9.8, 98.0, 33.5),
  (2, 1, now() - interval '1 day', 15.0, 8.1, 9.6, 95.5, 34.0),
  (3, 3, now() - interval '1 day', 5.0, 11.2, 8.6, 94.0, 31.0),
  (4, 4, now() - interval '2 days', 5.0, 9.6, 9.1, 96.0, 35.0),
  (5, 5, now() - interval '1 day', 5.0, 12.1, 8.2, 92.0, 30.5);

SELECT pg_catalog.setval('public.sites_id_seq', 7, true);
SELECT pg_catalog.setval('public.pens_id_seq', 9, true);
SELECT pg_catalog.setval('public.employees_id_seq', 8, true);
SELECT pg_catalog.setval('public.vessels_id_seq', 2, true);
SELECT pg_catalog.setval('public.cohorts_id_seq', 4, true);
SELECT pg_catalog.setval('public.stockings_id_seq', 4, true);
SELECT pg_catalog.setval('public.feed_products_id_seq', 3, true);
SELECT pg_catalog.setval('public.feedings_id_seq', 6, true);
SELECT pg_catalog.setval('public.weight_samples_id_seq', 14, true);
SELECT pg_catalog.setval('public.lice_counts_id_seq', 5, true);
SELECT pg_catalog.setval('public.mortalities_id_seq', 6, true);
SELECT pg_catalog.setval('public.treatments_id_seq', 5, true);
SELECT pg_catalog.setval('public.harvests_id_seq', 3, true);
SELECT pg_catalog.setval('public.customers_id_seq', 3, true);
SELECT pg_catalog.setval('public.sales_orders_id_seq', 3, true);
SELECT pg_catalog.setval('public.sales_order_lines_id_seq', 5, true);
SELECT pg_catalog.setval('public.environment_readings_id_seq', 5, true);

COMMIT;
