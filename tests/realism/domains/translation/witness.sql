BEGIN;
INSERT INTO public.currencies (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2),
  ('USD', 'US dollar', 2),
  ('JPY', 'Japanese yen', 0),
  ('CHF', 'Swiss franc', 2),
  ('PLN', 'Polish zloty', 2);
INSERT INTO public.countries (code, name, currency_code, phone_prefix, standard_vat_rate, is_eu_member) VALUES
  ('DE', 'Germany', 'EUR', '+49', 19.0, true),
  ('FR', 'France', 'EUR', '+33', 20.0, true),
  ('ES', 'Spain', 'EUR', '+34', 21.0, true),
  ('PL', 'Poland', 'PLN', '+48', 23.0, true),
  ('GB', 'United Kingdom', 'GBP', '+44', 20.0, false),
  ('US', 'United States', 'USD', '+1', 0.0, false),
  ('JP', 'Japan', 'JPY', '+81', 10.0, false),
  ('CH', 'Switzerland', 'CHF', '+41', 8.1, false);
INSERT INTO public.languages (code, name, native_name, script) VALUES
  ('en', 'English', 'English', 'Latn'),
  ('de', 'German', 'Deutsch', 'Latn'),
  ('fr', 'French', 'français', 'Latn'),
  ('es', 'Spanish', 'español', 'Latn'),
  ('pl', 'Polish', 'polski', 'Latn'),
  ('it', 'Italian', 'italiano', 'Latn'),
  ('ja', 'Japanese', '日本語', 'Jpan'),
  ('zh', 'Chinese', '中文', 'Hans');
INSERT INTO public.offices (id, name, country_code, city, postcode, address_line, phone, timezone, opened_on) VALUES
  (1, 'Berlin', 'DE', 'Berlin', '10117', 'Friedrichstraße 68', '+49 30 2093 4410', 'Europe/Berlin', current_date - 3650),
  (2, 'London', 'GB', 'London', 'EC1V 9LT', '14 City Road', '+44 20 7123 4588', 'Europe/London', current_date - 2900),
  (3, 'Tokyo', 'JP', 'Tokyo', '100-0005', '1-6-2 Marunouchi, Chiyoda-ku', '+81 3 5219 7720', 'Asia/Tokyo', current_date - 1500);
INSERT INTO public.staff (id, office_id, full_name, email, role, hired_on, left_on) VALUES
  (1, 1, 'Jonas Weber', 'j.weber@lingua-bridge.example', 'project_manager', current_date - 2400, NULL),
  (2, 2, 'Sophie Bennett', 's.bennett@lingua-bridge.example', 'project_manager', current_date - 1800, NULL),
  (3, 1, 'Miriam Hoffmann', 'm.hoffmann@lingua-bridge.example', 'account_manager', current_date - 3000, NULL),
  (4, 3, 'Haruto Sato', 'h.sato@lingua-bridge.example', 'project_manager', current_date - 1200, NULL),
  (5, 2, 'Daniel Okafor', 'd.okafor@lingua-bridge.example', 'vendor_manager', current_date - 1600, NULL),
  (6, 1, 'Petra Lang', 'p.lang@lingua-bridge.example', 'finance', current_date - 2200, NULL);
INSERT INTO public.clients (id, legal_name, country_code, city, postcode, address_line, phone, vat_number, currency_code, account_manager_id, payment_terms_days, status, created_at) VALUES
  (1, 'Müller Maschinenbau GmbH', 'DE', 'Stuttgart', '70173', 'Königstraße 28', '+49 711 2155 300', 'DE129273398', 'EUR', 3, 30, 'active', now() - interval '900 days'),
  (2, 'Lumière Cosmétiques SAS', 'FR', 'Lyon', '69002', '12 Rue de la République', '+33 4 72 41 80 00', 'FR40303265045', 'EUR', 3, 45, 'active', now() - interval '400 days'),
  (3, 'Harbour & Stone LLP', 'GB', 'London', 'EC2V 7HH', '1 Gresham Street', '+44 20 7946 0321', 'GB980780684', 'GBP', 3, 30, 'active', now() - interval '700 days'),
  (4, 'Sakura Devices K.K.', 'JP', 'Osaka', '530-0001', '2-4-9 Umeda, Kita-ku', '+81 6 6345 1200', NULL, 'JPY', 3, 30, 'active', now() - interval '300 days');
