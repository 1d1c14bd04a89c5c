--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

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
-- Name: age_category; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.age_category AS ENUM (
    'child',
    'youth',
    'adult',
    'senior'
);



--
-- Name: evacuation_method; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.evacuation_method AS ENUM (
    'self',
    'sled',
    'snowmobile',
    'ambulance',
    'helicopter'
);



--
-- Name: incident_severity; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.incident_severity AS ENUM (
    'minor',
    'moderate',
    'serious',
    'critical',
    'fatal'
);



--
-- Name: lesson_status; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.lesson_status AS ENUM (
    'scheduled',
    'completed',
    'cancelled'
);



--
-- Name: lift_type; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.lift_type AS ENUM (
    'magic_carpet',
    'rope_tow',
    't_bar',
    'chairlift',
    'gondola',
    'cable_car',
    'funicular'
);



--
-- Name: order_status; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.order_status AS ENUM (
    'pending',
    'paid',
    'refunded',
    'cancelled'
);



--
-- Name: pass_kind; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.pass_kind AS ENUM (
    'half_day',
    'day',
    'multi_day',
    'season'
);



--
-- Name: pass_status; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.pass_status AS ENUM (
    'active',
    'expired',
    'blocked',
    'refunded'
);



--
-- Name: piste_difficulty; Type: TYPE; Schema: public; Owner: postgres
--

CREATE TYPE public.piste_difficulty AS ENUM (
    'green',
    'blue',
    'red',
    'black',
    'double_black'
);



SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: countries; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.countries (
    iso_code character(2) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(5) NOT NULL
);



--
-- Name: currencies; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 3)))
);



--
-- Name: customers; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.customers (
    customer_id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    date_of_birth date NOT NULL,
    email character varying(200),
    phone character varying(30),
    country_code character(2) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);



--
-- Name: customers_customer_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.customers_customer_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: customers_customer_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.customers_customer_id_seq OWNED BY public.customers.customer_id;


--
-- Name: instructors; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.instructors (
    instructor_id integer NOT NULL,
    resort_id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    date_of_birth date NOT NULL,
    certification character varying(40) NOT NULL,
    languages character varying(40)[] DEFAULT '{}'::character varying[] NOT NULL,
    hired_on date NOT NULL,
    left_on date
);



--
-- Name: instructors_instructor_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.instructors_instructor_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: instructors_instructor_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.instructors_instructor_id_seq OWNED BY public.instructors.instructor_id;


--
-- Name: lesson_bookings; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.lesson_bookings (
    booking_id integer NOT NULL,
    lesson_id integer NOT NULL,
    customer_id integer NOT NULL,
    booked_at timestamp with time zone NOT NULL,
    status character varying(10) DEFAULT 'confirmed'::character varying NOT NULL,
    amount_paid numeric(10,2) NOT NULL,
    CONSTRAINT lesson_bookings_status_check CHECK (((status)::text = ANY ((ARRAY['confirmed'::character varying, 'cancelled'::character varying, 'no_show'::character varying, 'attended'::character varying])::text[])))
);



--
-- Name: lesson_bookings_booking_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.lesson_bookings_booking_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: lesson_bookings_booking_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.lesson_bookings_booking_id_seq OWNED BY public.lesson_bookings.booking_id;


--
-- Name: lessons; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.lessons (
    lesson_id integer NOT NULL,
    resort_id integer NOT NULL,
    instructor_id integer NOT NULL,
    lesson_type character varying(10) NOT NULL,
    discipline character varying(10) NOT NULL,
    level smallint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    max_participants smallint NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status public.lesson_status DEFAULT 'scheduled'::public.lesson_status NOT NULL,
    CONSTRAINT lessons_discipline_check CHECK (((discipline)::text = ANY ((ARRAY['ski'::character varying, 'snowboard'::character varying, 'telemark'::character varying])::text[]))),
    CONSTRAINT lessons_lesson_type_check CHECK (((lesson_type)::text = ANY ((ARRAY['private'::character varying, 'group'::character varying, 'kids_club'::character varying])::text[]))),
    CONSTRAINT lessons_level_check CHECK (((level >= 1) AND (level <= 6))),
    CONSTRAINT lessons_time_check CHECK ((ends_at > starts_at))
);



