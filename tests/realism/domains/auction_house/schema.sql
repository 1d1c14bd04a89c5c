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

--
-- Name: consignment_status; Type: TYPE; Schema: public; Owner: hv_app
--

CREATE TYPE public.consignment_status AS ENUM (
    'received',
    'catalogued',
    'offered',
    'settled',
    'returned'
);

CREATE TYPE public.sale_status AS ENUM (
    'planned',
    'open_for_bids',
    'closed',
    'cancelled'
);

CREATE TYPE public.sale_format AS ENUM (
    'live',
    'online'
);

CREATE TYPE public.lot_kind AS ENUM (
    'painting',
    'works_on_paper',
    'sculpture',
    'furniture',
    'jewellery',
    'watch',
    'wine',
    'ceramics',
    'book'
);

CREATE TYPE public.lot_outcome AS ENUM (
    'pending',
    'sold',
    'bought_in',
    'withdrawn'
);

CREATE TYPE public.bid_channel AS ENUM (
    'room',
    'phone',
    'online',
    'absentee'
);

CREATE TYPE public.kyc_outcome AS ENUM (
    'passed',
    'referred',
    'failed'
);

CREATE TYPE public.inv_status AS ENUM (
    'draft',
    'issued',
    'part_paid',
    'paid',
    'void'
);

CREATE TYPE public.pay_method AS ENUM (
    'wire',
    'card',
    'cheque',
    'cash'
);

SET default_tablespace = '';
SET default_table_access_method = heap;

--
-- Name: countries; Type: TABLE; Schema: public; Owner: hv_app
--

CREATE TABLE public.countries (
    iso_code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    dial_code character varying(4) NOT NULL
);

CREATE TABLE public.departments (
    dept_id smallint NOT NULL,
    dept_code character varying(8) NOT NULL,
    name text NOT NULL
);

CREATE TABLE public.salerooms (
    saleroom_id integer NOT NULL,
    name text NOT NULL,
    street text NOT NULL,
    city text NOT NULL,
    postcode character varying(12),
    country_code character(2) NOT NULL,
    phone character varying(24) NOT NULL,
    tz text NOT NULL,
    opened_on date NOT NULL
);

CREATE TABLE public.specialists (
    specialist_id integer NOT NULL,
    saleroom_id integer NOT NULL,
    dept_id smallint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email character varying(254) NOT NULL,
    born_on date,
    joined_on date NOT NULL,
    left_on date
);

