--
-- PostgreSQL database dump
--

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
-- Name: contract_kind; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.contract_kind AS ENUM (
    'annual',
    'seasonal',
    'winter',
    'monthly'
);

--
-- Name: contract_state; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.contract_state AS ENUM (
    'pending',
    'active',
    'ended',
    'terminated'
);

--
-- Name: fuel_grade; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.fuel_grade AS ENUM (
    'diesel',
    'petrol_95',
    'two_stroke_mix'
);

--
-- Name: inv_state; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.inv_state AS ENUM (
    'draft',
    'issued',
    'paid',
    'overdue',
    'void'
);

--
-- Name: pay_result; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.pay_result AS ENUM (
    'succeeded',
    'pending',
    'failed',
    'refunded'
);

--
-- Name: staff_role; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.staff_role AS ENUM (
    'harbour_master',
    'dockhand',
    'office',
    'yard_tech',
    'surveyor',
    'fuel_attendant'
);

--
-- Name: stay_state; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.stay_state AS ENUM (
    'reserved',
    'berthed',
    'departed',
    'cancelled',
    'no_show'
);

--
-- Name: vessel_kind; Type: TYPE; Schema: public; Owner: marinaops
--

CREATE TYPE public.vessel_kind AS ENUM (
    'sailing_yacht',
    'motor_yacht',
    'catamaran',
    'motorboat',
    'rib',
    'gulet',
    'superyacht'
);

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: berth; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.berth (
    berth_id integer NOT NULL,
    pontoon_id integer NOT NULL,
    berth_no character varying(8) NOT NULL,
    max_loa_m numeric(5,2) NOT NULL,
    max_beam_m numeric(4,2) NOT NULL,
    depth_m numeric(4,2),
    power_amps smallint,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT berth_max_loa_m_check CHECK ((max_loa_m > (0)::numeric)),
    CONSTRAINT berth_max_beam_m_check CHECK ((max_beam_m > (0)::numeric))
);

CREATE SEQUENCE public.berth_berth_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.berth_berth_id_seq OWNED BY public.berth.berth_id;

--
-- Name: berth_contract; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.berth_contract (
    contract_id integer NOT NULL,
    contract_ref character varying(20) NOT NULL,
    berth_id integer NOT NULL,
    vessel_id integer NOT NULL,
    kind public.contract_kind NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    terminated_on date,
    status public.contract_state DEFAULT 'pending'::public.contract_state NOT NULL,
    price_total numeric(10,2) NOT NULL,
    currency character(3) NOT NULL,
    signed_at timestamp with time zone,
    CONSTRAINT berth_contract_dates_chk CHECK ((end_date > start_date)),
    CONSTRAINT berth_contract_price_total_check CHECK ((price_total >= (0)::numeric))
);

CREATE SEQUENCE public.berth_contract_contract_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.berth_contract_contract_id_seq OWNED BY public.berth_contract.contract_id;

