--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
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
    phone_prefix text NOT NULL,
    standard_vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_vat_check CHECK ((standard_vat_rate >= 0))
);

CREATE TABLE public.sites (
    id bigint NOT NULL,
    site_code text NOT NULL,
    name text NOT NULL,
    site_type text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    street_address text NOT NULL,
    postcode text NOT NULL,
    timezone text NOT NULL,
    total_bays integer NOT NULL,
    opened_on date NOT NULL,
    closed_on date,
    CONSTRAINT sites_site_type_check CHECK ((site_type = ANY (ARRAY['multi_storey'::text, 'surface'::text, 'underground'::text, 'street'::text]))),
    CONSTRAINT sites_total_bays_check CHECK ((total_bays >= 0))
);

CREATE TABLE public.zones (
    id bigint NOT NULL,
    site_id bigint NOT NULL,
    zone_code text NOT NULL,
    level_label text,
    zone_type text NOT NULL,
    capacity integer NOT NULL,
    CONSTRAINT zones_zone_type_check CHECK ((zone_type = ANY (ARRAY['public'::text, 'permit_only'::text, 'short_stay'::text, 'long_stay'::text, 'loading'::text]))),
    CONSTRAINT zones_capacity_check CHECK ((capacity >= 0))
);

CREATE TABLE public.bays (
    id bigint NOT NULL,
    zone_id bigint NOT NULL,
    bay_number text NOT NULL,
    bay_type text NOT NULL,
    length_m numeric(4,2) NOT NULL,
    width_m numeric(4,2) NOT NULL,
    has_ev_charger boolean DEFAULT false NOT NULL,
    CONSTRAINT bays_bay_type_check CHECK ((bay_type = ANY (ARRAY['standard'::text, 'disabled'::text, 'parent_child'::text, 'motorcycle'::text, 'coach'::text, 'ev'::text]))),
    CONSTRAINT bays_size_check CHECK ((length_m > 0 AND width_m > 0))
);

CREATE TABLE public.tariffs (
    id bigint NOT NULL,
    site_id bigint NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    free_minutes integer DEFAULT 0 NOT NULL,
    hourly_rate numeric(8,2) NOT NULL,
    daily_max numeric(8,2),
    CONSTRAINT tariffs_rates_check CHECK ((hourly_rate >= 0)),
    CONSTRAINT tariffs_free_minutes_check CHECK ((free_minutes >= 0))
);

