-- witness.sql for energy_retail: hand-made rows a reviewer accepts for rules.toml, times relative
-- to now(), TimeZone Etc/UTC. Every rule judges some of them and holds on all; the expected
-- applies|holds per rule are at the end. Load after schema.sql into an empty database.
-- Derived from the outside reviewer's witness (heldout25e), which also held deliberately breaking
-- rows: each breaking row is mended in place (the comments say what was changed), and 30 paid
-- invoices are added so the rare rule's shares of overdue and cancelled invoices fall in bounds.

BEGIN;

INSERT INTO currencies (code, name, symbol, minor_units) VALUES
  ('EUR', 'Euro', '€', 2), ('GBP', 'Pound sterling', '£', 2), ('CHF', 'Swiss franc', 'CHF', 2),
  ('SEK', 'Swedish krona', 'kr', 2), ('USD', 'US dollar', '$', 2);

-- reference: all 10 known countries hold (SE mended to SEK, IT to +39); ZZ not judged
INSERT INTO countries (iso_code, name, currency_code, calling_code, vat_standard_rate, is_served) VALUES
  ('DE', 'Germany', 'EUR', '+49', 19.00, true),
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00, true),
  ('NL', 'Netherlands', 'EUR', '+31', 21.00, true),
  ('FR', 'France', 'EUR', '33', 20.00, true),
  ('ES', 'Spain', 'EUR', '+34', 21.00, true),
  ('CH', 'Switzerland', 'CHF', '+41', 8.10, true),
  ('IE', 'Ireland', 'EUR', '+353', 23.00, true),
  ('US', 'United States', 'USD', '+1', NULL, false),
  ('SE', 'Sweden', 'SEK', '+46', 25.00, false),
  ('IT', 'Italy', 'EUR', '+39', 22.00, false),
  ('ZZ', 'Unknown', 'USD', '+999', NULL, false);

INSERT INTO grid_operators (id, name, short_name, country_code, eic_code, emergency_phone) VALUES
  (1, 'Stromnetz Berlin GmbH', 'SNB', 'DE', '11XSTROMNETZBE-X', '+49 800 2112525'),
  (2, 'UK Power Networks', 'UKPN', 'GB', '48XUKPN000000001', '+44 800 3163105'),
  (3, 'Liander N.V.', 'Liander', 'NL', '62XLIANDER000001', '+31 88 5426444');

-- locale: all 12 hold (7 mended to DE 5 digits, 8 to NL 4 digits + 2 letters, 9 to a GB postcode)
INSERT INTO premises (id, address_line1, city, postal_code, country_code, property_type, latitude, longitude) VALUES
  (1, 'Invalidenstraße 12', 'Berlin', '10115', 'DE', 'flat', 52.531, 13.384),
  (2, '10 Downing Street', 'London', 'SW1A 2AA', 'GB', 'house', 51.503, -0.127),
  (3, 'Damrak 1', 'Amsterdam', '1012 LG', 'NL', 'flat', 52.376, 4.897),
  (4, '1 rue de Rivoli', 'Paris', '75001', 'FR', 'flat', 48.859, 2.347),
  (5, 'Calle Mayor 3', 'Madrid', '28013', 'ES', 'flat', 40.416, -3.707),
  (6, '5 Merrion Square', 'Dublin', 'D02 X285', 'IE', 'house', 53.339, -6.249),
  (7, 'Hauptstraße 4', 'Köln', '50667', 'DE', 'house', 50.937, 6.960),
  (8, 'Keizersgracht 100', 'Amsterdam', '1015 CV', 'NL', 'flat', 52.374, 4.886),
  (9, '22 High Street', 'Leeds', 'LS1 6AA', 'GB', 'commercial', 53.800, -1.549),
  (10, 'Bahnhofstrasse 1', 'Zürich', '8001', 'CH', 'commercial', 47.372, 8.539),
  (11, '100 Main St', 'Austin', '78701', 'US', 'house', 30.267, -97.743),
  (12, 'Somewhere 1', 'Nowhere', 'ABC-1', 'ZZ', 'house', NULL, NULL);

