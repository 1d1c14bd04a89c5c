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
-- Name: booking_channel; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.booking_channel AS ENUM (
    'direct_web',
    'call_centre',
    'front_desk',
    'ota',
    'gds',
    'corporate'
);


--
-- Name: charge_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.charge_kind AS ENUM (
    'room',
    'food_beverage',
    'minibar',
    'spa',
    'parking',
    'laundry',
    'city_tax',
    'other'
);


--
-- Name: folio_state; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.folio_state AS ENUM (
    'open',
    'closed',
    'void'
);


--
-- Name: loyalty_tier; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.loyalty_tier AS ENUM (
    'member',
    'silver',
    'gold',
    'platinum'
);


--
-- Name: payment_method; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.payment_method AS ENUM (
    'card',
    'cash',
    'bank_transfer',
    'voucher',
    'points'
);


--
-- Name: reservation_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.reservation_status AS ENUM (
    'tentative',
    'confirmed',
    'checked_in',
    'checked_out',
    'cancelled',
    'no_show'
);


--
-- Name: room_state; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.room_state AS ENUM (
    'in_service',
    'out_of_order',
    'out_of_inventory'
);


--
-- Name: task_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.task_kind AS ENUM (
    'departure_clean',
    'stayover_clean',
    'turndown',
    'inspection',
    'deep_clean'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: country; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.country (
    country_code character(2) NOT NULL,
    country_name text NOT NULL,
    currency_code character(3) NOT NULL,
    phone_prefix character varying(6) NOT NULL
);


--
-- Name: currency; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currency (
    currency_code character(3) NOT NULL,
    currency_name text NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currency_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)))
);


--
-- Name: employee; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.employee (
    employee_id integer NOT NULL,
    hotel_id integer NOT NULL,
    full_name text NOT NULL,
    job_title text NOT NULL,
    work_email text,
    date_of_birth date,
    hired_on date NOT NULL,
    left_on date
);


--
-- Name: employee_employee_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.employee_employee_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: employee_employee_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.employee_employee_id_seq OWNED BY public.employee.employee_id;


--
-- Name: daily_rate; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.daily_rate (
    room_type_id integer NOT NULL,
    rate_plan_id integer NOT NULL,
    stay_date date NOT NULL,
    amount numeric(10,2) NOT NULL,
    closed_to_arrival boolean DEFAULT false NOT NULL,
    min_nights smallint DEFAULT 1 NOT NULL,
    CONSTRAINT daily_rate_amount_check CHECK ((amount >= (0)::numeric))
);


--
-- Name: folio; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.folio (
    folio_id bigint NOT NULL,
    reservation_id bigint NOT NULL,
    folio_no character varying(16) NOT NULL,
    currency_code character(3) NOT NULL,
    state public.folio_state DEFAULT 'open'::public.folio_state NOT NULL,
    opened_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone
);


--
-- Name: folio_charge; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.folio_charge (
    charge_id bigint NOT NULL,
    folio_id bigint NOT NULL,
    posted_at timestamp with time zone NOT NULL,
    kind public.charge_kind NOT NULL,
    description text,
    quantity numeric(8,2) DEFAULT 1 NOT NULL,
    unit_amount numeric(10,2) NOT NULL,
    amount numeric(12,2) NOT NULL,
    vat_rate numeric(5,2) DEFAULT 0 NOT NULL
);


--
-- Name: folio_payment; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.folio_payment (
    payment_id bigint NOT NULL,
    folio_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    method public.payment_method NOT NULL,
    amount numeric(12,2) NOT NULL,
    card_last4 character(4),
    auth_code character varying(12)
);


