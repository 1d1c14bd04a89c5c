BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('SEK', 'Swedish krona', 2),
  ('CHF', 'Swiss franc', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, dialing_code) VALUES
  ('DE', 'Germany', 'EUR', '+49'), ('NL', 'Netherlands', 'EUR', '+31'),
  ('GB', 'United Kingdom', 'GBP', '+44'), ('SE', 'Sweden', 'SEK', '+46'),
  ('CH', 'Switzerland', 'CHF', '+41');

INSERT INTO public.vat_rates (country_code, category, rate, valid_from, valid_to) VALUES
  ('DE', 'standard', 19.00, '2007-01-01', NULL),
  ('NL', 'standard', 21.00, '2012-10-01', NULL),
  ('GB', 'standard', 20.00, '2011-01-04', NULL),
  ('SE', 'standard', 25.00, '1990-07-01', NULL),
  ('CH', 'standard', 7.70, '2018-01-01', '2023-12-31'),
  ('CH', 'standard', 8.10, '2024-01-01', NULL);

INSERT INTO public.locations (id, country_code, name, street_address, city, postcode, phone, timezone, opened_on, status) VALUES
  (1, 'DE', 'Berlin Mitte', 'Invalidenstraße 117', 'Berlin', '10115', '+49 30 2589 4410', 'Europe/Berlin', current_date - 1400, 'open'),
  (2, 'NL', 'Amsterdam Zuidas', 'Gustav Mahlerplein 28', 'Amsterdam', '1082 MA', '+31 20 794 3380', 'Europe/Amsterdam', current_date - 900, 'open'),
  (3, 'GB', 'London Shoreditch', '86 Great Eastern Street', 'London', 'EC2A 3JL', '+44 20 3950 7712', 'Europe/London', current_date - 1100, 'open'),
  (4, 'SE', 'Stockholm Norrmalm', 'Kungsgatan 49', 'Stockholm', '111 22', '+46 8 502 512 00', 'Europe/Stockholm', current_date - 600, 'open');

INSERT INTO public.floors (id, location_id, level, name, area_sqm) VALUES
  (1, 1, 1, '1. OG', 820.0), (2, 1, 2, '2. OG', 790.0),
  (3, 2, 0, 'Begane grond', 640.0), (4, 3, 1, 'First floor', 710.0), (5, 4, 3, 'Plan 3', 560.0);

INSERT INTO public.spaces (id, floor_id, kind, code, name, capacity, area_sqm, hourly_rate) VALUES
  (1, 1, 'hot_desk', 'HD-101', NULL, 1, 4.0, NULL),
  (2, 1, 'dedicated_desk', 'DD-102', NULL, 1, 5.5, NULL),
  (3, 1, 'meeting_room', 'MR-110', 'Spree', 8, 22.0, 45.00),
  (4, 1, 'phone_booth', 'PB-111', NULL, 1, 2.0, NULL),
  (5, 2, 'private_office', 'PO-201', NULL, 6, 38.0, NULL),
  (6, 2, 'event_space', 'EV-210', 'Lichthof', 80, 140.0, 320.00),
  (7, 3, 'meeting_room', 'MR-005', 'Amstel', 6, 18.0, 40.00),
  (8, 3, 'hot_desk', 'HD-001', NULL, 1, 3.5, NULL),
  (9, 4, 'meeting_room', 'MR-104', 'Brick Lane', 10, 28.0, 55.00),
  (10, 5, 'meeting_room', 'MR-304', 'Sveavägen', 12, 30.0, 400.00);

INSERT INTO public.membership_plans (id, country_code, code, name, kind, monthly_price, currency_code, included_meeting_hours, minimum_term_months) VALUES
  (1, 'DE', 'DE-HOT', 'Flex Desk Berlin', 'hot_desk', 299.00, 'EUR', 2, 1),
  (2, 'DE', 'DE-OFF6', 'Private Office 6', 'private_office', 2400.00, 'EUR', 20, 12),
  (3, 'NL', 'NL-HOT', 'Flex Desk Amsterdam', 'hot_desk', 279.00, 'EUR', 2, 1),
  (4, 'GB', 'GB-HOT', 'Hot Desk London', 'hot_desk', 325.00, 'GBP', 2, 1),
  (5, 'SE', 'SE-HOT', 'Flexplats Stockholm', 'hot_desk', 3200.00, 'SEK', 2, 1);

INSERT INTO public.companies (id, name, country_code, vat_number, billing_email, created_at) VALUES
  (1, 'Kranich Analytics GmbH', 'DE', 'DE284716395', 'rechnungen@kranich-analytics.de', now() - interval '430 days'),
  (2, 'Tulpenveld Design B.V.', 'NL', 'NL859321476B01', 'finance@tulpenveld.nl', now() - interval '215 days'),
  (3, 'Brick Lane Ventures Ltd', 'GB', 'GB293847561', 'accounts@bricklaneventures.co.uk', now() - interval '530 days'),
  (4, 'Norrsken Labs AB', 'SE', 'SE556789123401', 'faktura@norrskenlabs.se', now() - interval '165 days');

