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
-- Name: access_method; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.access_method AS ENUM (
    'member_card',
    'app_qr',
    'wristband',
    'front_desk'
);


--
-- Name: billing_period; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.billing_period AS ENUM (
    'weekly',
    'four_weekly',
    'monthly',
    'annual'
);


--
-- Name: booking_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.booking_status AS ENUM (
    'booked',
    'waitlisted',
    'attended',
    'no_show',
    'cancelled'
);


--
-- Name: club_format; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.club_format AS ENUM (
    'express',
    'standard',
    'premium',
    'boutique'
);


--
-- Name: club_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.club_status AS ENUM (
    'pre_opening',
    'open',
    'temporarily_closed',
    'closed'
);


--
-- Name: equipment_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.equipment_kind AS ENUM (
    'treadmill',
    'elliptical',
    'upright_bike',
    'spin_bike',
    'rowing_machine',
    'stair_climber',
    'power_rack',
    'cable_station',
    'leg_press',
    'bench',
    'dumbbell_set'
);


--
-- Name: invoice_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.invoice_status AS ENUM (
    'draft',
    'open',
    'paid',
    'overdue',
    'void',
    'written_off'
);


--
-- Name: membership_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.membership_status AS ENUM (
    'pending',
    'active',
    'frozen',
    'cancelled',
    'expired'
);


--
-- Name: payment_method; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.payment_method AS ENUM (
    'sepa_direct_debit',
    'bacs_direct_debit',
    'card',
    'bank_transfer',
    'cash'
);


--
-- Name: payment_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.payment_status AS ENUM (
    'pending',
    'succeeded',
    'failed',
    'refunded',
    'charged_back'
);


--
-- Name: plan_tier; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.plan_tier AS ENUM (
    'basic',
    'comfort',
    'premium',
    'off_peak',
    'student',
    'corporate'
);


--
-- Name: pt_session_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.pt_session_status AS ENUM (
    'booked',
    'completed',
    'cancelled',
    'no_show'
);


--
-- Name: session_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.session_status AS ENUM (
    'scheduled',
    'in_progress',
    'completed',
    'cancelled'
);