--
-- Name: guest; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.guest (
    guest_id bigint NOT NULL,
    given_name text NOT NULL,
    family_name text NOT NULL,
    email text,
    phone text,
    date_of_birth date,
    nationality character(2),
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: guest_review; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.guest_review (
    review_id integer NOT NULL,
    reservation_id bigint NOT NULL,
    submitted_at timestamp with time zone NOT NULL,
    overall_score smallint NOT NULL,
    cleanliness_score smallint,
    title text,
    body text,
    CONSTRAINT guest_review_overall_score_check CHECK (((overall_score >= 1) AND (overall_score <= 10))),
    CONSTRAINT guest_review_cleanliness_score_check CHECK (((cleanliness_score >= 1) AND (cleanliness_score <= 10)))
);


--
-- Name: hotel; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hotel (
    hotel_id integer NOT NULL,
    brand_id integer NOT NULL,
    hotel_code character varying(8) NOT NULL,
    hotel_name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    street_address text,
    postal_code character varying(12),
    time_zone text NOT NULL,
    currency_code character(3) NOT NULL,
    star_rating smallint NOT NULL,
    opened_on date,
    standard_checkin time without time zone DEFAULT '15:00:00'::time without time zone NOT NULL,
    standard_checkout time without time zone DEFAULT '11:00:00'::time without time zone NOT NULL,
    CONSTRAINT hotel_star_rating_check CHECK (((star_rating >= 1) AND (star_rating <= 5)))
);


--
-- Name: hotel_brand; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.hotel_brand (
    brand_id integer NOT NULL,
    brand_name text NOT NULL,
    segment text NOT NULL,
    CONSTRAINT hotel_brand_segment_check CHECK ((segment = ANY (ARRAY['economy'::text, 'midscale'::text, 'upscale'::text, 'luxury'::text])))
);


--
-- Name: hotel_brand_brand_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.hotel_brand_brand_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: hotel_brand_brand_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.hotel_brand_brand_id_seq OWNED BY public.hotel_brand.brand_id;


--
-- Name: housekeeping_task; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.housekeeping_task (
    task_id bigint NOT NULL,
    room_id integer NOT NULL,
    employee_id integer,
    kind public.task_kind NOT NULL,
    scheduled_for date NOT NULL,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    notes text
);


--
-- Name: loyalty_account; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loyalty_account (
    loyalty_account_id integer NOT NULL,
    guest_id bigint NOT NULL,
    member_no character varying(12) NOT NULL,
    tier public.loyalty_tier DEFAULT 'member'::public.loyalty_tier NOT NULL,
    enrolled_at timestamp with time zone NOT NULL,
    points_balance integer DEFAULT 0 NOT NULL,
    CONSTRAINT loyalty_account_points_balance_check CHECK ((points_balance >= 0))
);


--
-- Name: loyalty_ledger; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.loyalty_ledger (
    entry_id bigint NOT NULL,
    loyalty_account_id integer NOT NULL,
    posted_at timestamp with time zone NOT NULL,
    points integer NOT NULL,
    balance_after integer NOT NULL,
    reason text NOT NULL,
    reservation_id bigint
);


--
-- Name: rate_plan; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rate_plan (
    rate_plan_id integer NOT NULL,
    hotel_id integer NOT NULL,
    plan_code character varying(10) NOT NULL,
    plan_name text NOT NULL,
    refundable boolean DEFAULT true NOT NULL,
    breakfast_included boolean DEFAULT false NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT rate_plan_valid_range_check CHECK (((valid_to IS NULL) OR (valid_to >= valid_from)))
);


--
-- Name: reservation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reservation (
    reservation_id bigint NOT NULL,
    confirmation_no character varying(12) NOT NULL,
    hotel_id integer NOT NULL,
    guest_id bigint NOT NULL,
    room_type_id integer NOT NULL,
    rate_plan_id integer NOT NULL,
    channel public.booking_channel NOT NULL,
    status public.reservation_status DEFAULT 'confirmed'::public.reservation_status NOT NULL,
    booked_at timestamp with time zone NOT NULL,
    arrival_date date NOT NULL,
    departure_date date NOT NULL,
    adults smallint DEFAULT 1 NOT NULL,
    children smallint DEFAULT 0 NOT NULL,
    cancelled_at timestamp with time zone,
    special_requests text,
    CONSTRAINT reservation_dates_check CHECK ((departure_date > arrival_date)),
    CONSTRAINT reservation_party_check CHECK (((adults >= 0) AND (children >= 0)))
);


--
-- Name: room; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.room (
    room_id integer NOT NULL,
    hotel_id integer NOT NULL,
    room_type_id integer NOT NULL,
    room_number character varying(6) NOT NULL,
    floor_no smallint NOT NULL,
    accessible boolean DEFAULT false NOT NULL,
    smoking boolean DEFAULT false NOT NULL,
    state public.room_state DEFAULT 'in_service'::public.room_state NOT NULL
);


--
-- Name: room_assignment; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.room_assignment (
    assignment_id bigint NOT NULL,
    reservation_id bigint NOT NULL,
    room_id integer NOT NULL,
    from_date date NOT NULL,
    to_date date NOT NULL,
    checked_in_at timestamp with time zone,
    checked_out_at timestamp with time zone,
    key_cards smallint DEFAULT 2 NOT NULL,
    CONSTRAINT room_assignment_dates_check CHECK ((to_date > from_date))
);


--
-- Name: room_type; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.room_type (
    room_type_id integer NOT NULL,
    hotel_id integer NOT NULL,
    type_code character varying(10) NOT NULL,
    type_name text NOT NULL,
    bed_setup text,
    max_occupancy smallint NOT NULL,
    size_sqm numeric(5,1),
    CONSTRAINT room_type_max_occupancy_check CHECK ((max_occupancy > 0))
);


--
-- Name: employee employee_id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employee ALTER COLUMN employee_id SET DEFAULT nextval('public.employee_employee_id_seq'::regclass);


--
-- Name: hotel_brand brand_id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.hotel_brand ALTER COLUMN brand_id SET DEFAULT nextval('public.hotel_brand_brand_id_seq'::regclass);


--
-- Identity columns
--

ALTER TABLE public.folio ALTER COLUMN folio_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.folio_folio_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.folio_charge ALTER COLUMN charge_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.folio_charge_charge_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.folio_payment ALTER COLUMN payment_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.folio_payment_payment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.guest ALTER COLUMN guest_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.guest_guest_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.guest_review ALTER COLUMN review_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.guest_review_review_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.hotel ALTER COLUMN hotel_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.hotel_hotel_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.housekeeping_task ALTER COLUMN task_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.housekeeping_task_task_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.loyalty_account ALTER COLUMN loyalty_account_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loyalty_account_loyalty_account_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.loyalty_ledger ALTER COLUMN entry_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.loyalty_ledger_entry_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.rate_plan ALTER COLUMN rate_plan_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.rate_plan_rate_plan_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.reservation ALTER COLUMN reservation_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.reservation_reservation_id_seq
    START WITH 1000
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.room ALTER COLUMN room_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.room_room_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.room_assignment ALTER COLUMN assignment_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.room_assignment_assignment_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.room_type ALTER COLUMN room_type_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.room_type_room_type_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Primary keys and unique constraints
--

ALTER TABLE ONLY public.country
    ADD CONSTRAINT country_pkey PRIMARY KEY (country_code);

ALTER TABLE ONLY public.currency
    ADD CONSTRAINT currency_pkey PRIMARY KEY (currency_code);

ALTER TABLE ONLY public.daily_rate
    ADD CONSTRAINT daily_rate_pkey PRIMARY KEY (room_type_id, rate_plan_id, stay_date);

ALTER TABLE ONLY public.employee
    ADD CONSTRAINT employee_pkey PRIMARY KEY (employee_id);

ALTER TABLE ONLY public.employee
    ADD CONSTRAINT employee_work_email_key UNIQUE (work_email);

ALTER TABLE ONLY public.folio
    ADD CONSTRAINT folio_pkey PRIMARY KEY (folio_id);

ALTER TABLE ONLY public.folio
    ADD CONSTRAINT folio_folio_no_key UNIQUE (folio_no);

ALTER TABLE ONLY public.folio_charge
    ADD CONSTRAINT folio_charge_pkey PRIMARY KEY (charge_id);

ALTER TABLE ONLY public.folio_payment
    ADD CONSTRAINT folio_payment_pkey PRIMARY KEY (payment_id);

ALTER TABLE ONLY public.guest
    ADD CONSTRAINT guest_pkey PRIMARY KEY (guest_id);

ALTER TABLE ONLY public.guest_review
    ADD CONSTRAINT guest_review_pkey PRIMARY KEY (review_id);

ALTER TABLE ONLY public.guest_review
    ADD CONSTRAINT guest_review_reservation_id_key UNIQUE (reservation_id);

ALTER TABLE ONLY public.hotel
    ADD CONSTRAINT hotel_pkey PRIMARY KEY (hotel_id);

ALTER TABLE ONLY public.hotel
    ADD CONSTRAINT hotel_hotel_code_key UNIQUE (hotel_code);

ALTER TABLE ONLY public.hotel_brand
    ADD CONSTRAINT hotel_brand_pkey PRIMARY KEY (brand_id);

ALTER TABLE ONLY public.hotel_brand
    ADD CONSTRAINT hotel_brand_brand_name_key UNIQUE (brand_name);

ALTER TABLE ONLY public.housekeeping_task
    ADD CONSTRAINT housekeeping_task_pkey PRIMARY KEY (task_id);

ALTER TABLE ONLY public.loyalty_account
    ADD CONSTRAINT loyalty_account_pkey PRIMARY KEY (loyalty_account_id);

ALTER TABLE ONLY public.loyalty_account
    ADD CONSTRAINT loyalty_account_guest_id_key UNIQUE (guest_id);

ALTER TABLE ONLY public.loyalty_account
    ADD CONSTRAINT loyalty_account_member_no_key UNIQUE (member_no);

ALTER TABLE ONLY public.loyalty_ledger
    ADD CONSTRAINT loyalty_ledger_pkey PRIMARY KEY (entry_id);

ALTER TABLE ONLY public.rate_plan
    ADD CONSTRAINT rate_plan_pkey PRIMARY KEY (rate_plan_id);

ALTER TABLE ONLY public.rate_plan
    ADD CONSTRAINT rate_plan_hotel_id_plan_code_key UNIQUE (hotel_id, plan_code);

ALTER TABLE ONLY public.reservation
    ADD CONSTRAINT reservation_pkey PRIMARY KEY (reservation_id);

ALTER TABLE ONLY public.reservation
    ADD CONSTRAINT reservation_confirmation_no_key UNIQUE (confirmation_no);

ALTER TABLE ONLY public.room
    ADD CONSTRAINT room_pkey PRIMARY KEY (room_id);

ALTER TABLE ONLY public.room
    ADD CONSTRAINT room_hotel_id_room_number_key UNIQUE (hotel_id, room_number);

ALTER TABLE ONLY public.room_assignment
    ADD CONSTRAINT room_assignment_pkey PRIMARY KEY (assignment_id);

ALTER TABLE ONLY public.room_type
    ADD CONSTRAINT room_type_pkey PRIMARY KEY (room_type_id);

ALTER TABLE ONLY public.room_type
    ADD CONSTRAINT room_type_hotel_id_type_code_key UNIQUE (hotel_id, type_code);


--
-- Indexes
--

CREATE INDEX folio_charge_folio_id_idx ON public.folio_charge USING btree (folio_id);

CREATE INDEX folio_payment_folio_id_idx ON public.folio_payment USING btree (folio_id);

CREATE INDEX guest_email_lower_idx ON public.guest USING btree (lower(email));

CREATE INDEX guest_family_name_idx ON public.guest USING btree (family_name, given_name);

CREATE INDEX housekeeping_task_room_day_idx ON public.housekeeping_task USING btree (room_id, scheduled_for);

CREATE INDEX loyalty_ledger_account_posted_idx ON public.loyalty_ledger USING btree (loyalty_account_id, posted_at);

CREATE INDEX reservation_guest_id_idx ON public.reservation USING btree (guest_id);

CREATE INDEX reservation_hotel_arrival_idx ON public.reservation USING btree (hotel_id, arrival_date);

CREATE INDEX reservation_in_house_idx ON public.reservation USING btree (hotel_id, departure_date) WHERE (status = 'checked_in'::public.reservation_status);

CREATE INDEX room_assignment_reservation_id_idx ON public.room_assignment USING btree (reservation_id);

CREATE INDEX room_assignment_room_dates_idx ON public.room_assignment USING btree (room_id, from_date);


--
-- Foreign keys
--

ALTER TABLE ONLY public.country
    ADD CONSTRAINT country_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currency(currency_code);

ALTER TABLE ONLY public.daily_rate
    ADD CONSTRAINT daily_rate_rate_plan_id_fkey FOREIGN KEY (rate_plan_id) REFERENCES public.rate_plan(rate_plan_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.daily_rate
    ADD CONSTRAINT daily_rate_room_type_id_fkey FOREIGN KEY (room_type_id) REFERENCES public.room_type(room_type_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.employee
    ADD CONSTRAINT employee_hotel_id_fkey FOREIGN KEY (hotel_id) REFERENCES public.hotel(hotel_id);

ALTER TABLE ONLY public.folio
    ADD CONSTRAINT folio_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currency(currency_code);

ALTER TABLE ONLY public.folio
    ADD CONSTRAINT folio_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservation(reservation_id);

ALTER TABLE ONLY public.folio_charge
    ADD CONSTRAINT folio_charge_folio_id_fkey FOREIGN KEY (folio_id) REFERENCES public.folio(folio_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.folio_payment
    ADD CONSTRAINT folio_payment_folio_id_fkey FOREIGN KEY (folio_id) REFERENCES public.folio(folio_id);

ALTER TABLE ONLY public.guest
    ADD CONSTRAINT guest_nationality_fkey FOREIGN KEY (nationality) REFERENCES public.country(country_code);

ALTER TABLE ONLY public.guest_review
    ADD CONSTRAINT guest_review_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservation(reservation_id);

ALTER TABLE ONLY public.hotel
    ADD CONSTRAINT hotel_brand_id_fkey FOREIGN KEY (brand_id) REFERENCES public.hotel_brand(brand_id);

ALTER TABLE ONLY public.hotel
    ADD CONSTRAINT hotel_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.country(country_code);

ALTER TABLE ONLY public.hotel
    ADD CONSTRAINT hotel_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currency(currency_code);

ALTER TABLE ONLY public.housekeeping_task
    ADD CONSTRAINT housekeeping_task_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employee(employee_id) ON DELETE SET NULL;

ALTER TABLE ONLY public.housekeeping_task
    ADD CONSTRAINT housekeeping_task_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.room(room_id);

ALTER TABLE ONLY public.loyalty_account
    ADD CONSTRAINT loyalty_account_guest_id_fkey FOREIGN KEY (guest_id) REFERENCES public.guest(guest_id);

ALTER TABLE ONLY public.loyalty_ledger
    ADD CONSTRAINT loyalty_ledger_loyalty_account_id_fkey FOREIGN KEY (loyalty_account_id) REFERENCES public.loyalty_account(loyalty_account_id);

ALTER TABLE ONLY public.loyalty_ledger
    ADD CONSTRAINT loyalty_ledger_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservation(reservation_id) ON DELETE SET NULL;

ALTER TABLE ONLY public.rate_plan
    ADD CONSTRAINT rate_plan_hotel_id_fkey FOREIGN KEY (hotel_id) REFERENCES public.hotel(hotel_id);

ALTER TABLE ONLY public.reservation
    ADD CONSTRAINT reservation_guest_id_fkey FOREIGN KEY (guest_id) REFERENCES public.guest(guest_id);

ALTER TABLE ONLY public.reservation
    ADD CONSTRAINT reservation_hotel_id_fkey FOREIGN KEY (hotel_id) REFERENCES public.hotel(hotel_id);

ALTER TABLE ONLY public.reservation
    ADD CONSTRAINT reservation_rate_plan_id_fkey FOREIGN KEY (rate_plan_id) REFERENCES public.rate_plan(rate_plan_id);

ALTER TABLE ONLY public.reservation
    ADD CONSTRAINT reservation_room_type_id_fkey FOREIGN KEY (room_type_id) REFERENCES public.room_type(room_type_id);

ALTER TABLE ONLY public.room
    ADD CONSTRAINT room_hotel_id_fkey FOREIGN KEY (hotel_id) REFERENCES public.hotel(hotel_id);

ALTER TABLE ONLY public.room
    ADD CONSTRAINT room_room_type_id_fkey FOREIGN KEY (room_type_id) REFERENCES public.room_type(room_type_id);

ALTER TABLE ONLY public.room_assignment
    ADD CONSTRAINT room_assignment_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservation(reservation_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.room_assignment
    ADD CONSTRAINT room_assignment_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.room(room_id);

ALTER TABLE ONLY public.room_type
    ADD CONSTRAINT room_type_hotel_id_fkey FOREIGN KEY (hotel_id) REFERENCES public.hotel(hotel_id);


--
-- PostgreSQL database dump complete
--