--
-- Name: berth_rate; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.berth_rate (
    rate_id integer NOT NULL,
    marina_id integer NOT NULL,
    season_label character varying(40) NOT NULL,
    loa_from_m numeric(5,2) NOT NULL,
    loa_to_m numeric(5,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    nightly_rate numeric(8,2) NOT NULL,
    currency character(3) NOT NULL,
    CONSTRAINT berth_rate_band_chk CHECK ((loa_to_m > loa_from_m)),
    CONSTRAINT berth_rate_nightly_rate_check CHECK ((nightly_rate > (0)::numeric))
);

CREATE SEQUENCE public.berth_rate_rate_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.berth_rate_rate_id_seq OWNED BY public.berth_rate.rate_id;

--
-- Name: customer; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.customer (
    cust_id integer NOT NULL,
    first_name character varying(60) NOT NULL,
    last_name character varying(80) NOT NULL,
    email character varying(254),
    phone character varying(24),
    country_iso2 character(2) NOT NULL,
    dob date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    marketing_opt_in boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.customer_cust_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.customer_cust_id_seq OWNED BY public.customer.cust_id;

--
-- Name: fuel_sale; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.fuel_sale (
    sale_id bigint NOT NULL,
    marina_id integer NOT NULL,
    vessel_id integer,
    attendant_id integer,
    sold_at timestamp with time zone NOT NULL,
    grade public.fuel_grade NOT NULL,
    litres numeric(8,2) NOT NULL,
    price_per_litre numeric(6,3) NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency character(3) NOT NULL,
    CONSTRAINT fuel_sale_litres_check CHECK ((litres > (0)::numeric))
);

ALTER TABLE public.fuel_sale ALTER COLUMN sale_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.fuel_sale_sale_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: invoice; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.invoice (
    invoice_id integer NOT NULL,
    invoice_no character varying(20) NOT NULL,
    marina_id integer NOT NULL,
    cust_id integer NOT NULL,
    issued_on date NOT NULL,
    due_on date NOT NULL,
    currency character(3) NOT NULL,
    net_total numeric(12,2) DEFAULT 0 NOT NULL,
    vat_total numeric(12,2) DEFAULT 0 NOT NULL,
    gross_total numeric(12,2) DEFAULT 0 NOT NULL,
    status public.inv_state DEFAULT 'draft'::public.inv_state NOT NULL,
    CONSTRAINT invoice_due_chk CHECK ((due_on >= issued_on))
);

CREATE SEQUENCE public.invoice_invoice_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.invoice_invoice_id_seq OWNED BY public.invoice.invoice_id;

--
-- Name: invoice_line; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.invoice_line (
    invoice_id integer NOT NULL,
    line_no smallint NOT NULL,
    description character varying(200) NOT NULL,
    stay_id integer,
    contract_id integer,
    qty numeric(10,3) DEFAULT 1 NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    vat_rate numeric(4,2) NOT NULL,
    line_net numeric(12,2) NOT NULL
);

--
-- Name: marina; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.marina (
    marina_id integer NOT NULL,
    marina_code character varying(6) NOT NULL,
    name character varying(120) NOT NULL,
    country_iso2 character(2) NOT NULL,
    city character varying(80) NOT NULL,
    postcode character varying(12),
    phone character varying(24),
    currency character(3) NOT NULL,
    tz_name character varying(40) NOT NULL,
    opened_on date,
    latitude numeric(8,5),
    longitude numeric(8,5)
);

CREATE SEQUENCE public.marina_marina_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.marina_marina_id_seq OWNED BY public.marina.marina_id;

--
-- Name: meter_reading; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.meter_reading (
    reading_id bigint NOT NULL,
    meter_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    kwh_total numeric(10,1) NOT NULL,
    read_by integer
);

ALTER TABLE public.meter_reading ALTER COLUMN reading_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.meter_reading_reading_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: payment; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.payment (
    payment_id integer NOT NULL,
    invoice_id integer NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method character varying(16) NOT NULL,
    result public.pay_result NOT NULL,
    psp_ref character varying(40)
);

CREATE SEQUENCE public.payment_payment_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.payment_payment_id_seq OWNED BY public.payment.payment_id;

--
-- Name: pontoon; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.pontoon (
    pontoon_id integer NOT NULL,
    marina_id integer NOT NULL,
    pontoon_code character varying(4) NOT NULL,
    length_m numeric(6,1),
    is_floating boolean DEFAULT true NOT NULL
);

CREATE SEQUENCE public.pontoon_pontoon_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.pontoon_pontoon_id_seq OWNED BY public.pontoon.pontoon_id;

--
-- Name: power_meter; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.power_meter (
    meter_id integer NOT NULL,
    berth_id integer NOT NULL,
    serial_no character varying(24) NOT NULL,
    installed_on date NOT NULL
);

CREATE SEQUENCE public.power_meter_meter_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.power_meter_meter_id_seq OWNED BY public.power_meter.meter_id;

--
-- Name: ref_country; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.ref_country (
    iso2 character(2) NOT NULL,
    country_name character varying(80) NOT NULL,
    dial_code character varying(5) NOT NULL,
    ccy character(3) NOT NULL
);

--
-- Name: staff; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.staff (
    staff_id integer NOT NULL,
    marina_id integer NOT NULL,
    full_name character varying(120) NOT NULL,
    role public.staff_role NOT NULL,
    email character varying(254),
    hired_on date NOT NULL,
    left_on date,
    dob date
);

CREATE SEQUENCE public.staff_staff_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.staff_staff_id_seq OWNED BY public.staff.staff_id;

--
-- Name: survey_appt; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.survey_appt (
    appt_id integer NOT NULL,
    marina_id integer NOT NULL,
    vessel_id integer NOT NULL,
    surveyor_id integer NOT NULL,
    survey_type character varying(30) NOT NULL,
    scheduled_at timestamp with time zone NOT NULL,
    duration_min integer NOT NULL,
    outcome character varying(20),
    notes text,
    CONSTRAINT survey_appt_duration_min_check CHECK ((duration_min > 0))
);

CREATE SEQUENCE public.survey_appt_appt_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.survey_appt_appt_id_seq OWNED BY public.survey_appt.appt_id;

--
-- Name: vessel; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.vessel (
    vessel_id integer NOT NULL,
    owner_cust_id integer NOT NULL,
    vessel_name character varying(80) NOT NULL,
    kind public.vessel_kind NOT NULL,
    loa_m numeric(5,2) NOT NULL,
    beam_m numeric(4,2) NOT NULL,
    draft_m numeric(4,2),
    flag_iso2 character(2),
    mmsi character varying(9),
    year_built smallint,
    CONSTRAINT vessel_loa_m_check CHECK ((loa_m > (0)::numeric)),
    CONSTRAINT vessel_beam_m_check CHECK ((beam_m > (0)::numeric))
);

CREATE SEQUENCE public.vessel_vessel_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.vessel_vessel_id_seq OWNED BY public.vessel.vessel_id;

--
-- Name: visitor_stay; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.visitor_stay (
    stay_id integer NOT NULL,
    berth_id integer NOT NULL,
    vessel_id integer NOT NULL,
    rate_id integer NOT NULL,
    planned_arrival date NOT NULL,
    planned_departure date NOT NULL,
    arrived_at timestamp with time zone,
    departed_at timestamp with time zone,
    status public.stay_state DEFAULT 'reserved'::public.stay_state NOT NULL,
    booked_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT visitor_stay_plan_chk CHECK ((planned_departure > planned_arrival))
);

CREATE SEQUENCE public.visitor_stay_stay_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.visitor_stay_stay_id_seq OWNED BY public.visitor_stay.stay_id;

--
-- Name: yard_job; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.yard_job (
    job_id integer NOT NULL,
    job_ref character varying(16) NOT NULL,
    marina_id integer NOT NULL,
    vessel_id integer NOT NULL,
    job_type character varying(30) NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    quoted_amount numeric(10,2),
    currency character(3) NOT NULL
);

CREATE SEQUENCE public.yard_job_job_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.yard_job_job_id_seq OWNED BY public.yard_job.job_id;

--
-- Name: yard_job_task; Type: TABLE; Schema: public; Owner: marinaops
--

CREATE TABLE public.yard_job_task (
    task_id integer NOT NULL,
    job_id integer NOT NULL,
    task_no smallint NOT NULL,
    description character varying(200) NOT NULL,
    staff_id integer,
    started_at timestamp with time zone,
    finished_at timestamp with time zone,
    labour_hours numeric(6,2),
    CONSTRAINT yard_job_task_times_chk CHECK (((finished_at IS NULL) OR (finished_at >= started_at)))
);

CREATE SEQUENCE public.yard_job_task_task_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.yard_job_task_task_id_seq OWNED BY public.yard_job_task.task_id;

--
-- Defaults
--

ALTER TABLE ONLY public.berth ALTER COLUMN berth_id SET DEFAULT nextval('public.berth_berth_id_seq'::regclass);
ALTER TABLE ONLY public.berth_contract ALTER COLUMN contract_id SET DEFAULT nextval('public.berth_contract_contract_id_seq'::regclass);
ALTER TABLE ONLY public.berth_rate ALTER COLUMN rate_id SET DEFAULT nextval('public.berth_rate_rate_id_seq'::regclass);
ALTER TABLE ONLY public.customer ALTER COLUMN cust_id SET DEFAULT nextval('public.customer_cust_id_seq'::regclass);
ALTER TABLE ONLY public.invoice ALTER COLUMN invoice_id SET DEFAULT nextval('public.invoice_invoice_id_seq'::regclass);
ALTER TABLE ONLY public.marina ALTER COLUMN marina_id SET DEFAULT nextval('public.marina_marina_id_seq'::regclass);
ALTER TABLE ONLY public.payment ALTER COLUMN payment_id SET DEFAULT nextval('public.payment_payment_id_seq'::regclass);
ALTER TABLE ONLY public.pontoon ALTER COLUMN pontoon_id SET DEFAULT nextval('public.pontoon_pontoon_id_seq'::regclass);
ALTER TABLE ONLY public.power_meter ALTER COLUMN meter_id SET DEFAULT nextval('public.power_meter_meter_id_seq'::regclass);
ALTER TABLE ONLY public.staff ALTER COLUMN staff_id SET DEFAULT nextval('public.staff_staff_id_seq'::regclass);
ALTER TABLE ONLY public.survey_appt ALTER COLUMN appt_id SET DEFAULT nextval('public.survey_appt_appt_id_seq'::regclass);
ALTER TABLE ONLY public.vessel ALTER COLUMN vessel_id SET DEFAULT nextval('public.vessel_vessel_id_seq'::regclass);
ALTER TABLE ONLY public.visitor_stay ALTER COLUMN stay_id SET DEFAULT nextval('public.visitor_stay_stay_id_seq'::regclass);
ALTER TABLE ONLY public.yard_job ALTER COLUMN job_id SET DEFAULT nextval('public.yard_job_job_id_seq'::regclass);
ALTER TABLE ONLY public.yard_job_task ALTER COLUMN task_id SET DEFAULT nextval('public.yard_job_task_task_id_seq'::regclass);

--
-- Primary keys and unique constraints
--

ALTER TABLE ONLY public.berth
    ADD CONSTRAINT berth_pkey PRIMARY KEY (berth_id);
ALTER TABLE ONLY public.berth
    ADD CONSTRAINT berth_pontoon_id_berth_no_key UNIQUE (pontoon_id, berth_no);
ALTER TABLE ONLY public.berth_contract
    ADD CONSTRAINT berth_contract_pkey PRIMARY KEY (contract_id);
ALTER TABLE ONLY public.berth_contract
    ADD CONSTRAINT berth_contract_contract_ref_key UNIQUE (contract_ref);
ALTER TABLE ONLY public.berth_rate
    ADD CONSTRAINT berth_rate_pkey PRIMARY KEY (rate_id);
ALTER TABLE ONLY public.customer
    ADD CONSTRAINT customer_pkey PRIMARY KEY (cust_id);
ALTER TABLE ONLY public.fuel_sale
    ADD CONSTRAINT fuel_sale_pkey PRIMARY KEY (sale_id);
ALTER TABLE ONLY public.invoice
    ADD CONSTRAINT invoice_pkey PRIMARY KEY (invoice_id);
ALTER TABLE ONLY public.invoice
    ADD CONSTRAINT invoice_invoice_no_key UNIQUE (invoice_no);
ALTER TABLE ONLY public.invoice_line
    ADD CONSTRAINT invoice_line_pkey PRIMARY KEY (invoice_id, line_no);
ALTER TABLE ONLY public.marina
    ADD CONSTRAINT marina_pkey PRIMARY KEY (marina_id);
ALTER TABLE ONLY public.marina
    ADD CONSTRAINT marina_marina_code_key UNIQUE (marina_code);
ALTER TABLE ONLY public.meter_reading
    ADD CONSTRAINT meter_reading_pkey PRIMARY KEY (reading_id);
ALTER TABLE ONLY public.payment
    ADD CONSTRAINT payment_pkey PRIMARY KEY (payment_id);
ALTER TABLE ONLY public.pontoon
    ADD CONSTRAINT pontoon_pkey PRIMARY KEY (pontoon_id);
ALTER TABLE ONLY public.pontoon
    ADD CONSTRAINT pontoon_marina_id_pontoon_code_key UNIQUE (marina_id, pontoon_code);
ALTER TABLE ONLY public.power_meter
    ADD CONSTRAINT power_meter_pkey PRIMARY KEY (meter_id);
ALTER TABLE ONLY public.power_meter
    ADD CONSTRAINT power_meter_serial_no_key UNIQUE (serial_no);
ALTER TABLE ONLY public.ref_country
    ADD CONSTRAINT ref_country_pkey PRIMARY KEY (iso2);
ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (staff_id);
ALTER TABLE ONLY public.survey_appt
    ADD CONSTRAINT survey_appt_pkey PRIMARY KEY (appt_id);
ALTER TABLE ONLY public.vessel
    ADD CONSTRAINT vessel_pkey PRIMARY KEY (vessel_id);
ALTER TABLE ONLY public.visitor_stay
    ADD CONSTRAINT visitor_stay_pkey PRIMARY KEY (stay_id);
ALTER TABLE ONLY public.yard_job
    ADD CONSTRAINT yard_job_pkey PRIMARY KEY (job_id);
ALTER TABLE ONLY public.yard_job
    ADD CONSTRAINT yard_job_job_ref_key UNIQUE (job_ref);
ALTER TABLE ONLY public.yard_job_task
    ADD CONSTRAINT yard_job_task_pkey PRIMARY KEY (task_id);
ALTER TABLE ONLY public.yard_job_task
    ADD CONSTRAINT yard_job_task_job_id_task_no_key UNIQUE (job_id, task_no);

--
-- Indexes
--

CREATE INDEX fuel_sale_marina_sold_idx ON public.fuel_sale USING btree (marina_id, sold_at);
CREATE INDEX invoice_cust_idx ON public.invoice USING btree (cust_id);
CREATE INDEX meter_reading_meter_read_idx ON public.meter_reading USING btree (meter_id, read_at);
CREATE INDEX payment_invoice_idx ON public.payment USING btree (invoice_id);
CREATE INDEX survey_appt_surveyor_idx ON public.survey_appt USING btree (surveyor_id, scheduled_at);
CREATE INDEX vessel_owner_idx ON public.vessel USING btree (owner_cust_id);
CREATE INDEX visitor_stay_berth_arrival_idx ON public.visitor_stay USING btree (berth_id, planned_arrival);

--
-- Foreign keys
--

ALTER TABLE ONLY public.berth
    ADD CONSTRAINT berth_pontoon_id_fkey FOREIGN KEY (pontoon_id) REFERENCES public.pontoon(pontoon_id);
ALTER TABLE ONLY public.berth_contract
    ADD CONSTRAINT berth_contract_berth_id_fkey FOREIGN KEY (berth_id) REFERENCES public.berth(berth_id);
ALTER TABLE ONLY public.berth_contract
    ADD CONSTRAINT berth_contract_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessel(vessel_id);
ALTER TABLE ONLY public.berth_rate
    ADD CONSTRAINT berth_rate_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.customer
    ADD CONSTRAINT customer_country_iso2_fkey FOREIGN KEY (country_iso2) REFERENCES public.ref_country(iso2);
ALTER TABLE ONLY public.fuel_sale
    ADD CONSTRAINT fuel_sale_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.fuel_sale
    ADD CONSTRAINT fuel_sale_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessel(vessel_id);
ALTER TABLE ONLY public.fuel_sale
    ADD CONSTRAINT fuel_sale_attendant_id_fkey FOREIGN KEY (attendant_id) REFERENCES public.staff(staff_id);
ALTER TABLE ONLY public.invoice
    ADD CONSTRAINT invoice_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.invoice
    ADD CONSTRAINT invoice_cust_id_fkey FOREIGN KEY (cust_id) REFERENCES public.customer(cust_id);
ALTER TABLE ONLY public.invoice_line
    ADD CONSTRAINT invoice_line_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoice(invoice_id) ON DELETE CASCADE;
ALTER TABLE ONLY public.invoice_line
    ADD CONSTRAINT invoice_line_stay_id_fkey FOREIGN KEY (stay_id) REFERENCES public.visitor_stay(stay_id);
ALTER TABLE ONLY public.invoice_line
    ADD CONSTRAINT invoice_line_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.berth_contract(contract_id);
ALTER TABLE ONLY public.marina
    ADD CONSTRAINT marina_country_iso2_fkey FOREIGN KEY (country_iso2) REFERENCES public.ref_country(iso2);
ALTER TABLE ONLY public.meter_reading
    ADD CONSTRAINT meter_reading_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.power_meter(meter_id);
ALTER TABLE ONLY public.meter_reading
    ADD CONSTRAINT meter_reading_read_by_fkey FOREIGN KEY (read_by) REFERENCES public.staff(staff_id);
ALTER TABLE ONLY public.payment
    ADD CONSTRAINT payment_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoice(invoice_id);
ALTER TABLE ONLY public.pontoon
    ADD CONSTRAINT pontoon_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.power_meter
    ADD CONSTRAINT power_meter_berth_id_fkey FOREIGN KEY (berth_id) REFERENCES public.berth(berth_id);
ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.survey_appt
    ADD CONSTRAINT survey_appt_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.survey_appt
    ADD CONSTRAINT survey_appt_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessel(vessel_id);
ALTER TABLE ONLY public.survey_appt
    ADD CONSTRAINT survey_appt_surveyor_id_fkey FOREIGN KEY (surveyor_id) REFERENCES public.staff(staff_id);
ALTER TABLE ONLY public.vessel
    ADD CONSTRAINT vessel_owner_cust_id_fkey FOREIGN KEY (owner_cust_id) REFERENCES public.customer(cust_id);
ALTER TABLE ONLY public.vessel
    ADD CONSTRAINT vessel_flag_iso2_fkey FOREIGN KEY (flag_iso2) REFERENCES public.ref_country(iso2);
ALTER TABLE ONLY public.visitor_stay
    ADD CONSTRAINT visitor_stay_berth_id_fkey FOREIGN KEY (berth_id) REFERENCES public.berth(berth_id);
ALTER TABLE ONLY public.visitor_stay
    ADD CONSTRAINT visitor_stay_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessel(vessel_id);
ALTER TABLE ONLY public.visitor_stay
    ADD CONSTRAINT visitor_stay_rate_id_fkey FOREIGN KEY (rate_id) REFERENCES public.berth_rate(rate_id);
ALTER TABLE ONLY public.yard_job
    ADD CONSTRAINT yard_job_marina_id_fkey FOREIGN KEY (marina_id) REFERENCES public.marina(marina_id);
ALTER TABLE ONLY public.yard_job
    ADD CONSTRAINT yard_job_vessel_id_fkey FOREIGN KEY (vessel_id) REFERENCES public.vessel(vessel_id);
ALTER TABLE ONLY public.yard_job_task
    ADD CONSTRAINT yard_job_task_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.yard_job(job_id) ON DELETE CASCADE;
ALTER TABLE ONLY public.yard_job_task
    ADD CONSTRAINT yard_job_task_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(staff_id);

--
-- PostgreSQL database dump complete
--