--
-- Name: lessons_lesson_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.lessons_lesson_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: lessons_lesson_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.lessons_lesson_id_seq OWNED BY public.lessons.lesson_id;


--
-- Name: lift_outages; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.lift_outages (
    outage_id integer NOT NULL,
    lift_id integer NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    reason character varying(20) NOT NULL,
    notes text,
    CONSTRAINT lift_outages_reason_check CHECK (((reason)::text = ANY ((ARRAY['wind'::character varying, 'mechanical'::character varying, 'electrical'::character varying, 'avalanche_control'::character varying, 'visibility'::character varying, 'evacuation'::character varying, 'other'::character varying])::text[])))
);



--
-- Name: lift_outages_outage_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.lift_outages_outage_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: lift_outages_outage_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.lift_outages_outage_id_seq OWNED BY public.lift_outages.outage_id;


--
-- Name: lift_passes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.lift_passes (
    pass_id bigint NOT NULL,
    order_line_id bigint NOT NULL,
    product_id integer NOT NULL,
    holder_customer_id integer NOT NULL,
    card_uid character varying(24) NOT NULL,
    valid_from date NOT NULL,
    valid_to date NOT NULL,
    status public.pass_status DEFAULT 'active'::public.pass_status NOT NULL,
    issued_at timestamp with time zone NOT NULL,
    CONSTRAINT lift_passes_validity_check CHECK ((valid_to >= valid_from))
);



--
-- Name: lift_passes_pass_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.lift_passes_pass_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: lift_passes_pass_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.lift_passes_pass_id_seq OWNED BY public.lift_passes.pass_id;


--
-- Name: lift_scans; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.lift_scans (
    scan_id bigint NOT NULL,
    pass_id bigint NOT NULL,
    lift_id integer NOT NULL,
    gate_no smallint DEFAULT 1 NOT NULL,
    scanned_at timestamp with time zone NOT NULL,
    gate_result character varying(20) NOT NULL,
    CONSTRAINT lift_scans_gate_result_check CHECK (((gate_result)::text = ANY ((ARRAY['accepted'::character varying, 'rejected_invalid'::character varying, 'rejected_passback'::character varying, 'rejected_blocked'::character varying])::text[])))
);



--
-- Name: lift_scans_scan_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

ALTER TABLE public.lift_scans ALTER COLUMN scan_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.lift_scans_scan_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: lifts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.lifts (
    lift_id integer NOT NULL,
    resort_id integer NOT NULL,
    lift_no smallint NOT NULL,
    name character varying(100) NOT NULL,
    lift_type public.lift_type NOT NULL,
    is_detachable boolean DEFAULT false NOT NULL,
    seats_per_carrier smallint,
    capacity_pph integer NOT NULL,
    length_m integer NOT NULL,
    bottom_elevation_m integer NOT NULL,
    top_elevation_m integer NOT NULL,
    built_year smallint,
    CONSTRAINT lifts_capacity_pph_check CHECK ((capacity_pph > 0)),
    CONSTRAINT lifts_length_m_check CHECK ((length_m > 0))
);



--
-- Name: lifts_lift_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.lifts_lift_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: lifts_lift_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.lifts_lift_id_seq OWNED BY public.lifts.lift_id;


--
-- Name: order_lines; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.order_lines (
    order_line_id bigint NOT NULL,
    order_id bigint NOT NULL,
    line_no smallint NOT NULL,
    product_id integer NOT NULL,
    quantity smallint DEFAULT 1 NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    discount_amount numeric(10,2) DEFAULT 0 NOT NULL,
    line_total numeric(12,2) NOT NULL,
    CONSTRAINT order_lines_quantity_check CHECK ((quantity > 0))
);



