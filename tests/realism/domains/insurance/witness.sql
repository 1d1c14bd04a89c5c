BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('JPY', 'Japanese yen', 0),
  ('USD', 'US dollar', 2), ('CHF', 'Swiss franc', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix) VALUES
  ('DE', 'Germany', 'EUR', '+49'), ('GB', 'United Kingdom', 'GBP', '+44'), ('JP', 'Japan', 'JPY', '+81'),
  ('FR', 'France', 'EUR', '+33'), ('AT', 'Austria', 'EUR', '+43'), ('US', 'United States', 'USD', '+1'),
  ('CH', 'Switzerland', 'CHF', '+41');

INSERT INTO public.branches (id, code, name, country_code, city, postcode, address_line, phone, email, opened_on) VALUES
  (1, 'DE-MUC', 'München Innenstadt', 'DE', 'München', '80331', 'Sendlinger Straße 12', '+49 89 2154 3300', 'muenchen@example-assekuranz.de', current_date - 4000),
  (2, 'GB-MAN', 'Manchester City', 'GB', 'Manchester', 'M1 1AE', '25 Piccadilly', '+44 161 496 0123', 'manchester@example-insure.co.uk', current_date - 3000),
  (3, 'JP-OSA', 'Osaka Umeda', 'JP', 'Osaka', '530-0001', '2-4-9 Umeda, Kita-ku', '+81 6 6345 7788', 'osaka@example-hoken.jp', current_date - 2500);

INSERT INTO public.products (id, code, name, line_of_business, is_active, launched_on) VALUES
  (1, 'MOTOR-PRIV', 'Private Motor Comprehensive', 'motor', true, current_date - 3500),
  (2, 'HOME-STD', 'Home Buildings and Contents', 'home', true, current_date - 3400),
  (3, 'TRAVEL-ANN', 'Annual Multi-Trip Travel', 'travel', true, current_date - 1500);

INSERT INTO public.tariffs (id, product_id, country_code, currency_code, valid_from, valid_to, base_premium, rate_per_mille) VALUES
  (1, 1, 'DE', 'EUR', current_date - 800, NULL, 320.00, 18.5000),
  (2, 2, 'GB', 'GBP', current_date - 900, NULL, 140.00, 0.9500),
  (3, 1, 'GB', 'GBP', current_date - 700, NULL, 380.00, 21.0000),
  (4, 2, 'DE', 'EUR', current_date - 900, NULL, 120.00, 0.8000),
  (5, 1, 'JP', 'JPY', current_date - 600, NULL, 38000, 15.0000),
  (6, 3, 'DE', 'EUR', current_date - 400, NULL, 89.00, 0.0000);

INSERT INTO public.customers (id, customer_type, first_name, last_name, company_name, date_of_birth, email, phone, country_code, city, postcode, address_line, created_at) VALUES
  (1, 'individual', 'Lukas', 'Hoffmann', NULL, '1985-04-12', 'lukas.hoffmann@example.de', '+49 171 5550123', 'DE', 'München', '80469', 'Fraunhoferstraße 8', now() - interval '210 days'),
  (2, 'individual', 'Emily', 'Clarke', NULL, '1978-11-03', 'emily.clarke@example.co.uk', '+44 7700 900456', 'GB', 'Manchester', 'M20 2RN', '14 Lapwing Lane', now() - interval '530 days'),
  (3, 'individual', 'Daniel', 'Price', NULL, '1962-02-11', 'dan.price@example.co.uk', '+44 7700 900789', 'GB', 'Stockport', 'SK4 3AB', '7 Heaton Moor Road', now() - interval '330 days'),
  (4, 'individual', 'Sophie', 'Wagner', NULL, '1991-06-21', 'sophie.wagner@example.de', '+49 160 5550987', 'DE', 'Augsburg', '86150', 'Maximilianstraße 40', now() - interval '380 days'),
  (5, 'individual', 'Haruto', 'Tanaka', NULL, '1995-07-07', 'haruto.tanaka@example.jp', '+81 90 1234 5678', 'JP', 'Osaka', '542-0081', '3-1-5 Minamisemba, Chuo-ku', now() - interval '160 days'),
  (6, 'company', NULL, NULL, 'Bergmann Elektrotechnik GmbH', NULL, 'buero@bergmann-elektro.example.de', '+49 89 5550 4411', 'DE', 'Garching', '85748', 'Lichtenbergstraße 6', now() - interval '280 days');