CREATE TABLE public.customers (
    id bigint NOT NULL,
    country_code character(2) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    date_of_birth date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.vehicles (
    id bigint NOT NULL,
    customer_id bigint,
    registration text NOT NULL,
    registration_country character(2) NOT NULL,
    vehicle_class text NOT NULL,
    make text,
    model text,
    colour text,
    CONSTRAINT vehicles_class_check CHECK ((vehicle_class = ANY (ARRAY['car'::text, 'van'::text, 'motorcycle'::text, 'coach'::text, 'lorry'::text])))
);

CREATE TABLE public.permits (
    id bigint NOT NULL,
    permit_no text NOT NULL,
    customer_id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    site_id bigint NOT NULL,
    permit_type text NOT NULL,
    valid_from date NOT NULL,
    valid_to date NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status text NOT NULL,
    CONSTRAINT permits_type_check CHECK ((permit_type = ANY (ARRAY['resident'::text, 'season'::text, 'business'::text, 'blue_badge'::text]))),
    CONSTRAINT permits_status_check CHECK ((status = ANY (ARRAY['active'::text, 'expired'::text, 'cancelled'::text, 'pending'::text])))
);

CREATE TABLE public.equipment (
    id bigint NOT NULL,
    site_id bigint NOT NULL,
    equipment_type text NOT NULL,
    serial_number text NOT NULL,
    manufacturer text,
    installed_on date NOT NULL,
    decommissioned_on date,
    CONSTRAINT equipment_type_check CHECK ((equipment_type = ANY (ARRAY['anpr_camera'::text, 'barrier'::text, 'pay_station'::text, 'ticket_dispenser'::text, 'occupancy_sensor'::text])))
);

CREATE TABLE public.equipment_counter_readings (
    id bigint NOT NULL,
    equipment_id bigint NOT NULL,
    read_at timestamp with time zone NOT NULL,
    counter_name text NOT NULL,
    counter_value bigint NOT NULL,
    CONSTRAINT counter_value_check CHECK ((counter_value >= 0))
);

CREATE TABLE public.parking_sessions (
    id bigint NOT NULL,
    site_id bigint NOT NULL,
    zone_id bigint,
    vehicle_id bigint NOT NULL,
    tariff_id bigint NOT NULL,
    permit_id bigint,
    entry_at timestamp with time zone NOT NULL,
    exit_at timestamp with time zone,
    duration_minutes integer,
    status text NOT NULL,
    currency_code character(3) NOT NULL,
    amount_net numeric(10,2) DEFAULT 0 NOT NULL,
    vat_rate numeric(5,2) NOT NULL,
    vat_amount numeric(10,2) DEFAULT 0 NOT NULL,
    amount_gross numeric(10,2) DEFAULT 0 NOT NULL,
    CONSTRAINT sessions_status_check CHECK ((status = ANY (ARRAY['open'::text, 'closed'::text, 'voided'::text]))),
    CONSTRAINT sessions_amounts_check CHECK ((amount_net >= 0 AND vat_amount >= 0 AND amount_gross >= 0))
);

CREATE TABLE public.anpr_reads (
    id bigint NOT NULL,
    camera_id bigint NOT NULL,
    session_id bigint,
    read_at timestamp with time zone NOT NULL,
    direction text NOT NULL,
    plate_text text NOT NULL,
    confidence numeric(4,3) NOT NULL,
    CONSTRAINT anpr_direction_check CHECK ((direction = ANY (ARRAY['entry'::text, 'exit'::text, 'patrol'::text]))),
    CONSTRAINT anpr_confidence_check CHECK ((confidence >= 0 AND confidence <= 1))
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    session_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    method text NOT NULL,
    status text NOT NULL,
    equipment_id bigint,
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['card'::text, 'contactless'::text, 'cash'::text, 'mobile_app'::text, 'account'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refunded'::text, 'pending'::text])))
);

CREATE TABLE public.enforcement_officers (
    id bigint NOT NULL,
    badge_number text NOT NULL,
    country_code character(2) NOT NULL,
    full_name text NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    left_on date
);

CREATE TABLE public.penalty_notices (
    id bigint NOT NULL,
    notice_number text NOT NULL,
    site_id bigint NOT NULL,
    vehicle_id bigint NOT NULL,
    session_id bigint,
    officer_id bigint,
    contravention_code text NOT NULL,
    issued_at timestamp with time zone NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    due_on date NOT NULL,
    status text NOT NULL,
    paid_at timestamp with time zone,
    CONSTRAINT notices_status_check CHECK ((status = ANY (ARRAY['issued'::text, 'paid'::text, 'under_appeal'::text, 'cancelled'::text, 'escalated'::text]))),
    CONSTRAINT notices_amount_check CHECK ((amount > 0))
);

CREATE TABLE public.appeals (
    id bigint NOT NULL,
    penalty_notice_id bigint NOT NULL,
    stage smallint NOT NULL,
    lodged_at timestamp with time zone NOT NULL,
    grounds text NOT NULL,
    decided_at timestamp with time zone,
    outcome text NOT NULL,
    CONSTRAINT appeals_outcome_check CHECK ((outcome = ANY (ARRAY['pending'::text, 'upheld'::text, 'rejected'::text, 'withdrawn'::text]))),
    CONSTRAINT appeals_stage_check CHECK ((stage >= 1))
);

CREATE SEQUENCE public.sites_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.sites_id_seq OWNED BY public.sites.id;
ALTER TABLE ONLY public.sites ALTER COLUMN id SET DEFAULT nextval('public.sites_id_seq'::regclass);
ALTER TABLE public.zones ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.zones_id_seq);
ALTER TABLE public.bays ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.bays_id_seq);
ALTER TABLE public.tariffs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.tariffs_id_seq);
ALTER TABLE public.customers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.customers_id_seq);
ALTER TABLE public.vehicles ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.vehicles_id_seq);
ALTER TABLE public.permits ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.permits_id_seq);
ALTER TABLE public.equipment ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.equipment_id_seq);
ALTER TABLE public.equipment_counter_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.equipment_counter_readings_id_seq);
ALTER TABLE public.parking_sessions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.parking_sessions_id_seq);
ALTER TABLE public.anpr_reads ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.anpr_reads_id_seq);
ALTER TABLE public.payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.payments_id_seq);
ALTER TABLE public.enforcement_officers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.enforcement_officers_id_seq);
ALTER TABLE public.penalty_notices ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.penalty_notices_id_seq);
ALTER TABLE public.appeals ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.appeals_id_seq);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.sites ADD CONSTRAINT sites_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.sites ADD CONSTRAINT sites_site_code_key UNIQUE (site_code);
ALTER TABLE ONLY public.zones ADD CONSTRAINT zones_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.zones ADD CONSTRAINT zones_site_id_zone_code_key UNIQUE (site_id, zone_code);
ALTER TABLE ONLY public.bays ADD CONSTRAINT bays_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bays ADD CONSTRAINT bays_zone_id_bay_number_key UNIQUE (zone_id, bay_number);
ALTER TABLE ONLY public.tariffs ADD CONSTRAINT tariffs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_email_key UNIQUE (email);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_registration_key UNIQUE (registration_country, registration);
ALTER TABLE ONLY public.permits ADD CONSTRAINT permits_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.permits ADD CONSTRAINT permits_permit_no_key UNIQUE (permit_no);
ALTER TABLE ONLY public.equipment ADD CONSTRAINT equipment_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.equipment ADD CONSTRAINT equipment_serial_number_key UNIQUE (serial_number);
ALTER TABLE ONLY public.equipment_counter_readings ADD CONSTRAINT equipment_counter_readings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.anpr_reads ADD CONSTRAINT anpr_reads_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.enforcement_officers ADD CONSTRAINT enforcement_officers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.enforcement_officers ADD CONSTRAINT enforcement_officers_badge_number_key UNIQUE (badge_number);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_notice_number_key UNIQUE (notice_number);
ALTER TABLE ONLY public.appeals ADD CONSTRAINT appeals_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.appeals ADD CONSTRAINT appeals_notice_stage_key UNIQUE (penalty_notice_id, stage);

