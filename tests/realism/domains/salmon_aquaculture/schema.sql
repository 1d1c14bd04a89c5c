--
-- PostgreSQL database dump
--

-- Dumped from database version 15.6
-- Dumped by pg_dump version 15.6

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
-- Name: harvest_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.harvest_status AS ENUM (
    'planned',
    'in_progress',
    'completed',
    'cancelled'
);


--
-- Name: mortality_cause; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.mortality_cause AS ENUM (
    'unknown',
    'handling',
    'disease',
    'gill_damage',
    'winter_ulcer',
    'jellyfish',
    'algal_bloom',
    'predator',
    'treatment_loss',
    'low_oxygen'
);


--
-- Name: order_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.order_status AS ENUM (
    'draft',
    'confirmed',
    'shipped',
    'invoiced',
    'cancelled'
);


--
-- Name: quality_grade; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.quality_grade AS ENUM (
    'superior',
    'ordinary',
    'production'
);


--
-- Name: site_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.site_type AS ENUM (
    'hatchery',
    'smolt_ras',
    'sea_site',
    'harvest_plant'
);


--
-- Name: staff_role; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.staff_role AS ENUM (
    'site_manager',
    'fish_health_biologist',
    'operator',
    'feeder',
    'diver',
    'skipper'
);


--
-- Name: treatment_method; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.treatment_method AS ENUM (
    'bath',
    'thermal',
    'mechanical',
    'freshwater',
    'in_feed'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: cohorts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cohorts (
    id integer NOT NULL,
    cohort_code character varying(20) NOT NULL,
    species_code character(3) NOT NULL,
    hatchery_site_id integer NOT NULL,
    strain character varying(60),
    hatched_on date NOT NULL,
    vaccinated_on date,
    notes text
);


--
-- Name: cohorts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.cohorts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: cohorts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.cohorts_id_seq OWNED BY public.cohorts.id;


--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    iso_code character(2) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    dialing_code character varying(6)
);


--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL
);


