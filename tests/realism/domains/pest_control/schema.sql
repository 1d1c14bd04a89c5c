--
-- PostgreSQL database dump
--

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

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: visit_status; Type: TYPE; Schema: public
--

CREATE TYPE public.visit_status AS ENUM (
    'scheduled',
    'in_progress',
    'completed',
    'no_access',
    'cancelled'
);

--
-- Name: invoice_status; Type: TYPE; Schema: public
--

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'issued',
    'partially_paid',
    'paid',
    'overdue',
    'void'
);

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(64) NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$')),
    CONSTRAINT currencies_minor_units_check CHECK ((minor_units >= 0 AND minor_units <= 4))
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name character varying(100) NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(6) NOT NULL,
    CONSTRAINT countries_code_check CHECK ((code ~ '^[A-Z]{2}$')),
    CONSTRAINT countries_calling_code_check CHECK (((calling_code)::text ~ '^\+[0-9]{1,4}$'))
);

CREATE TABLE public.branches (
    id bigint NOT NULL,
    branch_code character varying(10) NOT NULL,
    name character varying(120) NOT NULL,
    country_code character(2) NOT NULL,
    address_line1 character varying(200) NOT NULL,
    city character varying(100) NOT NULL,
    region character varying(100),
    postcode character varying(16) NOT NULL,
    phone character varying(32) NOT NULL,
    email character varying(254) NOT NULL,
    timezone character varying(64) NOT NULL,
    opened_on date NOT NULL,
    closed_on date
);

CREATE TABLE public.pest_types (
    id integer NOT NULL,
    code character varying(20) NOT NULL,
    common_name character varying(100) NOT NULL,
    scientific_name character varying(150),
    category character varying(30) NOT NULL,
    is_notifiable boolean DEFAULT false NOT NULL,
    CONSTRAINT pest_types_category_check CHECK (((category)::text = ANY ((ARRAY['rodent'::character varying, 'crawling_insect'::character varying, 'flying_insect'::character varying, 'stored_product_insect'::character varying, 'wood_destroying'::character varying, 'bird'::character varying, 'wildlife'::character varying, 'arachnid'::character varying])::text[])))
);

CREATE TABLE public.service_types (
    id integer NOT NULL,
    code character varying(20) NOT NULL,
    name character varying(120) NOT NULL,
    description text,
    default_duration_minutes integer NOT NULL,
    requires_licence boolean DEFAULT true NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT service_types_default_duration_minutes_check CHECK ((default_duration_minutes > 0))
);

CREATE TABLE public.chemical_products (
    id integer NOT NULL,
    product_name character varying(150) NOT NULL,
    manufacturer character varying(150) NOT NULL,
    active_ingredient character varying(150) NOT NULL,
    concentration_pct numeric(6,3),
    formulation character varying(30) NOT NULL,
    dose_unit character varying(4) NOT NULL,
    registration_number character varying(40),
    signal_word character varying(10),
    is_restricted_use boolean DEFAULT false NOT NULL,
    CONSTRAINT chemical_products_formulation_check CHECK (((formulation)::text = ANY ((ARRAY['gel'::character varying, 'liquid_concentrate'::character varying, 'dust'::character varying, 'bait_block'::character varying, 'aerosol'::character varying, 'granule'::character varying, 'paste'::character varying])::text[]))),
    CONSTRAINT chemical_products_dose_unit_check CHECK (((dose_unit)::text = ANY ((ARRAY['g'::character varying, 'ml'::character varying])::text[]))),
    CONSTRAINT chemical_products_signal_word_check CHECK (((signal_word)::text = ANY ((ARRAY['caution'::character varying, 'warning'::character varying, 'danger'::character varying])::text[])))
);

