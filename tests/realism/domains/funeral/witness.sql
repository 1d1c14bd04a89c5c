BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('GBP', 'Pound sterling', 2),
  ('EUR', 'Euro', 2),
  ('SEK', 'Swedish krona', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code, vat_rate) VALUES
  ('GB', 'United Kingdom', 'GBP', '+44', 20.00),
  ('DE', 'Germany', 'EUR', '+49', 19.00),
  ('SE', 'Sweden', 'SEK', '+46', 25.00);

INSERT INTO public.branches (id, name, country_code, city, street_address, postcode, phone, email, timezone, opened_on, closed_on, created_at) VALUES
  (1, 'Harrow & Sons Funeral Directors', 'GB', 'London', '14 Holloway Road', 'N7 8JL', '+44 20 7946 0312', 'holloway@harrowsons.co.uk', 'Europe/London', current_date - 6200, NULL, now() - interval '1200 days'),
  (2, 'Bestattungen Harrow München', 'DE', 'München', 'Fraunhoferstraße 22', '80469', '+49 89 2154 7730', 'muenchen@harrow-bestattungen.de', 'Europe/Berlin', current_date - 2900, NULL, now() - interval '1200 days'),
  (3, 'Harrow Begravningsbyrå Göteborg', 'SE', 'Göteborg', 'Linnégatan 41', '413 04', '+46 31 742 1190', 'goteborg@harrowbegravning.se', 'Europe/Stockholm', current_date - 1500, NULL, now() - interval '1200 days');
SELECT setval('public.branches_id_seq', 3);

INSERT INTO public.chapels (id, branch_id, name, seating_capacity, has_livestream) VALUES
  (1, 1, 'Chapel of Rest', 60, true),
  (2, 2, 'Abschiedsraum', 40, false),
  (3, 3, 'Minneskapellet', 80, true);
SELECT setval('public.chapels_id_seq', 3);

INSERT INTO public.staff (id, branch_id, first_name, last_name, role, email, phone, date_of_birth, hired_on, left_on) VALUES
  (1, 1, 'Margaret', 'Ellison', 'arranger', 'm.ellison@harrowsons.co.uk', '+44 7700 900412', '1974-03-11', current_date - 4100, NULL),
  (2, 1, 'Darren', 'Platt', 'driver', 'd.platt@harrowsons.co.uk', '+44 7700 900587', '1981-09-02', current_date - 2300, NULL),
  (3, 2, 'Katrin', 'Huber', 'funeral_director', 'k.huber@harrow-bestattungen.de', '+49 151 23456781', '1969-12-20', current_date - 2800, NULL),
  (4, 2, 'Jonas', 'Brandl', 'driver', 'j.brandl@harrow-bestattungen.de', '+49 151 23456799', '1990-05-14', current_date - 900, NULL),
  (5, 3, 'Ingrid', 'Lindqvist', 'arranger', 'ingrid.lindqvist@harrowbegravning.se', '+46 70 123 45 67', '1978-07-30', current_date - 1400, NULL),
  (6, 1, 'Peter', 'Okafor', 'celebrant', 'p.okafor@harrowsons.co.uk', '+44 7700 900233', '1965-01-25', current_date - 3000, NULL);
SELECT setval('public.staff_id_seq', 6);

INSERT INTO public.deceased (id, first_name, middle_names, last_name, sex, date_of_birth, date_of_death, place_of_death, death_certificate_no, country_code, created_at) VALUES
  (1, 'Arthur', 'James', 'Whitfield', 'M', '1938-04-17', current_date - 120, 'Whittington Hospital, London', 'DYE 408211', 'GB', now() - interval '119 days'),
  (2, 'Gertrud', NULL, 'Maier', 'F', '1941-11-02', current_date - 95, 'Klinikum Schwabing, München', '2/1187', 'DE', now() - interval '94 days'),
  (3, 'Sven', 'Erik', 'Andersson', 'M', '1952-06-08', current_date - 80, 'Sahlgrenska Universitetssjukhuset', 'SE-2025-55120', 'SE', now() - interval '79 days'),
  (4, 'Doreen', NULL, 'Patel', 'F', '1947-01-29', current_date - 70, 'At home, Islington', 'DYE 412907', 'GB', now() - interval '69 days'),
  (5, 'Friedrich', 'Karl', 'Wagner', 'M', '1959-08-23', current_date - 5, 'Klinikum rechts der Isar, München', '2/1902', 'DE', now() - interval '4 days');

