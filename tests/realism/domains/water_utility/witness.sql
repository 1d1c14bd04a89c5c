BEGIN;

INSERT INTO public.currencies (code, name, minor_unit) VALUES
  ('EUR', 'Euro', 2),
  ('GBP', 'Pound sterling', 2);

INSERT INTO public.countries (code, name, currency_code, calling_code) VALUES
  ('PT', 'Portugal', 'EUR', '351'),
  ('GB', 'United Kingdom', 'GBP', '44'),
  ('ES', 'Spain', 'EUR', '34');

INSERT INTO public.service_areas (id, code, name, country_code, city, timezone, created_at) VALUES
  (1, 'LIS-N', 'Lisboa Norte', 'PT', 'Lisboa', 'Europe/Lisbon', now() - interval '9 years'),
  (2, 'BRS-S', 'Bristol South', 'GB', 'Bristol', 'Europe/London', now() - interval '8 years');

INSERT INTO public.pipe_materials (code, description, design_life_years) VALUES
  ('DI', 'Ductile iron', 80),
  ('PE100', 'High-density polyethylene PE100', 60),
  ('CI', 'Cast iron (legacy)', 100),
  ('PVC-U', 'Unplasticised PVC', 50);

INSERT INTO public.pipe_segments (id, asset_tag, service_area_id, material_code, diameter_mm, length_m, installed_year, pressure_zone) VALUES
  (1, 'LIS-WM-004512', 1, 'DI', 150, 212.40, 1987, 'Z3-Lumiar'),
  (2, 'LIS-WM-004513', 1, 'PE100', 110, 96.75, 2011, 'Z3-Lumiar'),
  (3, 'BRS-WM-017220', 2, 'CI', 100, 148.00, 1962, 'Bedminster PZ');

INSERT INTO public.employees (id, staff_number, first_name, last_name, job_title, service_area_id, date_of_birth, hired_on, left_on) VALUES
  (1, 'LN-0041', 'Rui', 'Carvalho', 'Meter Reader', 1, DATE '1986-04-12', DATE '2012-09-03', NULL),
  (2, 'LN-0077', 'Ana', 'Moreira', 'Network Technician', 1, DATE '1979-11-02', DATE '2004-02-16', NULL),
  (3, 'LN-0102', 'Tiago', 'Fonseca', 'Network Technician', 1, DATE '1993-07-25', DATE '2016-05-02', NULL),
  (4, 'BS-1130', 'Gareth', 'Hughes', 'Meter Reader', 2, DATE '1990-01-30', DATE '2015-03-09', NULL),
  (5, 'BS-1188', 'Priya', 'Shah', 'Water Quality Sampler', 2, DATE '1995-06-14', DATE '2019-10-21', NULL),
  (6, 'BS-1201', 'Tom', 'Ellis', 'Distribution Technician', 2, DATE '1984-09-08', DATE '2010-06-28', NULL);

INSERT INTO public.crews (id, name, service_area_id, leader_employee_id, active) VALUES
  (1, 'Equipa Reparações Lumiar', 1, 2, true),
  (2, 'Bedminster Repair Gang', 2, 6, true);

INSERT INTO public.customers (id, account_number, customer_class, display_name, email, phone, country_code, billing_address, created_at) VALUES
  (1, 'PT-100045821', 'residential', 'Maria Teixeira', 'maria.teixeira@sapo.pt', '+351 912 345 678', 'PT', 'Rua do Lumiar 41, 2º Esq, 1600-434 Lisboa', now() - interval '6 years'),
  (2, 'GB-200078113', 'residential', 'David Parry', 'd.parry@btinternet.com', '+44 7700 900123', 'GB', '14 North Street, Bedminster, Bristol BS3 1HT', now() - interval '4 years'),
  (3, 'PT-100051277', 'commercial', 'Pastelaria Flor do Lumiar, Lda', 'geral@flordolumiar.pt', '+351 217 590 214', 'PT', 'Alameda das Linhas de Torres 180, 1750-144 Lisboa', now() - interval '5 years');

