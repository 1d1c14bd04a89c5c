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
    minor_units smallint NOT NULL
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code text NOT NULL
);

CREATE TABLE public.breeds (
    code text NOT NULL,
    name text NOT NULL,
    origin_country_code character(2)
);

CREATE TABLE public.depots (
    id bigint NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    postcode text NOT NULL,
    opened_on date NOT NULL
);

CREATE TABLE public.drivers (
    id bigint NOT NULL,
    depot_id bigint NOT NULL,
    full_name text NOT NULL,
    date_of_birth date NOT NULL,
    licence_number text NOT NULL,
    hired_on date NOT NULL,
    left_on date
);

CREATE TABLE public.tankers (
    id bigint NOT NULL,
    depot_id bigint NOT NULL,
    registration_plate text NOT NULL,
    kind text NOT NULL,
    capacity_litres integer NOT NULL,
    commissioned_on date NOT NULL,
    CONSTRAINT tankers_kind_check CHECK ((kind = ANY (ARRAY['rigid'::text, 'drawbar'::text, 'semi_trailer'::text]))),
    CONSTRAINT tankers_capacity_litres_check CHECK ((capacity_litres > 0))
);

CREATE TABLE public.tanker_odometer_readings (
    id bigint NOT NULL,
    tanker_id bigint NOT NULL,
    read_at timestamp with time zone NOT NULL,
    odometer_km integer NOT NULL,
    CONSTRAINT tanker_odometer_readings_odometer_km_check CHECK ((odometer_km >= 0))
);

CREATE TABLE public.farms (
    id bigint NOT NULL,
    holding_number text NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    depot_id bigint NOT NULL,
    city text NOT NULL,
    postcode text NOT NULL,
    phone text NOT NULL,
    joined_on date NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    left_on date,
    CONSTRAINT farms_status_check CHECK ((status = ANY (ARRAY['active'::text, 'suspended'::text, 'left'::text])))
);

CREATE TABLE public.farmers (
    id bigint NOT NULL,
    farm_id bigint NOT NULL,
    full_name text NOT NULL,
    date_of_birth date NOT NULL,
    role text NOT NULL,
    email text,
    CONSTRAINT farmers_role_check CHECK ((role = ANY (ARRAY['owner'::text, 'partner'::text, 'manager'::text])))
);

CREATE TABLE public.farm_bulk_tanks (
    id bigint NOT NULL,
    farm_id bigint NOT NULL,
    serial_number text NOT NULL,
    capacity_litres integer NOT NULL,
    installed_on date NOT NULL,
    removed_on date,
    CONSTRAINT farm_bulk_tanks_capacity_litres_check CHECK ((capacity_litres > 0))
);

CREATE TABLE public.cows (
    id bigint NOT NULL,
    farm_id bigint NOT NULL,
    breed_code text NOT NULL,
    ear_tag text NOT NULL,
    birth_date date NOT NULL,
    first_calving_date date,
    status text NOT NULL,
    exit_date date,
    CONSTRAINT cows_status_check CHECK ((status = ANY (ARRAY['heifer'::text, 'in_milk'::text, 'dry'::text, 'sold'::text, 'dead'::text])))
);

CREATE TABLE public.routes (
    id bigint NOT NULL,
    depot_id bigint NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    active boolean DEFAULT true NOT NULL
);

CREATE TABLE public.collection_runs (
    id bigint NOT NULL,
    route_id bigint NOT NULL,
    tanker_id bigint NOT NULL,
    driver_id bigint NOT NULL,
    scheduled_date date NOT NULL,
    started_at timestamp with time zone,
    ended_at timestamp with time zone,
    status text DEFAULT 'planned'::text NOT NULL,
    total_litres integer,
    CONSTRAINT collection_runs_status_check CHECK ((status = ANY (ARRAY['planned'::text, 'in_progress'::text, 'completed'::text, 'cancelled'::text])))
);

CREATE TABLE public.collection_stops (
    id bigint NOT NULL,
    run_id bigint NOT NULL,
    stop_no integer NOT NULL,
    farm_id bigint NOT NULL,
    tank_id bigint NOT NULL,
    arrived_at timestamp with time zone NOT NULL,
    departed_at timestamp with time zone,
    volume_litres integer NOT NULL,
    milk_temp_c numeric(4,1),
    CONSTRAINT collection_stops_volume_litres_check CHECK ((volume_litres >= 0))
);

CREATE TABLE public.quality_samples (
    id bigint NOT NULL,
    stop_id bigint NOT NULL,
    sampled_at timestamp with time zone NOT NULL,
    fat_pct numeric(4,2) NOT NULL,
    protein_pct numeric(4,2) NOT NULL,
    somatic_cells_per_ml integer NOT NULL,
    bacteria_cfu_per_ml integer NOT NULL,
    antibiotic_positive boolean DEFAULT false NOT NULL
);

