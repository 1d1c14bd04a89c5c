--
-- PostgreSQL database dump
--
-- Rail freight operator (single-wagon and block-train services across Europe):
-- customers and contracts, wagon fleet and workshop visits, locomotives and
-- their meter readings, train drivers and licences, train runs with their
-- stops, consignments (CIM waybills) loaded into wagons, invoicing and claims.
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';
SET default_table_access_method = heap;

--
-- Name: train_run_status; Type: TYPE; Schema: public
--

CREATE TYPE public.train_run_status AS ENUM (
    'planned',
    'departed',
    'completed',
    'cancelled'
);

--
-- Name: wagon_status; Type: TYPE; Schema: public
--

CREATE TYPE public.wagon_status AS ENUM (
    'in_service',
    'in_workshop',
    'stored',
    'withdrawn'
);

--
-- Name: consignment_status; Type: TYPE; Schema: public
--

CREATE TYPE public.consignment_status AS ENUM (
    'booked',
    'loaded',
    'in_transit',
    'delivered',
    'cancelled'
);

--
-- Name: currencies; Type: TABLE; Schema: public
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name text NOT NULL,
    minor_units smallint NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$')),
    CONSTRAINT currencies_minor_units_check CHECK ((minor_units BETWEEN 0 AND 3))
);

--
-- Name: countries; Type: TABLE; Schema: public
--

CREATE TABLE public.countries (
    iso2 character(2) NOT NULL,
    name text NOT NULL,
    uic_country_code smallint NOT NULL,
    currency_code character(3) NOT NULL,
    dialling_code character varying(5) NOT NULL,
    time_zone text NOT NULL,
    vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_iso2_check CHECK ((iso2 ~ '^[A-Z]{2}$')),
    CONSTRAINT countries_uic_country_code_check CHECK ((uic_country_code BETWEEN 10 AND 99)),
    CONSTRAINT countries_dialling_code_check CHECK (((dialling_code)::text ~ '^\+[0-9]{1,3}$')),
    CONSTRAINT countries_vat_rate_check CHECK ((vat_rate >= 0 AND vat_rate < 30))
);

--
-- Name: stations; Type: TABLE; Schema: public
--

CREATE TABLE public.stations (
    id integer NOT NULL,
    uic_code character(7) NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    station_type text NOT NULL,
    is_border_point boolean DEFAULT false NOT NULL,
    has_workshop boolean DEFAULT false NOT NULL,
    latitude numeric(8,5) NOT NULL,
    longitude numeric(8,5) NOT NULL,
    CONSTRAINT stations_uic_code_check CHECK ((uic_code ~ '^[0-9]{7}$')),
    CONSTRAINT stations_station_type_check CHECK ((station_type = ANY (ARRAY['marshalling_yard', 'terminal', 'private_siding', 'port', 'border_station', 'depot']))),
    CONSTRAINT stations_latitude_check CHECK ((latitude BETWEEN -90 AND 90)),
    CONSTRAINT stations_longitude_check CHECK ((longitude BETWEEN -180 AND 180))
);

CREATE SEQUENCE public.stations_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.stations_id_seq OWNED BY public.stations.id;
ALTER TABLE ONLY public.stations ALTER COLUMN id SET DEFAULT nextval('public.stations_id_seq'::regclass);

--
-- Name: commodities; Type: TABLE; Schema: public
--

CREATE TABLE public.commodities (
    nhm_code character(6) NOT NULL,
    description text NOT NULL,
    is_dangerous_goods boolean DEFAULT false NOT NULL,
    CONSTRAINT commodities_nhm_code_check CHECK ((nhm_code ~ '^[0-9]{6}$'))
);

--
-- Name: customers; Type: TABLE; Schema: public
--