INSERT INTO public.client_contacts (id, client_id, full_name, email, phone, job_title, is_primary) VALUES
  (1, 1, 'Sabine Krüger', 's.krueger@mueller-mb.example', '+49 711 2155 318', 'Technical Documentation Lead', true),
  (2, 2, 'Camille Laurent', 'c.laurent@lumiere-cosmetiques.example', '+33 4 72 41 80 12', 'Marketing Manager', true),
  (3, 3, 'Oliver Hughes', 'o.hughes@harbourstone.example', '+44 20 7946 0388', 'Senior Associate', true),
  (4, 4, 'Aiko Yamamoto', 'a.yamamoto@sakura-devices.example', '+81 6 6345 1234', 'Export Manager', true);
INSERT INTO public.linguists (id, full_name, email, country_code, native_language, payout_currency, status, vat_registered, onboarded_at) VALUES
  (1, 'Claire Dubois', 'claire.dubois@freelance.example', 'FR', 'fr', 'EUR', 'active', true, now() - interval '1400 days'),
  (2, 'Javier Ruiz Martín', 'jruiz@traducciones.example', 'ES', 'es', 'EUR', 'active', true, now() - interval '1100 days'),
  (3, 'Katarzyna Nowak', 'k.nowak@tlumaczenia.example', 'PL', 'pl', 'PLN', 'active', false, now() - interval '900 days'),
  (4, 'Yuki Tanaka', 'yuki.tanaka@honyaku.example', 'JP', 'ja', 'JPY', 'active', false, now() - interval '800 days'),
  (5, 'Thomas Becker', 't.becker@uebersetzung.example', 'DE', 'de', 'EUR', 'active', true, now() - interval '1300 days'),
  (6, 'Emily Carter', 'emily@carter-translations.example', 'GB', 'en', 'GBP', 'active', true, now() - interval '1000 days');
INSERT INTO public.linguist_rates (id, linguist_id, source_language, target_language, service, rate_per_word, currency_code, valid_from, valid_to) VALUES
  (1, 1, 'en', 'fr', 'translation', 0.11, 'EUR', current_date - 400, current_date - 100),
  (2, 1, 'en', 'fr', 'translation', 0.12, 'EUR', current_date - 99, NULL),
  (3, 1, 'de', 'fr', 'translation', 0.12, 'EUR', current_date - 500, NULL),
  (4, 1, 'en', 'fr', 'revision', 0.045, 'EUR', current_date - 400, NULL),
  (5, 2, 'en', 'es', 'translation', 0.09, 'EUR', current_date - 500, NULL),
  (6, 3, 'en', 'pl', 'translation', 0.3, 'PLN', current_date - 500, NULL),
  (7, 4, 'en', 'ja', 'translation', 14, 'JPY', current_date - 500, NULL),
  (8, 5, 'en', 'de', 'translation', 0.12, 'EUR', current_date - 500, NULL),
  (9, 5, 'en', 'de', 'revision', 0.05, 'EUR', current_date - 500, NULL),
  (10, 6, 'de', 'en', 'translation', 0.1, 'GBP', current_date - 500, NULL),
  (11, 6, 'ja', 'en', 'translation', 0.12, 'GBP', current_date - 500, NULL);
INSERT INTO public.translation_memories (id, client_id, source_language, target_language, name, created_at) VALUES
  (1, 1, 'de', 'fr', 'Müller – Betriebsanleitungen DE>FR', now() - interval '300 days'),
  (2, 3, 'en', 'es', 'Harbour & Stone – Contracts EN>ES', now() - interval '200 days');
INSERT INTO public.tm_snapshots (id, tm_id, taken_at, segment_count, word_count) VALUES
  (1, 1, now() - interval '200 days', 1200, 15400),
  (2, 1, now() - interval '120 days', 1850, 23900),
  (3, 1, now() - interval '10 days', 2300, 29800),
  (4, 2, now() - interval '150 days', 800, 9600),
  (5, 2, now() - interval '100 days', 1420, 17100);