--
-- Name: order_lines_order_line_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.order_lines_order_line_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: order_lines_order_line_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.order_lines_order_line_id_seq OWNED BY public.order_lines.order_line_id;


--
-- Name: orders; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.orders (
    order_id bigint NOT NULL,
    resort_id integer NOT NULL,
    order_no integer NOT NULL,
    customer_id integer NOT NULL,
    channel character varying(12) NOT NULL,
    status public.order_status DEFAULT 'pending'::public.order_status NOT NULL,
    ordered_at timestamp with time zone NOT NULL,
    currency_code character(3) NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    CONSTRAINT orders_channel_check CHECK (((channel)::text = ANY ((ARRAY['web'::character varying, 'app'::character varying, 'ticket_desk'::character varying, 'kiosk'::character varying, 'partner'::character varying])::text[]))),
    CONSTRAINT orders_total_amount_check CHECK ((total_amount >= (0)::numeric))
);



--
-- Name: orders_order_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.orders_order_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: orders_order_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.orders_order_id_seq OWNED BY public.orders.order_id;


--
-- Name: pass_products; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.pass_products (
    product_id integer NOT NULL,
    resort_id integer NOT NULL,
    season_id integer,
    sku character varying(24) NOT NULL,
    name character varying(120) NOT NULL,
    pass_kind public.pass_kind NOT NULL,
    age_category public.age_category NOT NULL,
    min_age smallint,
    max_age smallint,
    days_valid smallint NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT pass_products_days_valid_check CHECK ((days_valid > 0)),
    CONSTRAINT pass_products_price_check CHECK ((price >= (0)::numeric))
);



--
-- Name: pass_products_product_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.pass_products_product_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: pass_products_product_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.pass_products_product_id_seq OWNED BY public.pass_products.product_id;


--
-- Name: patrol_incidents; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.patrol_incidents (
    incident_id integer NOT NULL,
    resort_id integer NOT NULL,
    piste_id integer,
    customer_id integer,
    occurred_at timestamp with time zone NOT NULL,
    severity public.incident_severity NOT NULL,
    evacuation_method public.evacuation_method NOT NULL,
    patroller_name character varying(80),
    notes text
);



--
-- Name: patrol_incidents_incident_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.patrol_incidents_incident_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: patrol_incidents_incident_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.patrol_incidents_incident_id_seq OWNED BY public.patrol_incidents.incident_id;


--
-- Name: pistes; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.pistes (
    piste_id integer NOT NULL,
    resort_id integer NOT NULL,
    name character varying(100) NOT NULL,
    difficulty public.piste_difficulty NOT NULL,
    length_m integer NOT NULL,
    top_elevation_m integer NOT NULL,
    bottom_elevation_m integer NOT NULL,
    is_groomed boolean DEFAULT true NOT NULL,
    CONSTRAINT pistes_length_m_check CHECK ((length_m > 0))
);



--
-- Name: pistes_piste_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.pistes_piste_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: pistes_piste_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.pistes_piste_id_seq OWNED BY public.pistes.piste_id;


--
-- Name: resorts; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.resorts (
    resort_id integer NOT NULL,
    code character varying(8) NOT NULL,
    name character varying(120) NOT NULL,
    country_code character(2) NOT NULL,
    region character varying(80),
    town character varying(80) NOT NULL,
    timezone character varying(40) NOT NULL,
    base_elevation_m integer NOT NULL,
    summit_elevation_m integer NOT NULL,
    skiable_area_ha integer,
    website character varying(200),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT resorts_elevation_check CHECK ((summit_elevation_m > base_elevation_m))
);



--
-- Name: resorts_resort_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.resorts_resort_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: resorts_resort_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.resorts_resort_id_seq OWNED BY public.resorts.resort_id;


