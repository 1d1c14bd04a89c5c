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
    'cancelled',
    'no_access'
);

--
-- Name: inspection_result; Type: TYPE; Schema: public
--

CREATE TYPE public.inspection_result AS ENUM (
    'pass',
    'serviced',
    'failed',
    'condemned'
);

--
-- Name: order_status; Type: TYPE; Schema: public
--

CREATE TYPE public.order_status AS ENUM (
    'draft',
    'confirmed',
    'shipped',
    'delivered',
    'cancelled'
);

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name text NOT NULL,
    minor_units smallint NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$')),
    CONSTRAINT currencies_minor_units_check CHECK ((minor_units >= 0 AND minor_units <= 4))
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code text NOT NULL,
    standard_vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_code_check CHECK ((code ~ '^[A-Z]{2}$')),
    CONSTRAINT countries_calling_code_check CHECK ((calling_code ~ '^\+[0-9]{1,4}$')),
    CONSTRAINT countries_vat_check CHECK ((standard_vat_rate >= 0))
);

CREATE TABLE public.branches (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    address_line text NOT NULL,
    postcode text NOT NULL,
    phone text NOT NULL,
    timezone text NOT NULL,
    opened_on date NOT NULL,
    closed_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.certification_types (
    code text NOT NULL,
    name text NOT NULL,
    issuing_body text NOT NULL,
    validity_months integer NOT NULL,
    CONSTRAINT certification_types_validity_check CHECK ((validity_months > 0))
);

CREATE TABLE public.technicians (
    id integer NOT NULL,
    branch_id integer NOT NULL,
    employee_number text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date NOT NULL,
    email text NOT NULL,
    phone text NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT technicians_email_check CHECK ((email ~* '^[^@\s]+@[^@\s]+\.[a-z]{2,}$'))
);

CREATE TABLE public.technician_certifications (
    id integer NOT NULL,
    technician_id integer NOT NULL,
    certification_type_code text NOT NULL,
    certificate_number text NOT NULL,
    issued_on date NOT NULL,
    expires_on date NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.vehicles (
    id integer NOT NULL,
    branch_id integer NOT NULL,
    registration text NOT NULL,
    make text NOT NULL,
    model text NOT NULL,
    first_registered_on date NOT NULL,
    assigned_technician_id integer,
    is_active boolean DEFAULT true NOT NULL
);

CREATE TABLE public.vehicle_odometer_readings (
    id bigint NOT NULL,
    vehicle_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    odometer_km integer NOT NULL,
    recorded_by integer,
    CONSTRAINT vehicle_odometer_readings_km_check CHECK ((odometer_km >= 0))
);

CREATE TABLE public.customers (
    id integer NOT NULL,
    legal_name text NOT NULL,
    country_code character(2) NOT NULL,
    vat_number text,
    billing_email text NOT NULL,
    phone text NOT NULL,
    payment_terms_days integer DEFAULT 30 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_terms_check CHECK ((payment_terms_days >= 0))
);

CREATE TABLE public.sites (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    branch_id integer NOT NULL,
    name text NOT NULL,
    address_line text NOT NULL,
    city text NOT NULL,
    postcode text NOT NULL,
    country_code character(2) NOT NULL,
    contact_name text,
    contact_phone text NOT NULL,
    access_notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.manufacturers (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    website text
);

CREATE TABLE public.extinguisher_types (
    code text NOT NULL,
    agent text NOT NULL,
    description text NOT NULL,
    fire_classes text NOT NULL,
    label_colour text NOT NULL,
    CONSTRAINT extinguisher_types_agent_check CHECK ((agent = ANY (ARRAY['powder'::text, 'co2'::text, 'water'::text, 'foam'::text, 'wet_chemical'::text])))
);

CREATE TABLE public.products (
    id integer NOT NULL,
    sku text NOT NULL,
    manufacturer_id integer NOT NULL,
    extinguisher_type_code text NOT NULL,
    name text NOT NULL,
    charge_size numeric(6,2) NOT NULL,
    charge_unit text NOT NULL,
    gross_weight_kg numeric(6,2) NOT NULL,
    list_price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    is_discontinued boolean DEFAULT false NOT NULL,
    CONSTRAINT products_charge_unit_check CHECK ((charge_unit = ANY (ARRAY['kg'::text, 'l'::text]))),
    CONSTRAINT products_charge_size_check CHECK ((charge_size > 0)),
    CONSTRAINT products_weight_check CHECK ((gross_weight_kg > 0)),
    CONSTRAINT products_price_check CHECK ((list_price >= 0))
);

CREATE TABLE public.assets (
    id bigint NOT NULL,
    site_id integer NOT NULL,
    product_id integer NOT NULL,
    serial_number text NOT NULL,
    manufactured_on date NOT NULL,
    installed_on date NOT NULL,
    location_description text NOT NULL,
    last_extended_service_on date,
    status text DEFAULT 'in_service'::text NOT NULL,
    removed_on date,
    CONSTRAINT assets_status_check CHECK ((status = ANY (ARRAY['in_service'::text, 'removed'::text, 'condemned'::text])))
);

CREATE TABLE public.service_contracts (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    renewal_no integer NOT NULL,
    contract_number text NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    visits_per_year smallint NOT NULL,
    annual_fee numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status text NOT NULL,
    signed_at timestamp with time zone,
    CONSTRAINT service_contracts_renewal_check CHECK ((renewal_no >= 1)),
    CONSTRAINT service_contracts_visits_check CHECK ((visits_per_year >= 1)),
    CONSTRAINT service_contracts_fee_check CHECK ((annual_fee >= 0)),
    CONSTRAINT service_contracts_dates_check CHECK ((end_date > start_date)),
    CONSTRAINT service_contracts_status_check CHECK ((status = ANY (ARRAY['active'::text, 'expired'::text, 'terminated'::text, 'pending'::text])))
);

CREATE TABLE public.service_visits (
    id bigint NOT NULL,
    site_id integer NOT NULL,
    contract_id integer,
    technician_id integer NOT NULL,
    visit_type text NOT NULL,
    scheduled_start timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    status public.visit_status DEFAULT 'scheduled'::public.visit_status NOT NULL,
    customer_signature_name text,
    notes text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT service_visits_type_check CHECK ((visit_type = ANY (ARRAY['annual_service'::text, 'installation'::text, 'callout'::text, 'extended_service'::text])))
);

CREATE TABLE public.asset_inspections (
    id bigint NOT NULL,
    visit_id bigint NOT NULL,
    asset_id bigint NOT NULL,
    inspected_at timestamp with time zone NOT NULL,
    result public.inspection_result NOT NULL,
    pressure_bar numeric(5,2),
    gross_weight_kg numeric(6,2),
    seal_intact boolean,
    next_due_on date,
    CONSTRAINT asset_inspections_pressure_check CHECK ((pressure_bar >= 0))
);

CREATE TABLE public.defect_codes (
    code text NOT NULL,
    description text NOT NULL,
    severity text NOT NULL,
    CONSTRAINT defect_codes_severity_check CHECK ((severity = ANY (ARRAY['minor'::text, 'major'::text, 'critical'::text])))
);

CREATE TABLE public.inspection_defects (
    id bigint NOT NULL,
    inspection_id bigint NOT NULL,
    defect_code text NOT NULL,
    remedied boolean DEFAULT false NOT NULL,
    comment text
);

CREATE TABLE public.sales_orders (
    id bigint NOT NULL,
    order_number text NOT NULL,
    customer_id integer NOT NULL,
    ship_to_site_id integer,
    ordered_at timestamp with time zone NOT NULL,
    shipped_at timestamp with time zone,
    delivered_at timestamp with time zone,
    status public.order_status DEFAULT 'draft'::public.order_status NOT NULL,
    currency_code character(3) NOT NULL,
    subtotal numeric(12,2) NOT NULL,
    tax_amount numeric(12,2) NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    CONSTRAINT sales_orders_amounts_check CHECK ((subtotal >= 0 AND tax_amount >= 0 AND total_amount >= 0))
);

CREATE TABLE public.sales_order_lines (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    line_no integer NOT NULL,
    product_id integer NOT NULL,
    quantity integer NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    discount_pct numeric(5,2) DEFAULT 0 NOT NULL,
    line_total numeric(12,2) NOT NULL,
    CONSTRAINT sales_order_lines_qty_check CHECK ((quantity > 0)),
    CONSTRAINT sales_order_lines_price_check CHECK ((unit_price >= 0)),
    CONSTRAINT sales_order_lines_discount_check CHECK ((discount_pct >= 0 AND discount_pct <= 100))
);

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    invoice_number text NOT NULL,
    customer_id integer NOT NULL,
    sales_order_id bigint,
    visit_id bigint,
    issued_on date NOT NULL,
    due_on date NOT NULL,
    currency_code character(3) NOT NULL,
    net_amount numeric(12,2) NOT NULL,
    tax_amount numeric(12,2) NOT NULL,
    gross_amount numeric(12,2) NOT NULL,
    status text NOT NULL,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['open'::text, 'paid'::text, 'overdue'::text, 'void'::text, 'written_off'::text])))
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method text NOT NULL,
    reference text,
    CONSTRAINT payments_amount_check CHECK ((amount > 0)),
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['bank_transfer'::text, 'card'::text, 'direct_debit'::text, 'cheque'::text])))
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

