BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2), ('GBP', 'Pound sterling', 2), ('PLN', 'Polish zloty', 2), ('USD', 'US dollar', 2);

INSERT INTO public.countries (code, name, currency_code, phone_prefix) VALUES
  ('DE', 'Germany', 'EUR', '+49'), ('GB', 'United Kingdom', 'GBP', '+44'), ('PL', 'Poland', 'PLN', '+48');

INSERT INTO public.clients (id, name, client_type, country_code, tax_number, email, phone, created_at) VALUES
  (1, 'Stadtwerke München GmbH', 'public_sector', 'DE', 'DE129521671', 'bau@swm.example.de', '+49 89 23610', now() - interval '420 days'),
  (2, 'Canary Riverside Developments Ltd', 'developer', 'GB', 'GB284519347', 'projects@canaryriverside.example.co.uk', '+44 20 7946 0321', now() - interval '900 days'),
  (3, 'Polska Logistyka Sp. z o.o.', 'corporate', 'PL', 'PL7251801126', 'inwestycje@polskalogistyka.example.pl', '+48 42 630 1200', now() - interval '150 days');

INSERT INTO public.projects (id, project_code, client_id, name, project_type, country_code, currency_code, contract_value, retention_pct, status, start_date, planned_end_date, actual_end_date, created_at) VALUES
  (1, 'DE-24-0117', 1, 'Tram Depot Extension Freimann', 'infrastructure', 'DE', 'EUR', 12500000.00, 5.00, 'in_progress', current_date - 300, current_date + 200, NULL, now() - interval '400 days'),
  (2, 'GB-23-0042', 2, 'Riverside Apartments Block B', 'residential', 'GB', 'GBP', 8200000.00, 3.00, 'completed', current_date - 700, current_date - 120, current_date - 100, now() - interval '880 days'),
  (3, 'PL-25-0008', 3, 'Distribution Warehouse Stryków', 'industrial', 'PL', 'PLN', 46000000.00, 5.00, 'awarded', current_date + 30, current_date + 400, NULL, now() - interval '120 days');

INSERT INTO public.sites (id, project_id, name, address_line, city, postcode, country_code, latitude, longitude, opened_on, closed_on) VALUES
  (1, 1, 'Betriebshof Freimann', 'Werner-Heisenberg-Allee 25', 'München', '80939', 'DE', 48.187620, 11.606330, current_date - 300, NULL),
  (2, 2, 'Riverside Block B', '12 Wharf Road', 'London', 'E14 9SH', 'GB', 51.503410, -0.018870, current_date - 700, current_date - 90),
  (3, 3, 'Stryków Logistics Park', 'ul. Warszawska 1', 'Stryków', '95-010', 'PL', 51.898900, 19.603800, NULL, NULL);

INSERT INTO public.project_phases (id, project_id, phase_no, name, status, planned_start, planned_end, actual_start, actual_end) VALUES
  (1, 1, 1, 'Enabling works', 'completed', current_date - 300, current_date - 245, current_date - 300, current_date - 240),
  (2, 1, 2, 'Substructure', 'completed', current_date - 244, current_date - 150, current_date - 238, current_date - 140),
  (3, 1, 3, 'Superstructure', 'in_progress', current_date - 149, current_date + 30, current_date - 139, NULL),
  (4, 1, 4, 'Fit-out and commissioning', 'not_started', current_date + 31, current_date + 200, NULL, NULL),
  (5, 2, 1, 'Groundworks', 'completed', current_date - 700, current_date - 560, current_date - 700, current_date - 555),
  (6, 2, 2, 'Frame', 'completed', current_date - 559, current_date - 330, current_date - 554, current_date - 320),
  (7, 2, 3, 'Envelope and fit-out', 'completed', current_date - 329, current_date - 120, current_date - 319, current_date - 100),
  (8, 3, 1, 'Site set-up', 'not_started', current_date + 30, current_date + 60, NULL, NULL);

INSERT INTO public.milestones (id, phase_id, name, due_date, achieved_on, payment_linked) VALUES
  (1, 2, 'Basement slab poured', current_date - 160, current_date - 152, true),
  (2, 3, 'Roof steel topped out', current_date + 20, NULL, true),
  (3, 7, 'Practical completion', current_date - 120, current_date - 100, true),
  (4, 8, 'Site hoarding complete', current_date + 45, NULL, false);

INSERT INTO public.subcontractors (id, name, trade, country_code, tax_number, email, phone, created_at) VALUES
  (1, 'Bauer Tiefbau GmbH', 'groundworks', 'DE', 'DE811245873', 'info@bauer-tiefbau.example.de', '+49 8131 55420', now() - interval '1500 days'),
  (2, 'Elektro Huber GmbH', 'electrical', 'DE', 'DE246813579', 'kontakt@elektro-huber.example.de', '+49 89 7412 880', now() - interval '1100 days'),
  (3, 'Thames Scaffolding Ltd', 'scaffolding', 'GB', 'GB193746285', 'ops@thamesscaffolding.example.co.uk', '+44 20 8123 4567', now() - interval '1300 days');

