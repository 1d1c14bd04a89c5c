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
-- Name: bill_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.bill_status AS ENUM (
    'draft',
    'issued',
    'paid',
    'overdue',
    'cancelled'
);


--
-- Name: customer_class; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.customer_class AS ENUM (
    'residential',
    'commercial',
    'industrial',
    'public_sector'
);


--
-- Name: leak_severity; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.leak_severity AS ENUM (
    'minor',
    'moderate',
    'major',
    'burst'
);


--
-- Name: meter_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.meter_status AS ENUM (
    'in_stock',
    'installed',
    'removed',
    'faulty'
);


--
-- Name: reading_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.reading_type AS ENUM (
    'actual',
    'estimated',
    'customer'
);


--
-- Name: work_order_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.work_order_status AS ENUM (
    'open',
    'scheduled',
    'in_progress',
    'completed',
    'cancelled'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: bill_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bill_lines (
    bill_id integer NOT NULL,
    line_no smallint NOT NULL,
    line_type character varying(20) NOT NULL,
    description character varying(200) NOT NULL,
    quantity numeric(12,3) NOT NULL,
    unit_price numeric(12,4) NOT NULL,
    amount numeric(12,2) NOT NULL
);


--
-- Name: bills; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bills (
    id integer NOT NULL,
    bill_number character varying(20) NOT NULL,
    connection_id integer NOT NULL,
    tariff_id integer NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    issued_on date,
    due_on date,
    consumption_m3 numeric(12,3) NOT NULL,
    subtotal_amount numeric(12,2) NOT NULL,
    tax_amount numeric(12,2) DEFAULT 0 NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status public.bill_status DEFAULT 'draft'::public.bill_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: bills_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.bills_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: bills_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.bills_id_seq OWNED BY public.bills.id;


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
-- Name: crews; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.crews (
    id integer NOT NULL,
    name character varying(60) NOT NULL,
    service_area_id integer NOT NULL,
    leader_employee_id integer,
    active boolean DEFAULT true NOT NULL
);


--
-- Name: crews_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.crews_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: crews_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.crews_id_seq OWNED BY public.crews.id;


--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_unit smallint DEFAULT 2 NOT NULL
);


--
-- Name: customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customers (
    id integer NOT NULL,
    account_number character varying(16) NOT NULL,
    customer_class public.customer_class NOT NULL,
    display_name character varying(160) NOT NULL,
    email character varying(254),
    phone character varying(24),
    country_code character(2) NOT NULL,
    billing_address text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: customers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.customers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: customers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;


--
-- Name: employees; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.employees (
    id integer NOT NULL,
    staff_number character varying(12) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    job_title character varying(60) NOT NULL,
    service_area_id integer NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    left_on date
);


--
-- Name: employees_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.employees_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: employees_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.employees_id_seq OWNED BY public.employees.id;


--
-- Name: leak_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.leak_reports (
    id integer NOT NULL,
    reference character varying(20) NOT NULL,
    service_area_id integer NOT NULL,
    premise_id integer,
    pipe_segment_id integer,
    reported_at timestamp with time zone NOT NULL,
    reported_via character varying(20) NOT NULL,
    severity public.leak_severity NOT NULL,
    location_description text,
    latitude numeric(9,6),
    longitude numeric(9,6),
    closed_at timestamp with time zone,
    CONSTRAINT leak_reports_reported_via_check CHECK (((reported_via)::text = ANY ((ARRAY['phone'::character varying, 'web'::character varying, 'app'::character varying, 'field_staff'::character varying, 'telemetry'::character varying])::text[])))
);


--
-- Name: leak_reports_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.leak_reports_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: leak_reports_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.leak_reports_id_seq OWNED BY public.leak_reports.id;


--
-- Name: meter_models; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.meter_models (
    id integer NOT NULL,
    manufacturer character varying(60) NOT NULL,
    model_name character varying(60) NOT NULL,
    nominal_diameter_mm smallint NOT NULL,
    q3_m3_per_h numeric(6,2) NOT NULL,
    register_digits smallint NOT NULL,
    CONSTRAINT meter_models_register_digits_check CHECK (((register_digits >= 4) AND (register_digits <= 9)))
);


--
-- Name: meter_models_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.meter_models ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.meter_models_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: meter_readings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.meter_readings (
    id bigint NOT NULL,
    meter_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    reading_m3 numeric(12,3) NOT NULL,
    reading_type public.reading_type NOT NULL,
    read_by_employee_id integer,
    access_issue boolean DEFAULT false NOT NULL,
    notes text,
    CONSTRAINT meter_readings_reading_m3_check CHECK ((reading_m3 >= (0)::numeric))
);


--
-- Name: meter_readings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.meter_readings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: meter_readings_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.meter_readings_id_seq OWNED BY public.meter_readings.id;


--
-- Name: meters; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.meters (
    id integer NOT NULL,
    serial_number character varying(24) NOT NULL,
    meter_model_id integer NOT NULL,
    connection_id integer,
    installed_at timestamp with time zone,
    removed_at timestamp with time zone,
    initial_reading_m3 numeric(12,3) DEFAULT 0 NOT NULL,
    status public.meter_status DEFAULT 'in_stock'::public.meter_status NOT NULL
);


--
-- Name: meters_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.meters_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: meters_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.meters_id_seq OWNED BY public.meters.id;


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    id bigint NOT NULL,
    bill_id integer NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method character varying(20) NOT NULL,
    external_reference character varying(64),
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric))
);