INSERT INTO public.agents (id, branch_id, first_name, last_name, licence_no, email, commission_rate, hired_on) VALUES
  (1, 1, 'Andreas', 'Keller', 'D-K9HT-ABC12-34', 'a.keller@example-assekuranz.de', 0.1200, current_date - 2200),
  (2, 2, 'Priya', 'Shah', 'FCA-812345', 'p.shah@example-insure.co.uk', 0.1000, current_date - 1800),
  (3, 3, 'Yuki', 'Sato', 'JP-OSA-55120', 'y.sato@example-hoken.jp', 0.0800, current_date - 1200);

INSERT INTO public.adjusters (id, branch_id, first_name, last_name, licence_no, specialty, email, hired_on) VALUES
  (1, 1, 'Markus', 'Schneider', 'ADJ-DE-0042', 'motor', 'm.schneider@example-assekuranz.de', current_date - 2600),
  (2, 2, 'Oliver', 'Bennett', 'ADJ-GB-0107', 'property', 'o.bennett@example-insure.co.uk', current_date - 2000),
  (3, 3, 'Kenji', 'Mori', 'ADJ-JP-0019', 'motor', 'k.mori@example-hoken.jp', current_date - 1500),
  (4, 1, 'Julia', 'Braun', 'ADJ-DE-0077', 'property', 'j.braun@example-assekuranz.de', current_date - 1100);

INSERT INTO public.policies (id, policy_number, customer_id, product_id, tariff_id, branch_id, agent_id, currency_code, status, quoted_at, bound_at, start_date, end_date, cancelled_on, payment_frequency, annual_premium, sum_insured, deductible) VALUES
  (1, 'DE-MOT-0000101', 1, 1, 1, 1, 1, 'EUR', 'active',    now() - interval '200 days', now() - interval '195 days', current_date - 180, current_date + 185, NULL, 'monthly', 684.00, 21000.00, 300.00),
  (2, 'GB-HOM-0000202', 2, 2, 2, 2, 2, 'GBP', 'expired',   now() - interval '520 days', now() - interval '515 days', current_date - 500, current_date - 136, NULL, 'annual', 412.50, 350000.00, 250.00),
  (3, 'GB-MOT-0000303', 3, 1, 3, 2, 2, 'GBP', 'active',    now() - interval '320 days', now() - interval '310 days', current_date - 300, current_date + 65, NULL, 'quarterly', 1240.00, 68000.00, 500.00),
  (4, 'DE-HOM-0000404', 4, 2, 4, 1, 1, 'EUR', 'active',    now() - interval '370 days', now() - interval '360 days', current_date - 350, current_date + 15, NULL, 'annual', 298.00, 180000.00, 150.00),
  (5, 'DE-TRV-0000505', 1, 3, 6, 1, NULL, 'EUR', 'quoted', now() - interval '10 days', NULL, current_date + 20, current_date + 385, NULL, 'annual', 89.00, 50000.00, 0.00),
  (6, 'DE-MOT-0000606', 6, 1, 1, 1, 1, 'EUR', 'bound',     now() - interval '25 days', now() - interval '5 days', current_date + 10, current_date + 375, NULL, 'semiannual', 1120.00, 45000.00, 500.00),
  (7, 'DE-MOT-0000707', 4, 1, 1, 1, 1, 'EUR', 'cancelled', now() - interval '270 days', now() - interval '260 days', current_date - 250, current_date + 115, current_date - 100, 'monthly', 540.00, 19000.00, 300.00),
  (8, 'JP-MOT-0000808', 5, 1, 5, 3, 3, 'JPY', 'active',    now() - interval '150 days', now() - interval '145 days', current_date - 140, current_date + 225, NULL, 'annual', 52000, 900000, 50000);