INSERT INTO public.subcontractor_certifications (id, subcontractor_id, cert_type, cert_number, issued_by, valid_from, valid_to) VALUES
  (1, 1, 'iso_45001', 'TUV-45001-77812', 'TÜV SÜD', current_date - 800, current_date + 295),
  (2, 1, 'public_liability_insurance', 'ALZ-HV-2291044', 'Allianz', current_date - 400, current_date - 36),
  (3, 1, 'public_liability_insurance', 'ALZ-HV-2291044-R', 'Allianz', current_date - 35, current_date + 330),
  (4, 2, 'trade_licence', 'HWK-M-0045187', 'Handwerkskammer München', current_date - 1000, current_date + 800),
  (5, 3, 'public_liability_insurance', 'AV-PL-558120', 'Aviva', current_date - 800, current_date - 436),
  (6, 3, 'public_liability_insurance', 'AV-PL-558120-R', 'Aviva', current_date - 435, current_date - 71);

INSERT INTO public.subcontracts (id, project_id, subcontractor_id, reference, scope, awarded_on, value, currency_code, status) VALUES
  (1, 1, 1, 'SC-24-0117-01', 'Excavation, piling mats and drainage', current_date - 310, 1150000.00, 'EUR', 'active'),
  (2, 1, 2, 'SC-24-0117-02', 'Electrical installation and overhead line feed', current_date - 200, 640000.00, 'EUR', 'active'),
  (3, 2, 3, 'SC-23-0042-01', 'Access scaffolding to Block B', current_date - 710, 310000.00, 'GBP', 'completed');

INSERT INTO public.workers (id, employee_no, first_name, last_name, date_of_birth, country_code, subcontractor_id, trade, hired_on, left_on) VALUES
  (1, 'W-DE-00412', 'Jonas', 'Weber', DATE '1985-04-12', 'DE', NULL, 'site manager', DATE '2015-03-01', NULL),
  (2, 'W-DE-01877', 'Marek', 'Nowak', DATE '1990-09-23', 'PL', 1, 'groundworker', current_date - 320, NULL),
  (3, 'W-DE-01903', 'Lukas', 'Schmid', DATE '1998-01-30', 'DE', 2, 'electrician', current_date - 190, NULL),
  (4, 'W-GB-00951', 'Daniel', 'Okafor', DATE '1979-06-14', 'GB', 3, 'scaffolder', current_date - 720, current_date - 95),
  (5, 'W-GB-00118', 'Sarah', 'Mitchell', DATE '1968-03-02', 'GB', NULL, 'project manager', DATE '2010-05-17', NULL);

INSERT INTO public.timesheets (id, worker_id, site_id, subcontract_id, work_date, start_time, end_time, break_minutes, hours_worked, approved) VALUES
  (1, 1, 1, NULL, date_trunc('week', now())::date - 7, '07:00', '16:00', 30, 8.50, true),
  (2, 2, 1, 1, date_trunc('week', now())::date - 7, '07:00', '17:30', 45, 9.75, true),
  (3, 3, 1, 2, date_trunc('week', now())::date - 6, '06:30', '15:30', 30, 8.50, true),
  (4, 2, 1, 1, date_trunc('week', now())::date - 5, '07:00', '16:00', 30, 8.50, false),
  (5, 4, 2, 3, date_trunc('week', now() - interval '120 days')::date + 1, '07:30', '16:00', 30, 8.00, true);

INSERT INTO public.equipment (id, asset_tag, kind, make, model, operating_weight_kg, purchased_on, purchase_cost, currency_code) VALUES
  (1, 'EQ-DE-0012', 'excavator', 'Liebherr', 'R 926', 26000.0, current_date - 1400, 310000.00, 'EUR'),
  (2, 'EQ-DE-0031', 'tower_crane', 'Liebherr', '172 EC-B 8 Litronic', 45000.0, current_date - 2500, 420000.00, 'EUR'),
  (3, 'EQ-GB-0007', 'telehandler', 'JCB', '540-140 Hi-Viz', 11000.0, current_date - 1800, 98000.00, 'GBP'),
  (4, 'EQ-DE-0044', 'mini_excavator', 'Kubota', 'KX027-4', 2700.0, current_date - 600, 48000.00, 'EUR');

INSERT INTO public.equipment_meter_readings (id, equipment_id, site_id, read_at, hour_meter) VALUES
  (1, 1, 1, now() - interval '60 days', 4210.5),
  (2, 1, 1, now() - interval '30 days', 4395.0),
  (3, 1, 1, now() - interval '2 days', 4561.5),
  (4, 3, 2, now() - interval '400 days', 1200.0),
  (5, 3, 2, now() - interval '200 days', 1850.0),
  (6, 4, 1, now() - interval '10 days', 812.3);

