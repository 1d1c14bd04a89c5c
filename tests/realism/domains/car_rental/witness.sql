-- Witness rows for the car_rental realism rules: a small, plausible slice of a
-- rental company in Germany, France, the UK and the US. Every date is relative to now().

INSERT INTO currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('USD', 'US dollar', 2), ('JPY', 'Japanese yen', 0);

INSERT INTO countries (iso2, name, currency_code, calling_code, vat_rate, min_driver_age) VALUES
  ('DE', 'Germany',        'EUR', '49', 19.00, 21),
  ('FR', 'France',         'EUR', '33', 20.00, 21),
  ('GB', 'United Kingdom', 'GBP', '44', 20.00, 23),
  ('US', 'United States',  'USD', '1',   8.88, 21),
  ('JP', 'Japan',          'JPY', '81', 10.00, 21);

INSERT INTO cities (id, country_code, name, timezone) VALUES
  (1, 'DE', 'Berlin',   'Europe/Berlin'),
  (2, 'DE', 'Munich',   'Europe/Berlin'),
  (3, 'FR', 'Paris',    'Europe/Paris'),
  (4, 'GB', 'London',   'Europe/London'),
  (5, 'US', 'New York', 'America/New_York');

INSERT INTO branches (id, code, name, city_id, country_code, address_line, postcode, phone, is_airport, opens_at, closes_at, opened_on) VALUES
  (1, 'BER01', 'Berlin Mitte',         1, 'DE', 'Friedrichstraße 95',         '10117',    '+49 30 2093 4410',  false, '08:00', '18:00', current_date - 3650),
  (2, 'MUC01', 'Munich Airport',       2, 'DE', 'Terminalstraße Mitte 18',    '85356',    '+49 89 9759 1200',  true,  '06:00', '23:30', current_date - 5200),
  (3, 'PAR01', 'Paris Gare de Lyon',   3, 'FR', '20 Boulevard Diderot',       '75012',    '+33 1 43 44 20 10', false, '07:30', '20:00', current_date - 2900),
  (4, 'LON01', 'London Victoria',      4, 'GB', '104 Buckingham Palace Road', 'SW1W 9SA', '+44 20 7834 6701',  false, '07:30', '19:00', current_date - 4100),
  (5, 'NYC01', 'Manhattan West 40th',  5, 'US', '220 W 40th St',              '10018',    '+1 212 555 0147',   false, '07:00', '20:00', current_date - 1800);

INSERT INTO vehicle_classes (acriss_code, category, description, seats, doors, automatic) VALUES
  ('ECMR', 'economy',      'Economy 5-door, manual, air-con',            5, 5, false),
  ('CDAR', 'compact',      'Compact 5-door, automatic, air-con',         5, 5, true),
  ('IDAR', 'intermediate', 'Intermediate 5-door, automatic, air-con',    5, 5, true),
  ('SFAR', 'suv',          'Standard SUV, automatic, air-con',           5, 5, true),
  ('FVMR', 'van',          'Fullsize passenger van, manual, air-con',    9, 4, false),
  ('LDAR', 'luxury',       'Luxury 4/5-door, automatic, air-con',        5, 4, true);

INSERT INTO manufacturers (id, name, country_code) VALUES
  (1, 'Volkswagen', 'DE'), (2, 'Renault', 'FR'), (3, 'Toyota', 'JP'), (4, 'Ford', 'US'), (5, 'BMW', 'DE');

INSERT INTO vehicle_models (id, manufacturer_id, name, acriss_code, fuel, engine_kw, curb_weight_kg, luggage_litres) VALUES
  (1, 1, 'Polo 1.0 TSI',          'ECMR', 'petrol',  70, 1150, 351),
  (2, 2, 'Clio TCe 90',           'ECMR', 'petrol',  67, 1100, 391),
  (3, 1, 'Golf 1.5 eTSI DSG',     'CDAR', 'petrol', 110, 1290, 381),
  (4, 3, 'Corolla 1.8 Hybrid',    'CDAR', 'hybrid',  90, 1380, 361),
  (5, 1, 'Passat Variant 2.0 TDI','IDAR', 'diesel', 110, 1550, 690),
  (6, 4, 'Escape Hybrid',         'SFAR', 'hybrid', 142, 1700, 850),
  (7, 4, 'Transit Custom Kombi',  'FVMR', 'diesel', 100, 2150, 1300),
  (8, 5, '530e',                  'LDAR', 'hybrid', 220, 1935, 410);

