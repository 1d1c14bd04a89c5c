--
-- PostgreSQL database dump
--

SET statement_timeout = 0;
SET lock_timeout = 0;
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
    calling_code text NOT NULL,
    standard_vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_vat_check CHECK ((standard_vat_rate >= 0 AND standard_vat_rate < 100))
);

CREATE TABLE public.offices (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    address_line text NOT NULL,
    postcode text,
    phone text NOT NULL,
    opened_on date NOT NULL,
    closed_on date
);

CREATE SEQUENCE public.offices_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.offices_id_seq OWNED BY public.offices.id;

CREATE TABLE public.consultants (
    id integer NOT NULL,
    office_id integer NOT NULL,
    manager_id integer,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    date_of_birth date,
    hired_on date NOT NULL,
    left_on date,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT consultants_status_check CHECK ((status = ANY (ARRAY['active'::text, 'on_leave'::text, 'left'::text])))
);

CREATE SEQUENCE public.consultants_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.consultants_id_seq OWNED BY public.consultants.id;

CREATE TABLE public.job_categories (
    id integer NOT NULL,
    name text NOT NULL,
    sector text NOT NULL
);

CREATE SEQUENCE public.job_categories_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.job_categories_id_seq OWNED BY public.job_categories.id;

CREATE TABLE public.client_companies (
    id integer NOT NULL,
    legal_name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    postcode text,
    phone text,
    vat_number text,
    account_manager_id integer NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT client_companies_status_check CHECK ((status = ANY (ARRAY['prospect'::text, 'active'::text, 'dormant'::text, 'blocked'::text])))
);

CREATE SEQUENCE public.client_companies_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.client_companies_id_seq OWNED BY public.client_companies.id;

