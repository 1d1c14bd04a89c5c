-- Hand-written witness data for municipal_building_permits.
-- All dates are relative to today so the data stays plausible.
BEGIN;

INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('SEK', 'Swedish krona', 2),
  ('DKK', 'Danish krone', 2);

INSERT INTO public.countries (iso2, iso3, name, currency_code, dial_code) VALUES
  ('AT', 'AUT', 'Austria', 'EUR', '+43'),
  ('DE', 'DEU', 'Germany', 'EUR', '+49'),
  ('DK', 'DNK', 'Denmark', 'DKK', '+45'),
  ('NL', 'NLD', 'Netherlands', 'EUR', '+31'),
  ('SE', 'SWE', 'Sweden', 'SEK', '+46');

INSERT INTO public.public_holidays (id, country_code, holiday_date, name)
SELECT v.id, v.cc, make_date(extract(year FROM current_date)::int, v.mm, v.dd), v.name
FROM (VALUES
  (1, 'DE', 1, 1, 'Neujahr'),
  (2, 'DE', 10, 3, 'Tag der Deutschen Einheit'),
  (3, 'DE', 12, 25, '1. Weihnachtstag'),
  (4, 'AT', 1, 6, 'Heilige Drei Könige'),
  (5, 'AT', 12, 8, 'Mariä Empfängnis'),
  (6, 'NL', 4, 27, 'Koningsdag'),
  (7, 'NL', 12, 25, 'Eerste Kerstdag'),
  (8, 'SE', 6, 6, 'Sveriges nationaldag'),
  (9, 'SE', 12, 25, 'Juldagen'),
  (10, 'DK', 12, 25, 'Juledag')
) AS v(id, cc, mm, dd, name);

INSERT INTO public.municipalities (id, country_code, official_code, name, timezone, authority_name, contact_email, onboarded_at, is_active) VALUES
  (1, 'DE', '08311000', 'Freiburg im Breisgau', 'Europe/Berlin', 'Baurechtsamt der Stadt Freiburg', 'baurechtsamt@stadt.freiburg.de', now() - interval '4 years 2 months', true),
  (2, 'NL', 'GM0344', 'Utrecht', 'Europe/Amsterdam', 'Gemeente Utrecht, Vergunningen Toezicht en Handhaving', 'vergunningen@utrecht.nl', now() - interval '3 years 7 months', true),
  (3, 'AT', '60101', 'Graz', 'Europe/Vienna', 'Bau- und Anlagenbehörde Graz', 'baubehoerde@stadt.graz.at', now() - interval '2 years 1 month', true),
  (4, 'SE', '0380', 'Uppsala', 'Europe/Stockholm', 'Plan- och byggnadsnämnden Uppsala kommun', 'bygglov@uppsala.se', now() - interval '3 years 5 months', true);

INSERT INTO public.zoning_districts (id, municipality_id, code, name, land_use, max_height_m, max_floor_area_ratio) VALUES
  (1, 1, 'WA-12', 'Allgemeines Wohngebiet Vauban', 'residential', 12.0, 0.80),
  (2, 2, 'W-4', 'Wonen Binnenstad-Zuid', 'mixed', 20.0, 1.50),
  (3, 3, 'WR-7', 'Reines Wohngebiet Andritz', 'residential', 10.5, 0.60),
  (4, 4, 'B-2', 'Bostäder Luthagen', 'residential', 24.0, 1.20),
  (5, 4, 'C-1', 'Centrum handel och kontor', 'commercial', 40.0, 3.00);

INSERT INTO public.parcels (id, municipality_id, zoning_district_id, cadastral_ref, street_address, postcode, city, area_m2, is_listed_heritage) VALUES
  (1, 1, 1, 'Gemarkung Freiburg, Flurstück 4711/3', 'Vaubanallee 25', '79100', 'Freiburg im Breisgau', 540.0, false),
  (2, 1, 1, 'Gemarkung Freiburg, Flurstück 5123', 'Merzhauser Straße 112', '79100', 'Freiburg im Breisgau', 610.0, false),
  (3, 2, 2, 'UTRECHT K 1234', 'Croeselaan 158', '3521 CB', 'Utrecht', 2300.0, false),
  (4, 2, 2, 'UTRECHT E 5678', 'Amsterdamsestraatweg 310', '3551 CV', 'Utrecht', 180.0, false),
  (5, 3, 3, 'KG 63101 Andritz, Gst. 412/5', 'Andritzer Reichsstraße 40', '8045', 'Graz', 820.0, false),
  (6, 3, 3, 'KG 63101 Andritz, Gst. 415', 'Stattegger Straße 12', '8045', 'Graz', 690.0, false),
  (7, 4, 5, 'UPPSALA KUNGSÄNGEN 5:12', 'Kungsgatan 47', '753 21', 'Uppsala', 3400.0, false),
  (8, 4, 4, 'UPPSALA LUTHAGEN 22:4', 'Geijersgatan 18', '752 26', 'Uppsala', 720.0, false);