INSERT INTO public.materials (id, sku, name, unit) VALUES
  (1, 'RMC-C30-37', 'Ready-mix concrete C30/37 XC4', 'm3'),
  (2, 'REB-B500B-12', 'Rebar B500B 12 mm', 't'),
  (3, 'AAC-BLK-100', 'Aircrete blocks 100 mm', 'pallet');

INSERT INTO public.material_deliveries (id, site_id, material_id, supplier_name, delivery_note_no, delivered_at, quantity, unit_price, total_amount, currency_code) VALUES
  (1, 1, 1, 'Heidelberg Materials Beton', 'LS-4471203', now() - interval '6 days', 8.000, 118.50, 948.00, 'EUR'),
  (2, 1, 2, 'ArcelorMittal Hamburg', 'LS-88120', now() - interval '12 days', 12.500, 780.00, 9750.00, 'EUR'),
  (3, 2, 3, 'Travis Perkins', 'DN-550218', now() - interval '300 days', 6.000, 145.00, 870.00, 'GBP');

INSERT INTO public.change_orders (id, project_id, change_no, title, amount, time_impact_days, status, submitted_at, decided_at) VALUES
  (1, 1, 1, 'Additional bored piles at track fan', 84500.00, 10, 'approved', now() - interval '200 days', now() - interval '185 days'),
  (2, 1, 2, 'Revised facade cladding specification', 23000.00, 0, 'pending', now() - interval '20 days', NULL),
  (3, 2, 1, 'Upgraded kitchen units, floors 5-8', 41200.00, 0, 'rejected', now() - interval '400 days', now() - interval '390 days');

INSERT INTO public.payment_applications (id, project_id, application_no, period_start, period_end, gross_value_to_date, retention_amount, previously_certified, net_due, currency_code, status, submitted_at, certified_at, paid_at) VALUES
  (1, 1, 1, current_date - 95, current_date - 66, 400000.00, 20000.00, 0.00, 380000.00, 'EUR', 'paid', now() - interval '64 days', now() - interval '55 days', now() - interval '35 days'),
  (2, 1, 2, current_date - 65, current_date - 36, 1150000.00, 57500.00, 380000.00, 712500.00, 'EUR', 'paid', now() - interval '34 days', now() - interval '25 days', now() - interval '5 days'),
  (3, 1, 3, current_date - 35, current_date - 6, 1900000.00, 95000.00, 1092500.00, 712500.00, 'EUR', 'submitted', now() - interval '4 days', NULL, NULL),
  (4, 2, 1, current_date - 700, current_date - 400, 5000000.00, 150000.00, 0.00, 4850000.00, 'GBP', 'paid', now() - interval '398 days', now() - interval '390 days', now() - interval '370 days'),
  (5, 2, 2, current_date - 399, current_date - 100, 8350000.00, 250500.00, 4850000.00, 3249500.00, 'GBP', 'paid', now() - interval '98 days', now() - interval '90 days', now() - interval '70 days');

INSERT INTO public.safety_incidents (id, site_id, worker_id, occurred_at, reported_at, severity, lost_time_days, description) VALUES
  (1, 1, 2, now() - interval '40 days', now() - interval '40 days' + interval '2 hours', 'near_miss', 0, 'Unsecured load swung near excavation edge'),
  (2, 1, 3, now() - interval '15 days', now() - interval '15 days' + interval '1 hour', 'first_aid', 0, 'Minor cut to hand while stripping cable'),
  (3, 2, 4, now() - interval '300 days', now() - interval '300 days' + interval '3 hours', 'first_aid', 0, 'Debris in eye, flushed on site'),
  (4, 1, 1, now() - interval '90 days', now() - interval '89 days', 'medical_treatment', 0, 'Twisted ankle on uneven formwork, treated at clinic');

SELECT setval('public.clients_id_seq', 3), setval('public.projects_id_seq', 3), setval('public.sites_id_seq', 3),
       setval('public.project_phases_id_seq', 8), setval('public.milestones_id_seq', 4), setval('public.subcontractors_id_seq', 3),
       setval('public.subcontractor_certifications_id_seq', 6), setval('public.subcontracts_id_seq', 3), setval('public.workers_id_seq', 5),
       setval('public.timesheets_id_seq', 5), setval('public.equipment_id_seq', 4), setval('public.equipment_meter_readings_id_seq', 6),
       setval('public.materials_id_seq', 3), setval('public.material_deliveries_id_seq', 3), setval('public.change_orders_id_seq', 3),
       setval('public.payment_applications_id_seq', 5), setval('public.safety_incidents_id_seq', 4);

COMMIT;
