--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

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
-- Name: claim_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.claim_status AS ENUM (
    'open',
    'under_review',
    'accepted',
    'rejected',
    'paid'
);


--
-- Name: claim_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.claim_type AS ENUM (
    'lost_item',
    'shrinkage',
    'colour_loss',
    'tear',
    'stain_not_removed',
    'button_damage',
    'other'
);


--
-- Name: delivery_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.delivery_status AS ENUM (
    'scheduled',
    'out_for_delivery',
    'delivered',
    'failed',
    'cancelled'
);


--
-- Name: employee_role; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.employee_role AS ENUM (
    'store_assistant',
    'store_manager',
    'presser',
    'cleaner',
    'spotter',
    'tailor',
    'driver',
    'plant_manager'
);


--
-- Name: machine_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.machine_type AS ENUM (
    'dry_cleaning_machine',
    'washer_extractor',
    'tumble_dryer',
    'wet_cleaning_system',
    'press',
    'tunnel_finisher'
);


--
-- Name: order_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.order_status AS ENUM (
    'received',
    'in_process',
    'ready',
    'out_for_delivery',
    'completed',
    'cancelled'
);


--
-- Name: payment_method; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.payment_method AS ENUM (
    'cash',
    'card',
    'account',
    'voucher'
);


--
-- Name: pricing_unit; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.pricing_unit AS ENUM (
    'per_item',
    'per_kg'
);


--
-- Name: processing_step; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.processing_step AS ENUM (
    'received',
    'tagged',
    'dispatched_to_plant',
    'arrived_at_plant',
    'pre_spotting',
    'cleaning',
    'pressing',
    'repair',
    'quality_check',
    'packed',
    'returned_to_store'
);


--
-- Name: service_category; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.service_category AS ENUM (
    'dry_clean',
    'wet_clean',
    'laundry',
    'wash_fold',
    'pressing',
    'alteration',
    'repair',
    'leather_suede',
    'household'
);


--
-- Name: store_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.store_status AS ENUM (
    'open',
    'temporarily_closed',
    'closed'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: cities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cities (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    country_code character(2) NOT NULL,
    timezone character varying(64) NOT NULL
);


--
-- Name: cities_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.cities_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: cities_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.cities_id_seq OWNED BY public.cities.id;


--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    iso_code character(2) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    dialing_code character varying(6) NOT NULL,
    vat_standard_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_vat_standard_rate_check CHECK ((vat_standard_rate >= (0)::numeric))
);


--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_unit smallint DEFAULT 2 NOT NULL,
    symbol character varying(5),
    CONSTRAINT currencies_minor_unit_check CHECK (((minor_unit >= 0) AND (minor_unit <= 3)))
);


--
-- Name: customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customers (
    id integer NOT NULL,
    customer_number character varying(16) NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    email character varying(160),
    phone character varying(20),
    country_code character(2) NOT NULL,
    home_store_id integer,
    marketing_opt_in boolean DEFAULT false NOT NULL,
    loyalty_points integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_loyalty_points_check CHECK ((loyalty_points >= 0))
);


--
-- Name: customers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.customers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.customers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: damage_claims; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.damage_claims (
    id integer NOT NULL,
    order_item_id bigint NOT NULL,
    reported_at timestamp with time zone NOT NULL,
    claim_type public.claim_type NOT NULL,
    description text,
    status public.claim_status DEFAULT 'open'::public.claim_status NOT NULL,
    compensation_amount numeric(10,2),
    currency_code character(3),
    resolved_at timestamp with time zone
);


--
-- Name: damage_claims_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.damage_claims ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.damage_claims_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.deliveries (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    driver_id integer,
    address_line character varying(200) NOT NULL,
    postcode character varying(12),
    city_id integer NOT NULL,
    window_start timestamp with time zone NOT NULL,
    window_end timestamp with time zone NOT NULL,
    delivered_at timestamp with time zone,
    status public.delivery_status DEFAULT 'scheduled'::public.delivery_status NOT NULL,
    CONSTRAINT deliveries_check CHECK ((window_end > window_start))
);


