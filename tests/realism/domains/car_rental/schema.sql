--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET client_min_messages = warning;

SET default_tablespace = '';
SET default_table_access_method = heap;

--
-- Name: fuel_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.fuel_type AS ENUM (
    'petrol',
    'diesel',
    'hybrid',
    'electric'
);

CREATE TYPE public.vehicle_category AS ENUM (
    'mini',
    'economy',
    'compact',
    'intermediate',
    'standard',
    'fullsize',
    'premium',
    'luxury',
    'suv',
    'van'
);

CREATE TYPE public.vehicle_status AS ENUM (
    'available',
    'on_rent',
    'in_maintenance',
    'retired'
);

CREATE TYPE public.reservation_status AS ENUM (
    'confirmed',
    'picked_up',
    'completed',
    'cancelled',
    'no_show'
);

CREATE TYPE public.rental_status AS ENUM (
    'open',
    'closed'
);

CREATE TYPE public.charge_type AS ENUM (
    'time',
    'mileage',
    'insurance',
    'extra_driver',
    'child_seat',
    'fuel',
    'one_way_fee',
    'damage',
    'late_return'
);

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'issued',
    'paid',
    'void'
);

--
-- Name: reservation_no_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.reservation_no_seq
    START WITH 100000
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

CREATE SEQUENCE public.invoice_no_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name text NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 3)))
);