CREATE TABLE public.client_contacts (
    id integer NOT NULL,
    client_id integer NOT NULL,
    full_name text NOT NULL,
    job_title text,
    email text NOT NULL,
    phone text,
    is_primary boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.client_contacts_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.client_contacts_id_seq OWNED BY public.client_contacts.id;

CREATE TABLE public.fee_agreements (
    id integer NOT NULL,
    client_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    perm_fee_percent numeric(5,2) NOT NULL,
    temp_markup_percent numeric(5,2) NOT NULL,
    guarantee_days integer NOT NULL,
    payment_terms_days integer NOT NULL,
    signed_at timestamp with time zone NOT NULL,
    CONSTRAINT fee_agreements_fee_check CHECK ((perm_fee_percent > 0)),
    CONSTRAINT fee_agreements_markup_check CHECK ((temp_markup_percent >= 0)),
    CONSTRAINT fee_agreements_guarantee_check CHECK ((guarantee_days >= 0)),
    CONSTRAINT fee_agreements_terms_check CHECK ((payment_terms_days > 0))
);

CREATE SEQUENCE public.fee_agreements_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.fee_agreements_id_seq OWNED BY public.fee_agreements.id;

CREATE TABLE public.vacancies (
    id integer NOT NULL,
    client_id integer NOT NULL,
    contact_id integer,
    office_id integer NOT NULL,
    owner_consultant_id integer NOT NULL,
    job_category_id integer NOT NULL,
    title text NOT NULL,
    employment_type text NOT NULL,
    positions integer DEFAULT 1 NOT NULL,
    salary_min numeric(12,2),
    salary_max numeric(12,2),
    currency_code character(3) NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    closed_at timestamp with time zone,
    CONSTRAINT vacancies_type_check CHECK ((employment_type = ANY (ARRAY['permanent'::text, 'temporary'::text, 'contract'::text]))),
    CONSTRAINT vacancies_status_check CHECK ((status = ANY (ARRAY['open'::text, 'on_hold'::text, 'filled'::text, 'cancelled'::text]))),
    CONSTRAINT vacancies_positions_check CHECK ((positions > 0))
);

CREATE SEQUENCE public.vacancies_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.vacancies_id_seq OWNED BY public.vacancies.id;

CREATE TABLE public.candidates (
    id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    date_of_birth date NOT NULL,
    country_code character(2) NOT NULL,
    city text,
    registered_office_id integer NOT NULL,
    registered_at timestamp with time zone NOT NULL,
    status text DEFAULT 'available'::text NOT NULL,
    CONSTRAINT candidates_status_check CHECK ((status = ANY (ARRAY['available'::text, 'placed'::text, 'on_assignment'::text, 'inactive'::text])))
);

CREATE SEQUENCE public.candidates_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.candidates_id_seq OWNED BY public.candidates.id;

CREATE TABLE public.candidate_documents (
    id integer NOT NULL,
    candidate_id integer NOT NULL,
    doc_type text NOT NULL,
    issuing_country character(2),
    valid_from date NOT NULL,
    valid_until date,
    verified_by_id integer,
    verified_at timestamp with time zone,
    CONSTRAINT candidate_documents_type_check CHECK ((doc_type = ANY (ARRAY['cv'::text, 'passport'::text, 'right_to_work'::text, 'certificate'::text, 'reference'::text])))
);

CREATE SEQUENCE public.candidate_documents_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.candidate_documents_id_seq OWNED BY public.candidate_documents.id;

CREATE TABLE public.applications (
    id integer NOT NULL,
    vacancy_id integer NOT NULL,
    candidate_id integer NOT NULL,
    consultant_id integer NOT NULL,
    source text NOT NULL,
    status text DEFAULT 'applied'::text NOT NULL,
    applied_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT applications_source_check CHECK ((source = ANY (ARRAY['job_board'::text, 'website'::text, 'referral'::text, 'headhunted'::text, 'database'::text]))),
    CONSTRAINT applications_status_check CHECK ((status = ANY (ARRAY['applied'::text, 'shortlisted'::text, 'interviewing'::text, 'offered'::text, 'hired'::text, 'rejected'::text, 'withdrawn'::text])))
);

CREATE SEQUENCE public.applications_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.applications_id_seq OWNED BY public.applications.id;

CREATE TABLE public.interviews (
    id integer NOT NULL,
    application_id integer NOT NULL,
    stage_no integer NOT NULL,
    stage_type text NOT NULL,
    scheduled_start timestamp without time zone NOT NULL,
    duration_minutes integer NOT NULL,
    outcome text DEFAULT 'pending'::text NOT NULL,
    interviewer_name text,
    CONSTRAINT interviews_stage_type_check CHECK ((stage_type = ANY (ARRAY['screening_call'::text, 'first_interview'::text, 'technical'::text, 'assessment_centre'::text, 'final_interview'::text]))),
    CONSTRAINT interviews_outcome_check CHECK ((outcome = ANY (ARRAY['pending'::text, 'passed'::text, 'failed'::text, 'no_show'::text, 'cancelled'::text]))),
    CONSTRAINT interviews_duration_check CHECK ((duration_minutes > 0))
);

CREATE SEQUENCE public.interviews_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.interviews_id_seq OWNED BY public.interviews.id;

CREATE TABLE public.placements (
    id integer NOT NULL,
    application_id integer NOT NULL,
    vacancy_id integer NOT NULL,
    candidate_id integer NOT NULL,
    fee_agreement_id integer NOT NULL,
    consultant_id integer NOT NULL,
    offer_accepted_at timestamp with time zone NOT NULL,
    start_date date NOT NULL,
    annual_salary numeric(12,2) NOT NULL,
    fee_percent numeric(5,2) NOT NULL,
    fee_amount numeric(12,2) NOT NULL,
    currency_code character(3) NOT NULL,
    status text DEFAULT 'pending_start'::text NOT NULL,
    refunded_on date,
    CONSTRAINT placements_status_check CHECK ((status = ANY (ARRAY['pending_start'::text, 'started'::text, 'fell_through'::text, 'refunded'::text]))),
    CONSTRAINT placements_salary_check CHECK ((annual_salary > 0)),
    CONSTRAINT placements_fee_check CHECK ((fee_amount >= 0))
);

CREATE SEQUENCE public.placements_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.placements_id_seq OWNED BY public.placements.id;

CREATE TABLE public.temp_assignments (
    id integer NOT NULL,
    application_id integer,
    vacancy_id integer NOT NULL,
    candidate_id integer NOT NULL,
    client_id integer NOT NULL,
    office_id integer NOT NULL,
    start_date date NOT NULL,
    end_date date,
    pay_rate_hourly numeric(10,2) NOT NULL,
    charge_rate_hourly numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    contracted_hours_per_week numeric(4,1) NOT NULL,
    status text DEFAULT 'scheduled'::text NOT NULL,
    CONSTRAINT temp_assignments_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'active'::text, 'completed'::text, 'terminated'::text]))),
    CONSTRAINT temp_assignments_rates_check CHECK ((pay_rate_hourly > 0 AND charge_rate_hourly > 0))
);

