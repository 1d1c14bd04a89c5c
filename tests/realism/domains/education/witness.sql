-- Witness rows: two schools as an administrator would accept them, dated relative to today.
-- Every rule of rules.toml judges some of these rows and holds on all of them
-- (tests/realism/test_realism_suite.py): the rules can be met.
-- Academic years start on 1 September: the last one that started (y0), the one before (y-1)
-- and the next (y+1), each with three terms. Ids: year 10 * school + k (k = -1, 0, 1), term
-- 10 * year + term number (91: school 1, last year, autumn).

INSERT INTO public.schools (id, name, short_name, kind, street, city, postcode, country_code, phone, email, currency, founded_year) VALUES
    (1, 'Lycée International de Lyon', 'LIL', 'secondary', '12 rue de Marseille', 'Lyon', '69007', 'FR', '+33 4 78 12 34 56', 'contact@lil.example', 'EUR', 1962),
    (2, 'Internationale Schule München', 'ISM', 'all_through', 'Leopoldstrasse 40', 'Munich', '80802', 'DE', '+49 89 1234567', 'office@ism.example', 'EUR', 1971);

INSERT INTO public.academic_years (id, school_id, label, starts_on, ends_on)
SELECT 10 * s.id + k, s.id,
       to_char(y.start, 'YYYY') || '/' || to_char(y.start + interval '1 year', 'YY'),
       y.start, y.start + 300
FROM public.schools s
CROSS JOIN generate_series(-1, 1) AS k
CROSS JOIN LATERAL (
    SELECT (make_date(extract(year FROM current_date - interval '8 months')::int, 9, 1)
            + make_interval(years => k))::date AS start) y;

INSERT INTO public.terms (id, academic_year_id, term_no, name, starts_on, ends_on)
SELECT 10 * y.id + t.no, y.id, t.no, t.name, y.starts_on + t.first, y.starts_on + t.last
FROM public.academic_years y
CROSS JOIN (VALUES (1, 'Autumn', 0, 105), (2, 'Spring', 124, 200), (3, 'Summer', 215, 300))
    AS t (no, name, first, last);

INSERT INTO public.subjects (id, code, name, department) VALUES
    (1, 'MATH', 'Mathematics', 'Sciences'),
    (2, 'BIO', 'Biology', 'Sciences'),
    (3, 'HIST', 'History', 'Humanities'),
    (4, 'MUS', 'Music', 'Arts');

INSERT INTO public.rooms (id, school_id, code, kind, capacity, floor) VALUES
    (1, 1, 'A101', 'classroom', 30, 1),
    (2, 1, 'L201', 'laboratory', 24, 2),
    (3, 1, 'GYM', 'gymnasium', 120, 0),
    (4, 2, 'B12', 'classroom', 28, 1);

INSERT INTO public.teachers (id, school_id, staff_number, first_name, last_name, email, date_of_birth, hired_on) VALUES
    (1, 1, 'T001', 'Claire', 'Moreau', 'c.moreau@lil.example', '1978-02-14', current_date - 3000),
    (2, 1, 'T002', 'Hugo', 'Lefebvre', 'h.lefebvre@lil.example', '1985-07-01', current_date - 2000),
    (3, 2, 'T003', 'Katrin', 'Vogel', 'k.vogel@ism.example', '1981-11-23', current_date - 2500);

INSERT INTO public.courses (id, school_id, subject_id, code, title, grade_level, credits) VALUES
    (1, 1, 1, 'MATH-10', 'Mathematics 10', 10, 1.0),
    (2, 1, 2, 'BIO-10', 'Biology 10', 10, 1.0),
    (3, 2, 3, 'HIST-9', 'History 9', 9, 1.0);

-- Sections in the autumn term of last year (ended) and of next year (not begun).
INSERT INTO public.sections (id, course_id, term_id, teacher_id, room_id, section_code, capacity) VALUES
    (1, 1, 91, 1, 1, 'A', 24),
    (2, 2, 91, 2, 2, 'A', 20),
    (3, 1, 111, 1, 1, 'A', 24),
    (4, 3, 191, 3, 4, 'A', 25);

INSERT INTO public.section_meetings (section_id, weekday, starts_at, ends_at) VALUES
    (1, 1, '08:30', '09:20'), (1, 3, '10:15', '11:05'),
    (2, 2, '13:00', '14:30'),
    (3, 4, '08:30', '09:20'),
    (4, 5, '11:00', '11:45');