INSERT INTO public.policy_coverages (policy_id, coverage_code, limit_amount, deductible, premium) VALUES
  (1, 'third_party_liability', 100000000.00, 0, 412.00), (1, 'own_damage', 21000.00, 300.00, 232.00), (1, 'glass', NULL, 150.00, 40.00),
  (2, 'building', 350000.00, 250.00, 280.00), (2, 'contents', 40000.00, 250.00, 132.50),
  (3, 'third_party_liability', 20000000.00, 0, 610.00), (3, 'own_damage', 68000.00, 500.00, 530.00), (3, 'theft', 68000.00, 500.00, 100.00),
  (4, 'building', 180000.00, 150.00, 190.00), (4, 'contents', 30000.00, 150.00, 108.00),
  (5, 'medical_expenses', 50000.00, 0, 64.00), (5, 'trip_cancellation', 5000.00, 0, 25.00),
  (6, 'third_party_liability', 100000000.00, 0, 720.00), (6, 'own_damage', 45000.00, 500.00, 400.00),
  (7, 'third_party_liability', 100000000.00, 0, 380.00), (7, 'own_damage', 19000.00, 300.00, 160.00),
  (8, 'third_party_liability', 100000000, 0, 34000), (8, 'own_damage', 900000, 50000, 18000);

INSERT INTO public.insured_vehicles (id, policy_id, vin, registration_no, make, model, model_year, vehicle_type, fuel_type, engine_cc, market_value) VALUES
  (1, 1, 'WVWZZZAUZKW123456', 'M-LH 4821', 'Volkswagen', 'Golf', 2019, 'car', 'petrol', 1598, 16500.00),
  (2, 3, 'WF0XXXTTGXLA12345', 'MA70 KXR', 'Ford', 'Transit Custom', 2020, 'van', 'diesel', 1996, 21000.00),
  (3, 3, '5YJ3E7EB2NF123456', 'MA22 EVT', 'Tesla', 'Model 3', 2022, 'car', 'electric', NULL, 32000.00),
  (4, 7, 'SB1K93BE10E012345', 'A-SW 317', 'Toyota', 'Corolla', 2021, 'car', 'hybrid', 1798, 19000.00),
  (5, 8, 'JKAERD12AMDA01234', 'なにわ 1 あ 23-45', 'Kawasaki', 'Z650', 2021, 'motorcycle', 'petrol', 649, 720000),
  (6, 6, 'WDB9066331S765432', 'M-BE 2200', 'Mercedes-Benz', 'Sprinter', 2023, 'van', 'diesel', 2143, 45000.00);

INSERT INTO public.insured_properties (id, policy_id, property_type, address_line, city, postcode, country_code, year_built, floor_area_m2, rebuild_value) VALUES
  (1, 2, 'house', '14 Lapwing Lane', 'Manchester', 'M20 2RN', 'GB', 1932, 128.00, 350000.00),
  (2, 4, 'apartment', 'Maximilianstraße 40', 'Augsburg', '86150', 'DE', 1998, 74.50, 180000.00);

INSERT INTO public.policy_drivers (policy_id, vehicle_id, first_name, last_name, date_of_birth, licence_no, licensed_since, is_main_driver) VALUES
  (1, 1, 'Lukas', 'Hoffmann', '1985-04-12', 'B072H4LK831', '2003-06-02', true),
  (1, 1, 'Anna', 'Hoffmann', '1987-09-30', 'B072J9AH112', '2006-03-15', false),
  (3, 2, 'Daniel', 'Price', '1962-02-11', 'PRICE602112D99AB', '1980-05-05', true),
  (3, 3, 'Megan', 'Price', '1993-08-19', 'PRICE858193M99CD', '2011-10-01', true),
  (7, 4, 'Sophie', 'Wagner', '1991-06-21', 'B074W1SW550', '2009-07-14', true),
  (8, 5, 'Haruto', 'Tanaka', '1995-07-07', '620912345678', '2014-08-20', true),
  (6, 6, 'Tobias', 'Bergmann', '1979-01-25', 'B071B8TB903', '1997-04-11', true);

