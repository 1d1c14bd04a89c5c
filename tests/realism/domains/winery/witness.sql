BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('USD', 'US dollar', 2), ('CHF', 'Swiss franc', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, standard_vat_rate, wine_excise_per_litre) VALUES
  ('FR', 'France', 'EUR', '33', 20.00, 0.0402),
  ('ES', 'Spain', 'EUR', '34', 21.00, 0.0000),
  ('IT', 'Italy', 'EUR', '39', 22.00, 0.0000),
  ('DE', 'Germany', 'EUR', '49', 19.00, 0.0000),
  ('GB', 'United Kingdom', 'GBP', '44', 20.00, 3.8475),
  ('US', 'United States', 'USD', '1', 0.00, 0.2800),
  ('CH', 'Switzerland', 'CHF', '41', 8.10, 0.0000);

INSERT INTO public.grape_varieties (id, name, colour) VALUES
  (1, 'Cabernet Sauvignon', 'red'), (2, 'Merlot', 'red'), (3, 'Tempranillo', 'red'),
  (4, 'Chardonnay', 'white'), (5, 'Riesling', 'white'), (6, 'Pinot Gris', 'grey');

INSERT INTO public.vineyards (id, name, country_code, region, city, postcode, hectares, established_on) VALUES
  (1, 'Château Les Trois Chênes', 'FR', 'Bordeaux', 'Saint-Émilion', '33330', 42.50, DATE '1952-04-01'),
  (2, 'Bodega Valle Alto', 'ES', 'Rioja', 'Haro', '26200', 65.00, DATE '1971-09-15'),
  (3, 'Weingut Sonnenhang', 'DE', 'Mosel', 'Bernkastel-Kues', '54470', 12.00, DATE '1923-03-01');

INSERT INTO public.parcels (id, vineyard_id, parcel_no, variety_id, area_ha, planted_year) VALUES
  (1, 1, 1, 2, 4.200, 1988),
  (2, 1, 2, 1, 3.100, 1995),
  (3, 2, 1, 3, 8.000, 2001),
  (4, 3, 1, 5, 2.400, 1979);

INSERT INTO public.tanks (id, tank_code, vineyard_id, kind, capacity_litres, in_service) VALUES
  (1, 'BOR-SS-01', 1, 'stainless_steel', 12000.0, true),
  (2, 'BOR-BQ-117', 1, 'oak_barrel', 225.0, true),
  (3, 'HAR-CV-03', 2, 'concrete', 8000.0, true),
  (4, 'BKS-SS-02', 3, 'stainless_steel', 5000.0, true);

INSERT INTO public.lots (id, lot_code, vintage, variety_id, tank_id, volume_litres, status, created_at) VALUES
  (1, 'BOR-2025-MER-01', 2025, 2, 2, 225.0, 'ageing', now() - interval '450 days'),
  (2, 'HAR-2024-TEM-01', 2024, 3, 3, 7600.0, 'bottled', now() - interval '800 days'),
  (3, 'BKS-2026-RIE-01', 2026, 5, 4, 4200.0, 'fermenting', now() - interval '50 days'),
  (4, 'BOR-2025-CS-01', 2025, 1, 1, 9800.0, 'ready', now() - interval '452 days');

INSERT INTO public.harvests (id, parcel_id, lot_id, picked_on, picked_kg, sugar_brix, status) VALUES
  (1, 1, 1, current_date - 451, 330.0, 23.8, 'delivered'),
  (2, 3, 2, current_date - 801, 10900.0, 24.1, 'delivered'),
  (3, 4, 3, current_date - 51, 6200.0, 21.4, 'delivered'),
  (4, 2, 4, current_date - 453, 14000.0, 24.5, 'delivered');

