--
-- PostgreSQL database dump
--

-- Dumped from database version 15.8
-- Dumped by pg_dump version 15.8

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
-- Name: employee_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.employee_status AS ENUM (
    'pre_hire',
    'active',
    'on_leave',
    'terminated'
);


--
-- Name: contract_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.contract_kind AS ENUM (
    'permanent',
    'fixed_term',
    'apprentice',
    'intern'
);


--
-- Name: leave_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.leave_status AS ENUM (
    'requested',
    'approved',
    'rejected',
    'cancelled'
);


--
-- Name: shift_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.shift_kind AS ENUM (
    'early',
    'day',
    'late',
    'night'
);


--
-- Name: component_kind; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.component_kind AS ENUM (
    'earning',
    'deduction',
    'employer_cost'
);


--
-- Name: pay_run_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.pay_run_status AS ENUM (
    'draft',
    'calculated',
    'approved',
    'paid'
);


--
-- Name: expense_status; Type: TYPE; Schema: public; Owner: -
--

CREATE TYPE public.expense_status AS ENUM (
    'submitted',
    'approved',
    'rejected',
    'reimbursed'
);


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: currencies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.currencies (
    code character(3) NOT NULL,
    name character varying(60) NOT NULL,
    minor_units smallint DEFAULT 2 NOT NULL,
    CONSTRAINT currencies_minor_units_check CHECK (((minor_units >= 0) AND (minor_units <= 4)))
);


--
-- Name: countries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.countries (
    iso2 character(2) NOT NULL,
    iso3 character(3) NOT NULL,
    name character varying(80) NOT NULL,
    currency_code character(3) NOT NULL
);


--
-- Name: legal_entities; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.legal_entities (
    id integer NOT NULL,
    name character varying(120) NOT NULL,
    country_code character(2) NOT NULL,
    registration_no character varying(40),
    payroll_currency character(3) NOT NULL,
    incorporated_on date
);


--
-- Name: legal_entities_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.legal_entities_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: legal_entities_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.legal_entities_id_seq OWNED BY public.legal_entities.id;


--
-- Name: work_sites; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.work_sites (
    id integer NOT NULL,
    legal_entity_id integer NOT NULL,
    name character varying(120) NOT NULL,
    city character varying(80),
    postal_code character varying(16),
    country_code character(2) NOT NULL,
    time_zone character varying(64)
);


--
-- Name: work_sites_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.work_sites_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: work_sites_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.work_sites_id_seq OWNED BY public.work_sites.id;


--
-- Name: org_units; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.org_units (
    id integer NOT NULL,
    legal_entity_id integer NOT NULL,
    parent_id integer,
    name character varying(120) NOT NULL,
    cost_centre character varying(20)
);


--
-- Name: org_units_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.org_units_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: org_units_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.org_units_id_seq OWNED BY public.org_units.id;


--
-- Name: job_grades; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.job_grades (
    id smallint NOT NULL,
    grade_code character varying(10) NOT NULL,
    label character varying(80),
    band_min numeric(12,2),
    band_max numeric(12,2),
    currency_code character(3)
);


--
-- Name: positions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.positions (
    id integer NOT NULL,
    title character varying(120) NOT NULL,
    job_family character varying(60),
    grade_id smallint
);


--
-- Name: positions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.positions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: positions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.positions_id_seq OWNED BY public.positions.id;