INSERT INTO public.premises (id, service_area_id, address_line1, address_line2, city, postal_code, premise_type, latitude, longitude) VALUES
  (1, 1, 'Rua do Lumiar 41', '2º Esq', 'Lisboa', '1600-434', 'flat', 38.772610, -9.160420),
  (2, 2, '14 North Street', NULL, 'Bristol', 'BS3 1HT', 'terraced_house', 51.441930, -2.604110),
  (3, 1, 'Alameda das Linhas de Torres 180', 'Loja', 'Lisboa', '1750-144', 'shop', 38.774880, -9.156300);

INSERT INTO public.service_connections (id, connection_number, premise_id, customer_id, pipe_segment_id, started_on, ended_on, is_active) VALUES
  (1, 'LN-C-0093411', 1, 1, 1, current_date - 2190, NULL, true),
  (2, 'BS-C-0412876', 2, 2, 3, current_date - 1460, NULL, true),
  (3, 'LN-C-0093588', 3, 3, 2, current_date - 1825, NULL, true);

INSERT INTO public.meter_models (id, manufacturer, model_name, nominal_diameter_mm, q3_m3_per_h, register_digits) VALUES
  (1, 'Itron', 'Aquadis+ DN15', 15, 2.50, 8),
  (2, 'Sensus', '620 DN20', 20, 4.00, 8),
  (3, 'Elster', 'V200 DN15', 15, 2.50, 8);

INSERT INTO public.meters (id, serial_number, meter_model_id, connection_id, installed_at, removed_at, initial_reading_m3, status) VALUES
  (4, 'EL15-09-338812', 3, 1, now() - interval '6 years', now() - interval '3 years', 1210.000, 'removed'),
  (1, 'IT21-DN15-0448127', 1, 1, now() - interval '3 years', NULL, 1495.000, 'installed'),
  (2, 'SN20-19-7730451', 2, 2, now() - interval '4 years', NULL, 610.000, 'installed'),
  (3, 'SN20-18-6612097', 2, 3, now() - interval '5 years', NULL, 18250.000, 'installed');

-- readings: Tuesdays (isodow 2) of past weeks, local morning times
INSERT INTO public.meter_readings (id, meter_id, read_at, reading_m3, reading_type, read_by_employee_id, access_issue, notes) VALUES
  (1, 4, ((date_trunc('week', current_date)::date - 7*170 + 1) + time '10:05') AT TIME ZONE 'Europe/Lisbon', 1380.000, 'actual', 1, false, NULL),
  (2, 4, ((date_trunc('week', current_date)::date - 7*160 + 1) + time '09:40') AT TIME ZONE 'Europe/Lisbon', 1402.300, 'actual', 1, false, 'final read before exchange'),
  (3, 1, ((date_trunc('week', current_date)::date - 7*10 + 1) + time '10:30') AT TIME ZONE 'Europe/Lisbon', 1510.250, 'actual', 1, false, NULL),
  (4, 1, ((date_trunc('week', current_date)::date - 7*8 + 1) + time '11:15') AT TIME ZONE 'Europe/Lisbon', 1522.400, 'actual', 1, false, NULL),
  (5, 1, ((date_trunc('week', current_date)::date - 7*6 + 3) + time '20:12') AT TIME ZONE 'Europe/Lisbon', 1533.000, 'customer', NULL, false, 'submitted via app'),
  (6, 1, ((date_trunc('week', current_date)::date - 7*4 + 1) + time '09:50') AT TIME ZONE 'Europe/Lisbon', 1545.100, 'actual', 1, false, NULL),
  (7, 1, ((date_trunc('week', current_date)::date - 7*2 + 1) + time '10:20') AT TIME ZONE 'Europe/Lisbon', 1556.800, 'actual', 1, false, NULL),
  (8, 2, ((date_trunc('week', current_date)::date - 7*9 + 1) + time '00:00') AT TIME ZONE 'Europe/London', 880.000, 'estimated', NULL, true, 'no access - estimated'),
  (9, 2, ((date_trunc('week', current_date)::date - 7*5 + 1) + time '13:25') AT TIME ZONE 'Europe/London', 893.450, 'actual', 4, false, NULL),
  (10, 2, ((date_trunc('week', current_date)::date - 7*1 + 1) + time '14:05') AT TIME ZONE 'Europe/London', 905.120, 'actual', 4, false, NULL),
  (11, 3, ((date_trunc('week', current_date)::date - 7*7 + 1) + time '08:45') AT TIME ZONE 'Europe/Lisbon', 20450.000, 'actual', 1, false, NULL),
  (12, 3, ((date_trunc('week', current_date)::date - 7*3 + 1) + time '08:55') AT TIME ZONE 'Europe/Lisbon', 20611.500, 'actual', 1, false, NULL);

