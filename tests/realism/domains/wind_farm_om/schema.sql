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
-- Name: alarm_severity; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.alarm_severity AS ENUM (
    'info',
    'warning',
    'fault',
    'critical'
);


--
-- Name: contract_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.contract_status AS ENUM (
    'draft',
    'active',
    'expired',
    'terminated'
);


--
-- Name: invoice_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'issued',
    'paid',
    'overdue',
    'void'
);


--
-- Name: site_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.site_type AS ENUM (
    'onshore',
    'offshore'
);


--
-- Name: turbine_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.turbine_status AS ENUM (
    'operating',
    'maintenance',
    'stopped',
    'decommissioned'
);


--
-- Name: wo_priority; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.wo_priority AS ENUM (
    'low',
    'normal',
    'high',
    'emergency'
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


--
-- Name: work_order_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.work_order_type AS ENUM (
    'preventive',
    'corrective',
    'inspection',
    'retrofit'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alarm_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.alarm_events (
    id bigint NOT NULL,
    turbine_id integer NOT NULL,
    fault_code character varying(12) NOT NULL,
    started_at timestamp with time zone NOT NULL,
    cleared_at timestamp with time zone,
    acknowledged_by integer,
    CONSTRAINT alarm_events_cleared_check CHECK (((cleared_at IS NULL) OR (cleared_at >= started_at)))
);


--
-- Name: alarm_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.alarm_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: alarm_events_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.alarm_events_id_seq OWNED BY public.alarm_events.id;


--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    iso_code character(2) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    dial_code character varying(6) NOT NULL
);


--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_unit smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_minor_unit_check CHECK (((minor_unit >= 0) AND (minor_unit <= 4)))
);


