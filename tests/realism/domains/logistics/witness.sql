-- Witness rows: a small carrier as a logistics reviewer would accept it, dated relative to
-- today. Every rule of rules.toml judges some of these rows and holds on all of them
-- (tests/realism/test_realism_suite.py): the rules can be met.

INSERT INTO public.countries (code, name, currency_code, phone_prefix) VALUES
    ('DE', 'Germany', 'EUR', '+49'),
    ('FR', 'France', 'EUR', '+33'),
    ('NL', 'Netherlands', 'EUR', '+31');

INSERT INTO public.carriers (id, name, legal_name, country_code, vat_number, founded_on) VALUES
    (1, 'Rheinland Paket', 'Rheinland Paket GmbH', 'DE', 'DE123456789', '2004-03-01');

INSERT INTO public.depots (id, carrier_id, code, name, street, city, postcode, country_code, opened_on) VALUES
    (1, 1, 'CGN1', 'Cologne North', 'Industriestrasse 5', 'Cologne', '50735', 'DE', current_date - 4000),
    (2, 1, 'HAM1', 'Hamburg South', 'Hafenweg 12', 'Hamburg', '21079', 'DE', current_date - 3000);

INSERT INTO public.vehicles (id, depot_id, registration, vin, kind, make, model, model_year, fuel, max_payload_kg, cargo_volume_m3, commissioned_on) VALUES
    (1, 1, 'K-RP 1201', 'WDB9066331S123456', 'van', 'Mercedes-Benz', 'Sprinter', 2021, 'diesel', 1200, 14.0, current_date - 900),
    (2, 1, 'K-RP 3802', 'WMA13XZZ5LM123456', 'rigid_truck', 'MAN', 'TGL', 2020, 'diesel', 7500, 40.0, current_date - 900),
    (3, 2, 'HH-RP 110', 'WF0XXXTTGXKA12345', 'van', 'Ford', 'Transit', 2022, 'diesel', 1000, 11.0, current_date - 700),
    (4, 2, 'HH-RP 7', 'WUC1234567890ABCD', 'cargo_bike', 'Urban Arrow', 'Cargo L', 2023, 'electric', 150, 1.5, current_date - 400);

INSERT INTO public.drivers (id, depot_id, employee_number, first_name, last_name, email, phone, date_of_birth, hired_on) VALUES
    (1, 1, 'E1001', 'Jonas', 'Becker', 'jonas.becker@example.com', '+49 221 555 0101', '1985-04-12', current_date - 2000),
    (2, 2, 'E1002', 'Leonie', 'Hartmann', 'leonie.hartmann@example.com', '+49 40 555 0102', '1990-09-30', current_date - 1000),
    (3, 1, 'E1003', 'Mehmet', 'Yilmaz', 'mehmet.yilmaz@example.com', '+49 221 555 0103', '1979-01-20', current_date - 1500);

INSERT INTO public.driver_licences (id, driver_id, licence_number, category, issuing_country, issued_on, expires_on) VALUES
    (1, 1, 'B072RRE2I55', 'C', 'DE', current_date - 3000, current_date + 1000),
    (2, 2, 'J010000SD51', 'B', 'DE', current_date - 4000, current_date + 2000),
    (3, 3, 'N0700001234', 'C', 'DE', current_date - 2500, current_date + 800);

INSERT INTO public.customers (id, account_number, company_name, contact_name, contact_email, country_code, created_at) VALUES
    (1, 'A10001', 'Buchhandlung am Dom', 'Anna Wolf', 'anna@buch-dom.example', 'DE', now() - interval '3 years'),
    (2, 'A10002', 'Feinkost Lindner', 'Paul Lindner', 'paul@lindner.example', 'DE', now() - interval '2 years');

INSERT INTO public.addresses (id, customer_id, label, street, city, postcode, country_code, is_default) VALUES
    (1, 1, 'shop', 'Domkloster 3', 'Cologne', '50667', 'DE', true),
    (2, 1, 'store room', 'Am Hof 20', 'Cologne', '50667', 'DE', false),
    (3, 2, 'shop', 'Mönckebergstrasse 7', 'Hamburg', '20095', 'DE', true);

