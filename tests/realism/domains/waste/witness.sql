BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('PLN', 'Polish zloty', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('PL', 'Poland', 'PLN', '+48', 23.00);

INSERT INTO public.depots (id, country_code, name, street, city, postcode, phone, opened_on) VALUES
  (1, 'GB', 'Leeds Depot', 'Cross Green Industrial Estate', 'Leeds', 'LS9 0SG', '+44 113 248 1000', DATE '2009-04-01'),
  (2, 'DE', 'Betriebshof Köln-Ost', 'Maarweg 120', 'Köln', '50825', '+49 221 555 2300', DATE '2012-09-15'),
  (3, 'PL', 'Baza Poznań', 'ul. Gdyńska 54', 'Poznań', '61-016', '+48 61 833 4400', DATE '2016-02-01');

INSERT INTO public.facilities (id, country_code, name, kind, operator_name, permit_number, city, postcode, gate_fee_per_tonne, currency_code) VALUES
  (1, 'GB', 'Skelton Grange Energy Recovery Facility', 'energy_from_waste', 'Veolia', 'EPR/BP3533CX', 'Leeds', 'LS9 0RS', 98.50, 'GBP'),
  (2, 'GB', 'Leeds MRF', 'mrf', 'Own operation', 'EPR/AB1234CD', 'Leeds', 'LS10 1RL', 35.00, 'GBP'),
  (3, 'DE', 'Deponie Vereinigte Ville', 'landfill', 'AVG Köln', 'DE-NW-53-2011', 'Hürth', '50354', 120.00, 'EUR');

INSERT INTO public.customers (id, country_code, kind, name, vat_number, email, phone, billing_street, billing_city, billing_postcode, created_at) VALUES
  (1, 'GB', 'commercial', 'Kirkgate Bakery Ltd', 'GB123456789', 'accounts@kirkgatebakery.co.uk', '+44 113 243 7788', '12 Kirkgate', 'Leeds', 'LS2 7DJ', now() - interval '3 years'),
  (2, 'DE', 'commercial', 'Rheinblick Gastronomie GmbH', 'DE811223344', 'buchhaltung@rheinblick.de', '+49 221 987 6543', 'Frankenwerft 19', 'Köln', '50667', now() - interval '2 years'),
  (3, 'PL', 'municipal', 'Gmina Suchy Las', NULL, 'odpady@suchylas.pl', '+48 61 892 6200', 'ul. Szkolna 13', 'Suchy Las', '62-002', now() - interval '400 days');

INSERT INTO public.premises (id, customer_id, label, street, city, postcode, country_code, latitude, longitude, access_notes) VALUES
  (1, 1, 'Kirkgate shop', '12 Kirkgate', 'Leeds', 'LS2 7DJ', 'GB', 53.797300, -1.540100, 'Bins in rear yard'),
  (2, 1, 'Bakehouse', '5 Marsh Lane', 'Leeds', 'LS9 8AG', 'GB', 53.796200, -1.530500, NULL),
  (3, 2, 'Restaurant', 'Frankenwerft 19', 'Köln', '50667', 'DE', 50.936800, 6.962900, 'Hof über Einfahrt'),
  (4, 3, 'Szkoła Podstawowa', 'ul. Szkolna 13', 'Suchy Las', '62-002', 'PL', 52.476600, 16.880500, NULL);

INSERT INTO public.container_types (id, code, kind, waste_stream, volume_litres, max_load_kg) VALUES
  (1, 'WB240-GEN', 'wheelie_bin', 'general', 240, 96),
  (2, 'WB360-DMR', 'wheelie_bin', 'dry_mixed_recycling', 360, 144),
  (3, 'BB1100-GEN', 'bulk_bin', 'general', 1100, 440),
  (4, 'SK6YD-CON', 'skip', 'construction', 4600, 8000),
  (5, 'RO30M3-PAP', 'roll_off', 'paper_cardboard', 30000, 12000);

INSERT INTO public.containers (id, premises_id, container_type_id, serial_number, rfid_tag, installed_on, removed_on) VALUES
  (1, 1, 1, 'GB-LDS-000481', 'E2003412B802011A', current_date - 900, NULL),
  (2, 1, 2, 'GB-LDS-000482', 'E2003412B802011B', current_date - 900, NULL),
  (3, 2, 3, 'GB-LDS-001207', 'E2003412B8020C4F', current_date - 500, NULL),
  (4, 3, 3, 'DE-KOE-004410', 'E2003412B8021D02', current_date - 600, NULL),
  (5, 3, 2, 'DE-KOE-004411', NULL, current_date - 600, current_date - 30);

INSERT INTO public.contracts (id, customer_id, contract_number, currency_code, valid_from, valid_to, status, signed_at) VALUES
  (1, 1, 'GB-C-2023-00412', 'GBP', current_date - 1000, NULL, 'active', now() - interval '1005 days'),
  (2, 2, 'DE-V-2024-01877', 'EUR', current_date - 700, current_date + 395, 'active', now() - interval '705 days'),
  (3, 3, 'PL-U-2025-00031', 'PLN', current_date - 400, current_date + 330, 'active', now() - interval '410 days');

INSERT INTO public.contract_lines (contract_id, line_no, premises_id, container_type_id, quantity, lifts_per_week, price_per_lift) VALUES
  (1, 1, 1, 1, 1, 2.0, 9.50),
  (1, 2, 1, 2, 1, 1.0, 6.75),
  (1, 3, 2, 3, 1, 3.0, 21.40),
  (2, 1, 3, 3, 1, 2.0, 24.90),
  (3, 1, 4, 3, 2, 1.0, 58.00);

INSERT INTO public.trucks (id, depot_id, registration, make, model, body_type, payload_capacity_kg, gross_vehicle_weight_kg, commissioned_on, status) VALUES
  (1, 1, 'YX19 KDN', 'Dennis Eagle', 'Elite 6', 'rear_loader', 10500, 26000, DATE '2019-06-01', 'in_service'),
  (2, 1, 'YX21 BRV', 'Mercedes-Benz', 'Econic 2630', 'rear_loader', 11000, 26000, DATE '2021-03-15', 'in_service'),
  (3, 2, 'K-AW 4821', 'MAN', 'TGS 26.320', 'side_loader', 9800, 26000, DATE '2020-10-01', 'in_service');

INSERT INTO public.drivers (id, depot_id, first_name, last_name, licence_number, date_of_birth, hired_on, left_on) VALUES
  (1, 1, 'Gary', 'Whitaker', 'WHITA703152G99AB', DATE '1970-03-15', DATE '2011-05-02', NULL),
  (2, 1, 'Priya', 'Sandhu', 'SANDH856224P99CD', DATE '1985-06-22', DATE '2018-09-10', NULL),
  (3, 2, 'Jürgen', 'Becker', 'B072M1234X5', DATE '1978-11-04', DATE '2013-01-15', NULL);

INSERT INTO public.routes (id, depot_id, code, name, waste_stream, weekday, active) VALUES
  (1, 1, 'LDS-TUE-GEN-01', 'Leeds City Centre Trade Waste', 'general', 2, true),
  (2, 1, 'LDS-WED-DMR-01', 'Leeds City Centre Recycling', 'dry_mixed_recycling', 3, true),
  (3, 2, 'KOE-TUE-GEN-01', 'Köln Altstadt Gewerbe', 'general', 2, true);

INSERT INTO public.route_stops (route_id, stop_seq, premises_id, service_seconds) VALUES
  (1, 1, 1, 45),
  (1, 2, 2, 120),
  (2, 1, 1, 40),
  (3, 1, 3, 150);

INSERT INTO public.collection_rounds (id, route_id, truck_id, driver_id, round_date, status, started_at, finished_at, odometer_start_km, odometer_end_km) VALUES
  (1, 1, 1, 1, date_trunc('week', current_date::timestamp)::date - 6, 'completed',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '06:05') AT TIME ZONE 'UTC',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '13:40') AT TIME ZONE 'UTC', 148210, 148342),
  (2, 2, 1, 2, date_trunc('week', current_date::timestamp)::date - 5, 'completed',
      ((date_trunc('week', current_date::timestamp)::date - 5) + time '06:15') AT TIME ZONE 'UTC',
      ((date_trunc('week', current_date::timestamp)::date - 5) + time '12:55') AT TIME ZONE 'UTC', 148347, 148466),
  (3, 3, 3, 3, date_trunc('week', current_date::timestamp)::date - 6, 'completed',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '05:00') AT TIME ZONE 'UTC',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '12:30') AT TIME ZONE 'UTC', 203115, 203221),
  (4, 1, 2, 1, date_trunc('week', current_date::timestamp)::date + 8, 'planned', NULL, NULL, NULL, NULL);