INSERT INTO vehicles (id, vin, plate, model_id, home_branch_id, current_branch_id, registered_on, odometer_km, status) VALUES
  (1, 'WVWZZZAWZPU012345', 'B-CR 1042',  1, 1, 1,    current_date - 420, 18930, 'available'),
  (2, 'VF1RJA00X67123456', 'GH-482-KL',  2, 3, 3,    current_date - 610, 31480, 'available'),
  (3, 'WVWZZZCDZPW104233', 'M-RT 3381',  3, 2, 2,    current_date - 200,  9450, 'available'),
  (4, 'SB1K93BE10E012345', 'LR23 KXY',   4, 4, 4,    current_date - 350, 12610, 'available'),
  (5, '1FMCU9MN7PUA12345', 'KMD-4821',   6, 5, 5,    current_date - 150,  5390, 'available'),
  (6, 'WBA11FJ0X0CH12345', 'B-MW 5300',  8, 1, 1,    current_date - 480, 22600, 'available'),
  (7, 'WF0EXXTTGEP123456', 'M-FT 9021',  7, 2, 2,    current_date - 900, 40420, 'in_maintenance'),
  (8, 'WVWZZZ3CZPE123456', 'FR-227-PB',  5, 3, NULL, current_date - 700, 27800, 'on_rent');

INSERT INTO customers (id, first_name, last_name, email, phone, date_of_birth, country_code, city, postcode, created_at) VALUES
  (1, 'Anna',   'Schneider', 'anna.schneider@example.de',     '+49 151 2345 6789', current_date - interval '40 years 3 months', 'DE', 'Berlin',     '10437',   now() - interval '3 years'),
  (2, 'Lucas',  'Moreau',    'lucas.moreau@example.fr',       '+33 6 12 34 56 78', current_date - interval '47 years 1 month',  'FR', 'Lyon',       '69003',   now() - interval '2 years 2 months'),
  (3, 'Oliver', 'Hughes',    'oliver.hughes@example.co.uk',   '+44 7700 900123',   current_date - interval '34 years 10 months','GB', 'Manchester', 'M14 5RT', now() - interval '1 year 5 months'),
  (4, 'Emily',  'Carter',    'emily.carter@example.com',      '+1 646 555 0182',   current_date - interval '36 years 5 months', 'US', 'New York',   '10025',   now() - interval '9 months'),
  (5, 'Jonas',  'Becker',    'jonas.becker@example.de',       '+49 160 9876 5432', current_date - interval '28 years',          'DE', 'Munich',     '80331',   now() - interval '1 year 1 month');

INSERT INTO driver_licenses (id, customer_id, license_number, issuing_country, issued_on, expires_on) VALUES
  (1, 1, 'B072RRE2I55', 'DE', current_date - interval '21 years', current_date + interval '7 years'),
  (2, 2, '980375102231', 'FR', current_date - interval '29 years', current_date + interval '7 years'),
  (3, 3, 'HUGHE901252O99AB', 'GB', current_date - interval '4 years', current_date + interval '6 years'),
  (4, 4, '823 456 719', 'US', current_date - interval '3 years', current_date + interval '5 years'),
  (5, 5, 'N0301BX7Z41', 'DE', current_date - interval '9 years', current_date + interval '6 years');

INSERT INTO rate_plans (id, acriss_code, country_code, currency_code, daily_rate, included_km_per_day, extra_km_rate, valid_from, valid_to) VALUES
  (1, 'ECMR', 'DE', 'EUR',  39.00, 300, 0.25, current_date - 500, NULL),
  (2, 'CDAR', 'DE', 'EUR',  49.00, 300, 0.29, current_date - 500, NULL),
  (3, 'LDAR', 'DE', 'EUR', 149.00, 250, 0.59, current_date - 500, NULL),
  (4, 'FVMR', 'DE', 'EUR', 119.00, 250, 0.45, current_date - 500, NULL),
  (5, 'ECMR', 'FR', 'EUR',  42.00, 250, 0.28, current_date - 500, NULL),
  (6, 'CDAR', 'GB', 'GBP',  45.00, NULL, NULL, current_date - 500, NULL),
  (7, 'SFAR', 'US', 'USD',  89.00, NULL, NULL, current_date - 500, NULL),
  (8, 'IDAR', 'FR', 'EUR',  65.00, 250, 0.32, current_date - 500, NULL);