INSERT INTO public.process_steps (id, lot_id, step_no, step_type, tank_id, started_at, ended_at) VALUES
  (1, 1, 1, 'crushing', 2, now() - interval '450 days', now() - interval '450 days' + interval '6 hours'),
  (2, 1, 2, 'fermentation', 2, now() - interval '449 days', now() - interval '437 days'),
  (3, 1, 3, 'malolactic', 2, now() - interval '435 days', now() - interval '400 days'),
  (4, 1, 4, 'barrel_ageing', 2, now() - interval '398 days', NULL),
  (5, 2, 1, 'crushing', 3, now() - interval '800 days', now() - interval '800 days' + interval '8 hours'),
  (6, 2, 2, 'fermentation', 3, now() - interval '799 days', now() - interval '785 days'),
  (7, 2, 3, 'barrel_ageing', NULL, now() - interval '770 days', now() - interval '420 days'),
  (8, 2, 4, 'filtration', 3, now() - interval '418 days', now() - interval '417 days'),
  (9, 3, 1, 'pressing', 4, now() - interval '50 days', now() - interval '50 days' + interval '5 hours'),
  (10, 3, 2, 'fermentation', 4, now() - interval '49 days', NULL),
  (11, 4, 1, 'crushing', 1, now() - interval '452 days', now() - interval '452 days' + interval '7 hours'),
  (12, 4, 2, 'fermentation', 1, now() - interval '451 days', now() - interval '437 days'),
  (13, 4, 3, 'malolactic', 1, now() - interval '436 days', now() - interval '406 days'),
  (14, 4, 4, 'barrel_ageing', NULL, now() - interval '400 days', now() - interval '40 days'),
  (15, 4, 5, 'racking', 1, now() - interval '38 days', now() - interval '38 days' + interval '4 hours');

INSERT INTO public.bottling_lines (id, name, vineyard_id, installed_on) VALUES
  (1, 'Haro line 1', 2, current_date - 3000),
  (2, 'Saint-Émilion mobile line', 1, current_date - 1200);

INSERT INTO public.skus (id, gtin, wine_name, variety_id, vintage, bottle_ml, bottles_per_case, abv, active) VALUES
  (1, '8412345000010', 'Valle Alto Rioja Crianza 2024', 3, 2024, 750, 6, 13.5, true),
  (2, '8412345000027', 'Valle Alto Rioja Crianza 2024 Magnum', 3, 2024, 1500, 3, 13.5, true),
  (3, '3760012345014', 'Château Les Trois Chênes Saint-Émilion 2025', 1, 2025, 750, 6, 14.0, true);

INSERT INTO public.bottling_runs (id, line_id, lot_id, sku_id, started_at, ended_at, counter_start, counter_end, bottles_filled, status) VALUES
  (1, 1, 2, 1,
   (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '58 weeks' + interval '1 day 7 hours') AT TIME ZONE 'UTC',
   (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '58 weeks' + interval '1 day 16 hours') AT TIME ZONE 'UTC',
   1204310, 1209110, 4790, 'completed'),
  (2, 1, 2, 2,
   (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '58 weeks' + interval '2 days 6 hours 30 minutes') AT TIME ZONE 'UTC',
   (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '58 weeks' + interval '2 days 14 hours') AT TIME ZONE 'UTC',
   1209400, 1209905, 500, 'completed');

INSERT INTO public.price_lists (id, name, country_code, currency_code, valid_from, valid_to) VALUES
  (1, 'France trade 2026', 'FR', 'EUR', current_date - 340, NULL),
  (2, 'UK trade 2026', 'GB', 'GBP', current_date - 340, NULL),
  (3, 'Deutschland Handel 2025', 'DE', 'EUR', current_date - 700, current_date - 341),
  (4, 'Deutschland Handel 2026', 'DE', 'EUR', current_date - 340, NULL);

INSERT INTO public.price_list_items (id, price_list_id, sku_id, unit_price) VALUES
  (1, 1, 1, 14.50), (2, 1, 2, 32.00), (3, 2, 1, 12.90), (4, 2, 2, 28.50),
  (5, 3, 1, 14.20), (6, 4, 1, 14.90);