-- 18 shipments booked over 30 days ago (17 delivered, 1 cancelled), 2 recent and still open.
INSERT INTO public.shipments (id, tracking_number, customer_id, origin_depot_id, pickup_address_id, delivery_address_id, service_level, status, booked_at, promised_by, delivered_at, declared_value, currency)
SELECT i, 'RP' || lpad(i::text, 10, '0'), 1, 1, 1, 3, 'standard',
       CASE WHEN i = 7 THEN 'cancelled' ELSE 'delivered' END::public.shipment_status,
       now() - make_interval(days => 31 + 5 * i),
       (now() - make_interval(days => 28 + 5 * i))::date,
       CASE WHEN i = 7 THEN NULL ELSE now() - make_interval(days => 29 + 5 * i) END,
       120.00, 'EUR'
FROM generate_series(1, 18) AS i;

INSERT INTO public.shipments (id, tracking_number, customer_id, origin_depot_id, pickup_address_id, delivery_address_id, status, booked_at, currency) VALUES
    (19, 'RP0000000019', 2, 2, 3, 1, 'in_transit', now() - interval '1 day', 'EUR'),
    (20, 'RP0000000020', 2, 2, 3, 2, 'booked', now() - interval '2 hours', 'EUR');

INSERT INTO public.parcels (shipment_id, parcel_no, barcode, weight_kg, length_cm, width_cm, height_cm) VALUES
    (1, 1, '00340000000000000011', 2.500, 40, 30, 20),
    (1, 2, '00340000000000000012', 0.800, 30, 20, 10),
    (2, 1, '00340000000000000021', 12.000, 60, 40, 40),
    (19, 1, '00340000000000000191', 0.350, 25, 18, 5);

INSERT INTO public.tracking_events (shipment_id, depot_id, event_type, occurred_at) VALUES
    (19, 2, 'picked_up', now() - interval '20 hours'),
    (19, 2, 'arrived_at_depot', now() - interval '16 hours');

INSERT INTO public.trips (id, depot_id, vehicle_id, driver_id, status, planned_start, started_at, ended_at, start_odometer_km, end_odometer_km) VALUES
    (1, 1, 1, 1, 'completed', now() - interval '10 days', now() - interval '10 days', now() - interval '10 days' + interval '8 hours', 10000, 10180),
    (2, 2, 3, 2, 'in_progress', now() - interval '3 hours', now() - interval '3 hours', NULL, 5100, NULL),
    (3, 1, 2, 3, 'planned', now() + interval '1 day', NULL, NULL, NULL, NULL),
    (4, 1, 1, 1, 'cancelled', now() - interval '5 days', NULL, NULL, NULL, NULL);

INSERT INTO public.trip_legs (trip_id, leg_no, stop_address_id, departed_at, arrived_at, distance_km) VALUES
    (1, 1, 1, now() - interval '10 days' + interval '30 minutes', now() - interval '10 days' + interval '90 minutes', 60.0),
    (1, 2, 3, now() - interval '10 days' + interval '2 hours', now() - interval '10 days' + interval '3 hours', 50.0),
    (2, 1, 3, now() - interval '170 minutes', now() - interval '120 minutes', 40.0),
    (2, 2, 1, now() - interval '60 minutes', NULL, NULL),
    (3, 1, 2, NULL, NULL, NULL);

INSERT INTO public.odometer_readings (vehicle_id, read_at, odometer_km, source) VALUES
    (1, now() - interval '20 days', 9800, 'telematics'),
    (1, now() - interval '10 days', 10180, 'telematics'),
    (1, now() - interval '2 days', 10500, 'telematics'),
    (3, now() - interval '5 days', 5000, 'driver'),
    (3, now() - interval '1 day', 5100, 'telematics');

INSERT INTO public.fuel_purchases (vehicle_id, driver_id, purchased_at, station_country, litres, price_per_litre, total_amount, currency) VALUES
    (1, 1, now() - interval '10 days' + interval '4 hours', 'DE', 60.00, 1.689, 101.34, 'EUR');

INSERT INTO public.invoices (id, invoice_number, customer_id, issued_on, due_on, currency, subtotal, discount, tax, total, status, paid_at) VALUES
    (1, 'INV-2001', 1, current_date - 40, current_date - 10, 'EUR', 100.00, 10.00, 17.10, 107.10, 'paid', now() - interval '15 days'),
    (2, 'INV-2002', 2, current_date - 5, current_date + 25, 'EUR', 50.00, 0.00, 9.50, 59.50, 'issued', NULL);

INSERT INTO public.invoice_lines (invoice_id, line_no, shipment_id, description, quantity, unit_price, amount) VALUES
    (1, 1, 1, 'Standard parcel', 2, 30.00, 60.00),
    (1, 2, 2, 'Heavy parcel surcharge', 1, 40.00, 40.00);
