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
    CONSTRAINT currencies_minor_units_check CHECK ((minor_units >= 0 AND minor_units <= 4))
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    calling_code character varying(4) NOT NULL,
    currency_code character(3) NOT NULL
);

CREATE TABLE public.dive_centres (
    id integer NOT NULL,
    code character varying(12) NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    address_line text NOT NULL,
    postcode character varying(12),
    phone character varying(20) NOT NULL,
    email text NOT NULL,
    currency_code character(3) NOT NULL,
    opened_on date NOT NULL,
    is_active boolean DEFAULT true NOT NULL
);

CREATE SEQUENCE public.dive_centres_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.dive_centres_id_seq OWNED BY public.dive_centres.id;
ALTER TABLE ONLY public.dive_centres ALTER COLUMN id SET DEFAULT nextval('public.dive_centres_id_seq'::regclass);

CREATE TABLE public.certification_levels (
    id integer NOT NULL,
    agency character varying(10) NOT NULL,
    code character varying(20) NOT NULL,
    name text NOT NULL,
    level_rank smallint NOT NULL,
    min_age smallint NOT NULL,
    max_depth_m numeric(4,1),
    is_professional boolean DEFAULT false NOT NULL,
    CONSTRAINT certification_levels_agency_check CHECK (((agency)::text = ANY ((ARRAY['PADI'::character varying, 'SSI'::character varying, 'NAUI'::character varying, 'CMAS'::character varying, 'BSAC'::character varying, 'SDI'::character varying])::text[])))
);

CREATE SEQUENCE public.certification_levels_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.certification_levels_id_seq OWNED BY public.certification_levels.id;
ALTER TABLE ONLY public.certification_levels ALTER COLUMN id SET DEFAULT nextval('public.certification_levels_id_seq'::regclass);