INSERT INTO public.applicants (id, applicant_kind, full_name, organisation_reg_no, birth_date, email, phone, country_code, street_address, postcode, city, created_at) VALUES
  (1, 'person', 'Katrin Böhm', NULL, (current_date - interval '41 years 4 months')::date, 'katrin.boehm@posteo.de', '+4917612345678', 'DE', 'Lorettostraße 8', '79100', 'Freiburg im Breisgau', now() - interval '2 years'),
  (2, 'person', 'Jorrit van Dijk', NULL, (current_date - interval '36 years 9 months')::date, 'jorrit.vandijk@gmail.com', '+31612345678', 'NL', 'Biltstraat 44', '3572 BC', 'Utrecht', now() - interval '6 months'),
  (3, 'organisation', 'Woonstichting Mitros', '30059289', NULL, 'vastgoed@mitros.nl', '+31302804000', 'NL', 'Kanaalweg 14', '3526 KL', 'Utrecht', now() - interval '2 years 6 months'),
  (4, 'person', 'Martin Leitner', NULL, (current_date - interval '47 years 2 months')::date, 'm.leitner@gmx.at', '+436641234567', 'AT', 'Grabenstraße 21', '8010', 'Graz', now() - interval '5 months'),
  (5, 'organisation', 'Fastighets AB Celsius', '556123-4567', NULL, 'projekt@celsiusfastigheter.se', '+4618123456', 'SE', 'Svartbäcksgatan 3', '753 33', 'Uppsala', now() - interval '3 years 2 months'),
  (6, 'person', 'Sara Lindqvist', NULL, (current_date - interval '33 years 1 month')::date, 'sara.lindqvist@telia.com', '+46701234567', 'SE', 'Rackarbergsgatan 9', '752 32', 'Uppsala', now() - interval '4 days'),
  (7, 'person', 'Helmut Graf', NULL, (current_date - interval '58 years 7 months')::date, 'helmut.graf@web.de', '+4976112345678', 'DE', 'Merzhauser Straße 112', '79100', 'Freiburg im Breisgau', now() - interval '21 days'),
  (8, 'organisation', 'Stadtbau Graz GmbH', 'FN 123456a', NULL, 'office@stadtbau-graz.at', '+433168723000', 'AT', 'Kaiserfeldgasse 1', '8010', 'Graz', now() - interval '4 months');

INSERT INTO public.professionals (id, country_code, licence_number, full_name, discipline, firm_name, email, licence_valid_from, licence_valid_to) VALUES
  (1, 'DE', 'AKBW-054321', 'Julia Ertl', 'architect', 'Ertl Architekten PartGmbB', 'ertl@ertl-architekten.de', (current_date - interval '14 years')::date, NULL),
  (2, 'NL', '1.091234.001', 'Sanne de Wit', 'architect', 'De Wit Architecten', 'sanne@dewitarchitecten.nl', (current_date - interval '11 years')::date, NULL),
  (3, 'AT', 'ZT-8231', 'Georg Pichler', 'architect', 'Pichler ZT GmbH', 'office@pichler-zt.at', (current_date - interval '9 years')::date, NULL),
  (4, 'SE', 'KA-2019-0456', 'Erik Holm', 'structural_engineer', 'Holm Konstruktion AB', 'erik.holm@holmkonstruktion.se', (current_date - interval '7 years')::date, (current_date + interval '1 year')::date);

