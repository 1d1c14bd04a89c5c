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

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    phone_prefix text NOT NULL,
    vat_rate numeric(5,2) NOT NULL,
    CONSTRAINT countries_vat_rate_check CHECK ((vat_rate >= (0)::numeric AND vat_rate < (100)::numeric))
);

CREATE TABLE public.locations (
    id bigint NOT NULL,
    code text NOT NULL,
    country_code character(2) NOT NULL,
    name text NOT NULL,
    address_line text NOT NULL,
    city text NOT NULL,
    postcode text,
    phone text NOT NULL,
    email text NOT NULL,
    timezone text NOT NULL,
    opened_on date NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    CONSTRAINT locations_status_check CHECK ((status = ANY (ARRAY['open'::text, 'temporarily_closed'::text, 'closed'::text])))
);

CREATE TABLE public.suites (
    id bigint NOT NULL,
    location_id bigint NOT NULL,
    suite_code text NOT NULL,
    kind text NOT NULL,
    size_class text NOT NULL,
    floor_area_m2 numeric(6,2) NOT NULL,
    max_pet_weight_kg numeric(5,1) NOT NULL,
    nightly_rate numeric(10,2) NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT suites_kind_check CHECK ((kind = ANY (ARRAY['kennel'::text, 'luxury_suite'::text, 'cattery'::text, 'small_animal'::text]))),
    CONSTRAINT suites_size_class_check CHECK ((size_class = ANY (ARRAY['xs'::text, 's'::text, 'm'::text, 'l'::text, 'xl'::text]))),
    CONSTRAINT suites_floor_area_m2_check CHECK ((floor_area_m2 > (0)::numeric)),
    CONSTRAINT suites_max_pet_weight_kg_check CHECK ((max_pet_weight_kg > (0)::numeric)),
    CONSTRAINT suites_nightly_rate_check CHECK ((nightly_rate >= (0)::numeric))
);

CREATE TABLE public.staff (
    id bigint NOT NULL,
    location_id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    role text NOT NULL,
    email text NOT NULL,
    date_of_birth date,
    hired_on date NOT NULL,
    left_on date,
    CONSTRAINT staff_role_check CHECK ((role = ANY (ARRAY['groomer'::text, 'carer'::text, 'receptionist'::text, 'manager'::text])))
);

CREATE TABLE public.owners (
    id bigint NOT NULL,
    home_location_id bigint NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone text,
    address_line text,
    city text,
    postcode text,
    country_code character(2) NOT NULL,
    date_of_birth date,
    registered_at timestamp with time zone DEFAULT now() NOT NULL,
    marketing_opt_in boolean DEFAULT false NOT NULL
);

CREATE TABLE public.breeds (
    id bigint NOT NULL,
    species text NOT NULL,
    name text NOT NULL,
    size_class text,
    typical_weight_min_kg numeric(5,1),
    typical_weight_max_kg numeric(5,1),
    CONSTRAINT breeds_species_check CHECK ((species = ANY (ARRAY['dog'::text, 'cat'::text, 'rabbit'::text, 'guinea_pig'::text, 'ferret'::text]))),
    CONSTRAINT breeds_size_class_check CHECK ((size_class = ANY (ARRAY['toy'::text, 'small'::text, 'medium'::text, 'large'::text, 'giant'::text]))),
    CONSTRAINT breeds_weight_range_check CHECK ((typical_weight_min_kg <= typical_weight_max_kg))
);

CREATE TABLE public.pets (
    id bigint NOT NULL,
    owner_id bigint NOT NULL,
    name text NOT NULL,
    species text NOT NULL,
    breed_id bigint,
    sex text NOT NULL,
    neutered boolean DEFAULT false NOT NULL,
    date_of_birth date NOT NULL,
    weight_kg numeric(5,2) NOT NULL,
    microchip_no text,
    temperament text DEFAULT 'friendly'::text NOT NULL,
    care_notes text,
    registered_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT pets_species_check CHECK ((species = ANY (ARRAY['dog'::text, 'cat'::text, 'rabbit'::text, 'guinea_pig'::text, 'ferret'::text]))),
    CONSTRAINT pets_sex_check CHECK ((sex = ANY (ARRAY['male'::text, 'female'::text]))),
    CONSTRAINT pets_temperament_check CHECK ((temperament = ANY (ARRAY['friendly'::text, 'shy'::text, 'reactive'::text, 'needs_solo'::text]))),
    CONSTRAINT pets_weight_kg_check CHECK ((weight_kg > (0)::numeric))
);

