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
    CONSTRAINT currencies_minor_units_check CHECK (minor_units BETWEEN 0 AND 4)
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    phone_prefix text NOT NULL
);

CREATE TABLE public.venues (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    name text NOT NULL,
    city text NOT NULL,
    street text NOT NULL,
    postcode text NOT NULL,
    phone text NOT NULL,
    email text NOT NULL,
    timezone text NOT NULL,
    opened_on date NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    CONSTRAINT venues_status_check CHECK (status = ANY (ARRAY['open'::text, 'temporarily_closed'::text, 'closed'::text]))
);

CREATE SEQUENCE public.venues_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.venues_id_seq OWNED BY public.venues.id;

CREATE TABLE public.rooms (
    id integer NOT NULL,
    venue_id integer NOT NULL,
    name text NOT NULL,
    theme text NOT NULL,
    difficulty smallint NOT NULL,
    min_players smallint NOT NULL,
    max_players smallint NOT NULL,
    duration_minutes smallint NOT NULL,
    minimum_age smallint,
    is_horror boolean DEFAULT false NOT NULL,
    opened_on date NOT NULL,
    retired_on date,
    CONSTRAINT rooms_difficulty_check CHECK (difficulty BETWEEN 1 AND 5),
    CONSTRAINT rooms_players_check CHECK (min_players >= 1 AND max_players >= min_players),
    CONSTRAINT rooms_duration_check CHECK (duration_minutes > 0)
);

CREATE SEQUENCE public.rooms_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.rooms_id_seq OWNED BY public.rooms.id;

CREATE TABLE public.room_prices (
    id integer NOT NULL,
    room_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    price_per_player numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    CONSTRAINT room_prices_price_check CHECK (price_per_player > 0),
    CONSTRAINT room_prices_period_check CHECK (valid_to IS NULL OR valid_to > valid_from)
);

CREATE SEQUENCE public.room_prices_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.room_prices_id_seq OWNED BY public.room_prices.id;

CREATE TABLE public.game_masters (
    id integer NOT NULL,
    venue_id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    languages text[] DEFAULT '{}'::text[] NOT NULL
);

CREATE SEQUENCE public.game_masters_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.game_masters_id_seq OWNED BY public.game_masters.id;

CREATE TABLE public.customers (
    id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    country_code character(2),
    date_of_birth date,
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.customers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.customers_id_seq OWNED BY public.customers.id;

CREATE TABLE public.teams (
    id bigint NOT NULL,
    name text NOT NULL,
    captain_id bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.teams_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.teams_id_seq OWNED BY public.teams.id;

CREATE TABLE public.team_members (
    team_id bigint NOT NULL,
    customer_id bigint NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.time_slots (
    id bigint NOT NULL,
    room_id integer NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    CONSTRAINT time_slots_status_check CHECK (status = ANY (ARRAY['open'::text, 'booked'::text, 'blocked'::text])),
    CONSTRAINT time_slots_period_check CHECK (ends_at > starts_at)
);

CREATE SEQUENCE public.time_slots_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.time_slots_id_seq OWNED BY public.time_slots.id;

CREATE TABLE public.vouchers (
    id bigint NOT NULL,
    code text NOT NULL,
    issuing_venue_id integer NOT NULL,
    purchased_by bigint,
    kind text NOT NULL,
    face_value numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    issued_at timestamp with time zone NOT NULL,
    valid_from date NOT NULL,
    valid_until date NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT vouchers_kind_check CHECK (kind = ANY (ARRAY['gift'::text, 'promo'::text, 'compensation'::text])),
    CONSTRAINT vouchers_status_check CHECK (status = ANY (ARRAY['active'::text, 'redeemed'::text, 'expired'::text, 'void'::text])),
    CONSTRAINT vouchers_face_value_check CHECK (face_value > 0)
);

CREATE SEQUENCE public.vouchers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.vouchers_id_seq OWNED BY public.vouchers.id;

CREATE TABLE public.bookings (
    id bigint NOT NULL,
    booking_ref text NOT NULL,
    customer_id bigint NOT NULL,
    team_id bigint,
    slot_id bigint NOT NULL,
    voucher_id bigint,
    status text DEFAULT 'pending'::text NOT NULL,
    players_count smallint NOT NULL,
    price_per_player numeric(10,2) NOT NULL,
    discount_amount numeric(10,2) DEFAULT 0 NOT NULL,
    total_amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    language text DEFAULT 'en'::text NOT NULL,
    booked_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    CONSTRAINT bookings_status_check CHECK (status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text])),
    CONSTRAINT bookings_players_count_check CHECK (players_count > 0),
    CONSTRAINT bookings_amounts_check CHECK (discount_amount >= 0 AND total_amount >= 0)
);

CREATE SEQUENCE public.bookings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.bookings_id_seq OWNED BY public.bookings.id;

CREATE TABLE public.booking_players (
    booking_id bigint NOT NULL,
    customer_id bigint NOT NULL,
    waiver_signed_at timestamp with time zone
);

CREATE TABLE public.game_sessions (
    id bigint NOT NULL,
    booking_id bigint NOT NULL,
    room_id integer NOT NULL,
    game_master_id integer NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    status text DEFAULT 'in_progress'::text NOT NULL,
    escaped boolean,
    escape_time_seconds integer,
    hints_used smallint DEFAULT 0 NOT NULL,
    players_present smallint NOT NULL,
    CONSTRAINT game_sessions_status_check CHECK (status = ANY (ARRAY['in_progress'::text, 'completed'::text, 'aborted'::text])),
    CONSTRAINT game_sessions_hints_check CHECK (hints_used >= 0),
    CONSTRAINT game_sessions_escape_time_check CHECK (escape_time_seconds IS NULL OR escape_time_seconds > 0)
);

CREATE SEQUENCE public.game_sessions_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.game_sessions_id_seq OWNED BY public.game_sessions.id;

CREATE TABLE public.session_hints (
    session_id bigint NOT NULL,
    hint_no smallint NOT NULL,
    given_at timestamp with time zone NOT NULL,
    puzzle text,
    hint_text text NOT NULL
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    booking_id bigint NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    method text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    provider_ref text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    paid_at timestamp with time zone,
    CONSTRAINT payments_method_check CHECK (method = ANY (ARRAY['card'::text, 'paypal'::text, 'bank_transfer'::text, 'cash'::text, 'voucher'::text])),
    CONSTRAINT payments_status_check CHECK (status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'failed'::text, 'refunded'::text]))
);

