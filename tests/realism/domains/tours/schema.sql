--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET client_min_messages = warning;
SET row_security = off;

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
    dial_prefix text NOT NULL
);

CREATE TABLE public.languages (
    code character varying(3) NOT NULL,
    name text NOT NULL
);

CREATE TABLE public.cities (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    name text NOT NULL,
    timezone text NOT NULL
);

CREATE SEQUENCE public.cities_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.cities_id_seq OWNED BY public.cities.id;

CREATE TABLE public.guides (
    id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date NOT NULL,
    email text NOT NULL,
    phone text,
    home_city_id integer NOT NULL,
    hired_on date NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT guides_status_check CHECK ((status = ANY (ARRAY['active'::text, 'on_leave'::text, 'left'::text])))
);

CREATE SEQUENCE public.guides_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.guides_id_seq OWNED BY public.guides.id;

CREATE TABLE public.guide_languages (
    guide_id integer NOT NULL,
    language_code character varying(3) NOT NULL,
    level text NOT NULL,
    CONSTRAINT guide_languages_level_check CHECK ((level = ANY (ARRAY['native'::text, 'fluent'::text, 'working'::text])))
);

CREATE TABLE public.guide_licences (
    id integer NOT NULL,
    guide_id integer NOT NULL,
    country_code character(2) NOT NULL,
    licence_no text NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    issued_by text
);

CREATE SEQUENCE public.guide_licences_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.guide_licences_id_seq OWNED BY public.guide_licences.id;

CREATE TABLE public.vehicles (
    id integer NOT NULL,
    kind text NOT NULL,
    registration text NOT NULL,
    base_city_id integer NOT NULL,
    seats integer NOT NULL,
    commissioned_on date NOT NULL,
    retired_on date,
    CONSTRAINT vehicles_kind_check CHECK ((kind = ANY (ARRAY['minibus'::text, 'coach'::text, 'double_decker'::text, 'river_boat'::text, 'speedboat'::text, 'canal_boat'::text]))),
    CONSTRAINT vehicles_seats_check CHECK ((seats > 0))
);

CREATE SEQUENCE public.vehicles_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.vehicles_id_seq OWNED BY public.vehicles.id;

CREATE TABLE public.vehicle_readings (
    id bigint NOT NULL,
    vehicle_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    odometer_km numeric(10,1),
    engine_hours numeric(9,1)
);

CREATE SEQUENCE public.vehicle_readings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.vehicle_readings_id_seq OWNED BY public.vehicle_readings.id;

CREATE TABLE public.tours (
    id integer NOT NULL,
    code text NOT NULL,
    city_id integer NOT NULL,
    name text NOT NULL,
    tour_type text NOT NULL,
    duration_minutes integer NOT NULL,
    max_participants integer NOT NULL,
    currency_code character(3) NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tours_tour_type_check CHECK ((tour_type = ANY (ARRAY['walking'::text, 'bus'::text, 'boat'::text]))),
    CONSTRAINT tours_duration_minutes_check CHECK ((duration_minutes > 0)),
    CONSTRAINT tours_max_participants_check CHECK ((max_participants > 0))
);

CREATE SEQUENCE public.tours_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.tours_id_seq OWNED BY public.tours.id;

CREATE TABLE public.tour_prices (
    id integer NOT NULL,
    tour_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    adult_price numeric(10,2) NOT NULL,
    child_price numeric(10,2) NOT NULL,
    CONSTRAINT tour_prices_adult_price_check CHECK ((adult_price >= 0)),
    CONSTRAINT tour_prices_child_price_check CHECK ((child_price >= 0))
);

CREATE SEQUENCE public.tour_prices_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.tour_prices_id_seq OWNED BY public.tour_prices.id;

CREATE TABLE public.departures (
    id integer NOT NULL,
    tour_id integer NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    guide_id integer,
    vehicle_id integer,
    language_code character varying(3) NOT NULL,
    capacity integer NOT NULL,
    status text DEFAULT 'scheduled'::text NOT NULL,
    cancelled_reason text,
    CONSTRAINT departures_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'completed'::text, 'cancelled'::text]))),
    CONSTRAINT departures_capacity_check CHECK ((capacity > 0))
);

CREATE SEQUENCE public.departures_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.departures_id_seq OWNED BY public.departures.id;