CREATE TABLE public.milk_price_periods (
    id bigint NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    base_price_per_litre numeric(8,4) NOT NULL
);

CREATE TABLE public.payment_statements (
    id bigint NOT NULL,
    farm_id bigint NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    currency_code character(3) NOT NULL,
    total_litres integer NOT NULL,
    gross_amount numeric(12,2) NOT NULL,
    deductions numeric(12,2) DEFAULT 0 NOT NULL,
    net_amount numeric(12,2) NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    issued_at timestamp with time zone,
    paid_at timestamp with time zone,
    CONSTRAINT payment_statements_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'issued'::text, 'paid'::text]))),
    CONSTRAINT payment_statements_period_check CHECK ((period_end >= period_start))
);

CREATE TABLE public.statement_lines (
    id bigint NOT NULL,
    statement_id bigint NOT NULL,
    line_no integer NOT NULL,
    stop_id bigint NOT NULL,
    price_period_id bigint NOT NULL,
    litres integer NOT NULL,
    unit_price numeric(8,4) NOT NULL,
    amount numeric(12,2) NOT NULL
);

CREATE TABLE public.vet_visits (
    id bigint NOT NULL,
    farm_id bigint NOT NULL,
    visited_at timestamp with time zone NOT NULL,
    duration_minutes integer NOT NULL,
    reason text NOT NULL,
    fee_amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    CONSTRAINT vet_visits_reason_check CHECK ((reason = ANY (ARRAY['routine'::text, 'fertility'::text, 'lameness'::text, 'mastitis'::text, 'calving'::text, 'tb_test'::text])))
);

ALTER TABLE public.depots ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.depots_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.drivers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.drivers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.tankers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.tankers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.tanker_odometer_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.tanker_odometer_readings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.farms ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.farms_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.farmers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.farmers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.farm_bulk_tanks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.farm_bulk_tanks_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.cows ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.cows_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.routes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.routes_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.collection_runs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.collection_runs_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.collection_stops ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.collection_stops_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.quality_samples ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.quality_samples_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.milk_price_periods ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.milk_price_periods_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.payment_statements ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.payment_statements_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.statement_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.statement_lines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.vet_visits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.vet_visits_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.breeds ADD CONSTRAINT breeds_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.breeds ADD CONSTRAINT breeds_name_key UNIQUE (name);
ALTER TABLE ONLY public.depots ADD CONSTRAINT depots_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.drivers ADD CONSTRAINT drivers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tankers ADD CONSTRAINT tankers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tankers ADD CONSTRAINT tankers_registration_plate_key UNIQUE (registration_plate);
ALTER TABLE ONLY public.tanker_odometer_readings ADD CONSTRAINT tanker_odometer_readings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.farms ADD CONSTRAINT farms_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.farms ADD CONSTRAINT farms_holding_number_key UNIQUE (holding_number);
ALTER TABLE ONLY public.farmers ADD CONSTRAINT farmers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.farm_bulk_tanks ADD CONSTRAINT farm_bulk_tanks_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.cows ADD CONSTRAINT cows_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.cows ADD CONSTRAINT cows_ear_tag_key UNIQUE (ear_tag);
ALTER TABLE ONLY public.routes ADD CONSTRAINT routes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.routes ADD CONSTRAINT routes_depot_id_code_key UNIQUE (depot_id, code);
ALTER TABLE ONLY public.collection_runs ADD CONSTRAINT collection_runs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.collection_stops ADD CONSTRAINT collection_stops_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.collection_stops ADD CONSTRAINT collection_stops_run_id_stop_no_key UNIQUE (run_id, stop_no);
ALTER TABLE ONLY public.quality_samples ADD CONSTRAINT quality_samples_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.milk_price_periods ADD CONSTRAINT milk_price_periods_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.payment_statements ADD CONSTRAINT payment_statements_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.statement_lines ADD CONSTRAINT statement_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.statement_lines ADD CONSTRAINT statement_lines_statement_id_line_no_key UNIQUE (statement_id, line_no);
ALTER TABLE ONLY public.vet_visits ADD CONSTRAINT vet_visits_pkey PRIMARY KEY (id);

