BEGIN;

INSERT INTO public.countries (code, name, currency_code, phone_prefix, vat_rate) VALUES
('GB', 'United Kingdom', 'GBP', '+44', 20.00),
('NL', 'Netherlands', 'EUR', '+31', 21.00),
('DE', 'Germany', 'EUR', '+49', 19.00),
('IE', 'Ireland', 'EUR', '+353', 23.00);

INSERT INTO public.locations (id, code, country_code, name, address_line, city, postcode, phone, email, timezone, opened_on, status) VALUES
(1, 'LON-BAT', 'GB', 'PawStay London Battersea', '14 Parkgate Road', 'London', 'SW11 4NJ', '+44 20 7946 0321', 'battersea@pawstay.example', 'Europe/London', current_date - 2200, 'open'),
(2, 'AMS-ZUI', 'NL', 'PawStay Amsterdam Zuid', 'Beethovenstraat 82', 'Amsterdam', '1077 JN', '+31 20 555 0142', 'zuid@pawstay.example', 'Europe/Amsterdam', current_date - 1500, 'open'),
(3, 'MUC-SCH', 'DE', 'PawStay München Schwabing', 'Leopoldstraße 120', 'München', '80802', '+49 89 5550 1234', 'schwabing@pawstay.example', 'Europe/Berlin', current_date - 900, 'open');

INSERT INTO public.suites (id, location_id, suite_code, kind, size_class, floor_area_m2, max_pet_weight_kg, nightly_rate, is_active) VALUES
(1, 1, 'K-01', 'kennel', 'm', 3.00, 30.0, 45.00, true),
(2, 1, 'K-02', 'luxury_suite', 'l', 6.50, 50.0, 55.00, true),
(3, 1, 'C-01', 'cattery', 's', 1.20, 10.0, 25.00, true),
(4, 2, 'K-01', 'kennel', 'm', 3.00, 30.0, 48.00, true),
(5, 2, 'C-01', 'cattery', 's', 1.50, 10.0, 28.00, true),
(6, 3, 'K-01', 'kennel', 'l', 5.00, 60.0, 52.00, true),
(7, 3, 'C-01', 'cattery', 's', 1.40, 10.0, 26.00, true),
(8, 3, 'K-02', 'kennel', 'm', 3.20, 32.0, 40.00, true);

INSERT INTO public.staff (id, location_id, first_name, last_name, role, email, date_of_birth, hired_on, left_on) VALUES
(1, 1, 'Emma', 'Clarke', 'groomer', 'emma.clarke@pawstay.example', '1991-04-12', current_date - 1400, NULL),
(2, 1, 'James', 'Patel', 'carer', 'james.patel@pawstay.example', '1996-09-03', current_date - 800, NULL),
(3, 2, 'Sanne', 'de Vries', 'groomer', 'sanne.devries@pawstay.example', '1988-01-27', current_date - 1200, NULL),
(4, 2, 'Daan', 'Bakker', 'carer', 'daan.bakker@pawstay.example', '1999-06-15', current_date - 500, NULL),
(5, 3, 'Lena', 'Fischer', 'groomer', 'lena.fischer@pawstay.example', '1993-11-08', current_date - 850, NULL),
(6, 3, 'Jonas', 'Weber', 'carer', 'jonas.weber@pawstay.example', '1997-02-19', current_date - 600, NULL);

INSERT INTO public.owners (id, home_location_id, first_name, last_name, email, phone, address_line, city, postcode, country_code, date_of_birth, registered_at, marketing_opt_in) VALUES
(1, 1, 'Sarah', 'Thompson', 'sarah.thompson@example.com', '+44 7700 900123', '22 Albert Bridge Road', 'London', 'SW11 4PY', 'GB', '1985-03-14', now() - interval '420 days', true),
(2, 1, 'Oliver', 'Hughes', 'oliver.hughes@example.com', '+44 7700 900456', '5 Lavender Hill', 'London', 'SW11 5QJ', 'GB', '1979-10-02', now() - interval '300 days', false),
(3, 2, 'Eva', 'Jansen', 'eva.jansen@example.nl', '+31 6 1234 5678', 'Van Baerlestraat 10', 'Amsterdam', '1071 AZ', 'NL', '1990-07-21', now() - interval '250 days', true),
(4, 3, 'Markus', 'Schneider', 'markus.schneider@example.de', '+49 151 2345 6789', 'Hohenzollernstraße 33', 'München', '80801', 'DE', '1982-12-05', now() - interval '200 days', false),
(5, 2, 'Pieter', 'Visser', 'pieter.visser@example.nl', '+31 6 8765 4321', 'Apollolaan 141', 'Amsterdam', '1077 AR', 'NL', '1994-05-30', now() - interval '90 days', true);