INSERT INTO public.staff (id, municipality_id, employee_number, full_name, role, birth_date, hired_on, left_on, email) VALUES
  (1, 1, 'FR-1042', 'Thomas Keller', 'plan_reviewer', (current_date - interval '48 years 3 months')::date, (current_date - interval '15 years 2 months')::date, NULL, 'thomas.keller@stadt.freiburg.de'),
  (2, 1, 'FR-1107', 'Anja Wolf', 'building_inspector', (current_date - interval '39 years 8 months')::date, (current_date - interval '9 years 1 month')::date, NULL, 'anja.wolf@stadt.freiburg.de'),
  (3, 2, 'U-20431', 'Lotte Bakker', 'plan_reviewer', (current_date - interval '44 years 1 month')::date, (current_date - interval '12 years 6 months')::date, NULL, 'l.bakker@utrecht.nl'),
  (4, 2, 'U-20877', 'Daan Visser', 'building_inspector', (current_date - interval '52 years 5 months')::date, (current_date - interval '20 years 3 months')::date, NULL, 'd.visser@utrecht.nl'),
  (5, 3, 'G-3310', 'Monika Huber', 'plan_reviewer', (current_date - interval '50 years 2 months')::date, (current_date - interval '22 years 4 months')::date, NULL, 'monika.huber@stadt.graz.at'),
  (6, 3, 'G-3398', 'Stefan Gruber', 'building_inspector', (current_date - interval '35 years 6 months')::date, (current_date - interval '6 years 9 months')::date, NULL, 'stefan.gruber@stadt.graz.at'),
  (7, 4, 'UK-5521', 'Johan Berg', 'plan_reviewer', (current_date - interval '46 years')::date, (current_date - interval '11 years 3 months')::date, NULL, 'johan.berg@uppsala.se'),
  (8, 4, 'UK-5604', 'Emma Nilsson', 'building_inspector', (current_date - interval '31 years 7 months')::date, (current_date - interval '4 years 2 months')::date, NULL, 'emma.nilsson@uppsala.se');

INSERT INTO public.permit_types (id, code, name, category, statutory_decision_days, requires_inspections, permit_validity_months, is_active) VALUES
  (1, 'NEW_DWELLING', 'New single-family dwelling', 'new_dwelling', 60, true, 36, true),
  (2, 'EXTENSION', 'Extension, dormer or loft conversion', 'extension', 40, true, 36, true),
  (3, 'MULTI_RES', 'Multi-unit residential building', 'multi_unit_residential', 90, true, 48, true),
  (4, 'COMMERCIAL', 'Commercial or office building', 'commercial', 90, true, 48, true),
  (5, 'DEMOLITION', 'Demolition of a building', 'demolition', 30, false, 12, true);

INSERT INTO public.fee_schedules (id, municipality_id, permit_type_id, currency_code, base_fee, fee_per_m2, valid_from, valid_to) VALUES
  (1, 1, 1, 'EUR', 850.00, 4.50, (current_date - interval '4 years')::date, NULL),
  (2, 1, 2, 'EUR', 320.00, 3.80, (current_date - interval '4 years')::date, NULL),
  (3, 2, 3, 'EUR', 2500.00, 6.20, (current_date - interval '3 years 6 months')::date, NULL),
  (4, 2, 2, 'EUR', 410.00, 4.00, (current_date - interval '3 years 6 months')::date, NULL),
  (5, 3, 1, 'EUR', 780.00, 4.20, (current_date - interval '2 years')::date, NULL),
  (6, 3, 5, 'EUR', 450.00, 1.50, (current_date - interval '2 years')::date, NULL),
  (7, 4, 4, 'SEK', 18000.00, 62.00, (current_date - interval '3 years 5 months')::date, NULL),
  (8, 4, 2, 'SEK', 6500.00, 45.00, (current_date - interval '3 years 5 months')::date, NULL);

INSERT INTO public.applications (id, application_number, municipality_id, parcel_id, applicant_id, professional_id, permit_type_id, intake_officer_id, description, gross_floor_area_m2, building_height_m, storeys, declared_cost, currency_code, status, submitted_at, validated_at, decided_at, decision_notes, updated_at)
SELECT v.id, replace(v.num, 'YYYY', to_char(current_date - v.sub_d, 'YYYY')), v.mun, v.parcel, v.applicant, v.prof, v.ptype, v.officer, v.descr,
       v.area, v.height, v.storeys, v.cost, v.cur, v.status::public.application_status,
       (current_date - v.sub_d + v.sub_t) AT TIME ZONE v.tz,
       (current_date - v.val_d + time '11:05') AT TIME ZONE v.tz,
       (current_date - v.dec_d + time '14:40') AT TIME ZONE v.tz,
       v.notes,
       (current_date - coalesce(v.dec_d, v.val_d, v.sub_d) + time '14:45') AT TIME ZONE v.tz
