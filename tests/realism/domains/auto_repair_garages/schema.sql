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

CREATE TYPE public.appointment_status AS ENUM (
    'requested',
    'confirmed',
    'checked_in',
    'completed',
    'cancelled',
    'no_show'
);

CREATE TYPE public.work_order_status AS ENUM (
    'open',
    'in_progress',
    'awaiting_parts',
    'completed',
    'cancelled'
);

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name text NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT currencies_minor_units_check CHECK ((minor_units >= 0))
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(5) NOT NULL,
    CONSTRAINT countries_code_check CHECK ((code ~ '^[A-Z]{2}$'::text))
);

CREATE TABLE public.tax_rates (
    id bigint NOT NULL,
    country_code character(2) NOT NULL,
    rate_percent numeric(5,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT tax_rates_rate_percent_check CHECK ((rate_percent >= (0)::numeric))
);

CREATE TABLE public.garages (
    id bigint NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    street text NOT NULL,
    postcode character varying(12) NOT NULL,
    phone character varying(24) NOT NULL,
    time_zone text NOT NULL,
    bay_count smallint NOT NULL,
    opened_on date NOT NULL,
    CONSTRAINT garages_bay_count_check CHECK ((bay_count > 0))
);

CREATE TABLE public.mechanics (
    id bigint NOT NULL,
    garage_id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    grade text NOT NULL,
    hourly_rate numeric(8,2) NOT NULL,
    CONSTRAINT mechanics_grade_check CHECK ((grade = ANY (ARRAY['apprentice'::text, 'technician'::text, 'master_technician'::text]))),
    CONSTRAINT mechanics_hourly_rate_check CHECK ((hourly_rate >= (0)::numeric))
);

CREATE TABLE public.customers (
    id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email character varying(254),
    phone character varying(24) NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    postcode character varying(12) NOT NULL,
    date_of_birth date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.vehicle_makes (
    id bigint NOT NULL,
    name text NOT NULL
);

CREATE TABLE public.vehicle_models (
    id bigint NOT NULL,
    make_id bigint NOT NULL,
    name text NOT NULL,
    body_type text NOT NULL,
    fuel_type text NOT NULL,
    engine_cc integer,
    CONSTRAINT vehicle_models_body_type_check CHECK ((body_type = ANY (ARRAY['hatchback'::text, 'saloon'::text, 'estate'::text, 'suv'::text, 'van'::text, 'pickup'::text, 'motorcycle'::text]))),
    CONSTRAINT vehicle_models_fuel_type_check CHECK ((fuel_type = ANY (ARRAY['petrol'::text, 'diesel'::text, 'hybrid'::text, 'electric'::text, 'lpg'::text])))
);

CREATE TABLE public.vehicles (
    id bigint NOT NULL,
    customer_id bigint NOT NULL,
    model_id bigint NOT NULL,
    vin character varying(17) NOT NULL,
    registration_plate character varying(12) NOT NULL,
    model_year smallint NOT NULL,
    colour text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.odometer_readings (
    id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    read_at timestamp with time zone NOT NULL,
    mileage_km integer NOT NULL,
    source text NOT NULL,
    CONSTRAINT odometer_readings_mileage_km_check CHECK ((mileage_km >= 0)),
    CONSTRAINT odometer_readings_source_check CHECK ((source = ANY (ARRAY['work_order'::text, 'inspection'::text, 'customer'::text])))
);

CREATE TABLE public.service_types (
    id bigint NOT NULL,
    code character varying(20) NOT NULL,
    name text NOT NULL,
    standard_hours numeric(5,2) NOT NULL,
    list_price numeric(10,2) NOT NULL,
    CONSTRAINT service_types_list_price_check CHECK ((list_price >= (0)::numeric))
);

CREATE TABLE public.appointments (
    id bigint NOT NULL,
    garage_id bigint NOT NULL,
    customer_id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    service_type_id bigint NOT NULL,
    scheduled_start timestamp with time zone NOT NULL,
    scheduled_end timestamp with time zone NOT NULL,
    status public.appointment_status DEFAULT 'requested'::public.appointment_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    notes text
);

CREATE TABLE public.work_orders (
    id bigint NOT NULL,
    appointment_id bigint,
    garage_id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    status public.work_order_status DEFAULT 'open'::public.work_order_status NOT NULL,
    odometer_km integer,
    CONSTRAINT work_orders_odometer_km_check CHECK ((odometer_km >= 0))
);

CREATE TABLE public.work_order_lines (
    id bigint NOT NULL,
    work_order_id bigint NOT NULL,
    line_no smallint NOT NULL,
    service_type_id bigint NOT NULL,
    mechanic_id bigint,
    description text,
    labour_hours numeric(5,2) NOT NULL,
    labour_amount numeric(10,2) NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    CONSTRAINT work_order_lines_labour_hours_check CHECK ((labour_hours >= (0)::numeric)),
    CONSTRAINT work_order_lines_labour_amount_check CHECK ((labour_amount >= (0)::numeric))
);

CREATE TABLE public.part_suppliers (
    id bigint NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    email character varying(254)
);

CREATE TABLE public.parts (
    id bigint NOT NULL,
    part_number character varying(40) NOT NULL,
    name text NOT NULL,
    category text NOT NULL,
    supplier_id bigint NOT NULL,
    unit_cost numeric(10,2) NOT NULL,
    list_price numeric(10,2) NOT NULL,
    weight_kg numeric(8,3),
    CONSTRAINT parts_unit_cost_check CHECK ((unit_cost >= (0)::numeric)),
    CONSTRAINT parts_list_price_check CHECK ((list_price >= (0)::numeric))
);

CREATE TABLE public.garage_stock (
    garage_id bigint NOT NULL,
    part_id bigint NOT NULL,
    quantity_on_hand integer DEFAULT 0 NOT NULL,
    reorder_level integer DEFAULT 0 NOT NULL,
    CONSTRAINT garage_stock_quantity_on_hand_check CHECK ((quantity_on_hand >= 0))
);

CREATE TABLE public.work_order_parts (
    id bigint NOT NULL,
    work_order_id bigint NOT NULL,
    part_id bigint NOT NULL,
    quantity numeric(8,2) NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    line_total numeric(10,2) NOT NULL,
    CONSTRAINT work_order_parts_quantity_check CHECK ((quantity > (0)::numeric)),
    CONSTRAINT work_order_parts_unit_price_check CHECK ((unit_price >= (0)::numeric))
);

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    work_order_id bigint NOT NULL,
    invoice_number character varying(20) NOT NULL,
    currency_code character(3) NOT NULL,
    issued_at timestamp with time zone,
    due_on date,
    subtotal numeric(12,2) NOT NULL,
    tax_amount numeric(12,2) NOT NULL,
    total numeric(12,2) NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'issued'::text, 'paid'::text, 'overdue'::text, 'void'::text]))),
    CONSTRAINT invoices_subtotal_check CHECK ((subtotal >= (0)::numeric)),
    CONSTRAINT invoices_tax_amount_check CHECK ((tax_amount >= (0)::numeric))
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method text NOT NULL,
    status text NOT NULL,
    reference character varying(64),
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['card'::text, 'cash'::text, 'bank_transfer'::text, 'finance'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refunded'::text])))
);