--
-- Name: customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customers (
    id integer NOT NULL,
    legal_name character varying(160) NOT NULL,
    country_code character(2) NOT NULL,
    vat_number character varying(20),
    billing_email character varying(160),
    payment_terms_days smallint DEFAULT 30 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_payment_terms_days_check CHECK ((payment_terms_days >= 0))
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
-- Name: fault_codes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.fault_codes (
    code character varying(12) NOT NULL,
    description character varying(200) NOT NULL,
    component character varying(40) NOT NULL,
    severity public.alarm_severity NOT NULL
);


--
-- Name: grid_operators; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.grid_operators (
    id integer NOT NULL,
    name character varying(120) NOT NULL,
    country_code character(2) NOT NULL
);


--
-- Name: grid_operators_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.grid_operators_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: grid_operators_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.grid_operators_id_seq OWNED BY public.grid_operators.id;


--
-- Name: invoice_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoice_lines (
    invoice_id integer NOT NULL,
    line_no smallint NOT NULL,
    description character varying(200) NOT NULL,
    work_order_id integer,
    quantity numeric(10,2) NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    line_amount numeric(14,2) NOT NULL
);


--
-- Name: invoices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoices (
    id integer NOT NULL,
    invoice_no character varying(20) NOT NULL,
    contract_id integer NOT NULL,
    customer_id integer NOT NULL,
    issued_on date,
    due_on date,
    currency_code character(3) NOT NULL,
    net_amount numeric(14,2) DEFAULT 0 NOT NULL,
    vat_rate numeric(5,2) DEFAULT 0 NOT NULL,
    vat_amount numeric(14,2) DEFAULT 0 NOT NULL,
    gross_amount numeric(14,2) DEFAULT 0 NOT NULL,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL,
    paid_on date
);


--
-- Name: invoices_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.invoices_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: invoices_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.invoices_id_seq OWNED BY public.invoices.id;


--
-- Name: labour_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.labour_entries (
    id integer NOT NULL,
    work_order_id integer NOT NULL,
    technician_id integer NOT NULL,
    work_date date NOT NULL,
    hours numeric(4,2) NOT NULL,
    overtime boolean DEFAULT false NOT NULL,
    CONSTRAINT labour_entries_hours_check CHECK (((hours > (0)::numeric) AND (hours <= (24)::numeric)))
);


--
-- Name: labour_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.labour_entries_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: labour_entries_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.labour_entries_id_seq OWNED BY public.labour_entries.id;


--
-- Name: manufacturers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.manufacturers (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    country_code character(2) NOT NULL,
    website character varying(200)
);


--
-- Name: manufacturers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.manufacturers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: manufacturers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.manufacturers_id_seq OWNED BY public.manufacturers.id;


--
-- Name: part_consumptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.part_consumptions (
    id integer NOT NULL,
    work_order_id integer NOT NULL,
    line_no smallint NOT NULL,
    spare_part_id integer NOT NULL,
    quantity numeric(10,2) NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    CONSTRAINT part_consumptions_quantity_check CHECK ((quantity > (0)::numeric))
);


--
-- Name: part_consumptions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.part_consumptions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: part_consumptions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.part_consumptions_id_seq OWNED BY public.part_consumptions.id;


--
-- Name: production_readings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.production_readings (
    turbine_id integer NOT NULL,
    reading_date date NOT NULL,
    energy_kwh numeric(10,1) NOT NULL,
    mean_wind_speed_ms numeric(4,1),
    availability_pct numeric(5,2),
    operating_hours_total integer NOT NULL,
    CONSTRAINT production_readings_availability_pct_check CHECK (((availability_pct >= (0)::numeric) AND (availability_pct <= (100)::numeric))),
    CONSTRAINT production_readings_energy_kwh_check CHECK ((energy_kwh >= (0)::numeric))
);


--
-- Name: service_contracts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.service_contracts (
    id integer NOT NULL,
    contract_no character varying(20) NOT NULL,
    wind_farm_id integer NOT NULL,
    customer_id integer NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    currency_code character(3) NOT NULL,
    annual_fee numeric(14,2) NOT NULL,
    availability_guarantee_pct numeric(5,2),
    status public.contract_status DEFAULT 'draft'::public.contract_status NOT NULL,
    signed_at timestamp with time zone,
    CONSTRAINT service_contracts_annual_fee_check CHECK ((annual_fee >= (0)::numeric)),
    CONSTRAINT service_contracts_availability_guarantee_pct_check CHECK (((availability_guarantee_pct >= (0)::numeric) AND (availability_guarantee_pct <= (100)::numeric))),
    CONSTRAINT service_contracts_dates_check CHECK ((end_date > start_date))
);


--
-- Name: service_contracts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.service_contracts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: service_contracts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.service_contracts_id_seq OWNED BY public.service_contracts.id;


--
-- Name: spare_parts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.spare_parts (
    id integer NOT NULL,
    part_number character varying(30) NOT NULL,
    description character varying(200) NOT NULL,
    category character varying(40) NOT NULL,
    unit_cost numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    weight_kg numeric(9,2),
    CONSTRAINT spare_parts_unit_cost_check CHECK ((unit_cost >= (0)::numeric))
);


--
-- Name: spare_parts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.spare_parts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: spare_parts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.spare_parts_id_seq OWNED BY public.spare_parts.id;


--
-- Name: technicians; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.technicians (
    id integer NOT NULL,
    employee_no character varying(10) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    birth_date date NOT NULL,
    country_code character(2) NOT NULL,
    phone character varying(24),
    email character varying(160),
    hired_on date NOT NULL,
    gwo_certificate_expires_on date,
    active boolean DEFAULT true NOT NULL
);


--
-- Name: technicians_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.technicians_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: technicians_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.technicians_id_seq OWNED BY public.technicians.id;


--
-- Name: turbine_models; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.turbine_models (
    id integer NOT NULL,
    manufacturer_id integer NOT NULL,
    model_code character varying(40) NOT NULL,
    rated_power_kw integer NOT NULL,
    rotor_diameter_m numeric(5,1) NOT NULL,
    hub_height_m numeric(5,1),
    iec_class character varying(6),
    offshore_capable boolean DEFAULT false NOT NULL,
    CONSTRAINT turbine_models_rated_power_kw_check CHECK ((rated_power_kw > 0)),
    CONSTRAINT turbine_models_rotor_diameter_m_check CHECK ((rotor_diameter_m > (0)::numeric))
);


--
-- Name: turbine_models_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.turbine_models_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: turbine_models_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.turbine_models_id_seq OWNED BY public.turbine_models.id;


--
-- Name: turbines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.turbines (
    id integer NOT NULL,
    wind_farm_id integer NOT NULL,
    position_no smallint NOT NULL,
    position_label character varying(10) NOT NULL,
    serial_number character varying(30) NOT NULL,
    model_id integer NOT NULL,
    commissioned_on date,
    status public.turbine_status DEFAULT 'operating'::public.turbine_status NOT NULL,
    CONSTRAINT turbines_position_no_check CHECK ((position_no > 0))
);


--
-- Name: turbines_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.turbines_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: turbines_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.turbines_id_seq OWNED BY public.turbines.id;


--
-- Name: wind_farms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.wind_farms (
    id integer NOT NULL,
    farm_code character varying(12) NOT NULL,
    name character varying(120) NOT NULL,
    owner_customer_id integer NOT NULL,
    country_code character(2) NOT NULL,
    region character varying(80),
    site_type public.site_type NOT NULL,
    grid_operator_id integer,
    latitude numeric(8,5) NOT NULL,
    longitude numeric(8,5) NOT NULL,
    timezone character varying(64) NOT NULL,
    commissioned_on date,
    installed_capacity_mw numeric(7,2),
    CONSTRAINT wind_farms_latitude_check CHECK (((latitude >= ('-90'::integer)::numeric) AND (latitude <= (90)::numeric))),
    CONSTRAINT wind_farms_longitude_check CHECK (((longitude >= ('-180'::integer)::numeric) AND (longitude <= (180)::numeric)))
);


--
-- Name: wind_farms_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.wind_farms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: wind_farms_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.wind_farms_id_seq OWNED BY public.wind_farms.id;


--
-- Name: work_order_tasks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.work_order_tasks (
    id integer NOT NULL,
    work_order_id integer NOT NULL,
    step_no smallint NOT NULL,
    description character varying(200) NOT NULL,
    technician_id integer,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    CONSTRAINT work_order_tasks_step_no_check CHECK ((step_no > 0))
);


--
-- Name: work_order_tasks_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.work_order_tasks_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: work_order_tasks_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.work_order_tasks_id_seq OWNED BY public.work_order_tasks.id;


--
-- Name: work_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.work_orders (
    id integer NOT NULL,
    wo_number character varying(16) NOT NULL,
    turbine_id integer NOT NULL,
    contract_id integer,
    alarm_event_id bigint,
    wo_type public.work_order_type NOT NULL,
    priority public.wo_priority DEFAULT 'normal'::public.wo_priority NOT NULL,
    status public.work_order_status DEFAULT 'open'::public.work_order_status NOT NULL,
    title character varying(200) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    scheduled_start timestamp with time zone,
    started_at timestamp with time zone,
    completed_at timestamp with time zone,
    CONSTRAINT work_orders_completed_check CHECK (((completed_at IS NULL) OR (started_at IS NULL) OR (completed_at >= started_at)))
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
-- Name: alarm_events id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alarm_events ALTER COLUMN id SET DEFAULT nextval('public.alarm_events_id_seq'::regclass);


--
-- Name: customers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);


--
-- Name: grid_operators id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grid_operators ALTER COLUMN id SET DEFAULT nextval('public.grid_operators_id_seq'::regclass);


--
-- Name: invoices id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices ALTER COLUMN id SET DEFAULT nextval('public.invoices_id_seq'::regclass);


--
-- Name: labour_entries id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.labour_entries ALTER COLUMN id SET DEFAULT nextval('public.labour_entries_id_seq'::regclass);


--
-- Name: manufacturers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.manufacturers ALTER COLUMN id SET DEFAULT nextval('public.manufacturers_id_seq'::regclass);


--
-- Name: part_consumptions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.part_consumptions ALTER COLUMN id SET DEFAULT nextval('public.part_consumptions_id_seq'::regclass);


--
-- Name: service_contracts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_contracts ALTER COLUMN id SET DEFAULT nextval('public.service_contracts_id_seq'::regclass);


--
-- Name: spare_parts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spare_parts ALTER COLUMN id SET DEFAULT nextval('public.spare_parts_id_seq'::regclass);


--
-- Name: technicians id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.technicians ALTER COLUMN id SET DEFAULT nextval('public.technicians_id_seq'::regclass);


--
-- Name: turbine_models id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbine_models ALTER COLUMN id SET DEFAULT nextval('public.turbine_models_id_seq'::regclass);


--
-- Name: turbines id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbines ALTER COLUMN id SET DEFAULT nextval('public.turbines_id_seq'::regclass);


--
-- Name: wind_farms id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.wind_farms ALTER COLUMN id SET DEFAULT nextval('public.wind_farms_id_seq'::regclass);


--
-- Name: work_order_tasks id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks ALTER COLUMN id SET DEFAULT nextval('public.work_order_tasks_id_seq'::regclass);


--
-- Name: work_orders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders ALTER COLUMN id SET DEFAULT nextval('public.work_orders_id_seq'::regclass);


--
-- Name: alarm_events alarm_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alarm_events
    ADD CONSTRAINT alarm_events_pkey PRIMARY KEY (id);


--
-- Name: countries countries_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_name_key UNIQUE (name);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (iso_code);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);