--
-- Name: staff_role; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.staff_role AS ENUM (
    'club_manager',
    'front_desk',
    'personal_trainer',
    'group_instructor',
    'sales_advisor',
    'maintenance_technician'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    iso3 character(3) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code character varying(4) NOT NULL,
    vat_standard_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_code_check CHECK ((code ~ '^[A-Z]{2}$'::text)),
    CONSTRAINT countries_iso3_check CHECK ((iso3 ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT countries_currency_code_check CHECK ((currency_code ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT countries_calling_code_check CHECK (((calling_code)::text ~ '^[0-9]{1,4}$'::text)),
    CONSTRAINT countries_vat_standard_rate_check CHECK (((vat_standard_rate >= (0)::numeric) AND (vat_standard_rate < (50)::numeric)))
);


--
-- Name: TABLE countries; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.countries IS 'Countries the chain operates clubs in.';


--
-- Name: clubs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.clubs (
    id integer NOT NULL,
    club_code character varying(12) NOT NULL,
    name character varying(120) NOT NULL,
    format public.club_format DEFAULT 'standard'::public.club_format NOT NULL,
    status public.club_status DEFAULT 'open'::public.club_status NOT NULL,
    country_code character(2) NOT NULL,
    city character varying(80) NOT NULL,
    street character varying(160) NOT NULL,
    postcode character varying(12) NOT NULL,
    phone character varying(24) NOT NULL,
    email character varying(160),
    timezone character varying(40) NOT NULL,
    opened_on date,
    closed_on date,
    floor_area_m2 integer NOT NULL,
    max_occupancy integer NOT NULL,
    staffed_from time without time zone DEFAULT '06:00:00'::time without time zone NOT NULL,
    staffed_until time without time zone DEFAULT '22:00:00'::time without time zone NOT NULL,
    open_24h boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT clubs_floor_area_m2_check CHECK ((floor_area_m2 > 0)),
    CONSTRAINT clubs_max_occupancy_check CHECK ((max_occupancy > 0)),
    CONSTRAINT clubs_closed_after_opened CHECK (((closed_on IS NULL) OR (opened_on IS NULL) OR (closed_on >= opened_on)))
);


--
-- Name: clubs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.clubs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: clubs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.clubs_id_seq OWNED BY public.clubs.id;


--
-- Name: rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rooms (
    id integer NOT NULL,
    club_id integer NOT NULL,
    name character varying(60) NOT NULL,
    room_kind character varying(30) NOT NULL,
    capacity smallint NOT NULL,
    area_m2 numeric(7,1),
    CONSTRAINT rooms_capacity_check CHECK ((capacity > 0)),
    CONSTRAINT rooms_room_kind_check CHECK (((room_kind)::text = ANY ((ARRAY['studio'::character varying, 'cycle_studio'::character varying, 'mind_body'::character varying, 'functional_zone'::character varying, 'pool'::character varying])::text[])))
);


--
-- Name: rooms_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.rooms_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.rooms_id_seq OWNED BY public.rooms.id;


--
-- Name: staff; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff (
    id integer NOT NULL,
    employee_no character varying(10) NOT NULL,
    club_id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    role public.staff_role NOT NULL,
    email character varying(160) NOT NULL,
    date_of_birth date NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    CONSTRAINT staff_left_after_hired CHECK (((left_on IS NULL) OR (left_on >= hired_on)))
);


CREATE SEQUENCE public.staff_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.staff_id_seq OWNED BY public.staff.id;


--
-- Name: membership_plans; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.membership_plans (
    id integer NOT NULL,
    plan_code character varying(20) NOT NULL,
    name character varying(80) NOT NULL,
    country_code character(2) NOT NULL,
    tier public.plan_tier NOT NULL,
    billing_period public.billing_period DEFAULT 'monthly'::public.billing_period NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    joining_fee numeric(10,2) DEFAULT 0 NOT NULL,
    contract_months smallint DEFAULT 0 NOT NULL,
    min_age smallint DEFAULT 16 NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT membership_plans_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT membership_plans_joining_fee_check CHECK ((joining_fee >= (0)::numeric)),
    CONSTRAINT membership_plans_contract_months_check CHECK (((contract_months >= 0) AND (contract_months <= 36))),
    CONSTRAINT membership_plans_min_age_check CHECK (((min_age >= 0) AND (min_age <= 99))),
    CONSTRAINT membership_plans_valid_range CHECK (((valid_to IS NULL) OR (valid_to >= valid_from)))
);


CREATE SEQUENCE public.membership_plans_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.membership_plans_id_seq OWNED BY public.membership_plans.id;


--
-- Name: member_no_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.member_no_seq
    START WITH 100001
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 20;


--
-- Name: members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.members (
    id bigint NOT NULL,
    member_no character varying(12) DEFAULT ('M'::text || lpad((nextval('public.member_no_seq'::regclass))::text, 9, '0'::text)) NOT NULL,
    home_club_id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    email character varying(160) NOT NULL,
    phone character varying(24),
    date_of_birth date NOT NULL,
    gender character(1),
    country_code character(2) NOT NULL,
    city character varying(80),
    postcode character varying(12),
    marketing_opt_in boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT members_gender_check CHECK ((gender = ANY (ARRAY['F'::bpchar, 'M'::bpchar, 'X'::bpchar])))
);


ALTER TABLE public.members ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.members_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: memberships; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.memberships (
    id bigint NOT NULL,
    member_id bigint NOT NULL,
    plan_id integer NOT NULL,
    club_id integer NOT NULL,
    status public.membership_status DEFAULT 'pending'::public.membership_status NOT NULL,
    start_date date NOT NULL,
    end_date date,
    cancelled_at timestamp with time zone,
    cancel_reason character varying(40),
    sold_by_staff_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT memberships_dates CHECK (((end_date IS NULL) OR (end_date >= start_date)))
);


ALTER TABLE public.memberships ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.memberships_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: payment_mandates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_mandates (
    id bigint NOT NULL,
    member_id bigint NOT NULL,
    mandate_ref character varying(35) NOT NULL,
    account_holder character varying(140) NOT NULL,
    iban character varying(34) NOT NULL,
    bic character varying(11),
    signed_on date NOT NULL,
    revoked_on date,
    CONSTRAINT payment_mandates_iban_check CHECK (((iban)::text ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$'::text)),
    CONSTRAINT payment_mandates_revoked_check CHECK (((revoked_on IS NULL) OR (revoked_on >= signed_on)))
);


ALTER TABLE public.payment_mandates ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payment_mandates_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: invoices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    invoice_no character varying(20) NOT NULL,
    membership_id bigint NOT NULL,
    member_id bigint NOT NULL,
    seq_no integer NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    issued_at timestamp with time zone,
    due_date date NOT NULL,
    currency_code character(3) NOT NULL,
    net_amount numeric(12,2) NOT NULL,
    tax_rate numeric(5,2) NOT NULL,
    tax_amount numeric(12,2) NOT NULL,
    total_amount numeric(12,2) NOT NULL,
    status public.invoice_status DEFAULT 'draft'::public.invoice_status NOT NULL,
    CONSTRAINT invoices_seq_no_check CHECK ((seq_no > 0)),
    CONSTRAINT invoices_period_check CHECK ((period_end >= period_start)),
    CONSTRAINT invoices_amounts_check CHECK (((net_amount >= (0)::numeric) AND (tax_amount >= (0)::numeric) AND (total_amount >= (0)::numeric)))
);


ALTER TABLE public.invoices ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.invoices_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: invoice_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invoice_lines (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    line_no smallint NOT NULL,
    item_kind character varying(20) NOT NULL,
    description character varying(200) NOT NULL,
    quantity numeric(8,2) DEFAULT 1 NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    amount numeric(12,2) NOT NULL,
    CONSTRAINT invoice_lines_item_kind_check CHECK (((item_kind)::text = ANY ((ARRAY['membership_fee'::character varying, 'joining_fee'::character varying, 'personal_training'::character varying, 'add_on'::character varying, 'discount'::character varying, 'late_fee'::character varying])::text[]))),
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > (0)::numeric))
);


ALTER TABLE public.invoice_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.invoice_lines_id_seq
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
    invoice_id bigint NOT NULL,
    mandate_id bigint,
    method public.payment_method NOT NULL,
    status public.payment_status DEFAULT 'pending'::public.payment_status NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    attempted_at timestamp with time zone NOT NULL,
    settled_at timestamp with time zone,
    failure_code character varying(10),
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric))
);