-- code (supply points): all 11 hold (7 mended to an 11-digit DE MaLo-ID, 8 to an NL 871 EAN,
-- 9 to GB distributor 23, 11 to a 17-digit US ESI ID)
INSERT INTO supply_points (id, point_code, premise_id, grid_operator_id, voltage_level, phases, connection_capacity_kva, energized_on) VALUES
  (1, 'DE0001234510115000000000000000001', 1, 1, 'LV', 3, 30, current_date - 4000),
  (2, '1412345678901', 2, 2, 'LV', 1, 15, current_date - 5000),
  (3, '871687400000000018', 3, 3, 'LV', 1, 17, current_date - 3000),
  (4, '30001234567890', 4, 1, 'LV', 1, 12, current_date - 3000),
  (5, 'ES0021000000000001AB', 5, 1, 'LV', 1, 10, current_date - 3000),
  (6, '10012345678', 6, 2, 'LV', 1, 12, current_date - 3000),
  (7, '51234567890', 7, 1, 'LV', 1, 10, NULL),
  (8, '871448820000000001', 8, 3, 'LV', 1, 10, NULL),
  (9, '2312345678901', 9, 2, 'LV', 3, 40, NULL),
  (10, 'CH1234567890123456789012345678901', 10, 1, 'LV', 3, 25, NULL),
  (11, '10443720000000001', 11, 1, 'LV', 1, 10, NULL);

INSERT INTO technicians (id, employee_number, first_name, last_name, country_code, hired_on) VALUES
  (1, 'T-0001', 'Jonas', 'Becker', 'DE', current_date - 3000);

INSERT INTO meters (id, serial_number, manufacturer, model, meter_type, register_count, multiplier, supply_point_id, installed_at, removed_at) VALUES
  (1, '1ESY1160012345', 'EasyMeter', 'Q3A', 'electronic', 1, 1, 1, now() - interval '3 years', NULL),
  (2, 'L16B01234', 'Landis+Gyr', 'E470', 'smart', 1, 1, 2, now() - interval '2 years', now() - interval '30 days'),
  (3, 'L16B05678', 'Landis+Gyr', 'E470', 'smart', 1, 1, 2, now() - interval '30 days', NULL),
  (4, 'KFM9999001', 'Kaifa', 'MA105', 'smart', 2, 1, 3, now() - interval '1 year', NULL);

