--
-- PostgreSQL database dump
--

-- Dumped from database version 15.8
-- Dumped by pg_dump version 15.8

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: assignment_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.assignment_kind AS ENUM (
    'homework',
    'quiz',
    'project',
    'exam'
);


CREATE TYPE public.attendance_status AS ENUM (
    'absent',
    'excused',
    'late',
    'present'
);


CREATE TYPE public.enrolment_status AS ENUM (
    'active',
    'completed',
    'dropped'
);


CREATE TYPE public.fee_kind AS ENUM (
    'tuition',
    'meals',
    'transport',
    'activities'
);


CREATE TYPE public.fee_status AS ENUM (
    'due',
    'paid',
    'overdue',
    'waived'
);


CREATE TYPE public.guardian_relationship AS ENUM (
    'mother',
    'father',
    'legal_guardian',
    'grandparent',
    'other'
);


CREATE TYPE public.room_kind AS ENUM (
    'classroom',
    'laboratory',
    'computer_lab',
    'gymnasium',
    'auditorium'
);


CREATE TYPE public.school_kind AS ENUM (
    'primary',
    'secondary',
    'all_through'
);


CREATE TYPE public.student_status AS ENUM (
    'enrolled',
    'graduated',
    'withdrawn',
    'transferred'
);


CREATE TYPE public.submission_status AS ENUM (
    'submitted',
    'late',
    'graded',
    'missing'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: academic_years; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.academic_years (
    id integer NOT NULL,
    school_id integer NOT NULL,
    label character varying(9) NOT NULL,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    CONSTRAINT academic_years_check CHECK ((ends_on > starts_on)),
    CONSTRAINT academic_years_label_check CHECK (((label)::text ~ '^[0-9]{4}/[0-9]{2}$'::text))
);


CREATE SEQUENCE public.academic_years_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.academic_years_id_seq OWNED BY public.academic_years.id;


--
-- Name: assignments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignments (
    id integer NOT NULL,
    section_id integer NOT NULL,
    title character varying(150) NOT NULL,
    kind public.assignment_kind DEFAULT 'homework'::public.assignment_kind NOT NULL,
    published_at timestamp with time zone NOT NULL,
    due_at timestamp with time zone NOT NULL,
    max_points numeric(5,1) NOT NULL,
    CONSTRAINT assignments_check CHECK ((due_at > published_at)),
    CONSTRAINT assignments_max_points_check CHECK ((max_points > (0)::numeric))
);


CREATE SEQUENCE public.assignments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.assignments_id_seq OWNED BY public.assignments.id;


--
-- Name: attendance; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attendance (
    id bigint NOT NULL,
    section_id integer NOT NULL,
    student_id integer NOT NULL,
    session_date date NOT NULL,
    status public.attendance_status NOT NULL,
    recorded_at timestamp with time zone
);


CREATE SEQUENCE public.attendance_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.attendance_id_seq OWNED BY public.attendance.id;


--
-- Name: courses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.courses (
    id integer NOT NULL,
    school_id integer NOT NULL,
    subject_id integer NOT NULL,
    code character varying(12) NOT NULL,
    title character varying(120) NOT NULL,
    grade_level smallint NOT NULL,
    credits numeric(3,1),
    CONSTRAINT courses_credits_check CHECK ((credits > (0)::numeric)),
    CONSTRAINT courses_grade_level_check CHECK (((grade_level >= 1) AND (grade_level <= 12)))
);


CREATE SEQUENCE public.courses_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.courses_id_seq OWNED BY public.courses.id;


--
-- Name: enrolments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.enrolments (
    id integer NOT NULL,
    student_id integer NOT NULL,
    section_id integer NOT NULL,
    enrolled_at timestamp with time zone DEFAULT now() NOT NULL,
    status public.enrolment_status DEFAULT 'active'::public.enrolment_status NOT NULL,
    final_grade character(1),
    dropped_on date,
    CONSTRAINT enrolments_final_grade_check CHECK ((final_grade = ANY (ARRAY['A'::bpchar, 'B'::bpchar, 'C'::bpchar, 'D'::bpchar, 'E'::bpchar, 'F'::bpchar])))
);


CREATE SEQUENCE public.enrolments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.enrolments_id_seq OWNED BY public.enrolments.id;


--
-- Name: fees; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.fees (
    id integer NOT NULL,
    student_id integer NOT NULL,
    term_id integer NOT NULL,
    kind public.fee_kind DEFAULT 'tuition'::public.fee_kind NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency character(3) NOT NULL,
    due_on date NOT NULL,
    paid_on date,
    status public.fee_status DEFAULT 'due'::public.fee_status NOT NULL,
    CONSTRAINT fees_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT fees_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text))
);