ALTER TABLE public.payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: class_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.class_types (
    id integer NOT NULL,
    code character varying(16) NOT NULL,
    name character varying(80) NOT NULL,
    category character varying(20) NOT NULL,
    default_duration_min smallint NOT NULL,
    intensity smallint DEFAULT 2 NOT NULL,
    CONSTRAINT class_types_category_check CHECK (((category)::text = ANY ((ARRAY['cardio'::character varying, 'strength'::character varying, 'mind_body'::character varying, 'dance'::character varying, 'cycling'::character varying, 'aqua'::character varying])::text[]))),
    CONSTRAINT class_types_default_duration_min_check CHECK ((default_duration_min > 0)),
    CONSTRAINT class_types_intensity_check CHECK (((intensity >= 1) AND (intensity <= 5)))
);


CREATE SEQUENCE public.class_types_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.class_types_id_seq OWNED BY public.class_types.id;


--
-- Name: class_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.class_sessions (
    id bigint NOT NULL,
    class_type_id integer NOT NULL,
    club_id integer NOT NULL,
    room_id integer NOT NULL,
    instructor_id integer,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    capacity smallint NOT NULL,
    status public.session_status DEFAULT 'scheduled'::public.session_status NOT NULL,
    cancelled_reason text,
    CONSTRAINT class_sessions_capacity_check CHECK ((capacity > 0)),
    CONSTRAINT class_sessions_time_check CHECK ((ends_at > starts_at))
);


ALTER TABLE public.class_sessions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.class_sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: bookings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bookings (
    id bigint NOT NULL,
    session_id bigint NOT NULL,
    member_id bigint NOT NULL,
    status public.booking_status DEFAULT 'booked'::public.booking_status NOT NULL,
    booked_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    waitlist_position smallint
);


ALTER TABLE public.bookings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.bookings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: check_ins; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.check_ins (
    id bigint NOT NULL,
    member_id bigint NOT NULL,
    club_id integer NOT NULL,
    entered_at timestamp with time zone NOT NULL,
    left_at timestamp with time zone,
    access_method public.access_method DEFAULT 'member_card'::public.access_method NOT NULL,
    CONSTRAINT check_ins_left_after_entered CHECK (((left_at IS NULL) OR (left_at > entered_at)))
);


ALTER TABLE public.check_ins ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.check_ins_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: equipment; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.equipment (
    id integer NOT NULL,
    club_id integer NOT NULL,
    asset_tag character varying(16) NOT NULL,
    kind public.equipment_kind NOT NULL,
    manufacturer character varying(60) NOT NULL,
    model character varying(60) NOT NULL,
    serial_no character varying(40),
    purchased_on date NOT NULL,
    purchase_price numeric(10,2),
    currency_code character(3),
    weight_kg numeric(7,1) NOT NULL,
    retired_on date,
    CONSTRAINT equipment_weight_kg_check CHECK ((weight_kg > (0)::numeric))
);