INSERT INTO public.next_of_kin (id, deceased_id, full_name, relationship, phone, email, address, country_code, is_primary) VALUES
  (1, 1, 'Susan Whitfield', 'child', '+44 7700 900111', 'susan.whitfield@example.co.uk', '3 Tufnell Park Road, London N7 0PG', 'GB', true),
  (2, 2, 'Thomas Maier', 'child', '+49 160 5551234', 'thomas.maier@example.de', 'Leopoldstraße 80, 80802 München', 'DE', true),
  (3, 3, 'Karin Andersson', 'spouse', '+46 70 555 12 34', 'karin.andersson@example.se', 'Vasagatan 12, 411 24 Göteborg', 'SE', true),
  (4, 4, 'Rajesh Patel', 'spouse', '+44 7700 900222', 'rajesh.patel@example.co.uk', '27 Liverpool Road, London N1 0RW', 'GB', true),
  (5, 5, 'Monika Wagner', 'spouse', '+49 171 5559876', 'monika.wagner@example.de', 'Rosenheimer Straße 5, 81667 München', 'DE', true),
  (6, 1, 'Michael Whitfield', 'child', '+44 7700 900333', NULL, '9 Station Road, Reading RG1 1LG', 'GB', false);

INSERT INTO public.packages (id, country_code, code, name, disposition_type, base_price, currency_code, valid_from, valid_to) VALUES
  (1, 'GB', 'TRAD-BUR', 'Traditional funeral with burial', 'burial', 3950.00, 'GBP', current_date - 700, NULL),
  (2, 'GB', 'DIRECT-CREM', 'Direct cremation', 'direct_cremation', 1495.00, 'GBP', current_date - 700, NULL),
  (3, 'DE', 'ERD-KLASSIK', 'Erdbestattung Klassik', 'burial', 4200.00, 'EUR', current_date - 500, NULL),
  (4, 'SE', 'KREM-STANDARD', 'Kremation med ceremoni', 'cremation', 28500.00, 'SEK', current_date - 400, NULL),
  (5, 'GB', 'TRAD-BUR', 'Traditional funeral with burial', 'burial', 3650.00, 'GBP', current_date - 1500, current_date - 701);
SELECT setval('public.packages_id_seq', 5);

INSERT INTO public.arrangements (id, contract_no, branch_id, deceased_id, contracting_kin_id, package_id, arranger_id, status, currency_code, subtotal, tax_amount, total_amount, signed_at, completed_at, cancelled_at) VALUES
  (1, 'GB-HOL-2026-0412', 1, 1, 1, 1, 1, 'completed', 'GBP', 5321.00, 0.00, 5321.00, now() - interval '118 days', now() - interval '100 days', NULL),
  (2, 'DE-MUC-2026-0188', 2, 2, 2, 3, 3, 'completed', 'EUR', 5550.00, 1054.50, 6604.50, now() - interval '93 days', now() - interval '80 days', NULL),
  (3, 'SE-GOT-2026-0097', 3, 3, 3, 4, 5, 'completed', 'SEK', 29950.00, 0.00, 29950.00, now() - interval '78 days', now() - interval '60 days', NULL),
  (4, 'GB-HOL-2026-0431', 1, 4, 4, 2, 1, 'completed', 'GBP', 1615.00, 0.00, 1615.00, now() - interval '68 days', now() - interval '55 days', NULL),
  (5, 'DE-MUC-2026-0203', 2, 5, 5, 3, 3, 'signed', 'EUR', 4380.00, 832.20, 5212.20, now() - interval '4 days', NULL, NULL);

INSERT INTO public.arrangement_items (arrangement_id, line_no, item_type, description, quantity, unit_price, line_total) VALUES
  (1, 1, 'package', 'Traditional funeral with burial', 1, 3950.00, 3950.00),
  (1, 2, 'flowers', 'Casket spray, white lilies', 2, 85.50, 171.00),
  (1, 3, 'disbursement', 'Cemetery interment fee', 1, 1200.00, 1200.00),
  (2, 1, 'package', 'Erdbestattung Klassik', 1, 4200.00, 4200.00),
  (2, 2, 'coffin', 'Eichensarg natur', 1, 1350.00, 1350.00),
  (3, 1, 'package', 'Kremation med ceremoni', 1, 28500.00, 28500.00),
  (3, 2, 'flowers', 'Kistdekoration', 1, 1450.00, 1450.00),
  (4, 1, 'package', 'Direct cremation', 1, 1495.00, 1495.00),
  (4, 2, 'urn', 'Oak scatter tube', 1, 120.00, 120.00),
  (5, 1, 'package', 'Erdbestattung Klassik', 1, 4200.00, 4200.00),
  (5, 2, 'transport', 'Überführung aus Klinikum', 1, 180.00, 180.00);