--
-- Name: seasons; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.seasons (
    season_id integer NOT NULL,
    resort_id integer NOT NULL,
    label character varying(9) NOT NULL,
    opens_on date NOT NULL,
    closes_on date NOT NULL,
    CONSTRAINT seasons_dates_check CHECK ((closes_on > opens_on))
);



--
-- Name: seasons_season_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.seasons_season_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: seasons_season_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.seasons_season_id_seq OWNED BY public.seasons.season_id;


--
-- Name: snow_reports; Type: TABLE; Schema: public; Owner: postgres
--

CREATE TABLE public.snow_reports (
    report_id integer NOT NULL,
    resort_id integer NOT NULL,
    reported_at timestamp with time zone NOT NULL,
    base_depth_cm smallint NOT NULL,
    summit_depth_cm smallint NOT NULL,
    new_snow_24h_cm smallint DEFAULT 0 NOT NULL,
    air_temp_summit_c numeric(4,1),
    avalanche_risk smallint,
    lifts_open smallint NOT NULL,
    pistes_open smallint NOT NULL,
    CONSTRAINT snow_reports_avalanche_risk_check CHECK (((avalanche_risk >= 1) AND (avalanche_risk <= 5)))
);



--
-- Name: snow_reports_report_id_seq; Type: SEQUENCE; Schema: public; Owner: postgres
--

CREATE SEQUENCE public.snow_reports_report_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;



--
-- Name: snow_reports_report_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: postgres
--

ALTER SEQUENCE public.snow_reports_report_id_seq OWNED BY public.snow_reports.report_id;


--
-- Name: customers customer_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.customers ALTER COLUMN customer_id SET DEFAULT nextval('public.customers_customer_id_seq'::regclass);


--
-- Name: instructors instructor_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.instructors ALTER COLUMN instructor_id SET DEFAULT nextval('public.instructors_instructor_id_seq'::regclass);


--
-- Name: lesson_bookings booking_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lesson_bookings ALTER COLUMN booking_id SET DEFAULT nextval('public.lesson_bookings_booking_id_seq'::regclass);


--
-- Name: lessons lesson_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lessons ALTER COLUMN lesson_id SET DEFAULT nextval('public.lessons_lesson_id_seq'::regclass);


--
-- Name: lift_outages outage_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_outages ALTER COLUMN outage_id SET DEFAULT nextval('public.lift_outages_outage_id_seq'::regclass);


--
-- Name: lift_passes pass_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_passes ALTER COLUMN pass_id SET DEFAULT nextval('public.lift_passes_pass_id_seq'::regclass);


--
-- Name: lifts lift_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lifts ALTER COLUMN lift_id SET DEFAULT nextval('public.lifts_lift_id_seq'::regclass);


--
-- Name: order_lines order_line_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.order_lines ALTER COLUMN order_line_id SET DEFAULT nextval('public.order_lines_order_line_id_seq'::regclass);


--
-- Name: orders order_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.orders ALTER COLUMN order_id SET DEFAULT nextval('public.orders_order_id_seq'::regclass);


--
-- Name: pass_products product_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pass_products ALTER COLUMN product_id SET DEFAULT nextval('public.pass_products_product_id_seq'::regclass);


--
-- Name: patrol_incidents incident_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.patrol_incidents ALTER COLUMN incident_id SET DEFAULT nextval('public.patrol_incidents_incident_id_seq'::regclass);


--
-- Name: pistes piste_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pistes ALTER COLUMN piste_id SET DEFAULT nextval('public.pistes_piste_id_seq'::regclass);


--
-- Name: resorts resort_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.resorts ALTER COLUMN resort_id SET DEFAULT nextval('public.resorts_resort_id_seq'::regclass);


--
-- Name: seasons season_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.seasons ALTER COLUMN season_id SET DEFAULT nextval('public.seasons_season_id_seq'::regclass);