CREATE TABLE public.customers (
    id integer NOT NULL,
    account_no character varying(12) NOT NULL,
    legal_name text NOT NULL,
    country_code character(2) NOT NULL,
    vat_number character varying(16),
    address_line text NOT NULL,
    postcode character varying(10) NOT NULL,
    city text NOT NULL,
    phone character varying(20) NOT NULL,
    email character varying(254) NOT NULL,
    credit_limit numeric(14,2) DEFAULT 0 NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_account_no_check CHECK (((account_no)::text ~ '^C[0-9]{6,11}$')),
    CONSTRAINT customers_email_check CHECK (((email)::text ~ '^[^@\s]+@[^@\s]+\.[a-z]{2,}$')),
    CONSTRAINT customers_credit_limit_check CHECK ((credit_limit >= 0)),
    CONSTRAINT customers_status_check CHECK ((status = ANY (ARRAY['prospect', 'active', 'blocked', 'closed'])))
);

CREATE SEQUENCE public.customers_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;
ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);

--
-- Name: contracts; Type: TABLE; Schema: public
--

CREATE TABLE public.contracts (
    id integer NOT NULL,
    contract_no character varying(20) NOT NULL,
    customer_id integer NOT NULL,
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    payment_terms_days smallint DEFAULT 30 NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    signed_at timestamp with time zone,
    CONSTRAINT contracts_dates_check CHECK ((valid_to IS NULL OR valid_to > valid_from)),
    CONSTRAINT contracts_payment_terms_days_check CHECK ((payment_terms_days BETWEEN 0 AND 120)),
    CONSTRAINT contracts_status_check CHECK ((status = ANY (ARRAY['draft', 'active', 'expired', 'terminated'])))
);

CREATE SEQUENCE public.contracts_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.contracts_id_seq OWNED BY public.contracts.id;
ALTER TABLE ONLY public.contracts ALTER COLUMN id SET DEFAULT nextval('public.contracts_id_seq'::regclass);

--
-- Name: tariff_rates; Type: TABLE; Schema: public
--

