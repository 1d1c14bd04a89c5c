-- Witness rows: a clinic as a clinician or practice manager would accept it, dated relative to
-- today. Every rule of rules.toml judges some of these rows and holds on all of them
-- (tests/realism/test_realism_suite.py): the rules can be met.

INSERT INTO public.clinics (id, name, country_code, city, street, postcode, phone, currency, time_zone, opened_on) VALUES
    (1, 'Praxisklinik Mitte', 'DE', 'Berlin', 'Invalidenstrasse 50', '10115', '+49 30 1234567', 'EUR', 'Europe/Berlin', current_date - 6000);

INSERT INTO public.departments (id, clinic_id, name, specialty, floor) VALUES
    (1, 1, 'General Practice', 'Family medicine', 0),
    (2, 1, 'Cardiology', 'Cardiology', 1);

INSERT INTO public.rooms (id, department_id, code, kind, beds) VALUES
    (1, 1, 'EG-01', 'consultation', 0),
    (2, 2, 'OG-11', 'procedure', 1);

INSERT INTO public.practitioners (id, department_id, first_name, last_name, profession, specialty, email, licence_number, licence_valid_from, licence_valid_to, hired_on) VALUES
    (1, 1, 'Miriam', 'Keller', 'physician', 'Family medicine', 'm.keller@praxis.example', 'BE-12345', current_date - 5000, NULL, current_date - 4000),
    (2, 2, 'Tobias', 'Brandt', 'physician', 'Cardiology', 't.brandt@praxis.example', 'BE-23456', current_date - 6000, current_date + 900, current_date - 3000);

INSERT INTO public.insurers (id, name, country_code, payer_code) VALUES
    (1, 'Techniker Krankenkasse', 'DE', '101575519');

INSERT INTO public.appointment_types (id, code, name, default_minutes) VALUES
    (1, 'GP15', 'GP consultation', 15),
    (2, 'CARD30', 'Cardiology review', 30);

-- 40 patients, one deceased (2.5 %).
INSERT INTO public.patients (id, mrn, first_name, last_name, date_of_birth, sex, phone, country_code, city, postcode, primary_clinic_id, insurer_id, registered_at, deceased_on)
SELECT md5('patient' || i)::uuid, 'MRN' || lpad(i::text, 6, '0'), 'Patient', 'Number ' || i,
       current_date - make_interval(years => 20 + i), CASE WHEN i % 2 = 0 THEN 'F' ELSE 'M' END,
       '+49 30 555' || lpad(i::text, 4, '0'), 'DE', 'Berlin', '10115', 1, 1,
       now() - interval '3 years', CASE WHEN i = 40 THEN current_date - 30 END
FROM generate_series(1, 40) AS i;

-- 40 past appointments on the weekdays before today (35 completed, 3 cancelled, 2 no-shows)
-- and 3 scheduled on the next weekdays, each 09:00-09:15.
INSERT INTO public.appointments (id, patient_id, practitioner_id, room_id, appointment_type_id, starts_at, ends_at, status, booked_at, cancelled_at)
SELECT d.n, md5('patient' || d.n)::uuid, 1, 1, 1, d.day + time '09:00', d.day + time '09:15',
       CASE WHEN d.n IN (12, 20, 31) THEN 'cancelled' WHEN d.n IN (15, 27) THEN 'no_show'
            ELSE 'completed' END::public.appointment_status,
       d.day - 14, CASE WHEN d.n IN (12, 20, 31) THEN d.day - 7 END
FROM (SELECT day::date, row_number() OVER (ORDER BY day DESC) AS n
      FROM generate_series(current_date - 80, current_date - 1, interval '1 day') AS day
      WHERE extract(isodow FROM day) <= 5) d
WHERE d.n <= 40;

INSERT INTO public.appointments (id, patient_id, practitioner_id, room_id, appointment_type_id, starts_at, ends_at, status, booked_at)
SELECT 100 + d.n, md5('patient' || d.n)::uuid, 2, 2, 2, d.day + time '14:30', d.day + time '15:00',
       'scheduled', now() - interval '2 days'
FROM (SELECT day::date, row_number() OVER (ORDER BY day) AS n
      FROM generate_series(current_date + 1, current_date + 10, interval '1 day') AS day
      WHERE extract(isodow FROM day) <= 5) d
WHERE d.n <= 3;

INSERT INTO public.encounters (id, appointment_id, patient_id, practitioner_id, kind, started_at, ended_at)
SELECT a.id, a.id, a.patient_id, a.practitioner_id, 'outpatient', a.starts_at + interval '2 minutes',
       a.starts_at + interval '14 minutes'
