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

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name text NOT NULL,
    minor_units smallint NOT NULL,
    CONSTRAINT currencies_minor_units_check CHECK ((minor_units >= 0 AND minor_units <= 4))
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code text NOT NULL,
    time_zone text NOT NULL,
    standard_vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_vat_check CHECK ((standard_vat_rate >= 0))
);

CREATE TABLE public.charger_models (
    id integer NOT NULL,
    manufacturer text NOT NULL,
    model_name text NOT NULL,
    current_type text NOT NULL,
    max_power_kw numeric(6,1) NOT NULL,
    connector_count smallint NOT NULL,
    CONSTRAINT charger_models_current_type_check CHECK ((current_type = ANY (ARRAY['AC'::text, 'DC'::text]))),
    CONSTRAINT charger_models_power_check CHECK ((max_power_kw > 0)),
    CONSTRAINT charger_models_connector_count_check CHECK ((connector_count > 0))
);

CREATE TABLE public.sites (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    name text NOT NULL,
    street text NOT NULL,
    city text NOT NULL,
    postcode text NOT NULL,
    latitude numeric(9,6) NOT NULL,
    longitude numeric(9,6) NOT NULL,
    opened_on date,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT sites_status_check CHECK ((status = ANY (ARRAY['planned'::text, 'active'::text, 'closed'::text])))
);

CREATE TABLE public.chargers (
    id integer NOT NULL,
    site_id integer NOT NULL,
    model_id integer NOT NULL,
    serial_number text NOT NULL,
    commissioned_at timestamp with time zone,
    status text DEFAULT 'available'::text NOT NULL,
    CONSTRAINT chargers_status_check CHECK ((status = ANY (ARRAY['available'::text, 'offline'::text, 'faulted'::text, 'decommissioned'::text])))
);

CREATE TABLE public.connectors (
    id integer NOT NULL,
    charger_id integer NOT NULL,
    connector_no smallint NOT NULL,
    evse_id text NOT NULL,
    connector_type text NOT NULL,
    max_power_kw numeric(6,1) NOT NULL,
    CONSTRAINT connectors_type_check CHECK ((connector_type = ANY (ARRAY['TYPE2'::text, 'CCS2'::text, 'CHADEMO'::text]))),
    CONSTRAINT connectors_power_check CHECK ((max_power_kw > 0)),
    CONSTRAINT connectors_no_check CHECK ((connector_no > 0))
);

CREATE TABLE public.meter_readings (
    id bigint NOT NULL,
    charger_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    energy_register_kwh numeric(12,3) NOT NULL,
    source text DEFAULT 'ocpp'::text NOT NULL,
    CONSTRAINT meter_readings_source_check CHECK ((source = ANY (ARRAY['ocpp'::text, 'manual'::text, 'calibration'::text])))
);

