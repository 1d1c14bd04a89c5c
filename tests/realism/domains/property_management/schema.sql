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
-- Name: charge_type; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.charge_type AS ENUM (
    'rent',
    'service_charge',
    'utilities',
    'parking',
    'late_fee',
    'other'
);


--
-- Name: inspection_type; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.inspection_type AS ENUM (
    'move_in',
    'periodic',
    'move_out'
);


--
-- Name: invoice_status; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'issued',
    'partially_paid',
    'paid',
    'overdue',
    'void'
);


--
-- Name: lease_status; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.lease_status AS ENUM (
    'draft',
    'active',
    'ended',
    'terminated'
);


--
-- Name: owner_kind; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.owner_kind AS ENUM (
    'individual',
    'company',
    'fund'
);


--
-- Name: payment_method; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.payment_method AS ENUM (
    'bank_transfer',
    'direct_debit',
    'card',
    'cheque',
    'cash'
);


--
-- Name: payment_status; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.payment_status AS ENUM (
    'pending',
    'completed',
    'failed',
    'refunded'
);


--
-- Name: property_type; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.property_type AS ENUM (
    'residential_block',
    'single_family',
    'commercial',
    'mixed_use',
    'industrial'
);


--
-- Name: reading_source; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.reading_source AS ENUM (
    'actual',
    'estimated',
    'tenant_submitted'
);


--
-- Name: request_priority; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.request_priority AS ENUM (
    'emergency',
    'high',
    'normal',
    'low'
);


--
-- Name: request_status; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.request_status AS ENUM (
    'open',
    'assigned',
    'in_progress',
    'completed',
    'cancelled'
);


--
-- Name: staff_role; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.staff_role AS ENUM (
    'property_manager',
    'leasing_agent',
    'maintenance_coordinator',
    'accountant'
);


--
-- Name: trade; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.trade AS ENUM (
    'plumbing',
    'electrical',
    'hvac',
    'general_repairs',
    'cleaning',
    'locksmith',
    'pest_control',
    'roofing',
    'landscaping'
);


--
-- Name: unit_status; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.unit_status AS ENUM (
    'vacant',
    'occupied',
    'under_renovation',
    'off_market'
);


--
-- Name: unit_type; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.unit_type AS ENUM (
    'studio',
    'apartment',
    'house',
    'office',
    'retail',
    'warehouse',
    'parking',
    'storage'
);


--
-- Name: utility_type; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.utility_type AS ENUM (
    'electricity',
    'gas',
    'water',
    'district_heat'
);


--
-- Name: viewing_outcome; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.viewing_outcome AS ENUM (
    'scheduled',
    'attended',
    'no_show',
    'cancelled',
    'application_submitted'
);


--
-- Name: work_order_status; Type: TYPE; Schema: public; Owner: pm_app
--

CREATE TYPE public.work_order_status AS ENUM (
    'scheduled',
    'in_progress',
    'done',
    'cancelled'
);


--
-- Name: lease_number_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

CREATE SEQUENCE public.lease_number_seq
    START WITH 100001
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: countries; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(4) NOT NULL,
    is_operating boolean DEFAULT false NOT NULL,
    CONSTRAINT countries_calling_code_check CHECK (((calling_code)::text ~ '^[0-9]{1,4}$'::text)),
    CONSTRAINT countries_code_check CHECK ((code ~ '^[A-Z]{2}$'::text))
);


--
-- Name: currencies; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)))
);