INSERT INTO public.members (id, company_id, first_name, last_name, email, phone, is_company_admin, joined_at) VALUES
  (1, 1, 'Lena', 'Vogt', 'lena.vogt@kranich-analytics.de', '+49 151 2384 9921', true, now() - interval '420 days'),
  (2, 1, 'Jonas', 'Richter', 'jonas.richter@kranich-analytics.de', '+49 160 9912 4410', false, now() - interval '300 days'),
  (3, 2, 'Sanne', 'de Vries', 'sanne@tulpenveld.nl', '+31 6 2841 7730', true, now() - interval '210 days'),
  (4, 3, 'Oliver', 'Hughes', 'oliver@bricklaneventures.co.uk', '+44 7700 900 412', true, now() - interval '520 days'),
  (5, 4, 'Elsa', 'Lindqvist', 'elsa.lindqvist@norrskenlabs.se', '+46 70 412 88 10', true, now() - interval '160 days');

INSERT INTO public.memberships (id, company_id, plan_id, home_location_id, seats, valid_from, valid_to, status, created_at) VALUES
  (1, 1, 2, 1, 4, current_date - 420, NULL, 'active', now() - interval '425 days'),
  (2, 2, 3, 2, 1, current_date - 210, NULL, 'active', now() - interval '212 days'),
  (3, 3, 4, 3, 1, current_date - 520, current_date - 181, 'ended', now() - interval '525 days'),
  (4, 3, 4, 3, 2, current_date - 180, NULL, 'active', now() - interval '185 days'),
  (5, 4, 5, 4, 1, current_date - 160, NULL, 'active', now() - interval '162 days');

-- past meeting-room bookings on weekdays, 10:00-11:30 local time
INSERT INTO public.bookings (space_id, member_id, starts_at, ends_at, attendees, status, created_at, cancelled_at)
SELECT sp, mem,
       (d + time '10:00') AT TIME ZONE tz, (d + time '11:30') AT TIME ZONE tz, 4,
       CASE WHEN n IN (3, 13) THEN 'cancelled' WHEN n = 7 THEN 'no_show' ELSE 'completed' END,
       ((d + time '10:00') AT TIME ZONE tz) - interval '3 days',
       CASE WHEN n IN (3, 13) THEN ((d + time '10:00') AT TIME ZONE tz) - interval '1 day' END
FROM (
    SELECT d, row_number() OVER (ORDER BY d DESC) AS n
    FROM (SELECT current_date - g AS d FROM generate_series(2, 40) g) x
    WHERE extract(isodow FROM d) BETWEEN 1 AND 5
) days
JOIN (VALUES (0, 3, 1, 'Europe/Berlin'), (1, 7, 3, 'Europe/Amsterdam'),
             (2, 9, 4, 'Europe/London'), (3, 10, 5, 'Europe/Stockholm')) AS s(k, sp, mem, tz)
  ON s.k = days.n % 4
WHERE n <= 20;

-- upcoming bookings
INSERT INTO public.bookings (space_id, member_id, starts_at, ends_at, attendees, status, created_at)
SELECT 3, 2, (d + time '14:00') AT TIME ZONE 'Europe/Berlin', (d + time '15:00') AT TIME ZONE 'Europe/Berlin', 3, 'confirmed', now() - interval '2 days'
FROM (SELECT min(current_date + g) AS d FROM generate_series(2, 9) g WHERE extract(isodow FROM current_date + g) BETWEEN 1 AND 5) x;
INSERT INTO public.bookings (space_id, member_id, starts_at, ends_at, attendees, status, created_at)
SELECT 4, 1, (d + time '09:15') AT TIME ZONE 'Europe/Berlin', (d + time '09:45') AT TIME ZONE 'Europe/Berlin', 1, 'confirmed', now() - interval '1 day'
FROM (SELECT max(current_date + g) AS d FROM generate_series(2, 9) g WHERE extract(isodow FROM current_date + g) BETWEEN 1 AND 5) x;

INSERT INTO public.access_cards (id, member_id, card_uid, issued_at, revoked_at) VALUES
  (1, 1, '04A3B2C1D0E1F2', now() - interval '419 days', NULL),
  (2, 2, '04B7C6D5E4F3A2', now() - interval '299 days', NULL),
  (3, 3, '04C1D2E3F4A5B6', now() - interval '209 days', NULL),
  (4, 4, '04D9E8F7A6B5C4', now() - interval '519 days', NULL),
  (5, 5, '04E2F3A4B5C6D7', now() - interval '159 days', NULL);

INSERT INTO public.access_events (card_id, location_id, door, occurred_at, direction, result)
SELECT c.card_id, c.loc, 'Main entrance',
       ((current_date - g) + time '08:40' + make_interval(mins => c.card_id * 3)) AT TIME ZONE c.tz, 'in', 'granted'
FROM generate_series(1, 8) g
CROSS JOIN (VALUES (1, 1, 'Europe/Berlin'), (2, 1, 'Europe/Berlin'), (3, 2, 'Europe/Amsterdam'),
                   (4, 3, 'Europe/London'), (5, 4, 'Europe/Stockholm')) AS c(card_id, loc, tz);
