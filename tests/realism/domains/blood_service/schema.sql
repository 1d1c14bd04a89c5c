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
-- Name: appointment_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.appointment_status AS ENUM (
    'booked',
    'attended',
    'no_show',
    'cancelled'
);


--
-- Name: donation_procedure; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.donation_procedure AS ENUM (
    'whole_blood',
    'plasmapheresis',
    'plateletpheresis'
);


--
-- Name: donation_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.donation_status AS ENUM (
    'in_progress',
    'completed',
    'incomplete'
);


--
-- Name: donor_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.donor_status AS ENUM (
    'active',
    'temporarily_deferred',
    'permanently_deferred',
    'lapsed'
);


--
-- Name: order_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.order_status AS ENUM (
    'received',
    'picking',
    'dispatched',
    'delivered',
    'cancelled'
);


--
-- Name: screening_outcome; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.screening_outcome AS ENUM (
    'eligible',
    'deferred'
);


--
-- Name: session_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.session_status AS ENUM (
    'planned',
    'open',
    'closed',
    'cancelled'
);


--
-- Name: site_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.site_type AS ENUM (
    'fixed_centre',
    'mobile_unit',
    'hospital_based'
);


--
-- Name: staff_role; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.staff_role AS ENUM (
    'nurse',
    'phlebotomist',
    'medical_officer',
    'lab_scientist',
    'session_lead'
);


--
-- Name: unit_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.unit_status AS ENUM (
    'quarantined',
    'available',
    'issued',
    'expired',
    'discarded'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: appointments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.appointments (
    id bigint NOT NULL,
    session_id integer NOT NULL,
    donor_id bigint NOT NULL,
    slot_start timestamp without time zone NOT NULL,
    booked_at timestamp with time zone DEFAULT now() NOT NULL,
    status public.appointment_status DEFAULT 'booked'::public.appointment_status NOT NULL,
    cancelled_at timestamp with time zone
);


--
-- Name: appointments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.appointments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: appointments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.appointments_id_seq OWNED BY public.appointments.id;


--
-- Name: blood_groups; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blood_groups (
    code character varying(3) NOT NULL,
    abo character varying(2) NOT NULL,
    rhd_positive boolean NOT NULL,
    CONSTRAINT blood_groups_abo_check CHECK (((abo)::text = ANY ((ARRAY['O'::character varying, 'A'::character varying, 'B'::character varying, 'AB'::character varying])::text[])))
);


--
-- Name: blood_units; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.blood_units (
    id bigint NOT NULL,
    unit_number character varying(20) NOT NULL,
    donation_id bigint NOT NULL,
    component_code character varying(10) NOT NULL,
    blood_group_code character varying(3) NOT NULL,
    produced_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    volume_ml integer NOT NULL,
    status public.unit_status DEFAULT 'quarantined'::public.unit_status NOT NULL,
    order_id bigint,
    order_line_no smallint,
    issued_at timestamp with time zone,
    discard_reason text,
    CONSTRAINT blood_units_volume_ml_check CHECK ((volume_ml > 0))
);


--
-- Name: blood_units_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.blood_units_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: blood_units_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.blood_units_id_seq OWNED BY public.blood_units.id;


--
-- Name: collection_sites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.collection_sites (
    id integer NOT NULL,
    region_id integer NOT NULL,
    facility_code character(5) NOT NULL,
    name character varying(120) NOT NULL,
    site_type public.site_type NOT NULL,
    address_line character varying(200),
    city character varying(80) NOT NULL,
    postal_code character varying(12),
    phone character varying(20),
    opened_on date,
    closed_on date
);


--
-- Name: collection_sites_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.collection_sites_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: collection_sites_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.collection_sites_id_seq OWNED BY public.collection_sites.id;


--
-- Name: component_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.component_types (
    code character varying(10) NOT NULL,
    name character varying(80) NOT NULL,
    shelf_life_days integer NOT NULL,
    storage_temp_min_c numeric(4,1) NOT NULL,
    storage_temp_max_c numeric(4,1) NOT NULL,
    CONSTRAINT component_types_shelf_life_days_check CHECK ((shelf_life_days > 0))
);


--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(5) NOT NULL
);


--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_unit smallint DEFAULT 2 NOT NULL
);


