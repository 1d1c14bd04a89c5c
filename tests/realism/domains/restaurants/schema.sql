--
-- PostgreSQL database dump
--

-- Dumped from database version 16.4
-- Dumped by pg_dump version 16.4

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
-- Name: restaurant_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.restaurant_status AS ENUM (
    'planned',
    'open',
    'temporarily_closed',
    'closed'
);

CREATE TYPE public.table_area AS ENUM (
    'dining_room',
    'terrace',
    'bar',
    'private_room',
    'counter'
);

CREATE TYPE public.employee_role AS ENUM (
    'general_manager',
    'assistant_manager',
    'head_chef',
    'sous_chef',
    'line_cook',
    'kitchen_porter',
    'server',
    'host',
    'bartender',
    'sommelier',
    'runner'
);

CREATE TYPE public.shift_status AS ENUM (
    'scheduled',
    'worked',
    'missed',
    'cancelled'
);

CREATE TYPE public.reservation_status AS ENUM (
    'requested',
    'confirmed',
    'seated',
    'completed',
    'cancelled',
    'no_show'
);

CREATE TYPE public.booking_channel AS ENUM (
    'phone',
    'website',
    'mobile_app',
    'third_party',
    'walk_in'
);

CREATE TYPE public.course_kind AS ENUM (
    'starter',
    'main',
    'side',
    'dessert',
    'soft_drink',
    'hot_drink',
    'alcoholic_drink'
);

CREATE TYPE public.order_type AS ENUM (
    'dine_in',
    'takeaway',
    'delivery'
);

CREATE TYPE public.order_status AS ENUM (
    'open',
    'closed',
    'voided'
);

CREATE TYPE public.payment_method AS ENUM (
    'cash',
    'card',
    'mobile_wallet',
    'gift_card',
    'voucher'
);

CREATE TYPE public.payment_status AS ENUM (
    'authorized',
    'captured',
    'declined',
    'refunded'
);

CREATE TYPE public.meter_kind AS ENUM (
    'electricity',
    'gas',
    'water'
);

CREATE TYPE public.inspection_outcome AS ENUM (
    'pass',
    'pass_with_conditions',
    'fail'
);