INSERT INTO public.odometer_readings (vehicle_id, read_at, odometer_km, source) VALUES
  (1, now() - interval '180 days', 42150, 'policy_start'),
  (1, now() - interval '149 days', 43890, 'claim'),
  (1, now() - interval '99 days', 46020, 'claim'),
  (1, now() - interval '9 days', 49870, 'claim'),
  (2, now() - interval '300 days', 61200, 'policy_start'),
  (2, now() - interval '199 days', 68450, 'claim'),
  (2, now() - interval '49 days', 79910, 'claim'),
  (3, now() - interval '300 days', 18300, 'policy_start'),
  (4, now() - interval '250 days', 27400, 'policy_start'),
  (4, now() - interval '200 days', 29050, 'claim'),
  (5, now() - interval '140 days', 8120, 'policy_start'),
  (5, now() - interval '118 days', 8790, 'claim');

INSERT INTO public.premium_instalments (policy_id, instalment_no, due_on, amount, status, paid_at) VALUES
  (1, 1, current_date - 180, 57.00, 'paid', now() - interval '180 days'),
  (1, 2, (current_date - 180 + interval '1 month')::date, 57.00, 'paid', now() - interval '150 days'),
  (1, 3, (current_date - 180 + interval '2 months')::date, 57.00, 'paid', now() - interval '120 days'),
  (1, 4, (current_date - 180 + interval '3 months')::date, 57.00, 'paid', now() - interval '89 days'),
  (1, 5, (current_date - 180 + interval '4 months')::date, 57.00, 'paid', now() - interval '59 days'),
  (1, 6, (current_date - 180 + interval '5 months')::date, 57.00, 'paid', now() - interval '28 days'),
  (1, 7, (current_date - 180 + interval '6 months')::date, 57.00, 'scheduled', NULL),
  (2, 1, current_date - 500, 412.50, 'paid', now() - interval '501 days'),
  (3, 1, current_date - 300, 310.00, 'paid', now() - interval '300 days'),
  (3, 2, (current_date - 300 + interval '3 months')::date, 310.00, 'paid', now() - interval '209 days'),
  (3, 3, (current_date - 300 + interval '6 months')::date, 310.00, 'paid', now() - interval '117 days'),
  (3, 4, (current_date - 300 + interval '9 months')::date, 310.00, 'paid', now() - interval '27 days'),
  (4, 1, current_date - 350, 298.00, 'paid', now() - interval '352 days'),
  (6, 1, current_date + 10, 560.00, 'scheduled', NULL),
  (6, 2, (current_date + 10 + interval '6 months')::date, 560.00, 'scheduled', NULL),
  (7, 1, current_date - 250, 45.00, 'paid', now() - interval '250 days'),
  (7, 2, (current_date - 250 + interval '1 month')::date, 45.00, 'paid', now() - interval '219 days'),
  (7, 3, (current_date - 250 + interval '2 months')::date, 45.00, 'paid', now() - interval '189 days'),
  (7, 4, (current_date - 250 + interval '3 months')::date, 45.00, 'paid', now() - interval '158 days'),
  (7, 5, (current_date - 250 + interval '4 months')::date, 45.00, 'paid', now() - interval '128 days'),
  (8, 1, current_date - 140, 52000, 'paid', now() - interval '142 days');