INSERT INTO public.breeds (id, species, name, size_class, typical_weight_min_kg, typical_weight_max_kg) VALUES
(1, 'dog', 'Labrador Retriever', 'large', 25.0, 36.0),
(2, 'dog', 'English Cocker Spaniel', 'medium', 12.0, 15.5),
(3, 'dog', 'Border Collie', 'medium', 14.0, 20.0),
(4, 'cat', 'Domestic Shorthair', 'small', 3.0, 6.5),
(5, 'cat', 'Maine Coon', 'medium', 5.5, 11.0),
(6, 'dog', 'Dachshund', 'small', 7.0, 14.5),
(7, 'dog', 'German Shepherd', 'large', 22.0, 40.0);

INSERT INTO public.pets (id, owner_id, name, species, breed_id, sex, neutered, date_of_birth, weight_kg, microchip_no, temperament, care_notes, registered_at) VALUES
(1, 1, 'Bella', 'dog', 1, 'female', true, current_date - 1830, 30.50, '826098100123456', 'friendly', NULL, now() - interval '420 days'),
(2, 1, 'Milo', 'cat', 4, 'male', true, current_date - 2560, 4.80, '826098100234567', 'shy', 'Indoor cat, dry food only', now() - interval '420 days'),
(3, 2, 'Max', 'dog', 3, 'male', true, current_date - 1460, 18.20, '985141000345678', 'friendly', NULL, now() - interval '300 days'),
(4, 3, 'Luna', 'dog', 2, 'female', true, current_date - 1100, 13.40, '528140000456789', 'friendly', NULL, now() - interval '250 days'),
(5, 3, 'Simba', 'cat', 5, 'male', true, current_date - 2200, 7.90, '528140000567890', 'friendly', NULL, now() - interval '250 days'),
(6, 4, 'Rex', 'dog', 7, 'male', false, current_date - 2190, 34.00, '276098100678901', 'needs_solo', 'Not with other males', now() - interval '200 days'),
(7, 5, 'Pip', 'dog', 6, 'female', false, current_date - 182, 5.50, '528140000789012', 'friendly', 'Puppy, three small meals a day', now() - interval '90 days'),
(8, 4, 'Bruno', 'dog', 1, 'male', true, current_date - 760, 29.00, NULL, 'friendly', NULL, now() - interval '200 days');

INSERT INTO public.vaccines (id, species, name, required_for_boarding, validity_months) VALUES
(1, 'dog', 'DHPP (distemper, hepatitis, parvovirus, parainfluenza)', true, 36),
(2, 'dog', 'Leptospirosis', true, 12),
(3, 'dog', 'Kennel cough (Bordetella bronchiseptica)', true, 12),
(4, 'dog', 'Rabies', false, 36),
(5, 'cat', 'FVRCP (feline enteritis and cat flu)', true, 12),
(6, 'cat', 'Feline leukaemia (FeLV)', false, 12);

INSERT INTO public.vaccinations (id, pet_id, vaccine_id, administered_on, valid_until, vet_practice, batch_no, verified_by_staff_id, verified_at)
SELECT row_number() OVER (ORDER BY v.pet_id, v.vaccine_id), v.pet_id, v.vaccine_id, current_date - v.ago,
       (current_date - v.ago) + make_interval(months => vc.validity_months), v.practice, v.batch, v.staff_id,
       now() - make_interval(days => v.ago - 2)