--
-- Name: deliveries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.deliveries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: employees; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.employees (
    id integer NOT NULL,
    employee_number character varying(12) NOT NULL,
    store_id integer,
    plant_id integer,
    first_name character varying(60) NOT NULL,
    last_name character varying(60) NOT NULL,
    role public.employee_role NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    hourly_wage numeric(8,2) NOT NULL,
    currency_code character(3) NOT NULL,
    CONSTRAINT employees_check CHECK (((store_id IS NOT NULL) OR (plant_id IS NOT NULL))),
    CONSTRAINT employees_check1 CHECK (((left_on IS NULL) OR (left_on >= hired_on))),
    CONSTRAINT employees_hourly_wage_check CHECK ((hourly_wage > (0)::numeric))
);


--
-- Name: employees_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.employees ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.employees_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: garment_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.garment_types (
    code character varying(20) NOT NULL,
    name character varying(100) NOT NULL,
    care_group character varying(30),
    typical_weight_g integer,
    CONSTRAINT garment_types_typical_weight_g_check CHECK ((typical_weight_g > 0))
);


--
-- Name: machine_readings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.machine_readings (
    id bigint NOT NULL,
    machine_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    cycle_count integer NOT NULL,
    operating_hours numeric(9,1),
    solvent_level_litres numeric(6,1),
    recorded_by integer,
    CONSTRAINT machine_readings_cycle_count_check CHECK ((cycle_count >= 0))
);


--
-- Name: machine_readings_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.machine_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.machine_readings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: machines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.machines (
    id integer NOT NULL,
    plant_id integer NOT NULL,
    machine_type public.machine_type NOT NULL,
    manufacturer character varying(60) NOT NULL,
    model character varying(60),
    serial_number character varying(40) NOT NULL,
    load_capacity_kg numeric(6,1),
    installed_on date NOT NULL,
    decommissioned_on date
);


--
-- Name: machines_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.machines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.machines_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: order_items; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_items (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    line_no smallint NOT NULL,
    service_type_code character varying(20) NOT NULL,
    garment_type_code character varying(20),
    tag_number character varying(12) NOT NULL,
    quantity smallint DEFAULT 1 NOT NULL,
    weight_kg numeric(5,2),
    colour character varying(30),
    brand character varying(60),
    unit_price numeric(10,2) NOT NULL,
    line_amount numeric(10,2) NOT NULL,
    stain_notes text,
    CONSTRAINT order_items_line_no_check CHECK ((line_no > 0)),
    CONSTRAINT order_items_quantity_check CHECK ((quantity > 0))
);


--
-- Name: order_items_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.order_items ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.order_items_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.orders (
    id bigint NOT NULL,
    order_number character varying(20) NOT NULL,
    store_id integer NOT NULL,
    customer_id integer NOT NULL,
    received_by integer,
    received_at timestamp with time zone NOT NULL,
    promised_at timestamp with time zone NOT NULL,
    ready_at timestamp with time zone,
    completed_at timestamp with time zone,
    status public.order_status DEFAULT 'received'::public.order_status NOT NULL,
    is_express boolean DEFAULT false NOT NULL,
    currency_code character(3) NOT NULL,
    subtotal_amount numeric(10,2) DEFAULT 0 NOT NULL,
    discount_amount numeric(10,2) DEFAULT 0 NOT NULL,
    tax_amount numeric(10,2) DEFAULT 0 NOT NULL,
    total_amount numeric(10,2) DEFAULT 0 NOT NULL,
    notes text,
    CONSTRAINT orders_discount_amount_check CHECK ((discount_amount >= (0)::numeric))
);


--
-- Name: orders_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.orders ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    method public.payment_method NOT NULL,
    card_last4 character(4),
    reference character varying(40),
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric))
);