INSERT INTO public.projects (id, project_code, client_id, contact_id, office_id, project_manager_id, source_language, title, subject_area, word_count, currency_code, status, created_at, due_at, delivered_at) VALUES
  (1, 'LB-2026-0141', 1, 1, 1, 1, 'de', 'Operating manual CNC series 7', 'technical', 4200, 'EUR', 'invoiced', now() - interval '157 days', now() - interval '128 days', now() - interval '129 days'),
  (2, 'LB-2026-0163', 3, 3, 2, 2, 'en', 'Share purchase agreement', 'legal', 3100, 'GBP', 'invoiced', now() - interval '127 days', now() - interval '104 days', now() - interval '104 days'),
  (3, 'LB-2026-0177', 4, 4, 3, 4, 'ja', 'Product safety leaflet', 'technical', 2500, 'JPY', 'invoiced', now() - interval '97 days', now() - interval '77 days', now() - interval '78 days'),
  (4, 'LB-2026-0189', 2, 2, 1, 1, 'en', 'Spring campaign landing pages', 'marketing', 2800, 'EUR', 'delivered', now() - interval '87 days', now() - interval '66 days', now() - interval '66 days'),
  (5, 'LB-2026-0254', 1, 1, 1, 1, 'de', 'Spare parts catalogue update', 'technical', 1500, 'EUR', 'in_progress', now() - interval '17 days', now() + interval '5 days', NULL),
  (6, 'LB-2026-0261', 2, 2, 2, 2, 'en', 'Packaging copy autumn range', 'marketing', 5000, 'EUR', 'quoted', now() - interval '12 days', now() + interval '20 days', NULL),
  (7, 'LB-2026-0192', 3, 3, 2, 2, 'en', 'Witness statement bundle', 'legal', 1200, 'GBP', 'cancelled', now() - interval '77 days', now() - interval '60 days', NULL);