CREATE TABLE public.technicians (
    id bigint NOT NULL,
    branch_id bigint NOT NULL,
    employee_number character varying(20) NOT NULL,
    first_name character varying(80) NOT NULL,
    last_name character varying(80) NOT NULL,
    date_of_birth date NOT NULL,
    email character varying(254) NOT NULL,
    mobile_phone character varying(32) NOT NULL,
    hired_on date NOT NULL,
    terminated_on date,
    licence_number character varying(40) NOT NULL,
    licence_issued_on date NOT NULL,
    licence_expires_on date NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.vehicles (
    id bigint NOT NULL,
    branch_id bigint NOT NULL,
    registration_plate character varying(16) NOT NULL,
    make character varying(60) NOT NULL,
    model character varying(60) NOT NULL,
    model_year smallint NOT NULL,
    acquired_on date NOT NULL,
    retired_on date,
    CONSTRAINT vehicles_model_year_check CHECK ((model_year >= 1990))
);

CREATE TABLE public.vehicle_odometer_readings (
    id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    technician_id bigint,
    recorded_at timestamp with time zone NOT NULL,
    odometer_km integer NOT NULL,
    CONSTRAINT vehicle_odometer_readings_odometer_km_check CHECK ((odometer_km >= 0))
);

CREATE TABLE public.customers (
    id bigint NOT NULL,
    customer_number character varying(20) NOT NULL,
    customer_type character varying(12) NOT NULL,
    display_name character varying(200) NOT NULL,
    company_registration character varying(40),
    email character varying(254),
    phone character varying(32),
    country_code character(2) NOT NULL,
    billing_address_line1 character varying(200) NOT NULL,
    billing_city character varying(100) NOT NULL,
    billing_postcode character varying(16) NOT NULL,
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_customer_type_check CHECK (((customer_type)::text = ANY ((ARRAY['residential'::character varying, 'commercial'::character varying])::text[])))
);

CREATE TABLE public.service_sites (
    id bigint NOT NULL,
    customer_id bigint NOT NULL,
    branch_id bigint NOT NULL,
    site_type character varying(20) NOT NULL,
    site_name character varying(200),
    address_line1 character varying(200) NOT NULL,
    address_line2 character varying(200),
    city character varying(100) NOT NULL,
    postcode character varying(16) NOT NULL,
    country_code character(2) NOT NULL,
    contact_name character varying(120),
    contact_phone character varying(32),
    floor_area_sqm numeric(10,1),
    access_notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT service_sites_site_type_check CHECK (((site_type)::text = ANY ((ARRAY['house'::character varying, 'apartment'::character varying, 'restaurant'::character varying, 'office'::character varying, 'retail_store'::character varying, 'warehouse'::character varying, 'food_factory'::character varying, 'hotel'::character varying, 'school'::character varying])::text[]))),
    CONSTRAINT service_sites_floor_area_sqm_check CHECK ((floor_area_sqm > (0)::numeric))
);

CREATE TABLE public.service_plans (
    id bigint NOT NULL,
    plan_number character varying(20) NOT NULL,
    customer_id bigint NOT NULL,
    site_id bigint NOT NULL,
    service_type_id integer NOT NULL,
    visit_frequency character varying(12) NOT NULL,
    price_per_visit numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    starts_on date NOT NULL,
    ends_on date,
    status character varying(12) DEFAULT 'active'::character varying NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT service_plans_visit_frequency_check CHECK (((visit_frequency)::text = ANY ((ARRAY['weekly'::character varying, 'fortnightly'::character varying, 'monthly'::character varying, 'bimonthly'::character varying, 'quarterly'::character varying, 'one_off'::character varying])::text[]))),
    CONSTRAINT service_plans_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'active'::character varying, 'suspended'::character varying, 'ended'::character varying])::text[]))),
    CONSTRAINT service_plans_price_per_visit_check CHECK ((price_per_visit >= (0)::numeric))
);