FROM (VALUES
  (1, 1, 200, 'Battersea Vets', 'DH2231', 2), (1, 2, 200, 'Battersea Vets', 'LP7710', 2), (1, 3, 200, 'Battersea Vets', 'KC0912', 2),
  (2, 5, 150, 'Battersea Vets', 'FV3321', 2),
  (3, 1, 250, 'Clapham Animal Hospital', 'DH1188', 2), (3, 2, 250, 'Clapham Animal Hospital', 'LP6620', 2), (3, 3, 100, 'Clapham Animal Hospital', 'KC1201', 2),
  (4, 1, 300, 'Dierenkliniek Zuid', 'NB4410', 4), (4, 2, 180, 'Dierenkliniek Zuid', 'NB4522', 4), (4, 3, 180, 'Dierenkliniek Zuid', 'NB4601', 4),
  (5, 5, 120, 'Dierenkliniek Zuid', 'NF2290', 4),
  (6, 1, 330, 'Tierarztpraxis Schwabing', 'DE9981', 6), (6, 2, 90, 'Tierarztpraxis Schwabing', 'DE9982', 6), (6, 3, 90, 'Tierarztpraxis Schwabing', 'DE9983', 6),
  (6, 4, 330, 'Tierarztpraxis Schwabing', 'DE9984', 6),
  (7, 1, 110, 'Dierenkliniek Zuid', 'NB5001', 4), (7, 2, 110, 'Dierenkliniek Zuid', 'NB5002', 4), (7, 3, 95, 'Dierenkliniek Zuid', 'NB5003', 4),
  (8, 1, 400, 'Tierarztpraxis Schwabing', 'DE7711', 6), (8, 2, 60, 'Tierarztpraxis Schwabing', 'DE7712', 6), (8, 3, 60, 'Tierarztpraxis Schwabing', 'DE7713', 6)
) AS v(pet_id, vaccine_id, ago, practice, batch, staff_id)
JOIN public.vaccines vc ON vc.id = v.vaccine_id;

INSERT INTO public.membership_plans (id, country_code, code, name, plan_type, days_included, validity_days, price, currency_code, is_active) VALUES
(1, 'GB', 'GB-DAY10', 'Daycare 10-day pack', 'daycare_pack', 10, 180, 280.00, 'GBP', true),
(2, 'NL', 'NL-DAG10', 'Opvang 10-dagenkaart', 'daycare_pack', 10, 180, 300.00, 'EUR', true),
(3, 'DE', 'DE-TAG20', 'Tagesbetreuung 20er-Karte', 'daycare_pack', 20, 365, 560.00, 'EUR', true);

INSERT INTO public.memberships (id, owner_id, plan_id, purchased_at, starts_on, ends_on, status, price_paid) VALUES
(1, 2, 1, now() - interval '50 days', current_date - 50, current_date + 130, 'active', 280.00),
(2, 5, 2, now() - interval '20 days', current_date - 20, current_date + 160, 'active', 300.00),
(3, 1, 1, now() - interval '300 days', current_date - 300, current_date - 120, 'expired', 280.00);