--
-- Name: payments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: payments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.payments_id_seq OWNED BY public.payments.id;


--
-- Name: pipe_materials; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pipe_materials (
    code character varying(8) NOT NULL,
    description character varying(80) NOT NULL,
    design_life_years smallint
);


--
-- Name: pipe_segments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pipe_segments (
    id integer NOT NULL,
    asset_tag character varying(20) NOT NULL,
    service_area_id integer NOT NULL,
    material_code character varying(8) NOT NULL,
    diameter_mm smallint NOT NULL,
    length_m numeric(8,2) NOT NULL,
    installed_year smallint,
    pressure_zone character varying(20),
    CONSTRAINT pipe_segments_length_m_check CHECK ((length_m > (0)::numeric))
);


--
-- Name: pipe_segments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.pipe_segments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.pipe_segments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: premises; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.premises (
    id integer NOT NULL,
    service_area_id integer NOT NULL,
    address_line1 character varying(120) NOT NULL,
    address_line2 character varying(120),
    city character varying(80) NOT NULL,
    postal_code character varying(12),
    premise_type character varying(20) NOT NULL,
    latitude numeric(9,6),
    longitude numeric(9,6)
);


--
-- Name: premises_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.premises_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: premises_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.premises_id_seq OWNED BY public.premises.id;