CREATE INDEX parking_sessions_site_entry_idx ON public.parking_sessions USING btree (site_id, entry_at);
CREATE INDEX parking_sessions_vehicle_idx ON public.parking_sessions USING btree (vehicle_id);
CREATE INDEX anpr_reads_camera_read_at_idx ON public.anpr_reads USING btree (camera_id, read_at);
CREATE INDEX payments_session_idx ON public.payments USING btree (session_id);
CREATE INDEX penalty_notices_vehicle_idx ON public.penalty_notices USING btree (vehicle_id);
CREATE INDEX counter_readings_equipment_read_at_idx ON public.equipment_counter_readings USING btree (equipment_id, read_at);
CREATE INDEX tariffs_site_valid_idx ON public.tariffs USING btree (site_id, valid_from);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.sites ADD CONSTRAINT sites_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.zones ADD CONSTRAINT zones_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);
ALTER TABLE ONLY public.bays ADD CONSTRAINT bays_zone_id_fkey FOREIGN KEY (zone_id) REFERENCES public.zones(id);
ALTER TABLE ONLY public.tariffs ADD CONSTRAINT tariffs_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);
ALTER TABLE ONLY public.tariffs ADD CONSTRAINT tariffs_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_registration_country_fkey FOREIGN KEY (registration_country) REFERENCES public.countries(code);
ALTER TABLE ONLY public.permits ADD CONSTRAINT permits_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.permits ADD CONSTRAINT permits_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.permits ADD CONSTRAINT permits_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);
ALTER TABLE ONLY public.permits ADD CONSTRAINT permits_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.equipment ADD CONSTRAINT equipment_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);
ALTER TABLE ONLY public.equipment_counter_readings ADD CONSTRAINT equipment_counter_readings_equipment_id_fkey FOREIGN KEY (equipment_id) REFERENCES public.equipment(id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_zone_id_fkey FOREIGN KEY (zone_id) REFERENCES public.zones(id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_tariff_id_fkey FOREIGN KEY (tariff_id) REFERENCES public.tariffs(id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_permit_id_fkey FOREIGN KEY (permit_id) REFERENCES public.permits(id);
ALTER TABLE ONLY public.parking_sessions ADD CONSTRAINT parking_sessions_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.anpr_reads ADD CONSTRAINT anpr_reads_camera_id_fkey FOREIGN KEY (camera_id) REFERENCES public.equipment(id);
ALTER TABLE ONLY public.anpr_reads ADD CONSTRAINT anpr_reads_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.parking_sessions(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.parking_sessions(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_equipment_id_fkey FOREIGN KEY (equipment_id) REFERENCES public.equipment(id);
ALTER TABLE ONLY public.enforcement_officers ADD CONSTRAINT enforcement_officers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.sites(id);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.parking_sessions(id);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_officer_id_fkey FOREIGN KEY (officer_id) REFERENCES public.enforcement_officers(id);
ALTER TABLE ONLY public.penalty_notices ADD CONSTRAINT penalty_notices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.appeals ADD CONSTRAINT appeals_penalty_notice_id_fkey FOREIGN KEY (penalty_notice_id) REFERENCES public.penalty_notices(id);