INSERT INTO public.services (id, arrangement_id, chapel_id, venue_name, service_type, officiant_id, scheduled_start, scheduled_end, expected_attendees, status) VALUES
  (1, 1, 1, NULL, 'funeral_service', 6,
   ((date_trunc('week', now() - interval '105 days')::date + 2) + time '11:00') AT TIME ZONE 'Europe/London',
   ((date_trunc('week', now() - interval '105 days')::date + 2) + time '12:00') AT TIME ZONE 'Europe/London', 55, 'completed'),
  (2, 2, 2, NULL, 'funeral_service', 3,
   ((date_trunc('week', now() - interval '85 days')::date + 3) + time '10:00') AT TIME ZONE 'Europe/Berlin',
   ((date_trunc('week', now() - interval '85 days')::date + 3) + time '11:00') AT TIME ZONE 'Europe/Berlin', 35, 'completed'),
  (3, 3, 3, NULL, 'memorial', NULL,
   ((date_trunc('week', now() - interval '70 days')::date + 4) + time '13:00') AT TIME ZONE 'Europe/Stockholm',
   ((date_trunc('week', now() - interval '70 days')::date + 4) + time '14:00') AT TIME ZONE 'Europe/Stockholm', 70, 'completed'),
  (4, 4, 1, NULL, 'viewing', NULL,
   ((date_trunc('week', now() - interval '63 days')::date + 1) + time '14:00') AT TIME ZONE 'Europe/London',
   ((date_trunc('week', now() - interval '63 days')::date + 1) + time '15:30') AT TIME ZONE 'Europe/London', 8, 'completed'),
  (5, 5, 2, NULL, 'funeral_service', 3,
   ((date_trunc('week', now() + interval '14 days')::date + 1) + time '10:30') AT TIME ZONE 'Europe/Berlin',
   ((date_trunc('week', now() + interval '14 days')::date + 1) + time '11:30') AT TIME ZONE 'Europe/Berlin', 40, 'scheduled'),
  (6, 1, NULL, 'The Lord Palmerston, Dartmouth Park Hill', 'wake', NULL,
   ((date_trunc('week', now() - interval '105 days')::date + 2) + time '13:00') AT TIME ZONE 'Europe/London',
   ((date_trunc('week', now() - interval '105 days')::date + 2) + time '16:00') AT TIME ZONE 'Europe/London', 50, 'completed');

INSERT INTO public.cemeteries (id, name, country_code, city, operator) VALUES
  (1, 'Highgate Cemetery', 'GB', 'London', 'Friends of Highgate Cemetery Trust'),
  (2, 'Waldfriedhof München', 'DE', 'München', 'Städtische Friedhöfe München'),
  (3, 'Östra kyrkogården', 'SE', 'Göteborg', 'Svenska kyrkan Göteborg');
SELECT setval('public.cemeteries_id_seq', 3);

INSERT INTO public.cemetery_plots (id, cemetery_id, section, row_label, plot_number, plot_type, length_m, width_m, lease_start, lease_end) VALUES
  (1, 1, 'East', 'K', 14, 'single_grave', 2.30, 1.00, current_date - 110, current_date - 110 + 36500),
  (2, 1, 'East', 'K', 15, 'double_grave', 2.30, 1.90, NULL, NULL),
  (3, 2, '112', 'W', 7, 'single_grave', 2.20, 0.90, current_date - 85, current_date - 85 + 7300),
  (4, 2, '112', 'W', 8, 'urn_grave', 0.80, 0.80, NULL, NULL),
  (5, 3, 'C', '3', 21, 'columbarium_niche', 0.35, 0.35, NULL, NULL),
  (6, 2, '114', 'A', 2, 'single_grave', 2.50, 1.20, current_date - 3, current_date - 3 + 7300);
SELECT setval('public.cemetery_plots_id_seq', 6);

INSERT INTO public.dispositions (id, arrangement_id, disposition_type, plot_id, crematorium_name, scheduled_at, completed_at, status, ashes_collected_at) VALUES
  (1, 1, 'burial', 1, NULL,
   ((date_trunc('week', now() - interval '105 days')::date + 2) + time '12:30') AT TIME ZONE 'Europe/London',
   ((date_trunc('week', now() - interval '105 days')::date + 2) + time '12:55') AT TIME ZONE 'Europe/London', 'completed', NULL),
  (2, 2, 'burial', 3, NULL,
   ((date_trunc('week', now() - interval '85 days')::date + 3) + time '11:30') AT TIME ZONE 'Europe/Berlin',
   ((date_trunc('week', now() - interval '85 days')::date + 3) + time '12:00') AT TIME ZONE 'Europe/Berlin', 'completed', NULL),
  (3, 3, 'cremation', NULL, 'Kvibergs krematorium',
   now() - interval '74 days', now() - interval '74 days' + interval '2 hours', 'completed', now() - interval '66 days'),
  (4, 4, 'cremation', NULL, 'Islington and Camden Crematorium',
   now() - interval '62 days', now() - interval '62 days' + interval '2 hours', 'completed', now() - interval '55 days'),
  (5, 5, 'burial', 6, NULL,
   ((date_trunc('week', now() + interval '14 days')::date + 1) + time '12:00') AT TIME ZONE 'Europe/Berlin', NULL, 'scheduled', NULL);