CREATE TABLE public.customers (
    id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    country_code character(2) NOT NULL,
    date_of_birth date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.customers_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;

CREATE TABLE public.vouchers (
    id integer NOT NULL,
    code text NOT NULL,
    discount_percent numeric(5,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to date NOT NULL,
    max_uses integer DEFAULT 1 NOT NULL,
    CONSTRAINT vouchers_discount_percent_check CHECK ((discount_percent > 0 AND discount_percent <= 100))
);

CREATE SEQUENCE public.vouchers_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.vouchers_id_seq OWNED BY public.vouchers.id;

CREATE TABLE public.bookings (
    id integer NOT NULL,
    booking_ref text NOT NULL,
    customer_id integer NOT NULL,
    departure_id integer NOT NULL,
    voucher_id integer,
    booked_at timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    participants_count integer NOT NULL,
    currency_code character(3) NOT NULL,
    gross_amount numeric(12,2) NOT NULL,
    discount_amount numeric(12,2) DEFAULT 0 NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    cancelled_at timestamp with time zone,
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))),
    CONSTRAINT bookings_participants_count_check CHECK ((participants_count > 0))
);

CREATE SEQUENCE public.bookings_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.bookings_id_seq OWNED BY public.bookings.id;

CREATE TABLE public.booking_participants (
    id integer NOT NULL,
    booking_id integer NOT NULL,
    line_no integer NOT NULL,
    full_name text NOT NULL,
    participant_type text NOT NULL,
    date_of_birth date,
    price numeric(10,2) NOT NULL,
    checked_in boolean DEFAULT false NOT NULL,
    CONSTRAINT booking_participants_type_check CHECK ((participant_type = ANY (ARRAY['adult'::text, 'child'::text, 'senior'::text])))
);

CREATE SEQUENCE public.booking_participants_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.booking_participants_id_seq OWNED BY public.booking_participants.id;

CREATE TABLE public.payments (
    id integer NOT NULL,
    booking_id integer NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    method text NOT NULL,
    status text NOT NULL,
    provider_ref text,
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['card'::text, 'paypal'::text, 'bank_transfer'::text, 'cash'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refunded'::text])))
);

CREATE SEQUENCE public.payments_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.payments_id_seq OWNED BY public.payments.id;

CREATE TABLE public.reviews (
    id integer NOT NULL,
    booking_id integer NOT NULL,
    customer_id integer NOT NULL,
    departure_id integer NOT NULL,
    rating smallint NOT NULL,
    title text,
    body text,
    submitted_at timestamp with time zone NOT NULL,
    CONSTRAINT reviews_rating_check CHECK ((rating >= 1 AND rating <= 5))
);

CREATE SEQUENCE public.reviews_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.reviews_id_seq OWNED BY public.reviews.id;

ALTER TABLE ONLY public.cities ALTER COLUMN id SET DEFAULT nextval('public.cities_id_seq'::regclass);
ALTER TABLE ONLY public.guides ALTER COLUMN id SET DEFAULT nextval('public.guides_id_seq'::regclass);
ALTER TABLE ONLY public.guide_licences ALTER COLUMN id SET DEFAULT nextval('public.guide_licences_id_seq'::regclass);
ALTER TABLE ONLY public.vehicles ALTER COLUMN id SET DEFAULT nextval('public.vehicles_id_seq'::regclass);
ALTER TABLE ONLY public.vehicle_readings ALTER COLUMN id SET DEFAULT nextval('public.vehicle_readings_id_seq'::regclass);
ALTER TABLE ONLY public.tours ALTER COLUMN id SET DEFAULT nextval('public.tours_id_seq'::regclass);
ALTER TABLE ONLY public.tour_prices ALTER COLUMN id SET DEFAULT nextval('public.tour_prices_id_seq'::regclass);
ALTER TABLE ONLY public.departures ALTER COLUMN id SET DEFAULT nextval('public.departures_id_seq'::regclass);
ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);
ALTER TABLE ONLY public.vouchers ALTER COLUMN id SET DEFAULT nextval('public.vouchers_id_seq'::regclass);
ALTER TABLE ONLY public.bookings ALTER COLUMN id SET DEFAULT nextval('public.bookings_id_seq'::regclass);
ALTER TABLE ONLY public.booking_participants ALTER COLUMN id SET DEFAULT nextval('public.booking_participants_id_seq'::regclass);
ALTER TABLE ONLY public.payments ALTER COLUMN id SET DEFAULT nextval('public.payments_id_seq'::regclass);
ALTER TABLE ONLY public.reviews ALTER COLUMN id SET DEFAULT nextval('public.reviews_id_seq'::regclass);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.languages ADD CONSTRAINT languages_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.cities ADD CONSTRAINT cities_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.guides ADD CONSTRAINT guides_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.guide_languages ADD CONSTRAINT guide_languages_pkey PRIMARY KEY (guide_id, language_code);
ALTER TABLE ONLY public.guide_licences ADD CONSTRAINT guide_licences_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vehicle_readings ADD CONSTRAINT vehicle_readings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tours ADD CONSTRAINT tours_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tour_prices ADD CONSTRAINT tour_prices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.departures ADD CONSTRAINT departures_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.booking_participants ADD CONSTRAINT booking_participants_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.guide_licences ADD CONSTRAINT guide_licences_licence_no_key UNIQUE (country_code, licence_no);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_registration_key UNIQUE (registration);
ALTER TABLE ONLY public.tours ADD CONSTRAINT tours_code_key UNIQUE (code);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_email_key UNIQUE (email);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_code_key UNIQUE (code);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_booking_ref_key UNIQUE (booking_ref);
ALTER TABLE ONLY public.booking_participants ADD CONSTRAINT booking_participants_booking_id_line_no_key UNIQUE (booking_id, line_no);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_booking_id_key UNIQUE (booking_id);