ALTER TABLE public.technician_certifications ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.technician_certifications_id_seq
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

ALTER TABLE public.sites ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sites_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.manufacturers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.manufacturers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.products ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.products_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.assets ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.assets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.service_contracts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.service_contracts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.service_visits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.service_visits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.asset_inspections ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.asset_inspections_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.inspection_defects ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.inspection_defects_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.sales_orders ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sales_orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.sales_order_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.sales_order_lines_id_seq
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

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.certification_types
    ADD CONSTRAINT certification_types_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.extinguisher_types
    ADD CONSTRAINT extinguisher_types_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.defect_codes
    ADD CONSTRAINT defect_codes_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.branches
    ADD CONSTRAINT branches_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.technician_certifications
    ADD CONSTRAINT technician_certifications_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vehicles
    ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vehicle_odometer_readings
    ADD CONSTRAINT vehicle_odometer_readings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.manufacturers
    ADD CONSTRAINT manufacturers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.service_visits
    ADD CONSTRAINT service_visits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.asset_inspections
    ADD CONSTRAINT asset_inspections_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.inspection_defects
    ADD CONSTRAINT inspection_defects_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_employee_number_key UNIQUE (employee_number);

ALTER TABLE ONLY public.technician_certifications
    ADD CONSTRAINT technician_certifications_certificate_number_key UNIQUE (certificate_number);