--
-- Name: employees; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.employees (
    id bigint NOT NULL,
    employee_no character varying(12) NOT NULL,
    given_name character varying(80) NOT NULL,
    family_name character varying(80) NOT NULL,
    birth_date date,
    gender character(1),
    work_email character varying(254),
    mobile_phone character varying(32),
    country_code character(2) NOT NULL,
    national_id character varying(32),
    address_line character varying(200),
    postal_code character varying(16),
    city character varying(80),
    hired_on date NOT NULL,
    terminated_on date,
    status public.employee_status DEFAULT 'active'::public.employee_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT employees_gender_check CHECK ((gender = ANY (ARRAY['F'::bpchar, 'M'::bpchar, 'X'::bpchar])))
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
-- Name: assignments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.assignments (
    id bigint NOT NULL,
    employee_id bigint NOT NULL,
    org_unit_id integer NOT NULL,
    position_id integer NOT NULL,
    work_site_id integer,
    manager_id bigint,
    contract public.contract_kind DEFAULT 'permanent'::public.contract_kind NOT NULL,
    fte numeric(4,3) DEFAULT 1.000 NOT NULL,
    annual_salary_fte numeric(12,2),
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT assignments_fte_check CHECK (((fte > (0)::numeric) AND (fte <= (1)::numeric))),
    CONSTRAINT assignments_period_check CHECK (((valid_to IS NULL) OR (valid_to >= valid_from)))
);


--
-- Name: assignments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.assignments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.assignments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: bank_accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bank_accounts (
    id integer NOT NULL,
    employee_id bigint NOT NULL,
    iban character varying(34) NOT NULL,
    bic character varying(11),
    valid_from date NOT NULL,
    is_primary boolean DEFAULT true NOT NULL
);


--
-- Name: bank_accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.bank_accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: bank_accounts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.bank_accounts_id_seq OWNED BY public.bank_accounts.id;


--
-- Name: leave_types; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.leave_types (
    code character varying(12) NOT NULL,
    label character varying(80) NOT NULL,
    is_paid boolean DEFAULT true NOT NULL
);


--
-- Name: leave_requests; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.leave_requests (
    id bigint NOT NULL,
    employee_id bigint NOT NULL,
    leave_type character varying(12) NOT NULL,
    first_day date NOT NULL,
    last_day date NOT NULL,
    days_requested numeric(5,1),
    status public.leave_status DEFAULT 'requested'::public.leave_status NOT NULL,
    requested_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    decided_by bigint,
    CONSTRAINT leave_requests_days_check CHECK ((last_day >= first_day))
);


--
-- Name: leave_requests_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.leave_requests ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.leave_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: time_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.time_entries (
    id bigint NOT NULL,
    employee_id bigint NOT NULL,
    work_site_id integer NOT NULL,
    shift public.shift_kind DEFAULT 'day'::public.shift_kind NOT NULL,
    clock_in timestamp with time zone NOT NULL,
    clock_out timestamp with time zone,
    break_minutes smallint DEFAULT 0 NOT NULL,
    CONSTRAINT time_entries_break_minutes_check CHECK ((break_minutes >= 0))
);


--
-- Name: time_entries_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.time_entries ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.time_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: pay_components; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pay_components (
    code character varying(16) NOT NULL,
    label character varying(80) NOT NULL,
    kind public.component_kind NOT NULL,
    is_taxable boolean DEFAULT true NOT NULL
);


--
-- Name: pay_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.pay_runs (
    id integer NOT NULL,
    legal_entity_id integer NOT NULL,
    period_start date NOT NULL,
    period_end date NOT NULL,
    pay_date date NOT NULL,
    status public.pay_run_status DEFAULT 'draft'::public.pay_run_status NOT NULL,
    approved_at timestamp with time zone,
    CONSTRAINT pay_runs_period_check CHECK ((period_end >= period_start))
);


--
-- Name: pay_runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.pay_runs_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: pay_runs_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.pay_runs_id_seq OWNED BY public.pay_runs.id;


--
-- Name: payslips; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payslips (
    id bigint NOT NULL,
    pay_run_id integer NOT NULL,
    employee_id bigint NOT NULL,
    currency_code character(3) NOT NULL,
    gross_pay numeric(12,2) NOT NULL,
    total_deductions numeric(12,2) DEFAULT 0 NOT NULL,
    net_pay numeric(12,2) NOT NULL,
    ytd_gross numeric(14,2),
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: payslips_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.payslips ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.payslips_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: payslip_lines; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payslip_lines (
    payslip_id bigint NOT NULL,
    line_no smallint NOT NULL,
    component_code character varying(16) NOT NULL,
    quantity numeric(10,2),
    rate numeric(12,4),
    amount numeric(12,2) NOT NULL
);


--
-- Name: expense_claims; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.expense_claims (
    id bigint NOT NULL,
    employee_id bigint NOT NULL,
    submitted_at timestamp with time zone NOT NULL,
    category character varying(30) NOT NULL,
    description text,
    amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status public.expense_status DEFAULT 'submitted'::public.expense_status NOT NULL,
    reimbursed_in bigint,
    CONSTRAINT expense_claims_amount_check CHECK ((amount > (0)::numeric))
);


--
-- Name: expense_claims_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.expense_claims ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.expense_claims_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: performance_reviews; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.performance_reviews (
    id integer NOT NULL,
    employee_id bigint NOT NULL,
    reviewer_id bigint,
    cycle_year smallint NOT NULL,
    rating smallint,
    completed_at timestamp with time zone,
    CONSTRAINT performance_reviews_rating_check CHECK (((rating >= 1) AND (rating <= 5)))
);


--
-- Name: performance_reviews_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.performance_reviews_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: performance_reviews_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.performance_reviews_id_seq OWNED BY public.performance_reviews.id;


--
-- Name: legal_entities id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_entities ALTER COLUMN id SET DEFAULT nextval('public.legal_entities_id_seq'::regclass);


--
-- Name: work_sites id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_sites ALTER COLUMN id SET DEFAULT nextval('public.work_sites_id_seq'::regclass);


--
-- Name: org_units id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.org_units ALTER COLUMN id SET DEFAULT nextval('public.org_units_id_seq'::regclass);


--
-- Name: positions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.positions ALTER COLUMN id SET DEFAULT nextval('public.positions_id_seq'::regclass);


--
-- Name: bank_accounts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bank_accounts ALTER COLUMN id SET DEFAULT nextval('public.bank_accounts_id_seq'::regclass);


--
-- Name: pay_runs id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pay_runs ALTER COLUMN id SET DEFAULT nextval('public.pay_runs_id_seq'::regclass);


--
-- Name: performance_reviews id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.performance_reviews ALTER COLUMN id SET DEFAULT nextval('public.performance_reviews_id_seq'::regclass);


--
-- Name: currencies currencies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.currencies
    ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);


--
-- Name: countries countries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (iso2);


--
-- Name: countries countries_iso3_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_iso3_key UNIQUE (iso3);


--
-- Name: legal_entities legal_entities_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_entities
    ADD CONSTRAINT legal_entities_pkey PRIMARY KEY (id);


--
-- Name: work_sites work_sites_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_sites
    ADD CONSTRAINT work_sites_pkey PRIMARY KEY (id);


--
-- Name: org_units org_units_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.org_units
    ADD CONSTRAINT org_units_pkey PRIMARY KEY (id);


--
-- Name: job_grades job_grades_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.job_grades
    ADD CONSTRAINT job_grades_pkey PRIMARY KEY (id);


--
-- Name: job_grades job_grades_grade_code_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.job_grades
    ADD CONSTRAINT job_grades_grade_code_key UNIQUE (grade_code);


--
-- Name: positions positions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.positions
    ADD CONSTRAINT positions_pkey PRIMARY KEY (id);


--
-- Name: employees employees_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (id);


--
-- Name: employees employees_employee_no_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_employee_no_key UNIQUE (employee_no);


--
-- Name: assignments assignments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_pkey PRIMARY KEY (id);


--
-- Name: bank_accounts bank_accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bank_accounts
    ADD CONSTRAINT bank_accounts_pkey PRIMARY KEY (id);


--
-- Name: leave_types leave_types_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leave_types
    ADD CONSTRAINT leave_types_pkey PRIMARY KEY (code);


--
-- Name: leave_requests leave_requests_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leave_requests
    ADD CONSTRAINT leave_requests_pkey PRIMARY KEY (id);


--
-- Name: time_entries time_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_entries
    ADD CONSTRAINT time_entries_pkey PRIMARY KEY (id);


--
-- Name: pay_components pay_components_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pay_components
    ADD CONSTRAINT pay_components_pkey PRIMARY KEY (code);


--
-- Name: pay_runs pay_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pay_runs
    ADD CONSTRAINT pay_runs_pkey PRIMARY KEY (id);


--
-- Name: pay_runs pay_runs_entity_period_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pay_runs
    ADD CONSTRAINT pay_runs_entity_period_key UNIQUE (legal_entity_id, period_start);


--
-- Name: payslips payslips_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslips
    ADD CONSTRAINT payslips_pkey PRIMARY KEY (id);


--
-- Name: payslips payslips_run_employee_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslips
    ADD CONSTRAINT payslips_run_employee_key UNIQUE (pay_run_id, employee_id);


--
-- Name: payslip_lines payslip_lines_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslip_lines
    ADD CONSTRAINT payslip_lines_pkey PRIMARY KEY (payslip_id, line_no);


--
-- Name: expense_claims expense_claims_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.expense_claims
    ADD CONSTRAINT expense_claims_pkey PRIMARY KEY (id);


--
-- Name: performance_reviews performance_reviews_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.performance_reviews
    ADD CONSTRAINT performance_reviews_pkey PRIMARY KEY (id);


--
-- Name: performance_reviews performance_reviews_employee_cycle_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.performance_reviews
    ADD CONSTRAINT performance_reviews_employee_cycle_key UNIQUE (employee_id, cycle_year);


--
-- Name: assignments_employee_from_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX assignments_employee_from_idx ON public.assignments USING btree (employee_id, valid_from);


--
-- Name: employees_family_name_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX employees_family_name_idx ON public.employees USING btree (lower((family_name)::text));


--
-- Name: leave_requests_open_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX leave_requests_open_idx ON public.leave_requests USING btree (employee_id, first_day) WHERE (status = 'requested'::public.leave_status);


--
-- Name: time_entries_employee_clock_in_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX time_entries_employee_clock_in_idx ON public.time_entries USING btree (employee_id, clock_in);


--
-- Name: payslips_employee_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payslips_employee_idx ON public.payslips USING btree (employee_id);


--
-- Name: bank_accounts_primary_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX bank_accounts_primary_idx ON public.bank_accounts USING btree (employee_id) WHERE is_primary;


--
-- Name: countries countries_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: legal_entities legal_entities_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_entities
    ADD CONSTRAINT legal_entities_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);