--
-- Name: fault_codes fault_codes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.fault_codes
    ADD CONSTRAINT fault_codes_pkey PRIMARY KEY (code);


--
-- Name: grid_operators grid_operators_name_country_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grid_operators
    ADD CONSTRAINT grid_operators_name_country_code_key UNIQUE (name, country_code);


--
-- Name: grid_operators grid_operators_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grid_operators
    ADD CONSTRAINT grid_operators_pkey PRIMARY KEY (id);


--
-- Name: invoice_lines invoice_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (invoice_id, line_no);


--
-- Name: invoices invoices_invoice_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);


--
-- Name: invoices invoices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);


--
-- Name: labour_entries labour_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.labour_entries
    ADD CONSTRAINT labour_entries_pkey PRIMARY KEY (id);


--
-- Name: manufacturers manufacturers_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.manufacturers
    ADD CONSTRAINT manufacturers_name_key UNIQUE (name);


--
-- Name: manufacturers manufacturers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.manufacturers
    ADD CONSTRAINT manufacturers_pkey PRIMARY KEY (id);


--
-- Name: part_consumptions part_consumptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.part_consumptions
    ADD CONSTRAINT part_consumptions_pkey PRIMARY KEY (id);


--
-- Name: part_consumptions part_consumptions_work_order_id_line_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.part_consumptions
    ADD CONSTRAINT part_consumptions_work_order_id_line_no_key UNIQUE (work_order_id, line_no);