--
-- Name: service_areas; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.service_areas (
    id integer NOT NULL,
    code character varying(10) NOT NULL,
    name character varying(80) NOT NULL,
    country_code character(2) NOT NULL,
    city character varying(80) NOT NULL,
    timezone character varying(40) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: service_areas_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.service_areas_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: service_areas_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.service_areas_id_seq OWNED BY public.service_areas.id;


--
-- Name: service_connections; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.service_connections (
    id integer NOT NULL,
    connection_number character varying(16) NOT NULL,
    premise_id integer NOT NULL,
    customer_id integer NOT NULL,
    pipe_segment_id integer,
    started_on date NOT NULL,
    ended_on date,
    is_active boolean DEFAULT true NOT NULL
);


--
-- Name: service_connections_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.service_connections_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: service_connections_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.service_connections_id_seq OWNED BY public.service_connections.id;


--
-- Name: tariffs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tariffs (
    id integer NOT NULL,
    service_area_id integer NOT NULL,
    customer_class public.customer_class NOT NULL,
    name character varying(80) NOT NULL,
    volumetric_rate numeric(10,4) NOT NULL,
    standing_charge_monthly numeric(10,2) NOT NULL,
    vat_rate numeric(5,4) DEFAULT 0 NOT NULL,
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date
);


--
-- Name: tariffs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.tariffs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: tariffs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.tariffs_id_seq OWNED BY public.tariffs.id;


--
-- Name: water_quality_samples; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.water_quality_samples (
    id integer NOT NULL,
    service_area_id integer NOT NULL,
    sampling_point character varying(60) NOT NULL,
    sampled_at timestamp with time zone NOT NULL,
    collected_by_employee_id integer,
    free_chlorine_mg_l numeric(5,2),
    turbidity_ntu numeric(6,2),
    ph numeric(4,2),
    ecoli_detected boolean DEFAULT false NOT NULL,
    lab_reference character varying(30)
);


--
-- Name: water_quality_samples_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.water_quality_samples ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.water_quality_samples_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: work_order_tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.work_order_tasks (
    work_order_id integer NOT NULL,
    task_no smallint NOT NULL,
    task_type character varying(30) NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    notes text
);


--
-- Name: work_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.work_orders (
    id integer NOT NULL,
    work_order_number character varying(20) NOT NULL,
    leak_report_id integer,
    service_area_id integer NOT NULL,
    crew_id integer,
    work_type character varying(30) NOT NULL,
    priority smallint DEFAULT 3 NOT NULL,
    status public.work_order_status DEFAULT 'open'::public.work_order_status NOT NULL,
    opened_at timestamp with time zone DEFAULT now() NOT NULL,
    scheduled_for timestamp with time zone,
    started_at timestamp with time zone,
    completed_at timestamp with time zone,
    estimated_loss_m3 numeric(10,2),
    CONSTRAINT work_orders_priority_check CHECK (((priority >= 1) AND (priority <= 5)))
);


--
-- Name: work_orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.work_orders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: work_orders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.work_orders_id_seq OWNED BY public.work_orders.id;


--
-- Name: bills id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bills ALTER COLUMN id SET DEFAULT nextval('public.bills_id_seq'::regclass);


--
-- Name: crews id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crews ALTER COLUMN id SET DEFAULT nextval('public.crews_id_seq'::regclass);


--
-- Name: customers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);


--
-- Name: employees id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees ALTER COLUMN id SET DEFAULT nextval('public.employees_id_seq'::regclass);


--
-- Name: leak_reports id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leak_reports ALTER COLUMN id SET DEFAULT nextval('public.leak_reports_id_seq'::regclass);


--
-- Name: meter_readings id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_readings ALTER COLUMN id SET DEFAULT nextval('public.meter_readings_id_seq'::regclass);


--
-- Name: meters id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meters ALTER COLUMN id SET DEFAULT nextval('public.meters_id_seq'::regclass);


--
-- Name: payments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments ALTER COLUMN id SET DEFAULT nextval('public.payments_id_seq'::regclass);


--
-- Name: premises id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.premises ALTER COLUMN id SET DEFAULT nextval('public.premises_id_seq'::regclass);


--
-- Name: service_areas id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_areas ALTER COLUMN id SET DEFAULT nextval('public.service_areas_id_seq'::regclass);


--
-- Name: service_connections id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_connections ALTER COLUMN id SET DEFAULT nextval('public.service_connections_id_seq'::regclass);


--
-- Name: tariffs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tariffs ALTER COLUMN id SET DEFAULT nextval('public.tariffs_id_seq'::regclass);


--
-- Name: work_orders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders ALTER COLUMN id SET DEFAULT nextval('public.work_orders_id_seq'::regclass);


--
-- Name: bill_lines bill_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bill_lines
    ADD CONSTRAINT bill_lines_pkey PRIMARY KEY (bill_id, line_no);


--
-- Name: bills bills_bill_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bills
    ADD CONSTRAINT bills_bill_number_key UNIQUE (bill_number);


--
-- Name: bills bills_period_check; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.bills
    ADD CONSTRAINT bills_period_check CHECK ((period_end >= period_start));