CREATE TABLE public.countries (
    iso2 character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(4) NOT NULL,
    vat_rate numeric(5,2) NOT NULL,
    min_driver_age smallint DEFAULT 21 NOT NULL,
    CONSTRAINT countries_iso2_check CHECK ((iso2 ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT countries_vat_rate_check CHECK (((vat_rate >= (0)::numeric) AND (vat_rate < (50)::numeric)))
);

CREATE TABLE public.cities (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    name text NOT NULL,
    timezone text NOT NULL
);

CREATE SEQUENCE public.cities_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.cities_id_seq OWNED BY public.cities.id;

CREATE TABLE public.branches (
    id integer NOT NULL,
    code character varying(8) NOT NULL,
    name text NOT NULL,
    city_id integer NOT NULL,
    country_code character(2) NOT NULL,
    address_line text NOT NULL,
    postcode character varying(10),
    phone character varying(20) NOT NULL,
    is_airport boolean DEFAULT false NOT NULL,
    opens_at time without time zone DEFAULT '08:00:00'::time without time zone NOT NULL,
    closes_at time without time zone DEFAULT '18:00:00'::time without time zone NOT NULL,
    opened_on date NOT NULL,
    CONSTRAINT branches_hours_check CHECK ((closes_at > opens_at))
);

CREATE SEQUENCE public.branches_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.branches_id_seq OWNED BY public.branches.id;

CREATE TABLE public.vehicle_classes (
    acriss_code character(4) NOT NULL,
    category public.vehicle_category NOT NULL,
    description text NOT NULL,
    seats smallint NOT NULL,
    doors smallint NOT NULL,
    automatic boolean DEFAULT false NOT NULL,
    CONSTRAINT vehicle_classes_acriss_code_check CHECK ((acriss_code ~ '^[A-Z]{4}$'::text)),
    CONSTRAINT vehicle_classes_seats_check CHECK ((seats > 0))
);

CREATE TABLE public.manufacturers (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL
);

CREATE TABLE public.vehicle_models (
    id integer NOT NULL,
    manufacturer_id integer NOT NULL,
    name text NOT NULL,
    acriss_code character(4) NOT NULL,
    fuel public.fuel_type NOT NULL,
    engine_kw smallint NOT NULL,
    curb_weight_kg integer NOT NULL,
    luggage_litres smallint,
    CONSTRAINT vehicle_models_engine_kw_check CHECK ((engine_kw > 0)),
    CONSTRAINT vehicle_models_curb_weight_kg_check CHECK ((curb_weight_kg > 0))
);

CREATE TABLE public.vehicles (
    id integer NOT NULL,
    vin character(17) NOT NULL,
    plate character varying(12) NOT NULL,
    model_id integer NOT NULL,
    home_branch_id integer NOT NULL,
    current_branch_id integer,
    registered_on date NOT NULL,
    odometer_km integer DEFAULT 0 NOT NULL,
    status public.vehicle_status DEFAULT 'available'::public.vehicle_status NOT NULL,
    retired_on date,
    CONSTRAINT vehicles_odometer_km_check CHECK ((odometer_km >= 0))
);

CREATE SEQUENCE public.vehicles_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.vehicles_id_seq OWNED BY public.vehicles.id;

CREATE TABLE public.customers (
    id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone character varying(20),
    date_of_birth date NOT NULL,
    country_code character(2) NOT NULL,
    city text,
    postcode character varying(10),
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.customers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;

CREATE TABLE public.driver_licenses (
    id bigint NOT NULL,
    customer_id bigint NOT NULL,
    license_number character varying(20) NOT NULL,
    issuing_country character(2) NOT NULL,
    issued_on date NOT NULL,
    expires_on date NOT NULL,
    CONSTRAINT driver_licenses_dates_check CHECK ((expires_on > issued_on))
);

CREATE TABLE public.rate_plans (
    id integer NOT NULL,
    acriss_code character(4) NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    daily_rate numeric(10,2) NOT NULL,
    included_km_per_day integer,
    extra_km_rate numeric(6,2),
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT rate_plans_daily_rate_check CHECK ((daily_rate > (0)::numeric))
);

CREATE TABLE public.reservations (
    id bigint NOT NULL,
    reservation_no bigint DEFAULT nextval('public.reservation_no_seq'::regclass) NOT NULL,
    customer_id bigint NOT NULL,
    acriss_code character(4) NOT NULL,
    rate_plan_id integer NOT NULL,
    pickup_branch_id integer NOT NULL,
    return_branch_id integer NOT NULL,
    pickup_at timestamp with time zone NOT NULL,
    return_due_at timestamp with time zone NOT NULL,
    currency_code character(3) NOT NULL,
    quoted_total numeric(12,2) NOT NULL,
    status public.reservation_status DEFAULT 'confirmed'::public.reservation_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    CONSTRAINT reservations_period_check CHECK ((return_due_at > pickup_at)),
    CONSTRAINT reservations_quoted_total_check CHECK ((quoted_total >= (0)::numeric))
);

CREATE SEQUENCE public.reservations_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.reservations_id_seq OWNED BY public.reservations.id;

CREATE TABLE public.rentals (
    id bigint NOT NULL,
    reservation_id bigint NOT NULL,
    vehicle_id integer NOT NULL,
    driver_license_id bigint NOT NULL,
    pickup_branch_id integer NOT NULL,
    return_branch_id integer,
    picked_up_at timestamp with time zone NOT NULL,
    returned_at timestamp with time zone,
    odometer_out_km integer NOT NULL,
    odometer_in_km integer,
    fuel_out_pct smallint DEFAULT 100 NOT NULL,
    fuel_in_pct smallint,
    status public.rental_status DEFAULT 'open'::public.rental_status NOT NULL,
    CONSTRAINT rentals_fuel_out_pct_check CHECK (((fuel_out_pct >= 0) AND (fuel_out_pct <= 100))),
    CONSTRAINT rentals_fuel_in_pct_check CHECK (((fuel_in_pct >= 0) AND (fuel_in_pct <= 100)))
);

CREATE SEQUENCE public.rentals_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.rentals_id_seq OWNED BY public.rentals.id;

CREATE TABLE public.rental_charges (
    id bigint NOT NULL,
    rental_id bigint NOT NULL,
    line_no smallint NOT NULL,
    charge public.charge_type NOT NULL,
    quantity numeric(10,2) DEFAULT 1 NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    amount numeric(12,2) NOT NULL
);

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    invoice_no character varying(20) NOT NULL,
    rental_id bigint NOT NULL,
    currency_code character(3) NOT NULL,
    issued_at timestamp with time zone,
    net_amount numeric(12,2) NOT NULL,
    tax_amount numeric(12,2) NOT NULL,
    gross_amount numeric(12,2) NOT NULL,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method character varying(16) NOT NULL,
    card_last4 character(4),
    CONSTRAINT payments_method_check CHECK (((method)::text = ANY ((ARRAY['card'::character varying, 'cash'::character varying, 'transfer'::character varying])::text[])))
);

CREATE TABLE public.damage_reports (
    id bigint NOT NULL,
    rental_id bigint NOT NULL,
    reported_at timestamp with time zone NOT NULL,
    severity character varying(8) NOT NULL,
    description text,
    estimated_cost numeric(10,2),
    CONSTRAINT damage_reports_severity_check CHECK (((severity)::text = ANY ((ARRAY['minor'::character varying, 'moderate'::character varying, 'major'::character varying, 'total_loss'::character varying])::text[])))
);

CREATE TABLE public.maintenance_events (
    id bigint NOT NULL,
    vehicle_id integer NOT NULL,
    seq_no smallint NOT NULL,
    kind character varying(16) NOT NULL,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    odometer_km integer NOT NULL,
    cost numeric(10,2)
);

--
-- Defaults
--

ALTER TABLE ONLY public.cities ALTER COLUMN id SET DEFAULT nextval('public.cities_id_seq'::regclass);
ALTER TABLE ONLY public.branches ALTER COLUMN id SET DEFAULT nextval('public.branches_id_seq'::regclass);
ALTER TABLE ONLY public.vehicles ALTER COLUMN id SET DEFAULT nextval('public.vehicles_id_seq'::regclass);
ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);
ALTER TABLE ONLY public.reservations ALTER COLUMN id SET DEFAULT nextval('public.reservations_id_seq'::regclass);
ALTER TABLE ONLY public.rentals ALTER COLUMN id SET DEFAULT nextval('public.rentals_id_seq'::regclass);

--
-- Primary keys and unique constraints
--

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (iso2);
ALTER TABLE ONLY public.cities ADD CONSTRAINT cities_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.cities ADD CONSTRAINT cities_country_code_name_key UNIQUE (country_code, name);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_code_key UNIQUE (code);
ALTER TABLE ONLY public.vehicle_classes ADD CONSTRAINT vehicle_classes_pkey PRIMARY KEY (acriss_code);
ALTER TABLE ONLY public.manufacturers ADD CONSTRAINT manufacturers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.manufacturers ADD CONSTRAINT manufacturers_name_key UNIQUE (name);
ALTER TABLE ONLY public.vehicle_models ADD CONSTRAINT vehicle_models_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicle_models ADD CONSTRAINT vehicle_models_manufacturer_id_name_key UNIQUE (manufacturer_id, name);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_vin_key UNIQUE (vin);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_email_key UNIQUE (email);
ALTER TABLE ONLY public.driver_licenses ADD CONSTRAINT driver_licenses_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.driver_licenses ADD CONSTRAINT driver_licenses_issuing_country_license_number_key UNIQUE (issuing_country, license_number);
ALTER TABLE ONLY public.rate_plans ADD CONSTRAINT rate_plans_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_reservation_no_key UNIQUE (reservation_no);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_reservation_id_key UNIQUE (reservation_id);
ALTER TABLE ONLY public.rental_charges ADD CONSTRAINT rental_charges_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.rental_charges ADD CONSTRAINT rental_charges_rental_id_line_no_key UNIQUE (rental_id, line_no);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.damage_reports ADD CONSTRAINT damage_reports_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.maintenance_events ADD CONSTRAINT maintenance_events_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.maintenance_events ADD CONSTRAINT maintenance_events_vehicle_id_seq_no_key UNIQUE (vehicle_id, seq_no);

--
-- Indexes
--

CREATE INDEX branches_city_id_idx ON public.branches USING btree (city_id);
CREATE INDEX vehicles_model_id_idx ON public.vehicles USING btree (model_id);
CREATE INDEX vehicles_current_branch_id_idx ON public.vehicles USING btree (current_branch_id);
CREATE INDEX customers_last_name_idx ON public.customers USING btree (lower(last_name));
CREATE INDEX driver_licenses_customer_id_idx ON public.driver_licenses USING btree (customer_id);
CREATE INDEX rate_plans_lookup_idx ON public.rate_plans USING btree (acriss_code, country_code, valid_from);
CREATE INDEX reservations_customer_id_idx ON public.reservations USING btree (customer_id);
CREATE INDEX reservations_pickup_idx ON public.reservations USING btree (pickup_branch_id, pickup_at);
CREATE INDEX rentals_vehicle_id_picked_up_at_idx ON public.rentals USING btree (vehicle_id, picked_up_at);
CREATE INDEX rentals_open_idx ON public.rentals USING btree (vehicle_id) WHERE (status = 'open'::public.rental_status);
CREATE INDEX invoices_rental_id_idx ON public.invoices USING btree (rental_id);
CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);
CREATE INDEX damage_reports_rental_id_idx ON public.damage_reports USING btree (rental_id);