--
-- Name: deferral_reasons; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.deferral_reasons (
    code character varying(20) NOT NULL,
    description text NOT NULL,
    default_days integer,
    is_permanent boolean DEFAULT false NOT NULL
);


--
-- Name: deferrals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.deferrals (
    id bigint NOT NULL,
    donor_id bigint NOT NULL,
    screening_id bigint,
    reason_code character varying(20) NOT NULL,
    deferred_from date NOT NULL,
    deferred_until date,
    notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: deferrals_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.deferrals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: deferrals_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.deferrals_id_seq OWNED BY public.deferrals.id;


--
-- Name: donation_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.donation_sessions (
    id integer NOT NULL,
    site_id integer NOT NULL,
    session_date date NOT NULL,
    starts_at time without time zone NOT NULL,
    ends_at time without time zone NOT NULL,
    planned_capacity integer NOT NULL,
    status public.session_status DEFAULT 'planned'::public.session_status NOT NULL,
    lead_staff_id integer,
    CONSTRAINT donation_sessions_planned_capacity_check CHECK ((planned_capacity > 0))
);


--
-- Name: donation_sessions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.donation_sessions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: donation_sessions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.donation_sessions_id_seq OWNED BY public.donation_sessions.id;


--
-- Name: donations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.donations (
    id bigint NOT NULL,
    donation_number character varying(13) NOT NULL,
    donor_id bigint NOT NULL,
    appointment_id bigint NOT NULL,
    collected_by integer,
    procedure public.donation_procedure DEFAULT 'whole_blood'::public.donation_procedure NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    volume_ml integer,
    status public.donation_status DEFAULT 'in_progress'::public.donation_status NOT NULL,
    adverse_reaction boolean DEFAULT false NOT NULL,
    arm character(1),
    CONSTRAINT donations_arm_check CHECK ((arm = ANY (ARRAY['L'::bpchar, 'R'::bpchar])))
);


--
-- Name: donations_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.donations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: donations_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.donations_id_seq OWNED BY public.donations.id;


--
-- Name: donors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.donors (
    id bigint NOT NULL,
    donor_number character varying(12) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    sex character(1) NOT NULL,
    date_of_birth date NOT NULL,
    blood_group_code character varying(3),
    country_code character(2) NOT NULL,
    city character varying(80),
    postal_code character varying(12),
    phone character varying(20),
    email character varying(160),
    registered_at timestamp with time zone DEFAULT now() NOT NULL,
    status public.donor_status DEFAULT 'active'::public.donor_status NOT NULL,
    total_donations integer DEFAULT 0 NOT NULL,
    CONSTRAINT donors_sex_check CHECK ((sex = ANY (ARRAY['F'::bpchar, 'M'::bpchar]))),
    CONSTRAINT donors_total_donations_check CHECK ((total_donations >= 0))
);


--
-- Name: donors_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.donors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: donors_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.donors_id_seq OWNED BY public.donors.id;


--
-- Name: health_screenings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.health_screenings (
    id bigint NOT NULL,
    appointment_id bigint NOT NULL,
    staff_id integer NOT NULL,
    screened_at timestamp with time zone NOT NULL,
    weight_kg numeric(5,1),
    hemoglobin_g_dl numeric(4,1),
    systolic_mmhg smallint,
    diastolic_mmhg smallint,
    pulse_bpm smallint,
    temperature_c numeric(3,1),
    outcome public.screening_outcome NOT NULL
);


--
-- Name: health_screenings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.health_screenings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: health_screenings_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.health_screenings_id_seq OWNED BY public.health_screenings.id;


--
-- Name: hospital_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hospital_orders (
    id bigint NOT NULL,
    order_number character varying(20) NOT NULL,
    hospital_id integer NOT NULL,
    ordered_at timestamp with time zone NOT NULL,
    required_by timestamp with time zone,
    status public.order_status DEFAULT 'received'::public.order_status NOT NULL,
    is_emergency boolean DEFAULT false NOT NULL,
    currency_code character(3) NOT NULL,
    total_amount numeric(12,2) DEFAULT 0 NOT NULL
);


--
-- Name: hospital_orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.hospital_orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: hospital_orders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.hospital_orders_id_seq OWNED BY public.hospital_orders.id;


--
-- Name: hospitals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hospitals (
    id integer NOT NULL,
    account_code character varying(10) NOT NULL,
    name character varying(160) NOT NULL,
    country_code character(2) NOT NULL,
    city character varying(80) NOT NULL,
    phone character varying(20),
    has_emergency_department boolean DEFAULT true NOT NULL
);


--
-- Name: hospitals_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.hospitals_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: hospitals_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.hospitals_id_seq OWNED BY public.hospitals.id;


--
-- Name: lab_results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lab_results (
    id bigint NOT NULL,
    donation_id bigint NOT NULL,
    test_code character varying(10) NOT NULL,
    tested_at timestamp with time zone NOT NULL,
    result character varying(20) NOT NULL,
    analyser_ref character varying(30)
);


--
-- Name: lab_results_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.lab_results_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lab_results_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.lab_results_id_seq OWNED BY public.lab_results.id;


--
-- Name: lab_test_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lab_test_types (
    code character varying(10) NOT NULL,
    name character varying(100) NOT NULL,
    is_mandatory boolean DEFAULT true NOT NULL
);


--
-- Name: order_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_lines (
    order_id bigint NOT NULL,
    line_no smallint NOT NULL,
    component_code character varying(10) NOT NULL,
    blood_group_code character varying(3) NOT NULL,
    quantity integer NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    CONSTRAINT order_lines_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT order_lines_unit_price_check CHECK ((unit_price >= (0)::numeric))
);


--
-- Name: regions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.regions (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    name character varying(100) NOT NULL
);


--
-- Name: regions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.regions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: regions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.regions_id_seq OWNED BY public.regions.id;


--
-- Name: staff; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff (
    id integer NOT NULL,
    site_id integer NOT NULL,
    employee_no character varying(10) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    role public.staff_role NOT NULL,
    hired_on date NOT NULL,
    is_active boolean DEFAULT true NOT NULL
);


--
-- Name: staff_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.staff_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: staff_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.staff_id_seq OWNED BY public.staff.id;


--
-- Name: appointments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments ALTER COLUMN id SET DEFAULT nextval('public.appointments_id_seq'::regclass);


--
-- Name: blood_units id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units ALTER COLUMN id SET DEFAULT nextval('public.blood_units_id_seq'::regclass);


--
-- Name: collection_sites id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collection_sites ALTER COLUMN id SET DEFAULT nextval('public.collection_sites_id_seq'::regclass);


--
-- Name: deferrals id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deferrals ALTER COLUMN id SET DEFAULT nextval('public.deferrals_id_seq'::regclass);


--
-- Name: donation_sessions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donation_sessions ALTER COLUMN id SET DEFAULT nextval('public.donation_sessions_id_seq'::regclass);


--
-- Name: donations id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations ALTER COLUMN id SET DEFAULT nextval('public.donations_id_seq'::regclass);


--
-- Name: donors id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donors ALTER COLUMN id SET DEFAULT nextval('public.donors_id_seq'::regclass);


--
-- Name: health_screenings id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_screenings ALTER COLUMN id SET DEFAULT nextval('public.health_screenings_id_seq'::regclass);


--
-- Name: hospital_orders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospital_orders ALTER COLUMN id SET DEFAULT nextval('public.hospital_orders_id_seq'::regclass);


--
-- Name: hospitals id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospitals ALTER COLUMN id SET DEFAULT nextval('public.hospitals_id_seq'::regclass);


--
-- Name: lab_results id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lab_results ALTER COLUMN id SET DEFAULT nextval('public.lab_results_id_seq'::regclass);


--
-- Name: regions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.regions ALTER COLUMN id SET DEFAULT nextval('public.regions_id_seq'::regclass);


--
-- Name: staff id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff ALTER COLUMN id SET DEFAULT nextval('public.staff_id_seq'::regclass);


--
-- Name: appointments appointments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_pkey PRIMARY KEY (id);


--
-- Name: appointments appointments_session_id_donor_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_session_id_donor_id_key UNIQUE (session_id, donor_id);


--
-- Name: blood_groups blood_groups_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_groups
    ADD CONSTRAINT blood_groups_pkey PRIMARY KEY (code);


--
-- Name: blood_units blood_units_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units
    ADD CONSTRAINT blood_units_pkey PRIMARY KEY (id);


--
-- Name: blood_units blood_units_unit_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units
    ADD CONSTRAINT blood_units_unit_number_key UNIQUE (unit_number);


--
-- Name: collection_sites collection_sites_facility_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collection_sites
    ADD CONSTRAINT collection_sites_facility_code_key UNIQUE (facility_code);


--
-- Name: collection_sites collection_sites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collection_sites
    ADD CONSTRAINT collection_sites_pkey PRIMARY KEY (id);


--
-- Name: component_types component_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.component_types
    ADD CONSTRAINT component_types_pkey PRIMARY KEY (code);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (code);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: deferral_reasons deferral_reasons_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deferral_reasons
    ADD CONSTRAINT deferral_reasons_pkey PRIMARY KEY (code);


--
-- Name: deferrals deferrals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deferrals
    ADD CONSTRAINT deferrals_pkey PRIMARY KEY (id);


--
-- Name: donation_sessions donation_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donation_sessions
    ADD CONSTRAINT donation_sessions_pkey PRIMARY KEY (id);


--
-- Name: donations donations_appointment_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations
    ADD CONSTRAINT donations_appointment_id_key UNIQUE (appointment_id);


--
-- Name: donations donations_donation_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations
    ADD CONSTRAINT donations_donation_number_key UNIQUE (donation_number);


--
-- Name: donations donations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations
    ADD CONSTRAINT donations_pkey PRIMARY KEY (id);


--
-- Name: donors donors_donor_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donors
    ADD CONSTRAINT donors_donor_number_key UNIQUE (donor_number);


--
-- Name: donors donors_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donors
    ADD CONSTRAINT donors_pkey PRIMARY KEY (id);


--
-- Name: health_screenings health_screenings_appointment_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_screenings
    ADD CONSTRAINT health_screenings_appointment_id_key UNIQUE (appointment_id);


--
-- Name: health_screenings health_screenings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_screenings
    ADD CONSTRAINT health_screenings_pkey PRIMARY KEY (id);


--
-- Name: hospital_orders hospital_orders_order_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospital_orders
    ADD CONSTRAINT hospital_orders_order_number_key UNIQUE (order_number);


--
-- Name: hospital_orders hospital_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospital_orders
    ADD CONSTRAINT hospital_orders_pkey PRIMARY KEY (id);


--
-- Name: hospitals hospitals_account_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospitals
    ADD CONSTRAINT hospitals_account_code_key UNIQUE (account_code);


--
-- Name: hospitals hospitals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospitals
    ADD CONSTRAINT hospitals_pkey PRIMARY KEY (id);


--
-- Name: lab_results lab_results_donation_id_test_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lab_results
    ADD CONSTRAINT lab_results_donation_id_test_code_key UNIQUE (donation_id, test_code);


--
-- Name: lab_results lab_results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lab_results
    ADD CONSTRAINT lab_results_pkey PRIMARY KEY (id);


--
-- Name: lab_test_types lab_test_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lab_test_types
    ADD CONSTRAINT lab_test_types_pkey PRIMARY KEY (code);


--
-- Name: order_lines order_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_pkey PRIMARY KEY (order_id, line_no);


--
-- Name: regions regions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.regions
    ADD CONSTRAINT regions_pkey PRIMARY KEY (id);


--
-- Name: staff staff_employee_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_employee_no_key UNIQUE (employee_no);


--
-- Name: staff staff_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (id);


--
-- Name: idx_appointments_donor_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_appointments_donor_id ON public.appointments USING btree (donor_id);


--
-- Name: idx_blood_units_donation_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_blood_units_donation_id ON public.blood_units USING btree (donation_id);


--
-- Name: idx_blood_units_status_expires; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_blood_units_status_expires ON public.blood_units USING btree (status, expires_at);


--
-- Name: idx_donations_donor_id_started_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_donations_donor_id_started_at ON public.donations USING btree (donor_id, started_at);


--
-- Name: idx_donation_sessions_site_date; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_donation_sessions_site_date ON public.donation_sessions USING btree (site_id, session_date);


--
-- Name: idx_hospital_orders_hospital_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idx_hospital_orders_hospital_id ON public.hospital_orders USING btree (hospital_id);


--
-- Name: appointments appointments_donor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_donor_id_fkey FOREIGN KEY (donor_id) REFERENCES public.donors(id);


--
-- Name: appointments appointments_session_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.donation_sessions(id);


--
-- Name: blood_units blood_units_blood_group_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units
    ADD CONSTRAINT blood_units_blood_group_code_fkey FOREIGN KEY (blood_group_code) REFERENCES public.blood_groups(code);


--
-- Name: blood_units blood_units_component_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units
    ADD CONSTRAINT blood_units_component_code_fkey FOREIGN KEY (component_code) REFERENCES public.component_types(code);


--
-- Name: blood_units blood_units_donation_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units
    ADD CONSTRAINT blood_units_donation_id_fkey FOREIGN KEY (donation_id) REFERENCES public.donations(id);


--
-- Name: blood_units blood_units_order_id_order_line_no_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.blood_units
    ADD CONSTRAINT blood_units_order_id_order_line_no_fkey FOREIGN KEY (order_id, order_line_no) REFERENCES public.order_lines(order_id, line_no);


--
-- Name: collection_sites collection_sites_region_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.collection_sites
    ADD CONSTRAINT collection_sites_region_id_fkey FOREIGN KEY (region_id) REFERENCES public.regions(id);


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: deferrals deferrals_donor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deferrals
    ADD CONSTRAINT deferrals_donor_id_fkey FOREIGN KEY (donor_id) REFERENCES public.donors(id);


--
-- Name: deferrals deferrals_reason_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deferrals
    ADD CONSTRAINT deferrals_reason_code_fkey FOREIGN KEY (reason_code) REFERENCES public.deferral_reasons(code);


--
-- Name: deferrals deferrals_screening_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deferrals
    ADD CONSTRAINT deferrals_screening_id_fkey FOREIGN KEY (screening_id) REFERENCES public.health_screenings(id);


--
-- Name: donation_sessions donation_sessions_lead_staff_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donation_sessions
    ADD CONSTRAINT donation_sessions_lead_staff_id_fkey FOREIGN KEY (lead_staff_id) REFERENCES public.staff(id);


--
-- Name: donation_sessions donation_sessions_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donation_sessions
    ADD CONSTRAINT donation_sessions_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.collection_sites(id);


--
-- Name: donations donations_appointment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations
    ADD CONSTRAINT donations_appointment_id_fkey FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);