-- Pickups are set in the branch's local time: week offset from this week's Monday, then day + time.
INSERT INTO reservations (id, reservation_no, customer_id, acriss_code, rate_plan_id, pickup_branch_id, return_branch_id,
                          pickup_at, return_due_at, currency_code, quoted_total, status, created_at, cancelled_at)
SELECT v.id, v.no, v.cust, v.acriss, v.rp, v.pb, v.pb,
       p.pickup_at, p.pickup_at + v.dur, v.cur, v.total, v.status::reservation_status,
       CASE WHEN v.status = 'confirmed' THEN now() - interval '5 days' ELSE p.pickup_at - v.booked_before END,
       CASE WHEN v.status = 'cancelled' THEN p.pickup_at - interval '4 days' END
FROM (VALUES
  ( 1, 100101, 1, 'ECMR', 1, 1, 'Europe/Berlin',    -10, interval '1 day 09:30', interval '3 days', 'EUR', 117.00, 'completed', interval '20 days'),
  ( 2, 100102, 5, 'CDAR', 2, 2, 'Europe/Berlin',     -8, interval '4 days 06:45', interval '7 days', 'EUR', 343.00, 'completed', interval '35 days'),
  ( 3, 100103, 1, 'LDAR', 3, 1, 'Europe/Berlin',     -6, interval '3 days 14:00', interval '2 days', 'EUR', 298.00, 'completed', interval '12 days'),
  ( 4, 100104, 2, 'ECMR', 5, 3, 'Europe/Paris',      -5, interval '10:15',        interval '4 days', 'EUR', 168.00, 'completed', interval '9 days'),
  ( 5, 100105, 3, 'CDAR', 6, 4, 'Europe/London',     -4, interval '2 days 08:00', interval '5 days', 'GBP', 225.00, 'completed', interval '26 days'),
  ( 6, 100106, 4, 'SFAR', 7, 5, 'America/New_York',  -3, interval '5 days 11:00', interval '2 days', 'USD', 178.00, 'completed', interval '6 days'),
  ( 7, 100107, 5, 'FVMR', 4, 2, 'Europe/Berlin',     -2, interval '07:00',        interval '1 day',  'EUR', 119.00, 'completed', interval '15 days'),
  ( 8, 100108, 1, 'ECMR', 1, 1, 'Europe/Berlin',     -1, interval '1 day 09:00',  interval '2 days', 'EUR',  78.00, 'completed', interval '4 days'),
  ( 9, 100109, 2, 'IDAR', 8, 3, 'Europe/Paris',      -1, interval '2 days 09:00', interval '14 days','EUR', 910.00, 'picked_up', interval '30 days'),
  (10, 100110, 3, 'CDAR', 6, 4, 'Europe/London',      1, interval '1 day 10:00',  interval '3 days', 'GBP', 135.00, 'confirmed', interval '0 days'),
  (11, 100111, 4, 'SFAR', 7, 5, 'America/New_York',  -2, interval '4 days 09:00', interval '3 days', 'USD', 267.00, 'cancelled', interval '30 days')
) AS v(id, no, cust, acriss, rp, pb, tz, wk, at, dur, cur, total, status, booked_before)
CROSS JOIN LATERAL (SELECT (date_trunc('week', now() AT TIME ZONE v.tz) + v.wk * interval '1 week' + v.at) AT TIME ZONE v.tz AS pickup_at) p;

INSERT INTO rentals (id, reservation_id, vehicle_id, driver_license_id, pickup_branch_id, return_branch_id,
                     picked_up_at, returned_at, odometer_out_km, odometer_in_km, fuel_out_pct, fuel_in_pct, status)
SELECT v.id, s.id, v.vehicle, v.lic, s.pickup_branch_id,
       CASE WHEN v.status = 'closed' THEN s.return_branch_id END,
       s.pickup_at + v.late_out,
       CASE WHEN v.status = 'closed' THEN s.return_due_at + v.ret_off END,
       v.odo_out, v.odo_in, 100, v.fuel_in, v.status::rental_status