CREATE TABLE public.divers (
    id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone character varying(20),
    date_of_birth date NOT NULL,
    nationality character(2) NOT NULL,
    emergency_contact_name text,
    emergency_contact_phone character varying(20),
    medical_cleared_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.divers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.divers_id_seq OWNED BY public.divers.id;
ALTER TABLE ONLY public.divers ALTER COLUMN id SET DEFAULT nextval('public.divers_id_seq'::regclass);

CREATE TABLE public.instructors (
    id integer NOT NULL,
    centre_id integer NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    date_of_birth date NOT NULL,
    instructor_number character varying(20) NOT NULL,
    agency character varying(10) NOT NULL,
    hired_on date NOT NULL,
    left_on date,
    status text DEFAULT 'active'::text NOT NULL,
    CONSTRAINT instructors_status_check CHECK ((status = ANY (ARRAY['active'::text, 'on_leave'::text, 'left'::text])))
);

CREATE SEQUENCE public.instructors_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.instructors_id_seq OWNED BY public.instructors.id;
ALTER TABLE ONLY public.instructors ALTER COLUMN id SET DEFAULT nextval('public.instructors_id_seq'::regclass);

CREATE TABLE public.diver_certifications (
    id bigint NOT NULL,
    diver_id bigint NOT NULL,
    level_id integer NOT NULL,
    certification_number character varying(30) NOT NULL,
    issued_on date NOT NULL,
    issuing_instructor_id integer,
    verified boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.diver_certifications_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.diver_certifications_id_seq OWNED BY public.diver_certifications.id;
ALTER TABLE ONLY public.diver_certifications ALTER COLUMN id SET DEFAULT nextval('public.diver_certifications_id_seq'::regclass);

CREATE TABLE public.courses (
    id integer NOT NULL,
    centre_id integer NOT NULL,
    level_id integer NOT NULL,
    name text NOT NULL,
    duration_days smallint NOT NULL,
    open_water_dives smallint DEFAULT 0 NOT NULL,
    max_students smallint NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    is_offered boolean DEFAULT true NOT NULL,
    CONSTRAINT courses_price_check CHECK ((price >= (0)::numeric)),
    CONSTRAINT courses_max_students_check CHECK ((max_students > 0))
);

CREATE SEQUENCE public.courses_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.courses_id_seq OWNED BY public.courses.id;
ALTER TABLE ONLY public.courses ALTER COLUMN id SET DEFAULT nextval('public.courses_id_seq'::regclass);

CREATE TABLE public.course_enrolments (
    id bigint NOT NULL,
    course_id integer NOT NULL,
    diver_id bigint NOT NULL,
    instructor_id integer NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    status text DEFAULT 'enrolled'::text NOT NULL,
    completed_on date,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT course_enrolments_status_check CHECK ((status = ANY (ARRAY['enrolled'::text, 'in_progress'::text, 'completed'::text, 'withdrawn'::text, 'failed'::text])))
);

CREATE SEQUENCE public.course_enrolments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.course_enrolments_id_seq OWNED BY public.course_enrolments.id;
ALTER TABLE ONLY public.course_enrolments ALTER COLUMN id SET DEFAULT nextval('public.course_enrolments_id_seq'::regclass);

CREATE TABLE public.dive_sites (
    id integer NOT NULL,
    centre_id integer NOT NULL,
    name text NOT NULL,
    site_type text NOT NULL,
    latitude numeric(9,6) NOT NULL,
    longitude numeric(9,6) NOT NULL,
    max_depth_m numeric(4,1) NOT NULL,
    min_level_id integer,
    boat_minutes smallint,
    CONSTRAINT dive_sites_site_type_check CHECK ((site_type = ANY (ARRAY['reef'::text, 'wreck'::text, 'wall'::text, 'drift'::text, 'cave'::text, 'muck'::text, 'shore'::text])))
);

CREATE SEQUENCE public.dive_sites_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.dive_sites_id_seq OWNED BY public.dive_sites.id;
ALTER TABLE ONLY public.dive_sites ALTER COLUMN id SET DEFAULT nextval('public.dive_sites_id_seq'::regclass);

CREATE TABLE public.boats (
    id integer NOT NULL,
    centre_id integer NOT NULL,
    name text NOT NULL,
    registration character varying(20) NOT NULL,
    length_m numeric(4,1) NOT NULL,
    diver_capacity smallint NOT NULL,
    in_service boolean DEFAULT true NOT NULL
);

CREATE SEQUENCE public.boats_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.boats_id_seq OWNED BY public.boats.id;
ALTER TABLE ONLY public.boats ALTER COLUMN id SET DEFAULT nextval('public.boats_id_seq'::regclass);

CREATE TABLE public.boat_trips (
    id bigint NOT NULL,
    centre_id integer NOT NULL,
    boat_id integer NOT NULL,
    lead_instructor_id integer NOT NULL,
    trip_date date NOT NULL,
    departs_at timestamp with time zone NOT NULL,
    returns_at timestamp with time zone,
    status text DEFAULT 'scheduled'::text NOT NULL,
    divers_booked smallint DEFAULT 0 NOT NULL,
    CONSTRAINT boat_trips_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'departed'::text, 'completed'::text, 'cancelled'::text])))
);

CREATE SEQUENCE public.boat_trips_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.boat_trips_id_seq OWNED BY public.boat_trips.id;
ALTER TABLE ONLY public.boat_trips ALTER COLUMN id SET DEFAULT nextval('public.boat_trips_id_seq'::regclass);

CREATE TABLE public.trip_dives (
    id bigint NOT NULL,
    trip_id bigint NOT NULL,
    dive_no smallint NOT NULL,
    site_id integer NOT NULL,
    entry_at timestamp with time zone NOT NULL,
    exit_at timestamp with time zone,
    bottom_time_minutes smallint,
    max_depth_m numeric(4,1),
    water_temp_c numeric(3,1),
    visibility_m smallint
);

CREATE SEQUENCE public.trip_dives_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.trip_dives_id_seq OWNED BY public.trip_dives.id;
ALTER TABLE ONLY public.trip_dives ALTER COLUMN id SET DEFAULT nextval('public.trip_dives_id_seq'::regclass);