CREATE SEQUENCE public.fees_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.fees_id_seq OWNED BY public.fees.id;


--
-- Name: guardians; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.guardians (
    id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    email character varying(254),
    phone character varying(24),
    street character varying(200),
    city character varying(100),
    postcode character varying(12),
    country_code character(2),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT guardians_country_code_check CHECK ((country_code ~ '^[A-Z]{2}$'::text))
);


CREATE SEQUENCE public.guardians_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.guardians_id_seq OWNED BY public.guardians.id;


--
-- Name: rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rooms (
    id integer NOT NULL,
    school_id integer NOT NULL,
    code character varying(10) NOT NULL,
    kind public.room_kind DEFAULT 'classroom'::public.room_kind NOT NULL,
    capacity smallint NOT NULL,
    floor smallint,
    CONSTRAINT rooms_capacity_check CHECK ((capacity > 0))
);


CREATE SEQUENCE public.rooms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.rooms_id_seq OWNED BY public.rooms.id;


--
-- Name: schools; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schools (
    id integer NOT NULL,
    name character varying(150) NOT NULL,
    short_name character varying(20),
    kind public.school_kind NOT NULL,
    street character varying(200),
    city character varying(100) NOT NULL,
    postcode character varying(12),
    country_code character(2) NOT NULL,
    phone character varying(24),
    email character varying(254),
    website text,
    currency character(3) NOT NULL,
    founded_year smallint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT schools_country_code_check CHECK ((country_code ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT schools_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT schools_founded_year_check CHECK (((founded_year >= 1500) AND (founded_year <= 2100))),
    CONSTRAINT schools_phone_check CHECK (((phone)::text ~ '^\+?[0-9 ()-]{6,23}$'::text))
);


CREATE SEQUENCE public.schools_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.schools_id_seq OWNED BY public.schools.id;


--
-- Name: section_meetings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.section_meetings (
    id integer NOT NULL,
    section_id integer NOT NULL,
    weekday smallint NOT NULL,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    CONSTRAINT section_meetings_check CHECK ((ends_at > starts_at)),
    CONSTRAINT section_meetings_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);


CREATE SEQUENCE public.section_meetings_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.section_meetings_id_seq OWNED BY public.section_meetings.id;


--
-- Name: sections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sections (
    id integer NOT NULL,
    course_id integer NOT NULL,
    term_id integer NOT NULL,
    teacher_id integer NOT NULL,
    room_id integer,
    section_code character varying(6) NOT NULL,
    capacity smallint NOT NULL,
    CONSTRAINT sections_capacity_check CHECK ((capacity > 0))
);


CREATE SEQUENCE public.sections_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.sections_id_seq OWNED BY public.sections.id;


--
-- Name: student_guardians; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.student_guardians (
    student_id integer NOT NULL,
    guardian_id integer NOT NULL,
    relationship public.guardian_relationship NOT NULL,
    is_primary boolean DEFAULT false NOT NULL,
    can_pick_up boolean DEFAULT true NOT NULL
);


--
-- Name: students; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.students (
    id integer NOT NULL,
    school_id integer NOT NULL,
    student_number character varying(12) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    preferred_name character varying(60),
    date_of_birth date NOT NULL,
    gender character(1),
    grade_level smallint NOT NULL,
    email character varying(254),
    enrolled_on date NOT NULL,
    left_on date,
    status public.student_status DEFAULT 'enrolled'::public.student_status NOT NULL,
    CONSTRAINT students_check CHECK (((left_on IS NULL) OR (left_on >= enrolled_on))),
    CONSTRAINT students_gender_check CHECK ((gender = ANY (ARRAY['F'::bpchar, 'M'::bpchar, 'X'::bpchar]))),
    CONSTRAINT students_grade_level_check CHECK (((grade_level >= 1) AND (grade_level <= 12)))
);


CREATE SEQUENCE public.students_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.students_id_seq OWNED BY public.students.id;


--
-- Name: subjects; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.subjects (
    id integer NOT NULL,
    code character varying(8) NOT NULL,
    name character varying(80) NOT NULL,
    department character varying(60),
    CONSTRAINT subjects_code_check CHECK (((code)::text ~ '^[A-Z]{2,5}$'::text))
);


CREATE SEQUENCE public.subjects_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.subjects_id_seq OWNED BY public.subjects.id;


--
-- Name: submissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.submissions (
    id integer NOT NULL,
    assignment_id integer NOT NULL,
    student_id integer NOT NULL,
    submitted_at timestamp with time zone,
    status public.submission_status NOT NULL,
    points numeric(5,1),
    graded_at timestamp with time zone,
    CONSTRAINT submissions_points_check CHECK ((points >= (0)::numeric))
);


CREATE SEQUENCE public.submissions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.submissions_id_seq OWNED BY public.submissions.id;


--
-- Name: teachers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.teachers (
    id integer NOT NULL,
    school_id integer NOT NULL,
    staff_number character varying(10) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    email character varying(254),
    phone character varying(24),
    date_of_birth date,
    hired_on date NOT NULL,
    left_on date,
    CONSTRAINT teachers_check CHECK (((left_on IS NULL) OR (left_on > hired_on)))
);


CREATE SEQUENCE public.teachers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.teachers_id_seq OWNED BY public.teachers.id;


--
-- Name: terms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.terms (
    id integer NOT NULL,
    academic_year_id integer NOT NULL,
    term_no smallint NOT NULL,
    name character varying(30) NOT NULL,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    CONSTRAINT terms_check CHECK ((ends_on > starts_on)),
    CONSTRAINT terms_term_no_check CHECK (((term_no >= 1) AND (term_no <= 4)))
);


CREATE SEQUENCE public.terms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.terms_id_seq OWNED BY public.terms.id;


ALTER TABLE ONLY public.academic_years ALTER COLUMN id SET DEFAULT nextval('public.academic_years_id_seq'::regclass);


ALTER TABLE ONLY public.assignments ALTER COLUMN id SET DEFAULT nextval('public.assignments_id_seq'::regclass);


ALTER TABLE ONLY public.attendance ALTER COLUMN id SET DEFAULT nextval('public.attendance_id_seq'::regclass);


ALTER TABLE ONLY public.courses ALTER COLUMN id SET DEFAULT nextval('public.courses_id_seq'::regclass);


ALTER TABLE ONLY public.enrolments ALTER COLUMN id SET DEFAULT nextval('public.enrolments_id_seq'::regclass);


ALTER TABLE ONLY public.fees ALTER COLUMN id SET DEFAULT nextval('public.fees_id_seq'::regclass);


ALTER TABLE ONLY public.guardians ALTER COLUMN id SET DEFAULT nextval('public.guardians_id_seq'::regclass);


ALTER TABLE ONLY public.rooms ALTER COLUMN id SET DEFAULT nextval('public.rooms_id_seq'::regclass);


ALTER TABLE ONLY public.schools ALTER COLUMN id SET DEFAULT nextval('public.schools_id_seq'::regclass);


ALTER TABLE ONLY public.section_meetings ALTER COLUMN id SET DEFAULT nextval('public.section_meetings_id_seq'::regclass);


ALTER TABLE ONLY public.sections ALTER COLUMN id SET DEFAULT nextval('public.sections_id_seq'::regclass);


ALTER TABLE ONLY public.students ALTER COLUMN id SET DEFAULT nextval('public.students_id_seq'::regclass);


ALTER TABLE ONLY public.subjects ALTER COLUMN id SET DEFAULT nextval('public.subjects_id_seq'::regclass);


ALTER TABLE ONLY public.submissions ALTER COLUMN id SET DEFAULT nextval('public.submissions_id_seq'::regclass);


ALTER TABLE ONLY public.teachers ALTER COLUMN id SET DEFAULT nextval('public.teachers_id_seq'::regclass);


ALTER TABLE ONLY public.terms ALTER COLUMN id SET DEFAULT nextval('public.terms_id_seq'::regclass);


ALTER TABLE ONLY public.academic_years
    ADD CONSTRAINT academic_years_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.academic_years
    ADD CONSTRAINT academic_years_school_id_label_key UNIQUE (school_id, label);


ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.attendance
    ADD CONSTRAINT attendance_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.attendance
    ADD CONSTRAINT attendance_section_id_student_id_session_date_key UNIQUE (section_id, student_id, session_date);


ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_school_id_code_key UNIQUE (school_id, code);


ALTER TABLE ONLY public.enrolments
    ADD CONSTRAINT enrolments_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.enrolments
    ADD CONSTRAINT enrolments_student_id_section_id_key UNIQUE (student_id, section_id);


ALTER TABLE ONLY public.fees
    ADD CONSTRAINT fees_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.guardians
    ADD CONSTRAINT guardians_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_school_id_code_key UNIQUE (school_id, code);


ALTER TABLE ONLY public.schools
    ADD CONSTRAINT schools_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.section_meetings
    ADD CONSTRAINT section_meetings_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.sections
    ADD CONSTRAINT sections_course_id_term_id_section_code_key UNIQUE (course_id, term_id, section_code);


ALTER TABLE ONLY public.sections
    ADD CONSTRAINT sections_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.student_guardians
    ADD CONSTRAINT student_guardians_pkey PRIMARY KEY (student_id, guardian_id);


ALTER TABLE ONLY public.students
    ADD CONSTRAINT students_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.students
    ADD CONSTRAINT students_student_number_key UNIQUE (student_number);


ALTER TABLE ONLY public.subjects
    ADD CONSTRAINT subjects_code_key UNIQUE (code);


ALTER TABLE ONLY public.subjects
    ADD CONSTRAINT subjects_name_key UNIQUE (name);


ALTER TABLE ONLY public.subjects
    ADD CONSTRAINT subjects_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_assignment_id_student_id_key UNIQUE (assignment_id, student_id);


ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.teachers
    ADD CONSTRAINT teachers_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.teachers
    ADD CONSTRAINT teachers_staff_number_key UNIQUE (staff_number);


ALTER TABLE ONLY public.terms
    ADD CONSTRAINT terms_academic_year_id_term_no_key UNIQUE (academic_year_id, term_no);


ALTER TABLE ONLY public.terms
    ADD CONSTRAINT terms_pkey PRIMARY KEY (id);


CREATE INDEX attendance_student_id_idx ON public.attendance USING btree (student_id);


CREATE INDEX enrolments_section_id_idx ON public.enrolments USING btree (section_id);


CREATE UNIQUE INDEX student_guardians_one_primary_idx ON public.student_guardians USING btree (student_id) WHERE is_primary;


CREATE INDEX students_school_id_last_name_idx ON public.students USING btree (school_id, last_name);


CREATE INDEX submissions_student_id_idx ON public.submissions USING btree (student_id);


ALTER TABLE ONLY public.academic_years
    ADD CONSTRAINT academic_years_school_id_fkey FOREIGN KEY (school_id) REFERENCES public.schools(id);


ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_section_id_fkey FOREIGN KEY (section_id) REFERENCES public.sections(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.attendance
    ADD CONSTRAINT attendance_section_id_fkey FOREIGN KEY (section_id) REFERENCES public.sections(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.attendance
    ADD CONSTRAINT attendance_student_id_fkey FOREIGN KEY (student_id) REFERENCES public.students(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_school_id_fkey FOREIGN KEY (school_id) REFERENCES public.schools(id);


ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_subject_id_fkey FOREIGN KEY (subject_id) REFERENCES public.subjects(id);


ALTER TABLE ONLY public.enrolments
    ADD CONSTRAINT enrolments_section_id_fkey FOREIGN KEY (section_id) REFERENCES public.sections(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.enrolments
    ADD CONSTRAINT enrolments_student_id_fkey FOREIGN KEY (student_id) REFERENCES public.students(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.fees
    ADD CONSTRAINT fees_student_id_fkey FOREIGN KEY (student_id) REFERENCES public.students(id);


ALTER TABLE ONLY public.fees
    ADD CONSTRAINT fees_term_id_fkey FOREIGN KEY (term_id) REFERENCES public.terms(id);


ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_school_id_fkey FOREIGN KEY (school_id) REFERENCES public.schools(id);


ALTER TABLE ONLY public.section_meetings
    ADD CONSTRAINT section_meetings_section_id_fkey FOREIGN KEY (section_id) REFERENCES public.sections(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.sections
    ADD CONSTRAINT sections_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id);


ALTER TABLE ONLY public.sections
    ADD CONSTRAINT sections_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id);


ALTER TABLE ONLY public.sections
    ADD CONSTRAINT sections_teacher_id_fkey FOREIGN KEY (teacher_id) REFERENCES public.teachers(id);


ALTER TABLE ONLY public.sections
    ADD CONSTRAINT sections_term_id_fkey FOREIGN KEY (term_id) REFERENCES public.terms(id);


ALTER TABLE ONLY public.student_guardians
    ADD CONSTRAINT student_guardians_guardian_id_fkey FOREIGN KEY (guardian_id) REFERENCES public.guardians(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.student_guardians
    ADD CONSTRAINT student_guardians_student_id_fkey FOREIGN KEY (student_id) REFERENCES public.students(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.students
    ADD CONSTRAINT students_school_id_fkey FOREIGN KEY (school_id) REFERENCES public.schools(id);


ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_assignment_id_fkey FOREIGN KEY (assignment_id) REFERENCES public.assignments(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_student_id_fkey FOREIGN KEY (student_id) REFERENCES public.students(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.teachers
    ADD CONSTRAINT teachers_school_id_fkey FOREIGN KEY (school_id) REFERENCES public.schools(id);


ALTER TABLE ONLY public.terms
    ADD CONSTRAINT terms_academic_year_id_fkey FOREIGN KEY (academic_year_id) REFERENCES public.academic_years(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