CREATE SEQUENCE public.payments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.payments_id_seq OWNED BY public.payments.id;

CREATE TABLE public.reviews (
    id bigint NOT NULL,
    booking_id bigint NOT NULL,
    customer_id bigint NOT NULL,
    rating smallint NOT NULL,
    title text,
    body text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5)
);

CREATE SEQUENCE public.reviews_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.reviews_id_seq OWNED BY public.reviews.id;

CREATE TABLE public.room_devices (
    id integer NOT NULL,
    room_id integer NOT NULL,
    kind text NOT NULL,
    serial_no text NOT NULL,
    installed_on date NOT NULL,
    CONSTRAINT room_devices_kind_check CHECK (kind = ANY (ARRAY['maglock'::text, 'keypad'::text, 'rfid_reader'::text, 'motion_sensor'::text, 'uv_light'::text]))
);

CREATE SEQUENCE public.room_devices_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.room_devices_id_seq OWNED BY public.room_devices.id;

CREATE TABLE public.device_readings (
    id bigint NOT NULL,
    device_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    cycle_count bigint NOT NULL
);

CREATE SEQUENCE public.device_readings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.device_readings_id_seq OWNED BY public.device_readings.id;

ALTER TABLE ONLY public.venues ALTER COLUMN id SET DEFAULT nextval('public.venues_id_seq'::regclass);
ALTER TABLE ONLY public.rooms ALTER COLUMN id SET DEFAULT nextval('public.rooms_id_seq'::regclass);
ALTER TABLE ONLY public.room_prices ALTER COLUMN id SET DEFAULT nextval('public.room_prices_id_seq'::regclass);
ALTER TABLE ONLY public.game_masters ALTER COLUMN id SET DEFAULT nextval('public.game_masters_id_seq'::regclass);
ALTER TABLE ONLY public.customers ALTER COLUMN id SET DEFAULT nextval('public.customers_id_seq'::regclass);
ALTER TABLE ONLY public.teams ALTER COLUMN id SET DEFAULT nextval('public.teams_id_seq'::regclass);
ALTER TABLE ONLY public.time_slots ALTER COLUMN id SET DEFAULT nextval('public.time_slots_id_seq'::regclass);
ALTER TABLE ONLY public.vouchers ALTER COLUMN id SET DEFAULT nextval('public.vouchers_id_seq'::regclass);
ALTER TABLE ONLY public.bookings ALTER COLUMN id SET DEFAULT nextval('public.bookings_id_seq'::regclass);
ALTER TABLE ONLY public.game_sessions ALTER COLUMN id SET DEFAULT nextval('public.game_sessions_id_seq'::regclass);
ALTER TABLE ONLY public.payments ALTER COLUMN id SET DEFAULT nextval('public.payments_id_seq'::regclass);
ALTER TABLE ONLY public.reviews ALTER COLUMN id SET DEFAULT nextval('public.reviews_id_seq'::regclass);
ALTER TABLE ONLY public.room_devices ALTER COLUMN id SET DEFAULT nextval('public.room_devices_id_seq'::regclass);
ALTER TABLE ONLY public.device_readings ALTER COLUMN id SET DEFAULT nextval('public.device_readings_id_seq'::regclass);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.venues ADD CONSTRAINT venues_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.rooms ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.room_prices ADD CONSTRAINT room_prices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.game_masters ADD CONSTRAINT game_masters_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_email_key UNIQUE (email);
ALTER TABLE ONLY public.teams ADD CONSTRAINT teams_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.team_members ADD CONSTRAINT team_members_pkey PRIMARY KEY (team_id, customer_id);
ALTER TABLE ONLY public.time_slots ADD CONSTRAINT time_slots_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.time_slots ADD CONSTRAINT time_slots_room_starts_key UNIQUE (room_id, starts_at);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_code_key UNIQUE (code);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_booking_ref_key UNIQUE (booking_ref);
ALTER TABLE ONLY public.booking_players ADD CONSTRAINT booking_players_pkey PRIMARY KEY (booking_id, customer_id);
ALTER TABLE ONLY public.game_sessions ADD CONSTRAINT game_sessions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.game_sessions ADD CONSTRAINT game_sessions_booking_id_key UNIQUE (booking_id);
ALTER TABLE ONLY public.session_hints ADD CONSTRAINT session_hints_pkey PRIMARY KEY (session_id, hint_no);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_booking_id_key UNIQUE (booking_id);
ALTER TABLE ONLY public.room_devices ADD CONSTRAINT room_devices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.room_devices ADD CONSTRAINT room_devices_serial_no_key UNIQUE (serial_no);
ALTER TABLE ONLY public.device_readings ADD CONSTRAINT device_readings_pkey PRIMARY KEY (id);