ALTER TABLE ONLY public.vehicles
    ADD CONSTRAINT vehicles_registration_key UNIQUE (registration);

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_sku_key UNIQUE (sku);

ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_serial_number_key UNIQUE (serial_number);

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_contract_number_key UNIQUE (contract_number);

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_customer_id_renewal_no_key UNIQUE (customer_id, renewal_no);

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_order_number_key UNIQUE (order_number);

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_order_id_line_no_key UNIQUE (order_id, line_no);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);

ALTER TABLE ONLY public.asset_inspections
    ADD CONSTRAINT asset_inspections_visit_id_asset_id_key UNIQUE (visit_id, asset_id);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.branches
    ADD CONSTRAINT branches_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);

ALTER TABLE ONLY public.technician_certifications
    ADD CONSTRAINT technician_certifications_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);

ALTER TABLE ONLY public.technician_certifications
    ADD CONSTRAINT technician_certifications_certification_type_code_fkey FOREIGN KEY (certification_type_code) REFERENCES public.certification_types(code);

ALTER TABLE ONLY public.vehicles
    ADD CONSTRAINT vehicles_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);

ALTER TABLE ONLY public.vehicles
    ADD CONSTRAINT vehicles_assigned_technician_id_fkey FOREIGN KEY (assigned_technician_id) REFERENCES public.technicians(id);