CREATE INDEX collection_runs_scheduled_date_idx ON public.collection_runs USING btree (scheduled_date);
CREATE INDEX collection_stops_farm_id_idx ON public.collection_stops USING btree (farm_id);
CREATE INDEX cows_farm_id_idx ON public.cows USING btree (farm_id);
CREATE INDEX statement_lines_stop_id_idx ON public.statement_lines USING btree (stop_id);
CREATE INDEX tanker_odometer_readings_tanker_id_read_at_idx ON public.tanker_odometer_readings USING btree (tanker_id, read_at);
CREATE INDEX payment_statements_farm_id_idx ON public.payment_statements USING btree (farm_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.breeds ADD CONSTRAINT breeds_origin_country_code_fkey FOREIGN KEY (origin_country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.depots ADD CONSTRAINT depots_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.drivers ADD CONSTRAINT drivers_depot_id_fkey FOREIGN KEY (depot_id) REFERENCES public.depots(id);
ALTER TABLE ONLY public.tankers ADD CONSTRAINT tankers_depot_id_fkey FOREIGN KEY (depot_id) REFERENCES public.depots(id);
ALTER TABLE ONLY public.tanker_odometer_readings ADD CONSTRAINT tanker_odometer_readings_tanker_id_fkey FOREIGN KEY (tanker_id) REFERENCES public.tankers(id);
ALTER TABLE ONLY public.farms ADD CONSTRAINT farms_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.farms ADD CONSTRAINT farms_depot_id_fkey FOREIGN KEY (depot_id) REFERENCES public.depots(id);
ALTER TABLE ONLY public.farmers ADD CONSTRAINT farmers_farm_id_fkey FOREIGN KEY (farm_id) REFERENCES public.farms(id);
ALTER TABLE ONLY public.farm_bulk_tanks ADD CONSTRAINT farm_bulk_tanks_farm_id_fkey FOREIGN KEY (farm_id) REFERENCES public.farms(id);
ALTER TABLE ONLY public.cows ADD CONSTRAINT cows_farm_id_fkey FOREIGN KEY (farm_id) REFERENCES public.farms(id);
ALTER TABLE ONLY public.cows ADD CONSTRAINT cows_breed_code_fkey FOREIGN KEY (breed_code) REFERENCES public.breeds(code);
ALTER TABLE ONLY public.routes ADD CONSTRAINT routes_depot_id_fkey FOREIGN KEY (depot_id) REFERENCES public.depots(id);
ALTER TABLE ONLY public.collection_runs ADD CONSTRAINT collection_runs_route_id_fkey FOREIGN KEY (route_id) REFERENCES public.routes(id);
ALTER TABLE ONLY public.collection_runs ADD CONSTRAINT collection_runs_tanker_id_fkey FOREIGN KEY (tanker_id) REFERENCES public.tankers(id);
ALTER TABLE ONLY public.collection_runs ADD CONSTRAINT collection_runs_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES public.drivers(id);
ALTER TABLE ONLY public.collection_stops ADD CONSTRAINT collection_stops_run_id_fkey FOREIGN KEY (run_id) REFERENCES public.collection_runs(id);
ALTER TABLE ONLY public.collection_stops ADD CONSTRAINT collection_stops_farm_id_fkey FOREIGN KEY (farm_id) REFERENCES public.farms(id);
ALTER TABLE ONLY public.collection_stops ADD CONSTRAINT collection_stops_tank_id_fkey FOREIGN KEY (tank_id) REFERENCES public.farm_bulk_tanks(id);
ALTER TABLE ONLY public.quality_samples ADD CONSTRAINT quality_samples_stop_id_fkey FOREIGN KEY (stop_id) REFERENCES public.collection_stops(id);
ALTER TABLE ONLY public.milk_price_periods ADD CONSTRAINT milk_price_periods_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.milk_price_periods ADD CONSTRAINT milk_price_periods_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.payment_statements ADD CONSTRAINT payment_statements_farm_id_fkey FOREIGN KEY (farm_id) REFERENCES public.farms(id);
ALTER TABLE ONLY public.payment_statements ADD CONSTRAINT payment_statements_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.statement_lines ADD CONSTRAINT statement_lines_statement_id_fkey FOREIGN KEY (statement_id) REFERENCES public.payment_statements(id);
ALTER TABLE ONLY public.statement_lines ADD CONSTRAINT statement_lines_stop_id_fkey FOREIGN KEY (stop_id) REFERENCES public.collection_stops(id);
ALTER TABLE ONLY public.statement_lines ADD CONSTRAINT statement_lines_price_period_id_fkey FOREIGN KEY (price_period_id) REFERENCES public.milk_price_periods(id);
ALTER TABLE ONLY public.vet_visits ADD CONSTRAINT vet_visits_farm_id_fkey FOREIGN KEY (farm_id) REFERENCES public.farms(id);
ALTER TABLE ONLY public.vet_visits ADD CONSTRAINT vet_visits_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

--
-- PostgreSQL database dump complete
--