--
-- Name: production_readings production_readings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.production_readings
    ADD CONSTRAINT production_readings_pkey PRIMARY KEY (turbine_id, reading_date);


--
-- Name: service_contracts service_contracts_contract_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_contract_no_key UNIQUE (contract_no);


--
-- Name: service_contracts service_contracts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_pkey PRIMARY KEY (id);


--
-- Name: spare_parts spare_parts_part_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spare_parts
    ADD CONSTRAINT spare_parts_part_number_key UNIQUE (part_number);


--
-- Name: spare_parts spare_parts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spare_parts
    ADD CONSTRAINT spare_parts_pkey PRIMARY KEY (id);


--
-- Name: technicians technicians_employee_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_employee_no_key UNIQUE (employee_no);


--
-- Name: technicians technicians_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_pkey PRIMARY KEY (id);


--
-- Name: turbine_models turbine_models_manufacturer_id_model_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbine_models
    ADD CONSTRAINT turbine_models_manufacturer_id_model_code_key UNIQUE (manufacturer_id, model_code);


--
-- Name: turbine_models turbine_models_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbine_models
    ADD CONSTRAINT turbine_models_pkey PRIMARY KEY (id);


--
-- Name: turbines turbines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbines
    ADD CONSTRAINT turbines_pkey PRIMARY KEY (id);


--
-- Name: turbines turbines_serial_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbines
    ADD CONSTRAINT turbines_serial_number_key UNIQUE (serial_number);


--
-- Name: turbines turbines_wind_farm_id_position_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbines
    ADD CONSTRAINT turbines_wind_farm_id_position_no_key UNIQUE (wind_farm_id, position_no);


--
-- Name: wind_farms wind_farms_farm_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.wind_farms
    ADD CONSTRAINT wind_farms_farm_code_key UNIQUE (farm_code);


--
-- Name: wind_farms wind_farms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.wind_farms
    ADD CONSTRAINT wind_farms_pkey PRIMARY KEY (id);


--
-- Name: work_order_tasks work_order_tasks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks
    ADD CONSTRAINT work_order_tasks_pkey PRIMARY KEY (id);


--
-- Name: work_order_tasks work_order_tasks_work_order_id_step_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks
    ADD CONSTRAINT work_order_tasks_work_order_id_step_no_key UNIQUE (work_order_id, step_no);


--
-- Name: work_orders work_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_pkey PRIMARY KEY (id);


--
-- Name: work_orders work_orders_wo_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_wo_number_key UNIQUE (wo_number);


--
-- Name: alarm_events_turbine_id_started_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX alarm_events_turbine_id_started_at_idx ON public.alarm_events USING btree (turbine_id, started_at);


--
-- Name: labour_entries_technician_id_work_date_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX labour_entries_technician_id_work_date_idx ON public.labour_entries USING btree (technician_id, work_date);