CREATE TABLE public.rental_items (
    id integer NOT NULL,
    centre_id integer NOT NULL,
    item_type text NOT NULL,
    brand text,
    serial_number character varying(40) NOT NULL,
    size_label character varying(10),
    purchased_on date NOT NULL,
    status text DEFAULT 'available'::text NOT NULL,
    CONSTRAINT rental_items_item_type_check CHECK ((item_type = ANY (ARRAY['regulator'::text, 'bcd'::text, 'wetsuit'::text, 'mask'::text, 'fins'::text, 'computer'::text, 'cylinder'::text, 'torch'::text]))),
    CONSTRAINT rental_items_status_check CHECK ((status = ANY (ARRAY['available'::text, 'rented'::text, 'in_service'::text, 'retired'::text])))
);

CREATE SEQUENCE public.rental_items_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.rental_items_id_seq OWNED BY public.rental_items.id;
ALTER TABLE ONLY public.rental_items ALTER COLUMN id SET DEFAULT nextval('public.rental_items_id_seq'::regclass);

CREATE TABLE public.gear_service_records (
    id bigint NOT NULL,
    item_id integer NOT NULL,
    serviced_at timestamp without time zone NOT NULL,
    service_type text NOT NULL,
    technician text NOT NULL,
    result text NOT NULL,
    next_due_on date,
    cost numeric(8,2),
    CONSTRAINT gear_service_records_service_type_check CHECK ((service_type = ANY (ARRAY['annual_service'::text, 'visual_inspection'::text, 'hydrostatic_test'::text, 'repair'::text]))),
    CONSTRAINT gear_service_records_result_check CHECK ((result = ANY (ARRAY['passed'::text, 'failed'::text])))
);

CREATE SEQUENCE public.gear_service_records_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.gear_service_records_id_seq OWNED BY public.gear_service_records.id;
ALTER TABLE ONLY public.gear_service_records ALTER COLUMN id SET DEFAULT nextval('public.gear_service_records_id_seq'::regclass);

CREATE TABLE public.compressors (
    id integer NOT NULL,
    centre_id integer NOT NULL,
    model text NOT NULL,
    serial_number character varying(40) NOT NULL,
    installed_on date NOT NULL,
    nitrox_capable boolean DEFAULT false NOT NULL
);

CREATE SEQUENCE public.compressors_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.compressors_id_seq OWNED BY public.compressors.id;
ALTER TABLE ONLY public.compressors ALTER COLUMN id SET DEFAULT nextval('public.compressors_id_seq'::regclass);

CREATE TABLE public.gas_fills (
    id bigint NOT NULL,
    compressor_id integer NOT NULL,
    cylinder_id integer NOT NULL,
    diver_id bigint,
    filled_at timestamp with time zone NOT NULL,
    gas text NOT NULL,
    oxygen_percent numeric(4,1) NOT NULL,
    fill_pressure_bar smallint NOT NULL,
    compressor_hours numeric(8,1) NOT NULL,
    analysed_by text,
    CONSTRAINT gas_fills_gas_check CHECK ((gas = ANY (ARRAY['air'::text, 'nitrox'::text])))
);

CREATE SEQUENCE public.gas_fills_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.gas_fills_id_seq OWNED BY public.gas_fills.id;
ALTER TABLE ONLY public.gas_fills ALTER COLUMN id SET DEFAULT nextval('public.gas_fills_id_seq'::regclass);

CREATE TABLE public.bookings (
    id bigint NOT NULL,
    booking_ref character varying(12) NOT NULL,
    centre_id integer NOT NULL,
    diver_id bigint NOT NULL,
    trip_id bigint,
    enrolment_id bigint,
    booked_at timestamp with time zone NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    currency_code character(3) NOT NULL,
    total_amount numeric(10,2) NOT NULL,
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text])))
);

CREATE SEQUENCE public.bookings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.bookings_id_seq OWNED BY public.bookings.id;
ALTER TABLE ONLY public.bookings ALTER COLUMN id SET DEFAULT nextval('public.bookings_id_seq'::regclass);

CREATE TABLE public.booking_lines (
    id bigint NOT NULL,
    booking_id bigint NOT NULL,
    line_no smallint NOT NULL,
    item_kind text NOT NULL,
    description text NOT NULL,
    rental_item_id integer,
    quantity smallint DEFAULT 1 NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    line_total numeric(10,2) NOT NULL,
    CONSTRAINT booking_lines_item_kind_check CHECK ((item_kind = ANY (ARRAY['boat_dive'::text, 'course'::text, 'rental'::text, 'nitrox'::text, 'marine_park_fee'::text, 'other'::text]))),
    CONSTRAINT booking_lines_quantity_check CHECK ((quantity > 0))
);