CREATE TABLE public.vaccines (
    id bigint NOT NULL,
    species text NOT NULL,
    name text NOT NULL,
    required_for_boarding boolean DEFAULT false NOT NULL,
    validity_months integer NOT NULL,
    CONSTRAINT vaccines_species_check CHECK ((species = ANY (ARRAY['dog'::text, 'cat'::text, 'rabbit'::text, 'guinea_pig'::text, 'ferret'::text]))),
    CONSTRAINT vaccines_validity_months_check CHECK ((validity_months > 0))
);

CREATE TABLE public.vaccinations (
    id bigint NOT NULL,
    pet_id bigint NOT NULL,
    vaccine_id bigint NOT NULL,
    administered_on date NOT NULL,
    valid_until date NOT NULL,
    vet_practice text,
    batch_no text,
    verified_by_staff_id bigint,
    verified_at timestamp with time zone,
    CONSTRAINT vaccinations_period_check CHECK ((valid_until > administered_on))
);

CREATE TABLE public.membership_plans (
    id bigint NOT NULL,
    country_code character(2) NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    plan_type text NOT NULL,
    days_included integer NOT NULL,
    validity_days integer NOT NULL,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT membership_plans_plan_type_check CHECK ((plan_type = ANY (ARRAY['daycare_pack'::text, 'boarding_pack'::text, 'grooming_club'::text]))),
    CONSTRAINT membership_plans_days_included_check CHECK ((days_included > 0)),
    CONSTRAINT membership_plans_validity_days_check CHECK ((validity_days > 0)),
    CONSTRAINT membership_plans_price_check CHECK ((price >= (0)::numeric))
);

CREATE TABLE public.memberships (
    id bigint NOT NULL,
    owner_id bigint NOT NULL,
    plan_id bigint NOT NULL,
    purchased_at timestamp with time zone NOT NULL,
    starts_on date NOT NULL,
    ends_on date NOT NULL,
    status text NOT NULL,
    price_paid numeric(10,2) NOT NULL,
    CONSTRAINT memberships_status_check CHECK ((status = ANY (ARRAY['active'::text, 'used_up'::text, 'expired'::text, 'cancelled'::text]))),
    CONSTRAINT memberships_period_check CHECK ((ends_on >= starts_on))
);

CREATE TABLE public.bookings (
    id bigint NOT NULL,
    booking_ref text NOT NULL,
    owner_id bigint NOT NULL,
    location_id bigint NOT NULL,
    booking_type text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    planned_check_in_at timestamp with time zone NOT NULL,
    planned_check_out_at timestamp with time zone NOT NULL,
    actual_check_in_at timestamp with time zone,
    actual_check_out_at timestamp with time zone,
    cancelled_at timestamp with time zone,
    special_instructions text,
    CONSTRAINT bookings_booking_type_check CHECK ((booking_type = ANY (ARRAY['boarding'::text, 'daycare'::text]))),
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'confirmed'::text, 'checked_in'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))),
    CONSTRAINT bookings_planned_check CHECK ((planned_check_out_at > planned_check_in_at))
);

CREATE TABLE public.package_redemptions (
    id bigint NOT NULL,
    membership_id bigint NOT NULL,
    booking_id bigint NOT NULL,
    redeemed_at timestamp with time zone NOT NULL,
    days_redeemed integer NOT NULL,
    days_used_after integer NOT NULL,
    CONSTRAINT package_redemptions_days_redeemed_check CHECK ((days_redeemed > 0))
);