--
-- Name: legal_entities legal_entities_payroll_currency_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.legal_entities
    ADD CONSTRAINT legal_entities_payroll_currency_fkey FOREIGN KEY (payroll_currency) REFERENCES public.currencies(code);


--
-- Name: work_sites work_sites_legal_entity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_sites
    ADD CONSTRAINT work_sites_legal_entity_id_fkey FOREIGN KEY (legal_entity_id) REFERENCES public.legal_entities(id);


--
-- Name: work_sites work_sites_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.work_sites
    ADD CONSTRAINT work_sites_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);


--
-- Name: org_units org_units_legal_entity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.org_units
    ADD CONSTRAINT org_units_legal_entity_id_fkey FOREIGN KEY (legal_entity_id) REFERENCES public.legal_entities(id);


--
-- Name: org_units org_units_parent_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.org_units
    ADD CONSTRAINT org_units_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.org_units(id);


--
-- Name: job_grades job_grades_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.job_grades
    ADD CONSTRAINT job_grades_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: positions positions_grade_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.positions
    ADD CONSTRAINT positions_grade_id_fkey FOREIGN KEY (grade_id) REFERENCES public.job_grades(id);


--
-- Name: employees employees_country_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.employees
    ADD CONSTRAINT employees_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso2);


--
-- Name: assignments assignments_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id) ON DELETE CASCADE;