CREATE TABLE public.inspections (
    id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    garage_id bigint NOT NULL,
    mechanic_id bigint NOT NULL,
    inspected_at timestamp with time zone NOT NULL,
    odometer_km integer NOT NULL,
    result text NOT NULL,
    expires_on date,
    CONSTRAINT inspections_result_check CHECK ((result = ANY (ARRAY['pass'::text, 'pass_with_advisories'::text, 'fail'::text])))
);

ALTER TABLE public.tax_rates ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.tax_rates_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.garages ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.garages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.mechanics ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.mechanics_id_seq
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

ALTER TABLE public.vehicle_makes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vehicle_makes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.vehicle_models ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vehicle_models_id_seq
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

ALTER TABLE public.odometer_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.odometer_readings_id_seq
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

ALTER TABLE public.appointments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.appointments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.work_orders ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.work_orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.work_order_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.work_order_lines_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.part_suppliers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.part_suppliers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.parts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.parts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.work_order_parts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.work_order_parts_id_seq
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

ALTER TABLE public.payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.inspections ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.inspections_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.tax_rates ADD CONSTRAINT tax_rates_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.garages ADD CONSTRAINT garages_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.mechanics ADD CONSTRAINT mechanics_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicle_makes ADD CONSTRAINT vehicle_makes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicle_models ADD CONSTRAINT vehicle_models_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.odometer_readings ADD CONSTRAINT odometer_readings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.service_types ADD CONSTRAINT service_types_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.appointments ADD CONSTRAINT appointments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.work_orders ADD CONSTRAINT work_orders_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.work_order_lines ADD CONSTRAINT work_order_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.part_suppliers ADD CONSTRAINT part_suppliers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.parts ADD CONSTRAINT parts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.work_order_parts ADD CONSTRAINT work_order_parts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.inspections ADD CONSTRAINT inspections_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.garage_stock ADD CONSTRAINT garage_stock_pkey PRIMARY KEY (garage_id, part_id);
ALTER TABLE ONLY public.vehicle_makes ADD CONSTRAINT vehicle_makes_name_key UNIQUE (name);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_vin_key UNIQUE (vin);
ALTER TABLE ONLY public.service_types ADD CONSTRAINT service_types_code_key UNIQUE (code);
ALTER TABLE ONLY public.work_orders ADD CONSTRAINT work_orders_appointment_id_key UNIQUE (appointment_id);
ALTER TABLE ONLY public.work_order_lines ADD CONSTRAINT work_order_lines_work_order_id_line_no_key UNIQUE (work_order_id, line_no);
ALTER TABLE ONLY public.parts ADD CONSTRAINT parts_part_number_key UNIQUE (part_number);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_work_order_id_key UNIQUE (work_order_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.tax_rates ADD CONSTRAINT tax_rates_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.garages ADD CONSTRAINT garages_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.mechanics ADD CONSTRAINT mechanics_garage_id_fkey FOREIGN KEY (garage_id) REFERENCES public.garages(id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.vehicle_models ADD CONSTRAINT vehicle_models_make_id_fkey FOREIGN KEY (make_id) REFERENCES public.vehicle_makes(id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_model_id_fkey FOREIGN KEY (model_id) REFERENCES public.vehicle_models(id);
ALTER TABLE ONLY public.odometer_readings ADD CONSTRAINT odometer_readings_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.appointments ADD CONSTRAINT appointments_garage_id_fkey FOREIGN KEY (garage_id) REFERENCES public.garages(id);
ALTER TABLE ONLY public.appointments ADD CONSTRAINT appointments_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.appointments ADD CONSTRAINT appointments_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.appointments ADD CONSTRAINT appointments_service_type_id_fkey FOREIGN KEY (service_type_id) REFERENCES public.service_types(id);
ALTER TABLE ONLY public.work_orders ADD CONSTRAINT work_orders_appointment_id_fkey FOREIGN KEY (appointment_id) REFERENCES public.appointments(id);
ALTER TABLE ONLY public.work_orders ADD CONSTRAINT work_orders_garage_id_fkey FOREIGN KEY (garage_id) REFERENCES public.garages(id);
ALTER TABLE ONLY public.work_orders ADD CONSTRAINT work_orders_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.work_order_lines ADD CONSTRAINT work_order_lines_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.work_order_lines ADD CONSTRAINT work_order_lines_service_type_id_fkey FOREIGN KEY (service_type_id) REFERENCES public.service_types(id);
ALTER TABLE ONLY public.work_order_lines ADD CONSTRAINT work_order_lines_mechanic_id_fkey FOREIGN KEY (mechanic_id) REFERENCES public.mechanics(id);
ALTER TABLE ONLY public.part_suppliers ADD CONSTRAINT part_suppliers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.parts ADD CONSTRAINT parts_supplier_id_fkey FOREIGN KEY (supplier_id) REFERENCES public.part_suppliers(id);
ALTER TABLE ONLY public.garage_stock ADD CONSTRAINT garage_stock_garage_id_fkey FOREIGN KEY (garage_id) REFERENCES public.garages(id);
ALTER TABLE ONLY public.garage_stock ADD CONSTRAINT garage_stock_part_id_fkey FOREIGN KEY (part_id) REFERENCES public.parts(id);
ALTER TABLE ONLY public.work_order_parts ADD CONSTRAINT work_order_parts_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id) ON DELETE CASCADE;
ALTER TABLE ONLY public.work_order_parts ADD CONSTRAINT work_order_parts_part_id_fkey FOREIGN KEY (part_id) REFERENCES public.parts(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_work_order_id_fkey FOREIGN KEY (work_order_id) REFERENCES public.work_orders(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);
ALTER TABLE ONLY public.inspections ADD CONSTRAINT inspections_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.inspections ADD CONSTRAINT inspections_garage_id_fkey FOREIGN KEY (garage_id) REFERENCES public.garages(id);
ALTER TABLE ONLY public.inspections ADD CONSTRAINT inspections_mechanic_id_fkey FOREIGN KEY (mechanic_id) REFERENCES public.mechanics(id);

CREATE INDEX appointments_garage_id_scheduled_start_idx ON public.appointments USING btree (garage_id, scheduled_start);
CREATE INDEX appointments_vehicle_id_idx ON public.appointments USING btree (vehicle_id);
CREATE INDEX odometer_readings_vehicle_id_read_at_idx ON public.odometer_readings USING btree (vehicle_id, read_at);
CREATE INDEX vehicles_customer_id_idx ON public.vehicles USING btree (customer_id);
CREATE INDEX work_orders_vehicle_id_idx ON public.work_orders USING btree (vehicle_id);
CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);
CREATE INDEX inspections_vehicle_id_inspected_at_idx ON public.inspections USING btree (vehicle_id, inspected_at);
CREATE INDEX tax_rates_country_code_valid_from_idx ON public.tax_rates USING btree (country_code, valid_from);

--
-- PostgreSQL database dump complete
--
