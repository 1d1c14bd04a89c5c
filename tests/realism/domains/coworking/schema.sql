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
    dialing_code text NOT NULL
);

CREATE TABLE public.vat_rates (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    category text NOT NULL,
    rate numeric(5,2) NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    CONSTRAINT vat_rates_category_check CHECK ((category = ANY (ARRAY['standard'::text, 'reduced'::text, 'zero'::text]))),
    CONSTRAINT vat_rates_rate_check CHECK ((rate >= 0 AND rate < 100))
);

CREATE TABLE public.locations (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    name text NOT NULL,
    street_address text NOT NULL,
    city text NOT NULL,
    postcode text NOT NULL,
    phone text NOT NULL,
    timezone text NOT NULL,
    opened_on date NOT NULL,
    closed_on date,
    status text DEFAULT 'open'::text NOT NULL,
    CONSTRAINT locations_status_check CHECK ((status = ANY (ARRAY['planned'::text, 'open'::text, 'closed'::text])))
);

CREATE TABLE public.floors (
    id integer NOT NULL,
    location_id integer NOT NULL,
    level smallint NOT NULL,
    name text NOT NULL,
    area_sqm numeric(8,1) NOT NULL
);

CREATE TABLE public.spaces (
    id integer NOT NULL,
    floor_id integer NOT NULL,
    kind text NOT NULL,
    code text NOT NULL,
    name text,
    capacity integer NOT NULL,
    area_sqm numeric(7,1) NOT NULL,
    hourly_rate numeric(10,2),
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT spaces_kind_check CHECK ((kind = ANY (ARRAY['hot_desk'::text, 'dedicated_desk'::text, 'private_office'::text, 'meeting_room'::text, 'phone_booth'::text, 'event_space'::text]))),
    CONSTRAINT spaces_capacity_check CHECK ((capacity > 0)),
    CONSTRAINT spaces_area_check CHECK ((area_sqm > 0))
);

CREATE TABLE public.membership_plans (
    id integer NOT NULL,
    country_code character(2) NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    monthly_price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    included_meeting_hours integer DEFAULT 0 NOT NULL,
    minimum_term_months integer DEFAULT 1 NOT NULL,
    CONSTRAINT membership_plans_kind_check CHECK ((kind = ANY (ARRAY['hot_desk'::text, 'dedicated_desk'::text, 'private_office'::text, 'virtual_office'::text]))),
    CONSTRAINT membership_plans_price_check CHECK ((monthly_price >= 0))
);

CREATE TABLE public.companies (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    vat_number text,
    billing_email text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.members (
    id integer NOT NULL,
    company_id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    is_company_admin boolean DEFAULT false NOT NULL,
    joined_at timestamp with time zone NOT NULL,
    left_at timestamp with time zone
);

CREATE TABLE public.memberships (
    id integer NOT NULL,
    company_id integer NOT NULL,
    plan_id integer NOT NULL,
    home_location_id integer NOT NULL,
    seats integer DEFAULT 1 NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    status text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT memberships_seats_check CHECK ((seats > 0)),
    CONSTRAINT memberships_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'active'::text, 'ended'::text, 'cancelled'::text])))
);

CREATE TABLE public.bookings (
    id bigint NOT NULL,
    space_id integer NOT NULL,
    member_id integer NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    attendees integer DEFAULT 1 NOT NULL,
    status text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['confirmed'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))),
    CONSTRAINT bookings_period_check CHECK ((ends_at > starts_at))
);

CREATE TABLE public.access_cards (
    id integer NOT NULL,
    member_id integer NOT NULL,
    card_uid text NOT NULL,
    issued_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone
);

CREATE TABLE public.access_events (
    id bigint NOT NULL,
    card_id integer NOT NULL,
    location_id integer NOT NULL,
    door text NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    direction text NOT NULL,
    result text NOT NULL,
    CONSTRAINT access_events_direction_check CHECK ((direction = ANY (ARRAY['in'::text, 'out'::text]))),
    CONSTRAINT access_events_result_check CHECK ((result = ANY (ARRAY['granted'::text, 'denied'::text])))
);

CREATE TABLE public.day_passes (
    id integer NOT NULL,
    location_id integer NOT NULL,
    guest_name text NOT NULL,
    guest_email text NOT NULL,
    visit_date date NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    purchased_at timestamp with time zone NOT NULL,
    status text NOT NULL,
    CONSTRAINT day_passes_status_check CHECK ((status = ANY (ARRAY['purchased'::text, 'used'::text, 'refunded'::text, 'expired'::text])))
);

CREATE TABLE public.invoices (
    id integer NOT NULL,
    invoice_number text NOT NULL,
    company_id integer NOT NULL,
    location_id integer NOT NULL,
    issue_date date NOT NULL,
    due_date date NOT NULL,
    currency_code character(3) NOT NULL,
    net_total numeric(12,2) NOT NULL,
    vat_total numeric(12,2) NOT NULL,
    gross_total numeric(12,2) NOT NULL,
    status text NOT NULL,
    paid_at timestamp with time zone,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'issued'::text, 'paid'::text, 'overdue'::text, 'void'::text])))
);

CREATE TABLE public.invoice_lines (
    id integer NOT NULL,
    invoice_id integer NOT NULL,
    line_no integer NOT NULL,
    description text NOT NULL,
    membership_id integer,
    booking_id bigint,
    quantity numeric(10,2) NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    net_amount numeric(12,2) NOT NULL,
    vat_rate numeric(5,2) NOT NULL,
    vat_amount numeric(12,2) NOT NULL
);

