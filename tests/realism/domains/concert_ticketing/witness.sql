BEGIN;

INSERT INTO public.currencies (code, name, symbol, minor_units) VALUES
  ('GBP', 'Pound sterling', '£', 2),
  ('EUR', 'Euro', '€', 2),
  ('USD', 'US dollar', '$', 2),
  ('SEK', 'Swedish krona', 'kr', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix, vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('IE', 'Ireland', 'EUR', '+353', 23.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('NL', 'Netherlands', 'EUR', '+31', 21.00),
  ('SE', 'Sweden', 'SEK', '+46', 25.00),
  ('US', 'United States', 'USD', '+1', NULL);

INSERT INTO public.cities (id, country_code, name, timezone, latitude, longitude) VALUES
  (1, 'GB', 'London', 'Europe/London', 51.507400, -0.127800),
  (2, 'DE', 'Berlin', 'Europe/Berlin', 52.520000, 13.405000),
  (3, 'NL', 'Amsterdam', 'Europe/Amsterdam', 52.367600, 4.904100),
  (4, 'US', 'Chicago', 'America/Chicago', 41.878100, -87.629800),
  (5, 'SE', 'Stockholm', 'Europe/Stockholm', 59.329300, 18.068600);

INSERT INTO public.genres (id, name) VALUES
  (1, 'Rock'), (2, 'Pop'), (3, 'Electronic'), (4, 'Jazz'), (5, 'Indie');

INSERT INTO public.artists (id, name, genre_id, origin_country, formed_year, website, created_at) VALUES
  (1, 'The Harbour Lights', 5, 'GB', 2011, 'https://harbourlights.co.uk', now() - interval '700 days'),
  (2, 'Nora Vellinga', 2, 'NL', 2016, 'https://noravellinga.nl', now() - interval '650 days'),
  (3, 'Kaltfront', 3, 'DE', 2009, NULL, now() - interval '640 days'),
  (4, 'Mabel & the Moths', 1, 'US', 2014, 'https://mabelandthemoths.com', now() - interval '600 days'),
  (5, 'Linnea Dahl Quartet', 4, 'SE', 2018, NULL, now() - interval '500 days'),
  (6, 'Paper Foxes', 5, 'IE', 2019, 'https://paperfoxes.ie', now() - interval '450 days');

INSERT INTO public.promoters (id, name, country_code, contact_email, vat_number, commission_pct) VALUES
  (1, 'Northbank Live Ltd', 'GB', 'bookings@northbanklive.co.uk', 'GB123456789', 12.50),
  (2, 'Spree Konzerte GmbH', 'DE', 'info@spree-konzerte.de', 'DE812345678', 10.00),
  (3, 'Lakeside Presents LLC', 'US', 'shows@lakesidepresents.com', NULL, 15.00);

INSERT INTO public.venues (id, city_id, name, address_line, postal_code, capacity, opened_year, is_active) VALUES
  (1, 1, 'Riverside Hall', '14 Wharf Road', 'N1 7GR', 3000, 1998, true),
  (2, 2, 'Halle am Kanal', 'Schlesische Straße 38', '10997', 1800, 2006, true),
  (3, 3, 'Paradijs Zaal', 'Weteringschans 6', '1017 SG', 1500, 1968, true),
  (4, 4, 'The Marlowe Theater', '3145 N Sheffield Ave', '60657', 2200, 1927, true),
  (5, 5, 'Södra Scenen', 'Götgatan 41', '118 26', 900, 2012, true);

INSERT INTO public.venue_sections (id, venue_id, code, name, section_type, capacity) VALUES
  (1, 1, 'FLR', 'Main floor', 'standing', 2000),
  (2, 1, 'BAL', 'Balcony', 'seated', 950),
  (3, 1, 'BOX', 'Boxes', 'box', 50),
  (4, 2, 'FLR', 'Innenraum', 'standing', 1500),
  (5, 2, 'RNG', 'Rang', 'seated', 300),
  (6, 3, 'FLR', 'Zaal', 'standing', 1100),
  (7, 3, 'BAL', 'Balkon', 'seated', 400),
  (8, 4, 'ORC', 'Orchestra', 'seated', 1400),
  (9, 4, 'MEZ', 'Mezzanine', 'seated', 700),
  (10, 4, 'ACC', 'Accessible seating', 'accessible', 100),
  (11, 5, 'FLR', 'Golv', 'standing', 600),
  (12, 5, 'BAL', 'Balkong', 'seated', 300);

INSERT INTO public.venue_gates (id, venue_id, name, is_accessible) VALUES
  (1, 1, 'Gate A', true),
  (2, 1, 'Gate B', false),
  (3, 2, 'Haupteingang', true),
  (4, 3, 'Ingang Noord', true),
  (5, 4, 'Main Entrance', true),
  (6, 5, 'Entré', true);

INSERT INTO public.tours (id, artist_id, name, first_show_on, last_show_on) VALUES
  (1, 1, 'Lanterns Over Water Tour', current_date - 10, current_date + 12),
  (2, 4, 'Moth to a Flame Tour', current_date - 5, current_date + 40),
  (3, 3, 'Nachtfahrt Tour', current_date + 30, current_date + 50);

INSERT INTO public.events (id, event_code, title, tour_id, venue_id, promoter_id, doors_open_at, starts_at, ends_at, on_sale_at, currency_code, status, min_age, created_at) VALUES
  (1, 'LDN-RVH-0412', 'The Harbour Lights + Paper Foxes', 1, 1, 1,
     ((current_date - 10) + time '18:30') AT TIME ZONE 'Europe/London',
     ((current_date - 10) + time '19:30') AT TIME ZONE 'Europe/London',
     ((current_date - 10) + time '22:45') AT TIME ZONE 'Europe/London',
     now() - interval '90 days', 'GBP', 'completed', 14, now() - interval '120 days'),
  (2, 'BER-HAK-0233', 'The Harbour Lights + Paper Foxes', 1, 2, 2,
     ((current_date + 12) + time '19:00') AT TIME ZONE 'Europe/Berlin',
     ((current_date + 12) + time '20:00') AT TIME ZONE 'Europe/Berlin',
     ((current_date + 12) + time '23:00') AT TIME ZONE 'Europe/Berlin',
     now() - interval '40 days', 'EUR', 'on_sale', NULL, now() - interval '70 days'),
  (3, 'AMS-PDZ-0907', 'Nora Vellinga', NULL, 3, 2,
     ((current_date + 25) + time '19:30') AT TIME ZONE 'Europe/Amsterdam',
     ((current_date + 25) + time '20:30') AT TIME ZONE 'Europe/Amsterdam',
     ((current_date + 25) + time '22:45') AT TIME ZONE 'Europe/Amsterdam',
     now() - interval '60 days', 'EUR', 'sold_out', NULL, now() - interval '95 days'),
  (4, 'CHI-MRL-0118', 'Mabel & the Moths with Paper Foxes', 2, 4, 3,
     ((current_date - 5) + time '19:00') AT TIME ZONE 'America/Chicago',
     ((current_date - 5) + time '20:00') AT TIME ZONE 'America/Chicago',
     ((current_date - 5) + time '22:30') AT TIME ZONE 'America/Chicago',
     now() - interval '75 days', 'USD', 'completed', 18, now() - interval '110 days'),
  (5, 'STO-SSC-0061', 'Linnea Dahl Quartet', NULL, 5, 1,
     ((current_date + 80) + time '18:30') AT TIME ZONE 'Europe/Stockholm',
     ((current_date + 80) + time '19:00') AT TIME ZONE 'Europe/Stockholm',
     ((current_date + 80) + time '21:00') AT TIME ZONE 'Europe/Stockholm',
     now() + interval '5 days', 'SEK', 'scheduled', NULL, now() - interval '10 days'),
  (6, 'BER-HAK-0241', 'Kaltfront – Nachtfahrt', 3, 2, 2,
     ((current_date + 30) + time '20:00') AT TIME ZONE 'Europe/Berlin',
     ((current_date + 30) + time '21:00') AT TIME ZONE 'Europe/Berlin',
     ((current_date + 30) + time '23:30') AT TIME ZONE 'Europe/Berlin',
     now() - interval '20 days', 'EUR', 'cancelled', 16, now() - interval '45 days');

INSERT INTO public.event_lineup (event_id, slot_no, artist_id, set_start, set_minutes, is_headliner) VALUES
  (1, 1, 6, ((current_date - 10) + time '19:30') AT TIME ZONE 'Europe/London', 45, false),
  (1, 2, 1, ((current_date - 10) + time '20:45') AT TIME ZONE 'Europe/London', 105, true),
  (2, 1, 6, ((current_date + 12) + time '20:00') AT TIME ZONE 'Europe/Berlin', 40, false),
  (2, 2, 1, ((current_date + 12) + time '21:00') AT TIME ZONE 'Europe/Berlin', 100, true),
  (3, 1, 2, ((current_date + 25) + time '20:30') AT TIME ZONE 'Europe/Amsterdam', 110, true),
  (4, 1, 6, ((current_date - 5) + time '20:00') AT TIME ZONE 'America/Chicago', 35, false),
  (4, 2, 4, ((current_date - 5) + time '20:50') AT TIME ZONE 'America/Chicago', 90, true),
  (5, 1, 5, ((current_date + 80) + time '19:00') AT TIME ZONE 'Europe/Stockholm', 100, true),
  (6, 1, 3, ((current_date + 30) + time '21:00') AT TIME ZONE 'Europe/Berlin', 120, true);

INSERT INTO public.price_tiers (id, event_id, section_id, name, face_value, booking_fee, quota) VALUES
  (1, 1, 1, 'General admission standing', 38.50, 4.25, 2000),
  (2, 1, 2, 'Balcony seated', 52.00, 5.50, 950),
  (3, 1, 3, 'Box (4 seats)', 95.00, 8.00, 50),
  (4, 2, 4, 'Stehplatz', 42.00, 4.60, 1500),
  (5, 2, 5, 'Sitzplatz Rang', 55.00, 5.80, 300),
  (6, 3, 6, 'Staanplaats', 35.00, 3.50, 1100),
  (7, 3, 7, 'Balkon zitplaats', 45.00, 4.00, 400),
  (8, 4, 8, 'Orchestra', 65.00, 9.75, 1400),
  (9, 4, 9, 'Mezzanine', 49.50, 7.50, 700),
  (10, 4, 10, 'Accessible', 49.50, 7.50, 100),
  (11, 5, 11, 'Ståplats', 395.00, 35.00, 600),
  (12, 5, 12, 'Sittplats balkong', 495.00, 45.00, 300),
  (13, 6, 4, 'Stehplatz', 39.00, 4.30, 1500);

INSERT INTO public.customers (id, email, first_name, last_name, country_code, phone, birth_date, marketing_opt_in, created_at) VALUES
  (1, 'oliver.bennett@example.co.uk', 'Oliver', 'Bennett', 'GB', '+447700900123', '1990-04-12', true, now() - interval '400 days'),
  (2, 'sophie.mueller@example.de', 'Sophie', 'Müller', 'DE', '+4915123456789', '1985-09-30', false, now() - interval '300 days'),
  (3, 'daan.devries@example.nl', 'Daan', 'de Vries', 'NL', '+31612345678', '1998-02-14', true, now() - interval '200 days'),
  (4, 'emily.carter@example.com', 'Emily', 'Carter', 'US', '+13125550147', '1979-11-03', false, now() - interval '500 days'),
  (5, 'erik.lindqvist@example.se', 'Erik', 'Lindqvist', 'SE', '+46701234567', '2001-06-21', true, now() - interval '120 days'),
  (6, 'aoife.byrne@example.ie', 'Aoife', 'Byrne', 'IE', '+353871234567', '1994-08-08', false, now() - interval '150 days');

INSERT INTO public.orders (id, order_number, customer_id, placed_at, channel, status, currency_code, subtotal, fees_total, total_amount, promo_code) VALUES
  (1, 'TK-2041873', 1, now() - interval '85 days 3 hours', 'web', 'paid', 'GBP', 77.00, 8.50, 85.50, NULL),
  (2, 'TK-2042210', 4, now() - interval '70 days 5 hours', 'app', 'paid', 'USD', 179.50, 27.00, 206.50, NULL),
  (3, 'TK-2042655', 3, now() - interval '55 days 2 hours', 'web', 'paid', 'EUR', 105.00, 10.50, 115.50, NULL),
  (4, 'TK-2042790', 1, now() - interval '50 days 7 hours', 'phone', 'paid', 'GBP', 380.00, 32.00, 412.00, NULL),
  (5, 'TK-2043318', 2, now() - interval '35 days 1 hour', 'web', 'paid', 'EUR', 110.00, 11.60, 121.60, NULL),
  (6, 'TK-2043502', 6, now() - interval '30 days 4 hours', 'app', 'cancelled', 'EUR', 42.00, 4.60, 46.60, NULL),
  (7, 'TK-2044017', 2, now() - interval '15 days 6 hours', 'web', 'refunded', 'EUR', 78.00, 8.60, 86.60, NULL),
  (8, 'TK-2044190', 5, now() - interval '12 days 2 hours', 'web', 'paid', 'EUR', 90.00, 8.00, 98.00, NULL),
  (9, 'TK-2044426', 4, now() - interval '6 days 3 hours', 'web', 'paid', 'USD', 49.50, 7.50, 57.00, NULL);

INSERT INTO public.order_lines (order_id, line_no, price_tier_id, quantity, unit_price, fee_per_ticket) VALUES
  (1, 1, 1, 2, 38.50, 4.25),
  (2, 1, 8, 2, 65.00, 9.75),
  (2, 2, 10, 1, 49.50, 7.50),
  (3, 1, 6, 3, 35.00, 3.50),
  (4, 1, 3, 4, 95.00, 8.00),
  (5, 1, 5, 2, 55.00, 5.80),
  (6, 1, 4, 1, 42.00, 4.60),
  (7, 1, 13, 2, 39.00, 4.30),
  (8, 1, 7, 2, 45.00, 4.00),
  (9, 1, 9, 1, 49.50, 7.50);

INSERT INTO public.payments (id, order_id, provider, provider_ref, card_brand, amount, currency_code, status, created_at) VALUES
  (1, 1, 'stripe', 'pi_3Nf8kQ2eZvKYlo2C1a7xR0bd', 'visa', 85.50, 'GBP', 'captured', now() - interval '85 days 3 hours' + interval '1 minute'),
  (2, 2, 'stripe', 'pi_3Ng1uL2eZvKYlo2C0Yt4mP9q', 'amex', 206.50, 'USD', 'captured', now() - interval '70 days 5 hours' + interval '1 minute'),
  (3, 3, 'adyen', 'JQ7WZ4N2K8X5R3T1', 'mastercard', 115.50, 'EUR', 'captured', now() - interval '55 days 2 hours' + interval '1 minute'),
  (4, 4, 'stripe', 'pi_3NhB0c2eZvKYlo2C1kD8sW2e', 'visa', 412.00, 'GBP', 'captured', now() - interval '50 days 7 hours' + interval '2 minutes'),
  (5, 5, 'adyen', 'LP2XK9M4V6Q8N1B7', 'visa', 121.60, 'EUR', 'captured', now() - interval '35 days 1 hour' + interval '1 minute'),
  (6, 6, 'adyen', 'MR5TB3W8C1Z6Y4H2', 'mastercard', 46.60, 'EUR', 'declined', now() - interval '30 days 4 hours' + interval '1 minute'),
  (7, 7, 'adyen', 'NS8FD1Q5J7L3P9A6', 'visa', 86.60, 'EUR', 'captured', now() - interval '15 days 6 hours' + interval '1 minute'),
  (8, 8, 'klarna', 'kl_5c2f9e71a0b3', NULL, 98.00, 'EUR', 'captured', now() - interval '12 days 2 hours' + interval '1 minute'),
  (9, 9, 'stripe', 'pi_3NkZ7r2eZvKYlo2C0pQ3vB5n', 'discover', 57.00, 'USD', 'captured', now() - interval '6 days 3 hours' + interval '1 minute');

INSERT INTO public.refunds (id, order_id, payment_id, amount, reason, refunded_at) VALUES
  (1, 7, 7, 86.60, 'event_cancelled', now() - interval '3 days');

INSERT INTO public.tickets (id, order_id, line_no, event_id, price_tier_id, barcode, seat_row, seat_number, holder_name, status, issued_at) VALUES
  (1, 1, 1, 1, 1, '4810273956120481', NULL, NULL, 'Oliver Bennett', 'scanned', now() - interval '85 days 3 hours' + interval '2 minutes'),
  (2, 1, 1, 1, 1, '4810273956120498', NULL, NULL, 'Grace Bennett', 'scanned', now() - interval '85 days 3 hours' + interval '2 minutes'),
  (3, 2, 1, 4, 8, '7305518842096613', 'F', 11, 'Emily Carter', 'scanned', now() - interval '70 days 5 hours' + interval '2 minutes'),
  (4, 2, 1, 4, 8, '7305518842096620', 'F', 12, 'Jason Carter', 'scanned', now() - interval '70 days 5 hours' + interval '2 minutes'),
  (5, 2, 2, 4, 10, '7305518842096637', 'W', 1, 'Ruth Carter', 'scanned', now() - interval '70 days 5 hours' + interval '2 minutes'),
  (6, 3, 1, 3, 6, '5529103847261105', NULL, NULL, 'Daan de Vries', 'issued', now() - interval '55 days 2 hours' + interval '2 minutes'),
  (7, 3, 1, 3, 6, '5529103847261112', NULL, NULL, 'Lotte Bakker', 'transferred', now() - interval '55 days 2 hours' + interval '2 minutes'),
  (8, 3, 1, 3, 6, '5529103847261129', NULL, NULL, 'Sem Janssen', 'issued', now() - interval '55 days 2 hours' + interval '2 minutes'),
  (9, 4, 1, 1, 3, '4810274409815527', 'B2', 1, 'Oliver Bennett', 'scanned', now() - interval '50 days 7 hours' + interval '3 minutes'),
  (10, 4, 1, 1, 3, '4810274409815534', 'B2', 2, 'Hannah Price', 'scanned', now() - interval '50 days 7 hours' + interval '3 minutes'),
  (11, 4, 1, 1, 3, '4810274409815541', 'B2', 3, 'Tom Price', 'scanned', now() - interval '50 days 7 hours' + interval '3 minutes'),
  (12, 4, 1, 1, 3, '4810274409815558', 'B2', 4, 'Alice Ward', 'scanned', now() - interval '50 days 7 hours' + interval '3 minutes'),
  (13, 5, 1, 2, 5, '6120937745018826', 'C', 21, 'Sophie Müller', 'issued', now() - interval '35 days 1 hour' + interval '2 minutes'),
  (14, 5, 1, 2, 5, '6120937745018833', 'C', 22, 'Jonas Weber', 'issued', now() - interval '35 days 1 hour' + interval '2 minutes'),
  (15, 7, 1, 6, 13, '6120940083317702', NULL, NULL, 'Sophie Müller', 'voided', now() - interval '15 days 6 hours' + interval '2 minutes'),
  (16, 7, 1, 6, 13, '6120940083317719', NULL, NULL, 'Jonas Weber', 'voided', now() - interval '15 days 6 hours' + interval '2 minutes'),
  (17, 8, 1, 3, 7, '5529108815530247', 'D', 5, 'Erik Lindqvist', 'issued', now() - interval '12 days 2 hours' + interval '2 minutes'),
  (18, 8, 1, 3, 7, '5529108815530254', 'D', 6, 'Maja Holm', 'issued', now() - interval '12 days 2 hours' + interval '2 minutes'),
  (19, 9, 1, 4, 9, '7305520193380145', 'K', 8, 'Emily Carter', 'scanned', now() - interval '6 days 3 hours' + interval '2 minutes');

INSERT INTO public.ticket_scans (id, ticket_id, gate_id, scanned_at, result, device_id) VALUES
  (1, 1, 1, ((current_date - 10) + time '18:41') AT TIME ZONE 'Europe/London', 'accepted', 'RVH-A-03'),
  (2, 2, 1, ((current_date - 10) + time '18:41') AT TIME ZONE 'Europe/London', 'accepted', 'RVH-A-03'),
  (3, 1, 2, ((current_date - 10) + time '19:04') AT TIME ZONE 'Europe/London', 'rejected_duplicate', 'RVH-B-01'),
  (4, 9, 2, ((current_date - 10) + time '19:12') AT TIME ZONE 'Europe/London', 'accepted', 'RVH-B-01'),
  (5, 10, 2, ((current_date - 10) + time '19:12') AT TIME ZONE 'Europe/London', 'accepted', 'RVH-B-01'),
  (6, 11, 2, ((current_date - 10) + time '19:13') AT TIME ZONE 'Europe/London', 'accepted', 'RVH-B-01'),
  (7, 12, 2, ((current_date - 10) + time '19:13') AT TIME ZONE 'Europe/London', 'accepted', 'RVH-B-01'),
  (8, 3, 5, ((current_date - 5) + time '19:22') AT TIME ZONE 'America/Chicago', 'accepted', 'MRL-ME-02'),
  (9, 4, 5, ((current_date - 5) + time '19:22') AT TIME ZONE 'America/Chicago', 'accepted', 'MRL-ME-02'),
  (10, 5, 5, ((current_date - 5) + time '19:23') AT TIME ZONE 'America/Chicago', 'accepted', 'MRL-ME-02'),
  (11, 19, 5, ((current_date - 5) + time '19:47') AT TIME ZONE 'America/Chicago', 'accepted', 'MRL-ME-01');

SELECT pg_catalog.setval('public.artists_id_seq', 6, true);
SELECT pg_catalog.setval('public.cities_id_seq', 5, true);
SELECT pg_catalog.setval('public.customers_id_seq', 6, true);
SELECT pg_catalog.setval('public.events_id_seq', 6, true);
SELECT pg_catalog.setval('public.orders_id_seq', 9, true);
SELECT pg_catalog.setval('public.payments_id_seq', 9, true);
SELECT pg_catalog.setval('public.price_tiers_id_seq', 13, true);
SELECT pg_catalog.setval('public.promoters_id_seq', 3, true);
SELECT pg_catalog.setval('public.refunds_id_seq', 1, true);
SELECT pg_catalog.setval('public.ticket_scans_id_seq', 11, true);
SELECT pg_catalog.setval('public.tickets_id_seq', 19, true);
SELECT pg_catalog.setval('public.tours_id_seq', 3, true);
SELECT pg_catalog.setval('public.venue_gates_id_seq', 6, true);
SELECT pg_catalog.setval('public.venue_sections_id_seq', 12, true);
SELECT pg_catalog.setval('public.venues_id_seq', 5, true);

COMMIT;