ALTER TABLE ONLY public.vehicle_odometer_readings
    ADD CONSTRAINT vehicle_odometer_readings_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);

ALTER TABLE ONLY public.vehicle_odometer_readings
    ADD CONSTRAINT vehicle_odometer_readings_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.technicians(id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_branch_id_fkey FOREIGN KEY (branch_id) REFERENCES public.branches(id);

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.manufacturers
    ADD CONSTRAINT manufacturers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_manufacturer_id_fkey FOREIGN KEY (manufacturer_id) REFERENCES public.manufacturers(id);

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_extinguisher_type_code_fkey FOREIGN KEY (extinguisher_type_code) REFERENCES public.extinguisher_types(code);

ALTER TABLE ONLY public.products
    ADD CONSTRAINT products_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);

ALTER TABLE ONLY public.assets
    ADD CONSTRAINT assets_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.products(id);

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.service_contracts
    ADD CONSTRAINT service_contracts_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.service_visits
    ADD CONSTRAINT service_visits_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);

ALTER TABLE ONLY public.service_visits
    ADD CONSTRAINT service_visits_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.service_contracts(id);

ALTER TABLE ONLY public.service_visits
    ADD CONSTRAINT service_visits_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);

ALTER TABLE ONLY public.asset_inspections
    ADD CONSTRAINT asset_inspections_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES public.service_visits(id);

ALTER TABLE ONLY public.asset_inspections
    ADD CONSTRAINT asset_inspections_asset_id_fkey FOREIGN KEY (asset_id) REFERENCES public.assets(id);

ALTER TABLE ONLY public.inspection_defects
    ADD CONSTRAINT inspection_defects_inspection_id_fkey FOREIGN KEY (inspection_id) REFERENCES public.asset_inspections(id);

ALTER TABLE ONLY public.inspection_defects
    ADD CONSTRAINT inspection_defects_defect_code_fkey FOREIGN KEY (defect_code) REFERENCES public.defect_codes(code);

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_ship_to_site_id_fkey FOREIGN KEY (ship_to_site_id) REFERENCES public.sites(id);

ALTER TABLE ONLY public.sales_orders
    ADD CONSTRAINT sales_orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.sales_orders(id);

ALTER TABLE ONLY public.sales_order_lines
    ADD CONSTRAINT sales_order_lines_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.products(id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_sales_order_id_fkey FOREIGN KEY (sales_order_id) REFERENCES public.sales_orders(id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_visit_id_fkey FOREIGN KEY (visit_id) REFERENCES public.service_visits(id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);

CREATE INDEX technicians_branch_id_idx ON public.technicians USING btree (branch_id);

CREATE INDEX technician_certifications_technician_id_idx ON public.technician_certifications USING btree (technician_id);

CREATE INDEX vehicle_odometer_readings_vehicle_id_read_at_idx ON public.vehicle_odometer_readings USING btree (vehicle_id, read_at);

CREATE INDEX sites_customer_id_idx ON public.sites USING btree (customer_id);

CREATE INDEX assets_site_id_idx ON public.assets USING btree (site_id);

CREATE INDEX assets_product_id_idx ON public.assets USING btree (product_id);

CREATE INDEX service_visits_site_id_idx ON public.service_visits USING btree (site_id);

CREATE INDEX service_visits_technician_id_idx ON public.service_visits USING btree (technician_id);

CREATE INDEX service_visits_scheduled_start_idx ON public.service_visits USING btree (scheduled_start);

CREATE INDEX asset_inspections_asset_id_idx ON public.asset_inspections USING btree (asset_id);

CREATE INDEX inspection_defects_inspection_id_idx ON public.inspection_defects USING btree (inspection_id);

CREATE INDEX sales_orders_customer_id_idx ON public.sales_orders USING btree (customer_id);

CREATE INDEX invoices_customer_id_idx ON public.invoices USING btree (customer_id);

CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);

--
-- PostgreSQL database dump complete
--