--
-- Name: customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customers (
    id integer NOT NULL,
    name character varying(120) NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    vat_number character varying(30),
    contact_email character varying(160),
    payment_terms_days smallint DEFAULT 30 NOT NULL,
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
    site_id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    role public.staff_role NOT NULL,
    mobile_phone character varying(24),
    email character varying(160),
    birth_date date,
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
-- Name: environment_readings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.environment_readings (
    id bigint NOT NULL,
    site_id integer NOT NULL,
    measured_at timestamp with time zone NOT NULL,
    depth_m numeric(4,1) NOT NULL,
    temperature_c numeric(4,1),
    oxygen_mg_l numeric(4,1),
    oxygen_saturation_pct numeric(5,1),
    salinity_psu numeric(4,1)
);


--
-- Name: environment_readings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.environment_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.environment_readings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: feed_products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.feed_products (
    id integer NOT NULL,
    supplier character varying(80) NOT NULL,
    product_name character varying(80) NOT NULL,
    pellet_size_mm numeric(4,1) NOT NULL,
    protein_pct numeric(4,1) NOT NULL,
    fat_pct numeric(4,1) NOT NULL,
    price_per_tonne numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    is_medicated boolean DEFAULT false NOT NULL
);


--
-- Name: feed_products_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.feed_products_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: feed_products_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.feed_products_id_seq OWNED BY public.feed_products.id;


--
-- Name: feedings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.feedings (
    id bigint NOT NULL,
    stocking_id integer NOT NULL,
    fed_on date NOT NULL,
    feed_product_id integer NOT NULL,
    quantity_kg numeric(9,1) NOT NULL,
    meals smallint DEFAULT 1 NOT NULL,
    recorded_by integer
);


--
-- Name: feedings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.feedings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.feedings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: harvest_grades; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.harvest_grades (
    harvest_id integer NOT NULL,
    grade public.quality_grade NOT NULL,
    weight_kg numeric(10,1) NOT NULL,
    box_count integer
);


--
-- Name: harvests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.harvests (
    id integer NOT NULL,
    harvest_no character varying(20) NOT NULL,
    site_id integer NOT NULL,
    pen_id integer NOT NULL,
    stocking_id integer NOT NULL,
    vessel_id integer,
    harvest_date date NOT NULL,
    status public.harvest_status DEFAULT 'planned'::public.harvest_status NOT NULL,
    fish_count integer,
    gross_weight_kg numeric(10,1),
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: harvests_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.harvests_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: harvests_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.harvests_id_seq OWNED BY public.harvests.id;


--
-- Name: lice_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.lice_counts (
    id bigint NOT NULL,
    pen_id integer NOT NULL,
    counted_at timestamp with time zone NOT NULL,
    fish_examined smallint NOT NULL,
    adult_female_avg numeric(5,2) NOT NULL,
    mobile_avg numeric(5,2) NOT NULL,
    attached_avg numeric(5,2) NOT NULL,
    counted_by integer
);


--
-- Name: lice_counts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.lice_counts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: lice_counts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.lice_counts_id_seq OWNED BY public.lice_counts.id;


--
-- Name: mortalities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mortalities (
    id bigint NOT NULL,
    stocking_id integer NOT NULL,
    recorded_on date NOT NULL,
    fish_count integer NOT NULL,
    cause public.mortality_cause DEFAULT 'unknown'::public.mortality_cause NOT NULL,
    comment text
);


--
-- Name: mortalities_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mortalities_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mortalities_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mortalities_id_seq OWNED BY public.mortalities.id;


--
-- Name: pens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pens (
    id integer NOT NULL,
    site_id integer NOT NULL,
    pen_no smallint NOT NULL,
    circumference_m numeric(5,1) NOT NULL,
    net_depth_m numeric(4,1) NOT NULL,
    installed_on date,
    is_active boolean DEFAULT true NOT NULL
);


--
-- Name: pens_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pens_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pens_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pens_id_seq OWNED BY public.pens.id;


--
-- Name: sales_order_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sales_order_lines (
    id integer NOT NULL,
    order_id integer NOT NULL,
    line_no smallint NOT NULL,
    harvest_id integer,
    product_code character varying(20) NOT NULL,
    size_class character varying(10) NOT NULL,
    quantity_kg numeric(10,1) NOT NULL,
    price_per_kg numeric(10,2) NOT NULL,
    line_amount numeric(14,2) NOT NULL
);


--
-- Name: sales_order_lines_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.sales_order_lines_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: sales_order_lines_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.sales_order_lines_id_seq OWNED BY public.sales_order_lines.id;


--
-- Name: sales_orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sales_orders (
    id integer NOT NULL,
    order_no character varying(20) NOT NULL,
    customer_id integer NOT NULL,
    ordered_at timestamp with time zone NOT NULL,
    ship_date date,
    status public.order_status DEFAULT 'draft'::public.order_status NOT NULL,
    incoterm character(3),
    currency_code character(3) NOT NULL,
    total_amount numeric(14,2) DEFAULT 0 NOT NULL
);


--
-- Name: sales_orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.sales_orders_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: sales_orders_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.sales_orders_id_seq OWNED BY public.sales_orders.id;


--
-- Name: sites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sites (
    id integer NOT NULL,
    site_no character varying(12) NOT NULL,
    name character varying(80) NOT NULL,
    site_type public.site_type NOT NULL,
    country_code character(2) NOT NULL,
    region character varying(80),
    latitude numeric(8,5),
    longitude numeric(8,5),
    time_zone text NOT NULL,
    max_allowed_biomass_t numeric(8,1),
    licensed_on date,
    is_active boolean DEFAULT true NOT NULL
);


--
-- Name: sites_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.sites_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: sites_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.sites_id_seq OWNED BY public.sites.id;


--
-- Name: species; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.species (
    code character(3) NOT NULL,
    common_name character varying(80) NOT NULL,
    scientific_name character varying(120) NOT NULL
);


--
-- Name: stockings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stockings (
    id integer NOT NULL,
    pen_id integer NOT NULL,
    cohort_id integer NOT NULL,
    stocked_at timestamp with time zone NOT NULL,
    fish_count integer NOT NULL,
    avg_weight_g numeric(7,1) NOT NULL,
    closed_at timestamp with time zone
);


--
-- Name: stockings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.stockings_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: stockings_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.stockings_id_seq OWNED BY public.stockings.id;


--
-- Name: treatments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.treatments (
    id integer NOT NULL,
    pen_id integer NOT NULL,
    method public.treatment_method NOT NULL,
    product_name character varying(80),
    vessel_id integer,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    withdrawal_days smallint DEFAULT 0 NOT NULL,
    prescribed_by integer,
    notes text
);


--
-- Name: treatments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.treatments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: treatments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.treatments_id_seq OWNED BY public.treatments.id;


--
-- Name: vessels; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.vessels (
    id integer NOT NULL,
    name character varying(80) NOT NULL,
    imo_number character varying(10),
    vessel_type character varying(30) NOT NULL,
    flag_country_code character(2) NOT NULL,
    tank_capacity_m3 numeric(7,1),
    owner_company character varying(120)
);


--
-- Name: vessels_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.vessels_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: vessels_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.vessels_id_seq OWNED BY public.vessels.id;


--
-- Name: weight_samples; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.weight_samples (
    id bigint NOT NULL,
    stocking_id integer NOT NULL,
    sampled_at timestamp with time zone NOT NULL,
    fish_sampled smallint NOT NULL,
    avg_weight_g numeric(7,1) NOT NULL,
    cv_pct numeric(4,1),
    method character varying(20) DEFAULT 'manual'::character varying NOT NULL
);


--
-- Name: weight_samples_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.weight_samples ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.weight_samples_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: cohorts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cohorts ALTER COLUMN id SET DEFAULT nextval('public.cohorts_id_seq'::regclass);


--
-- Name: customers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);


--
-- Name: employees id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees ALTER COLUMN id SET DEFAULT nextval('public.employees_id_seq'::regclass);


--
-- Name: feed_products id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feed_products ALTER COLUMN id SET DEFAULT nextval('public.feed_products_id_seq'::regclass);


--
-- Name: harvests id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests ALTER COLUMN id SET DEFAULT nextval('public.harvests_id_seq'::regclass);


--
-- Name: lice_counts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lice_counts ALTER COLUMN id SET DEFAULT nextval('public.lice_counts_id_seq'::regclass);


--
-- Name: mortalities id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mortalities ALTER COLUMN id SET DEFAULT nextval('public.mortalities_id_seq'::regclass);


--
-- Name: pens id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pens ALTER COLUMN id SET DEFAULT nextval('public.pens_id_seq'::regclass);


--
-- Name: sales_order_lines id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_order_lines ALTER COLUMN id SET DEFAULT nextval('public.sales_order_lines_id_seq'::regclass);


--
-- Name: sales_orders id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_orders ALTER COLUMN id SET DEFAULT nextval('public.sales_orders_id_seq'::regclass);


--
-- Name: sites id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sites ALTER COLUMN id SET DEFAULT nextval('public.sites_id_seq'::regclass);


--
-- Name: stockings id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stockings ALTER COLUMN id SET DEFAULT nextval('public.stockings_id_seq'::regclass);


--
-- Name: treatments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treatments ALTER COLUMN id SET DEFAULT nextval('public.treatments_id_seq'::regclass);


--
-- Name: vessels id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vessels ALTER COLUMN id SET DEFAULT nextval('public.vessels_id_seq'::regclass);


--
-- Name: cohorts cohorts_cohort_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cohorts
    ADD CONSTRAINT cohorts_cohort_code_key UNIQUE (cohort_code);


--
-- Name: cohorts cohorts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cohorts
    ADD CONSTRAINT cohorts_pkey PRIMARY KEY (id);


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
-- Name: currencies currencies_minor_units_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.currencies
    ADD CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)));


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);