INSERT INTO public.collection_events (round_id, event_seq, route_stop_seq, container_id, collected_at, outcome, estimated_weight_kg) VALUES
  (1, 1, 1, 1, ((date_trunc('week', current_date::timestamp)::date - 6) + time '06:42') AT TIME ZONE 'UTC', 'collected', 38.5),
  (1, 2, 2, 3, ((date_trunc('week', current_date::timestamp)::date - 6) + time '06:51') AT TIME ZONE 'UTC', 'collected', 162.0),
  (2, 1, 1, 2, ((date_trunc('week', current_date::timestamp)::date - 5) + time '07:03') AT TIME ZONE 'UTC', 'collected', 21.0),
  (3, 1, 1, 4, ((date_trunc('week', current_date::timestamp)::date - 6) + time '05:48') AT TIME ZONE 'UTC', 'collected', 188.5);

INSERT INTO public.weighbridge_tickets (id, ticket_number, facility_id, truck_id, round_id, ewc_code, weighed_in_at, weighed_out_at, gross_kg, tare_kg, net_kg, rejected, rejection_reason) VALUES
  (1, 'SKG-0045117', 1, 1, 1, '20 03 01',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '13:05') AT TIME ZONE 'UTC',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '13:14') AT TIME ZONE 'UTC', 24380, 15120, 9260, false, NULL),
  (2, 'MRF-0012809', 2, 1, 2, '15 01 06',
      ((date_trunc('week', current_date::timestamp)::date - 5) + time '12:20') AT TIME ZONE 'UTC',
      ((date_trunc('week', current_date::timestamp)::date - 5) + time '12:31') AT TIME ZONE 'UTC', 20240, 15110, 5130, false, NULL),
  (3, 'VV-2025-88311', 3, 3, 3, '200301',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '11:50') AT TIME ZONE 'UTC',
      ((date_trunc('week', current_date::timestamp)::date - 6) + time '12:02') AT TIME ZONE 'UTC', 23910, 14650, 9260, false, NULL),
  (4, 'SKG-0045190', 1, 2, NULL, '20 03 07',
      now() - interval '2 days 3 hours',
      now() - interval '2 days 2 hours 50 minutes', 22100, 15300, 6800, false, NULL);