INSERT INTO public.customers (id, name, customer_type, country_code, city, postcode, phone, email, vat_number, excise_number, currency_code, created_at) VALUES
  (1, 'Cave des Chartrons SARL', 'distributor', 'FR', 'Bordeaux', '33000', '+33 5 56 44 12 87', 'achats@cavedeschartrons.fr', 'FR40303265045', 'FR012345E0123', 'EUR', now() - interval '600 days'),
  (2, 'Hawthorn & Vine Ltd', 'importer', 'GB', 'London', 'EC1V 9HX', '+44 20 7946 0321', 'buying@hawthornvine.co.uk', 'GB123456789', 'GBWK123456789', 'GBP', now() - interval '500 days'),
  (3, 'Weinhandel Lindner GmbH', 'retailer', 'DE', 'München', '80331', '+49 89 2318 4410', 'einkauf@weinhandel-lindner.de', 'DE129273398', 'DE00123456789', 'EUR', now() - interval '400 days');

INSERT INTO public.orders (id, order_no, customer_id, price_list_id, ordered_at, requested_delivery_on, status, currency_code, total_net) VALUES
  (1, 'WO-2026-00101', 1, 1, now() - interval '120 days', current_date - 112, 'delivered', 'EUR', 2124.00),
  (2, 'WO-2026-00102', 2, 2, now() - interval '90 days', current_date - 80, 'delivered', 'GBP', 7740.00),
  (3, 'WO-2026-00103', 3, 4, now() - interval '60 days', current_date - 53, 'delivered', 'EUR', 3576.00),
  (4, 'WO-2026-00104', 1, 1, now() - interval '10 days', current_date - 4, 'shipped', 'EUR', 768.00),
  (5, 'WO-2026-00105', 2, 2, now() - interval '3 days', current_date + 9, 'confirmed', 'GBP', 774.00),
  (6, 'WO-2026-00106', 3, 4, now() - interval '20 days', current_date - 12, 'cancelled', 'EUR', 536.40);

INSERT INTO public.order_lines (id, order_id, line_no, sku_id, quantity_bottles, unit_price, line_total) VALUES
  (1, 1, 1, 1, 120, 14.50, 1740.00),
  (2, 1, 2, 2, 12, 32.00, 384.00),
  (3, 2, 1, 1, 600, 12.90, 7740.00),
  (4, 3, 1, 1, 240, 14.90, 3576.00),
  (5, 4, 1, 2, 24, 32.00, 768.00),
  (6, 5, 1, 1, 60, 12.90, 774.00),
  (7, 6, 1, 1, 36, 14.90, 536.40);

INSERT INTO public.shipments (id, shipment_no, order_id, carrier, destination_country, status, shipped_at, delivered_at, litres, excise_duty, currency_code) VALUES
  (1, 'SHP-000101', 1, 'Kuehne+Nagel', 'FR', 'delivered', now() - interval '118 days', now() - interval '116 days', 108.00, 4.34, 'EUR'),
  (2, 'SHP-000102', 2, 'DHL Freight', 'GB', 'delivered', now() - interval '87 days', now() - interval '83 days', 450.00, 1731.38, 'GBP'),
  (3, 'SHP-000103', 3, 'DB Schenker', 'DE', 'delivered', now() - interval '57 days', now() - interval '55 days', 180.00, 0.00, 'EUR'),
  (4, 'SHP-000104', 4, 'Kuehne+Nagel', 'FR', 'in_transit', now() - interval '8 days', NULL, 36.00, 1.45, 'EUR');

INSERT INTO public.invoices (id, invoice_no, order_id, customer_id, shipment_id, issued_at, due_on, currency_code, net_amount, excise_amount, vat_amount, gross_amount, status) VALUES
  (1, 'INV-2026-0501', 1, 1, 1, now() - interval '118 days', current_date - 88, 'EUR', 2124.00, 4.34, 425.67, 2554.01, 'paid'),
  (2, 'INV-2026-0502', 2, 2, 2, now() - interval '87 days', current_date - 57, 'GBP', 7740.00, 1731.38, 0.00, 9471.38, 'paid'),
  (3, 'INV-2026-0503', 3, 3, 3, now() - interval '57 days', current_date - 27, 'EUR', 3576.00, 0.00, 0.00, 3576.00, 'paid'),
  (4, 'INV-2026-0504', 4, 1, 4, now() - interval '8 days', current_date + 22, 'EUR', 768.00, 1.45, 153.89, 923.34, 'issued');

COMMIT;