CREATE TABLE public.clients (
    client_id bigint NOT NULL,
    client_ref character varying(12) NOT NULL,
    title character varying(12),
    first_name text,
    last_name text,
    company_name text,
    born_on date,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    postcode character varying(12),
    phone character varying(24),
    email character varying(254),
    is_trade boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.kyc_checks (
    kyc_id bigint NOT NULL,
    client_id bigint NOT NULL,
    checked_by integer,
    checked_on date NOT NULL,
    valid_until date NOT NULL,
    outcome public.kyc_outcome NOT NULL,
    doc_type character varying(20),
    CONSTRAINT kyc_checks_valid_chk CHECK ((valid_until >= checked_on))
);

CREATE TABLE public.premium_schedules (
    schedule_id integer NOT NULL,
    saleroom_id integer NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    band_upto numeric(14,2),
    rate_pct numeric(5,2) NOT NULL
);

CREATE TABLE public.consignments (
    consignment_id bigint NOT NULL,
    consignor_id bigint NOT NULL,
    saleroom_id integer NOT NULL,
    received_at timestamp with time zone NOT NULL,
    commission_pct numeric(5,2) NOT NULL,
    status public.consignment_status DEFAULT 'received'::public.consignment_status NOT NULL
);

CREATE TABLE public.sales (
    sale_id integer NOT NULL,
    sale_no character varying(10) NOT NULL,
    saleroom_id integer NOT NULL,
    dept_id smallint NOT NULL,
    title text NOT NULL,
    fmt public.sale_format DEFAULT 'live'::public.sale_format NOT NULL,
    currency character(3) NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    status public.sale_status DEFAULT 'planned'::public.sale_status NOT NULL,
    CONSTRAINT sales_dates_chk CHECK ((ends_at > starts_at))
);

CREATE TABLE public.sale_sessions (
    session_id integer NOT NULL,
    sale_id integer NOT NULL,
    session_no smallint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone,
    first_lot_no integer,
    last_lot_no integer
);

CREATE TABLE public.lots (
    lot_id bigint NOT NULL,
    sale_id integer NOT NULL,
    session_id integer,
    lot_no integer NOT NULL,
    consignment_id bigint NOT NULL,
    title text NOT NULL,
    kind public.lot_kind NOT NULL,
    height_cm numeric(7,1),
    width_cm numeric(7,1),
    depth_cm numeric(7,1),
    weight_kg numeric(9,3),
    estimate_low numeric(14,2) NOT NULL,
    estimate_high numeric(14,2) NOT NULL,
    reserve_amt numeric(14,2),
    hammer_amt numeric(14,2),
    outcome public.lot_outcome DEFAULT 'pending'::public.lot_outcome NOT NULL,
    buyer_paddle_id bigint,
    CONSTRAINT lots_estimate_chk CHECK ((estimate_low <= estimate_high))
);

CREATE TABLE public.paddles (
    paddle_id bigint NOT NULL,
    sale_id integer NOT NULL,
    client_id bigint NOT NULL,
    paddle_no integer NOT NULL,
    channel public.bid_channel DEFAULT 'room'::public.bid_channel NOT NULL,
    registered_at timestamp with time zone NOT NULL
);

CREATE TABLE public.bids (
    bid_id bigint NOT NULL,
    lot_id bigint NOT NULL,
    paddle_id bigint NOT NULL,
    amount numeric(14,2) NOT NULL,
    placed_at timestamp with time zone NOT NULL,
    CONSTRAINT bids_amount_chk CHECK ((amount > (0)::numeric))
);

CREATE TABLE public.invoices (
    invoice_id bigint NOT NULL,
    invoice_no character varying(16) NOT NULL,
    sale_id integer NOT NULL,
    client_id bigint NOT NULL,
    currency character(3) NOT NULL,
    issued_on date,
    due_on date,
    hammer_total numeric(14,2) DEFAULT 0 NOT NULL,
    premium_total numeric(14,2) DEFAULT 0 NOT NULL,
    vat_total numeric(14,2) DEFAULT 0 NOT NULL,
    total_due numeric(14,2) DEFAULT 0 NOT NULL,
    status public.inv_status DEFAULT 'draft'::public.inv_status NOT NULL
);

CREATE TABLE public.invoice_lines (
    line_id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    line_no smallint NOT NULL,
    lot_id bigint NOT NULL,
    hammer_amt numeric(14,2) NOT NULL,
    premium_amt numeric(14,2) DEFAULT 0 NOT NULL,
    vat_amt numeric(14,2) DEFAULT 0 NOT NULL
);

CREATE TABLE public.payments (
    payment_id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    received_at timestamp with time zone NOT NULL,
    amount numeric(14,2) NOT NULL,
    method public.pay_method NOT NULL,
    bank_ref character varying(40),
    CONSTRAINT payments_amount_chk CHECK ((amount > (0)::numeric))
);

CREATE TABLE public.condition_reports (
    report_id bigint NOT NULL,
    lot_id bigint NOT NULL,
    specialist_id integer NOT NULL,
    written_at timestamp with time zone NOT NULL,
    grade character varying(12),
    notes text
);

CREATE TABLE public.viewings (
    viewing_id bigint NOT NULL,
    client_id bigint NOT NULL,
    specialist_id integer NOT NULL,
    saleroom_id integer NOT NULL,
    sale_id integer,
    starts_at timestamp with time zone NOT NULL,
    duration_min smallint DEFAULT 30 NOT NULL,
    attended boolean,
    CONSTRAINT viewings_duration_chk CHECK ((duration_min > 0))
);

CREATE TABLE public.shipments (
    shipment_id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    carrier text NOT NULL,
    dest_country character(2) NOT NULL,
    crate_h_cm numeric(6,1),
    crate_w_cm numeric(6,1),
    crate_d_cm numeric(6,1),
    gross_kg numeric(8,2),
    booked_at timestamp with time zone NOT NULL,
    shipped_at timestamp with time zone,
    delivered_at timestamp with time zone
);

--
-- Identity columns
--

ALTER TABLE public.clients ALTER COLUMN client_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.clients_client_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.lots ALTER COLUMN lot_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.lots_lot_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE public.bids ALTER COLUMN bid_id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.bids_bid_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Primary keys
--

ALTER TABLE ONLY public.countries
    ADD CONSTRAINT countries_pkey PRIMARY KEY (iso_code);

ALTER TABLE ONLY public.departments
    ADD CONSTRAINT departments_pkey PRIMARY KEY (dept_id);

ALTER TABLE ONLY public.departments
    ADD CONSTRAINT departments_dept_code_key UNIQUE (dept_code);

ALTER TABLE ONLY public.salerooms
    ADD CONSTRAINT salerooms_pkey PRIMARY KEY (saleroom_id);

ALTER TABLE ONLY public.specialists
    ADD CONSTRAINT specialists_pkey PRIMARY KEY (specialist_id);

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_pkey PRIMARY KEY (client_id);

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_client_ref_key UNIQUE (client_ref);

ALTER TABLE ONLY public.kyc_checks
    ADD CONSTRAINT kyc_checks_pkey PRIMARY KEY (kyc_id);

ALTER TABLE ONLY public.premium_schedules
    ADD CONSTRAINT premium_schedules_pkey PRIMARY KEY (schedule_id);

ALTER TABLE ONLY public.consignments
    ADD CONSTRAINT consignments_pkey PRIMARY KEY (consignment_id);

ALTER TABLE ONLY public.sales
    ADD CONSTRAINT sales_pkey PRIMARY KEY (sale_id);

ALTER TABLE ONLY public.sales
    ADD CONSTRAINT sales_sale_no_key UNIQUE (sale_no);

ALTER TABLE ONLY public.sale_sessions
    ADD CONSTRAINT sale_sessions_pkey PRIMARY KEY (session_id);

ALTER TABLE ONLY public.sale_sessions
    ADD CONSTRAINT sale_sessions_sale_id_session_no_key UNIQUE (sale_id, session_no);

ALTER TABLE ONLY public.lots
    ADD CONSTRAINT lots_pkey PRIMARY KEY (lot_id);

ALTER TABLE ONLY public.lots
    ADD CONSTRAINT lots_sale_id_lot_no_key UNIQUE (sale_id, lot_no);

ALTER TABLE ONLY public.paddles
    ADD CONSTRAINT paddles_pkey PRIMARY KEY (paddle_id);

ALTER TABLE ONLY public.paddles
    ADD CONSTRAINT paddles_sale_id_paddle_no_key UNIQUE (sale_id, paddle_no);

ALTER TABLE ONLY public.bids
    ADD CONSTRAINT bids_pkey PRIMARY KEY (bid_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_pkey PRIMARY KEY (invoice_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (line_id);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_lot_id_key UNIQUE (lot_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_pkey PRIMARY KEY (payment_id);

ALTER TABLE ONLY public.condition_reports
    ADD CONSTRAINT condition_reports_pkey PRIMARY KEY (report_id);

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_pkey PRIMARY KEY (viewing_id);

ALTER TABLE ONLY public.shipments
    ADD CONSTRAINT shipments_pkey PRIMARY KEY (shipment_id);

--
-- Indexes
--

CREATE INDEX bids_lot_id_placed_at_idx ON public.bids USING btree (lot_id, placed_at);

CREATE INDEX lots_consignment_id_idx ON public.lots USING btree (consignment_id);

CREATE INDEX paddles_client_id_idx ON public.paddles USING btree (client_id);

CREATE INDEX invoices_client_id_idx ON public.invoices USING btree (client_id);

CREATE INDEX kyc_checks_client_id_checked_on_idx ON public.kyc_checks USING btree (client_id, checked_on);

CREATE INDEX viewings_saleroom_id_starts_at_idx ON public.viewings USING btree (saleroom_id, starts_at);

--
-- Foreign keys
--

ALTER TABLE ONLY public.salerooms
    ADD CONSTRAINT salerooms_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);

ALTER TABLE ONLY public.specialists
    ADD CONSTRAINT specialists_saleroom_id_fkey FOREIGN KEY (saleroom_id) REFERENCES public.salerooms(saleroom_id);

ALTER TABLE ONLY public.specialists
    ADD CONSTRAINT specialists_dept_id_fkey FOREIGN KEY (dept_id) REFERENCES public.departments(dept_id);

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(iso_code);

ALTER TABLE ONLY public.kyc_checks
    ADD CONSTRAINT kyc_checks_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.clients(client_id);

ALTER TABLE ONLY public.kyc_checks
    ADD CONSTRAINT kyc_checks_checked_by_fkey FOREIGN KEY (checked_by) REFERENCES public.specialists(specialist_id);

ALTER TABLE ONLY public.premium_schedules
    ADD CONSTRAINT premium_schedules_saleroom_id_fkey FOREIGN KEY (saleroom_id) REFERENCES public.salerooms(saleroom_id);

ALTER TABLE ONLY public.consignments
    ADD CONSTRAINT consignments_consignor_id_fkey FOREIGN KEY (consignor_id) REFERENCES public.clients(client_id);

ALTER TABLE ONLY public.consignments
    ADD CONSTRAINT consignments_saleroom_id_fkey FOREIGN KEY (saleroom_id) REFERENCES public.salerooms(saleroom_id);

ALTER TABLE ONLY public.sales
    ADD CONSTRAINT sales_saleroom_id_fkey FOREIGN KEY (saleroom_id) REFERENCES public.salerooms(saleroom_id);

ALTER TABLE ONLY public.sales
    ADD CONSTRAINT sales_dept_id_fkey FOREIGN KEY (dept_id) REFERENCES public.departments(dept_id);

ALTER TABLE ONLY public.sale_sessions
    ADD CONSTRAINT sale_sessions_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES public.sales(sale_id);

ALTER TABLE ONLY public.lots
    ADD CONSTRAINT lots_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES public.sales(sale_id);

ALTER TABLE ONLY public.lots
    ADD CONSTRAINT lots_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.sale_sessions(session_id);

ALTER TABLE ONLY public.lots
    ADD CONSTRAINT lots_consignment_id_fkey FOREIGN KEY (consignment_id) REFERENCES public.consignments(consignment_id);

ALTER TABLE ONLY public.lots
    ADD CONSTRAINT lots_buyer_paddle_id_fkey FOREIGN KEY (buyer_paddle_id) REFERENCES public.paddles(paddle_id);

ALTER TABLE ONLY public.paddles
    ADD CONSTRAINT paddles_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES public.sales(sale_id);

ALTER TABLE ONLY public.paddles
    ADD CONSTRAINT paddles_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.clients(client_id);

ALTER TABLE ONLY public.bids
    ADD CONSTRAINT bids_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES public.lots(lot_id);

ALTER TABLE ONLY public.bids
    ADD CONSTRAINT bids_paddle_id_fkey FOREIGN KEY (paddle_id) REFERENCES public.paddles(paddle_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES public.sales(sale_id);

ALTER TABLE ONLY public.invoices
    ADD CONSTRAINT invoices_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.clients(client_id);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(invoice_id);

ALTER TABLE ONLY public.invoice_lines
    ADD CONSTRAINT invoice_lines_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES public.lots(lot_id);

ALTER TABLE ONLY public.payments
    ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(invoice_id);

ALTER TABLE ONLY public.condition_reports
    ADD CONSTRAINT condition_reports_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES public.lots(lot_id);

ALTER TABLE ONLY public.condition_reports
    ADD CONSTRAINT condition_reports_specialist_id_fkey FOREIGN KEY (specialist_id) REFERENCES public.specialists(specialist_id);

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_client_id_fkey FOREIGN KEY (client_id) REFERENCES public.clients(client_id);

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_specialist_id_fkey FOREIGN KEY (specialist_id) REFERENCES public.specialists(specialist_id);

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_saleroom_id_fkey FOREIGN KEY (saleroom_id) REFERENCES public.salerooms(saleroom_id);

ALTER TABLE ONLY public.viewings
    ADD CONSTRAINT viewings_sale_id_fkey FOREIGN KEY (sale_id) REFERENCES public.sales(sale_id);

ALTER TABLE ONLY public.shipments
    ADD CONSTRAINT shipments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(invoice_id);

ALTER TABLE ONLY public.shipments
    ADD CONSTRAINT shipments_dest_country_fkey FOREIGN KEY (dest_country) REFERENCES public.countries(iso_code);

--
-- PostgreSQL database dump complete
--