--
-- Name: donations donations_collected_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations
    ADD CONSTRAINT donations_collected_by_fkey FOREIGN KEY (collected_by) REFERENCES public.staff(id);


--
-- Name: donations donations_donor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donations
    ADD CONSTRAINT donations_donor_id_fkey FOREIGN KEY (donor_id) REFERENCES public.donors(id);


--
-- Name: donors donors_blood_group_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donors
    ADD CONSTRAINT donors_blood_group_code_fkey FOREIGN KEY (blood_group_code) REFERENCES public.blood_groups(code);


--
-- Name: donors donors_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.donors
    ADD CONSTRAINT donors_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: health_screenings health_screenings_appointment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_screenings
    ADD CONSTRAINT health_screenings_appointment_id_fkey FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);


--
-- Name: health_screenings health_screenings_staff_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.health_screenings
    ADD CONSTRAINT health_screenings_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(id);


--
-- Name: hospital_orders hospital_orders_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospital_orders
    ADD CONSTRAINT hospital_orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: hospital_orders hospital_orders_hospital_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospital_orders
    ADD CONSTRAINT hospital_orders_hospital_id_fkey FOREIGN KEY (hospital_id) REFERENCES public.hospitals(id);


--
-- Name: hospitals hospitals_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hospitals
    ADD CONSTRAINT hospitals_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: lab_results lab_results_donation_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lab_results
    ADD CONSTRAINT lab_results_donation_id_fkey FOREIGN KEY (donation_id) REFERENCES public.donations(id);


--
-- Name: lab_results lab_results_test_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lab_results
    ADD CONSTRAINT lab_results_test_code_fkey FOREIGN KEY (test_code) REFERENCES public.lab_test_types(code);


--
-- Name: order_lines order_lines_blood_group_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_blood_group_code_fkey FOREIGN KEY (blood_group_code) REFERENCES public.blood_groups(code);


--
-- Name: order_lines order_lines_component_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_component_code_fkey FOREIGN KEY (component_code) REFERENCES public.component_types(code);


--
-- Name: order_lines order_lines_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.hospital_orders(id);


--
-- Name: regions regions_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.regions
    ADD CONSTRAINT regions_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: staff staff_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.collection_sites(id);


--
-- PostgreSQL database dump complete
--