CREATE TABLE public.tariff_rates (
    id integer NOT NULL,
    contract_id integer NOT NULL,
    origin_station_id integer NOT NULL,
    destination_station_id integer NOT NULL,
    wagon_type_id integer NOT NULL,
    price_per_wagon numeric(12,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT tariff_rates_price_per_wagon_check CHECK ((price_per_wagon > 0)),
    CONSTRAINT tariff_rates_dates_check CHECK ((valid_to IS NULL OR valid_to > valid_from)),
    CONSTRAINT tariff_rates_stations_check CHECK ((origin_station_id <> destination_station_id))
);

CREATE SEQUENCE public.tariff_rates_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.tariff_rates_id_seq OWNED BY public.tariff_rates.id;
ALTER TABLE ONLY public.tariff_rates ALTER COLUMN id SET DEFAULT nextval('public.tariff_rates_id_seq'::regclass);

--
-- Name: wagon_types; Type: TABLE; Schema: public
--

CREATE TABLE public.wagon_types (
    id integer NOT NULL,
    uic_type_code character varying(10) NOT NULL,
    description text NOT NULL,
    axles smallint NOT NULL,
    length_over_buffers_m numeric(5,2) NOT NULL,
    max_payload_t numeric(5,1) NOT NULL,
    max_speed_kmh smallint NOT NULL,
    CONSTRAINT wagon_types_uic_type_code_check CHECK (((uic_type_code)::text ~ '^[EFGHIKLORSTUZ][a-z]{0,8}$')),
    CONSTRAINT wagon_types_axles_check CHECK ((axles = ANY (ARRAY[2, 3, 4, 6, 8]))),
    CONSTRAINT wagon_types_length_check CHECK ((length_over_buffers_m BETWEEN 5 AND 40)),
    CONSTRAINT wagon_types_max_payload_t_check CHECK ((max_payload_t > 0 AND max_payload_t <= 135)),
    CONSTRAINT wagon_types_max_speed_kmh_check CHECK ((max_speed_kmh BETWEEN 60 AND 160))
);

CREATE SEQUENCE public.wagon_types_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.wagon_types_id_seq OWNED BY public.wagon_types.id;
ALTER TABLE ONLY public.wagon_types ALTER COLUMN id SET DEFAULT nextval('public.wagon_types_id_seq'::regclass);

--
-- Name: wagons; Type: TABLE; Schema: public
--

CREATE TABLE public.wagons (
    id integer NOT NULL,
    wagon_number character(12) NOT NULL,
    wagon_type_id integer NOT NULL,
    keeper_country_code character(2) NOT NULL,
    tare_weight_t numeric(5,2) NOT NULL,
    built_year smallint NOT NULL,
    status public.wagon_status DEFAULT 'in_service'::public.wagon_status NOT NULL,
    home_station_id integer,
    withdrawn_on date,
    CONSTRAINT wagons_wagon_number_check CHECK ((wagon_number ~ '^[0-9]{12}$')),
    CONSTRAINT wagons_tare_weight_t_check CHECK ((tare_weight_t > 0)),
    CONSTRAINT wagons_built_year_check CHECK ((built_year BETWEEN 1950 AND 2100)),
    CONSTRAINT wagons_withdrawn_check CHECK (((status = 'withdrawn'::public.wagon_status) = (withdrawn_on IS NOT NULL)))
);

CREATE SEQUENCE public.wagons_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.wagons_id_seq OWNED BY public.wagons.id;
ALTER TABLE ONLY public.wagons ALTER COLUMN id SET DEFAULT nextval('public.wagons_id_seq'::regclass);

--
-- Name: workshop_visits; Type: TABLE; Schema: public
--

CREATE TABLE public.workshop_visits (
    id integer NOT NULL,
    wagon_id integer NOT NULL,
    workshop_station_id integer NOT NULL,
    visit_type text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    revision_valid_until date,
    cost numeric(12,2),
    currency_code character(3) NOT NULL,
    findings text,
    CONSTRAINT workshop_visits_visit_type_check CHECK ((visit_type = ANY (ARRAY['periodic_revision', 'corrective_repair', 'wheelset_exchange', 'brake_overhaul', 'damage_repair']))),
    CONSTRAINT workshop_visits_times_check CHECK ((finished_at IS NULL OR finished_at > started_at)),
    CONSTRAINT workshop_visits_cost_check CHECK ((cost IS NULL OR cost >= 0)),
    CONSTRAINT workshop_visits_revision_check CHECK (((visit_type = 'periodic_revision') OR (revision_valid_until IS NULL)))
);

CREATE SEQUENCE public.workshop_visits_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.workshop_visits_id_seq OWNED BY public.workshop_visits.id;
ALTER TABLE ONLY public.workshop_visits ALTER COLUMN id SET DEFAULT nextval('public.workshop_visits_id_seq'::regclass);

--
-- Name: locomotives; Type: TABLE; Schema: public
--

CREATE TABLE public.locomotives (
    id integer NOT NULL,
    evn character(12) NOT NULL,
    class_name character varying(30) NOT NULL,
    traction text NOT NULL,
    power_kw integer NOT NULL,
    max_speed_kmh smallint NOT NULL,
    home_depot_id integer NOT NULL,
    in_service_since date NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT locomotives_evn_check CHECK ((evn ~ '^9[0-9]{11}$')),
    CONSTRAINT locomotives_traction_check CHECK ((traction = ANY (ARRAY['electric', 'diesel', 'dual_mode']))),
    CONSTRAINT locomotives_power_kw_check CHECK ((power_kw BETWEEN 300 AND 12000)),
    CONSTRAINT locomotives_max_speed_kmh_check CHECK ((max_speed_kmh BETWEEN 40 AND 230)),
    CONSTRAINT locomotives_status_check CHECK ((status = ANY (ARRAY['active', 'maintenance', 'leased_out', 'retired'])))
);

CREATE SEQUENCE public.locomotives_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.locomotives_id_seq OWNED BY public.locomotives.id;
ALTER TABLE ONLY public.locomotives ALTER COLUMN id SET DEFAULT nextval('public.locomotives_id_seq'::regclass);

--
-- Name: locomotive_meter_readings; Type: TABLE; Schema: public
--

CREATE TABLE public.locomotive_meter_readings (
    id bigint NOT NULL,
    locomotive_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    odometer_km integer NOT NULL,
    energy_kwh bigint,
    source text DEFAULT 'telematics'::text NOT NULL,
    CONSTRAINT locomotive_meter_readings_odometer_km_check CHECK ((odometer_km >= 0)),
    CONSTRAINT locomotive_meter_readings_energy_kwh_check CHECK ((energy_kwh IS NULL OR energy_kwh >= 0)),
    CONSTRAINT locomotive_meter_readings_source_check CHECK ((source = ANY (ARRAY['telematics', 'manual', 'workshop'])))
);

CREATE SEQUENCE public.locomotive_meter_readings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.locomotive_meter_readings_id_seq OWNED BY public.locomotive_meter_readings.id;
ALTER TABLE ONLY public.locomotive_meter_readings ALTER COLUMN id SET DEFAULT nextval('public.locomotive_meter_readings_id_seq'::regclass);

--
-- Name: drivers; Type: TABLE; Schema: public
--

CREATE TABLE public.drivers (
    id integer NOT NULL,
    employee_no character varying(10) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date NOT NULL,
    home_country_code character(2) NOT NULL,
    home_depot_id integer NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT drivers_employee_no_check CHECK (((employee_no)::text ~ '^E[0-9]{5,9}$')),
    CONSTRAINT drivers_dates_check CHECK ((hired_on > date_of_birth AND (left_on IS NULL OR left_on >= hired_on))),
    CONSTRAINT drivers_status_check CHECK ((status = ANY (ARRAY['active', 'on_leave', 'left'])))
);

CREATE SEQUENCE public.drivers_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.drivers_id_seq OWNED BY public.drivers.id;
ALTER TABLE ONLY public.drivers ALTER COLUMN id SET DEFAULT nextval('public.drivers_id_seq'::regclass);

--
-- Name: driver_licences; Type: TABLE; Schema: public
--

CREATE TABLE public.driver_licences (
    id integer NOT NULL,
    driver_id integer NOT NULL,
    licence_no character varying(24) NOT NULL,
    issuing_country_code character(2) NOT NULL,
    issued_on date NOT NULL,
    valid_until date NOT NULL,
    status text DEFAULT 'valid'::text NOT NULL,
    CONSTRAINT driver_licences_dates_check CHECK ((valid_until > issued_on)),
    CONSTRAINT driver_licences_status_check CHECK ((status = ANY (ARRAY['valid', 'expired', 'suspended', 'revoked'])))
);

CREATE SEQUENCE public.driver_licences_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.driver_licences_id_seq OWNED BY public.driver_licences.id;
ALTER TABLE ONLY public.driver_licences ALTER COLUMN id SET DEFAULT nextval('public.driver_licences_id_seq'::regclass);

--
-- Name: train_runs; Type: TABLE; Schema: public
--

CREATE TABLE public.train_runs (
    id integer NOT NULL,
    train_number character varying(8) NOT NULL,
    run_date date NOT NULL,
    origin_station_id integer NOT NULL,
    destination_station_id integer NOT NULL,
    locomotive_id integer,
    driver_id integer,
    planned_departure timestamp with time zone NOT NULL,
    planned_arrival timestamp with time zone NOT NULL,
    actual_departure timestamp with time zone,
    actual_arrival timestamp with time zone,
    status public.train_run_status DEFAULT 'planned'::public.train_run_status NOT NULL,
    gross_weight_t numeric(7,1),
    length_m numeric(6,1),
    cancellation_reason text,
    CONSTRAINT train_runs_train_number_check CHECK (((train_number)::text ~ '^[0-9]{4,6}$')),
    CONSTRAINT train_runs_stations_check CHECK ((origin_station_id <> destination_station_id)),
    CONSTRAINT train_runs_planned_check CHECK ((planned_arrival > planned_departure)),
    CONSTRAINT train_runs_actual_check CHECK ((actual_arrival IS NULL OR (actual_departure IS NOT NULL AND actual_arrival > actual_departure))),
    CONSTRAINT train_runs_gross_weight_t_check CHECK ((gross_weight_t IS NULL OR gross_weight_t BETWEEN 50 AND 6000)),
    CONSTRAINT train_runs_length_m_check CHECK ((length_m IS NULL OR length_m BETWEEN 20 AND 1000))
);

CREATE SEQUENCE public.train_runs_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.train_runs_id_seq OWNED BY public.train_runs.id;
ALTER TABLE ONLY public.train_runs ALTER COLUMN id SET DEFAULT nextval('public.train_runs_id_seq'::regclass);

--
-- Name: train_run_stops; Type: TABLE; Schema: public
--

CREATE TABLE public.train_run_stops (
    id integer NOT NULL,
    train_run_id integer NOT NULL,
    seq_no smallint NOT NULL,
    station_id integer NOT NULL,
    stop_purpose text NOT NULL,
    planned_arrival timestamp with time zone,
    planned_departure timestamp with time zone,
    actual_arrival timestamp with time zone,
    actual_departure timestamp with time zone,
    CONSTRAINT train_run_stops_seq_no_check CHECK ((seq_no >= 1)),
    CONSTRAINT train_run_stops_stop_purpose_check CHECK ((stop_purpose = ANY (ARRAY['origin', 'destination', 'border_crossing', 'crew_change', 'loco_change', 'wagon_exchange', 'operational']))),
    CONSTRAINT train_run_stops_planned_check CHECK ((planned_arrival IS NOT NULL OR planned_departure IS NOT NULL)),
    CONSTRAINT train_run_stops_dwell_check CHECK ((planned_arrival IS NULL OR planned_departure IS NULL OR planned_departure >= planned_arrival))
);

CREATE SEQUENCE public.train_run_stops_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.train_run_stops_id_seq OWNED BY public.train_run_stops.id;
ALTER TABLE ONLY public.train_run_stops ALTER COLUMN id SET DEFAULT nextval('public.train_run_stops_id_seq'::regclass);

--
-- Name: consignments; Type: TABLE; Schema: public
--

CREATE TABLE public.consignments (
    id integer NOT NULL,
    consignment_no character varying(20) NOT NULL,
    contract_id integer NOT NULL,
    customer_id integer NOT NULL,
    origin_station_id integer NOT NULL,
    destination_station_id integer NOT NULL,
    nhm_code character(6) NOT NULL,
    un_number character(4),
    requested_date date NOT NULL,
    status public.consignment_status DEFAULT 'booked'::public.consignment_status NOT NULL,
    created_at timestamp with time zone NOT NULL,
    delivered_at timestamp with time zone,
    CONSTRAINT consignments_stations_check CHECK ((origin_station_id <> destination_station_id)),
    CONSTRAINT consignments_un_number_check CHECK ((un_number IS NULL OR un_number ~ '^[0-9]{4}$')),
    CONSTRAINT consignments_delivered_check CHECK (((status = 'delivered'::public.consignment_status) = (delivered_at IS NOT NULL)))
);

CREATE SEQUENCE public.consignments_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.consignments_id_seq OWNED BY public.consignments.id;
ALTER TABLE ONLY public.consignments ALTER COLUMN id SET DEFAULT nextval('public.consignments_id_seq'::regclass);

--
-- Name: consignment_wagons; Type: TABLE; Schema: public
--

CREATE TABLE public.consignment_wagons (
    id integer NOT NULL,
    consignment_id integer NOT NULL,
    wagon_id integer NOT NULL,
    train_run_id integer,
    position_in_train smallint,
    net_weight_t numeric(5,2) NOT NULL,
    seal_no character varying(20),
    loaded_at timestamp with time zone,
    CONSTRAINT consignment_wagons_net_weight_t_check CHECK ((net_weight_t >= 0 AND net_weight_t <= 135)),
    CONSTRAINT consignment_wagons_position_check CHECK ((position_in_train IS NULL OR position_in_train BETWEEN 1 AND 60))
);

CREATE SEQUENCE public.consignment_wagons_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.consignment_wagons_id_seq OWNED BY public.consignment_wagons.id;
ALTER TABLE ONLY public.consignment_wagons ALTER COLUMN id SET DEFAULT nextval('public.consignment_wagons_id_seq'::regclass);

--
-- Name: invoices; Type: TABLE; Schema: public
--

CREATE TABLE public.invoices (
    id integer NOT NULL,
    invoice_no character varying(20) NOT NULL,
    customer_id integer NOT NULL,
    contract_id integer NOT NULL,
    currency_code character(3) NOT NULL,
    issued_on date NOT NULL,
    due_on date NOT NULL,
    net_amount numeric(14,2) NOT NULL,
    vat_amount numeric(14,2) NOT NULL,
    gross_amount numeric(14,2) NOT NULL,
    status text DEFAULT 'issued'::text NOT NULL,
    paid_on date,
    CONSTRAINT invoices_dates_check CHECK ((due_on >= issued_on)),
    CONSTRAINT invoices_vat_amount_check CHECK ((vat_amount >= 0)),
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['draft', 'issued', 'paid', 'overdue', 'cancelled']))),
    CONSTRAINT invoices_paid_check CHECK (((status = 'paid') = (paid_on IS NOT NULL)))
);