--
-- Name: snow_reports report_id; Type: DEFAULT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.snow_reports ALTER COLUMN report_id SET DEFAULT nextval('public.snow_reports_report_id_seq'::regclass);


--
-- Name: countries countries_name_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_name_key UNIQUE (name);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (iso_code);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_id);


--
-- Name: instructors instructors_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.instructors
    ADD CONSTRAINT instructors_pkey PRIMARY KEY (instructor_id);


--
-- Name: lesson_bookings lesson_bookings_lesson_id_customer_id_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lesson_bookings
    ADD CONSTRAINT lesson_bookings_lesson_id_customer_id_key UNIQUE (lesson_id, customer_id);


--
-- Name: lesson_bookings lesson_bookings_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lesson_bookings
    ADD CONSTRAINT lesson_bookings_pkey PRIMARY KEY (booking_id);


--
-- Name: lessons lessons_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lessons
    ADD CONSTRAINT lessons_pkey PRIMARY KEY (lesson_id);


--
-- Name: lift_outages lift_outages_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_outages
    ADD CONSTRAINT lift_outages_pkey PRIMARY KEY (outage_id);


--
-- Name: lift_passes lift_passes_card_uid_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_passes
    ADD CONSTRAINT lift_passes_card_uid_key UNIQUE (card_uid);


--
-- Name: lift_passes lift_passes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_passes
    ADD CONSTRAINT lift_passes_pkey PRIMARY KEY (pass_id);


--
-- Name: lift_scans lift_scans_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_scans
    ADD CONSTRAINT lift_scans_pkey PRIMARY KEY (scan_id);


--
-- Name: lifts lifts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lifts
    ADD CONSTRAINT lifts_pkey PRIMARY KEY (lift_id);


--
-- Name: lifts lifts_resort_id_lift_no_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lifts
    ADD CONSTRAINT lifts_resort_id_lift_no_key UNIQUE (resort_id, lift_no);


--
-- Name: order_lines order_lines_order_id_line_no_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_line_no_key UNIQUE (order_id, line_no);


--
-- Name: order_lines order_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_pkey PRIMARY KEY (order_line_id);


--
-- Name: orders orders_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (order_id);


--
-- Name: orders orders_resort_id_order_no_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_resort_id_order_no_key UNIQUE (resort_id, order_no);


--
-- Name: pass_products pass_products_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pass_products
    ADD CONSTRAINT pass_products_pkey PRIMARY KEY (product_id);


--
-- Name: pass_products pass_products_sku_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pass_products
    ADD CONSTRAINT pass_products_sku_key UNIQUE (sku);


--
-- Name: patrol_incidents patrol_incidents_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.patrol_incidents
    ADD CONSTRAINT patrol_incidents_pkey PRIMARY KEY (incident_id);


--
-- Name: pistes pistes_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pistes
    ADD CONSTRAINT pistes_pkey PRIMARY KEY (piste_id);


--
-- Name: pistes pistes_resort_id_name_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pistes
    ADD CONSTRAINT pistes_resort_id_name_key UNIQUE (resort_id, name);


--
-- Name: resorts resorts_code_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.resorts
    ADD CONSTRAINT resorts_code_key UNIQUE (code);


--
-- Name: resorts resorts_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.resorts
    ADD CONSTRAINT resorts_pkey PRIMARY KEY (resort_id);


--
-- Name: seasons seasons_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.seasons
    ADD CONSTRAINT seasons_pkey PRIMARY KEY (season_id);


--
-- Name: seasons seasons_resort_id_label_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.seasons
    ADD CONSTRAINT seasons_resort_id_label_key UNIQUE (resort_id, label);


--
-- Name: snow_reports snow_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.snow_reports
    ADD CONSTRAINT snow_reports_pkey PRIMARY KEY (report_id);