INSERT INTO public.tariffs (id, service_area_id, customer_class, name, volumetric_rate, standing_charge_monthly, vat_rate, currency_code, valid_from, valid_to) VALUES
  (1, 1, 'residential', 'Tarifa Doméstica 2º escalão', 1.1500, 5.20, 0.0600, 'EUR', current_date - 700, NULL),
  (2, 1, 'commercial', 'Tarifa Não Doméstica', 1.9500, 25.00, 0.0600, 'EUR', current_date - 700, NULL),
  (3, 2, 'residential', 'Metered household water and sewerage', 2.1050, 8.00, 0.0000, 'GBP', current_date - 600, NULL);

INSERT INTO public.bills (id, bill_number, connection_id, tariff_id, period_start, period_end, issued_on, due_on, consumption_m3, subtotal_amount, tax_amount, total_amount, currency_code, status, created_at) VALUES
  (1, 'FT-LN-2026-0481220', 1, 1, current_date - 70, current_date - 10, current_date - 8, current_date + 12, 24.000, 58.40, 3.50, 61.90, 'EUR', 'issued', now() - interval '8 days'),
  (2, 'BS-2026-1193307', 2, 3, current_date - 120, current_date - 29, current_date - 25, current_date - 4, 30.000, 159.15, 0.00, 159.15, 'GBP', 'paid', now() - interval '25 days'),
  (3, 'FT-LN-2026-0481297', 3, 2, current_date - 40, current_date - 10, current_date - 8, current_date + 12, 161.500, 339.93, 20.40, 360.33, 'EUR', 'issued', now() - interval '8 days');

INSERT INTO public.bill_lines (bill_id, line_no, line_type, description, quantity, unit_price, amount) VALUES
  (1, 1, 'standing', 'Tarifa fixa de abastecimento (2 meses)', 2.000, 5.2000, 10.40),
  (1, 2, 'water', 'Consumo de água', 24.000, 1.1500, 27.60),
  (1, 3, 'wastewater', 'Saneamento - componente variável', 24.000, 0.8500, 20.40),
  (2, 1, 'standing', 'Standing charge (3 months)', 3.000, 8.0000, 24.00),
  (2, 2, 'water', 'Water supplied', 30.000, 2.1050, 63.15),
  (2, 3, 'wastewater', 'Sewerage (volume returned)', 30.000, 2.4000, 72.00),
  (3, 1, 'standing', 'Tarifa fixa não doméstica (1 mês)', 1.000, 25.0000, 25.00),
  (3, 2, 'water', 'Consumo de água', 161.500, 1.9500, 314.93);

INSERT INTO public.payments (id, bill_id, paid_at, amount, method, external_reference) VALUES
  (1, 2, now() - interval '10 days', 159.15, 'direct_debit', 'DD-BS-77120034');