INSERT INTO public.bookings (id, booking_ref, owner_id, location_id, booking_type, status, created_at, planned_check_in_at, planned_check_out_at, actual_check_in_at, actual_check_out_at, cancelled_at, special_instructions) VALUES
(1, 'LON-000101', 1, 1, 'boarding', 'completed', now() - interval '80 days', now() - interval '60 days', now() - interval '53 days' + interval '8 hours', now() - interval '60 days' + interval '15 minutes', now() - interval '53 days' + interval '7 hours 40 minutes', NULL, 'Bella and Milo in adjacent units'),
(2, 'LON-000102', 2, 1, 'daycare', 'completed', now() - interval '45 days', now() - interval '40 days', now() - interval '40 days' + interval '9 hours', now() - interval '40 days' + interval '5 minutes', now() - interval '40 days' + interval '8 hours 50 minutes', NULL, NULL),
(3, 'LON-000103', 2, 1, 'daycare', 'completed', now() - interval '38 days', now() - interval '33 days', now() - interval '33 days' + interval '9 hours', now() - interval '33 days' + interval '10 minutes', now() - interval '33 days' + interval '9 hours', NULL, NULL),
(4, 'AMS-000201', 3, 2, 'boarding', 'completed', now() - interval '60 days', now() - interval '30 days', now() - interval '25 days' + interval '6 hours', now() - interval '30 days' + interval '20 minutes', now() - interval '25 days' + interval '6 hours', NULL, NULL),
(5, 'MUC-000301', 4, 3, 'boarding', 'completed', now() - interval '35 days', now() - interval '20 days', now() - interval '14 days' + interval '8 hours', now() - interval '20 days' + interval '30 minutes', now() - interval '14 days' + interval '7 hours', NULL, 'Rex needs a solo run'),
(6, 'AMS-000202', 5, 2, 'daycare', 'completed', now() - interval '15 days', now() - interval '12 days', now() - interval '12 days' + interval '8 hours', now() - interval '12 days' + interval '10 minutes', now() - interval '12 days' + interval '7 hours 45 minutes', NULL, NULL),
(7, 'LON-000104', 1, 1, 'daycare', 'completed', now() - interval '14 days', now() - interval '10 days', now() - interval '10 days' + interval '9 hours', now() - interval '10 days' + interval '20 minutes', now() - interval '10 days' + interval '8 hours 30 minutes', NULL, NULL),
(8, 'AMS-000203', 3, 2, 'boarding', 'cancelled', now() - interval '45 days', now() - interval '15 days', now() - interval '10 days', NULL, NULL, now() - interval '20 days', NULL),
(9, 'MUC-000302', 4, 3, 'boarding', 'checked_in', now() - interval '9 days', now() - interval '2 days', now() + interval '3 days', now() - interval '2 days' + interval '10 minutes', NULL, NULL, NULL),
(10, 'LON-000105', 2, 1, 'boarding', 'confirmed', now() - interval '5 days', now() + interval '10 days', now() + interval '14 days' + interval '6 hours', NULL, NULL, NULL, NULL),
(11, 'AMS-000204', 5, 2, 'daycare', 'pending', now() - interval '1 day', now() + interval '3 days', now() + interval '3 days' + interval '9 hours', NULL, NULL, NULL, NULL);

INSERT INTO public.package_redemptions (id, membership_id, booking_id, redeemed_at, days_redeemed, days_used_after) VALUES
(1, 1, 2, now() - interval '40 days' + interval '5 minutes', 1, 1),
(2, 1, 3, now() - interval '33 days' + interval '10 minutes', 1, 2),
(3, 2, 6, now() - interval '12 days' + interval '10 minutes', 1, 1);

INSERT INTO public.stays (id, booking_id, pet_id, suite_id, unit_rate, feeding_plan) VALUES
(1, 1, 1, 2, 55.00, 'Own food, twice daily'),
(2, 1, 2, 3, 25.00, 'Dry food, free feeding'),
(3, 2, 3, NULL, 32.00, NULL),
(4, 3, 3, NULL, 32.00, NULL),
(5, 4, 4, 4, 48.00, 'House food, twice daily'),
(6, 4, 5, 5, 28.00, 'Wet food morning, dry evening'),
(7, 5, 6, 6, 52.00, 'Own food, twice daily'),
(8, 5, 8, 8, 40.00, 'House food, twice daily'),
(9, 6, 7, NULL, 30.00, 'Puppy lunch at 12:00'),
(10, 7, 1, NULL, 32.00, NULL),
(11, 8, 4, 4, 48.00, NULL),
(12, 9, 6, 6, 52.00, 'Own food, twice daily'),
(13, 10, 3, 1, 45.00, NULL),
(14, 11, 7, NULL, 30.00, 'Puppy lunch at 12:00');