CREATE TABLE public.visits (
    id bigint NOT NULL,
    plan_id bigint NOT NULL,
    site_id bigint NOT NULL,
    technician_id bigint,
    visit_number integer NOT NULL,
    visit_type character varying(20) NOT NULL,
    status public.visit_status DEFAULT 'scheduled'::public.visit_status NOT NULL,
    scheduled_start timestamp with time zone NOT NULL,
    scheduled_end timestamp with time zone NOT NULL,
    arrived_at timestamp with time zone,
    departed_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    cancellation_reason character varying(200),
    technician_notes text,
    customer_signature_name character varying(120),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT visits_visit_number_check CHECK ((visit_number > 0)),
    CONSTRAINT visits_visit_type_check CHECK (((visit_type)::text = ANY ((ARRAY['initial_treatment'::character varying, 'routine_service'::character varying, 'follow_up'::character varying, 'callback'::character varying, 'inspection'::character varying])::text[])))
);

CREATE TABLE public.visit_findings (
    id bigint NOT NULL,
    visit_id bigint NOT NULL,
    pest_type_id integer NOT NULL,
    activity_level character varying(10) NOT NULL,
    evidence_type character varying(30),
    location_description character varying(200),
    recorded_at timestamp with time zone NOT NULL,
    CONSTRAINT visit_findings_activity_level_check CHECK (((activity_level)::text = ANY ((ARRAY['none'::character varying, 'low'::character varying, 'moderate'::character varying, 'high'::character varying])::text[])))
);

CREATE TABLE public.chemical_applications (
    id bigint NOT NULL,
    visit_id bigint NOT NULL,
    product_id integer NOT NULL,
    quantity numeric(10,2) NOT NULL,
    application_method character varying(30) NOT NULL,
    target_area character varying(200),
    applied_at timestamp with time zone NOT NULL,
    CONSTRAINT chemical_applications_quantity_check CHECK ((quantity > (0)::numeric))
);

CREATE TABLE public.bait_stations (
    id bigint NOT NULL,
    site_id bigint NOT NULL,
    station_label character varying(20) NOT NULL,
    station_type character varying(20) NOT NULL,
    location_description character varying(200),
    installed_on date NOT NULL,
    removed_on date,
    CONSTRAINT bait_stations_station_type_check CHECK (((station_type)::text = ANY ((ARRAY['rodent_bait_box'::character varying, 'snap_trap_box'::character varying, 'insect_monitor'::character varying, 'fly_unit'::character varying])::text[])))
);

CREATE TABLE public.bait_station_checks (
    id bigint NOT NULL,
    bait_station_id bigint NOT NULL,
    visit_id bigint NOT NULL,
    checked_at timestamp with time zone NOT NULL,
    bait_consumed_pct smallint,
    activity_detected boolean DEFAULT false NOT NULL,
    bait_replaced boolean DEFAULT false NOT NULL,
    CONSTRAINT bait_station_checks_bait_consumed_pct_check CHECK ((bait_consumed_pct >= 0 AND bait_consumed_pct <= 100))
);

CREATE TABLE public.callbacks (
    id bigint NOT NULL,
    original_visit_id bigint NOT NULL,
    customer_id bigint NOT NULL,
    reported_at timestamp with time zone NOT NULL,
    reason character varying(200) NOT NULL,
    followup_visit_id bigint,
    resolved_at timestamp with time zone
);

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    invoice_number character varying(20),
    customer_id bigint NOT NULL,
    branch_id bigint NOT NULL,
    currency_code character(3) NOT NULL,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL,
    issued_at timestamp with time zone,
    due_on date,
    subtotal_amount numeric(12,2) DEFAULT 0 NOT NULL,
    tax_amount numeric(12,2) DEFAULT 0 NOT NULL,
    total_amount numeric(12,2) DEFAULT 0 NOT NULL,
    paid_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT invoices_subtotal_amount_check CHECK ((subtotal_amount >= (0)::numeric)),
    CONSTRAINT invoices_tax_amount_check CHECK ((tax_amount >= (0)::numeric)),
    CONSTRAINT invoices_total_amount_check CHECK ((total_amount >= (0)::numeric))
);