--
-- Name: bills bills_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bills
    ADD CONSTRAINT bills_pkey PRIMARY KEY (id);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (code);


--
-- Name: crews crews_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crews
    ADD CONSTRAINT crews_pkey PRIMARY KEY (id);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: customers customers_account_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_account_number_key UNIQUE (account_number);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);


--
-- Name: employees employees_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (id);


--
-- Name: employees employees_staff_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_staff_number_key UNIQUE (staff_number);


--
-- Name: leak_reports leak_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leak_reports
    ADD CONSTRAINT leak_reports_pkey PRIMARY KEY (id);


--
-- Name: leak_reports leak_reports_reference_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leak_reports
    ADD CONSTRAINT leak_reports_reference_key UNIQUE (reference);


--
-- Name: meter_models meter_models_manufacturer_model_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_models
    ADD CONSTRAINT meter_models_manufacturer_model_name_key UNIQUE (manufacturer, model_name);


--
-- Name: meter_models meter_models_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_models
    ADD CONSTRAINT meter_models_pkey PRIMARY KEY (id);


--
-- Name: meter_readings meter_readings_meter_id_read_at_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_read_at_key UNIQUE (meter_id, read_at);


--
-- Name: meter_readings meter_readings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_pkey PRIMARY KEY (id);


--
-- Name: meters meters_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_pkey PRIMARY KEY (id);


--
-- Name: meters meters_serial_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_serial_number_key UNIQUE (serial_number);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: pipe_materials pipe_materials_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pipe_materials
    ADD CONSTRAINT pipe_materials_pkey PRIMARY KEY (code);


--
-- Name: pipe_segments pipe_segments_asset_tag_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pipe_segments
    ADD CONSTRAINT pipe_segments_asset_tag_key UNIQUE (asset_tag);


--
-- Name: pipe_segments pipe_segments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pipe_segments
    ADD CONSTRAINT pipe_segments_pkey PRIMARY KEY (id);


--
-- Name: premises premises_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.premises
    ADD CONSTRAINT premises_pkey PRIMARY KEY (id);


--
-- Name: service_areas service_areas_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_areas
    ADD CONSTRAINT service_areas_code_key UNIQUE (code);


--
-- Name: service_areas service_areas_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_areas
    ADD CONSTRAINT service_areas_pkey PRIMARY KEY (id);


--
-- Name: service_connections service_connections_connection_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_connections
    ADD CONSTRAINT service_connections_connection_number_key UNIQUE (connection_number);


--
-- Name: service_connections service_connections_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_connections
    ADD CONSTRAINT service_connections_pkey PRIMARY KEY (id);


--
-- Name: tariffs tariffs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tariffs
    ADD CONSTRAINT tariffs_pkey PRIMARY KEY (id);


--
-- Name: water_quality_samples water_quality_samples_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.water_quality_samples
    ADD CONSTRAINT water_quality_samples_pkey PRIMARY KEY (id);


--
-- Name: work_order_tasks work_order_tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks
    ADD CONSTRAINT work_order_tasks_pkey PRIMARY KEY (work_order_id, task_no);


--
-- Name: work_orders work_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_pkey PRIMARY KEY (id);


--
-- Name: work_orders work_orders_work_order_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_work_order_number_key UNIQUE (work_order_number);


--
-- Name: meter_readings_read_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX meter_readings_read_at_idx ON public.meter_readings USING btree (read_at);


--
-- Name: bills_connection_id_period_start_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bills_connection_id_period_start_idx ON public.bills USING btree (connection_id, period_start);


--
-- Name: bill_lines bill_lines_bill_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bill_lines
    ADD CONSTRAINT bill_lines_bill_id_fkey FOREIGN KEY (bill_id) REFERENCES public.bills(id) ON DELETE CASCADE;


--
-- Name: bills bills_connection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bills
    ADD CONSTRAINT bills_connection_id_fkey FOREIGN KEY (connection_id) REFERENCES public.service_connections(id);