--
-- Name: payments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: plants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.plants (
    id integer NOT NULL,
    plant_code character varying(10) NOT NULL,
    name character varying(120) NOT NULL,
    city_id integer NOT NULL,
    country_code character(2) NOT NULL,
    street_address character varying(200) NOT NULL,
    postcode character varying(12),
    opened_on date NOT NULL,
    daily_capacity_kg numeric(8,1) NOT NULL,
    CONSTRAINT plants_daily_capacity_kg_check CHECK ((daily_capacity_kg > (0)::numeric))
);


--
-- Name: plants_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.plants ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.plants_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: price_list_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.price_list_entries (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    service_type_code character varying(20) NOT NULL,
    garment_type_code character varying(20),
    currency_code character(3) NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    express_surcharge_pct numeric(5,2) DEFAULT 0 NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT price_list_entries_check CHECK (((valid_to IS NULL) OR (valid_to > valid_from))),
    CONSTRAINT price_list_entries_unit_price_check CHECK ((unit_price >= (0)::numeric))
);


--
-- Name: price_list_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.price_list_entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.price_list_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: processing_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.processing_events (
    id bigint NOT NULL,
    order_item_id bigint NOT NULL,
    seq_no smallint NOT NULL,
    step public.processing_step NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    plant_id integer,
    machine_id integer,
    employee_id integer,
    notes text,
    CONSTRAINT processing_events_seq_no_check CHECK ((seq_no > 0))
);


--
-- Name: processing_events_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.processing_events ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.processing_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: service_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.service_types (
    code character varying(20) NOT NULL,
    name character varying(100) NOT NULL,
    category public.service_category NOT NULL,
    pricing_unit public.pricing_unit DEFAULT 'per_item'::public.pricing_unit NOT NULL,
    standard_turnaround_hours integer NOT NULL,
    express_available boolean DEFAULT false NOT NULL,
    CONSTRAINT service_types_standard_turnaround_hours_check CHECK ((standard_turnaround_hours > 0))
);


--
-- Name: store_opening_hours; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.store_opening_hours (
    store_id integer NOT NULL,
    weekday smallint NOT NULL,
    opens_at time without time zone NOT NULL,
    closes_at time without time zone NOT NULL,
    CONSTRAINT store_opening_hours_check CHECK ((closes_at > opens_at)),
    CONSTRAINT store_opening_hours_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);


--
-- Name: COLUMN store_opening_hours.weekday; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.store_opening_hours.weekday IS 'ISO day of week, 1 = Monday ... 7 = Sunday';


--
-- Name: COLUMN store_opening_hours.opens_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.store_opening_hours.opens_at IS 'local time of the store';


--
-- Name: stores; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stores (
    id integer NOT NULL,
    store_code character varying(10) NOT NULL,
    name character varying(120) NOT NULL,
    city_id integer NOT NULL,
    country_code character(2) NOT NULL,
    street_address character varying(200) NOT NULL,
    postcode character varying(12),
    phone character varying(20),
    email character varying(120),
    plant_id integer,
    offers_delivery boolean DEFAULT false NOT NULL,
    opened_on date NOT NULL,
    closed_on date,
    status public.store_status DEFAULT 'open'::public.store_status NOT NULL,
    CONSTRAINT stores_check CHECK (((closed_on IS NULL) OR (closed_on >= opened_on)))
);


--
-- Name: stores_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.stores ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.stores_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: cities id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cities ALTER COLUMN id SET DEFAULT nextval('public.cities_id_seq'::regclass);


--
-- Name: cities cities_country_code_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_country_code_name_key UNIQUE (country_code, name);


--
-- Name: cities cities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_pkey PRIMARY KEY (id);


--
-- Name: countries countries_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_name_key UNIQUE (name);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (iso_code);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: customers customers_customer_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_customer_number_key UNIQUE (customer_number);


--
-- Name: customers customers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (id);


--
-- Name: damage_claims damage_claims_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.damage_claims
    ADD CONSTRAINT damage_claims_pkey PRIMARY KEY (id);


--
-- Name: deliveries deliveries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deliveries
    ADD CONSTRAINT deliveries_pkey PRIMARY KEY (id);