CREATE SEQUENCE public.invoices_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.invoices_id_seq OWNED BY public.invoices.id;
ALTER TABLE ONLY public.invoices ALTER COLUMN id SET DEFAULT nextval('public.invoices_id_seq'::regclass);

--
-- Name: invoice_lines; Type: TABLE; Schema: public
--

CREATE TABLE public.invoice_lines (
    id integer NOT NULL,
    invoice_id integer NOT NULL,
    line_no smallint NOT NULL,
    consignment_id integer,
    description text NOT NULL,
    quantity numeric(10,3) NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    amount numeric(14,2) NOT NULL,
    CONSTRAINT invoice_lines_line_no_check CHECK ((line_no >= 1)),
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > 0))
);

CREATE SEQUENCE public.invoice_lines_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.invoice_lines_id_seq OWNED BY public.invoice_lines.id;
ALTER TABLE ONLY public.invoice_lines ALTER COLUMN id SET DEFAULT nextval('public.invoice_lines_id_seq'::regclass);

--
-- Name: damage_claims; Type: TABLE; Schema: public
--

CREATE TABLE public.damage_claims (
    id integer NOT NULL,
    consignment_id integer NOT NULL,
    claim_no character varying(20) NOT NULL,
    filed_at timestamp with time zone NOT NULL,
    claim_type text NOT NULL,
    amount_claimed numeric(14,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    settled_amount numeric(14,2),
    closed_at timestamp with time zone,
    CONSTRAINT damage_claims_claim_type_check CHECK ((claim_type = ANY (ARRAY['damage', 'loss', 'delay', 'contamination']))),
    CONSTRAINT damage_claims_amount_claimed_check CHECK ((amount_claimed > 0)),
    CONSTRAINT damage_claims_status_check CHECK ((status = ANY (ARRAY['open', 'under_review', 'settled', 'rejected']))),
    CONSTRAINT damage_claims_settled_check CHECK ((settled_amount IS NULL OR (settled_amount >= 0 AND settled_amount <= amount_claimed))),
    CONSTRAINT damage_claims_closed_check CHECK (((status = ANY (ARRAY['settled', 'rejected'])) = (closed_at IS NOT NULL)))
);

CREATE SEQUENCE public.damage_claims_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.damage_claims_id_seq OWNED BY public.damage_claims.id;
ALTER TABLE ONLY public.damage_claims ALTER COLUMN id SET DEFAULT nextval('public.damage_claims_id_seq'::regclass);

--
-- Primary keys
--

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (iso2);
ALTER TABLE ONLY public.stations ADD CONSTRAINT stations_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.commodities ADD CONSTRAINT commodities_pkey PRIMARY KEY (nhm_code);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.contracts ADD CONSTRAINT contracts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tariff_rates ADD CONSTRAINT tariff_rates_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.wagon_types ADD CONSTRAINT wagon_types_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.wagons ADD CONSTRAINT wagons_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.workshop_visits ADD CONSTRAINT workshop_visits_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.locomotives ADD CONSTRAINT locomotives_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.locomotive_meter_readings ADD CONSTRAINT locomotive_meter_readings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.drivers ADD CONSTRAINT drivers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.driver_licences ADD CONSTRAINT driver_licences_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.train_runs ADD CONSTRAINT train_runs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.train_run_stops ADD CONSTRAINT train_run_stops_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.consignment_wagons ADD CONSTRAINT consignment_wagons_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.damage_claims ADD CONSTRAINT damage_claims_pkey PRIMARY KEY (id);

--
-- Unique constraints
--

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_uic_country_code_key UNIQUE (uic_country_code);
ALTER TABLE ONLY public.stations ADD CONSTRAINT stations_uic_code_key UNIQUE (uic_code);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_account_no_key UNIQUE (account_no);
ALTER TABLE ONLY public.contracts ADD CONSTRAINT contracts_contract_no_key UNIQUE (contract_no);
ALTER TABLE ONLY public.wagon_types ADD CONSTRAINT wagon_types_uic_type_code_key UNIQUE (uic_type_code);
ALTER TABLE ONLY public.wagons ADD CONSTRAINT wagons_wagon_number_key UNIQUE (wagon_number);
ALTER TABLE ONLY public.locomotives ADD CONSTRAINT locomotives_evn_key UNIQUE (evn);
ALTER TABLE ONLY public.locomotive_meter_readings ADD CONSTRAINT locomotive_meter_readings_loco_read_at_key UNIQUE (locomotive_id, read_at);
ALTER TABLE ONLY public.drivers ADD CONSTRAINT drivers_employee_no_key UNIQUE (employee_no);
ALTER TABLE ONLY public.driver_licences ADD CONSTRAINT driver_licences_country_licence_no_key UNIQUE (issuing_country_code, licence_no);
ALTER TABLE ONLY public.train_runs ADD CONSTRAINT train_runs_train_number_run_date_key UNIQUE (train_number, run_date);
ALTER TABLE ONLY public.train_run_stops ADD CONSTRAINT train_run_stops_run_seq_key UNIQUE (train_run_id, seq_no);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_consignment_no_key UNIQUE (consignment_no);
ALTER TABLE ONLY public.consignment_wagons ADD CONSTRAINT consignment_wagons_consignment_wagon_key UNIQUE (consignment_id, wagon_id);
ALTER TABLE ONLY public.consignment_wagons ADD CONSTRAINT consignment_wagons_run_position_key UNIQUE (train_run_id, position_in_train);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_line_no_key UNIQUE (invoice_id, line_no);
ALTER TABLE ONLY public.damage_claims ADD CONSTRAINT damage_claims_claim_no_key UNIQUE (claim_no);

--
-- Indexes
--

CREATE INDEX stations_country_code_idx ON public.stations USING btree (country_code);
CREATE INDEX customers_country_code_idx ON public.customers USING btree (country_code);
CREATE INDEX contracts_customer_id_idx ON public.contracts USING btree (customer_id);
CREATE INDEX tariff_rates_contract_id_idx ON public.tariff_rates USING btree (contract_id);
CREATE INDEX wagons_wagon_type_id_idx ON public.wagons USING btree (wagon_type_id);
CREATE INDEX workshop_visits_wagon_id_started_at_idx ON public.workshop_visits USING btree (wagon_id, started_at);
CREATE INDEX driver_licences_driver_id_idx ON public.driver_licences USING btree (driver_id);
CREATE INDEX train_runs_planned_departure_idx ON public.train_runs USING btree (planned_departure);
CREATE INDEX train_runs_driver_id_idx ON public.train_runs USING btree (driver_id);
CREATE INDEX train_runs_locomotive_id_idx ON public.train_runs USING btree (locomotive_id);
CREATE INDEX consignments_customer_id_idx ON public.consignments USING btree (customer_id);
CREATE INDEX consignments_created_at_idx ON public.consignments USING btree (created_at);
CREATE INDEX consignment_wagons_wagon_id_idx ON public.consignment_wagons USING btree (wagon_id);
CREATE INDEX invoices_customer_id_idx ON public.invoices USING btree (customer_id);
CREATE INDEX invoice_lines_consignment_id_idx ON public.invoice_lines USING btree (consignment_id);
CREATE INDEX damage_claims_consignment_id_idx ON public.damage_claims USING btree (consignment_id);

--
-- Foreign keys
--

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.stations ADD CONSTRAINT stations_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.contracts ADD CONSTRAINT contracts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.contracts ADD CONSTRAINT contracts_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.tariff_rates ADD CONSTRAINT tariff_rates_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.contracts(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.tariff_rates ADD CONSTRAINT tariff_rates_origin_station_id_fkey FOREIGN KEY (origin_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.tariff_rates ADD CONSTRAINT tariff_rates_destination_station_id_fkey FOREIGN KEY (destination_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.tariff_rates ADD CONSTRAINT tariff_rates_wagon_type_id_fkey FOREIGN KEY (wagon_type_id) REFERENCES public.wagon_types(id);
ALTER TABLE ONLY public.wagons ADD CONSTRAINT wagons_wagon_type_id_fkey FOREIGN KEY (wagon_type_id) REFERENCES public.wagon_types(id);
ALTER TABLE ONLY public.wagons ADD CONSTRAINT wagons_keeper_country_code_fkey FOREIGN KEY (keeper_country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.wagons ADD CONSTRAINT wagons_home_station_id_fkey FOREIGN KEY (home_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.workshop_visits ADD CONSTRAINT workshop_visits_wagon_id_fkey FOREIGN KEY (wagon_id) REFERENCES public.wagons(id);
ALTER TABLE ONLY public.workshop_visits ADD CONSTRAINT workshop_visits_workshop_station_id_fkey FOREIGN KEY (workshop_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.workshop_visits ADD CONSTRAINT workshop_visits_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.locomotives ADD CONSTRAINT locomotives_home_depot_id_fkey FOREIGN KEY (home_depot_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.locomotive_meter_readings ADD CONSTRAINT locomotive_meter_readings_locomotive_id_fkey FOREIGN KEY (locomotive_id) REFERENCES public.locomotives(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.drivers ADD CONSTRAINT drivers_home_country_code_fkey FOREIGN KEY (home_country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.drivers ADD CONSTRAINT drivers_home_depot_id_fkey FOREIGN KEY (home_depot_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.driver_licences ADD CONSTRAINT driver_licences_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES public.drivers(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.driver_licences ADD CONSTRAINT driver_licences_issuing_country_code_fkey FOREIGN KEY (issuing_country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.train_runs ADD CONSTRAINT train_runs_origin_station_id_fkey FOREIGN KEY (origin_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.train_runs ADD CONSTRAINT train_runs_destination_station_id_fkey FOREIGN KEY (destination_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.train_runs ADD CONSTRAINT train_runs_locomotive_id_fkey FOREIGN KEY (locomotive_id) REFERENCES public.locomotives(id);
ALTER TABLE ONLY public.train_runs ADD CONSTRAINT train_runs_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES public.drivers(id);
ALTER TABLE ONLY public.train_run_stops ADD CONSTRAINT train_run_stops_train_run_id_fkey FOREIGN KEY (train_run_id) REFERENCES public.train_runs(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.train_run_stops ADD CONSTRAINT train_run_stops_station_id_fkey FOREIGN KEY (station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.contracts(id);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_origin_station_id_fkey FOREIGN KEY (origin_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_destination_station_id_fkey FOREIGN KEY (destination_station_id) REFERENCES public.stations(id);
ALTER TABLE ONLY public.consignments ADD CONSTRAINT consignments_nhm_code_fkey FOREIGN KEY (nhm_code) REFERENCES public.commodities(nhm_code);
ALTER TABLE ONLY public.consignment_wagons ADD CONSTRAINT consignment_wagons_consignment_id_fkey FOREIGN KEY (consignment_id) REFERENCES public.consignments(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.consignment_wagons ADD CONSTRAINT consignment_wagons_wagon_id_fkey FOREIGN KEY (wagon_id) REFERENCES public.wagons(id);
ALTER TABLE ONLY public.consignment_wagons ADD CONSTRAINT consignment_wagons_train_run_id_fkey FOREIGN KEY (train_run_id) REFERENCES public.train_runs(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.contracts(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_consignment_id_fkey FOREIGN KEY (consignment_id) REFERENCES public.consignments(id);
ALTER TABLE ONLY public.damage_claims ADD CONSTRAINT damage_claims_consignment_id_fkey FOREIGN KEY (consignment_id) REFERENCES public.consignments(id);
ALTER TABLE ONLY public.damage_claims ADD CONSTRAINT damage_claims_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

--
-- PostgreSQL database dump complete
--