CREATE SEQUENCE public.booking_lines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.booking_lines_id_seq OWNED BY public.booking_lines.id;
ALTER TABLE ONLY public.booking_lines ALTER COLUMN id SET DEFAULT nextval('public.booking_lines_id_seq'::regclass);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    booking_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    method text NOT NULL,
    status text DEFAULT 'succeeded'::text NOT NULL,
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['card'::text, 'cash'::text, 'bank_transfer'::text, 'voucher'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refunded'::text])))
);

CREATE SEQUENCE public.payments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER SEQUENCE public.payments_id_seq OWNED BY public.payments.id;
ALTER TABLE ONLY public.payments ALTER COLUMN id SET DEFAULT nextval('public.payments_id_seq'::regclass);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.dive_centres ADD CONSTRAINT dive_centres_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.dive_centres ADD CONSTRAINT dive_centres_code_key UNIQUE (code);
ALTER TABLE ONLY public.certification_levels ADD CONSTRAINT certification_levels_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.certification_levels ADD CONSTRAINT certification_levels_agency_code_key UNIQUE (agency, code);
ALTER TABLE ONLY public.divers ADD CONSTRAINT divers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.divers ADD CONSTRAINT divers_email_key UNIQUE (email);
ALTER TABLE ONLY public.instructors ADD CONSTRAINT instructors_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.instructors ADD CONSTRAINT instructors_agency_number_key UNIQUE (agency, instructor_number);
ALTER TABLE ONLY public.diver_certifications ADD CONSTRAINT diver_certifications_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.diver_certifications ADD CONSTRAINT diver_certifications_level_number_key UNIQUE (level_id, certification_number);
ALTER TABLE ONLY public.courses ADD CONSTRAINT courses_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.course_enrolments ADD CONSTRAINT course_enrolments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.dive_sites ADD CONSTRAINT dive_sites_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.boats ADD CONSTRAINT boats_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.boats ADD CONSTRAINT boats_registration_key UNIQUE (registration);
ALTER TABLE ONLY public.boat_trips ADD CONSTRAINT boat_trips_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.trip_dives ADD CONSTRAINT trip_dives_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.trip_dives ADD CONSTRAINT trip_dives_trip_id_dive_no_key UNIQUE (trip_id, dive_no);
ALTER TABLE ONLY public.rental_items ADD CONSTRAINT rental_items_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.rental_items ADD CONSTRAINT rental_items_serial_number_key UNIQUE (serial_number);
ALTER TABLE ONLY public.gear_service_records ADD CONSTRAINT gear_service_records_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.compressors ADD CONSTRAINT compressors_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.gas_fills ADD CONSTRAINT gas_fills_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_booking_ref_key UNIQUE (booking_ref);
ALTER TABLE ONLY public.booking_lines ADD CONSTRAINT booking_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.booking_lines ADD CONSTRAINT booking_lines_booking_id_line_no_key UNIQUE (booking_id, line_no);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

