--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET client_min_messages = warning;

--
-- Name: booking_status; Type: TYPE; Schema: public; Owner: ferryops
--

CREATE TYPE public.booking_status AS ENUM (
    'provisional',
    'confirmed',
    'travelled',
    'cancelled',
    'no_show'
);

CREATE TYPE public.sailing_status AS ENUM (
    'scheduled',
    'boarding',
    'departed',
    'arrived',
    'cancelled'
);

CREATE TYPE public.pax_type AS ENUM (
    'adult',
    'child',
    'infant',
    'senior'
);

CREATE TYPE public.vehicle_cat AS ENUM (
    'car',
    'motorcycle',
    'bicycle',
    'van',
    'motorhome',
    'car_with_trailer',
    'coach',
    'hgv'
);

CREATE TYPE public.fare_kind AS ENUM (
    'passenger',
    'vehicle',
    'cabin'
);

CREATE TYPE public.payment_status AS ENUM (
    'pending',
    'captured',
    'declined',
    'charged_back'
);

CREATE TYPE public.sales_channel AS ENUM (
    'web',
    'app',
    'call_centre',
    'port_desk',
    'travel_agent'
);

SET default_tablespace = '';
SET default_table_access_method = heap;

--
-- Name: currencies; Type: TABLE; Schema: public; Owner: ferryops
--

CREATE TABLE public.currencies (
    ccy_code character(3) NOT NULL,
    ccy_name character varying(60) NOT NULL,
    minor_units smallint NOT NULL
);

CREATE TABLE public.countries (
    iso2 character(2) NOT NULL,
    country_name character varying(80) NOT NULL,
    ccy_code character(3) NOT NULL
);

CREATE TABLE public.ports (
    port_id integer NOT NULL,
    unlocode character(5) NOT NULL,
    port_name character varying(80) NOT NULL,
    iso2 character(2) NOT NULL,
    tz_name character varying(40) NOT NULL,
    lat numeric(8,5),
    lon numeric(8,5),
    is_active boolean DEFAULT true NOT NULL
);

CREATE SEQUENCE public.ports_port_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.ports_port_id_seq OWNED BY public.ports.port_id;

CREATE TABLE public.vessels (
    vessel_id integer NOT NULL,
    imo_no character(7) NOT NULL,
    vessel_name character varying(60) NOT NULL,
    flag_iso2 character(2) NOT NULL,
    vessel_class character varying(30),
    loa_m numeric(6,2) NOT NULL,
    beam_m numeric(5,2) NOT NULL,
    gross_tonnage integer NOT NULL,
    pax_capacity integer NOT NULL,
    lane_metres integer DEFAULT 0 NOT NULL,
    service_speed_kn numeric(4,1),
    year_built smallint NOT NULL,
    in_fleet_since date NOT NULL,
    left_fleet_on date
);

CREATE SEQUENCE public.vessels_vessel_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.vessels_vessel_id_seq OWNED BY public.vessels.vessel_id;