--
-- Name: owners; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.owners (
    owner_id bigint NOT NULL,
    kind public.owner_kind NOT NULL,
    display_name character varying(160) NOT NULL,
    legal_name character varying(200),
    email character varying(254) NOT NULL,
    phone character varying(32),
    country_code character(2) NOT NULL,
    date_of_birth date,
    company_registration_no character varying(40),
    payout_iban character varying(34) NOT NULL,
    management_fee_pct numeric(5,2) DEFAULT 8.00 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT owners_dob_individual_only CHECK (((kind = 'individual'::public.owner_kind) OR (date_of_birth IS NULL))),
    CONSTRAINT owners_email_check CHECK (((email)::text ~~ '%_@_%'::text)),
    CONSTRAINT owners_management_fee_pct_check CHECK (((management_fee_pct >= (0)::numeric) AND (management_fee_pct <= (30)::numeric))),
    CONSTRAINT owners_payout_iban_check CHECK (((payout_iban)::text ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'::text))
);


--
-- Name: owners_owner_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.owners ALTER COLUMN owner_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.owners_owner_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: properties; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.properties (
    property_id bigint NOT NULL,
    owner_id bigint NOT NULL,
    property_code character varying(16) NOT NULL,
    name character varying(160) NOT NULL,
    property_type public.property_type NOT NULL,
    address_line1 character varying(200) NOT NULL,
    address_line2 character varying(200),
    city character varying(100) NOT NULL,
    postcode character varying(12) NOT NULL,
    country_code character(2) NOT NULL,
    latitude numeric(9,6),
    longitude numeric(9,6),
    year_built smallint,
    floors smallint DEFAULT 1 NOT NULL,
    acquired_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT properties_floors_check CHECK ((floors > 0)),
    CONSTRAINT properties_latitude_check CHECK (((latitude >= ('-90'::integer)::numeric) AND (latitude <= (90)::numeric))),
    CONSTRAINT properties_longitude_check CHECK (((longitude >= ('-180'::integer)::numeric) AND (longitude <= (180)::numeric))),
    CONSTRAINT properties_year_built_check CHECK (((year_built >= 1500) AND (year_built <= 2100)))
);


--
-- Name: properties_property_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

CREATE SEQUENCE public.properties_property_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: properties_property_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: pm_app
--

ALTER SEQUENCE public.properties_property_id_seq OWNED BY public.properties.property_id;


--
-- Name: units; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.units (
    unit_id bigint NOT NULL,
    property_id bigint NOT NULL,
    unit_number character varying(10) NOT NULL,
    unit_type public.unit_type NOT NULL,
    floor smallint DEFAULT 0 NOT NULL,
    bedrooms smallint DEFAULT 0 NOT NULL,
    bathrooms numeric(3,1) DEFAULT 0 NOT NULL,
    floor_area_m2 numeric(9,2) NOT NULL,
    market_rent numeric(12,2),
    status public.unit_status DEFAULT 'vacant'::public.unit_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT units_bathrooms_check CHECK ((bathrooms >= (0)::numeric)),
    CONSTRAINT units_bedrooms_check CHECK ((bedrooms >= 0)),
    CONSTRAINT units_floor_area_m2_check CHECK ((floor_area_m2 > (0)::numeric)),
    CONSTRAINT units_market_rent_check CHECK ((market_rent >= (0)::numeric))
);


--
-- Name: units_unit_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.units ALTER COLUMN unit_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.units_unit_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: staff; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.staff (
    staff_id integer NOT NULL,
    first_name character varying(80) NOT NULL,
    last_name character varying(80) NOT NULL,
    email character varying(254) NOT NULL,
    phone character varying(32),
    role public.staff_role NOT NULL,
    office_country_code character(2) NOT NULL,
    date_of_birth date,
    hired_on date NOT NULL,
    left_on date,
    CONSTRAINT staff_check CHECK (((left_on IS NULL) OR (left_on >= hired_on)))
);


--
-- Name: staff_staff_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.staff ALTER COLUMN staff_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.staff_staff_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: tenants; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.tenants (
    tenant_id bigint NOT NULL,
    first_name character varying(80) NOT NULL,
    last_name character varying(80) NOT NULL,
    email character varying(254),
    phone character varying(32),
    date_of_birth date NOT NULL,
    nationality_code character(2),
    id_document_no character varying(40),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tenants_email_check CHECK (((email)::text ~~ '%_@_%'::text))
);


--
-- Name: tenants_tenant_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.tenants ALTER COLUMN tenant_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.tenants_tenant_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: leases; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.leases (
    lease_id bigint NOT NULL,
    lease_number character varying(16) DEFAULT ('L-'::text || (nextval('public.lease_number_seq'::regclass))::text) NOT NULL,
    unit_id bigint NOT NULL,
    managed_by_staff_id integer,
    status public.lease_status DEFAULT 'draft'::public.lease_status NOT NULL,
    start_date date NOT NULL,
    end_date date,
    terminated_on date,
    monthly_rent numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    deposit_amount numeric(12,2) DEFAULT 0 NOT NULL,
    rent_due_day smallint DEFAULT 1 NOT NULL,
    signed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT leases_check CHECK (((end_date IS NULL) OR (end_date > start_date))),
    CONSTRAINT leases_check1 CHECK (((terminated_on IS NULL) OR (terminated_on >= start_date))),
    CONSTRAINT leases_deposit_amount_check CHECK ((deposit_amount >= (0)::numeric)),
    CONSTRAINT leases_monthly_rent_check CHECK ((monthly_rent > (0)::numeric)),
    CONSTRAINT leases_rent_due_day_check CHECK (((rent_due_day >= 1) AND (rent_due_day <= 28))),
    CONSTRAINT leases_terminated_status CHECK (((status = 'terminated'::public.lease_status) = (terminated_on IS NOT NULL)))
);


--
-- Name: leases_lease_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

CREATE SEQUENCE public.leases_lease_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: leases_lease_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: pm_app
--

ALTER SEQUENCE public.leases_lease_id_seq OWNED BY public.leases.lease_id;


--
-- Name: lease_tenants; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.lease_tenants (
    lease_id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    is_primary boolean DEFAULT false NOT NULL,
    moved_in_on date,
    moved_out_on date,
    CONSTRAINT lease_tenants_check CHECK (((moved_out_on IS NULL) OR (moved_out_on >= moved_in_on)))
);


--
-- Name: rent_invoices; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.rent_invoices (
    invoice_id bigint NOT NULL,
    invoice_number character varying(24) NOT NULL,
    lease_id bigint NOT NULL,
    installment_no integer NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    issue_date date NOT NULL,
    due_date date NOT NULL,
    currency_code character(3) NOT NULL,
    subtotal numeric(12,2) DEFAULT 0 NOT NULL,
    tax_amount numeric(12,2) DEFAULT 0 NOT NULL,
    total_amount numeric(12,2) DEFAULT 0 NOT NULL,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL,
    paid_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT rent_invoices_check CHECK ((period_end >= period_start)),
    CONSTRAINT rent_invoices_check1 CHECK ((due_date >= issue_date)),
    CONSTRAINT rent_invoices_installment_no_check CHECK ((installment_no > 0)),
    CONSTRAINT rent_invoices_tax_amount_check CHECK ((tax_amount >= (0)::numeric))
);


--
-- Name: rent_invoices_invoice_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.rent_invoices ALTER COLUMN invoice_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.rent_invoices_invoice_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: invoice_lines; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.invoice_lines (
    invoice_line_id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    line_no smallint NOT NULL,
    charge_type public.charge_type NOT NULL,
    description character varying(200),
    quantity numeric(10,3) DEFAULT 1 NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    amount numeric(12,2) NOT NULL,
    tax_rate numeric(5,2) DEFAULT 0 NOT NULL,
    CONSTRAINT invoice_lines_line_no_check CHECK ((line_no > 0)),
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > (0)::numeric)),
    CONSTRAINT invoice_lines_tax_rate_check CHECK (((tax_rate >= (0)::numeric) AND (tax_rate <= (100)::numeric)))
);