CREATE SEQUENCE public.temp_assignments_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.temp_assignments_id_seq OWNED BY public.temp_assignments.id;

CREATE TABLE public.timesheets (
    id integer NOT NULL,
    assignment_id integer NOT NULL,
    week_no integer NOT NULL,
    week_start date NOT NULL,
    regular_hours numeric(5,2) NOT NULL,
    overtime_hours numeric(5,2) DEFAULT 0 NOT NULL,
    status text DEFAULT 'draft'::text NOT NULL,
    submitted_at timestamp with time zone,
    approved_at timestamp with time zone,
    approved_by_contact_id integer,
    CONSTRAINT timesheets_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'submitted'::text, 'approved'::text, 'rejected'::text]))),
    CONSTRAINT timesheets_hours_check CHECK ((regular_hours >= 0 AND overtime_hours >= 0))
);

CREATE SEQUENCE public.timesheets_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.timesheets_id_seq OWNED BY public.timesheets.id;

CREATE TABLE public.invoices (
    id integer NOT NULL,
    office_id integer NOT NULL,
    client_id integer NOT NULL,
    sequence_no integer NOT NULL,
    invoice_number text NOT NULL,
    currency_code character(3) NOT NULL,
    issued_on date NOT NULL,
    due_on date NOT NULL,
    net_amount numeric(14,2) NOT NULL,
    vat_amount numeric(14,2) NOT NULL,
    total_amount numeric(14,2) NOT NULL,
    status text DEFAULT 'issued'::text NOT NULL,
    paid_at timestamp with time zone,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'issued'::text, 'paid'::text, 'overdue'::text, 'void'::text])))
);

CREATE SEQUENCE public.invoices_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.invoices_id_seq OWNED BY public.invoices.id;

CREATE TABLE public.invoice_lines (
    id integer NOT NULL,
    invoice_id integer NOT NULL,
    line_no integer NOT NULL,
    placement_id integer,
    timesheet_id integer,
    description text NOT NULL,
    quantity numeric(10,2) NOT NULL,
    unit_price numeric(12,2) NOT NULL,
    line_amount numeric(14,2) NOT NULL
);

CREATE SEQUENCE public.invoice_lines_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.invoice_lines_id_seq OWNED BY public.invoice_lines.id;