INSERT INTO public.leak_reports (id, reference, service_area_id, premise_id, pipe_segment_id, reported_at, reported_via, severity, location_description, latitude, longitude, closed_at) VALUES
  (1, 'LR-LN-26-03311', 1, NULL, 1, now() - interval '4 days 2 hours', 'phone', 'major', 'Water running along kerb outside Rua do Lumiar 35', 38.772500, -9.160300, now() - interval '3 days 20 hours'),
  (2, 'LR-BS-26-08842', 2, 2, 3, now() - interval '6 hours', 'web', 'moderate', 'Damp patch and hissing at stopcock chamber, 14 North Street', 51.441900, -2.604100, NULL),
  (3, 'LR-LN-26-03340', 1, 3, 2, now() - interval '1 day', 'field_staff', 'minor', 'Weeping joint in meter box at shop frontage', 38.774900, -9.156250, NULL);

INSERT INTO public.work_orders (id, work_order_number, leak_report_id, service_area_id, crew_id, work_type, priority, status, opened_at, scheduled_for, started_at, completed_at, estimated_loss_m3) VALUES
  (1, 'WO-LN-26-011402', 1, 1, 1, 'main_repair', 1, 'completed', now() - interval '4 days 1 hour', now() - interval '4 days', now() - interval '4 days', now() - interval '3 days 20 hours', 35.00),
  (2, 'WO-BS-26-044519', 2, 2, 2, 'service_pipe_repair', 2, 'in_progress', now() - interval '5 hours 30 minutes', now() - interval '3 hours', now() - interval '2 hours', NULL, 4.50),
  (3, 'WO-LN-26-011455', 3, 1, 1, 'meter_box_repair', 4, 'scheduled', now() - interval '20 hours', now() + interval '2 days', NULL, NULL, 0.80),
  (4, 'WO-BS-26-044377', NULL, 2, 2, 'valve_exercise', 5, 'cancelled', now() - interval '12 days', now() - interval '9 days', NULL, NULL, NULL);

INSERT INTO public.work_order_tasks (work_order_id, task_no, task_type, started_at, finished_at, notes) VALUES
  (1, 1, 'isolate_and_excavate', now() - interval '4 days', now() - interval '3 days 23 hours', 'valves V-2231 and V-2234 closed'),
  (1, 2, 'repair_clamp', now() - interval '3 days 23 hours', now() - interval '3 days 21 hours 30 minutes', '150mm DI, full-circle clamp fitted'),
  (1, 3, 'flush_and_reinstate', now() - interval '3 days 21 hours 30 minutes', now() - interval '3 days 20 hours', NULL),
  (2, 1, 'locate_and_excavate', now() - interval '2 hours', now() - interval '1 hour', NULL),
  (2, 2, 'replace_stopcock', now() - interval '50 minutes', NULL, NULL),
  (3, 1, 'inspect_meter_box', NULL, NULL, NULL);

INSERT INTO public.water_quality_samples (id, service_area_id, sampling_point, sampled_at, collected_by_employee_id, free_chlorine_mg_l, turbidity_ntu, ph, ecoli_detected, lab_reference) VALUES
  (1, 1, 'Reservatório Lumiar - saída', now() - interval '15 days', 3, 0.55, 0.18, 7.60, false, 'LAB-LN-26-19011'),
  (2, 1, 'Torneira pública Rua do Lumiar', now() - interval '8 days', 3, 0.41, 0.22, 7.55, false, 'LAB-LN-26-19377'),
  (3, 1, 'Escola Básica do Lumiar', now() - interval '1 day', 3, 0.38, 0.25, 7.48, false, 'LAB-LN-26-19702'),
  (4, 2, 'Bedminster service reservoir outlet', now() - interval '14 days', 5, 0.32, 0.10, 7.85, false, 'BS-QA-88120'),
  (5, 2, 'Consumer tap - North Street', now() - interval '7 days', 5, 0.21, 0.14, 7.79, false, 'BS-QA-88211'),
  (6, 2, 'Hydrant H-3302', now() - interval '2 days', 5, 0.26, 0.31, 7.71, false, 'BS-QA-88290');

COMMIT;