--
-- Name: bills bills_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bills
    ADD CONSTRAINT bills_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: bills bills_tariff_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bills
    ADD CONSTRAINT bills_tariff_id_fkey FOREIGN KEY (tariff_id) REFERENCES public.tariffs(id);


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: crews crews_leader_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crews
    ADD CONSTRAINT crews_leader_employee_id_fkey FOREIGN KEY (leader_employee_id) REFERENCES public.employees(id);


--
-- Name: crews crews_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crews
    ADD CONSTRAINT crews_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: customers customers_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: employees employees_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: leak_reports leak_reports_pipe_segment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leak_reports
    ADD CONSTRAINT leak_reports_pipe_segment_id_fkey FOREIGN KEY (pipe_segment_id) REFERENCES public.pipe_segments(id);


--
-- Name: leak_reports leak_reports_premise_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leak_reports
    ADD CONSTRAINT leak_reports_premise_id_fkey FOREIGN KEY (premise_id) REFERENCES public.premises(id);


--
-- Name: leak_reports leak_reports_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leak_reports
    ADD CONSTRAINT leak_reports_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: meter_readings meter_readings_meter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters(id);


--
-- Name: meter_readings meter_readings_read_by_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_read_by_employee_id_fkey FOREIGN KEY (read_by_employee_id) REFERENCES public.employees(id);


--
-- Name: meters meters_connection_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_connection_id_fkey FOREIGN KEY (connection_id) REFERENCES public.service_connections(id);


--
-- Name: meters meters_meter_model_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_meter_model_id_fkey FOREIGN KEY (meter_model_id) REFERENCES public.meter_models(id);


--
-- Name: payments payments_bill_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_bill_id_fkey FOREIGN KEY (bill_id) REFERENCES public.bills(id);


--
-- Name: pipe_segments pipe_segments_material_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pipe_segments
    ADD CONSTRAINT pipe_segments_material_code_fkey FOREIGN KEY (material_code) REFERENCES public.pipe_materials(code);


--
-- Name: pipe_segments pipe_segments_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pipe_segments
    ADD CONSTRAINT pipe_segments_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: premises premises_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.premises
    ADD CONSTRAINT premises_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: service_areas service_areas_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_areas
    ADD CONSTRAINT service_areas_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: service_connections service_connections_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_connections
    ADD CONSTRAINT service_connections_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);


--
-- Name: service_connections service_connections_pipe_segment_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_connections
    ADD CONSTRAINT service_connections_pipe_segment_id_fkey FOREIGN KEY (pipe_segment_id) REFERENCES public.pipe_segments(id);


--
-- Name: service_connections service_connections_premise_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_connections
    ADD CONSTRAINT service_connections_premise_id_fkey FOREIGN KEY (premise_id) REFERENCES public.premises(id);


--
-- Name: tariffs tariffs_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tariffs
    ADD CONSTRAINT tariffs_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: tariffs tariffs_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tariffs
    ADD CONSTRAINT tariffs_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: water_quality_samples water_quality_samples_collected_by_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.water_quality_samples
    ADD CONSTRAINT water_quality_samples_collected_by_employee_id_fkey FOREIGN KEY (collected_by_employee_id) REFERENCES public.employees(id);


--
-- Name: water_quality_samples water_quality_samples_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.water_quality_samples
    ADD CONSTRAINT water_quality_samples_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- Name: work_order_tasks work_order_tasks_work_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks
    ADD CONSTRAINT work_order_tasks_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id) ON DELETE CASCADE;


--
-- Name: work_orders work_orders_crew_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_crew_id_fkey FOREIGN KEY (crew_id) REFERENCES public.crews(id);


--
-- Name: work_orders work_orders_leak_report_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_leak_report_id_fkey FOREIGN KEY (leak_report_id) REFERENCES public.leak_reports(id);


--
-- Name: work_orders work_orders_service_area_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_service_area_id_fkey FOREIGN KEY (service_area_id) REFERENCES public.service_areas(id);


--
-- PostgreSQL database dump complete
--