CREATE TABLE public.stays (
    id bigint NOT NULL,
    booking_id bigint NOT NULL,
    pet_id bigint NOT NULL,
    suite_id bigint,
    unit_rate numeric(10,2) NOT NULL,
    feeding_plan text,
    CONSTRAINT stays_unit_rate_check CHECK ((unit_rate >= (0)::numeric))
);

CREATE TABLE public.care_logs (
    id bigint NOT NULL,
    stay_id bigint NOT NULL,
    log_no integer NOT NULL,
    logged_at timestamp with time zone NOT NULL,
    staff_id bigint NOT NULL,
    meal_eaten text,
    walk_minutes integer DEFAULT 0 NOT NULL,
    play_minutes integer DEFAULT 0 NOT NULL,
    toileting_normal boolean DEFAULT true NOT NULL,
    medication_given boolean DEFAULT false NOT NULL,
    mood text,
    notes text,
    CONSTRAINT care_logs_meal_eaten_check CHECK ((meal_eaten = ANY (ARRAY['all'::text, 'most'::text, 'half'::text, 'little'::text, 'none'::text]))),
    CONSTRAINT care_logs_mood_check CHECK ((mood = ANY (ARRAY['happy'::text, 'calm'::text, 'anxious'::text, 'lethargic'::text]))),
    CONSTRAINT care_logs_minutes_check CHECK (((walk_minutes >= 0) AND (play_minutes >= 0)))
);

CREATE TABLE public.services (
    id bigint NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    category text NOT NULL,
    species text,
    typical_duration_minutes integer,
    is_active boolean DEFAULT true NOT NULL,
    CONSTRAINT services_category_check CHECK ((category = ANY (ARRAY['grooming'::text, 'addon'::text, 'training'::text, 'transport'::text])))
);

CREATE TABLE public.grooming_appointments (
    id bigint NOT NULL,
    location_id bigint NOT NULL,
    pet_id bigint NOT NULL,
    groomer_id bigint NOT NULL,
    service_id bigint NOT NULL,
    booking_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    scheduled_at timestamp with time zone NOT NULL,
    duration_minutes integer NOT NULL,
    status text DEFAULT 'scheduled'::text NOT NULL,
    completed_at timestamp with time zone,
    price numeric(10,2) NOT NULL,
    currency_code character(3) NOT NULL,
    CONSTRAINT grooming_appointments_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'checked_in'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))),
    CONSTRAINT grooming_appointments_duration_minutes_check CHECK ((duration_minutes > 0)),
    CONSTRAINT grooming_appointments_price_check CHECK ((price >= (0)::numeric))
);

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    invoice_no text NOT NULL,
    location_id bigint NOT NULL,
    owner_id bigint NOT NULL,
    booking_id bigint,
    grooming_appointment_id bigint,
    membership_id bigint,
    issued_at timestamp with time zone NOT NULL,
    due_on date NOT NULL,
    currency_code character(3) NOT NULL,
    subtotal numeric(12,2) NOT NULL,
    discount_amount numeric(12,2) DEFAULT 0 NOT NULL,
    tax_amount numeric(12,2) NOT NULL,
    total numeric(12,2) NOT NULL,
    amount_paid numeric(12,2) DEFAULT 0 NOT NULL,
    status text NOT NULL,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'issued'::text, 'partially_paid'::text, 'paid'::text, 'void'::text])))
);

CREATE TABLE public.invoice_lines (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    line_no integer NOT NULL,
    service_id bigint,
    stay_id bigint,
    description text NOT NULL,
    quantity numeric(8,2) NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    line_total numeric(12,2) NOT NULL,
    CONSTRAINT invoice_lines_quantity_check CHECK ((quantity > (0)::numeric))
);