--
-- Name: assignments assignments_org_unit_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_org_unit_id_fkey FOREIGN KEY (org_unit_id) REFERENCES public.org_units(id);


--
-- Name: assignments assignments_position_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_position_id_fkey FOREIGN KEY (position_id) REFERENCES public.positions(id);


--
-- Name: assignments assignments_work_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_work_site_id_fkey FOREIGN KEY (work_site_id) REFERENCES public.work_sites(id);


--
-- Name: assignments assignments_manager_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_manager_id_fkey FOREIGN KEY (manager_id) REFERENCES public.employees(id);


--
-- Name: assignments assignments_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: bank_accounts bank_accounts_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bank_accounts
    ADD CONSTRAINT bank_accounts_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id) ON DELETE CASCADE;


--
-- Name: leave_requests leave_requests_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leave_requests
    ADD CONSTRAINT leave_requests_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id) ON DELETE CASCADE;


--
-- Name: leave_requests leave_requests_leave_type_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leave_requests
    ADD CONSTRAINT leave_requests_leave_type_fkey FOREIGN KEY (leave_type) REFERENCES public.leave_types(code);


--
-- Name: leave_requests leave_requests_decided_by_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.leave_requests
    ADD CONSTRAINT leave_requests_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.employees(id);


--
-- Name: time_entries time_entries_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_entries
    ADD CONSTRAINT time_entries_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id) ON DELETE CASCADE;