FROM (VALUES
  (1, 1, 1, 1, interval '10 minutes', interval '-1 hour',      18200, 18640, 75,  'closed'),
  (2, 2, 3, 5, interval '20 minutes', interval '-2 hours',      8400,  9450, 100, 'closed'),
  (3, 3, 6, 1, interval '5 minutes',  interval '30 minutes',   22100, 22580, 90,  'closed'),
  (4, 4, 2, 2, interval '10 minutes', interval '-3 hours',     31020, 31480, 40,  'closed'),
  (5, 5, 4, 3, interval '10 minutes', interval '1 hour',       12050, 12610, 100, 'closed'),
  (6, 6, 5, 4, interval '15 minutes', interval '-90 minutes',   5020,  5390, 100, 'closed'),
  (7, 7, 7, 5, interval '5 minutes',  interval '45 minutes',   40100, 40420, 100, 'closed'),
  (8, 8, 1, 1, interval '5 minutes',  interval '30 minutes',   18655, 18912, 100, 'closed'),
  (9, 9, 8, 2, interval '10 minutes', NULL,                    27800,  NULL, NULL, 'open')
) AS v(id, res, vehicle, lic, late_out, ret_off, odo_out, odo_in, fuel_in, status)
JOIN reservations s ON s.id = v.res;

INSERT INTO rental_charges (id, rental_id, line_no, charge, quantity, unit_price, amount) VALUES
  ( 1, 1, 1, 'time',         3,  39.00, 117.00),
  ( 2, 1, 2, 'child_seat',   3,   8.50,  25.50),
  ( 3, 2, 1, 'time',         7,  49.00, 343.00),
  ( 4, 2, 2, 'insurance',    7,  15.00, 105.00),
  ( 5, 3, 1, 'time',         2, 149.00, 298.00),
  ( 6, 4, 1, 'time',         4,  42.00, 168.00),
  ( 7, 4, 2, 'fuel',         1,  35.00,  35.00),
  ( 8, 5, 1, 'time',         5,  45.00, 225.00),
  ( 9, 6, 1, 'time',         2,  89.00, 178.00),
  (10, 6, 2, 'damage',       1, 250.00, 250.00),
  (11, 7, 1, 'time',         1, 119.00, 119.00),
  (12, 7, 2, 'extra_driver', 1,  12.00,  12.00),
  (13, 8, 1, 'time',         2,  39.00,  78.00);

INSERT INTO invoices (id, invoice_no, rental_id, currency_code, issued_at, net_amount, tax_amount, gross_amount, status)
SELECT v.id, v.no, r.id, v.cur, r.returned_at + interval '1 hour', v.net, v.tax, v.net + v.tax, 'paid'
FROM (VALUES
  (1, 'INV-0000101', 1, 'EUR', 142.50, 27.08),
  (2, 'INV-0000102', 2, 'EUR', 448.00, 85.12),
  (3, 'INV-0000103', 3, 'EUR', 298.00, 56.62),
  (4, 'INV-0000104', 4, 'EUR', 203.00, 40.60),
  (5, 'INV-0000105', 5, 'GBP', 225.00, 45.00),
  (6, 'INV-0000106', 6, 'USD', 428.00, 38.01),
  (7, 'INV-0000107', 7, 'EUR', 131.00, 24.89),
  (8, 'INV-0000108', 8, 'EUR',  78.00, 14.82)
) AS v(id, no, rental, cur, net, tax)
JOIN rentals r ON r.id = v.rental;

INSERT INTO payments (id, invoice_id, paid_at, amount, method, card_last4)
SELECT i.id, i.id, i.issued_at + interval '2 minutes', i.gross_amount, 'card', lpad(((i.id * 2731) % 10000)::text, 4, '0')
FROM invoices i;

INSERT INTO damage_reports (id, rental_id, reported_at, severity, description, estimated_cost)
SELECT 1, r.id, r.returned_at + interval '15 minutes', 'minor', 'Scratch on rear bumper, left side', 380.00
FROM rentals r WHERE r.id = 6;

INSERT INTO maintenance_events (id, vehicle_id, seq_no, kind, started_at, finished_at, odometer_km, cost) VALUES
  (1, 1, 1, 'inspection', now() - interval '200 days', now() - interval '200 days' + interval '4 hours', 12500, 180.00),
  (2, 1, 2, 'tyres',      now() - interval '40 days',  now() - interval '40 days' + interval '3 hours',  18640, 420.00),
  (3, 7, 1, 'service',    now() - interval '60 days',  now() - interval '59 days',                        39800, 350.00),
  (4, 7, 2, 'brakes',     now() - interval '2 days',   NULL,                                              40420, NULL);