INSERT INTO public.claims (id, claim_number, policy_id, vehicle_id, property_id, adjuster_id, cause, status, incident_at, reported_at, claimed_amount, approved_amount, closed_at, fraud_suspected, description) VALUES
  (1, 'CLM-DE-0001001', 1, 1, NULL, 1, 'collision', 'settled', now() - interval '150 days', now() - interval '149 days', 2450.00, 2200.00, now() - interval '120 days', false, 'Rear-end collision at traffic lights, bumper and tailgate damaged'),
  (2, 'CLM-GB-0002001', 2, NULL, 1, 2, 'water_damage', 'settled', now() - interval '300 days', now() - interval '298 days', 5400.00, 5000.00, now() - interval '250 days', false, 'Burst pipe in loft, kitchen ceiling and contents damaged'),
  (3, 'CLM-GB-0002002', 3, 2, NULL, NULL, 'glass_breakage', 'settled', now() - interval '200 days', now() - interval '199 days', 650.00, 650.00, now() - interval '190 days', false, 'Windscreen cracked by stone chip on M60'),
  (4, 'CLM-GB-0002003', 3, 3, NULL, 2, 'theft', 'rejected', now() - interval '150 days', now() - interval '149 days', 30000.00, NULL, now() - interval '110 days', false, 'Vehicle reported stolen from driveway; keys left in car'),
  (5, 'CLM-DE-0001002', 4, NULL, 2, 4, 'storm', 'settled', now() - interval '200 days', now() - interval '198 days', 1200.00, 1000.00, now() - interval '150 days', false, 'Balcony awning and window torn off in storm'),
  (6, 'CLM-DE-0001003', 7, 4, NULL, 1, 'collision', 'settled', now() - interval '200 days', now() - interval '200 days' + interval '3 hours', 3100.00, 3100.00, now() - interval '170 days', false, 'Side impact in car park'),
  (7, 'CLM-JP-0003001', 8, 5, NULL, 3, 'collision', 'settled', now() - interval '120 days', now() - interval '118 days', 180000, 150000, now() - interval '95 days', false, 'Low-speed fall, fairing and mirror replaced'),
  (8, 'CLM-DE-0001004', 1, 1, NULL, 1, 'vandalism', 'approved', now() - interval '100 days', now() - interval '99 days', 900.00, 800.00, NULL, false, 'Paintwork scratched along driver side'),
  (9, 'CLM-DE-0001005', 1, 1, NULL, NULL, 'glass_breakage', 'reported', now() - interval '10 days', now() - interval '9 days', 420.00, NULL, NULL, false, 'Side window smashed'),
  (10, 'CLM-DE-0001006', 4, NULL, 2, 4, 'water_damage', 'under_review', now() - interval '30 days', now() - interval '29 days', 2600.00, NULL, NULL, false, 'Washing machine leak into flat below'),
  (11, 'CLM-GB-0002004', 3, 2, NULL, NULL, 'collision', 'approved', now() - interval '50 days', now() - interval '49 days', 1500.00, 1500.00, NULL, false, 'Reversed into bollard, rear doors dented');

INSERT INTO public.claim_items (claim_id, line_no, category, description, quantity, unit_cost, amount) VALUES
  (1, 1, 'parts', 'Rear bumper and tailgate', 1, 1800.00, 1800.00),
  (1, 2, 'labour', 'Body shop hours', 5, 130.00, 650.00),
  (2, 1, 'building_repair', 'Ceiling replastering and redecoration', 1, 4200.00, 4200.00),
  (2, 2, 'contents', 'Kitchen appliances', 3, 400.00, 1200.00),
  (3, 1, 'parts', 'Windscreen replacement', 1, 650.00, 650.00),
  (5, 1, 'building_repair', 'Awning and window frame', 1, 1200.00, 1200.00),
  (6, 1, 'parts', 'Front door and mirror', 1, 2300.00, 2300.00),
  (6, 2, 'labour', 'Paint and fit', 4, 125.00, 500.00),
  (6, 3, 'rental_car', 'Replacement car', 6, 50.00, 300.00),
  (7, 1, 'parts', 'Fairing and mirror', 1, 150000, 150000),
  (7, 2, 'labour', 'Workshop hours', 4, 7500, 30000),
  (8, 1, 'labour', 'Respray driver side', 1, 900.00, 900.00),
  (9, 1, 'parts', 'Side window glass', 1, 420.00, 420.00),
  (10, 1, 'building_repair', 'Neighbour ceiling repair', 1, 1900.00, 1900.00),
  (10, 2, 'other', 'Dehumidifier hire (days)', 14, 50.00, 700.00),
  (11, 1, 'parts', 'Rear doors', 2, 600.00, 1200.00),
  (11, 2, 'labour', 'Fitting', 2, 150.00, 300.00);