--
-- Name: time_entries time_entries_work_site_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.time_entries
    ADD CONSTRAINT time_entries_work_site_id_fkey FOREIGN KEY (work_site_id) REFERENCES public.work_sites(id);


--
-- Name: pay_runs pay_runs_legal_entity_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.pay_runs
    ADD CONSTRAINT pay_runs_legal_entity_id_fkey FOREIGN KEY (legal_entity_id) REFERENCES public.legal_entities(id);


--
-- Name: payslips payslips_pay_run_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslips
    ADD CONSTRAINT payslips_pay_run_id_fkey FOREIGN KEY (pay_run_id) REFERENCES public.pay_runs(id);


--
-- Name: payslips payslips_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslips
    ADD CONSTRAINT payslips_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id);


--
-- Name: payslips payslips_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslips
    ADD CONSTRAINT payslips_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: payslip_lines payslip_lines_payslip_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslip_lines
    ADD CONSTRAINT payslip_lines_payslip_id_fkey FOREIGN KEY (payslip_id) REFERENCES public.payslips(id) ON DELETE CASCADE;


--
-- Name: payslip_lines payslip_lines_component_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payslip_lines
    ADD CONSTRAINT payslip_lines_component_code_fkey FOREIGN KEY (component_code) REFERENCES public.pay_components(code);


--
-- Name: expense_claims expense_claims_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.expense_claims
    ADD CONSTRAINT expense_claims_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id);


--
-- Name: expense_claims expense_claims_currency_code_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.expense_claims
    ADD CONSTRAINT expense_claims_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);


--
-- Name: expense_claims expense_claims_reimbursed_in_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.expense_claims
    ADD CONSTRAINT expense_claims_reimbursed_in_fkey FOREIGN KEY (reimbursed_in) REFERENCES public.payslips(id);


--
-- Name: performance_reviews performance_reviews_employee_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.performance_reviews
    ADD CONSTRAINT performance_reviews_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES public.employees(id) ON DELETE CASCADE;


--
-- Name: performance_reviews performance_reviews_reviewer_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.performance_reviews
    ADD CONSTRAINT performance_reviews_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES public.employees(id);


--
-- PostgreSQL database dump complete
--