--
-- Name: customers customers_payment_terms_days_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.customers
    ADD CONSTRAINT customers_payment_terms_days_check CHECK (((payment_terms_days >= 0) AND (payment_terms_days <= 180)));


--
-- Name: employees employees_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (id);


--
-- Name: employees employees_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.employees
    ADD CONSTRAINT employees_check CHECK (((left_on IS NULL) OR (left_on >= hired_on)));


--
-- Name: environment_readings environment_readings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.environment_readings
    ADD CONSTRAINT environment_readings_pkey PRIMARY KEY (id);


--
-- Name: environment_readings environment_readings_depth_m_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.environment_readings
    ADD CONSTRAINT environment_readings_depth_m_check CHECK ((depth_m >= (0)::numeric));


--
-- Name: feed_products feed_products_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feed_products
    ADD CONSTRAINT feed_products_pkey PRIMARY KEY (id);


--
-- Name: feed_products feed_products_supplier_product_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feed_products
    ADD CONSTRAINT feed_products_supplier_product_name_key UNIQUE (supplier, product_name);


--
-- Name: feed_products feed_products_price_per_tonne_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.feed_products
    ADD CONSTRAINT feed_products_price_per_tonne_check CHECK ((price_per_tonne > (0)::numeric));


--
-- Name: feedings feedings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feedings
    ADD CONSTRAINT feedings_pkey PRIMARY KEY (id);