CREATE SEQUENCE public.equipment_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER SEQUENCE public.equipment_id_seq OWNED BY public.equipment.id;


--
-- Name: equipment_readings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.equipment_readings (
    id bigint NOT NULL,
    equipment_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    odometer_km numeric(10,1),
    operating_hours numeric(9,1) NOT NULL,
    error_code character varying(12),
    CONSTRAINT equipment_readings_hours_check CHECK ((operating_hours >= (0)::numeric)),
    CONSTRAINT equipment_readings_km_check CHECK (((odometer_km IS NULL) OR (odometer_km >= (0)::numeric)))
);


ALTER TABLE public.equipment_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.equipment_readings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: pt_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pt_sessions (
    id bigint NOT NULL,
    member_id bigint NOT NULL,
    trainer_id integer NOT NULL,
    club_id integer NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    duration_min smallint DEFAULT 60 NOT NULL,
    status public.pt_session_status DEFAULT 'booked'::public.pt_session_status NOT NULL,
    price numeric(8,2) NOT NULL,
    currency_code character(3) NOT NULL,
    invoice_line_id bigint,
    notes text,
    CONSTRAINT pt_sessions_duration_min_check CHECK ((duration_min > 0)),
    CONSTRAINT pt_sessions_price_check CHECK ((price >= (0)::numeric))
);


ALTER TABLE public.pt_sessions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.pt_sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: class_types id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.class_types ALTER COLUMN id SET DEFAULT nextval('public.class_types_id_seq'::regclass);


--
-- Name: clubs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clubs ALTER COLUMN id SET DEFAULT nextval('public.clubs_id_seq'::regclass);


--
-- Name: equipment id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.equipment ALTER COLUMN id SET DEFAULT nextval('public.equipment_id_seq'::regclass);


--
-- Name: membership_plans id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.membership_plans ALTER COLUMN id SET DEFAULT nextval('public.membership_plans_id_seq'::regclass);


--
-- Name: rooms id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rooms ALTER COLUMN id SET DEFAULT nextval('public.rooms_id_seq'::regclass);


--
-- Name: staff id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff ALTER COLUMN id SET DEFAULT nextval('public.staff_id_seq'::regclass);


--
-- Name: bookings bookings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_session_id_member_id_key UNIQUE (session_id, member_id);


ALTER TABLE ONLY public.check_ins
    ADD CONSTRAINT check_ins_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.class_sessions
    ADD CONSTRAINT class_sessions_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.class_types
    ADD CONSTRAINT class_types_code_key UNIQUE (code);


ALTER TABLE ONLY public.class_types
    ADD CONSTRAINT class_types_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_club_code_key UNIQUE (club_code);


ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_iso3_key UNIQUE (iso3);


ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (code);


ALTER TABLE ONLY public.equipment
    ADD CONSTRAINT equipment_asset_tag_key UNIQUE (asset_tag);


ALTER TABLE ONLY public.equipment
    ADD CONSTRAINT equipment_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.equipment_readings
    ADD CONSTRAINT equipment_readings_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_line_no_key UNIQUE (invoice_id, line_no);


ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);


ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_membership_id_seq_no_key UNIQUE (membership_id, seq_no);


ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_email_key UNIQUE (email);


ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_member_no_key UNIQUE (member_no);


ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.membership_plans
    ADD CONSTRAINT membership_plans_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.membership_plans
    ADD CONSTRAINT membership_plans_plan_code_key UNIQUE (plan_code);


ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.payment_mandates
    ADD CONSTRAINT payment_mandates_mandate_ref_key UNIQUE (mandate_ref);


ALTER TABLE ONLY public.payment_mandates
    ADD CONSTRAINT payment_mandates_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.pt_sessions
    ADD CONSTRAINT pt_sessions_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_club_id_name_key UNIQUE (club_id, name);


ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);


ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_employee_no_key UNIQUE (employee_no);


ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (id);


--
-- Name: bookings_member_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_member_id_idx ON public.bookings USING btree (member_id);


CREATE INDEX check_ins_club_id_entered_at_idx ON public.check_ins USING btree (club_id, entered_at);