FROM (VALUES
  (1, 'FR-BAU-YYYY-0412', 1, 1, 1, 1, 1, 1, 'Neubau Einfamilienhaus mit Carport', 168.0, 9.5, 2, 520000.00, 'EUR', 'approved', 700, time '10:14', 693, 640, 'Genehmigt mit Auflagen zur Dachbegrünung', 'Europe/Berlin'),
  (2, 'FR-BAU-YYYY-1873', 1, 2, 7, 1, 2, 1, 'Dachgeschossausbau mit Gaube', 42.0, 8.7, 1, 95000.00, 'EUR', 'under_review', 20, time '16:32', 16, NULL, NULL, 'Europe/Berlin'),
  (3, 'UTR-Z-YYYY-018734', 2, 3, 3, 2, 3, 3, 'Nieuwbouw 24 sociale huurappartementen', 2150.0, 17.5, 5, 5400000.00, 'EUR', 'approved', 900, time '09:02', 890, 800, 'Verleend onder voorwaarden (parkeernorm)', 'Europe/Amsterdam'),
  (4, 'UTR-Z-YYYY-020511', 2, 4, 2, 2, 2, 3, 'Dakopbouw met dakterras', 38.0, 11.0, 1, 68000.00, 'EUR', 'refused', 150, time '21:47', 145, 95, 'Geweigerd: strijdig met bestemmingsplan (bouwhoogte)', 'Europe/Amsterdam'),
  (5, 'A17-BAB-YYYY/0317', 3, 5, 4, 3, 1, 5, 'Neubau Einfamilienhaus in Holzriegelbauweise', 182.0, 8.9, 2, 610000.00, 'EUR', 'approved', 120, time '08:55', 114, 70, 'Baubewilligung erteilt', 'Europe/Vienna'),
  (6, 'BYGG YYYY-004512', 4, 7, 5, 4, 4, 7, 'Nybyggnad av kontors- och handelshus', 5600.0, 24.0, 6, 185000000.00, 'SEK', 'approved', 1100, time '13:20', 1090, 1000, 'Bygglov beviljat', 'Europe/Stockholm'),
  (7, 'BYGG YYYY-006981', 4, 8, 6, NULL, 2, 7, 'Tillbyggnad av enbostadshus med uterum', 24.0, 3.4, 1, 350000.00, 'SEK', 'submitted', 3, time '19:12', NULL, NULL, NULL, 'Europe/Stockholm'),
  (8, 'A17-BAB-YYYY/0352', 3, 6, 8, 3, 5, 5, 'Abbruch eines Nebengebäudes (Garage)', 48.0, 3.2, 1, 28000.00, 'EUR', 'approved', 90, time '10:40', 86, 60, 'Abbruchbewilligung erteilt', 'Europe/Vienna')
) AS v(id, num, mun, parcel, applicant, prof, ptype, officer, descr, area, height, storeys, cost, cur, status, sub_d, sub_t, val_d, dec_d, notes, tz);

INSERT INTO public.application_documents (id, application_id, document_seq, document_type, file_name, size_bytes, uploaded_at)
SELECT v.id, v.app, v.seq, v.dtype, v.fname, v.size, a.submitted_at - v.before
FROM (VALUES
  (1, 1, 1, 'site_plan', 'Lageplan_Vaubanallee25.pdf', 2481337, interval '25 minutes'),
  (2, 1, 2, 'floor_plans', 'Grundrisse_EG_OG.pdf', 6120448, interval '20 minutes'),
  (3, 2, 1, 'floor_plans', 'Dachgeschoss_Grundriss.pdf', 1893120, interval '12 minutes'),
  (4, 3, 1, 'site_plan', 'situatietekening_croeselaan.pdf', 3311002, interval '2 hours'),
  (5, 3, 2, 'fire_safety_concept', 'brandveiligheid_rapport.pdf', 8820115, interval '1 hour 40 minutes'),
  (6, 5, 1, 'site_plan', 'Lageplan_Andritz.pdf', 2011045, interval '30 minutes'),
  (7, 6, 1, 'structural_calculations', 'konstruktionsberakning_kv_kungsangen.pdf', 15402230, interval '3 hours'),
  (8, 7, 1, 'photos', 'uterum_foto.jpg', 4120556, interval '6 minutes')
) AS v(id, app, seq, dtype, fname, size, before)
JOIN public.applications a ON a.id = v.app;