INSERT INTO public.care_logs (id, stay_id, log_no, logged_at, staff_id, meal_eaten, walk_minutes, play_minutes, toileting_normal, medication_given, mood, notes) VALUES
(1, 1, 1, now() - interval '60 days' + interval '4 hours', 2, 'all', 30, 20, true, false, 'happy', 'Settled in well'),
(2, 1, 2, now() - interval '59 days' + interval '2 hours', 2, 'most', 45, 30, true, false, 'happy', NULL),
(3, 1, 3, now() - interval '58 days' + interval '2 hours', 2, 'all', 45, 30, true, false, 'calm', NULL),
(4, 2, 1, now() - interval '60 days' + interval '5 hours', 2, 'little', 0, 10, true, false, 'anxious', 'Hiding, ate a little'),
(5, 2, 2, now() - interval '59 days' + interval '3 hours', 2, 'half', 0, 15, true, false, 'calm', NULL),
(6, 3, 1, now() - interval '40 days' + interval '4 hours', 2, 'all', 30, 120, true, false, 'happy', NULL),
(7, 5, 1, now() - interval '30 days' + interval '5 hours', 4, 'all', 30, 30, true, false, 'happy', NULL),
(8, 5, 2, now() - interval '29 days' + interval '3 hours', 4, 'all', 40, 30, true, false, 'happy', NULL),
(9, 7, 1, now() - interval '20 days' + interval '4 hours', 6, 'most', 40, 0, true, false, 'calm', 'Solo run only'),
(10, 12, 1, now() - interval '2 days' + interval '3 hours', 6, 'all', 40, 0, true, false, 'calm', NULL),
(11, 12, 2, now() - interval '1 day' + interval '2 hours', 6, 'all', 45, 0, true, false, 'happy', NULL);

INSERT INTO public.services (id, code, name, category, species, typical_duration_minutes, is_active) VALUES
(1, 'GRM-FULL', 'Full groom (bath, cut and finish)', 'grooming', 'dog', 120, true),
(2, 'GRM-BATH', 'Bath and brush', 'grooming', 'dog', 60, true),
(3, 'ADD-NAIL', 'Nail clip', 'addon', NULL, 15, true),
(4, 'ADD-WALK', 'Extra solo walk', 'addon', 'dog', 30, true),
(5, 'ADD-PLAY', 'One-to-one playtime', 'addon', NULL, 20, true),
(6, 'GRM-CAT', 'Cat groom and de-shed', 'grooming', 'cat', 60, true),
(7, 'TRN-TAXI', 'Pet taxi pick-up', 'transport', NULL, 45, true);

INSERT INTO public.grooming_appointments (id, location_id, pet_id, groomer_id, service_id, booking_id, created_at, scheduled_at, duration_minutes, status, completed_at, price, currency_code)
SELECT v.id, v.location_id, v.pet_id, v.groomer_id, v.service_id, v.booking_id,
       s.at - make_interval(days => v.lead_days),
       s.at, v.duration, v.status,
       CASE WHEN v.status = 'completed' THEN s.at + make_interval(mins => v.duration) END,
       v.price, v.currency
FROM (VALUES
  (1, 1, 1, 1, 1, 1, -57, time '10:00', 120, 'completed', 65.00, 'GBP', 7, 'Europe/London'),
  (2, 2, 4, 3, 2, 4, -28, time '14:00', 60, 'completed', 45.00, 'EUR', 20, 'Europe/Amsterdam'),
  (3, 3, 6, 5, 1, 5, -17, time '11:00', 120, 'completed', 75.00, 'EUR', 10, 'Europe/Berlin'),
  (4, 1, 3, 1, 2, NULL, -8, time '09:30', 60, 'no_show', 40.00, 'GBP', 6, 'Europe/London'),
  (5, 2, 5, 3, 6, NULL, 6, time '13:00', 60, 'scheduled', 55.00, 'EUR', 8, 'Europe/Amsterdam'),
  (6, 3, 8, 5, 2, NULL, -5, time '15:00', 60, 'cancelled', 45.00, 'EUR', 4, 'Europe/Berlin'),
  (7, 1, 2, 1, 6, NULL, 4, time '10:30', 60, 'scheduled', 48.00, 'GBP', 7, 'Europe/London')
) AS v(id, location_id, pet_id, groomer_id, service_id, booking_id, day_offset, local_time, duration, status, price, currency, lead_days, tz)
CROSS JOIN LATERAL (SELECT ((now() AT TIME ZONE v.tz)::date + v.day_offset) AS d) d0
CROSS JOIN LATERAL (SELECT ((d0.d - (extract(isodow FROM d0.d) = 7)::int) + v.local_time) AT TIME ZONE v.tz AS at) s;