-- clock: all 14 readings hold (7 mended to the day before meter 2's removal, 8 from the future to
-- 5 days ago, 12 from 7 years ago to after meter 4's install)
-- counter: pairs m1(2,3,4) m2(6,7) m3(8) m4-day(10,11) m4-night(14) = 9, all hold
-- (3 mended to rise, 11 to 8.4 kWh in 24 h on 17 kVA)
INSERT INTO meter_readings (id, meter_id, register, read_at, value_kwh, reading_type) VALUES
  (1, 1, 'single', now() - interval '900 days', 1000.0, 'actual'),
  (2, 1, 'single', now() - interval '500 days', 4000.0, 'actual'),
  (3, 1, 'single', now() - interval '100 days', 4500.0, 'estimated'),
  (4, 1, 'single', now() - interval '10 days', 6000.0, 'customer'),
  (5, 2, 'single', now() - interval '700 days', 200.0, 'smart'),
  (6, 2, 'single', now() - interval '400 days', 2000.0, 'smart'),
  (7, 2, 'single', now() - interval '31 days', 2500.0, 'final'),
  (8, 3, 'single', now() - interval '5 days', 10.0, 'smart'),
  (9, 3, 'single', now() - interval '20 days', 5.0, 'smart'),
  (10, 4, 'day', now() - interval '300 days', 100.0, 'smart'),
  (11, 4, 'day', now() - interval '299 days', 108.4, 'smart'),
  (12, 4, 'day', now() - interval '330 days', 50.0, 'actual'),
  (13, 4, 'night', now() - interval '300 days', 50.0, 'smart'),
  (14, 4, 'night', now() - interval '200 days', 80.0, 'smart');

-- scale (residential EUR/GBP/CHF: 1,2,3,4,7): all hold (3's night rate mended below its day rate,
-- 4 from 0.95 to 0.2516/kWh); avg 0.273 in range. validity: 4 on sale from 7 years ago (was 5)
INSERT INTO tariffs (id, code, name, country_code, currency_code, customer_type, unit_rate, night_unit_rate, standing_charge_per_day, valid_from, valid_to) VALUES
  (1, 'DE-STROM-BASIS-23', 'Strom Basis', 'DE', 'EUR', 'residential', 0.32000, NULL, 0.45000, current_date - interval '3 years', NULL),
  (2, 'GB-E7-FIX-24', 'Economy 7 Fixed', 'GB', 'GBP', 'residential', 0.24500, 0.12000, 0.53000, current_date - 730, current_date - 365),
  (3, 'NL-DUBBEL-VAR', 'Dubbeltarief Variabel', 'NL', 'EUR', 'residential', 0.28000, 0.22000, 0.20000, current_date - interval '4 years', NULL),
  (4, 'FR-BLEU-BASE', 'Tarif Bleu Base', 'FR', 'EUR', 'residential', 0.25160, NULL, 0.40000, current_date - interval '7 years', NULL),
  (5, 'DE-GEWERBE-24', 'Gewerbestrom', 'DE', 'EUR', 'business', 0.20000, NULL, 5.00000, current_date - 365, NULL),
  (6, 'SE-RORLIGT', 'Rörligt elpris', 'SE', 'SEK', 'residential', 1.80000, NULL, 1.20000, current_date - 365, NULL),
  (7, 'CH-EWZ-NATUR', 'ewz.natur', 'CH', 'CHF', 'residential', 0.27000, NULL, 0.30000, current_date - 365, NULL);

-- age (residential with dob and a contract: 1,2,3,5): all hold (2 mended to born 1986, 5 to born 1948)
INSERT INTO customers (id, customer_number, customer_type, first_name, last_name, company_name, email, phone, date_of_birth, country_code) VALUES
  (1, 'C-100001', 'residential', 'Anna', 'Schmidt', NULL, 'anna.schmidt@example.de', '+49 30 1234567', DATE '1980-05-01', 'DE'),
  (2, 'C-100002', 'residential', 'Oliver', 'Smith', NULL, 'oliver.smith@example.co.uk', '+44 20 7946 0000', DATE '1986-09-12', 'GB'),
  (3, 'C-100003', 'residential', 'Sanne', 'de Vries', NULL, 'sanne@example.nl', '+31 20 555 1234', DATE '1950-01-01', 'NL'),
  (4, 'C-100004', 'business', NULL, NULL, 'Bäckerei Müller GmbH', 'info@example.de', '+49 221 998877', NULL, 'DE'),
  (5, 'C-100005', 'residential', 'Marcel', 'Dupont', NULL, 'm.dupont@example.fr', '+33 1 23 45 67 89', DATE '1948-11-23', 'FR'),
  (6, 'C-100006', 'residential', 'Lucía', 'García', NULL, 'lucia@example.es', '+34 91 123 4567', DATE '1990-03-03', 'ES');

-- validity (all 10 contracts): all hold (6 via tariff 4's earlier valid_from; 9 mended to start
-- 15 days ago; 10 mended to the business tariff 5, on sale, instead of the withdrawn 2)
-- chain (non-cancelled, with a predecessor on the same supply point: 3, 4, 7): all hold (3 mended
-- to end the day 4 starts; 7 mended to start the day 6 ended)
INSERT INTO contracts (id, contract_number, customer_id, supply_point_id, tariff_id, status, signed_at, start_date, end_date, end_reason, billing_frequency, payment_method, estimated_annual_kwh) VALUES
  (1, 'K-2000001', 1, 1, 1, 'active',  now() - interval '2 years', (now() - interval '2 years')::date + 14, NULL, NULL, 'monthly', 'direct_debit', 2500),
  (2, 'K-2000002', 2, 2, 2, 'ended',   now() - interval '700 days', current_date - 690, current_date - 400, 'moved_out', 'monthly', 'direct_debit', 3100),
  (3, 'K-2000003', 3, 2, 2, 'active',  now() - interval '380 days', current_date - 399, current_date + 20, 'moved_out', 'monthly', 'bank_transfer', 2900),
  (4, 'K-2000004', 4, 2, 5, 'pending', now() - interval '10 days', current_date + 20, NULL, NULL, 'monthly', 'direct_debit', 12000),
  (5, 'K-2000005', 5, 3, 3, 'active',  now() - interval '200 days', current_date - 190, NULL, NULL, 'quarterly', 'direct_debit', 1800),
  (6, 'K-2000006', 1, 4, 4, 'ended',   now() - interval '6 years', (now() - interval '6 years')::date + 10, (now() - interval '3 years')::date, 'switched_supplier', 'monthly', 'direct_debit', 2000),
  (7, 'K-2000007', 3, 4, 4, 'active',  now() - interval '3 years' - interval '60 days', (now() - interval '3 years')::date, NULL, NULL, 'monthly', 'card', 2000),
  (8, 'K-2000008', 2, 5, 7, 'cancelled', now() - interval '50 days', current_date - 20, NULL, 'withdrawn', 'monthly', 'direct_debit', 2200),
  (9, 'K-2000009', 5, 5, 7, 'active',  now() - interval '30 days', current_date - 15, NULL, NULL, 'monthly', 'direct_debit', 2200),
  (10, 'K-2000010', 4, 6, 5, 'active', now() - interval '100 days', current_date - 90, NULL, NULL, 'monthly', 'direct_debit', 4000);

-- iban (8 mandates): all hold (5 mended to a valid check, 6 to an 18-character NL IBAN, 8 to a GB IBAN)
INSERT INTO direct_debit_mandates (id, customer_id, mandate_reference, account_holder, iban, bic, signed_on) VALUES
  (1, 1, 'MD-000001', 'Anna Schmidt', 'DE89370400440532013000', 'COBADEFFXXX', current_date - 700),
  (2, 2, 'MD-000002', 'Oliver Smith', 'GB29 NWBK 6016 1331 9268 19', 'NWBKGB2L', current_date - 700),
  (3, 3, 'MD-000003', 'Sanne de Vries', 'NL91ABNA0417164300', 'ABNANL2A', current_date - 380),
  (4, 5, 'MD-000004', 'Marcel Dupont', 'FR1420041010050500013M02606', NULL, current_date - 200),
  (5, 1, 'MD-000005', 'Anna Schmidt', 'DE62370400440532013001', 'COBADEFFXXX', current_date - 100),
  (6, 4, 'MD-000006', 'Bäckerei Müller GmbH', 'NL20INGB0001234567', NULL, current_date - 10),
  (7, 6, 'MD-000007', 'Lucía García', 'ES9121000418450200051332', NULL, current_date - 50),
  (8, 2, 'MD-000008', 'Oliver Smith', 'GB02 NWBK 6016 1331 9268 20', 'NWBKGB2L', current_date - 5);

-- duration (regular+final: 1-7, 9, 10-39): all hold (3 mended to 31 days; 9 to a regular month of 31 days)
-- status (39 invoices): all hold (4 mended to paid when payment 3 came, 6 to due in 13 days,
-- 7 to a draft without issue or due date, 9 to paid 180 days ago)
-- rare (non-draft issued > 60 days ago: 3, 4, 5, 8, 9, 10-39 = 35): 1 overdue (3, 2.9 %), 1 cancelled (8, 2.9 %)
INSERT INTO invoices (id, invoice_number, contract_id, invoice_type, period_start, period_end, issued_on, due_on, currency_code, net_amount, vat_amount, total_amount, status, paid_at) VALUES
  (1, 'INV-0000001', 1, 'regular', current_date - 60, current_date - 31, current_date - 29, current_date - 15, 'EUR', 93.50, 17.77, 111.27, 'paid', now() - interval '20 days'),
  (2, 'INV-0000002', 1, 'regular', current_date - 30, current_date - 1, current_date, current_date + 14, 'EUR', 64.00, 12.16, 76.16, 'issued', NULL),
  (3, 'INV-0000003', 1, 'regular', current_date - 91, current_date - 61, current_date - 61, current_date - 47, 'EUR', 95.00, 18.05, 113.05, 'overdue', NULL),
  (4, 'INV-0000004', 5, 'regular', current_date - 180, current_date - 91, current_date - 90, current_date - 76, 'EUR', 250.00, 52.50, 302.50, 'paid', now() - interval '70 days'),
  (5, 'INV-0000005', 2, 'final', current_date - 430, current_date - 400, current_date - 395, current_date - 381, 'GBP', 24.50, 1.23, 25.73, 'paid', now() - interval '390 days'),
  (6, 'INV-0000006', 5, 'regular', current_date - 90, current_date - 1, current_date - 1, current_date + 13, 'EUR', 0, 0, 0, 'issued', NULL),
  (7, 'INV-0000007', 3, 'regular', current_date - 200, current_date - 170, NULL, NULL, 'GBP', 0, 0, 0, 'draft', NULL),
  (8, 'INV-0000008', 3, 'correction', current_date - 200, current_date - 170, current_date - 150, current_date - 136, 'GBP', 0, 0, 0, 'cancelled', NULL),
  (9, 'INV-0000009', 3, 'regular', current_date - 231, current_date - 201, current_date - 190, current_date - 176, 'GBP', 61.25, 3.06, 64.31, 'paid', now() - interval '180 days');

-- 30 earlier monthly invoices of contract 7 (started 3 years ago), each paid before due
INSERT INTO invoices (id, invoice_number, contract_id, invoice_type, period_start, period_end, issued_on, due_on, currency_code, net_amount, vat_amount, total_amount, status, paid_at)
SELECT 9 + k, 'INV-' || lpad((9 + k)::text, 7, '0'), 7, 'regular',
       current_date - 30 * k - 63, current_date - 30 * k - 34, current_date - 30 * k - 32, current_date - 30 * k - 18,
       'EUR', 48.00, 9.60, 57.60, 'paid', (current_date - 30 * k - 21)::timestamptz + interval '9 hours'
FROM generate_series(1, 30) AS k;

-- arithmetic (invoices with lines: 1, 2, 4, 5, 9): all hold (2's total mended to net + VAT,
-- 5's line amount to qty x price, 9's line to 250 kWh and its net to the sum of lines)
INSERT INTO invoice_lines (invoice_id, line_number, line_type, description, quantity, unit, unit_price, amount, vat_rate) VALUES
  (1, 1, 'energy', 'Arbeitspreis', 250, 'kWh', 0.32000, 80.00, 19),
  (1, 2, 'standing_charge', 'Grundpreis', 30, 'day', 0.45000, 13.50, 19),
  (2, 1, 'energy', 'Arbeitspreis', 200, 'kWh', 0.32000, 64.00, 19),
  (4, 1, 'energy', 'Leveringskosten', 900, 'kWh', 0.28000, 252.00, 21),
  (4, 2, 'standing_charge', 'Vaste leveringskosten', 90, 'day', 0.20000, 18.00, 21),
  (4, 3, 'discount', 'Welkomstkorting', 1, 'item', -20.00000, -20.00, 21),
  (5, 1, 'energy', 'Electricity used', 100, 'kWh', 0.24500, 24.50, 5),
  (9, 1, 'energy', 'Electricity used', 250, 'kWh', 0.24500, 61.25, 5);

-- paths (payments with an invoice: 1-4): all hold (3 mended to come from customer 5, 4 to be in EUR); 5 has no invoice
INSERT INTO payments (id, customer_id, invoice_id, amount, currency_code, method, status, reference, received_at) VALUES
  (1, 1, 1, 111.27, 'EUR', 'direct_debit', 'settled', 'INV-0000001', now() - interval '20 days'),
  (2, 2, 5, 25.73, 'GBP', 'direct_debit', 'settled', 'INV-0000005', now() - interval '390 days'),
  (3, 5, 4, 302.50, 'EUR', 'bank_transfer', 'settled', 'INV-0000004', now() - interval '70 days'),
  (4, 5, 4, 302.50, 'EUR', 'card', 'refunded', 'INV-0000004', now() - interval '69 days'),
  (5, 1, NULL, 50.00, 'EUR', 'bank_transfer', 'settled', 'ON ACCOUNT', now() - interval '5 days');

INSERT INTO service_orders (order_number, supply_point_id, meter_id, technician_id, order_type, status, requested_at, scheduled_for, started_at, completed_at) VALUES
  ('SO-000001', 2, 3, 1, 'exchange', 'completed', now() - interval '40 days', now() - interval '30 days' - interval '1 hour', now() - interval '30 days' - interval '30 minutes', now() - interval '30 days');

INSERT INTO supply_interruptions (grid_operator_id, supply_point_id, cause, started_at, restored_at, customers_affected) VALUES
  (2, 2, 'weather', now() - interval '100 days', now() - interval '100 days' + interval '3 hours', 1200);

INSERT INTO complaints (customer_id, contract_id, category, channel, status, opened_at, resolved_at) VALUES
  (5, 5, 'billing', 'email', 'resolved', now() - interval '60 days', now() - interval '50 days');

COMMIT;

-- Expected applies|holds per rule (in rules.toml order); the reviewer's original, with its
-- breaking rows, gave 10|8 11|7 14|11 8|6 4|0 9|5 3|1 10|7 9|7 5|3 4|2 12|9 5|2 4|2 8|5:
-- countries_real_currency_and_calling_code        10|10
-- supply_point_code_format                        11|11
-- readings_in_past_while_meter_installed          14|14
-- billing_period_fits_frequency                   38|38
-- overdue_and_cancelled_invoices_rare             35|35
-- invoice_status_matches_dates                    39|39
-- supply_point_contracts_do_not_overlap            3|3
-- contract_signed_while_tariff_on_sale            10|10
-- register_readings_never_decrease                 9|9
-- residential_tariff_prices_plausible              5|5
-- payment_matches_invoice_customer_and_currency    4|4
-- premise_postal_code_format                      12|12
-- invoice_totals_add_up                            5|5
-- residential_holder_adult                         4|4
-- mandate_iban_valid                               8|8