INSERT INTO public.plan_reviews (id, application_id, discipline, reviewer_id, assigned_at, completed_at, outcome, comments)
SELECT v.id, v.app, v.disc, v.reviewer,
       (current_date - v.ass_d + time '09:15') AT TIME ZONE v.tz,
       (current_date - v.done_d + time '15:30') AT TIME ZONE v.tz,
       v.outcome, v.comments
FROM (VALUES
  (1, 1, 'zoning', 1, 692, 660, 'compliant_with_conditions', 'Dachbegrünung erforderlich', 'Europe/Berlin'),
  (2, 2, 'zoning', 1, 15, NULL, NULL, NULL, 'Europe/Berlin'),
  (3, 3, 'zoning', 3, 889, 850, 'compliant', NULL, 'Europe/Amsterdam'),
  (4, 3, 'fire', 3, 888, 830, 'compliant', 'Vluchtroutes akkoord', 'Europe/Amsterdam'),
  (5, 4, 'zoning', 3, 144, 110, 'non_compliant', 'Bouwhoogte overschrijdt 11 m', 'Europe/Amsterdam'),
  (6, 5, 'zoning', 5, 113, 90, 'compliant', NULL, 'Europe/Vienna'),
  (7, 6, 'structural', 7, 1088, 1040, 'compliant_with_conditions', 'Kontrollplan kompletteras', 'Europe/Stockholm'),
  (8, 8, 'zoning', 5, 85, 72, 'compliant', NULL, 'Europe/Vienna')
) AS v(id, app, disc, reviewer, ass_d, done_d, outcome, comments, tz);

INSERT INTO public.neighbour_objections (id, application_id, objector_name, objector_postcode, grounds, received_at, status)
SELECT v.id, v.app, v.name, v.pc, v.grounds, (current_date - v.d + time '12:00') AT TIME ZONE 'Europe/Amsterdam', v.status
FROM (VALUES
  (1, 3, 'Bewonersvereniging Dichterswijk', '3521 BL', 'Verlies van bezonning en parkeerdruk', 870, 'dismissed'),
  (2, 4, 'M. Jansen', '3551 CT', 'Inkijk en schaduw op tuin door dakterras', 140, 'upheld'),
  (3, 4, 'P. de Graaf', '3551 CV', 'Strijdig met bouwhoogte bestemmingsplan', 138, 'considered')
) AS v(id, app, name, pc, grounds, d, status);

INSERT INTO public.invoices (id, invoice_number, application_id, currency_code, issued_on, due_on, total_amount, status)
SELECT v.id, replace(v.num, 'YYYY', to_char(current_date - v.iss, 'YYYY')), v.app, v.cur, current_date - v.iss, current_date - v.iss + 30, v.total, v.status
FROM (VALUES
  (1, 'RE-FR-YYYY-0412', 1, 'EUR', 693, 1606.00, 'paid'),
  (2, 'RE-FR-YYYY-1873', 2, 'EUR', 16, 479.60, 'issued'),
  (3, 'LEG-UTR-YYYY-18734', 3, 'EUR', 890, 15830.00, 'paid'),
  (4, 'LEG-UTR-YYYY-20511', 4, 'EUR', 145, 562.00, 'paid'),
  (5, 'GR-YYYY-0317', 5, 'EUR', 114, 1544.40, 'paid'),
  (6, 'UPP-F-YYYY-4512', 6, 'SEK', 1090, 365200.00, 'paid'),
  (7, 'GR-YYYY-0352', 8, 'EUR', 86, 522.00, 'paid')
) AS v(id, num, app, cur, iss, total, status);