INSERT INTO public.vehicles (id, branch_id, registration, vin, vehicle_type, make, model, model_year, seats, acquired_on, disposed_on) VALUES
  (1, 1, 'LK19 HRS', 'WDD2120041A123456', 'hearse', 'Mercedes-Benz', 'E-Class Binz', 2019, 2, current_date - 2400, NULL),
  (2, 1, 'LK20 HRL', 'WDD2130421A654321', 'limousine', 'Mercedes-Benz', 'E-Class Limousine', 2020, 7, current_date - 2000, NULL),
  (3, 2, 'M-HB 4471', 'WDB9066331P987654', 'hearse', 'Mercedes-Benz', 'Sprinter Bestattungswagen', 2018, 2, current_date - 2600, NULL),
  (4, 3, 'ABC 123', 'YV1DZ8256C2123456', 'hearse', 'Volvo', 'V90 Nilsson', 2021, 2, current_date - 1300, NULL);
SELECT setval('public.vehicles_id_seq', 4);

INSERT INTO public.odometer_readings (vehicle_id, read_at, odometer_km, recorded_by) VALUES
  (1, now() - interval '120 days', 84210, 2),
  (1, now() - interval '90 days', 86005, 2),
  (1, now() - interval '60 days', 87890, 2),
  (1, now() - interval '2 days', 91200, 2),
  (2, now() - interval '100 days', 22000, 2),
  (2, now() - interval '40 days', 23150, 2),
  (3, now() - interval '95 days', 132400, 4),
  (3, now() - interval '30 days', 138900, 4),
  (4, now() - interval '80 days', 45000, 5),
  (4, now() - interval '10 days', 48200, 5);

INSERT INTO public.vehicle_bookings (vehicle_id, service_id, driver_id, depart_at, return_at)
SELECT v, s.id, d, s.scheduled_start - interval '1 hour', s.scheduled_end + interval '2 hours'
FROM (VALUES (1, 1, 2), (2, 1, 2), (3, 2, 4), (3, 5, 4)) AS b(v, sid, d)
JOIN public.services s ON s.id = b.sid;
UPDATE public.vehicle_bookings SET return_at = NULL WHERE service_id = 5;

INSERT INTO public.invoices (id, invoice_no, arrangement_id, issued_on, due_on, currency_code, total_amount, status) VALUES
  (1, 'INV-GB-000812', 1, current_date - 100, current_date - 70, 'GBP', 5321.00, 'paid'),
  (2, 'INV-DE-000377', 2, current_date - 90, current_date - 60, 'EUR', 6604.50, 'paid'),
  (3, 'INV-SE-000154', 3, current_date - 75, current_date - 15, 'SEK', 29950.00, 'partially_paid'),
  (4, 'INV-GB-000839', 4, current_date - 65, current_date - 35, 'GBP', 1615.00, 'overdue'),
  (5, 'INV-DE-000402', 5, current_date - 3, current_date + 27, 'EUR', 5212.20, 'issued');

INSERT INTO public.payments (invoice_id, instalment_no, due_on, amount, method, status, paid_at) VALUES
  (1, 1, current_date - 90, 2660.50, 'bank_transfer', 'paid', now() - interval '91 days'),
  (1, 2, current_date - 60, 2660.50, 'bank_transfer', 'paid', now() - interval '61 days'),
  (2, 1, current_date - 60, 6604.50, 'bank_transfer', 'paid', now() - interval '65 days'),
  (3, 1, current_date - 75, 9950.00, 'card', 'paid', now() - interval '74 days'),
  (3, 2, current_date - 45, 10000.00, 'direct_debit', 'paid', now() - interval '44 days'),
  (3, 3, current_date - 15, 10000.00, 'direct_debit', 'failed', NULL),
  (4, 1, current_date - 35, 1615.00, 'bank_transfer', 'pending', NULL),
  (5, 1, current_date + 27, 2606.10, 'bank_transfer', 'pending', NULL),
  (5, 2, current_date + 57, 2606.10, 'bank_transfer', 'pending', NULL);

COMMIT;