CREATE INDEX boat_trips_centre_id_trip_date_idx ON public.boat_trips USING btree (centre_id, trip_date);
CREATE INDEX bookings_diver_id_idx ON public.bookings USING btree (diver_id);
CREATE INDEX bookings_trip_id_idx ON public.bookings USING btree (trip_id);
CREATE INDEX course_enrolments_diver_id_idx ON public.course_enrolments USING btree (diver_id);
CREATE INDEX diver_certifications_diver_id_idx ON public.diver_certifications USING btree (diver_id);
CREATE INDEX gas_fills_compressor_id_filled_at_idx ON public.gas_fills USING btree (compressor_id, filled_at);
CREATE INDEX gear_service_records_item_id_serviced_at_idx ON public.gear_service_records USING btree (item_id, serviced_at);
CREATE INDEX payments_booking_id_idx ON public.payments USING btree (booking_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.dive_centres ADD CONSTRAINT dive_centres_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.dive_centres ADD CONSTRAINT dive_centres_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.divers ADD CONSTRAINT divers_nationality_fkey FOREIGN KEY (nationality) REFERENCES public.countries(code);
ALTER TABLE ONLY public.instructors ADD CONSTRAINT instructors_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.diver_certifications ADD CONSTRAINT diver_certifications_diver_id_fkey FOREIGN KEY (diver_id) REFERENCES public.divers(id);
ALTER TABLE ONLY public.diver_certifications ADD CONSTRAINT diver_certifications_level_id_fkey FOREIGN KEY (level_id) REFERENCES public.certification_levels(id);
ALTER TABLE ONLY public.diver_certifications ADD CONSTRAINT diver_certifications_issuing_instructor_id_fkey FOREIGN KEY (issuing_instructor_id) REFERENCES public.instructors(id);
ALTER TABLE ONLY public.courses ADD CONSTRAINT courses_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.courses ADD CONSTRAINT courses_level_id_fkey FOREIGN KEY (level_id) REFERENCES public.certification_levels(id);
ALTER TABLE ONLY public.courses ADD CONSTRAINT courses_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.course_enrolments ADD CONSTRAINT course_enrolments_course_id_fkey FOREIGN KEY (course_id) REFERENCES public.courses(id);
ALTER TABLE ONLY public.course_enrolments ADD CONSTRAINT course_enrolments_diver_id_fkey FOREIGN KEY (diver_id) REFERENCES public.divers(id);
ALTER TABLE ONLY public.course_enrolments ADD CONSTRAINT course_enrolments_instructor_id_fkey FOREIGN KEY (instructor_id) REFERENCES public.instructors(id);
ALTER TABLE ONLY public.dive_sites ADD CONSTRAINT dive_sites_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.dive_sites ADD CONSTRAINT dive_sites_min_level_id_fkey FOREIGN KEY (min_level_id) REFERENCES public.certification_levels(id);
ALTER TABLE ONLY public.boats ADD CONSTRAINT boats_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.boat_trips ADD CONSTRAINT boat_trips_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.boat_trips ADD CONSTRAINT boat_trips_boat_id_fkey FOREIGN KEY (boat_id) REFERENCES public.boats(id);
ALTER TABLE ONLY public.boat_trips ADD CONSTRAINT boat_trips_lead_instructor_id_fkey FOREIGN KEY (lead_instructor_id) REFERENCES public.instructors(id);
ALTER TABLE ONLY public.trip_dives ADD CONSTRAINT trip_dives_trip_id_fkey FOREIGN KEY (trip_id) REFERENCES public.boat_trips(id);
ALTER TABLE ONLY public.trip_dives ADD CONSTRAINT trip_dives_site_id_fkey FOREIGN KEY (site_id) REFERENCES public.dive_sites(id);
ALTER TABLE ONLY public.rental_items ADD CONSTRAINT rental_items_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.gear_service_records ADD CONSTRAINT gear_service_records_item_id_fkey FOREIGN KEY (item_id) REFERENCES public.rental_items(id);
ALTER TABLE ONLY public.compressors ADD CONSTRAINT compressors_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.gas_fills ADD CONSTRAINT gas_fills_compressor_id_fkey FOREIGN KEY (compressor_id) REFERENCES public.compressors(id);
ALTER TABLE ONLY public.gas_fills ADD CONSTRAINT gas_fills_cylinder_id_fkey FOREIGN KEY (cylinder_id) REFERENCES public.rental_items(id);
ALTER TABLE ONLY public.gas_fills ADD CONSTRAINT gas_fills_diver_id_fkey FOREIGN KEY (diver_id) REFERENCES public.divers(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_centre_id_fkey FOREIGN KEY (centre_id) REFERENCES public.dive_centres(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_diver_id_fkey FOREIGN KEY (diver_id) REFERENCES public.divers(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_trip_id_fkey FOREIGN KEY (trip_id) REFERENCES public.boat_trips(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_enrolment_id_fkey FOREIGN KEY (enrolment_id) REFERENCES public.course_enrolments(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.booking_lines ADD CONSTRAINT booking_lines_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.booking_lines ADD CONSTRAINT booking_lines_rental_item_id_fkey FOREIGN KEY (rental_item_id) REFERENCES public.rental_items(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

--
-- PostgreSQL database dump complete
--