INSERT INTO public.invoice_lines (invoice_id, line_no, fee_schedule_id, description, quantity, unit_price, line_amount) VALUES
  (1, 1, 1, 'Grundgebühr Wohngebäude', 1, 850.00, 850.00),
  (1, 2, 1, 'Gebühr je m² Bruttogrundfläche', 168, 4.50, 756.00),
  (2, 1, 2, 'Baugenehmigungsgebühr Dachausbau (320,00 + 42 m² × 3,80)', 1, 479.60, 479.60),
  (3, 1, 3, 'Leges basisbedrag', 1, 2500.00, 2500.00),
  (3, 2, 3, 'Leges per m² bruto vloeroppervlak', 2150, 6.20, 13330.00),
  (4, 1, 4, 'Leges dakopbouw (410,00 + 38 m² × 4,00)', 1, 562.00, 562.00),
  (5, 1, 5, 'Baubewilligungsabgabe (780,00 + 182 m² × 4,20)', 1, 1544.40, 1544.40),
  (6, 1, 7, 'Bygglovsavgift grundavgift', 1, 18000.00, 18000.00),
  (6, 2, 7, 'Bygglovsavgift per m² BTA', 5600, 62.00, 347200.00),
  (7, 1, 6, 'Abbruchbewilligung (450,00 + 48 m² × 1,50)', 1, 522.00, 522.00);

INSERT INTO public.payments (id, invoice_id, paid_at, amount, method, reference)
SELECT v.id, v.inv, (current_date - v.d + v.t) AT TIME ZONE v.tz, v.amount, v.method, v.ref
FROM (VALUES
  (1, 1, 680, time '14:22', 'Europe/Berlin', 1606.00, 'bank_transfer', 'RE-FR-0412-BOEHM'),
  (2, 3, 875, time '10:03', 'Europe/Amsterdam', 15830.00, 'bank_transfer', 'NL-LEG-18734-MITROS'),
  (3, 4, 130, time '20:41', 'Europe/Amsterdam', 562.00, 'card', 'NL-LEG-20511-IDEAL-8841'),
  (4, 5, 100, time '09:18', 'Europe/Vienna', 1544.40, 'bank_transfer', 'AT-GR-0317-LEITNER'),
  (5, 6, 1070, time '11:47', 'Europe/Stockholm', 365200.00, 'bank_transfer', 'SE-OCR-45120380117'),
  (6, 7, 80, time '13:05', 'Europe/Vienna', 522.00, 'direct_debit', 'AT-GR-0352-SEPA-DD')
) AS v(id, inv, d, t, tz, amount, method, ref);

INSERT INTO public.permits (id, application_id, permit_number, issued_on, expires_on, status, conditions, works_started_on)
SELECT v.id, v.app, replace(v.num, 'YYYY', to_char(current_date - v.iss, 'YYYY')),
       current_date - v.iss, (current_date - v.iss + make_interval(months => v.months))::date,
       v.status::public.permit_status, v.cond, current_date - v.started
FROM (VALUES
  (1, 1, 'FR-BG-YYYY-0412', 640, 36, 'completed', 'Extensive Dachbegrünung', 600),
  (2, 3, 'UTR-OV-YYYY-018734', 800, 48, 'completed', 'Parkeernorm 0,7 per woning', 760),
  (3, 5, 'A17-BB-YYYY/0317', 70, 36, 'active', NULL, 20),
  (4, 6, 'BL-YYYY-004512', 1000, 48, 'completed', 'Kontrollplan enligt PBL', 950),
  (5, 8, 'A17-AB-YYYY/0352', 60, 12, 'completed', 'Staubschutzmaßnahmen', 40)
) AS v(id, app, num, iss, months, status, cond, started);

-- Inspection days: a given weekday k weeks back, moved one or two weeks earlier
-- if that day is a public holiday of the municipality's country.
INSERT INTO public.inspections (id, permit_id, inspection_seq, stage, inspector_id, scheduled_for, performed_at, status, result, notes)
SELECT v.id, v.permit, v.seq, v.stage, v.inspector, d.day,
       CASE WHEN v.status = 'completed' THEN (d.day + v.at) AT TIME ZONE v.tz END,
       v.status, v.result::public.inspection_result, v.notes