--
-- Name: employees employees_employee_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_employee_number_key UNIQUE (employee_number);


--
-- Name: employees employees_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (id);


--
-- Name: garment_types garment_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.garment_types
    ADD CONSTRAINT garment_types_pkey PRIMARY KEY (code);


--
-- Name: machine_readings machine_readings_machine_id_read_at_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machine_readings
    ADD CONSTRAINT machine_readings_machine_id_read_at_key UNIQUE (machine_id, read_at);


--
-- Name: machine_readings machine_readings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machine_readings
    ADD CONSTRAINT machine_readings_pkey PRIMARY KEY (id);


--
-- Name: machines machines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machines
    ADD CONSTRAINT machines_pkey PRIMARY KEY (id);


--
-- Name: machines machines_serial_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machines
    ADD CONSTRAINT machines_serial_number_key UNIQUE (serial_number);


--
-- Name: order_items order_items_order_id_line_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_items
    ADD CONSTRAINT order_items_order_id_line_no_key UNIQUE (order_id, line_no);


--
-- Name: order_items order_items_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_items
    ADD CONSTRAINT order_items_pkey PRIMARY KEY (id);


--
-- Name: orders orders_order_number_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_order_number_key UNIQUE (order_number);


--
-- Name: orders orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);


--
-- Name: payments payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


--
-- Name: plants plants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plants
    ADD CONSTRAINT plants_pkey PRIMARY KEY (id);


--
-- Name: plants plants_plant_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plants
    ADD CONSTRAINT plants_plant_code_key UNIQUE (plant_code);


--
-- Name: price_list_entries price_list_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.price_list_entries
    ADD CONSTRAINT price_list_entries_pkey PRIMARY KEY (id);


--
-- Name: processing_events processing_events_order_item_id_seq_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processing_events
    ADD CONSTRAINT processing_events_order_item_id_seq_no_key UNIQUE (order_item_id, seq_no);


--
-- Name: processing_events processing_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processing_events
    ADD CONSTRAINT processing_events_pkey PRIMARY KEY (id);


--
-- Name: service_types service_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.service_types
    ADD CONSTRAINT service_types_pkey PRIMARY KEY (code);


--
-- Name: store_opening_hours store_opening_hours_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.store_opening_hours
    ADD CONSTRAINT store_opening_hours_pkey PRIMARY KEY (store_id, weekday);


--
-- Name: stores stores_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stores
    ADD CONSTRAINT stores_pkey PRIMARY KEY (id);


--
-- Name: stores stores_store_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stores
    ADD CONSTRAINT stores_store_code_key UNIQUE (store_code);


--
-- Name: machine_readings_machine_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX machine_readings_machine_idx ON public.machine_readings USING btree (machine_id, read_at);


--
-- Name: order_items_tag_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX order_items_tag_idx ON public.order_items USING btree (tag_number);


--
-- Name: orders_store_received_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_store_received_idx ON public.orders USING btree (store_id, received_at);


--
-- Name: processing_events_item_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX processing_events_item_idx ON public.processing_events USING btree (order_item_id, occurred_at);


--
-- Name: cities cities_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cities
    ADD CONSTRAINT cities_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: customers customers_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: customers customers_home_store_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_home_store_id_fkey FOREIGN KEY (home_store_id) REFERENCES public.stores(id);


--
-- Name: damage_claims damage_claims_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.damage_claims
    ADD CONSTRAINT damage_claims_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: damage_claims damage_claims_order_item_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.damage_claims
    ADD CONSTRAINT damage_claims_order_item_id_fkey FOREIGN KEY (order_item_id) REFERENCES public.order_items(id);


--
-- Name: deliveries deliveries_city_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deliveries
    ADD CONSTRAINT deliveries_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);


--
-- Name: deliveries deliveries_driver_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deliveries
    ADD CONSTRAINT deliveries_driver_id_fkey FOREIGN KEY (driver_id) REFERENCES public.employees(id);