CREATE TABLE public.customers (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    date_of_birth date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.vehicles (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    make text NOT NULL,
    model text NOT NULL,
    battery_kwh numeric(5,1),
    registration_plate text,
    added_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.rfid_cards (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    uid text NOT NULL,
    issued_at timestamp with time zone NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT rfid_cards_status_check CHECK ((status = ANY (ARRAY['active'::text, 'blocked'::text, 'lost'::text, 'expired'::text])))
);

CREATE TABLE public.subscription_plans (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    name text NOT NULL,
    monthly_fee numeric(10,2) NOT NULL,
    kwh_discount_pct numeric(5,2) DEFAULT 0 NOT NULL
);

CREATE TABLE public.subscriptions (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    plan_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    status text NOT NULL,
    CONSTRAINT subscriptions_status_check CHECK ((status = ANY (ARRAY['active'::text, 'cancelled'::text, 'ended'::text])))
);

CREATE TABLE public.tariffs (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    name text NOT NULL,
    current_type text NOT NULL,
    price_per_kwh numeric(8,4) NOT NULL,
    session_fee numeric(8,2) DEFAULT 0 NOT NULL,
    idle_fee_per_minute numeric(8,4) DEFAULT 0 NOT NULL,
    valid_from timestamp with time zone NOT NULL,
    valid_to timestamp with time zone,
    CONSTRAINT tariffs_current_type_check CHECK ((current_type = ANY (ARRAY['AC'::text, 'DC'::text])))
);

CREATE TABLE public.charging_sessions (
    id bigint NOT NULL,
    connector_id integer NOT NULL,
    customer_id integer NOT NULL,
    card_id integer,
    vehicle_id integer,
    tariff_id integer NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    duration_minutes integer,
    energy_kwh numeric(8,3) DEFAULT 0 NOT NULL,
    status text NOT NULL,
    stop_reason text,
    CONSTRAINT charging_sessions_status_check CHECK ((status = ANY (ARRAY['charging'::text, 'completed'::text, 'failed'::text, 'interrupted'::text]))),
    CONSTRAINT charging_sessions_energy_check CHECK ((energy_kwh >= 0))
);

CREATE TABLE public.invoices (
    id integer NOT NULL,
    customer_id integer NOT NULL,
    currency_code character(3) NOT NULL,
    invoice_number text NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    issued_at timestamp with time zone,
    due_on date,
    net_amount numeric(12,2) DEFAULT 0 NOT NULL,
    vat_amount numeric(12,2) DEFAULT 0 NOT NULL,
    total_amount numeric(12,2) DEFAULT 0 NOT NULL,
    status text NOT NULL,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'issued'::text, 'paid'::text, 'overdue'::text, 'void'::text])))
);

CREATE TABLE public.invoice_lines (
    id bigint NOT NULL,
    invoice_id integer NOT NULL,
    line_no smallint NOT NULL,
    session_id bigint,
    description text NOT NULL,
    quantity numeric(10,3) NOT NULL,
    unit_price numeric(10,4) NOT NULL,
    amount numeric(12,2) NOT NULL
);

CREATE TABLE public.payments (
    id integer NOT NULL,
    invoice_id integer NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method text NOT NULL,
    status text NOT NULL,
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['card'::text, 'sepa_debit'::text, 'paypal'::text, 'bank_transfer'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refunded'::text, 'chargeback'::text])))
);

CREATE TABLE public.technicians (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    phone text,
    hired_on date NOT NULL,
    date_of_birth date
);

CREATE TABLE public.maintenance_visits (
    id integer NOT NULL,
    charger_id integer NOT NULL,
    technician_id integer NOT NULL,
    visit_no smallint NOT NULL,
    kind text NOT NULL,
    scheduled_at timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    status text NOT NULL,
    notes text,
    CONSTRAINT maintenance_visits_kind_check CHECK ((kind = ANY (ARRAY['preventive'::text, 'inspection'::text, 'repair'::text]))),
    CONSTRAINT maintenance_visits_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'done'::text, 'cancelled'::text])))
);

ALTER TABLE public.charger_models ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.charger_models_id_seq
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

ALTER TABLE public.chargers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.chargers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.connectors ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.connectors_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.meter_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.meter_readings_id_seq
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

ALTER TABLE public.vehicles ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.vehicles_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.rfid_cards ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.rfid_cards_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.subscription_plans ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.subscription_plans_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.subscriptions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.subscriptions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.tariffs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.tariffs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.charging_sessions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.charging_sessions_id_seq
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

ALTER TABLE public.technicians ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.technicians_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.maintenance_visits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.maintenance_visits_id_seq
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

ALTER TABLE ONLY public.charger_models
    ADD CONSTRAINT charger_models_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.chargers
    ADD CONSTRAINT chargers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.connectors
    ADD CONSTRAINT connectors_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.vehicles
    ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rfid_cards
    ADD CONSTRAINT rfid_cards_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.subscription_plans
    ADD CONSTRAINT subscription_plans_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.tariffs
    ADD CONSTRAINT tariffs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.charging_sessions
    ADD CONSTRAINT charging_sessions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.maintenance_visits
    ADD CONSTRAINT maintenance_visits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.chargers
    ADD CONSTRAINT chargers_serial_number_key UNIQUE (serial_number);

ALTER TABLE ONLY public.connectors
    ADD CONSTRAINT connectors_evse_id_key UNIQUE (evse_id);