FROM (VALUES
  (1, 1, 1, 'foundation', 2, 82, 1, time '09:30', 'Europe/Berlin', 'DE', 'completed', 'pass', NULL),
  (2, 1, 2, 'structural_frame', 2, 74, 2, time '10:15', 'Europe/Berlin', 'DE', 'completed', 'pass', NULL),
  (3, 1, 3, 'final', 2, 34, 1, time '13:45', 'Europe/Berlin', 'DE', 'completed', 'pass', 'Schlussabnahme ohne Mängel'),
  (4, 2, 1, 'foundation', 4, 100, 3, time '08:30', 'Europe/Amsterdam', 'NL', 'completed', 'fail', 'Wapening afwijkend van tekening'),
  (5, 2, 2, 'foundation', 4, 96, 3, time '08:45', 'Europe/Amsterdam', 'NL', 'completed', 'pass', 'Herinspectie akkoord'),
  (6, 2, 3, 'final', 4, 19, 2, time '11:00', 'Europe/Amsterdam', 'NL', 'completed', 'pass', NULL),
  (7, 3, 1, 'foundation', 6, -1, 2, time '09:00', 'Europe/Vienna', 'AT', 'scheduled', NULL, NULL),
  (8, 4, 1, 'foundation', 8, 128, 1, time '10:00', 'Europe/Stockholm', 'SE', 'completed', 'pass', NULL),
  (9, 4, 2, 'structural_frame', 8, 100, 2, time '14:20', 'Europe/Stockholm', 'SE', 'completed', 'partial', 'Brandskydd trapphus ej klart'),
  (10, 4, 3, 'final', 8, 10, 3, time '09:40', 'Europe/Stockholm', 'SE', 'completed', 'pass', 'Slutsamråd genomfört')
) AS v(id, permit, seq, stage, inspector, weeks_ago, weekday, at, tz, cc, status, result, notes)
CROSS JOIN LATERAL (
  SELECT c.day
  FROM (SELECT date_trunc('week', current_date)::date - 7 * v.weeks_ago + v.weekday - 7 * s AS day
        FROM generate_series(0, 2) AS s) c
  WHERE NOT EXISTS (SELECT 1 FROM public.public_holidays h
                    WHERE h.country_code = v.cc AND h.holiday_date = c.day)
  ORDER BY c.day DESC
  LIMIT 1
) d;

INSERT INTO public.appeals (id, application_id, appellant, lodged_at, decided_at, outcome)
SELECT v.id, v.app, v.appellant,
       (current_date - v.lodged + time '10:00') AT TIME ZONE v.tz,
       (current_date - v.decided + time '15:00') AT TIME ZONE v.tz,
       v.outcome
FROM (VALUES
  (1, 3, 'neighbour', 780, 700, 'dismissed', 'Europe/Amsterdam'),
  (2, 4, 'applicant', 80, NULL, NULL, 'Europe/Amsterdam'),
  (3, 6, 'third_party', 990, 930, 'withdrawn', 'Europe/Stockholm')
) AS v(id, app, appellant, lodged, decided, outcome, tz);

INSERT INTO public.occupancy_certificates (id, permit_id, certificate_number, issued_on, issued_by, occupancy_class)
SELECT v.id, v.permit, replace(v.num, 'YYYY', to_char(i.scheduled_for, 'YYYY')), i.scheduled_for + v.lag, v.by, v.cls
FROM (VALUES
  (1, 1, 'FR-FA-YYYY-0412', 3, 2, 'residential'),
  (2, 2, 'UTR-GG-YYYY-018734', 2, 4, 'residential'),
  (3, 4, 'SB-YYYY-004512', 1, 8, 'office')
) AS v(id, permit, num, lag, by, cls)
JOIN public.inspections i ON i.permit_id = v.permit AND i.stage = 'final';

SELECT setval('public.public_holidays_id_seq', 10);
SELECT setval('public.municipalities_id_seq', 4);
SELECT setval('public.zoning_districts_id_seq', 5);
SELECT setval('public.parcels_id_seq', 8);
SELECT setval('public.applicants_id_seq', 8);
SELECT setval('public.professionals_id_seq', 4);
SELECT setval('public.staff_id_seq', 8);
SELECT setval('public.permit_types_id_seq', 5);
SELECT setval('public.fee_schedules_id_seq', 8);
SELECT setval('public.applications_id_seq', 8);
SELECT setval('public.application_documents_id_seq', 8);
SELECT setval('public.plan_reviews_id_seq', 8);
SELECT setval('public.neighbour_objections_id_seq', 3);
SELECT setval('public.invoices_id_seq', 7);
SELECT setval('public.payments_id_seq', 6);
SELECT setval('public.permits_id_seq', 5);
SELECT setval('public.inspections_id_seq', 10);
SELECT setval('public.appeals_id_seq', 3);
SELECT setval('public.occupancy_certificates_id_seq', 3);

COMMIT;