--
-- Foreign keys
--

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.cities ADD CONSTRAINT cities_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);
ALTER TABLE ONLY public.branches ADD CONSTRAINT branches_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.manufacturers ADD CONSTRAINT manufacturers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.vehicle_models ADD CONSTRAINT vehicle_models_manufacturer_id_fkey FOREIGN KEY (manufacturer_id) REFERENCES public.manufacturers(id);
ALTER TABLE ONLY public.vehicle_models ADD CONSTRAINT vehicle_models_acriss_code_fkey FOREIGN KEY (acriss_code) REFERENCES public.vehicle_classes(acriss_code);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_model_id_fkey FOREIGN KEY (model_id) REFERENCES public.vehicle_models(id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_home_branch_id_fkey FOREIGN KEY (home_branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_current_branch_id_fkey FOREIGN KEY (current_branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.driver_licenses ADD CONSTRAINT driver_licenses_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.driver_licenses ADD CONSTRAINT driver_licenses_issuing_country_fkey FOREIGN KEY (issuing_country) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.rate_plans ADD CONSTRAINT rate_plans_acriss_code_fkey FOREIGN KEY (acriss_code) REFERENCES public.vehicle_classes(acriss_code);
ALTER TABLE ONLY public.rate_plans ADD CONSTRAINT rate_plans_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);
ALTER TABLE ONLY public.rate_plans ADD CONSTRAINT rate_plans_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_acriss_code_fkey FOREIGN KEY (acriss_code) REFERENCES public.vehicle_classes(acriss_code);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_rate_plan_id_fkey FOREIGN KEY (rate_plan_id) REFERENCES public.rate_plans(id);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_pickup_branch_id_fkey FOREIGN KEY (pickup_branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_return_branch_id_fkey FOREIGN KEY (return_branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.reservations ADD CONSTRAINT reservations_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservations(id);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_driver_license_id_fkey FOREIGN KEY (driver_license_id) REFERENCES public.driver_licenses(id);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_pickup_branch_id_fkey FOREIGN KEY (pickup_branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.rentals ADD CONSTRAINT rentals_return_branch_id_fkey FOREIGN KEY (return_branch_id) REFERENCES public.branches(id);
ALTER TABLE ONLY public.rental_charges ADD CONSTRAINT rental_charges_rental_id_fkey FOREIGN KEY (rental_id) REFERENCES public.rentals(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_rental_id_fkey FOREIGN KEY (rental_id) REFERENCES public.rentals(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);
ALTER TABLE ONLY public.damage_reports ADD CONSTRAINT damage_reports_rental_id_fkey FOREIGN KEY (rental_id) REFERENCES public.rentals(id);
ALTER TABLE ONLY public.maintenance_events ADD CONSTRAINT maintenance_events_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);

--
-- PostgreSQL database dump complete
--
