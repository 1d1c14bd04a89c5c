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
-- Name: cinema_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.cinema_status AS ENUM (
    'active',
    'refurbishing',
    'closed'
);

--
-- Name: screen_format; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.screen_format AS ENUM (
    'standard',
    'premium_large',
    'imax',
    'dolby_cinema',
    '4dx',
    'vip'
);

--
-- Name: seat_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.seat_type AS ENUM (
    'standard',
    'premium',
    'recliner',
    'wheelchair',
    'companion',
    'love_seat'
);

--
-- Name: presentation; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.presentation AS ENUM (
    '2D',
    '3D',
    'IMAX_2D',
    'IMAX_3D',
    '4DX'
);

--
-- Name: language_version; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.language_version AS ENUM (
    'original',
    'original_subtitled',
    'dubbed'
);

--
-- Name: showtime_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.showtime_status AS ENUM (
    'scheduled',
    'on_sale',
    'completed',
    'cancelled'
);

--
-- Name: ticket_type; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.ticket_type AS ENUM (
    'adult',
    'child',
    'senior',
    'student',
    'companion'
);

--
-- Name: ticket_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.ticket_status AS ENUM (
    'issued',
    'scanned',
    'refunded'
);

--
-- Name: sales_channel; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.sales_channel AS ENUM (
    'web',
    'app',
    'box_office',
    'kiosk',
    'third_party'
);

--
-- Name: order_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.order_status AS ENUM (
    'pending',
    'paid',
    'refunded',
    'cancelled'
);

--
-- Name: payment_method; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.payment_method AS ENUM (
    'card',
    'cash',
    'gift_card',
    'mobile_wallet',
    'loyalty_points'
);

--
-- Name: payment_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.payment_status AS ENUM (
    'authorised',
    'captured',
    'failed',
    'refunded'
);

--
-- Name: loyalty_tier; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.loyalty_tier AS ENUM (
    'basic',
    'silver',
    'gold',
    'platinum'
);

--
-- Name: product_category; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.product_category AS ENUM (
    'popcorn',
    'soft_drink',
    'hot_drink',
    'confectionery',
    'hot_food',
    'alcohol',
    'merchandise'
);

--
-- Name: staff_role; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.staff_role AS ENUM (
    'general_manager',
    'duty_manager',
    'projectionist',
    'box_office',
    'concessions',
    'usher',
    'cleaner'
);

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    currency_code character(3) NOT NULL,
    name text NOT NULL,
    minor_units smallint NOT NULL,
    symbol text,
    CONSTRAINT currencies_code_check CHECK ((currency_code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)))
);