CREATE INDEX check_ins_member_id_entered_at_idx ON public.check_ins USING btree (member_id, entered_at DESC);


CREATE INDEX class_sessions_club_id_starts_at_idx ON public.class_sessions USING btree (club_id, starts_at);


CREATE INDEX class_sessions_instructor_id_idx ON public.class_sessions USING btree (instructor_id);


CREATE INDEX clubs_country_code_idx ON public.clubs USING btree (country_code);


CREATE INDEX equipment_club_id_kind_idx ON public.equipment USING btree (club_id, kind);


CREATE UNIQUE INDEX equipment_readings_equipment_id_read_at_idx ON public.equipment_readings USING btree (equipment_id, read_at);


CREATE INDEX invoice_lines_invoice_id_idx ON public.invoice_lines USING btree (invoice_id);


CREATE INDEX invoices_member_id_idx ON public.invoices USING btree (member_id);


CREATE INDEX invoices_open_due_idx ON public.invoices USING btree (due_date) WHERE (status = ANY (ARRAY['open'::public.invoice_status, 'overdue'::public.invoice_status]));


CREATE INDEX members_home_club_id_idx ON public.members USING btree (home_club_id);


CREATE INDEX members_lower_last_name_idx ON public.members USING btree (lower((last_name)::text));


CREATE INDEX memberships_member_id_idx ON public.memberships USING btree (member_id);


CREATE INDEX memberships_club_id_status_idx ON public.memberships USING btree (club_id, status);


CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);


CREATE INDEX pt_sessions_trainer_id_starts_at_idx ON public.pt_sessions USING btree (trainer_id, starts_at);


--
-- Name: bookings bookings_member_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.class_sessions(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.check_ins
    ADD CONSTRAINT check_ins_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id);


ALTER TABLE ONLY public.check_ins
    ADD CONSTRAINT check_ins_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


ALTER TABLE ONLY public.class_sessions
    ADD CONSTRAINT class_sessions_class_type_id_fkey FOREIGN KEY (class_type_id) REFERENCES public.class_types(id);


ALTER TABLE ONLY public.class_sessions
    ADD CONSTRAINT class_sessions_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id);


ALTER TABLE ONLY public.class_sessions
    ADD CONSTRAINT class_sessions_instructor_id_fkey FOREIGN KEY (instructor_id) REFERENCES public.staff(id) ON DELETE SET NULL;


ALTER TABLE ONLY public.class_sessions
    ADD CONSTRAINT class_sessions_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.rooms(id);


ALTER TABLE ONLY public.clubs
    ADD CONSTRAINT clubs_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


ALTER TABLE ONLY public.equipment
    ADD CONSTRAINT equipment_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id);


ALTER TABLE ONLY public.equipment_readings
    ADD CONSTRAINT equipment_readings_equipment_id_fkey FOREIGN KEY (equipment_id) REFERENCES public.equipment(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES public.memberships(id);


ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_home_club_id_fkey FOREIGN KEY (home_club_id) REFERENCES public.clubs(id);


ALTER TABLE ONLY public.membership_plans
    ADD CONSTRAINT membership_plans_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);


ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id);


ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.membership_plans(id);


ALTER TABLE ONLY public.memberships
    ADD CONSTRAINT memberships_sold_by_staff_id_fkey FOREIGN KEY (sold_by_staff_id) REFERENCES public.staff(id) ON DELETE SET NULL;


ALTER TABLE ONLY public.payment_mandates
    ADD CONSTRAINT payment_mandates_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);


ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_mandate_id_fkey FOREIGN KEY (mandate_id) REFERENCES public.payment_mandates(id);


ALTER TABLE ONLY public.pt_sessions
    ADD CONSTRAINT pt_sessions_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id);


ALTER TABLE ONLY public.pt_sessions
    ADD CONSTRAINT pt_sessions_invoice_line_id_fkey FOREIGN KEY (invoice_line_id) REFERENCES public.invoice_lines(id) ON DELETE SET NULL;


ALTER TABLE ONLY public.pt_sessions
    ADD CONSTRAINT pt_sessions_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);


ALTER TABLE ONLY public.pt_sessions
    ADD CONSTRAINT pt_sessions_trainer_id_fkey FOREIGN KEY (trainer_id) REFERENCES public.staff(id);


ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id) ON DELETE CASCADE;


ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_club_id_fkey FOREIGN KEY (club_id) REFERENCES public.clubs(id);


--
-- PostgreSQL database dump complete
--