CREATE TABLE public.vessel_cabins (
    cabin_id integer NOT NULL,
    vessel_id integer NOT NULL,
    cabin_no character varying(8) NOT NULL,
    deck smallint NOT NULL,
    grade character varying(20) NOT NULL,
    berths smallint NOT NULL,
    has_window boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.vessel_cabins_cabin_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.vessel_cabins_cabin_id_seq OWNED BY public.vessel_cabins.cabin_id;

CREATE TABLE public.engine_hours_log (
    reading_id bigint NOT NULL,
    vessel_id integer NOT NULL,
    engine_no smallint NOT NULL,
    read_at timestamp with time zone NOT NULL,
    running_hours numeric(9,1) NOT NULL,
    read_by character varying(40)
);

CREATE SEQUENCE public.engine_hours_log_reading_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.engine_hours_log_reading_id_seq OWNED BY public.engine_hours_log.reading_id;

CREATE TABLE public.routes (
    route_id integer NOT NULL,
    route_code character varying(10) NOT NULL,
    from_port_id integer NOT NULL,
    to_port_id integer NOT NULL,
    distance_nm numeric(6,1) NOT NULL,
    nominal_crossing_min integer NOT NULL,
    opened_on date NOT NULL,
    closed_on date
);

CREATE SEQUENCE public.routes_route_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.routes_route_id_seq OWNED BY public.routes.route_id;

CREATE TABLE public.route_fares (
    fare_id integer NOT NULL,
    route_id integer NOT NULL,
    fare_code character varying(12) NOT NULL,
    kind public.fare_kind NOT NULL,
    ccy_code character(3) NOT NULL,
    price numeric(10,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to date
);

CREATE SEQUENCE public.route_fares_fare_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.route_fares_fare_id_seq OWNED BY public.route_fares.fare_id;

CREATE TABLE public.sailings (
    sailing_id bigint NOT NULL,
    route_id integer NOT NULL,
    vessel_id integer NOT NULL,
    sched_dep_at timestamp with time zone NOT NULL,
    sched_arr_at timestamp with time zone NOT NULL,
    actual_dep_at timestamp with time zone,
    actual_arr_at timestamp with time zone,
    status public.sailing_status DEFAULT 'scheduled'::public.sailing_status NOT NULL,
    cancel_reason character varying(120)
);

CREATE SEQUENCE public.sailings_sailing_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.sailings_sailing_id_seq OWNED BY public.sailings.sailing_id;

CREATE TABLE public.crew (
    crew_id integer NOT NULL,
    first_name character varying(40) NOT NULL,
    last_name character varying(60) NOT NULL,
    rank character varying(30) NOT NULL,
    nationality character(2) NOT NULL,
    dob date NOT NULL,
    stcw_cert_no character varying(20),
    hired_on date NOT NULL
);

CREATE SEQUENCE public.crew_crew_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.crew_crew_id_seq OWNED BY public.crew.crew_id;

CREATE TABLE public.sailing_crew (
    sailing_id bigint NOT NULL,
    crew_id integer NOT NULL,
    duty character varying(30) NOT NULL
);

CREATE TABLE public.customers (
    customer_id integer NOT NULL,
    first_name character varying(40) NOT NULL,
    last_name character varying(60) NOT NULL,
    email character varying(120) NOT NULL,
    phone character varying(20),
    iso2 character(2) NOT NULL,
    postcode character varying(10),
    city character varying(60),
    dob date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.customers_customer_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.customers_customer_id_seq OWNED BY public.customers.customer_id;

CREATE TABLE public.bookings (
    booking_id bigint NOT NULL,
    booking_ref character(8) NOT NULL,
    customer_id integer NOT NULL,
    sailing_id bigint NOT NULL,
    channel public.sales_channel NOT NULL,
    status public.booking_status DEFAULT 'provisional'::public.booking_status NOT NULL,
    ccy_code character(3) NOT NULL,
    total_amount numeric(10,2) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone
);

CREATE SEQUENCE public.bookings_booking_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.bookings_booking_id_seq OWNED BY public.bookings.booking_id;

CREATE TABLE public.booking_pax (
    booking_id bigint NOT NULL,
    pax_no smallint NOT NULL,
    first_name character varying(40) NOT NULL,
    last_name character varying(60) NOT NULL,
    dob date NOT NULL,
    pax_type public.pax_type NOT NULL,
    nationality character(2),
    fare_id integer NOT NULL,
    fare_amount numeric(10,2) NOT NULL
);

CREATE TABLE public.booking_vehicles (
    booking_id bigint NOT NULL,
    veh_no smallint NOT NULL,
    category public.vehicle_cat NOT NULL,
    reg_plate character varying(15) NOT NULL,
    length_cm integer NOT NULL,
    height_cm integer NOT NULL,
    fare_id integer NOT NULL,
    fare_amount numeric(10,2) NOT NULL
);

CREATE TABLE public.booking_cabins (
    booking_id bigint NOT NULL,
    cabin_id integer NOT NULL,
    fare_id integer NOT NULL,
    fare_amount numeric(10,2) NOT NULL
);

CREATE TABLE public.payments (
    payment_id bigint NOT NULL,
    booking_id bigint NOT NULL,
    amount numeric(10,2) NOT NULL,
    ccy_code character(3) NOT NULL,
    method character varying(20) NOT NULL,
    psp_ref character varying(40),
    status public.payment_status NOT NULL,
    created_at timestamp with time zone NOT NULL
);

CREATE SEQUENCE public.payments_payment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.payments_payment_id_seq OWNED BY public.payments.payment_id;

CREATE TABLE public.refunds (
    refund_id bigint NOT NULL,
    payment_id bigint NOT NULL,
    amount numeric(10,2) NOT NULL,
    reason character varying(40) NOT NULL,
    refunded_at timestamp with time zone NOT NULL
);

CREATE SEQUENCE public.refunds_refund_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.refunds_refund_id_seq OWNED BY public.refunds.refund_id;

CREATE TABLE public.boarding_scans (
    scan_id bigint NOT NULL,
    booking_id bigint NOT NULL,
    pax_no smallint,
    lane character varying(6),
    scanned_at timestamp with time zone NOT NULL,
    device_id character varying(20)
);

CREATE SEQUENCE public.boarding_scans_scan_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.boarding_scans_scan_id_seq OWNED BY public.boarding_scans.scan_id;

--
-- Name: defaults from sequences
--

ALTER TABLE ONLY public.ports ALTER COLUMN port_id SET DEFAULT nextval('public.ports_port_id_seq'::regclass);
ALTER TABLE ONLY public.vessels ALTER COLUMN vessel_id SET DEFAULT nextval('public.vessels_vessel_id_seq'::regclass);
ALTER TABLE ONLY public.vessel_cabins ALTER COLUMN cabin_id SET DEFAULT nextval('public.vessel_cabins_cabin_id_seq'::regclass);
ALTER TABLE ONLY public.engine_hours_log ALTER COLUMN reading_id SET DEFAULT nextval('public.engine_hours_log_reading_id_seq'::regclass);
ALTER TABLE ONLY public.routes ALTER COLUMN route_id SET DEFAULT nextval('public.routes_route_id_seq'::regclass);
ALTER TABLE ONLY public.route_fares ALTER COLUMN fare_id SET DEFAULT nextval('public.route_fares_fare_id_seq'::regclass);
ALTER TABLE ONLY public.sailings ALTER COLUMN sailing_id SET DEFAULT nextval('public.sailings_sailing_id_seq'::regclass);
ALTER TABLE ONLY public.crew ALTER COLUMN crew_id SET DEFAULT nextval('public.crew_crew_id_seq'::regclass);
ALTER TABLE ONLY public.customers ALTER COLUMN customer_id SET DEFAULT nextval('public.customers_customer_id_seq'::regclass);
ALTER TABLE ONLY public.bookings ALTER COLUMN booking_id SET DEFAULT nextval('public.bookings_booking_id_seq'::regclass);
ALTER TABLE ONLY public.payments ALTER COLUMN payment_id SET DEFAULT nextval('public.payments_payment_id_seq'::regclass);
ALTER TABLE ONLY public.refunds ALTER COLUMN refund_id SET DEFAULT nextval('public.refunds_refund_id_seq'::regclass);
ALTER TABLE ONLY public.boarding_scans ALTER COLUMN scan_id SET DEFAULT nextval('public.boarding_scans_scan_id_seq'::regclass);

--
-- Primary keys and unique constraints
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (ccy_code);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (iso2);

ALTER TABLE ONLY public.ports
    ADD CONSTRAINT ports_pkey PRIMARY KEY (port_id);

ALTER TABLE ONLY public.ports
    ADD CONSTRAINT ports_unlocode_key UNIQUE (unlocode);

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_pkey PRIMARY KEY (vessel_id);

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_imo_no_key UNIQUE (imo_no);

ALTER TABLE ONLY public.vessel_cabins
    ADD CONSTRAINT vessel_cabins_pkey PRIMARY KEY (cabin_id);

ALTER TABLE ONLY public.vessel_cabins
    ADD CONSTRAINT vessel_cabins_vessel_id_cabin_no_key UNIQUE (vessel_id, cabin_no);

ALTER TABLE ONLY public.engine_hours_log
    ADD CONSTRAINT engine_hours_log_pkey PRIMARY KEY (reading_id);

ALTER TABLE ONLY public.routes
    ADD CONSTRAINT routes_pkey PRIMARY KEY (route_id);

ALTER TABLE ONLY public.routes
    ADD CONSTRAINT routes_route_code_key UNIQUE (route_code);

ALTER TABLE ONLY public.route_fares
    ADD CONSTRAINT route_fares_pkey PRIMARY KEY (fare_id);

ALTER TABLE ONLY public.sailings
    ADD CONSTRAINT sailings_pkey PRIMARY KEY (sailing_id);

ALTER TABLE ONLY public.crew
    ADD CONSTRAINT crew_pkey PRIMARY KEY (crew_id);

ALTER TABLE ONLY public.sailing_crew
    ADD CONSTRAINT sailing_crew_pkey PRIMARY KEY (sailing_id, crew_id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_email_key UNIQUE (email);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (booking_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_booking_ref_key UNIQUE (booking_ref);

ALTER TABLE ONLY public.booking_pax
    ADD CONSTRAINT booking_pax_pkey PRIMARY KEY (booking_id, pax_no);

ALTER TABLE ONLY public.booking_vehicles
    ADD CONSTRAINT booking_vehicles_pkey PRIMARY KEY (booking_id, veh_no);

ALTER TABLE ONLY public.booking_cabins
    ADD CONSTRAINT booking_cabins_pkey PRIMARY KEY (booking_id, cabin_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (payment_id);

ALTER TABLE ONLY public.refunds
    ADD CONSTRAINT refunds_pkey PRIMARY KEY (refund_id);

ALTER TABLE ONLY public.boarding_scans
    ADD CONSTRAINT boarding_scans_pkey PRIMARY KEY (scan_id);

--
-- Check constraints
--

ALTER TABLE public.currencies
    ADD CONSTRAINT currencies_ccy_code_check CHECK ((ccy_code ~ '^[A-Z]{3}$'::text));

ALTER TABLE public.currencies
    ADD CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)));

ALTER TABLE public.countries
    ADD CONSTRAINT countries_iso2_check CHECK ((iso2 ~ '^[A-Z]{2}$'::text));

ALTER TABLE public.ports
    ADD CONSTRAINT ports_unlocode_check CHECK ((unlocode ~ '^[A-Z]{2}[A-Z2-9]{3}$'::text));

ALTER TABLE public.vessels
    ADD CONSTRAINT vessels_imo_no_check CHECK ((imo_no ~ '^[0-9]{7}$'::text));

ALTER TABLE public.vessels
    ADD CONSTRAINT vessels_dims_check CHECK (((loa_m > (0)::numeric) AND (beam_m > (0)::numeric) AND (gross_tonnage > 0)));

ALTER TABLE public.vessels
    ADD CONSTRAINT vessels_pax_capacity_check CHECK ((pax_capacity >= 0));

ALTER TABLE public.vessel_cabins
    ADD CONSTRAINT vessel_cabins_berths_check CHECK (((berths >= 1) AND (berths <= 6)));

ALTER TABLE public.engine_hours_log
    ADD CONSTRAINT engine_hours_log_running_hours_check CHECK ((running_hours >= (0)::numeric));

ALTER TABLE public.routes
    ADD CONSTRAINT routes_ports_check CHECK ((from_port_id <> to_port_id));

ALTER TABLE public.routes
    ADD CONSTRAINT routes_nominal_crossing_min_check CHECK ((nominal_crossing_min > 0));

ALTER TABLE public.route_fares
    ADD CONSTRAINT route_fares_price_check CHECK ((price >= (0)::numeric));

ALTER TABLE public.route_fares
    ADD CONSTRAINT route_fares_valid_check CHECK (((valid_to IS NULL) OR (valid_to >= valid_from)));

ALTER TABLE public.sailings
    ADD CONSTRAINT sailings_sched_check CHECK ((sched_arr_at > sched_dep_at));

ALTER TABLE public.bookings
    ADD CONSTRAINT bookings_total_amount_check CHECK ((total_amount >= (0)::numeric));

ALTER TABLE public.booking_pax
    ADD CONSTRAINT booking_pax_fare_amount_check CHECK ((fare_amount >= (0)::numeric));

ALTER TABLE public.booking_vehicles
    ADD CONSTRAINT booking_vehicles_dims_check CHECK (((length_cm > 0) AND (height_cm > 0)));

ALTER TABLE public.booking_vehicles
    ADD CONSTRAINT booking_vehicles_fare_amount_check CHECK ((fare_amount >= (0)::numeric));

ALTER TABLE public.booking_cabins
    ADD CONSTRAINT booking_cabins_fare_amount_check CHECK ((fare_amount >= (0)::numeric));

ALTER TABLE public.payments
    ADD CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric));

ALTER TABLE public.refunds
    ADD CONSTRAINT refunds_amount_check CHECK ((amount > (0)::numeric));

--
-- Indexes
--

CREATE INDEX idx_sailings_route_dep ON public.sailings USING btree (route_id, sched_dep_at);

CREATE INDEX idx_sailings_vessel_dep ON public.sailings USING btree (vessel_id, sched_dep_at);

CREATE INDEX idx_bookings_sailing ON public.bookings USING btree (sailing_id);

CREATE INDEX idx_bookings_customer ON public.bookings USING btree (customer_id);

CREATE INDEX idx_payments_booking ON public.payments USING btree (booking_id);

CREATE INDEX idx_boarding_scans_booking ON public.boarding_scans USING btree (booking_id);

CREATE INDEX idx_engine_hours_vessel_engine ON public.engine_hours_log USING btree (vessel_id, engine_no, read_at);

CREATE INDEX idx_route_fares_route_valid ON public.route_fares USING btree (route_id, kind, valid_from);

CREATE INDEX idx_customers_lastname ON public.customers USING btree (lower((last_name)::text));

--
-- Foreign keys
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_ccy_code_fkey FOREIGN KEY (ccy_code) REFERENCES public.currencies(ccy_code);

ALTER TABLE ONLY public.ports
    ADD CONSTRAINT ports_iso2_fkey FOREIGN KEY (iso2) REFERENCES public.countries(iso2);

ALTER TABLE ONLY public.vessels
    ADD CONSTRAINT vessels_flag_iso2_fkey FOREIGN KEY (flag_iso2) REFERENCES public.countries(iso2);

ALTER TABLE ONLY public.vessel_cabins
    ADD CONSTRAINT vessel_cabins_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessels(vessel_id);

ALTER TABLE ONLY public.engine_hours_log
    ADD CONSTRAINT engine_hours_log_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessels(vessel_id);

ALTER TABLE ONLY public.routes
    ADD CONSTRAINT routes_from_port_id_fkey FOREIGN KEY (from_port_id) REFERENCES public.ports(port_id);

ALTER TABLE ONLY public.routes
    ADD CONSTRAINT routes_to_port_id_fkey FOREIGN KEY (to_port_id) REFERENCES public.ports(port_id);

ALTER TABLE ONLY public.route_fares
    ADD CONSTRAINT route_fares_route_id_fkey FOREIGN KEY (route_id) REFERENCES public.routes(route_id);

ALTER TABLE ONLY public.route_fares
    ADD CONSTRAINT route_fares_ccy_code_fkey FOREIGN KEY (ccy_code) REFERENCES public.currencies(ccy_code);

ALTER TABLE ONLY public.sailings
    ADD CONSTRAINT sailings_route_id_fkey FOREIGN KEY (route_id) REFERENCES public.routes(route_id);

ALTER TABLE ONLY public.sailings
    ADD CONSTRAINT sailings_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessels(vessel_id);

ALTER TABLE ONLY public.crew
    ADD CONSTRAINT crew_nationality_fkey FOREIGN KEY (nationality) REFERENCES public.countries(iso2);

ALTER TABLE ONLY public.sailing_crew
    ADD CONSTRAINT sailing_crew_sailing_id_fkey FOREIGN KEY (sailing_id) REFERENCES public.sailings(sailing_id);

ALTER TABLE ONLY public.sailing_crew
    ADD CONSTRAINT sailing_crew_crew_id_fkey FOREIGN KEY (crew_id) REFERENCES public.crew(crew_id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_iso2_fkey FOREIGN KEY (iso2) REFERENCES public.countries(iso2);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(customer_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_sailing_id_fkey FOREIGN KEY (sailing_id) REFERENCES public.sailings(sailing_id);

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_ccy_code_fkey FOREIGN KEY (ccy_code) REFERENCES public.currencies(ccy_code);

ALTER TABLE ONLY public.booking_pax
    ADD CONSTRAINT booking_pax_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(booking_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_pax
    ADD CONSTRAINT booking_pax_fare_id_fkey FOREIGN KEY (fare_id) REFERENCES public.route_fares(fare_id);

ALTER TABLE ONLY public.booking_vehicles
    ADD CONSTRAINT booking_vehicles_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(booking_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_vehicles
    ADD CONSTRAINT booking_vehicles_fare_id_fkey FOREIGN KEY (fare_id) REFERENCES public.route_fares(fare_id);

ALTER TABLE ONLY public.booking_cabins
    ADD CONSTRAINT booking_cabins_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(booking_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.booking_cabins
    ADD CONSTRAINT booking_cabins_cabin_id_fkey FOREIGN KEY (cabin_id) REFERENCES public.vessel_cabins(cabin_id);

ALTER TABLE ONLY public.booking_cabins
    ADD CONSTRAINT booking_cabins_fare_id_fkey FOREIGN KEY (fare_id) REFERENCES public.route_fares(fare_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(booking_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_ccy_code_fkey FOREIGN KEY (ccy_code) REFERENCES public.currencies(ccy_code);

ALTER TABLE ONLY public.refunds
    ADD CONSTRAINT refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(payment_id);

ALTER TABLE ONLY public.boarding_scans
    ADD CONSTRAINT boarding_scans_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(booking_id);

--
-- PostgreSQL database dump complete
--