INSERT INTO public.invoices (id, invoice_number, customer_id, contract_id, currency_code, period_start, period_end, issued_on, due_on, status, subtotal, tax_amount, total, paid_at) VALUES
  (1, 'INV-GB-2026-104411', 1, 1, 'GBP', current_date - 65, current_date - 36, current_date - 35, current_date - 5, 'paid', 286.90, 57.38, 344.28, now() - interval '10 days'),
  (2, 'INV-DE-2026-077310', 2, 2, 'EUR', current_date - 65, current_date - 36, current_date - 35, current_date - 5, 'overdue', 199.20, 37.85, 237.05, NULL),
  (3, 'INV-GB-2026-109877', 1, 1, 'GBP', current_date - 35, current_date - 6, current_date - 5, current_date + 25, 'issued', 95.00, 19.00, 114.00, NULL),
  (4, 'INV-PL-2026-000412', 3, 3, 'PLN', current_date - 35, current_date - 6, current_date - 5, current_date + 25, 'issued', 464.00, 106.72, 570.72, NULL);

INSERT INTO public.invoice_lines (invoice_id, line_no, description, container_type_id, quantity, unit_price, amount) VALUES
  (1, 1, '240 l general waste lifts', 1, 8.00, 9.50, 76.00),
  (1, 2, '360 l recycling lifts', 2, 4.00, 6.75, 27.00),
  (1, 3, '1100 l general waste lifts', 3, 8.00, 21.40, 171.20),
  (1, 4, 'Duty of care waste transfer note', NULL, 1.00, 12.70, 12.70),
  (2, 1, 'Leerung 1100 l Restmüll', 3, 8.00, 24.90, 199.20),
  (3, 1, '240 l general waste lifts', 1, 10.00, 9.50, 95.00),
  (4, 1, 'Odbiór pojemnika 1100 l', 3, 8.00, 58.00, 464.00);

COMMIT;