INSERT INTO public.students (id, school_id, student_number, first_name, last_name, date_of_birth, gender, grade_level, email, enrolled_on, status) VALUES
    (1, 1, 'S0001', 'Léa', 'Dubois', current_date - interval '15 years 6 months', 'F', 10, 'lea.dubois@student.example', current_date - 800, 'enrolled'),
    (2, 1, 'S0002', 'Noah', 'Bernard', current_date - interval '15 years 2 months', 'M', 10, 'noah.bernard@student.example', current_date - 800, 'enrolled'),
    (3, 1, 'S0003', 'Chloé', 'Petit', current_date - interval '16 years', 'F', 10, 'chloe.petit@student.example', current_date - 700, 'enrolled'),
    (4, 2, 'S0004', 'Felix', 'Wagner', current_date - interval '14 years 3 months', 'M', 9, 'felix.wagner@student.example', current_date - 600, 'enrolled');

INSERT INTO public.guardians (id, first_name, last_name, email, phone, city, postcode, country_code) VALUES
    (1, 'Sophie', 'Dubois', 'sophie.dubois@example.com', '+33 6 12 34 56 78', 'Lyon', '69003', 'FR'),
    (2, 'Markus', 'Wagner', 'markus.wagner@example.com', '+49 151 2345678', 'Munich', '80331', 'DE');

INSERT INTO public.student_guardians (student_id, guardian_id, relationship, is_primary) VALUES
    (1, 1, 'mother', true),
    (4, 2, 'father', true);

INSERT INTO public.enrolments (id, student_id, section_id, enrolled_at, status, final_grade, dropped_on)
SELECT e.id, e.student_id, e.section_id, least(t.starts_on - 10, current_date - 1), e.status::public.enrolment_status,
       e.grade, CASE WHEN e.status = 'dropped' THEN t.starts_on + 20 END
FROM (VALUES (1, 1, 1, 'completed', 'A'), (2, 2, 1, 'completed', 'C'), (3, 3, 1, 'dropped', NULL),
             (4, 1, 2, 'completed', 'B'), (5, 1, 3, 'active', NULL), (6, 2, 3, 'active', NULL),
             (7, 4, 4, 'completed', 'B'))
    AS e (id, student_id, section_id, status, grade)
JOIN public.sections s ON s.id = e.section_id
JOIN public.terms t ON t.id = s.term_id;

INSERT INTO public.assignments (id, section_id, title, kind, published_at, due_at, max_points)
SELECT a.id, 1, a.title, a.kind::public.assignment_kind,
       t.starts_on + a.day, t.starts_on + a.day + 7 + interval '17 hours', a.points
FROM (VALUES (1, 'Linear functions', 'homework', 10, 20.0), (2, 'Quadratics quiz', 'quiz', 30, 10.0))
    AS a (id, title, kind, day, points)
CROSS JOIN public.terms t WHERE t.id = 91;

INSERT INTO public.submissions (assignment_id, student_id, submitted_at, status, points, graded_at)
SELECT 1, 1, a.due_at - interval '1 day', 'graded'::public.submission_status, 18.5, a.due_at + interval '2 days' FROM public.assignments a WHERE a.id = 1
UNION ALL
SELECT 1, 2, a.due_at + interval '5 hours', 'late', NULL, NULL FROM public.assignments a WHERE a.id = 1
UNION ALL
SELECT 2, 1, a.due_at - interval '3 hours', 'submitted', NULL, NULL FROM public.assignments a WHERE a.id = 2
UNION ALL
SELECT 2, 2, NULL, 'missing', 0, NULL FROM public.assignments a WHERE a.id = 2;

-- 20 registers of student 1 in section 1 on the term's first school days: 17 present,
-- 1 absent, 1 late, 1 excused.
INSERT INTO public.attendance (section_id, student_id, session_date, status, recorded_at)
SELECT 1, 1, d.day,
       CASE d.n WHEN 5 THEN 'absent' WHEN 9 THEN 'late' WHEN 14 THEN 'excused' ELSE 'present' END::public.attendance_status,
       d.day + interval '9 hours'
FROM (SELECT day::date, row_number() OVER (ORDER BY day) AS n
      FROM public.terms t, generate_series(t.starts_on, t.ends_on, interval '1 day') AS day
      WHERE t.id = 91 AND extract(isodow FROM day) <= 5) d
WHERE d.n <= 20;

INSERT INTO public.fees (student_id, term_id, kind, amount, currency, due_on, paid_on, status) VALUES
    (1, 91, 'tuition', 2400.00, 'EUR', current_date - 300, current_date - 310, 'paid'),
    (2, 91, 'meals', 320.00, 'EUR', current_date - 300, NULL, 'overdue'),
    (4, 191, 'tuition', 2800.00, 'EUR', current_date - 300, current_date - 305, 'paid');