ALTER TABLE ONLY public.offices ALTER COLUMN id SET DEFAULT nextval('public.offices_id_seq'::regclass);
ALTER TABLE ONLY public.consultants ALTER COLUMN id SET DEFAULT nextval('public.consultants_id_seq'::regclass);
ALTER TABLE ONLY public.job_categories ALTER COLUMN id SET DEFAULT nextval('public.job_categories_id_seq'::regclass);
ALTER TABLE ONLY public.client_companies ALTER COLUMN id SET DEFAULT nextval('public.client_companies_id_seq'::regclass);
ALTER TABLE ONLY public.client_contacts ALTER COLUMN id SET DEFAULT nextval('public.client_contacts_id_seq'::regclass);
ALTER TABLE ONLY public.fee_agreements ALTER COLUMN id SET DEFAULT nextval('public.fee_agreements_id_seq'::regclass);
ALTER TABLE ONLY public.vacancies ALTER COLUMN id SET DEFAULT nextval('public.vacancies_id_seq'::regclass);
ALTER TABLE ONLY public.candidates ALTER COLUMN id SET DEFAULT nextval('public.candidates_id_seq'::regclass);
ALTER TABLE ONLY public.candidate_documents ALTER COLUMN id SET DEFAULT nextval('public.candidate_documents_id_seq'::regclass);
ALTER TABLE ONLY public.applications ALTER COLUMN id SET DEFAULT nextval('public.applications_id_seq'::regclass);
ALTER TABLE ONLY public.interviews ALTER COLUMN id SET DEFAULT nextval('public.interviews_id_seq'::regclass);
ALTER TABLE ONLY public.placements ALTER COLUMN id SET DEFAULT nextval('public.placements_id_seq'::regclass);
ALTER TABLE ONLY public.temp_assignments ALTER COLUMN id SET DEFAULT nextval('public.temp_assignments_id_seq'::regclass);
ALTER TABLE ONLY public.timesheets ALTER COLUMN id SET DEFAULT nextval('public.timesheets_id_seq'::regclass);
ALTER TABLE ONLY public.invoices ALTER COLUMN id SET DEFAULT nextval('public.invoices_id_seq'::regclass);
ALTER TABLE ONLY public.invoice_lines ALTER COLUMN id SET DEFAULT nextval('public.invoice_lines_id_seq'::regclass);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.offices ADD CONSTRAINT offices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.consultants ADD CONSTRAINT consultants_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.consultants ADD CONSTRAINT consultants_email_key UNIQUE (email);
ALTER TABLE ONLY public.job_categories ADD CONSTRAINT job_categories_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.job_categories ADD CONSTRAINT job_categories_name_key UNIQUE (name);
ALTER TABLE ONLY public.client_companies ADD CONSTRAINT client_companies_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.client_contacts ADD CONSTRAINT client_contacts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.fee_agreements ADD CONSTRAINT fee_agreements_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.candidates ADD CONSTRAINT candidates_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.candidates ADD CONSTRAINT candidates_email_key UNIQUE (email);
ALTER TABLE ONLY public.candidate_documents ADD CONSTRAINT candidate_documents_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.applications ADD CONSTRAINT applications_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.applications ADD CONSTRAINT applications_vacancy_candidate_key UNIQUE (vacancy_id, candidate_id);
ALTER TABLE ONLY public.interviews ADD CONSTRAINT interviews_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.interviews ADD CONSTRAINT interviews_application_stage_key UNIQUE (application_id, stage_no);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_application_key UNIQUE (application_id);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.timesheets ADD CONSTRAINT timesheets_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.timesheets ADD CONSTRAINT timesheets_assignment_week_key UNIQUE (assignment_id, week_no);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_office_sequence_key UNIQUE (office_id, sequence_no);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_line_key UNIQUE (invoice_id, line_no);