--
-- Name: invoice_lines_invoice_line_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.invoice_lines ALTER COLUMN invoice_line_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.invoice_lines_invoice_line_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: payments; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.payments (
    payment_id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    payer_tenant_id bigint,
    amount numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    method public.payment_method NOT NULL,
    status public.payment_status DEFAULT 'pending'::public.payment_status NOT NULL,
    received_at timestamp with time zone NOT NULL,
    bank_reference character varying(35),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric))
);


--
-- Name: payments_payment_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.payments ALTER COLUMN payment_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payments_payment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: vendors; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.vendors (
    vendor_id integer NOT NULL,
    name character varying(160) NOT NULL,
    trade public.trade NOT NULL,
    country_code character(2) NOT NULL,
    phone character varying(32),
    email character varying(254),
    hourly_rate numeric(8,2),
    currency_code character(3) NOT NULL,
    insurance_valid_until date,
    active boolean DEFAULT true NOT NULL,
    CONSTRAINT vendors_hourly_rate_check CHECK ((hourly_rate > (0)::numeric))
);


--
-- Name: vendors_vendor_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.vendors ALTER COLUMN vendor_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vendors_vendor_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: maintenance_requests; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.maintenance_requests (
    request_id bigint NOT NULL,
    unit_id bigint NOT NULL,
    reported_by_tenant_id bigint,
    category public.trade NOT NULL,
    priority public.request_priority DEFAULT 'normal'::public.request_priority NOT NULL,
    status public.request_status DEFAULT 'open'::public.request_status NOT NULL,
    title character varying(200) NOT NULL,
    description text,
    reported_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    CONSTRAINT maintenance_requests_check CHECK (((completed_at IS NULL) OR (completed_at >= reported_at)))
);


--
-- Name: maintenance_requests_request_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

CREATE SEQUENCE public.maintenance_requests_request_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: maintenance_requests_request_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: pm_app
--