CREATE TABLE public.invoice_lines (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    line_number integer NOT NULL,
    visit_id bigint,
    description character varying(200) NOT NULL,
    quantity numeric(10,2) DEFAULT 1 NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    line_amount numeric(12,2) NOT NULL,
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > (0)::numeric))
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    received_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method character varying(20) NOT NULL,
    reference character varying(60),
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_method_check CHECK (((method)::text = ANY ((ARRAY['card'::character varying, 'bank_transfer'::character varying, 'direct_debit'::character varying, 'ach'::character varying, 'cheque'::character varying, 'cash'::character varying])::text[])))
);

ALTER TABLE public.branches ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.branches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.technicians ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.technicians_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.vehicles ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vehicles_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.vehicle_odometer_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vehicle_odometer_readings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.customers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.customers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.service_sites ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.service_sites_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.service_plans ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.service_plans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.visits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.visits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.visit_findings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.visit_findings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.chemical_applications ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.chemical_applications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.bait_stations ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.bait_stations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.bait_station_checks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.bait_station_checks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.callbacks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.callbacks_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.invoices ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.invoices_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.invoice_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.invoice_lines_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.pest_types ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.pest_types_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.service_types ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.service_types_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.chemical_products ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.chemical_products_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_branch_code_key UNIQUE (branch_code);
ALTER TABLE ONLY public.pest_types ADD CONSTRAINT pest_types_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.pest_types ADD CONSTRAINT pest_types_code_key UNIQUE (code);
ALTER TABLE ONLY public.service_types ADD CONSTRAINT service_types_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.service_types ADD CONSTRAINT service_types_code_key UNIQUE (code);
ALTER TABLE ONLY public.chemical_products ADD CONSTRAINT chemical_products_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.technicians ADD CONSTRAINT technicians_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.technicians ADD CONSTRAINT technicians_employee_number_key UNIQUE (employee_number);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_registration_plate_key UNIQUE (registration_plate);
ALTER TABLE ONLY public.vehicle_odometer_readings ADD CONSTRAINT vehicle_odometer_readings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_customer_number_key UNIQUE (customer_number);
ALTER TABLE ONLY public.service_sites ADD CONSTRAINT service_sites_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.service_plans ADD CONSTRAINT service_plans_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.service_plans ADD CONSTRAINT service_plans_plan_number_key UNIQUE (plan_number);
ALTER TABLE ONLY public.visits ADD CONSTRAINT visits_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.visits ADD CONSTRAINT visits_plan_id_visit_number_key UNIQUE (plan_id, visit_number);
ALTER TABLE ONLY public.visit_findings ADD CONSTRAINT visit_findings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.chemical_applications ADD CONSTRAINT chemical_applications_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bait_stations ADD CONSTRAINT bait_stations_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bait_stations ADD CONSTRAINT bait_stations_site_id_station_label_key UNIQUE (site_id, station_label);
ALTER TABLE ONLY public.bait_station_checks ADD CONSTRAINT bait_station_checks_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.callbacks ADD CONSTRAINT callbacks_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_line_number_key UNIQUE (invoice_id, line_number);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