INSERT INTO public.invoices (id, invoice_no, location_id, owner_id, booking_id, grooming_appointment_id, membership_id, issued_at, due_on, currency_code, subtotal, discount_amount, tax_amount, total, amount_paid, status) VALUES
(1, 'GB-2026-000101', 1, 1, 1, NULL, NULL, now() - interval '53 days' + interval '8 hours', current_date - 39, 'GBP', 650.50, 0.00, 130.10, 780.60, 780.60, 'paid'),
(2, 'GB-2026-000102', 1, 2, NULL, NULL, 1, now() - interval '50 days', current_date - 50, 'GBP', 233.33, 0.00, 46.67, 280.00, 280.00, 'paid'),
(3, 'NL-2026-000201', 2, 3, 4, NULL, NULL, now() - interval '25 days' + interval '6 hours', current_date - 11, 'EUR', 425.00, 25.00, 84.00, 484.00, 484.00, 'paid'),
(4, 'DE-2026-000301', 3, 4, 5, NULL, NULL, now() - interval '14 days' + interval '7 hours', current_date + 1, 'EUR', 627.00, 0.00, 119.13, 746.13, 300.00, 'partially_paid'),
(5, 'GB-2026-000103', 1, 1, 7, NULL, NULL, now() - interval '10 days' + interval '9 hours', current_date + 4, 'GBP', 42.00, 0.00, 8.40, 50.40, 0.00, 'issued'),
(6, 'GB-2026-000104', 1, 2, NULL, 4, NULL, now() - interval '7 days', current_date + 7, 'GBP', 20.00, 0.00, 4.00, 24.00, 0.00, 'issued');

INSERT INTO public.invoice_lines (id, invoice_id, line_no, service_id, stay_id, description, quantity, unit_price, line_total) VALUES
(1, 1, 1, NULL, 1, 'Boarding - Bella, luxury suite, 7 nights', 7, 55.00, 385.00),
(2, 1, 2, NULL, 2, 'Boarding - Milo, cattery, 7 nights', 7, 25.00, 175.00),
(3, 1, 3, 1, 1, 'Full groom - Bella', 1, 65.00, 65.00),
(4, 1, 4, 4, 1, 'Extra solo walk - Bella', 3, 8.50, 25.50),
(5, 2, 1, NULL, NULL, 'Daycare 10-day pack', 1, 233.33, 233.33),
(6, 3, 1, NULL, 5, 'Boarding - Luna, kennel, 5 nights', 5, 48.00, 240.00),
(7, 3, 2, NULL, 6, 'Boarding - Simba, cattery, 5 nights', 5, 28.00, 140.00),
(8, 3, 3, 2, 5, 'Bath and brush - Luna', 1, 45.00, 45.00),
(9, 4, 1, NULL, 7, 'Boarding - Rex, kennel, 6 nights', 6, 52.00, 312.00),
(10, 4, 2, NULL, 8, 'Boarding - Bruno, kennel, 6 nights', 6, 40.00, 240.00),
(11, 4, 3, 1, 7, 'Full groom - Rex', 1, 75.00, 75.00),
(12, 5, 1, NULL, 10, 'Daycare - Bella, 1 day', 1, 32.00, 32.00),
(13, 5, 2, 3, 10, 'Nail clip - Bella', 1, 10.00, 10.00),
(14, 6, 1, NULL, NULL, 'Missed grooming appointment fee - Max', 1, 20.00, 20.00);

INSERT INTO public.payments (id, invoice_id, paid_at, amount, method, status, provider_ref) VALUES
(1, 1, now() - interval '53 days' + interval '8 hours 5 minutes', 780.60, 'card', 'succeeded', 'ch_3Pq81A'),
(2, 2, now() - interval '50 days' + interval '2 minutes', 280.00, 'card', 'succeeded', 'ch_3Pr02B'),
(3, 3, now() - interval '25 days' + interval '6 hours 3 minutes', 484.00, 'card', 'failed', 'ch_3Ps11C'),
(4, 3, now() - interval '25 days' + interval '6 hours 6 minutes', 484.00, 'card', 'succeeded', 'ch_3Ps12D'),
(5, 4, now() - interval '14 days' + interval '7 hours 10 minutes', 300.00, 'cash', 'succeeded', NULL);

COMMIT;