ALTER SEQUENCE public.maintenance_requests_request_id_seq OWNED BY public.maintenance_requests.request_id;


--
-- Name: work_orders; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.work_orders (
    work_order_id bigint NOT NULL,
    request_id bigint NOT NULL,
    vendor_id integer NOT NULL,
    status public.work_order_status DEFAULT 'scheduled'::public.work_order_status NOT NULL,
    scheduled_start timestamp with time zone NOT NULL,
    scheduled_end timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    completed_at timestamp with time zone,
    labour_minutes integer,
    labour_cost numeric(12,2),
    materials_cost numeric(12,2),
    currency_code character(3) NOT NULL,
    CONSTRAINT work_orders_check CHECK ((scheduled_end > scheduled_start)),
    CONSTRAINT work_orders_check1 CHECK (((completed_at IS NULL) OR (completed_at >= started_at))),
    CONSTRAINT work_orders_labour_minutes_check CHECK ((labour_minutes >= 0))
);


--
-- Name: work_orders_work_order_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.work_orders ALTER COLUMN work_order_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.work_orders_work_order_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: meters; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.meters (
    meter_id bigint NOT NULL,
    unit_id bigint NOT NULL,
    utility public.utility_type NOT NULL,
    serial_number character varying(32) NOT NULL,
    unit_of_measure character varying(8) NOT NULL,
    installed_on date NOT NULL,
    removed_on date,
    CONSTRAINT meters_unit_of_measure_check CHECK (((unit_of_measure)::text = ANY ((ARRAY['kWh'::character varying, 'MWh'::character varying, 'm3'::character varying])::text[])))
);


--
-- Name: meters_meter_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.meters ALTER COLUMN meter_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.meters_meter_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: meter_readings; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.meter_readings (
    reading_id bigint NOT NULL,
    meter_id bigint NOT NULL,
    read_at timestamp with time zone NOT NULL,
    reading_value numeric(14,3) NOT NULL,
    source public.reading_source DEFAULT 'actual'::public.reading_source NOT NULL,
    CONSTRAINT meter_readings_reading_value_check CHECK ((reading_value >= (0)::numeric))
);


--
-- Name: meter_readings_reading_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.meter_readings ALTER COLUMN reading_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.meter_readings_reading_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: viewings; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.viewings (
    viewing_id bigint NOT NULL,
    unit_id bigint NOT NULL,
    staff_id integer,
    prospect_name character varying(160) NOT NULL,
    prospect_email character varying(254),
    prospect_phone character varying(32),
    scheduled_at timestamp with time zone NOT NULL,
    duration_minutes smallint DEFAULT 30 NOT NULL,
    outcome public.viewing_outcome DEFAULT 'scheduled'::public.viewing_outcome NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT viewings_duration_minutes_check CHECK ((duration_minutes > 0))
);


--
-- Name: viewings_viewing_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.viewings ALTER COLUMN viewing_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.viewings_viewing_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: inspections; Type: TABLE; Schema: public; Owner: pm_app
--

CREATE TABLE public.inspections (
    inspection_id bigint NOT NULL,
    lease_id bigint NOT NULL,
    staff_id integer NOT NULL,
    inspection_type public.inspection_type NOT NULL,
    inspected_at timestamp with time zone NOT NULL,
    condition_score smallint,
    notes text,
    CONSTRAINT inspections_condition_score_check CHECK (((condition_score >= 1) AND (condition_score <= 5)))
);


--
-- Name: inspections_inspection_id_seq; Type: SEQUENCE; Schema: public; Owner: pm_app
--

ALTER TABLE public.inspections ALTER COLUMN inspection_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.inspections_inspection_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: leases lease_id; Type: DEFAULT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.leases ALTER COLUMN lease_id SET DEFAULT nextval('public.leases_lease_id_seq'::regclass);


--
-- Name: maintenance_requests request_id; Type: DEFAULT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.maintenance_requests ALTER COLUMN request_id SET DEFAULT nextval('public.maintenance_requests_request_id_seq'::regclass);


--
-- Name: properties property_id; Type: DEFAULT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.properties ALTER COLUMN property_id SET DEFAULT nextval('public.properties_property_id_seq'::regclass);


--
-- Name: countries countries_name_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_name_key UNIQUE (name);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (code);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: inspections inspections_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.inspections
    ADD CONSTRAINT inspections_pkey PRIMARY KEY (inspection_id);


--
-- Name: invoice_lines invoice_lines_invoice_id_line_no_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_line_no_key UNIQUE (invoice_id, line_no);