INSERT INTO public.access_events (card_id, location_id, door, occurred_at, direction, result) VALUES
  (3, 1, 'Main entrance', now() - interval '4 days 2 hours', 'in', 'denied'),
  (1, 1, 'Main entrance', now() - interval '1 day 1 hour', 'out', 'granted');

INSERT INTO public.day_passes (location_id, guest_name, guest_email, visit_date, price, currency_code, purchased_at, status) VALUES
  (1, 'Marta Kowalska', 'marta.kowalska@gmail.com', current_date - 6, 29.00, 'EUR', now() - interval '7 days', 'used'),
  (3, 'James Whitfield', 'j.whitfield@outlook.com', current_date - 2, 25.00, 'GBP', now() - interval '3 days', 'used'),
  (4, 'Anders Berg', 'anders.berg@telia.se', current_date + 3, 350.00, 'SEK', now() - interval '5 hours', 'purchased');

INSERT INTO public.invoices (id, invoice_number, company_id, location_id, issue_date, due_date, currency_code, net_total, vat_total, gross_total, status, paid_at) VALUES
  (1, 'BER-2026-000412', 1, 1, current_date - 35, current_date - 21, 'EUR', 2535.00, 481.65, 3016.65, 'paid', now() - interval '25 days'),
  (2, 'BER-2026-000467', 1, 1, current_date - 5, current_date + 9, 'EUR', 2400.00, 456.00, 2856.00, 'issued', NULL),
  (3, 'LON-2026-000188', 3, 3, current_date - 40, current_date - 26, 'GBP', 325.00, 65.00, 390.00, 'overdue', NULL),
  (4, 'STO-2026-000073', 4, 4, current_date - 12, current_date + 18, 'SEK', 3800.00, 950.00, 4750.00, 'issued', NULL),
  (5, 'AMS-2026-000131', 2, 2, current_date - 3, current_date + 11, 'EUR', 279.00, 58.59, 337.59, 'paid', now() - interval '1 day');

INSERT INTO public.invoice_lines (invoice_id, line_no, description, membership_id, booking_id, quantity, unit_price, net_amount, vat_rate, vat_amount) VALUES
  (1, 1, 'Private Office 6 - monthly fee', 1, NULL, 1, 2400.00, 2400.00, 19.00, 456.00),
  (1, 2, 'Meeting room hours beyond allowance', NULL, NULL, 3, 45.00, 135.00, 19.00, 25.65),
  (2, 1, 'Private Office 6 - monthly fee', 1, NULL, 1, 2400.00, 2400.00, 19.00, 456.00),
  (3, 1, 'Hot Desk London - monthly fee', 4, NULL, 1, 325.00, 325.00, 20.00, 65.00),
  (4, 1, 'Flexplats Stockholm - månadsavgift', 5, NULL, 1, 3200.00, 3200.00, 25.00, 800.00),
  (4, 2, 'Mötesrum Sveavägen', NULL, (SELECT min(id) FROM public.bookings WHERE member_id = 5 AND status = 'completed'), 1.5, 400.00, 600.00, 25.00, 150.00),
  (5, 1, 'Flex Desk Amsterdam - monthly fee', 2, NULL, 1, 279.00, 279.00, 21.00, 58.59);

INSERT INTO public.support_tickets (location_id, member_id, category, priority, subject, status, opened_at, resolved_at) VALUES
  (1, 1, 'wifi', 'normal', 'Wi-Fi drops in office PO-201', 'open', now() - interval '2 days', NULL),
  (3, 4, 'climate', 'low', 'Meeting room Brick Lane too warm', 'resolved', now() - interval '20 days', now() - interval '19 days'),
  (2, 3, 'access', 'high', 'Access card not working at side door', 'closed', now() - interval '40 days', now() - interval '39 days 20 hours'),
  (4, 5, 'cleaning', 'normal', 'Kitchen needs restocking', 'in_progress', now() - interval '5 hours', NULL);

INSERT INTO public.meters (id, location_id, kind, serial_no, unit, installed_on) VALUES
  (1, 1, 'electricity', 'DE-1EMH0012345678', 'kWh', current_date - 1400),
  (2, 3, 'water', 'GB-WM-00984412', 'm3', current_date - 1100);

INSERT INTO public.meter_readings (meter_id, read_at, value) VALUES
  (1, now() - interval '90 days', 412850.000), (1, now() - interval '60 days', 418920.500),
  (1, now() - interval '30 days', 424711.250), (1, now() - interval '1 day', 430388.000),
  (2, now() - interval '90 days', 8841.120), (2, now() - interval '60 days', 8903.870),
  (2, now() - interval '30 days', 8969.410), (2, now() - interval '1 day', 9031.005);

SELECT setval('public.locations_id_seq', 4), setval('public.floors_id_seq', 5), setval('public.spaces_id_seq', 10),
       setval('public.membership_plans_id_seq', 5), setval('public.companies_id_seq', 4), setval('public.members_id_seq', 5),
       setval('public.memberships_id_seq', 5), setval('public.access_cards_id_seq', 5), setval('public.invoices_id_seq', 5),
       setval('public.meters_id_seq', 2);

COMMIT;