INSERT INTO public.quotes (id, project_id, quote_no, issued_by, issued_at, valid_until, status, currency_code, net_amount, vat_amount, total_amount) VALUES
  (1, 1, 1, 1, ((date_trunc('week', (now() - interval '150 days') AT TIME ZONE 'Europe/Berlin') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/Berlin'), (((date_trunc('week', (now() - interval '150 days') AT TIME ZONE 'Europe/Berlin') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/Berlin'))::date + 30, 'accepted', 'EUR', 1676.0, 318.44, 1994.44),
  (2, 2, 1, 2, ((date_trunc('week', (now() - interval '120 days') AT TIME ZONE 'Europe/London') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'), (((date_trunc('week', (now() - interval '120 days') AT TIME ZONE 'Europe/London') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'))::date + 30, 'accepted', 'GBP', 1922.0, 384.4, 2306.4),
  (3, 3, 1, 4, ((date_trunc('week', (now() - interval '90 days') AT TIME ZONE 'Asia/Tokyo') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Asia/Tokyo'), (((date_trunc('week', (now() - interval '90 days') AT TIME ZONE 'Asia/Tokyo') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Asia/Tokyo'))::date + 30, 'accepted', 'JPY', 80000, 8000, 88000),
  (4, 4, 1, 1, ((date_trunc('week', (now() - interval '80 days') AT TIME ZONE 'Europe/Berlin') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/Berlin'), (((date_trunc('week', (now() - interval '80 days') AT TIME ZONE 'Europe/Berlin') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/Berlin'))::date + 30, 'accepted', 'EUR', 1680.0, 0, 1680.0),
  (5, 5, 1, 1, ((date_trunc('week', (now() - interval '10 days') AT TIME ZONE 'Europe/Berlin') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/Berlin'), (((date_trunc('week', (now() - interval '10 days') AT TIME ZONE 'Europe/Berlin') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/Berlin'))::date + 30, 'accepted', 'EUR', 570.0, 108.3, 678.3),
  (6, 6, 1, 2, ((date_trunc('week', (now() - interval '5 days') AT TIME ZONE 'Europe/London') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'), (((date_trunc('week', (now() - interval '5 days') AT TIME ZONE 'Europe/London') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'))::date + 30, 'sent', 'EUR', 900.0, 0, 900.0),
  (7, 7, 1, 2, ((date_trunc('week', (now() - interval '70 days') AT TIME ZONE 'Europe/London') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'), (((date_trunc('week', (now() - interval '70 days') AT TIME ZONE 'Europe/London') + interval '1 day 10 hours 30 minutes') AT TIME ZONE 'Europe/London'))::date + 30, 'accepted', 'GBP', 192.0, 38.4, 230.4);
INSERT INTO public.jobs (id, project_id, target_language, service, linguist_id, rate_id, word_count, rate_per_word, fee, currency_code, status, assigned_at, due_at, completed_at) VALUES
  (1, 1, 'fr', 'translation', 1, 3, 4200, 0.12, 504.0, 'EUR', 'approved', now() - interval '140 days', now() - interval '128 days', now() - interval '131 days'),
  (2, 1, 'en', 'translation', 6, 10, 4200, 0.1, 420.0, 'GBP', 'approved', now() - interval '140 days', now() - interval '128 days', now() - interval '130 days'),
  (3, 2, 'fr', 'translation', 1, 1, 3100, 0.11, 341.0, 'EUR', 'approved', now() - interval '115 days', now() - interval '105 days', now() - interval '106 days'),
  (4, 2, 'es', 'translation', 2, 5, 3100, 0.09, 279.0, 'EUR', 'approved', now() - interval '115 days', now() - interval '105 days', now() - interval '106 days'),
  (5, 2, 'de', 'translation', 5, 8, 3100, 0.12, 372.0, 'EUR', 'approved', now() - interval '115 days', now() - interval '105 days', now() - interval '107 days'),
  (6, 2, 'pl', 'translation', 3, 6, 3100, 0.3, 930.0, 'PLN', 'approved', now() - interval '115 days', now() - interval '105 days', now() - interval '106 days'),
  (7, 3, 'en', 'translation', 6, 11, 2500, 0.12, 300.0, 'GBP', 'approved', now() - interval '86 days', now() - interval '78 days', now() - interval '79 days'),
  (8, 4, 'de', 'translation', 5, 8, 2800, 0.12, 336.0, 'EUR', 'approved', now() - interval '76 days', now() - interval '68 days', now() - interval '69 days'),
  (9, 4, 'es', 'translation', 2, 5, 2800, 0.09, 252.0, 'EUR', 'approved', now() - interval '76 days', now() - interval '68 days', now() - interval '69 days'),
  (10, 4, 'ja', 'translation', 4, 7, 2800, 14, 39200, 'JPY', 'approved', now() - interval '76 days', now() - interval '68 days', now() - interval '68 days'),
  (11, 5, 'fr', 'translation', 1, 3, 1500, 0.12, 180.0, 'EUR', 'in_progress', now() - interval '5 days', now() + interval '3 days', NULL),
  (12, 5, 'en', 'translation', 6, 10, 1500, 0.1, 150.0, 'GBP', 'accepted', now() - interval '5 days', now() + interval '4 days', NULL),
  (13, 7, 'es', 'translation', 2, 5, 1200, 0.09, 108.0, 'EUR', 'cancelled', now() - interval '72 days', now() - interval '60 days', NULL);
INSERT INTO public.deliveries (id, job_id, version_no, delivered_at, file_name, word_count, qa_score) VALUES
  (1, 1, 1, now() - interval '133 days', 'CNC7_manual_fr_v1.docx', 4200, 96.5),
  (2, 1, 2, now() - interval '131 days', 'CNC7_manual_fr_v2.docx', 4200, 99.0),
  (3, 2, 1, now() - interval '130 days', 'CNC7_manual_en_v1.docx', 4200, 98.0),
  (4, 3, 1, now() - interval '106 days', 'SPA_fr_v1.docx', 3100, 97.5),
  (5, 4, 1, now() - interval '108 days', 'SPA_es_v1.docx', 3100, 94.0),
  (6, 4, 2, now() - interval '106 days', 'SPA_es_v2.docx', 3100, 98.5),
  (7, 5, 1, now() - interval '107 days', 'SPA_de_v1.docx', 3100, 97.0),
  (8, 6, 1, now() - interval '106 days', 'SPA_pl_v1.docx', 3100, 96.0),
  (9, 7, 1, now() - interval '79 days', 'safety_leaflet_en_v1.docx', 2500, 97.0),
  (10, 8, 1, now() - interval '69 days', 'spring_campaign_de_v1.html', 2800, 98.0),
  (11, 9, 1, now() - interval '69 days', 'spring_campaign_es_v1.html', 2800, 97.5),
  (12, 10, 1, now() - interval '68 days', 'spring_campaign_ja_v1.html', 2800, 96.5);
INSERT INTO public.revision_requests (id, delivery_id, requested_by, requested_at, reason, severity, time_spent_minutes, resolved_at) VALUES
  (1, 1, 1, now() - interval '132 days 20 hours', 'terminology', 'minor', 45, now() - interval '131 days'),
  (2, 5, 3, now() - interval '107 days 22 hours', 'accuracy', 'major', 90, now() - interval '106 days');
INSERT INTO public.invoices (id, invoice_no, client_id, project_id, issued_at, due_on, currency_code, net_amount, vat_rate, vat_amount, total_amount, status, paid_at) VALUES
  (1, 'INV-DE-2026-0087', 1, 1, now() - interval '125 days', current_date - 95, 'EUR', 1676.0, 19.0, 318.44, 1994.44, 'paid', now() - interval '100 days'),
  (2, 'INV-GB-2026-0052', 3, 2, now() - interval '102 days', current_date - 72, 'GBP', 1922.0, 20.0, 384.4, 2306.4, 'paid', now() - interval '80 days'),
  (3, 'INV-JP-2026-0019', 4, 3, now() - interval '75 days', current_date - 45, 'JPY', 80000, 10.0, 8000, 88000, 'overdue', NULL);
INSERT INTO public.invoice_lines (id, invoice_id, line_no, job_id, description, quantity, unit_price, line_total) VALUES
  (1, 1, 1, 1, 'Translation DE>FR, 4,200 words', 4200, 0.19, 798.0),
  (2, 1, 2, 2, 'Translation DE>EN, 4,200 words', 4200, 0.19, 798.0),
  (3, 1, 3, NULL, 'Project management', 1, 80.0, 80.0),
  (4, 2, 1, 3, 'Translation EN>FR', 3100, 0.16, 496.0),
  (5, 2, 2, 4, 'Translation EN>ES', 3100, 0.16, 496.0),
  (6, 2, 3, 5, 'Translation EN>DE', 3100, 0.16, 496.0),
  (7, 2, 4, 6, 'Translation EN>PL', 3100, 0.14, 434.0),
  (8, 3, 1, 7, 'Translation JA>EN', 2500, 32, 80000);
INSERT INTO public.payouts (id, linguist_id, period_start, period_end, currency_code, amount, status, paid_at) VALUES
  (1, 1, current_date - 160, current_date - 131, 'EUR', 504.0, 'paid', now() - interval '110 days'),
  (2, 2, current_date - 130, current_date - 101, 'EUR', 279.0, 'paid', now() - interval '85 days'),
  (3, 4, current_date - 70, current_date - 41, 'JPY', 39200, 'approved', NULL);
INSERT INTO public.payout_items (id, payout_id, job_id, amount) VALUES
  (1, 1, 1, 504.0),
  (2, 2, 4, 279.0),
  (3, 3, 10, 39200);
SELECT setval('public.offices_id_seq', (SELECT max(id) FROM public.offices));
SELECT setval('public.staff_id_seq', (SELECT max(id) FROM public.staff));
SELECT setval('public.clients_id_seq', (SELECT max(id) FROM public.clients));
SELECT setval('public.client_contacts_id_seq', (SELECT max(id) FROM public.client_contacts));
SELECT setval('public.linguists_id_seq', (SELECT max(id) FROM public.linguists));
SELECT setval('public.linguist_rates_id_seq', (SELECT max(id) FROM public.linguist_rates));
SELECT setval('public.translation_memories_id_seq', (SELECT max(id) FROM public.translation_memories));
SELECT setval('public.tm_snapshots_id_seq', (SELECT max(id) FROM public.tm_snapshots));
SELECT setval('public.projects_id_seq', (SELECT max(id) FROM public.projects));
SELECT setval('public.quotes_id_seq', (SELECT max(id) FROM public.quotes));
SELECT setval('public.jobs_id_seq', (SELECT max(id) FROM public.jobs));
SELECT setval('public.deliveries_id_seq', (SELECT max(id) FROM public.deliveries));
SELECT setval('public.revision_requests_id_seq', (SELECT max(id) FROM public.revision_requests));
SELECT setval('public.invoices_id_seq', (SELECT max(id) FROM public.invoices));
SELECT setval('public.invoice_lines_id_seq', (SELECT max(id) FROM public.invoice_lines));
SELECT setval('public.payouts_id_seq', (SELECT max(id) FROM public.payouts));
SELECT setval('public.payout_items_id_seq', (SELECT max(id) FROM public.payout_items));
COMMIT;