--
-- Name: invoice_lines invoice_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (invoice_line_id);


--
-- Name: lease_tenants lease_tenants_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.lease_tenants
    ADD CONSTRAINT lease_tenants_pkey PRIMARY KEY (lease_id, tenant_id);


--
-- Name: leases leases_lease_number_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.leases
    ADD CONSTRAINT leases_lease_number_key UNIQUE (lease_number);


--
-- Name: leases leases_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.leases
    ADD CONSTRAINT leases_pkey PRIMARY KEY (lease_id);


--
-- Name: maintenance_requests maintenance_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.maintenance_requests
    ADD CONSTRAINT maintenance_requests_pkey PRIMARY KEY (request_id);


--
-- Name: meter_readings meter_readings_meter_id_read_at_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_read_at_key UNIQUE (meter_id, read_at);


--
-- Name: meter_readings meter_readings_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_pkey PRIMARY KEY (reading_id);


--
-- Name: meters meters_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_pkey PRIMARY KEY (meter_id);


--
-- Name: meters meters_serial_number_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_serial_number_key UNIQUE (serial_number);


--
-- Name: owners owners_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.owners
    ADD CONSTRAINT owners_pkey PRIMARY KEY (owner_id);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (payment_id);


--
-- Name: properties properties_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.properties
    ADD CONSTRAINT properties_pkey PRIMARY KEY (property_id);


--
-- Name: properties properties_property_code_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.properties
    ADD CONSTRAINT properties_property_code_key UNIQUE (property_code);


--
-- Name: rent_invoices rent_invoices_invoice_number_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.rent_invoices
    ADD CONSTRAINT rent_invoices_invoice_number_key UNIQUE (invoice_number);


--
-- Name: rent_invoices rent_invoices_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.rent_invoices
    ADD CONSTRAINT rent_invoices_pkey PRIMARY KEY (invoice_id);


--
-- Name: staff staff_email_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_email_key UNIQUE (email);


--
-- Name: staff staff_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (staff_id);


--
-- Name: tenants tenants_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.tenants
    ADD CONSTRAINT tenants_pkey PRIMARY KEY (tenant_id);


--
-- Name: units units_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.units
    ADD CONSTRAINT units_pkey PRIMARY KEY (unit_id);


--
-- Name: units units_property_id_unit_number_key; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.units
    ADD CONSTRAINT units_property_id_unit_number_key UNIQUE (property_id, unit_number);


--
-- Name: vendors vendors_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_pkey PRIMARY KEY (vendor_id);


--
-- Name: viewings viewings_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_pkey PRIMARY KEY (viewing_id);


--
-- Name: work_orders work_orders_pkey; Type: CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_pkey PRIMARY KEY (work_order_id);


--
-- Name: idx_invoice_lines_invoice; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_invoice_lines_invoice ON public.invoice_lines USING btree (invoice_id);


--
-- Name: idx_lease_tenants_tenant; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_lease_tenants_tenant ON public.lease_tenants USING btree (tenant_id);


--
-- Name: idx_leases_unit_start; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_leases_unit_start ON public.leases USING btree (unit_id, start_date);


--
-- Name: idx_maintenance_requests_open; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_maintenance_requests_open ON public.maintenance_requests USING btree (unit_id, reported_at) WHERE (status <> ALL (ARRAY['completed'::public.request_status, 'cancelled'::public.request_status]));


--
-- Name: idx_meter_readings_meter_time; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_meter_readings_meter_time ON public.meter_readings USING btree (meter_id, read_at DESC);


--
-- Name: idx_payments_invoice; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_payments_invoice ON public.payments USING btree (invoice_id);


--
-- Name: idx_properties_country_city; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_properties_country_city ON public.properties USING btree (country_code, city);


--
-- Name: idx_rent_invoices_due_open; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_rent_invoices_due_open ON public.rent_invoices USING btree (due_date) WHERE (status = ANY (ARRAY['issued'::public.invoice_status, 'partially_paid'::public.invoice_status, 'overdue'::public.invoice_status]));


--
-- Name: idx_units_property; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_units_property ON public.units USING btree (property_id);


--
-- Name: idx_viewings_unit_time; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_viewings_unit_time ON public.viewings USING btree (unit_id, scheduled_at);


--
-- Name: idx_work_orders_request; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE INDEX idx_work_orders_request ON public.work_orders USING btree (request_id);


--
-- Name: rent_invoices_lease_installment_live_key; Type: INDEX; Schema: public; Owner: pm_app
--