--
-- Name: snow_reports snow_reports_resort_id_reported_at_key; Type: CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.snow_reports
    ADD CONSTRAINT snow_reports_resort_id_reported_at_key UNIQUE (resort_id, reported_at);


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: customers customers_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: instructors instructors_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.instructors
    ADD CONSTRAINT instructors_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: lesson_bookings lesson_bookings_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lesson_bookings
    ADD CONSTRAINT lesson_bookings_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(customer_id);


--
-- Name: lesson_bookings lesson_bookings_lesson_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lesson_bookings
    ADD CONSTRAINT lesson_bookings_lesson_id_fkey FOREIGN KEY (lesson_id) REFERENCES public.lessons(lesson_id);


--
-- Name: lessons lessons_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lessons
    ADD CONSTRAINT lessons_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: lessons lessons_instructor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lessons
    ADD CONSTRAINT lessons_instructor_id_fkey FOREIGN KEY (instructor_id) REFERENCES public.instructors(instructor_id);


--
-- Name: lessons lessons_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lessons
    ADD CONSTRAINT lessons_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: lift_outages lift_outages_lift_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_outages
    ADD CONSTRAINT lift_outages_lift_id_fkey FOREIGN KEY (lift_id) REFERENCES public.lifts(lift_id);


--
-- Name: lift_passes lift_passes_holder_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_passes
    ADD CONSTRAINT lift_passes_holder_customer_id_fkey FOREIGN KEY (holder_customer_id) REFERENCES public.customers(customer_id);


--
-- Name: lift_passes lift_passes_order_line_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_passes
    ADD CONSTRAINT lift_passes_order_line_id_fkey FOREIGN KEY (order_line_id) REFERENCES public.order_lines(order_line_id);


--
-- Name: lift_passes lift_passes_product_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_passes
    ADD CONSTRAINT lift_passes_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.pass_products(product_id);


--
-- Name: lift_scans lift_scans_lift_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_scans
    ADD CONSTRAINT lift_scans_lift_id_fkey FOREIGN KEY (lift_id) REFERENCES public.lifts(lift_id);


--
-- Name: lift_scans lift_scans_pass_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lift_scans
    ADD CONSTRAINT lift_scans_pass_id_fkey FOREIGN KEY (pass_id) REFERENCES public.lift_passes(pass_id);


--
-- Name: lifts lifts_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.lifts
    ADD CONSTRAINT lifts_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: order_lines order_lines_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(order_id);


--
-- Name: order_lines order_lines_product_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.pass_products(product_id);


--
-- Name: orders orders_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: orders orders_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(customer_id);


--
-- Name: orders orders_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: pass_products pass_products_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pass_products
    ADD CONSTRAINT pass_products_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: pass_products pass_products_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pass_products
    ADD CONSTRAINT pass_products_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: pass_products pass_products_season_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pass_products
    ADD CONSTRAINT pass_products_season_id_fkey FOREIGN KEY (season_id) REFERENCES public.seasons(season_id);


--
-- Name: patrol_incidents patrol_incidents_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.patrol_incidents
    ADD CONSTRAINT patrol_incidents_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(customer_id);


--
-- Name: patrol_incidents patrol_incidents_piste_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.patrol_incidents
    ADD CONSTRAINT patrol_incidents_piste_id_fkey FOREIGN KEY (piste_id) REFERENCES public.pistes(piste_id);


--
-- Name: patrol_incidents patrol_incidents_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.patrol_incidents
    ADD CONSTRAINT patrol_incidents_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: pistes pistes_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.pistes
    ADD CONSTRAINT pistes_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: resorts resorts_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.resorts
    ADD CONSTRAINT resorts_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: seasons seasons_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.seasons
    ADD CONSTRAINT seasons_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- Name: snow_reports snow_reports_resort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: postgres
--

ALTER TABLE ONLY public.snow_reports
    ADD CONSTRAINT snow_reports_resort_id_fkey FOREIGN KEY (resort_id) REFERENCES public.resorts(resort_id);


--
-- PostgreSQL database dump complete
--