CREATE TABLE public.payments (
    id bigint NOT NULL,
    invoice_id bigint NOT NULL,
    paid_at timestamp with time zone NOT NULL,
    amount numeric(12,2) NOT NULL,
    method text NOT NULL,
    status text NOT NULL,
    provider_ref text,
    CONSTRAINT payments_method_check CHECK ((method = ANY (ARRAY['card'::text, 'cash'::text, 'bank_transfer'::text, 'wallet'::text]))),
    CONSTRAINT payments_status_check CHECK ((status = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refunded'::text]))),
    CONSTRAINT payments_amount_check CHECK ((amount > (0)::numeric))
);

ALTER TABLE public.locations ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.locations_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.suites ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.suites_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.staff ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.staff_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.owners ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.owners_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.breeds ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.breeds_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.pets ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.pets_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.vaccines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.vaccines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.vaccinations ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.vaccinations_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.membership_plans ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.membership_plans_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.memberships ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.memberships_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.bookings ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.bookings_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.package_redemptions ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.package_redemptions_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.stays ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.stays_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.care_logs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.care_logs_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.services ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.services_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.grooming_appointments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.grooming_appointments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.invoices ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.invoices_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.invoice_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.invoice_lines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.payments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.payments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.locations ADD CONSTRAINT locations_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.locations ADD CONSTRAINT locations_code_key UNIQUE (code);
ALTER TABLE ONLY public.suites ADD CONSTRAINT suites_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.suites ADD CONSTRAINT suites_location_id_suite_code_key UNIQUE (location_id, suite_code);
ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_email_key UNIQUE (email);
ALTER TABLE ONLY public.owners ADD CONSTRAINT owners_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.owners ADD CONSTRAINT owners_email_key UNIQUE (email);
ALTER TABLE ONLY public.breeds ADD CONSTRAINT breeds_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.breeds ADD CONSTRAINT breeds_species_name_key UNIQUE (species, name);
ALTER TABLE ONLY public.pets ADD CONSTRAINT pets_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vaccines ADD CONSTRAINT vaccines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.vaccines ADD CONSTRAINT vaccines_species_name_key UNIQUE (species, name);
ALTER TABLE ONLY public.vaccinations ADD CONSTRAINT vaccinations_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_code_key UNIQUE (code);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_booking_ref_key UNIQUE (booking_ref);
ALTER TABLE ONLY public.package_redemptions ADD CONSTRAINT package_redemptions_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.stays ADD CONSTRAINT stays_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.stays ADD CONSTRAINT stays_booking_id_pet_id_key UNIQUE (booking_id, pet_id);
ALTER TABLE ONLY public.care_logs ADD CONSTRAINT care_logs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.care_logs ADD CONSTRAINT care_logs_stay_id_log_no_key UNIQUE (stay_id, log_no);
ALTER TABLE ONLY public.services ADD CONSTRAINT services_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.services ADD CONSTRAINT services_code_key UNIQUE (code);
ALTER TABLE ONLY public.grooming_appointments ADD CONSTRAINT grooming_appointments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_line_no_key UNIQUE (invoice_id, line_no);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id);

CREATE INDEX bookings_owner_id_idx ON public.bookings USING btree (owner_id);
CREATE INDEX bookings_location_id_planned_check_in_at_idx ON public.bookings USING btree (location_id, planned_check_in_at);
CREATE INDEX care_logs_stay_id_logged_at_idx ON public.care_logs USING btree (stay_id, logged_at);
CREATE INDEX grooming_appointments_location_id_scheduled_at_idx ON public.grooming_appointments USING btree (location_id, scheduled_at);
CREATE INDEX grooming_appointments_pet_id_idx ON public.grooming_appointments USING btree (pet_id);
CREATE INDEX invoices_owner_id_idx ON public.invoices USING btree (owner_id);
CREATE INDEX package_redemptions_membership_id_idx ON public.package_redemptions USING btree (membership_id, redeemed_at);
CREATE INDEX payments_invoice_id_idx ON public.payments USING btree (invoice_id);
CREATE INDEX pets_owner_id_idx ON public.pets USING btree (owner_id);
CREATE INDEX pets_microchip_no_idx ON public.pets USING btree (microchip_no);
CREATE INDEX stays_pet_id_idx ON public.stays USING btree (pet_id);
CREATE INDEX vaccinations_pet_id_vaccine_id_idx ON public.vaccinations USING btree (pet_id, vaccine_id);

ALTER TABLE ONLY public.locations ADD CONSTRAINT locations_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.suites ADD CONSTRAINT suites_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.owners ADD CONSTRAINT owners_home_location_id_fkey FOREIGN KEY (home_location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.owners ADD CONSTRAINT owners_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.pets ADD CONSTRAINT pets_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.owners(id);
ALTER TABLE ONLY public.pets ADD CONSTRAINT pets_breed_id_fkey FOREIGN KEY (breed_id) REFERENCES public.breeds(id);
ALTER TABLE ONLY public.vaccinations ADD CONSTRAINT vaccinations_pet_id_fkey FOREIGN KEY (pet_id) REFERENCES public.pets(id);
ALTER TABLE ONLY public.vaccinations ADD CONSTRAINT vaccinations_vaccine_id_fkey FOREIGN KEY (vaccine_id) REFERENCES public.vaccines(id);
ALTER TABLE ONLY public.vaccinations ADD CONSTRAINT vaccinations_verified_by_staff_id_fkey FOREIGN KEY (verified_by_staff_id) REFERENCES public.staff(id);
ALTER TABLE ONLY public.membership_plans ADD CONSTRAINT membership_plans_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.owners(id);
ALTER TABLE ONLY public.memberships ADD CONSTRAINT memberships_plan_id_fkey FOREIGN KEY (plan_id) REFERENCES public.membership_plans(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.owners(id);
ALTER TABLE ONLY public.bookings ADD CONSTRAINT bookings_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.package_redemptions ADD CONSTRAINT package_redemptions_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES public.memberships(id);
ALTER TABLE ONLY public.package_redemptions ADD CONSTRAINT package_redemptions_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.stays ADD CONSTRAINT stays_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.stays ADD CONSTRAINT stays_pet_id_fkey FOREIGN KEY (pet_id) REFERENCES public.pets(id);
ALTER TABLE ONLY public.stays ADD CONSTRAINT stays_suite_id_fkey FOREIGN KEY (suite_id) REFERENCES public.suites(id);
ALTER TABLE ONLY public.care_logs ADD CONSTRAINT care_logs_stay_id_fkey FOREIGN KEY (stay_id) REFERENCES public.stays(id);
ALTER TABLE ONLY public.care_logs ADD CONSTRAINT care_logs_staff_id_fkey FOREIGN KEY (staff_id) REFERENCES public.staff(id);
ALTER TABLE ONLY public.grooming_appointments ADD CONSTRAINT grooming_appointments_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.grooming_appointments ADD CONSTRAINT grooming_appointments_pet_id_fkey FOREIGN KEY (pet_id) REFERENCES public.pets(id);
ALTER TABLE ONLY public.grooming_appointments ADD CONSTRAINT grooming_appointments_groomer_id_fkey FOREIGN KEY (groomer_id) REFERENCES public.staff(id);
ALTER TABLE ONLY public.grooming_appointments ADD CONSTRAINT grooming_appointments_service_id_fkey FOREIGN KEY (service_id) REFERENCES public.services(id);
ALTER TABLE ONLY public.grooming_appointments ADD CONSTRAINT grooming_appointments_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_location_id_fkey FOREIGN KEY (location_id) REFERENCES public.locations(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.owners(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_grooming_appointment_id_fkey FOREIGN KEY (grooming_appointment_id) REFERENCES public.grooming_appointments(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES public.memberships(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_service_id_fkey FOREIGN KEY (service_id) REFERENCES public.services(id);
ALTER TABLE ONLY public.invoice_lines ADD CONSTRAINT invoice_lines_stay_id_fkey FOREIGN KEY (stay_id) REFERENCES public.stays(id);
ALTER TABLE ONLY public.payments ADD CONSTRAINT payments_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES public.invoices(id);

--
-- PostgreSQL database dump complete
--