CREATE INDEX cities_country_code_idx ON public.cities USING btree (country_code);
CREATE INDEX guide_licences_guide_id_idx ON public.guide_licences USING btree (guide_id);
CREATE INDEX vehicle_readings_vehicle_id_read_at_idx ON public.vehicle_readings USING btree (vehicle_id, read_at);
CREATE INDEX tours_city_id_idx ON public.tours USING btree (city_id);
CREATE INDEX tour_prices_tour_id_valid_from_idx ON public.tour_prices USING btree (tour_id, valid_from);
CREATE INDEX departures_tour_id_starts_at_idx ON public.departures USING btree (tour_id, starts_at);
CREATE INDEX departures_guide_id_idx ON public.departures USING btree (guide_id);
CREATE INDEX departures_vehicle_id_idx ON public.departures USING btree (vehicle_id);
CREATE INDEX bookings_customer_id_idx ON public.bookings USING btree (customer_id);
CREATE INDEX bookings_departure_id_idx ON public.bookings USING btree (departure_id);
CREATE INDEX payments_booking_id_idx ON public.payments USING btree (booking_id);
CREATE INDEX reviews_departure_id_idx ON public.reviews USING btree (departure_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.cities ADD CONSTRAINT cities_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.guides ADD CONSTRAINT guides_home_city_id_fkey FOREIGN KEY (home_city_id) REFERENCES public.cities(id);
ALTER TABLE ONLY public.guide_languages ADD CONSTRAINT guide_languages_guide_id_fkey FOREIGN KEY (guide_id) REFERENCES public.guides(id);
ALTER TABLE ONLY public.guide_languages ADD CONSTRAINT guide_languages_language_code_fkey FOREIGN KEY (language_code) REFERENCES public.languages(code);
ALTER TABLE ONLY public.guide_licences ADD CONSTRAINT guide_licences_guide_id_fkey FOREIGN KEY (guide_id) REFERENCES public.guides(id);
ALTER TABLE ONLY public.guide_licences ADD CONSTRAINT guide_licences_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.vehicles ADD CONSTRAINT vehicles_base_city_id_fkey FOREIGN KEY (base_city_id) REFERENCES public.cities(id);
ALTER TABLE ONLY public.vehicle_readings ADD CONSTRAINT vehicle_readings_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.tours ADD CONSTRAINT tours_city_id_fkey FOREIGN KEY (city_id) REFERENCES public.cities(id);
ALTER TABLE ONLY public.tours ADD CONSTRAINT tours_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.tour_prices ADD CONSTRAINT tour_prices_tour_id_fkey FOREIGN KEY (tour_id) REFERENCES public.tours(id);
ALTER TABLE ONLY public.departures ADD CONSTRAINT departures_tour_id_fkey FOREIGN KEY (tour_id) REFERENCES public.tours(id);
ALTER TABLE ONLY public.departures ADD CONSTRAINT departures_guide_id_fkey FOREIGN KEY (guide_id) REFERENCES public.guides(id);
ALTER TABLE ONLY public.departures ADD CONSTRAINT departures_vehicle_id_fkey FOREIGN KEY (vehicle_id) REFERENCES public.vehicles(id);
ALTER TABLE ONLY public.departures ADD CONSTRAINT departures_language_code_fkey FOREIGN KEY (language_code) REFERENCES public.languages(code);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_departure_id_fkey FOREIGN KEY (departure_id) REFERENCES public.departures(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_voucher_id_fkey FOREIGN KEY (voucher_id) REFERENCES public.vouchers(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.booking_participants ADD CONSTRAINT booking_participants_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_departure_id_fkey FOREIGN KEY (departure_id) REFERENCES public.departures(id);