INSERT INTO public.inspections (claim_id, adjuster_id, visit_type, scheduled_at, duration_minutes, outcome, estimate_amount, notes) VALUES
  (1, 1, 'garage', (date_trunc('week', localtimestamp) - interval '20 weeks' + interval '1 day 10 hours'), 60, 'completed', 2200.00, 'Damage consistent with description'),
  (2, 2, 'site', (date_trunc('week', localtimestamp) - interval '42 weeks' + interval '3 days 9 hours 30 minutes'), 90, 'completed', 5000.00, 'Pipe failure confirmed'),
  (4, 2, 'remote', (date_trunc('week', localtimestamp) - interval '20 weeks' + interval '4 days 15 hours'), 45, 'completed', NULL, 'Keys in vehicle, excluded'),
  (5, 4, 'site', (date_trunc('week', localtimestamp) - interval '27 weeks' + interval '2 days 11 hours'), 75, 'completed', 1000.00, NULL),
  (7, 3, 'garage', (date_trunc('week', localtimestamp) - interval '15 weeks' + interval '1 day 13 hours 30 minutes'), 60, 'completed', 150000, NULL),
  (10, 4, 'site', (date_trunc('week', localtimestamp) + interval '1 week 2 days 14 hours'), 120, 'scheduled', NULL, NULL);

INSERT INTO public.payouts (claim_id, payee_type, payee_name, amount, currency_code, status, created_at, paid_at) VALUES
  (1, 'repairer', 'Autohaus Sendling GmbH', 2200.00, 'EUR', 'paid', now() - interval '125 days', now() - interval '121 days'),
  (2, 'repairer', 'Didsbury Building Services Ltd', 3800.00, 'GBP', 'paid', now() - interval '260 days', now() - interval '256 days'),
  (2, 'policyholder', 'Emily Clarke', 1200.00, 'GBP', 'paid', now() - interval '255 days', now() - interval '251 days'),
  (3, 'repairer', 'Autoglass Manchester', 650.00, 'GBP', 'paid', now() - interval '192 days', now() - interval '190 days'),
  (5, 'policyholder', 'Sophie Wagner', 1000.00, 'EUR', 'paid', now() - interval '155 days', now() - interval '151 days'),
  (6, 'repairer', 'Karosserie Huber', 3100.00, 'EUR', 'paid', now() - interval '174 days', now() - interval '171 days'),
  (7, 'repairer', 'Moto Garage Namba', 150000, 'JPY', 'paid', now() - interval '98 days', now() - interval '96 days'),
  (8, 'policyholder', 'Lukas Hoffmann', 800.00, 'EUR', 'pending', now() - interval '2 days', NULL),
  (11, 'repairer', 'Stockport Commercials', 1500.00, 'GBP', 'paid', now() - interval '20 days', now() - interval '18 days');

SELECT setval('public.branches_id_seq', 3);
SELECT setval('public.products_id_seq', 3);
SELECT setval('public.tariffs_id_seq', 6);
SELECT setval('public.customers_id_seq', 6);
SELECT setval('public.agents_id_seq', 3);
SELECT setval('public.adjusters_id_seq', 4);
SELECT setval('public.policies_id_seq', 8);
SELECT setval('public.insured_vehicles_id_seq', 6);
SELECT setval('public.insured_properties_id_seq', 2);
SELECT setval('public.claims_id_seq', 11);

COMMIT;