FROM public.appointments a WHERE a.status = 'completed';

INSERT INTO public.encounters (id, appointment_id, patient_id, practitioner_id, kind, started_at, ended_at) VALUES
    (500, NULL, md5('patient3')::uuid, 2, 'inpatient', localtimestamp - interval '5 days', localtimestamp - interval '2 days'),
    (501, NULL, md5('patient4')::uuid, 2, 'emergency', localtimestamp - interval '6 hours', localtimestamp - interval '2 hours');

INSERT INTO public.diagnoses (encounter_id, code, description, is_primary) VALUES
    (1, 'J06.9', 'Acute upper respiratory infection, unspecified', true),
    (500, 'I21.4', 'Non-ST elevation myocardial infarction', true),
    (501, 'S93.4', 'Sprain of ankle', true);

INSERT INTO public.drugs (id, name, atc_code, form, strength, strength_unit) VALUES
    (1, 'Amoxicillin', 'J01CA04', 'capsule', 500, 'mg'),
    (2, 'Salbutamol', 'R03AC02', 'inhaler', 100, 'mcg'),
    (3, 'Hydrocortisone', 'D07AA02', 'cream', 1, '%'),
    (4, 'Insulin glargine', 'A10AE04', 'injection', 100, 'IU/mL');

INSERT INTO public.prescriptions (encounter_id, patient_id, drug_id, prescriber_id, dose_amount, dose_unit, times_per_day, start_date, end_date, refills, status)
SELECT e.id, e.patient_id, 1, e.practitioner_id, 500, 'mg', 3, e.started_at::date, e.started_at::date + 7, 0,
       CASE WHEN e.started_at::date + 7 < current_date THEN 'completed' ELSE 'active' END::public.prescription_status
FROM public.encounters e WHERE e.id IN (1, 2, 3);

INSERT INTO public.prescriptions (encounter_id, patient_id, drug_id, prescriber_id, dose_amount, dose_unit, times_per_day, start_date, end_date, refills, status) VALUES
    (500, md5('patient3')::uuid, 4, 2, 10, 'IU', 1, current_date - 2, NULL, 2, 'active');

INSERT INTO public.lab_tests (id, loinc_code, name, unit, ref_low, ref_high) VALUES
    (1, '2345-7', 'Glucose [Mass/volume] in Serum or Plasma', 'mg/dL', 70, 99),
    (2, '718-7', 'Hemoglobin [Mass/volume] in Blood', 'g/dL', 12, 17.5);

INSERT INTO public.lab_orders (id, encounter_id, patient_id, ordered_by, ordered_at, collected_at, status, priority) VALUES
    (1, 500, md5('patient3')::uuid, 2, now() - interval '5 days', now() - interval '5 days' + interval '20 minutes', 'resulted', 'urgent'),
    (2, 501, md5('patient4')::uuid, 2, now() - interval '5 hours', NULL, 'ordered', 'stat'),
    (3, 500, md5('patient3')::uuid, 2, now() - interval '4 days', NULL, 'cancelled', 'routine'),
    (4, 501, md5('patient4')::uuid, 2, now() - interval '5 hours', now() - interval '4 hours', 'collected', 'stat');

INSERT INTO public.lab_results (lab_order_id, lab_test_id, value, unit, ref_low, ref_high, flag, resulted_at) VALUES
    (1, 1, 85, 'mg/dL', 70, 99, 'normal', now() - interval '5 days' + interval '2 hours'),
    (1, 2, 11.2, 'g/dL', 12, 17.5, 'low', now() - interval '5 days' + interval '2 hours');

INSERT INTO public.invoices (id, invoice_number, clinic_id, patient_id, encounter_id, issued_on, due_on, currency, subtotal, tax, discount, total, status, paid_at) VALUES
    (1, 'R-2026-0001', 1, md5('patient3')::uuid, 500, current_date - 2, current_date + 28, 'EUR', 80.00, 0.00, 0.00, 80.00, 'paid', now() - interval '1 day'),
    (2, 'R-2026-0002', 1, md5('patient4')::uuid, 501, current_date, current_date + 30, 'EUR', 45.00, 0.00, 5.00, 40.00, 'issued', NULL);

INSERT INTO public.invoice_lines (invoice_id, line_no, description, quantity, unit_price, amount) VALUES
    (1, 1, 'Consultation (GOÄ 1)', 1, 60.00, 60.00),
    (1, 2, 'Blood sample (GOÄ 250)', 2, 10.00, 20.00),
    (2, 1, 'Emergency consultation', 1, 45.00, 45.00);