CREATE INDEX bookings_customer_id_idx ON public.bookings USING btree (customer_id);
CREATE UNIQUE INDEX bookings_slot_active_idx ON public.bookings USING btree (slot_id) WHERE (status <> 'cancelled'::text);
CREATE INDEX game_sessions_room_started_idx ON public.game_sessions USING btree (room_id, started_at);
CREATE INDEX payments_booking_id_idx ON public.payments USING btree (booking_id);
CREATE INDEX time_slots_starts_at_idx ON public.time_slots USING btree (starts_at);
CREATE INDEX device_readings_device_read_idx ON public.device_readings USING btree (device_id, read_at);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.venues ADD CONSTRAINT venues_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.venues ADD CONSTRAINT venues_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.rooms ADD CONSTRAINT rooms_venue_id_fkey FOREIGN KEY (venue_id) REFERENCES public.venues(id);
ALTER TABLE ONLY public.room_prices ADD CONSTRAINT room_prices_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id);
ALTER TABLE ONLY public.room_prices ADD CONSTRAINT room_prices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.game_masters ADD CONSTRAINT game_masters_venue_id_fkey FOREIGN KEY (venue_id) REFERENCES public.venues(id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.teams ADD CONSTRAINT teams_captain_id_fkey FOREIGN KEY (captain_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.team_members ADD CONSTRAINT team_members_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id);
ALTER TABLE ONLY public.team_members ADD CONSTRAINT team_members_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.time_slots ADD CONSTRAINT time_slots_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_issuing_venue_id_fkey FOREIGN KEY (issuing_venue_id) REFERENCES public.venues(id);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_purchased_by_fkey FOREIGN KEY (purchased_by) REFERENCES public.customers(id);
ALTER TABLE ONLY public.vouchers ADD CONSTRAINT vouchers_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_slot_id_fkey FOREIGN KEY (slot_id) REFERENCES public.time_slots(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_voucher_id_fkey FOREIGN KEY (voucher_id) REFERENCES public.vouchers(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.booking_players ADD CONSTRAINT booking_players_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.booking_players ADD CONSTRAINT booking_players_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.game_sessions ADD CONSTRAINT game_sessions_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.game_sessions ADD CONSTRAINT game_sessions_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id);
ALTER TABLE ONLY public.game_sessions ADD CONSTRAINT game_sessions_game_master_id_fkey FOREIGN KEY (game_master_id) REFERENCES public.game_masters(id);
ALTER TABLE ONLY public.session_hints ADD CONSTRAINT session_hints_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.game_sessions(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.reviews ADD CONSTRAINT reviews_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.room_devices ADD CONSTRAINT room_devices_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id);
ALTER TABLE ONLY public.device_readings ADD CONSTRAINT device_readings_device_id_fkey FOREIGN KEY (device_id) REFERENCES public.room_devices(id);

--
-- PostgreSQL database dump complete
--