ALTER TABLE ONLY public.connectors
    ADD CONSTRAINT connectors_charger_id_connector_no_key UNIQUE (charger_id, connector_no);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_email_key UNIQUE (email);

ALTER TABLE ONLY public.rfid_cards
    ADD CONSTRAINT rfid_cards_uid_key UNIQUE (uid);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_line_no_key UNIQUE (invoice_id, line_no);

ALTER TABLE ONLY public.maintenance_visits
    ADD CONSTRAINT maintenance_visits_charger_id_visit_no_key UNIQUE (charger_id, visit_no);

CREATE INDEX sites_country_code_idx ON public.sites USING btree (country_code);

CREATE INDEX chargers_site_id_idx ON public.chargers USING btree (site_id);

CREATE INDEX connectors_charger_id_idx ON public.connectors USING btree (charger_id);

CREATE INDEX meter_readings_charger_id_read_at_idx ON public.meter_readings USING btree (charger_id, read_at);

CREATE INDEX charging_sessions_connector_id_started_at_idx ON public.charging_sessions USING btree (connector_id, started_at);

CREATE INDEX charging_sessions_customer_id_idx ON public.charging_sessions USING btree (customer_id);

CREATE INDEX charging_sessions_tariff_id_idx ON public.charging_sessions USING btree (tariff_id);

CREATE INDEX invoice_lines_session_id_idx ON public.invoice_lines USING btree (session_id);

CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);

CREATE INDEX maintenance_visits_technician_id_idx ON public.maintenance_visits USING btree (technician_id);

CREATE INDEX subscriptions_customer_id_idx ON public.subscriptions USING btree (customer_id);

CREATE INDEX tariffs_country_code_valid_from_idx ON public.tariffs USING btree (country_code, valid_from);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.sites
    ADD CONSTRAINT sites_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.chargers
    ADD CONSTRAINT chargers_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);

ALTER TABLE ONLY public.chargers
    ADD CONSTRAINT chargers_model_id_fkey FOREIGN KEY (model_id) REFERENCES public.charger_models(id);

ALTER TABLE ONLY public.connectors
    ADD CONSTRAINT connectors_charger_id_fkey FOREIGN KEY (charger_id) REFERENCES public.chargers(id);

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_charger_id_fkey FOREIGN KEY (charger_id) REFERENCES public.chargers(id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.vehicles
    ADD CONSTRAINT vehicles_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.rfid_cards
    ADD CONSTRAINT rfid_cards_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.subscription_plans
    ADD CONSTRAINT subscription_plans_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.subscription_plans
    ADD CONSTRAINT subscription_plans_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.subscriptions
    ADD CONSTRAINT subscriptions_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.subscription_plans(id);

ALTER TABLE ONLY public.tariffs
    ADD CONSTRAINT tariffs_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.tariffs
    ADD CONSTRAINT tariffs_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.charging_sessions
    ADD CONSTRAINT charging_sessions_connector_id_fkey FOREIGN KEY (connector_id) REFERENCES public.connectors(id);

ALTER TABLE ONLY public.charging_sessions
    ADD CONSTRAINT charging_sessions_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.charging_sessions
    ADD CONSTRAINT charging_sessions_card_id_fkey FOREIGN KEY (card_id) REFERENCES public.rfid_cards(id);

ALTER TABLE ONLY public.charging_sessions
    ADD CONSTRAINT charging_sessions_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);

ALTER TABLE ONLY public.charging_sessions
    ADD CONSTRAINT charging_sessions_tariff_id_fkey FOREIGN KEY (tariff_id) REFERENCES public.tariffs(id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.charging_sessions(id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);

ALTER TABLE ONLY public.technicians
    ADD CONSTRAINT technicians_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.maintenance_visits
    ADD CONSTRAINT maintenance_visits_charger_id_fkey FOREIGN KEY (charger_id) REFERENCES public.chargers(id);

ALTER TABLE ONLY public.maintenance_visits
    ADD CONSTRAINT maintenance_visits_technician_id_fkey FOREIGN KEY (technician_id) REFERENCES public.technicians(id);

--
-- PostgreSQL database dump complete
--