--
-- Name: feedings feedings_quantity_kg_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.feedings
    ADD CONSTRAINT feedings_quantity_kg_check CHECK ((quantity_kg >= (0)::numeric));


--
-- Name: harvest_grades harvest_grades_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvest_grades
    ADD CONSTRAINT harvest_grades_pkey PRIMARY KEY (harvest_id, grade);


--
-- Name: harvest_grades harvest_grades_weight_kg_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.harvest_grades
    ADD CONSTRAINT harvest_grades_weight_kg_check CHECK ((weight_kg >= (0)::numeric));


--
-- Name: harvests harvests_harvest_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests
    ADD CONSTRAINT harvests_harvest_no_key UNIQUE (harvest_no);


--
-- Name: harvests harvests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests
    ADD CONSTRAINT harvests_pkey PRIMARY KEY (id);


--
-- Name: harvests harvests_fish_count_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.harvests
    ADD CONSTRAINT harvests_fish_count_check CHECK (((fish_count IS NULL) OR (fish_count > 0)));


--
-- Name: lice_counts lice_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lice_counts
    ADD CONSTRAINT lice_counts_pkey PRIMARY KEY (id);


--
-- Name: lice_counts lice_counts_fish_examined_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.lice_counts
    ADD CONSTRAINT lice_counts_fish_examined_check CHECK ((fish_examined > 0));


--
-- Name: mortalities mortalities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mortalities
    ADD CONSTRAINT mortalities_pkey PRIMARY KEY (id);


--
-- Name: mortalities mortalities_fish_count_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.mortalities
    ADD CONSTRAINT mortalities_fish_count_check CHECK ((fish_count >= 0));


--
-- Name: pens pens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pens
    ADD CONSTRAINT pens_pkey PRIMARY KEY (id);


--
-- Name: pens pens_site_id_pen_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pens
    ADD CONSTRAINT pens_site_id_pen_no_key UNIQUE (site_id, pen_no);


--
-- Name: sales_order_lines sales_order_lines_order_id_line_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_order_id_line_no_key UNIQUE (order_id, line_no);


--
-- Name: sales_order_lines sales_order_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_pkey PRIMARY KEY (id);


--
-- Name: sales_order_lines sales_order_lines_quantity_kg_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_quantity_kg_check CHECK ((quantity_kg > (0)::numeric));


--
-- Name: sales_orders sales_orders_order_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_order_no_key UNIQUE (order_no);


--
-- Name: sales_orders sales_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_pkey PRIMARY KEY (id);


--
-- Name: sites sites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_pkey PRIMARY KEY (id);


--
-- Name: sites sites_site_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_site_no_key UNIQUE (site_no);


--
-- Name: species species_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.species
    ADD CONSTRAINT species_pkey PRIMARY KEY (code);


--
-- Name: stockings stockings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stockings
    ADD CONSTRAINT stockings_pkey PRIMARY KEY (id);


--
-- Name: stockings stockings_fish_count_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.stockings
    ADD CONSTRAINT stockings_fish_count_check CHECK ((fish_count > 0));


--
-- Name: treatments treatments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treatments
    ADD CONSTRAINT treatments_pkey PRIMARY KEY (id);


--
-- Name: treatments treatments_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.treatments
    ADD CONSTRAINT treatments_check CHECK (((ended_at IS NULL) OR (ended_at >= started_at)));


--
-- Name: vessels vessels_imo_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_imo_number_key UNIQUE (imo_number);


--
-- Name: vessels vessels_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_pkey PRIMARY KEY (id);


--
-- Name: weight_samples weight_samples_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.weight_samples
    ADD CONSTRAINT weight_samples_pkey PRIMARY KEY (id);


--
-- Name: weight_samples weight_samples_fish_sampled_check; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.weight_samples
    ADD CONSTRAINT weight_samples_fish_sampled_check CHECK ((fish_sampled > 0));


--
-- Name: lice_counts_pen_id_counted_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX lice_counts_pen_id_counted_at_idx ON public.lice_counts USING btree (pen_id, counted_at);


--
-- Name: feedings_stocking_id_fed_on_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX feedings_stocking_id_fed_on_idx ON public.feedings USING btree (stocking_id, fed_on);