CREATE INDEX consultants_office_id_idx ON public.consultants USING btree (office_id);
CREATE INDEX client_companies_country_idx ON public.client_companies USING btree (country_code);
CREATE INDEX fee_agreements_client_idx ON public.fee_agreements USING btree (client_id, valid_from);
CREATE INDEX vacancies_client_idx ON public.vacancies USING btree (client_id);
CREATE INDEX vacancies_status_idx ON public.vacancies USING btree (status);
CREATE INDEX candidate_documents_candidate_idx ON public.candidate_documents USING btree (candidate_id);
CREATE INDEX applications_candidate_idx ON public.applications USING btree (candidate_id);
CREATE INDEX placements_candidate_idx ON public.placements USING btree (candidate_id);
CREATE INDEX temp_assignments_candidate_idx ON public.temp_assignments USING btree (candidate_id);
CREATE INDEX timesheets_week_start_idx ON public.timesheets USING btree (week_start);
CREATE INDEX invoices_client_idx ON public.invoices USING btree (client_id, issued_on);
CREATE INDEX invoice_lines_timesheet_idx ON public.invoice_lines USING btree (timesheet_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.offices ADD CONSTRAINT offices_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.consultants ADD CONSTRAINT consultants_office_id_fkey FOREIGN KEY (office_id) REFERENCES public.offices(id);
ALTER TABLE ONLY public.consultants ADD CONSTRAINT consultants_manager_id_fkey FOREIGN KEY (manager_id) REFERENCES public.consultants(id);
ALTER TABLE ONLY public.client_companies ADD CONSTRAINT client_companies_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.client_companies ADD CONSTRAINT client_companies_account_manager_id_fkey FOREIGN KEY (account_manager_id) REFERENCES public.consultants(id);
ALTER TABLE ONLY public.client_contacts ADD CONSTRAINT client_contacts_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.client_companies(id);
ALTER TABLE ONLY public.fee_agreements ADD CONSTRAINT fee_agreements_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.client_companies(id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.client_companies(id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_contact_id_fkey FOREIGN KEY (contact_id) REFERENCES public.client_contacts(id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_office_id_fkey FOREIGN KEY (office_id) REFERENCES public.offices(id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_owner_consultant_id_fkey FOREIGN KEY (owner_consultant_id) REFERENCES public.consultants(id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_job_category_id_fkey FOREIGN KEY (job_category_id) REFERENCES public.job_categories(id);
ALTER TABLE ONLY public.vacancies ADD CONSTRAINT vacancies_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.candidates ADD CONSTRAINT candidates_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.candidates ADD CONSTRAINT candidates_registered_office_id_fkey FOREIGN KEY (registered_office_id) REFERENCES public.offices(id);
ALTER TABLE ONLY public.candidate_documents ADD CONSTRAINT candidate_documents_candidate_id_fkey FOREIGN KEY (candidate_id) REFERENCES public.candidates(id);
ALTER TABLE ONLY public.candidate_documents ADD CONSTRAINT candidate_documents_issuing_country_fkey FOREIGN KEY (issuing_country) REFERENCES public.countries(code);
ALTER TABLE ONLY public.candidate_documents ADD CONSTRAINT candidate_documents_verified_by_id_fkey FOREIGN KEY (verified_by_id) REFERENCES public.consultants(id);
ALTER TABLE ONLY public.applications ADD CONSTRAINT applications_vacancy_id_fkey FOREIGN KEY (vacancy_id) REFERENCES public.vacancies(id);
ALTER TABLE ONLY public.applications ADD CONSTRAINT applications_candidate_id_fkey FOREIGN KEY (candidate_id) REFERENCES public.candidates(id);
ALTER TABLE ONLY public.applications ADD CONSTRAINT applications_consultant_id_fkey FOREIGN KEY (consultant_id) REFERENCES public.consultants(id);
ALTER TABLE ONLY public.interviews ADD CONSTRAINT interviews_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.applications(id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.applications(id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_vacancy_id_fkey FOREIGN KEY (vacancy_id) REFERENCES public.vacancies(id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_candidate_id_fkey FOREIGN KEY (candidate_id) REFERENCES public.candidates(id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_fee_agreement_id_fkey FOREIGN KEY (fee_agreement_id) REFERENCES public.fee_agreements(id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_consultant_id_fkey FOREIGN KEY (consultant_id) REFERENCES public.consultants(id);
ALTER TABLE ONLY public.placements ADD CONSTRAINT placements_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_application_id_fkey FOREIGN KEY (application_id) REFERENCES public.applications(id);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_vacancy_id_fkey FOREIGN KEY (vacancy_id) REFERENCES public.vacancies(id);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_candidate_id_fkey FOREIGN KEY (candidate_id) REFERENCES public.candidates(id);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.client_companies(id);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_office_id_fkey FOREIGN KEY (office_id) REFERENCES public.offices(id);
ALTER TABLE ONLY public.temp_assignments ADD CONSTRAINT temp_assignments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.timesheets ADD CONSTRAINT timesheets_assignment_id_fkey FOREIGN KEY (assignment_id) REFERENCES public.temp_assignments(id);
ALTER TABLE ONLY public.timesheets ADD CONSTRAINT timesheets_approved_by_contact_id_fkey FOREIGN KEY (approved_by_contact_id) REFERENCES public.client_contacts(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_office_id_fkey FOREIGN KEY (office_id) REFERENCES public.offices(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.client_companies(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_placement_id_fkey FOREIGN KEY (placement_id) REFERENCES public.placements(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_timesheet_id_fkey FOREIGN KEY (timesheet_id) REFERENCES public.timesheets(id);