CREATE UNIQUE INDEX rent_invoices_lease_installment_live_key ON public.rent_invoices USING btree (lease_id, installment_no) WHERE (status <> 'void'::public.invoice_status);


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: inspections inspections_lease_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.inspections
    ADD CONSTRAINT inspections_lease_id_fkey FOREIGN KEY (lease_id) REFERENCES public.leases(lease_id);


--
-- Name: inspections inspections_staff_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.inspections
    ADD CONSTRAINT inspections_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(staff_id);


--
-- Name: invoice_lines invoice_lines_invoice_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.rent_invoices(invoice_id) ON DELETE CASCADE;


--
-- Name: lease_tenants lease_tenants_lease_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.lease_tenants
    ADD CONSTRAINT lease_tenants_lease_id_fkey FOREIGN KEY (lease_id) REFERENCES public.leases(lease_id) ON DELETE CASCADE;


--
-- Name: lease_tenants lease_tenants_tenant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.lease_tenants
    ADD CONSTRAINT lease_tenants_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES public.tenants(tenant_id);


--
-- Name: leases leases_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.leases
    ADD CONSTRAINT leases_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: leases leases_managed_by_staff_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.leases
    ADD CONSTRAINT leases_managed_by_staff_id_fkey FOREIGN KEY (managed_by_staff_id) REFERENCES public.staff(staff_id);


--
-- Name: leases leases_unit_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.leases
    ADD CONSTRAINT leases_unit_id_fkey FOREIGN KEY (unit_id) REFERENCES public.units(unit_id);


--
-- Name: maintenance_requests maintenance_requests_reported_by_tenant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.maintenance_requests
    ADD CONSTRAINT maintenance_requests_reported_by_tenant_id_fkey FOREIGN KEY (reported_by_tenant_id) REFERENCES public.tenants(tenant_id);


--
-- Name: maintenance_requests maintenance_requests_unit_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.maintenance_requests
    ADD CONSTRAINT maintenance_requests_unit_id_fkey FOREIGN KEY (unit_id) REFERENCES public.units(unit_id);


--
-- Name: meter_readings meter_readings_meter_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters(meter_id) ON DELETE CASCADE;


--
-- Name: meters meters_unit_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.meters
    ADD CONSTRAINT meters_unit_id_fkey FOREIGN KEY (unit_id) REFERENCES public.units(unit_id);


--
-- Name: owners owners_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.owners
    ADD CONSTRAINT owners_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: payments payments_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: payments payments_invoice_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.rent_invoices(invoice_id);


--
-- Name: payments payments_payer_tenant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_payer_tenant_id_fkey FOREIGN KEY (payer_tenant_id) REFERENCES public.tenants(tenant_id);


--
-- Name: properties properties_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.properties
    ADD CONSTRAINT properties_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: properties properties_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.properties
    ADD CONSTRAINT properties_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.owners(owner_id);


--
-- Name: rent_invoices rent_invoices_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.rent_invoices
    ADD CONSTRAINT rent_invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: rent_invoices rent_invoices_lease_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.rent_invoices
    ADD CONSTRAINT rent_invoices_lease_id_fkey FOREIGN KEY (lease_id) REFERENCES public.leases(lease_id);


--
-- Name: staff staff_office_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_office_country_code_fkey FOREIGN KEY (office_country_code) REFERENCES public.countries(code);


--
-- Name: tenants tenants_nationality_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.tenants
    ADD CONSTRAINT tenants_nationality_code_fkey FOREIGN KEY (nationality_code) REFERENCES public.countries(code);


--
-- Name: units units_property_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.units
    ADD CONSTRAINT units_property_id_fkey FOREIGN KEY (property_id) REFERENCES public.properties(property_id);


--
-- Name: vendors vendors_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


--
-- Name: vendors vendors_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.vendors
    ADD CONSTRAINT vendors_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: viewings viewings_staff_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(staff_id);


--
-- Name: viewings viewings_unit_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_unit_id_fkey FOREIGN KEY (unit_id) REFERENCES public.units(unit_id);


--
-- Name: work_orders work_orders_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: work_orders work_orders_request_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_request_id_fkey FOREIGN KEY (request_id) REFERENCES public.maintenance_requests(request_id);


--
-- Name: work_orders work_orders_vendor_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: pm_app
--

ALTER TABLE ONLY public.work_orders
    ADD CONSTRAINT work_orders_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES public.vendors(vendor_id);


--
-- PostgreSQL database dump complete
--