--
-- Name: cohorts cohorts_hatchery_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cohorts
    ADD CONSTRAINT cohorts_hatchery_site_id_fkey FOREIGN KEY (hatchery_site_id) REFERENCES public.sites(id);


--
-- Name: cohorts cohorts_species_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cohorts
    ADD CONSTRAINT cohorts_species_code_fkey FOREIGN KEY (species_code) REFERENCES public.species(code);


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
-- Name: customers customers_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: employees employees_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);


--
-- Name: environment_readings environment_readings_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.environment_readings
    ADD CONSTRAINT environment_readings_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);


--
-- Name: feed_products feed_products_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feed_products
    ADD CONSTRAINT feed_products_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: feedings feedings_feed_product_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feedings
    ADD CONSTRAINT feedings_feed_product_id_fkey FOREIGN KEY (feed_product_id) REFERENCES public.feed_products(id);


--
-- Name: feedings feedings_recorded_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feedings
    ADD CONSTRAINT feedings_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.employees(id);


--
-- Name: feedings feedings_stocking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feedings
    ADD CONSTRAINT feedings_stocking_id_fkey FOREIGN KEY (stocking_id) REFERENCES public.stockings(id);


--
-- Name: harvest_grades harvest_grades_harvest_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvest_grades
    ADD CONSTRAINT harvest_grades_harvest_id_fkey FOREIGN KEY (harvest_id) REFERENCES public.harvests(id) ON DELETE CASCADE;


--
-- Name: harvests harvests_pen_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests
    ADD CONSTRAINT harvests_pen_id_fkey FOREIGN KEY (pen_id) REFERENCES public.pens(id);


--
-- Name: harvests harvests_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests
    ADD CONSTRAINT harvests_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);


--
-- Name: harvests harvests_stocking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests
    ADD CONSTRAINT harvests_stocking_id_fkey FOREIGN KEY (stocking_id) REFERENCES public.stockings(id);


--
-- Name: harvests harvests_vessel_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.harvests
    ADD CONSTRAINT harvests_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessels(id);


--
-- Name: lice_counts lice_counts_counted_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lice_counts
    ADD CONSTRAINT lice_counts_counted_by_fkey FOREIGN KEY (counted_by) REFERENCES public.employees(id);


--
-- Name: lice_counts lice_counts_pen_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.lice_counts
    ADD CONSTRAINT lice_counts_pen_id_fkey FOREIGN KEY (pen_id) REFERENCES public.pens(id);


--
-- Name: mortalities mortalities_stocking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mortalities
    ADD CONSTRAINT mortalities_stocking_id_fkey FOREIGN KEY (stocking_id) REFERENCES public.stockings(id);


--
-- Name: pens pens_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pens
    ADD CONSTRAINT pens_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);


--
-- Name: sales_order_lines sales_order_lines_harvest_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_harvest_id_fkey FOREIGN KEY (harvest_id) REFERENCES public.harvests(id);


--
-- Name: sales_order_lines sales_order_lines_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.sales_orders(id) ON DELETE CASCADE;


--
-- Name: sales_orders sales_orders_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: sales_orders sales_orders_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);


--
-- Name: sites sites_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: stockings stockings_cohort_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stockings
    ADD CONSTRAINT stockings_cohort_id_fkey FOREIGN KEY (cohort_id) REFERENCES public.cohorts(id);


--
-- Name: stockings stockings_pen_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stockings
    ADD CONSTRAINT stockings_pen_id_fkey FOREIGN KEY (pen_id) REFERENCES public.pens(id);


--
-- Name: treatments treatments_pen_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treatments
    ADD CONSTRAINT treatments_pen_id_fkey FOREIGN KEY (pen_id) REFERENCES public.pens(id);


--
-- Name: treatments treatments_prescribed_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treatments
    ADD CONSTRAINT treatments_prescribed_by_fkey FOREIGN KEY (prescribed_by) REFERENCES public.employees(id);


--
-- Name: treatments treatments_vessel_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.treatments
    ADD CONSTRAINT treatments_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessels(id);


--
-- Name: vessels vessels_flag_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_flag_country_code_fkey FOREIGN KEY (flag_country_code) REFERENCES public.countries(iso_code);


--
-- Name: weight_samples weight_samples_stocking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.weight_samples
    ADD CONSTRAINT weight_samples_stocking_id_fkey FOREIGN KEY (stocking_id) REFERENCES public.stockings(id);


--
-- PostgreSQL dump complete
--