CREATE INDEX branches_country_code_idx ON public.branches USING btree (country_code);
CREATE INDEX technicians_branch_id_idx ON public.technicians USING btree (branch_id);
CREATE INDEX vehicles_branch_id_idx ON public.vehicles USING btree (branch_id);
CREATE INDEX vehicle_odometer_readings_vehicle_id_recorded_at_idx ON public.vehicle_odometer_readings USING btree (vehicle_id, recorded_at);
CREATE INDEX customers_country_code_idx ON public.customers USING btree (country_code);
CREATE INDEX service_sites_customer_id_idx ON public.service_sites USING btree (customer_id);
CREATE INDEX service_sites_branch_id_idx ON public.service_sites USING btree (branch_id);
CREATE INDEX service_plans_customer_id_idx ON public.service_plans USING btree (customer_id);
CREATE INDEX service_plans_site_id_idx ON public.service_plans USING btree (site_id);
CREATE INDEX visits_site_id_idx ON public.visits USING btree (site_id);
CREATE INDEX visits_technician_id_scheduled_start_idx ON public.visits USING btree (technician_id, scheduled_start);
CREATE INDEX visits_status_idx ON public.visits USING btree (status);
CREATE INDEX visit_findings_visit_id_idx ON public.visit_findings USING btree (visit_id);
CREATE INDEX chemical_applications_visit_id_idx ON public.chemical_applications USING btree (visit_id);
CREATE INDEX bait_station_checks_bait_station_id_idx ON public.bait_station_checks USING btree (bait_station_id);
CREATE INDEX bait_station_checks_visit_id_idx ON public.bait_station_checks USING btree (visit_id);
CREATE INDEX callbacks_original_visit_id_idx ON public.callbacks USING btree (original_visit_id);
CREATE INDEX invoices_customer_id_idx ON public.invoices USING btree (customer_id);
CREATE INDEX invoices_status_idx ON public.invoices USING btree (status);
CREATE INDEX invoice_lines_invoice_id_idx ON public.invoice_lines USING btree (invoice_id);
CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.technicians ADD CONSTRAINT technicians_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.vehicle_odometer_readings ADD CONSTRAINT vehicle_odometer_readings_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.vehicle_odometer_readings ADD CONSTRAINT vehicle_odometer_readings_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.service_sites ADD CONSTRAINT service_sites_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.service_sites ADD CONSTRAINT service_sites_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.service_sites ADD CONSTRAINT service_sites_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.service_plans ADD CONSTRAINT service_plans_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.service_plans ADD CONSTRAINT service_plans_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.service_sites(id);
ALTER TABLE ONLY public.service_plans ADD CONSTRAINT service_plans_service_type_id_fkey FOREIGN KEY (service_type_id) REFERENCES public.service_types(id);
ALTER TABLE ONLY public.service_plans ADD CONSTRAINT service_plans_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.visits ADD CONSTRAINT visits_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.service_plans(id);
ALTER TABLE ONLY public.visits ADD CONSTRAINT visits_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.service_sites(id);
ALTER TABLE ONLY public.visits ADD CONSTRAINT visits_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);
ALTER TABLE ONLY public.visit_findings ADD CONSTRAINT visit_findings_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES public.visits(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.visit_findings ADD CONSTRAINT visit_findings_pest_type_id_fkey FOREIGN KEY (pest_type_id) REFERENCES public.pest_types(id);
ALTER TABLE ONLY public.chemical_applications ADD CONSTRAINT chemical_applications_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES public.visits(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.chemical_applications ADD CONSTRAINT chemical_applications_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.chemical_products(id);
ALTER TABLE ONLY public.bait_stations ADD CONSTRAINT bait_stations_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.service_sites(id);
ALTER TABLE ONLY public.bait_station_checks ADD CONSTRAINT bait_station_checks_bait_station_id_fkey FOREIGN KEY (bait_station_id) REFERENCES public.bait_stations(id);
ALTER TABLE ONLY public.bait_station_checks ADD CONSTRAINT bait_station_checks_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES public.visits(id);
ALTER TABLE ONLY public.callbacks ADD CONSTRAINT callbacks_original_visit_id_fkey FOREIGN KEY (original_visit_id) REFERENCES public.visits(id);
ALTER TABLE ONLY public.callbacks ADD CONSTRAINT callbacks_followup_visit_id_fkey FOREIGN KEY (followup_visit_id) REFERENCES public.visits(id);
ALTER TABLE ONLY public.callbacks ADD CONSTRAINT callbacks_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES public.visits(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);

--
-- PostgreSQL database dump complete
--