--
-- Name: work_orders_turbine_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX work_orders_turbine_id_idx ON public.work_orders USING btree (turbine_id);


--
-- Name: alarm_events alarm_events_acknowledged_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alarm_events
    ADD CONSTRAINT alarm_events_acknowledged_by_fkey FOREIGN KEY (acknowledged_by) REFERENCES public.technicians(id);


--
-- Name: alarm_events alarm_events_fault_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alarm_events
    ADD CONSTRAINT alarm_events_fault_code_fkey FOREIGN KEY (fault_code) REFERENCES public.fault_codes(code);


--
-- Name: alarm_events alarm_events_turbine_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.alarm_events
    ADD CONSTRAINT alarm_events_turbine_id_fkey FOREIGN KEY (turbine_id) REFERENCES public.turbines(id);


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: customers customers_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: grid_operators grid_operators_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.grid_operators
    ADD CONSTRAINT grid_operators_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: invoice_lines invoice_lines_invoice_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE CASCADE;


--
-- Name: invoice_lines invoice_lines_work_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id);


--
-- Name: invoices invoices_contract_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.service_contracts(id);


--
-- Name: invoices invoices_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: invoices invoices_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);


--
-- Name: labour_entries labour_entries_technician_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.labour_entries
    ADD CONSTRAINT labour_entries_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);


--
-- Name: labour_entries labour_entries_work_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.labour_entries
    ADD CONSTRAINT labour_entries_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id);


--
-- Name: manufacturers manufacturers_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.manufacturers
    ADD CONSTRAINT manufacturers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: part_consumptions part_consumptions_spare_part_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.part_consumptions
    ADD CONSTRAINT part_consumptions_spare_part_id_fkey FOREIGN KEY (spare_part_id) REFERENCES public.spare_parts(id);


--
-- Name: part_consumptions part_consumptions_work_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.part_consumptions
    ADD CONSTRAINT part_consumptions_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id);


--
-- Name: production_readings production_readings_turbine_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.production_readings
    ADD CONSTRAINT production_readings_turbine_id_fkey FOREIGN KEY (turbine_id) REFERENCES public.turbines(id);


--
-- Name: service_contracts service_contracts_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: service_contracts service_contracts_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);


--
-- Name: service_contracts service_contracts_wind_farm_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_wind_farm_id_fkey FOREIGN KEY (wind_farm_id) REFERENCES public.wind_farms(id);


--
-- Name: spare_parts spare_parts_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.spare_parts
    ADD CONSTRAINT spare_parts_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: technicians technicians_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: turbine_models turbine_models_manufacturer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbine_models
    ADD CONSTRAINT turbine_models_manufacturer_id_fkey FOREIGN KEY (manufacturer_id) REFERENCES public.manufacturers(id);


--
-- Name: turbines turbines_model_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbines
    ADD CONSTRAINT turbines_model_id_fkey FOREIGN KEY (model_id) REFERENCES public.turbine_models(id);


--
-- Name: turbines turbines_wind_farm_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.turbines
    ADD CONSTRAINT turbines_wind_farm_id_fkey FOREIGN KEY (wind_farm_id) REFERENCES public.wind_farms(id);


--
-- Name: wind_farms wind_farms_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.wind_farms
    ADD CONSTRAINT wind_farms_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: wind_farms wind_farms_grid_operator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.wind_farms
    ADD CONSTRAINT wind_farms_grid_operator_id_fkey FOREIGN KEY (grid_operator_id) REFERENCES public.grid_operators(id);


--
-- Name: wind_farms wind_farms_owner_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.wind_farms
    ADD CONSTRAINT wind_farms_owner_customer_id_fkey FOREIGN KEY (owner_customer_id) REFERENCES public.customers(id);


--
-- Name: work_order_tasks work_order_tasks_technician_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks
    ADD CONSTRAINT work_order_tasks_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);


--
-- Name: work_order_tasks work_order_tasks_work_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_order_tasks
    ADD CONSTRAINT work_order_tasks_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id) ON DELETE CASCADE;


--
-- Name: work_orders work_orders_alarm_event_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_alarm_event_id_fkey FOREIGN KEY (alarm_event_id) REFERENCES public.alarm_events(id);


--
-- Name: work_orders work_orders_contract_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.service_contracts(id);


--
-- Name: work_orders work_orders_turbine_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_turbine_id_fkey FOREIGN KEY (turbine_id) REFERENCES public.turbines(id);


--
-- PostgreSQL database dump complete
--