--
-- Name: deliveries deliveries_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deliveries
    ADD CONSTRAINT deliveries_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);


--
-- Name: employees employees_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: employees employees_plant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_plant_id_fkey FOREIGN KEY (plant_id) REFERENCES public.plants(id);


--
-- Name: employees employees_store_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_store_id_fkey FOREIGN KEY (store_id) REFERENCES public.stores(id);


--
-- Name: machine_readings machine_readings_machine_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machine_readings
    ADD CONSTRAINT machine_readings_machine_id_fkey FOREIGN KEY (machine_id) REFERENCES public.machines(id);


--
-- Name: machine_readings machine_readings_recorded_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machine_readings
    ADD CONSTRAINT machine_readings_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.employees(id);


--
-- Name: machines machines_plant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.machines
    ADD CONSTRAINT machines_plant_id_fkey FOREIGN KEY (plant_id) REFERENCES public.plants(id);


--
-- Name: order_items order_items_garment_type_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_items
    ADD CONSTRAINT order_items_garment_type_code_fkey FOREIGN KEY (garment_type_code) REFERENCES public.garment_types(code);


--
-- Name: order_items order_items_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_items
    ADD CONSTRAINT order_items_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;


--
-- Name: order_items order_items_service_type_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.order_items
    ADD CONSTRAINT order_items_service_type_code_fkey FOREIGN KEY (service_type_code) REFERENCES public.service_types(code);


--
-- Name: orders orders_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: orders orders_customer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);


--
-- Name: orders orders_received_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_received_by_fkey FOREIGN KEY (received_by) REFERENCES public.employees(id);


--
-- Name: orders orders_store_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_store_id_fkey FOREIGN KEY (store_id) REFERENCES public.stores(id);


--
-- Name: payments payments_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: payments payments_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);


--
-- Name: plants plants_city_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plants
    ADD CONSTRAINT plants_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);


--
-- Name: plants plants_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.plants
    ADD CONSTRAINT plants_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: price_list_entries price_list_entries_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.price_list_entries
    ADD CONSTRAINT price_list_entries_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: price_list_entries price_list_entries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.price_list_entries
    ADD CONSTRAINT price_list_entries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: price_list_entries price_list_entries_garment_type_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.price_list_entries
    ADD CONSTRAINT price_list_entries_garment_type_code_fkey FOREIGN KEY (garment_type_code) REFERENCES public.garment_types(code);


--
-- Name: price_list_entries price_list_entries_service_type_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.price_list_entries
    ADD CONSTRAINT price_list_entries_service_type_code_fkey FOREIGN KEY (service_type_code) REFERENCES public.service_types(code);


--
-- Name: processing_events processing_events_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processing_events
    ADD CONSTRAINT processing_events_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id);


--
-- Name: processing_events processing_events_machine_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processing_events
    ADD CONSTRAINT processing_events_machine_id_fkey FOREIGN KEY (machine_id) REFERENCES public.machines(id);


--
-- Name: processing_events processing_events_order_item_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processing_events
    ADD CONSTRAINT processing_events_order_item_id_fkey FOREIGN KEY (order_item_id) REFERENCES public.order_items(id) ON DELETE CASCADE;


--
-- Name: processing_events processing_events_plant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.processing_events
    ADD CONSTRAINT processing_events_plant_id_fkey FOREIGN KEY (plant_id) REFERENCES public.plants(id);


--
-- Name: store_opening_hours store_opening_hours_store_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.store_opening_hours
    ADD CONSTRAINT store_opening_hours_store_id_fkey FOREIGN KEY (store_id) REFERENCES public.stores(id) ON DELETE CASCADE;


--
-- Name: stores stores_city_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stores
    ADD CONSTRAINT stores_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);


--
-- Name: stores stores_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stores
    ADD CONSTRAINT stores_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);


--
-- Name: stores stores_plant_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stores
    ADD CONSTRAINT stores_plant_id_fkey FOREIGN KEY (plant_id) REFERENCES public.plants(id);


--
-- PostgreSQL database dump complete
--