--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    country_code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    dialling_code text NOT NULL,
    standard_vat_rate numeric(5,2) NOT NULL,
    ticket_vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_code_check CHECK ((country_code ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT countries_dialling_code_check CHECK ((dialling_code ~ '^\+[0-9]{1,4}$'::text)),
    CONSTRAINT countries_vat_check CHECK (((standard_vat_rate >= (0)::numeric) AND (standard_vat_rate < (50)::numeric) AND (ticket_vat_rate >= (0)::numeric) AND (ticket_vat_rate <= standard_vat_rate)))
);

--
-- Name: cinemas; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cinemas (
    cinema_id integer NOT NULL,
    cinema_code character varying(10) NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    address_line text NOT NULL,
    postcode character varying(10) NOT NULL,
    phone character varying(20) NOT NULL,
    email text,
    time_zone text NOT NULL,
    opened_on date NOT NULL,
    closed_on date,
    status public.cinema_status DEFAULT 'active'::public.cinema_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT cinemas_code_check CHECK (((cinema_code)::text ~ '^[A-Z]{2}-[A-Z]{3}[0-9]{2}$'::text)),
    CONSTRAINT cinemas_closed_check CHECK (((closed_on IS NULL) OR (closed_on >= opened_on))),
    CONSTRAINT cinemas_closed_status_check CHECK (((status = 'closed'::public.cinema_status) = (closed_on IS NOT NULL)))
);

ALTER TABLE public.cinemas ALTER COLUMN cinema_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.cinemas_cinema_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: screens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.screens (
    screen_id integer NOT NULL,
    cinema_id integer NOT NULL,
    screen_number smallint NOT NULL,
    name text NOT NULL,
    format public.screen_format DEFAULT 'standard'::public.screen_format NOT NULL,
    seat_capacity integer NOT NULL,
    supports_3d boolean DEFAULT false NOT NULL,
    wheelchair_spaces smallint DEFAULT 0 NOT NULL,
    opened_on date NOT NULL,
    CONSTRAINT screens_number_check CHECK (((screen_number >= 1) AND (screen_number <= 40))),
    CONSTRAINT screens_capacity_check CHECK (((seat_capacity > 0) AND (seat_capacity <= 1000))),
    CONSTRAINT screens_wheelchair_check CHECK ((wheelchair_spaces >= 0))
);

ALTER TABLE public.screens ALTER COLUMN screen_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.screens_screen_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seats (
    seat_id integer NOT NULL,
    screen_id integer NOT NULL,
    row_label character varying(2) NOT NULL,
    seat_number smallint NOT NULL,
    seat_type public.seat_type DEFAULT 'standard'::public.seat_type NOT NULL,
    is_sellable boolean DEFAULT true NOT NULL,
    CONSTRAINT seats_row_label_check CHECK (((row_label)::text ~ '^[A-Z]{1,2}$'::text)),
    CONSTRAINT seats_number_check CHECK (((seat_number >= 1) AND (seat_number <= 80)))
);

ALTER TABLE public.seats ALTER COLUMN seat_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.seats_seat_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: projectors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projectors (
    projector_id integer NOT NULL,
    screen_id integer NOT NULL,
    manufacturer text NOT NULL,
    model text NOT NULL,
    serial_number text NOT NULL,
    light_source text NOT NULL,
    installed_on date NOT NULL,
    decommissioned_on date,
    CONSTRAINT projectors_light_source_check CHECK ((light_source = ANY (ARRAY['xenon'::text, 'laser_phosphor'::text, 'rgb_laser'::text]))),
    CONSTRAINT projectors_dates_check CHECK (((decommissioned_on IS NULL) OR (decommissioned_on >= installed_on)))
);

ALTER TABLE public.projectors ALTER COLUMN projector_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.projectors_projector_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: projector_hour_readings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projector_hour_readings (
    reading_id bigint NOT NULL,
    projector_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    hour_meter numeric(8,1) NOT NULL,
    light_source_hours numeric(8,1) NOT NULL,
    recorded_by integer,
    CONSTRAINT projector_hour_readings_meter_check CHECK ((hour_meter >= (0)::numeric)),
    CONSTRAINT projector_hour_readings_light_check CHECK (((light_source_hours >= (0)::numeric) AND (light_source_hours <= hour_meter)))
);

ALTER TABLE public.projector_hour_readings ALTER COLUMN reading_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.projector_hour_readings_reading_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: distributors; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.distributors (
    distributor_id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    vat_number text,
    contact_email text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.distributors ALTER COLUMN distributor_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.distributors_distributor_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: films; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.films (
    film_id integer NOT NULL,
    title text NOT NULL,
    original_title text NOT NULL,
    distributor_id integer NOT NULL,
    runtime_minutes smallint NOT NULL,
    release_date date NOT NULL,
    original_language character(2) NOT NULL,
    production_country character(2),
    imdb_id character varying(10),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT films_runtime_check CHECK (((runtime_minutes >= 1) AND (runtime_minutes <= 600))),
    CONSTRAINT films_language_check CHECK ((original_language ~ '^[a-z]{2}$'::text)),
    CONSTRAINT films_imdb_id_check CHECK (((imdb_id IS NULL) OR ((imdb_id)::text ~ '^tt[0-9]{7,8}$'::text)))
);

ALTER TABLE public.films ALTER COLUMN film_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.films_film_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: film_classifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.film_classifications (
    film_id integer NOT NULL,
    country_code character(2) NOT NULL,
    rating_code character varying(6) NOT NULL,
    minimum_age smallint NOT NULL,
    classified_on date NOT NULL,
    CONSTRAINT film_classifications_min_age_check CHECK (((minimum_age >= 0) AND (minimum_age <= 21)))
);

--
-- Name: film_engagements; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.film_engagements (
    engagement_id integer NOT NULL,
    cinema_id integer NOT NULL,
    film_id integer NOT NULL,
    first_date date NOT NULL,
    last_date date NOT NULL,
    rental_rate_pct numeric(5,2) NOT NULL,
    minimum_guarantee numeric(12,2) DEFAULT 0 NOT NULL,
    currency_code character(3) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT film_engagements_dates_check CHECK ((last_date >= first_date)),
    CONSTRAINT film_engagements_rate_check CHECK (((rental_rate_pct > (0)::numeric) AND (rental_rate_pct <= (90)::numeric))),
    CONSTRAINT film_engagements_guarantee_check CHECK ((minimum_guarantee >= (0)::numeric))
);

ALTER TABLE public.film_engagements ALTER COLUMN engagement_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.film_engagements_engagement_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: showtimes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.showtimes (
    showtime_id bigint NOT NULL,
    screen_id integer NOT NULL,
    film_id integer NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    presentation public.presentation DEFAULT '2D'::public.presentation NOT NULL,
    language_version public.language_version DEFAULT 'original'::public.language_version NOT NULL,
    audio_language character(2) NOT NULL,
    status public.showtime_status DEFAULT 'scheduled'::public.showtime_status NOT NULL,
    cancelled_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT showtimes_times_check CHECK ((ends_at > starts_at)),
    CONSTRAINT showtimes_cancel_reason_check CHECK (((status = 'cancelled'::public.showtime_status) OR (cancelled_reason IS NULL)))
);

ALTER TABLE public.showtimes ALTER COLUMN showtime_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.showtimes_showtime_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: ticket_prices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ticket_prices (
    price_id integer NOT NULL,
    cinema_id integer NOT NULL,
    ticket_type public.ticket_type NOT NULL,
    presentation public.presentation NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT ticket_prices_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT ticket_prices_validity_check CHECK (((valid_to IS NULL) OR (valid_to >= valid_from)))
);

ALTER TABLE public.ticket_prices ALTER COLUMN price_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.ticket_prices_price_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: customers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.customers (
    customer_id bigint NOT NULL,
    email text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    birth_date date,
    country_code character(2) NOT NULL,
    phone character varying(20),
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_email_check CHECK ((email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))
);

ALTER TABLE public.customers ALTER COLUMN customer_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.customers_customer_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loyalty_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loyalty_accounts (
    account_id bigint NOT NULL,
    customer_id bigint NOT NULL,
    card_number character(16) NOT NULL,
    tier public.loyalty_tier DEFAULT 'basic'::public.loyalty_tier NOT NULL,
    points_balance integer DEFAULT 0 NOT NULL,
    enrolled_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    CONSTRAINT loyalty_accounts_card_check CHECK ((card_number ~ '^[0-9]{16}$'::text)),
    CONSTRAINT loyalty_accounts_balance_check CHECK ((points_balance >= 0)),
    CONSTRAINT loyalty_accounts_closed_check CHECK (((closed_at IS NULL) OR (closed_at >= enrolled_at)))
);

ALTER TABLE public.loyalty_accounts ALTER COLUMN account_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loyalty_accounts_account_id_seq
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
    order_id bigint NOT NULL,
    order_number character varying(16) NOT NULL,
    cinema_id integer NOT NULL,
    customer_id bigint,
    channel public.sales_channel NOT NULL,
    status public.order_status DEFAULT 'pending'::public.order_status NOT NULL,
    currency_code character(3) NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    vat_amount numeric(12,2) DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    paid_at timestamp with time zone,
    refunded_at timestamp with time zone,
    CONSTRAINT orders_number_check CHECK (((order_number)::text ~ '^[A-Z]{2}[0-9]{8,14}$'::text)),
    CONSTRAINT orders_amounts_check CHECK (((total_amount >= (0)::numeric) AND (vat_amount >= (0)::numeric) AND (vat_amount <= total_amount))),
    CONSTRAINT orders_paid_check CHECK (((status = ANY (ARRAY['pending'::public.order_status, 'cancelled'::public.order_status])) OR (paid_at IS NOT NULL))),
    CONSTRAINT orders_paid_after_created_check CHECK (((paid_at IS NULL) OR (paid_at >= created_at))),
    CONSTRAINT orders_refunded_check CHECK (((status = 'refunded'::public.order_status) = (refunded_at IS NOT NULL))),
    CONSTRAINT orders_refunded_after_paid_check CHECK (((refunded_at IS NULL) OR (refunded_at >= paid_at))),
    CONSTRAINT orders_online_customer_check CHECK (((channel <> ALL (ARRAY['web'::public.sales_channel, 'app'::public.sales_channel])) OR (customer_id IS NOT NULL)))
);

ALTER TABLE public.orders ALTER COLUMN order_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.orders_order_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: tickets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tickets (
    ticket_id bigint NOT NULL,
    order_id bigint NOT NULL,
    showtime_id bigint NOT NULL,
    seat_id integer NOT NULL,
    ticket_type public.ticket_type NOT NULL,
    price numeric(10,2) NOT NULL,
    barcode character varying(20) NOT NULL,
    status public.ticket_status DEFAULT 'issued'::public.ticket_status NOT NULL,
    scanned_at timestamp with time zone,
    CONSTRAINT tickets_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT tickets_scanned_check CHECK (((status = 'scanned'::public.ticket_status) = (scanned_at IS NOT NULL)))
);

ALTER TABLE public.tickets ALTER COLUMN ticket_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.tickets_ticket_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: concession_products; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.concession_products (
    product_id integer NOT NULL,
    sku character varying(12) NOT NULL,
    ean13 character(13),
    name text NOT NULL,
    category public.product_category NOT NULL,
    size_label text,
    is_age_restricted boolean DEFAULT false NOT NULL,
    active boolean DEFAULT true NOT NULL,
    CONSTRAINT concession_products_sku_check CHECK (((sku)::text ~ '^[A-Z]{3}-[0-9]{4,6}$'::text)),
    CONSTRAINT concession_products_ean13_check CHECK (((ean13 IS NULL) OR (ean13 ~ '^[0-9]{13}$'::text)))
);

ALTER TABLE public.concession_products ALTER COLUMN product_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.concession_products_product_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: order_concession_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.order_concession_lines (
    order_id bigint NOT NULL,
    line_no smallint NOT NULL,
    product_id integer NOT NULL,
    quantity smallint NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    line_total numeric(12,2) NOT NULL,
    collected_at timestamp with time zone,
    CONSTRAINT order_concession_lines_line_no_check CHECK ((line_no >= 1)),
    CONSTRAINT order_concession_lines_quantity_check CHECK (((quantity >= 1) AND (quantity <= 50))),
    CONSTRAINT order_concession_lines_price_check CHECK ((unit_price >= (0)::numeric)),
    CONSTRAINT order_concession_lines_total_check CHECK ((line_total = ((quantity)::numeric * unit_price)))
);

--
-- Name: payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payments (
    payment_id bigint NOT NULL,
    order_id bigint NOT NULL,
    method public.payment_method NOT NULL,
    status public.payment_status NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    processed_at timestamp with time zone NOT NULL,
    card_last4 character(4),
    provider_reference text,
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT payments_card_check CHECK ((((method = 'card'::public.payment_method) AND (card_last4 ~ '^[0-9]{4}$'::text)) OR ((method <> 'card'::public.payment_method) AND (card_last4 IS NULL))))
);

ALTER TABLE public.payments ALTER COLUMN payment_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payments_payment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: loyalty_transactions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loyalty_transactions (
    account_id bigint NOT NULL,
    seq integer NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    order_id bigint,
    reason text NOT NULL,
    points_delta integer NOT NULL,
    balance_after integer NOT NULL,
    CONSTRAINT loyalty_transactions_seq_check CHECK ((seq >= 1)),
    CONSTRAINT loyalty_transactions_reason_check CHECK ((reason = ANY (ARRAY['earn'::text, 'redeem'::text, 'bonus'::text, 'expiry'::text, 'adjustment'::text, 'reversal'::text]))),
    CONSTRAINT loyalty_transactions_delta_check CHECK ((points_delta <> 0)),
    CONSTRAINT loyalty_transactions_balance_check CHECK ((balance_after >= 0))
);

--
-- Name: staff; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff (
    staff_id integer NOT NULL,
    cinema_id integer NOT NULL,
    employee_number character varying(10) NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    birth_date date NOT NULL,
    role public.staff_role NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    hourly_rate numeric(8,2),
    CONSTRAINT staff_left_check CHECK (((left_on IS NULL) OR (left_on >= hired_on))),
    CONSTRAINT staff_rate_check CHECK (((hourly_rate IS NULL) OR (hourly_rate > (0)::numeric)))
);

ALTER TABLE public.staff ALTER COLUMN staff_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.staff_staff_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Primary keys and unique constraints
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (currency_code);

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (country_code);

ALTER TABLE ONLY public.cinemas
    ADD CONSTRAINT cinemas_pkey PRIMARY KEY (cinema_id);

ALTER TABLE ONLY public.cinemas
    ADD CONSTRAINT cinemas_cinema_code_key UNIQUE (cinema_code);

ALTER TABLE ONLY public.screens
    ADD CONSTRAINT screens_pkey PRIMARY KEY (screen_id);

ALTER TABLE ONLY public.screens
    ADD CONSTRAINT screens_cinema_id_screen_number_key UNIQUE (cinema_id, screen_number);

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (seat_id);

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_screen_id_row_label_seat_number_key UNIQUE (screen_id, row_label, seat_number);

ALTER TABLE ONLY public.projectors
    ADD CONSTRAINT projectors_pkey PRIMARY KEY (projector_id);

ALTER TABLE ONLY public.projectors
    ADD CONSTRAINT projectors_manufacturer_serial_number_key UNIQUE (manufacturer, serial_number);

ALTER TABLE ONLY public.projector_hour_readings
    ADD CONSTRAINT projector_hour_readings_pkey PRIMARY KEY (reading_id);

ALTER TABLE ONLY public.projector_hour_readings
    ADD CONSTRAINT projector_hour_readings_projector_id_read_at_key UNIQUE (projector_id, read_at);

ALTER TABLE ONLY public.distributors
    ADD CONSTRAINT distributors_pkey PRIMARY KEY (distributor_id);

ALTER TABLE ONLY public.distributors
    ADD CONSTRAINT distributors_name_country_code_key UNIQUE (name, country_code);

ALTER TABLE ONLY public.films
    ADD CONSTRAINT films_pkey PRIMARY KEY (film_id);

ALTER TABLE ONLY public.films
    ADD CONSTRAINT films_imdb_id_key UNIQUE (imdb_id);

ALTER TABLE ONLY public.film_classifications
    ADD CONSTRAINT film_classifications_pkey PRIMARY KEY (film_id, country_code);

ALTER TABLE ONLY public.film_engagements
    ADD CONSTRAINT film_engagements_pkey PRIMARY KEY (engagement_id);

ALTER TABLE ONLY public.film_engagements
    ADD CONSTRAINT film_engagements_cinema_id_film_id_first_date_key UNIQUE (cinema_id, film_id, first_date);

ALTER TABLE ONLY public.showtimes
    ADD CONSTRAINT showtimes_pkey PRIMARY KEY (showtime_id);

ALTER TABLE ONLY public.showtimes
    ADD CONSTRAINT showtimes_screen_id_starts_at_key UNIQUE (screen_id, starts_at);

ALTER TABLE ONLY public.ticket_prices
    ADD CONSTRAINT ticket_prices_pkey PRIMARY KEY (price_id);

ALTER TABLE ONLY public.ticket_prices
    ADD CONSTRAINT ticket_prices_cinema_type_presentation_from_key UNIQUE (cinema_id, ticket_type, presentation, valid_from);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_pkey PRIMARY KEY (customer_id);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_email_key UNIQUE (email);

ALTER TABLE ONLY public.loyalty_accounts
    ADD CONSTRAINT loyalty_accounts_pkey PRIMARY KEY (account_id);

ALTER TABLE ONLY public.loyalty_accounts
    ADD CONSTRAINT loyalty_accounts_customer_id_key UNIQUE (customer_id);

ALTER TABLE ONLY public.loyalty_accounts
    ADD CONSTRAINT loyalty_accounts_card_number_key UNIQUE (card_number);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (order_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_order_number_key UNIQUE (order_number);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_pkey PRIMARY KEY (ticket_id);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_barcode_key UNIQUE (barcode);

ALTER TABLE ONLY public.concession_products
    ADD CONSTRAINT concession_products_pkey PRIMARY KEY (product_id);

ALTER TABLE ONLY public.concession_products
    ADD CONSTRAINT concession_products_sku_key UNIQUE (sku);

ALTER TABLE ONLY public.concession_products
    ADD CONSTRAINT concession_products_ean13_key UNIQUE (ean13);

ALTER TABLE ONLY public.order_concession_lines
    ADD CONSTRAINT order_concession_lines_pkey PRIMARY KEY (order_id, line_no);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (payment_id);

ALTER TABLE ONLY public.loyalty_transactions
    ADD CONSTRAINT loyalty_transactions_pkey PRIMARY KEY (account_id, seq);

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (staff_id);

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_employee_number_key UNIQUE (employee_number);

--
-- Indexes
--

CREATE INDEX cinemas_country_code_idx ON public.cinemas USING btree (country_code);

CREATE INDEX showtimes_film_id_starts_at_idx ON public.showtimes USING btree (film_id, starts_at);

CREATE INDEX showtimes_starts_at_idx ON public.showtimes USING btree (starts_at);

CREATE INDEX film_engagements_film_id_idx ON public.film_engagements USING btree (film_id);

CREATE INDEX orders_cinema_id_created_at_idx ON public.orders USING btree (cinema_id, created_at);

CREATE INDEX orders_customer_id_idx ON public.orders USING btree (customer_id);

CREATE INDEX tickets_order_id_idx ON public.tickets USING btree (order_id);

CREATE UNIQUE INDEX tickets_showtime_seat_live_key ON public.tickets USING btree (showtime_id, seat_id) WHERE (status <> 'refunded'::public.ticket_status);

CREATE INDEX payments_order_id_idx ON public.payments USING btree (order_id);

CREATE INDEX loyalty_transactions_order_id_idx ON public.loyalty_transactions USING btree (order_id);

CREATE INDEX projector_hour_readings_read_at_idx ON public.projector_hour_readings USING btree (read_at);

CREATE INDEX staff_cinema_id_idx ON public.staff USING btree (cinema_id);

--
-- Foreign keys
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(currency_code);

ALTER TABLE ONLY public.cinemas
    ADD CONSTRAINT cinemas_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(country_code);

ALTER TABLE ONLY public.screens
    ADD CONSTRAINT screens_cinema_id_fkey FOREIGN KEY (cinema_id) REFERENCES public.cinemas(cinema_id);

ALTER TABLE ONLY public.seats
    ADD CONSTRAINT seats_screen_id_fkey FOREIGN KEY (screen_id) REFERENCES public.screens(screen_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.projectors
    ADD CONSTRAINT projectors_screen_id_fkey FOREIGN KEY (screen_id) REFERENCES public.screens(screen_id);

ALTER TABLE ONLY public.projector_hour_readings
    ADD CONSTRAINT projector_hour_readings_projector_id_fkey FOREIGN KEY (projector_id) REFERENCES public.projectors(projector_id);

ALTER TABLE ONLY public.projector_hour_readings
    ADD CONSTRAINT projector_hour_readings_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.staff(staff_id);

ALTER TABLE ONLY public.distributors
    ADD CONSTRAINT distributors_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(country_code);

ALTER TABLE ONLY public.films
    ADD CONSTRAINT films_distributor_id_fkey FOREIGN KEY (distributor_id) REFERENCES public.distributors(distributor_id);

ALTER TABLE ONLY public.film_classifications
    ADD CONSTRAINT film_classifications_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.films(film_id);

ALTER TABLE ONLY public.film_classifications
    ADD CONSTRAINT film_classifications_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(country_code);

ALTER TABLE ONLY public.film_engagements
    ADD CONSTRAINT film_engagements_cinema_id_fkey FOREIGN KEY (cinema_id) REFERENCES public.cinemas(cinema_id);

ALTER TABLE ONLY public.film_engagements
    ADD CONSTRAINT film_engagements_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.films(film_id);

ALTER TABLE ONLY public.film_engagements
    ADD CONSTRAINT film_engagements_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(currency_code);

ALTER TABLE ONLY public.showtimes
    ADD CONSTRAINT showtimes_screen_id_fkey FOREIGN KEY (screen_id) REFERENCES public.screens(screen_id);

ALTER TABLE ONLY public.showtimes
    ADD CONSTRAINT showtimes_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.films(film_id);

ALTER TABLE ONLY public.ticket_prices
    ADD CONSTRAINT ticket_prices_cinema_id_fkey FOREIGN KEY (cinema_id) REFERENCES public.cinemas(cinema_id);

ALTER TABLE ONLY public.ticket_prices
    ADD CONSTRAINT ticket_prices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(currency_code);

ALTER TABLE ONLY public.customers
    ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(country_code);

ALTER TABLE ONLY public.loyalty_accounts
    ADD CONSTRAINT loyalty_accounts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(customer_id);

ALTER TABLE ONLY public.loyalty_transactions
    ADD CONSTRAINT loyalty_transactions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.loyalty_accounts(account_id);

ALTER TABLE ONLY public.loyalty_transactions
    ADD CONSTRAINT loyalty_transactions_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(order_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_cinema_id_fkey FOREIGN KEY (cinema_id) REFERENCES public.cinemas(cinema_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(customer_id);

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(currency_code);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(order_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_showtime_id_fkey FOREIGN KEY (showtime_id) REFERENCES public.showtimes(showtime_id);

ALTER TABLE ONLY public.tickets
    ADD CONSTRAINT tickets_seat_id_fkey FOREIGN KEY (seat_id) REFERENCES public.seats(seat_id);

ALTER TABLE ONLY public.order_concession_lines
    ADD CONSTRAINT order_concession_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(order_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.order_concession_lines
    ADD CONSTRAINT order_concession_lines_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.concession_products(product_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(order_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(currency_code);

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_cinema_id_fkey FOREIGN KEY (cinema_id) REFERENCES public.cinemas(cinema_id);

--
-- PostgreSQL database dump complete
--