--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name text NOT NULL,
    symbol character varying(5),
    minor_units smallint NOT NULL,
    CONSTRAINT currencies_code_check CHECK ((code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)))
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    iso3 character(3) NOT NULL,
    name text NOT NULL,
    calling_code character varying(8) NOT NULL,
    currency_code character(3) NOT NULL,
    CONSTRAINT countries_code_check CHECK ((code ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT countries_iso3_check CHECK ((iso3 ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT countries_calling_code_check CHECK (((calling_code)::text ~ '^\+[0-9]{1,4}$'::text))
);

CREATE TABLE public.brands (
    id bigint NOT NULL,
    name text NOT NULL,
    cuisine text NOT NULL,
    founded_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.brands_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.brands_id_seq OWNED BY public.brands.id;

CREATE TABLE public.restaurants (
    id bigint NOT NULL,
    brand_id bigint NOT NULL,
    site_code character varying(12) NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    address_line1 text NOT NULL,
    address_line2 text,
    postcode character varying(12),
    phone character varying(24) NOT NULL,
    email text,
    timezone text NOT NULL,
    currency_code character(3) NOT NULL,
    seating_capacity integer NOT NULL,
    status public.restaurant_status DEFAULT 'open'::public.restaurant_status NOT NULL,
    opened_on date,
    closed_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT restaurants_seating_capacity_check CHECK ((seating_capacity >= 0))
);

CREATE SEQUENCE public.restaurants_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.restaurants_id_seq OWNED BY public.restaurants.id;

CREATE TABLE public.opening_hours (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    iso_weekday smallint NOT NULL,
    opens_at time without time zone NOT NULL,
    closes_at time without time zone NOT NULL,
    CONSTRAINT opening_hours_iso_weekday_check CHECK (((iso_weekday >= 1) AND (iso_weekday <= 7)))
);

CREATE SEQUENCE public.opening_hours_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.opening_hours_id_seq OWNED BY public.opening_hours.id;

CREATE TABLE public.dining_tables (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    table_number character varying(10) NOT NULL,
    area public.table_area DEFAULT 'dining_room'::public.table_area NOT NULL,
    seats smallint NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT dining_tables_seats_check CHECK ((seats > 0))
);

CREATE SEQUENCE public.dining_tables_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.dining_tables_id_seq OWNED BY public.dining_tables.id;

CREATE TABLE public.guests (
    id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text,
    phone character varying(24),
    country_code character(2),
    date_of_birth date,
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT guests_email_check CHECK ((email ~* '^[^@\s]+@[^@\s]+\.[a-z]{2,}$'::text))
);

CREATE SEQUENCE public.guests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.guests_id_seq OWNED BY public.guests.id;

CREATE TABLE public.employees (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    employee_number character varying(16) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    role public.employee_role NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    terminated_on date,
    hourly_rate numeric(10,2),
    currency_code character(3) NOT NULL,
    email text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT employees_hourly_rate_check CHECK ((hourly_rate >= (0)::numeric))
);

CREATE SEQUENCE public.employees_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.employees_id_seq OWNED BY public.employees.id;

CREATE TABLE public.shifts (
    id bigint NOT NULL,
    employee_id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    break_minutes smallint DEFAULT 0 NOT NULL,
    status public.shift_status DEFAULT 'scheduled'::public.shift_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT shifts_break_minutes_check CHECK ((break_minutes >= 0))
);

CREATE SEQUENCE public.shifts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.shifts_id_seq OWNED BY public.shifts.id;

CREATE TABLE public.reservations (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    guest_id bigint,
    party_size smallint NOT NULL,
    reserved_for timestamp with time zone NOT NULL,
    duration_minutes smallint DEFAULT 90 NOT NULL,
    status public.reservation_status DEFAULT 'requested'::public.reservation_status NOT NULL,
    channel public.booking_channel NOT NULL,
    special_requests text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    confirmed_at timestamp with time zone,
    seated_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    CONSTRAINT reservations_party_size_check CHECK ((party_size > 0)),
    CONSTRAINT reservations_duration_minutes_check CHECK ((duration_minutes > 0))
);

CREATE SEQUENCE public.reservations_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.reservations_id_seq OWNED BY public.reservations.id;

CREATE TABLE public.reservation_tables (
    reservation_id bigint NOT NULL,
    dining_table_id bigint NOT NULL
);

CREATE TABLE public.menu_categories (
    id bigint NOT NULL,
    name text NOT NULL,
    sort_order smallint DEFAULT 0 NOT NULL
);

CREATE SEQUENCE public.menu_categories_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.menu_categories_id_seq OWNED BY public.menu_categories.id;

CREATE TABLE public.menu_items (
    id bigint NOT NULL,
    brand_id bigint NOT NULL,
    category_id bigint NOT NULL,
    sku character varying(20) NOT NULL,
    name text NOT NULL,
    description text,
    course public.course_kind NOT NULL,
    is_alcoholic boolean DEFAULT false NOT NULL,
    is_vegetarian boolean DEFAULT false NOT NULL,
    calories integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    discontinued_at timestamp with time zone,
    CONSTRAINT menu_items_calories_check CHECK ((calories >= 0))
);

CREATE SEQUENCE public.menu_items_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.menu_items_id_seq OWNED BY public.menu_items.id;

CREATE TABLE public.menu_item_prices (
    id bigint NOT NULL,
    menu_item_id bigint NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    price numeric(12,2) NOT NULL,
    valid_from timestamp with time zone NOT NULL,
    valid_to timestamp with time zone,
    CONSTRAINT menu_item_prices_price_check CHECK ((price >= (0)::numeric))
);

CREATE SEQUENCE public.menu_item_prices_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.menu_item_prices_id_seq OWNED BY public.menu_item_prices.id;

CREATE TABLE public.orders (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    order_number character varying(20) NOT NULL,
    order_type public.order_type DEFAULT 'dine_in'::public.order_type NOT NULL,
    dining_table_id bigint,
    reservation_id bigint,
    server_employee_id bigint,
    covers smallint DEFAULT 1 NOT NULL,
    status public.order_status DEFAULT 'open'::public.order_status NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    currency_code character(3) NOT NULL,
    subtotal_amount numeric(12,2) DEFAULT 0 NOT NULL,
    discount_amount numeric(12,2) DEFAULT 0 NOT NULL,
    service_charge_amount numeric(12,2) DEFAULT 0 NOT NULL,
    vat_included_amount numeric(12,2) DEFAULT 0 NOT NULL,
    total_amount numeric(12,2) DEFAULT 0 NOT NULL,
    CONSTRAINT orders_covers_check CHECK ((covers >= 0)),
    CONSTRAINT orders_amounts_check CHECK (((subtotal_amount >= (0)::numeric) AND (discount_amount >= (0)::numeric) AND (service_charge_amount >= (0)::numeric) AND (vat_included_amount >= (0)::numeric) AND (total_amount >= (0)::numeric)))
);

CREATE SEQUENCE public.orders_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.orders_id_seq OWNED BY public.orders.id;

CREATE TABLE public.order_lines (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    line_number smallint NOT NULL,
    menu_item_id bigint NOT NULL,
    quantity smallint DEFAULT 1 NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    line_total numeric(12,2) NOT NULL,
    ordered_at timestamp with time zone NOT NULL,
    notes text,
    CONSTRAINT order_lines_quantity_check CHECK ((quantity > 0)),
    CONSTRAINT order_lines_unit_price_check CHECK ((unit_price >= (0)::numeric))
);

CREATE SEQUENCE public.order_lines_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.order_lines_id_seq OWNED BY public.order_lines.id;

CREATE TABLE public.payments (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    method public.payment_method NOT NULL,
    status public.payment_status NOT NULL,
    amount numeric(12,2) NOT NULL,
    tip_amount numeric(12,2) DEFAULT 0 NOT NULL,
    currency_code character(3) NOT NULL,
    card_last4 character(4),
    paid_at timestamp with time zone NOT NULL,
    CONSTRAINT payments_amount_check CHECK ((amount >= (0)::numeric)),
    CONSTRAINT payments_tip_amount_check CHECK ((tip_amount >= (0)::numeric)),
    CONSTRAINT payments_card_last4_check CHECK ((card_last4 ~ '^[0-9]{4}$'::text))
);

CREATE SEQUENCE public.payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.payments_id_seq OWNED BY public.payments.id;

CREATE TABLE public.utility_meters (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    kind public.meter_kind NOT NULL,
    serial_number character varying(32) NOT NULL,
    unit character varying(8) NOT NULL,
    installed_on date NOT NULL,
    removed_on date
);

CREATE SEQUENCE public.utility_meters_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.utility_meters_id_seq OWNED BY public.utility_meters.id;

CREATE TABLE public.meter_readings (
    id bigint NOT NULL,
    meter_id bigint NOT NULL,
    read_at timestamp with time zone NOT NULL,
    reading_value numeric(14,3) NOT NULL,
    is_estimated boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.meter_readings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.meter_readings_id_seq OWNED BY public.meter_readings.id;

CREATE TABLE public.hygiene_inspections (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    inspected_at timestamp with time zone NOT NULL,
    inspector_name text,
    score smallint,
    outcome public.inspection_outcome NOT NULL,
    notes text,
    CONSTRAINT hygiene_inspections_score_check CHECK (((score >= 0) AND (score <= 100)))
);

CREATE SEQUENCE public.hygiene_inspections_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.hygiene_inspections_id_seq OWNED BY public.hygiene_inspections.id;

CREATE TABLE public.guest_reviews (
    id bigint NOT NULL,
    restaurant_id bigint NOT NULL,
    guest_id bigint,
    order_id bigint,
    rating smallint NOT NULL,
    comment text,
    posted_at timestamp with time zone NOT NULL,
    CONSTRAINT guest_reviews_rating_check CHECK (((rating >= 1) AND (rating <= 5)))
);

CREATE SEQUENCE public.guest_reviews_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.guest_reviews_id_seq OWNED BY public.guest_reviews.id;

--
-- Name: id defaults
--

ALTER TABLE ONLY public.brands ALTER COLUMN id SET DEFAULT nextval('public.brands_id_seq'::regclass);
ALTER TABLE ONLY public.restaurants ALTER COLUMN id SET DEFAULT nextval('public.restaurants_id_seq'::regclass);
ALTER TABLE ONLY public.opening_hours ALTER COLUMN id SET DEFAULT nextval('public.opening_hours_id_seq'::regclass);
ALTER TABLE ONLY public.dining_tables ALTER COLUMN id SET DEFAULT nextval('public.dining_tables_id_seq'::regclass);
ALTER TABLE ONLY public.guests ALTER COLUMN id SET DEFAULT nextval('public.guests_id_seq'::regclass);
ALTER TABLE ONLY public.employees ALTER COLUMN id SET DEFAULT nextval('public.employees_id_seq'::regclass);
ALTER TABLE ONLY public.shifts ALTER COLUMN id SET DEFAULT nextval('public.shifts_id_seq'::regclass);
ALTER TABLE ONLY public.reservations ALTER COLUMN id SET DEFAULT nextval('public.reservations_id_seq'::regclass);
ALTER TABLE ONLY public.menu_categories ALTER COLUMN id SET DEFAULT nextval('public.menu_categories_id_seq'::regclass);
ALTER TABLE ONLY public.menu_items ALTER COLUMN id SET DEFAULT nextval('public.menu_items_id_seq'::regclass);
ALTER TABLE ONLY public.menu_item_prices ALTER COLUMN id SET DEFAULT nextval('public.menu_item_prices_id_seq'::regclass);
ALTER TABLE ONLY public.orders ALTER COLUMN id SET DEFAULT nextval('public.orders_id_seq'::regclass);
ALTER TABLE ONLY public.order_lines ALTER COLUMN id SET DEFAULT nextval('public.order_lines_id_seq'::regclass);
ALTER TABLE ONLY public.payments ALTER COLUMN id SET DEFAULT nextval('public.payments_id_seq'::regclass);
ALTER TABLE ONLY public.utility_meters ALTER COLUMN id SET DEFAULT nextval('public.utility_meters_id_seq'::regclass);
ALTER TABLE ONLY public.meter_readings ALTER COLUMN id SET DEFAULT nextval('public.meter_readings_id_seq'::regclass);
ALTER TABLE ONLY public.hygiene_inspections ALTER COLUMN id SET DEFAULT nextval('public.hygiene_inspections_id_seq'::regclass);
ALTER TABLE ONLY public.guest_reviews ALTER COLUMN id SET DEFAULT nextval('public.guest_reviews_id_seq'::regclass);

--
-- Name: primary keys and unique constraints
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (code);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_iso3_key UNIQUE (iso3);

ALTER TABLE ONLY public.brands
    ADD CONSTRAINT brands_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.brands
    ADD CONSTRAINT brands_name_key UNIQUE (name);

ALTER TABLE ONLY public.restaurants
    ADD CONSTRAINT restaurants_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.restaurants
    ADD CONSTRAINT restaurants_site_code_key UNIQUE (site_code);

ALTER TABLE ONLY public.opening_hours
    ADD CONSTRAINT opening_hours_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.opening_hours
    ADD CONSTRAINT opening_hours_restaurant_id_iso_weekday_opens_at_key UNIQUE (restaurant_id, iso_weekday, opens_at);

ALTER TABLE ONLY public.dining_tables
    ADD CONSTRAINT dining_tables_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.dining_tables
    ADD CONSTRAINT dining_tables_restaurant_id_table_number_key UNIQUE (restaurant_id, table_number);

ALTER TABLE ONLY public.guests
    ADD CONSTRAINT guests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.guests
    ADD CONSTRAINT guests_email_key UNIQUE (email);

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_employee_number_key UNIQUE (employee_number);

ALTER TABLE ONLY public.shifts
    ADD CONSTRAINT shifts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.reservation_tables
    ADD CONSTRAINT reservation_tables_pkey PRIMARY KEY (reservation_id, dining_table_id);

ALTER TABLE ONLY public.menu_categories
    ADD CONSTRAINT menu_categories_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.menu_categories
    ADD CONSTRAINT menu_categories_name_key UNIQUE (name);

ALTER TABLE ONLY public.menu_items
    ADD CONSTRAINT menu_items_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.menu_items
    ADD CONSTRAINT menu_items_brand_id_sku_key UNIQUE (brand_id, sku);

ALTER TABLE ONLY public.menu_item_prices
    ADD CONSTRAINT menu_item_prices_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.menu_item_prices
    ADD CONSTRAINT menu_item_prices_item_country_from_key UNIQUE (menu_item_id, country_code, valid_from);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_restaurant_id_order_number_key UNIQUE (restaurant_id, order_number);

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_line_number_key UNIQUE (order_id, line_number);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.utility_meters
    ADD CONSTRAINT utility_meters_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.utility_meters
    ADD CONSTRAINT utility_meters_serial_number_key UNIQUE (serial_number);

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_read_at_key UNIQUE (meter_id, read_at);

ALTER TABLE ONLY public.hygiene_inspections
    ADD CONSTRAINT hygiene_inspections_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.guest_reviews
    ADD CONSTRAINT guest_reviews_pkey PRIMARY KEY (id);

--
-- Name: indexes
--

CREATE INDEX restaurants_brand_id_idx ON public.restaurants USING btree (brand_id);
CREATE INDEX restaurants_country_code_idx ON public.restaurants USING btree (country_code);
CREATE INDEX dining_tables_restaurant_id_idx ON public.dining_tables USING btree (restaurant_id);
CREATE INDEX employees_restaurant_id_idx ON public.employees USING btree (restaurant_id);
CREATE INDEX shifts_employee_id_starts_at_idx ON public.shifts USING btree (employee_id, starts_at);
CREATE INDEX shifts_restaurant_id_starts_at_idx ON public.shifts USING btree (restaurant_id, starts_at);
CREATE INDEX reservations_restaurant_id_reserved_for_idx ON public.reservations USING btree (restaurant_id, reserved_for);
CREATE INDEX reservations_guest_id_idx ON public.reservations USING btree (guest_id);
CREATE INDEX reservations_status_idx ON public.reservations USING btree (status);
CREATE INDEX reservation_tables_dining_table_id_idx ON public.reservation_tables USING btree (dining_table_id);
CREATE INDEX menu_items_category_id_idx ON public.menu_items USING btree (category_id);
CREATE INDEX menu_item_prices_menu_item_id_valid_from_idx ON public.menu_item_prices USING btree (menu_item_id, valid_from);
CREATE INDEX orders_restaurant_id_opened_at_idx ON public.orders USING btree (restaurant_id, opened_at);
CREATE INDEX orders_reservation_id_idx ON public.orders USING btree (reservation_id);
CREATE INDEX orders_status_idx ON public.orders USING btree (status);
CREATE INDEX order_lines_menu_item_id_idx ON public.order_lines USING btree (menu_item_id);
CREATE INDEX payments_order_id_idx ON public.payments USING btree (order_id);
CREATE INDEX payments_paid_at_idx ON public.payments USING btree (paid_at);
CREATE INDEX meter_readings_meter_id_read_at_idx ON public.meter_readings USING btree (meter_id, read_at);
CREATE INDEX hygiene_inspections_restaurant_id_idx ON public.hygiene_inspections USING btree (restaurant_id, inspected_at);
CREATE INDEX guest_reviews_restaurant_id_posted_at_idx ON public.guest_reviews USING btree (restaurant_id, posted_at);

--
-- Name: foreign keys
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.restaurants
    ADD CONSTRAINT restaurants_brand_id_fkey FOREIGN KEY (brand_id) REFERENCES public.brands(id);

ALTER TABLE ONLY public.restaurants
    ADD CONSTRAINT restaurants_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.restaurants
    ADD CONSTRAINT restaurants_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.opening_hours
    ADD CONSTRAINT opening_hours_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.dining_tables
    ADD CONSTRAINT dining_tables_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.guests
    ADD CONSTRAINT guests_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.shifts
    ADD CONSTRAINT shifts_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id);

ALTER TABLE ONLY public.shifts
    ADD CONSTRAINT shifts_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_guest_id_fkey FOREIGN KEY (guest_id) REFERENCES public.guests(id);

ALTER TABLE ONLY public.reservation_tables
    ADD CONSTRAINT reservation_tables_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservations(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reservation_tables
    ADD CONSTRAINT reservation_tables_dining_table_id_fkey FOREIGN KEY (dining_table_id) REFERENCES public.dining_tables(id);

ALTER TABLE ONLY public.menu_items
    ADD CONSTRAINT menu_items_brand_id_fkey FOREIGN KEY (brand_id) REFERENCES public.brands(id);

ALTER TABLE ONLY public.menu_items
    ADD CONSTRAINT menu_items_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.menu_categories(id);

ALTER TABLE ONLY public.menu_item_prices
    ADD CONSTRAINT menu_item_prices_menu_item_id_fkey FOREIGN KEY (menu_item_id) REFERENCES public.menu_items(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.menu_item_prices
    ADD CONSTRAINT menu_item_prices_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);

ALTER TABLE ONLY public.menu_item_prices
    ADD CONSTRAINT menu_item_prices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_dining_table_id_fkey FOREIGN KEY (dining_table_id) REFERENCES public.dining_tables(id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservations(id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_server_employee_id_fkey FOREIGN KEY (server_employee_id) REFERENCES public.employees(id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.order_lines
    ADD CONSTRAINT order_lines_menu_item_id_fkey FOREIGN KEY (menu_item_id) REFERENCES public.menu_items(id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

ALTER TABLE ONLY public.utility_meters
    ADD CONSTRAINT utility_meters_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.meter_readings
    ADD CONSTRAINT meter_readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.utility_meters(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.hygiene_inspections
    ADD CONSTRAINT hygiene_inspections_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.guest_reviews
    ADD CONSTRAINT guest_reviews_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id);

ALTER TABLE ONLY public.guest_reviews
    ADD CONSTRAINT guest_reviews_guest_id_fkey FOREIGN KEY (guest_id) REFERENCES public.guests(id);

ALTER TABLE ONLY public.guest_reviews
    ADD CONSTRAINT guest_reviews_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);

--
-- PostgreSQL database dump complete
--