CREATE TABLE public.support_tickets (
    id integer NOT NULL,
    location_id integer NOT NULL,
    member_id integer,
    category text NOT NULL,
    priority text NOT NULL,
    subject text NOT NULL,
    status text NOT NULL,
    opened_at timestamp with time zone NOT NULL,
    resolved_at timestamp with time zone,
    CONSTRAINT support_tickets_category_check CHECK ((category = ANY (ARRAY['wifi'::text, 'access'::text, 'cleaning'::text, 'climate'::text, 'billing'::text, 'furniture'::text, 'other'::text]))),
    CONSTRAINT support_tickets_priority_check CHECK ((priority = ANY (ARRAY['low'::text, 'normal'::text, 'high'::text, 'urgent'::text]))),
    CONSTRAINT support_tickets_status_check CHECK ((status = ANY (ARRAY['open'::text, 'in_progress'::text, 'waiting'::text, 'resolved'::text, 'closed'::text])))
);

CREATE TABLE public.meters (
    id integer NOT NULL,
    location_id integer NOT NULL,
    kind text NOT NULL,
    serial_no text NOT NULL,
    unit text NOT NULL,
    installed_on date NOT NULL,
    CONSTRAINT meters_kind_check CHECK ((kind = ANY (ARRAY['electricity'::text, 'water'::text, 'heat'::text])))
);

CREATE TABLE public.meter_readings (
    id bigint NOT NULL,
    meter_id integer NOT NULL,
    read_at timestamp with time zone NOT NULL,
    value numeric(14,3) NOT NULL
);

ALTER TABLE public.vat_rates ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.vat_rates_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.locations ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.locations_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.floors ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.floors_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.spaces ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.spaces_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.membership_plans ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.membership_plans_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.companies ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.companies_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.members ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.members_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.memberships ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.memberships_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.bookings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.bookings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.access_cards ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.access_cards_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.access_events ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.access_events_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.day_passes ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.day_passes_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.invoices ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.invoices_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.invoice_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.invoice_lines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.support_tickets ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.support_tickets_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.meters ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.meters_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.meter_readings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.meter_readings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.vat_rates ADD CONSTRAINT vat_rates_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.locations ADD CONSTRAINT locations_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.floors ADD CONSTRAINT floors_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.spaces ADD CONSTRAINT spaces_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.companies ADD CONSTRAINT companies_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.members ADD CONSTRAINT members_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.access_cards ADD CONSTRAINT access_cards_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.access_events ADD CONSTRAINT access_events_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.day_passes ADD CONSTRAINT day_passes_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.support_tickets ADD CONSTRAINT support_tickets_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.meters ADD CONSTRAINT meters_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.meter_readings ADD CONSTRAINT meter_readings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.floors ADD CONSTRAINT floors_location_id_level_key UNIQUE (location_id, level);
ALTER TABLE ONLY public.spaces ADD CONSTRAINT spaces_floor_id_code_key UNIQUE (floor_id, code);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_code_key UNIQUE (code);
ALTER TABLE ONLY public.members ADD CONSTRAINT members_email_key UNIQUE (email);
ALTER TABLE ONLY public.access_cards ADD CONSTRAINT access_cards_card_uid_key UNIQUE (card_uid);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_number_key UNIQUE (invoice_number);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_line_no_key UNIQUE (invoice_id, line_no);
ALTER TABLE ONLY public.meters ADD CONSTRAINT meters_serial_no_key UNIQUE (serial_no);

CREATE INDEX bookings_space_id_starts_at_idx ON public.bookings USING btree (space_id, starts_at);
CREATE INDEX bookings_member_id_idx ON public.bookings USING btree (member_id);
CREATE INDEX access_events_card_id_occurred_at_idx ON public.access_events USING btree (card_id, occurred_at);
CREATE INDEX access_events_location_id_occurred_at_idx ON public.access_events USING btree (location_id, occurred_at);
CREATE INDEX memberships_company_id_idx ON public.memberships USING btree (company_id);
CREATE INDEX invoices_company_id_issue_date_idx ON public.invoices USING btree (company_id, issue_date);
CREATE INDEX meter_readings_meter_id_read_at_idx ON public.meter_readings USING btree (meter_id, read_at);
CREATE INDEX support_tickets_location_id_status_idx ON public.support_tickets USING btree (location_id, status);
CREATE INDEX vat_rates_country_code_valid_from_idx ON public.vat_rates USING btree (country_code, valid_from);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.vat_rates ADD CONSTRAINT vat_rates_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.locations ADD CONSTRAINT locations_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.floors ADD CONSTRAINT floors_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.spaces ADD CONSTRAINT spaces_floor_id_fkey FOREIGN KEY (floor_id) REFERENCES public.floors(id);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.companies ADD CONSTRAINT companies_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.members ADD CONSTRAINT members_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.membership_plans(id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_home_location_id_fkey FOREIGN KEY (home_location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_space_id_fkey FOREIGN KEY (space_id) REFERENCES public.spaces(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);
ALTER TABLE ONLY public.access_cards ADD CONSTRAINT access_cards_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);
ALTER TABLE ONLY public.access_events ADD CONSTRAINT access_events_card_id_fkey FOREIGN KEY (card_id) REFERENCES public.access_cards(id);
ALTER TABLE ONLY public.access_events ADD CONSTRAINT access_events_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.day_passes ADD CONSTRAINT day_passes_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.day_passes ADD CONSTRAINT day_passes_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES public.memberships(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.support_tickets ADD CONSTRAINT support_tickets_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.support_tickets ADD CONSTRAINT support_tickets_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.members(id);
ALTER TABLE ONLY public.meters ADD CONSTRAINT meters_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.meter_readings ADD CONSTRAINT meter_readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters(id);

--
-- PostgreSQL database dump complete
--
