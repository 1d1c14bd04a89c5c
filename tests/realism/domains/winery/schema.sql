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
    minor_units smallint DEFAULT 2 NOT NULL
);

CREATE TABLE public.countries (
    code character(2) NOT NULL,
    name text NOT NULL,
    currency_code character(3) NOT NULL,
    calling_code text NOT NULL,
    standard_vat_rate numeric(5,2) NOT NULL,
    wine_excise_per_litre numeric(8,4) DEFAULT 0 NOT NULL,
    CONSTRAINT countries_vat_check CHECK ((standard_vat_rate >= (0)::numeric)),
    CONSTRAINT countries_excise_check CHECK ((wine_excise_per_litre >= (0)::numeric))
);

CREATE TABLE public.grape_varieties (
    id integer NOT NULL,
    name text NOT NULL,
    colour text NOT NULL,
    CONSTRAINT grape_varieties_colour_check CHECK ((colour = ANY (ARRAY['red'::text, 'white'::text, 'grey'::text])))
);

CREATE TABLE public.vineyards (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    region text NOT NULL,
    city text NOT NULL,
    postcode text,
    hectares numeric(8,2) NOT NULL,
    established_on date,
    CONSTRAINT vineyards_hectares_check CHECK ((hectares > (0)::numeric))
);

CREATE TABLE public.parcels (
    id integer NOT NULL,
    vineyard_id integer NOT NULL,
    parcel_no integer NOT NULL,
    variety_id integer NOT NULL,
    area_ha numeric(7,3) NOT NULL,
    planted_year integer,
    CONSTRAINT parcels_area_check CHECK ((area_ha > (0)::numeric))
);

CREATE TABLE public.tanks (
    id integer NOT NULL,
    tank_code text NOT NULL,
    vineyard_id integer NOT NULL,
    kind text NOT NULL,
    capacity_litres numeric(10,1) NOT NULL,
    in_service boolean DEFAULT true NOT NULL,
    CONSTRAINT tanks_kind_check CHECK ((kind = ANY (ARRAY['stainless_steel'::text, 'oak_barrel'::text, 'concrete'::text, 'amphora'::text]))),
    CONSTRAINT tanks_capacity_check CHECK ((capacity_litres > (0)::numeric))
);

CREATE TABLE public.lots (
    id integer NOT NULL,
    lot_code text NOT NULL,
    vintage integer NOT NULL,
    variety_id integer NOT NULL,
    tank_id integer,
    volume_litres numeric(10,1) NOT NULL,
    status text DEFAULT 'fermenting'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT lots_status_check CHECK ((status = ANY (ARRAY['fermenting'::text, 'ageing'::text, 'ready'::text, 'bottled'::text, 'spoiled'::text]))),
    CONSTRAINT lots_volume_check CHECK ((volume_litres >= (0)::numeric))
);

CREATE TABLE public.harvests (
    id integer NOT NULL,
    parcel_id integer NOT NULL,
    lot_id integer,
    picked_on date NOT NULL,
    picked_kg numeric(10,1) NOT NULL,
    sugar_brix numeric(4,1),
    status text DEFAULT 'scheduled'::text NOT NULL,
    CONSTRAINT harvests_status_check CHECK ((status = ANY (ARRAY['scheduled'::text, 'picked'::text, 'delivered'::text, 'rejected'::text]))),
    CONSTRAINT harvests_kg_check CHECK ((picked_kg >= (0)::numeric))
);

CREATE TABLE public.process_steps (
    id bigint NOT NULL,
    lot_id integer NOT NULL,
    step_no integer NOT NULL,
    step_type text NOT NULL,
    tank_id integer,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    notes text,
    CONSTRAINT process_steps_type_check CHECK ((step_type = ANY (ARRAY['crushing'::text, 'pressing'::text, 'fermentation'::text, 'malolactic'::text, 'racking'::text, 'barrel_ageing'::text, 'fining'::text, 'filtration'::text, 'blending'::text])))
);

CREATE TABLE public.bottling_lines (
    id integer NOT NULL,
    name text NOT NULL,
    vineyard_id integer NOT NULL,
    installed_on date NOT NULL
);

CREATE TABLE public.skus (
    id integer NOT NULL,
    gtin character(13) NOT NULL,
    wine_name text NOT NULL,
    variety_id integer NOT NULL,
    vintage integer NOT NULL,
    bottle_ml integer NOT NULL,
    bottles_per_case integer DEFAULT 6 NOT NULL,
    abv numeric(4,1) NOT NULL,
    active boolean DEFAULT true NOT NULL,
    CONSTRAINT skus_bottle_check CHECK ((bottle_ml = ANY (ARRAY[187, 375, 500, 750, 1500, 3000])))
);

CREATE TABLE public.bottling_runs (
    id integer NOT NULL,
    line_id integer NOT NULL,
    lot_id integer NOT NULL,
    sku_id integer NOT NULL,
    started_at timestamp with time zone NOT NULL,
    ended_at timestamp with time zone,
    counter_start bigint NOT NULL,
    counter_end bigint,
    bottles_filled integer,
    status text DEFAULT 'planned'::text NOT NULL,
    CONSTRAINT bottling_runs_status_check CHECK ((status = ANY (ARRAY['planned'::text, 'running'::text, 'completed'::text, 'aborted'::text])))
);

CREATE TABLE public.price_lists (
    id integer NOT NULL,
    name text NOT NULL,
    country_code character(2) NOT NULL,
    currency_code character(3) NOT NULL,
    valid_from date NOT NULL,
    valid_to date
);

CREATE TABLE public.price_list_items (
    id integer NOT NULL,
    price_list_id integer NOT NULL,
    sku_id integer NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    CONSTRAINT price_list_items_price_check CHECK ((unit_price > (0)::numeric))
);

CREATE TABLE public.customers (
    id integer NOT NULL,
    name text NOT NULL,
    customer_type text NOT NULL,
    country_code character(2) NOT NULL,
    city text NOT NULL,
    postcode text,
    phone text,
    email text,
    vat_number text,
    excise_number text,
    currency_code character(3) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT customers_type_check CHECK ((customer_type = ANY (ARRAY['importer'::text, 'distributor'::text, 'retailer'::text, 'restaurant'::text, 'hotel'::text])))
);

CREATE TABLE public.orders (
    id bigint NOT NULL,
    order_no text NOT NULL,
    customer_id integer NOT NULL,
    price_list_id integer NOT NULL,
    ordered_at timestamp with time zone NOT NULL,
    requested_delivery_on date,
    status text DEFAULT 'draft'::text NOT NULL,
    currency_code character(3) NOT NULL,
    total_net numeric(12,2) DEFAULT 0 NOT NULL,
    CONSTRAINT orders_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'confirmed'::text, 'shipped'::text, 'delivered'::text, 'cancelled'::text])))
);

CREATE TABLE public.order_lines (
    id bigint NOT NULL,
    order_id bigint NOT NULL,
    line_no integer NOT NULL,
    sku_id integer NOT NULL,
    quantity_bottles integer NOT NULL,
    unit_price numeric(10,2) NOT NULL,
    line_total numeric(12,2) NOT NULL,
    CONSTRAINT order_lines_qty_check CHECK ((quantity_bottles > 0))
);

CREATE TABLE public.shipments (
    id bigint NOT NULL,
    shipment_no text NOT NULL,
    order_id bigint NOT NULL,
    carrier text,
    destination_country character(2) NOT NULL,
    status text DEFAULT 'preparing'::text NOT NULL,
    shipped_at timestamp with time zone,
    delivered_at timestamp with time zone,
    litres numeric(10,2) NOT NULL,
    excise_duty numeric(12,2) DEFAULT 0 NOT NULL,
    currency_code character(3) NOT NULL,
    CONSTRAINT shipments_status_check CHECK ((status = ANY (ARRAY['preparing'::text, 'in_transit'::text, 'delivered'::text, 'returned'::text, 'lost'::text])))
);

CREATE TABLE public.invoices (
    id bigint NOT NULL,
    invoice_no text NOT NULL,
    order_id bigint NOT NULL,
    customer_id integer NOT NULL,
    shipment_id bigint,
    issued_at timestamp with time zone NOT NULL,
    due_on date NOT NULL,
    currency_code character(3) NOT NULL,
    net_amount numeric(12,2) NOT NULL,
    excise_amount numeric(12,2) DEFAULT 0 NOT NULL,
    vat_amount numeric(12,2) DEFAULT 0 NOT NULL,
    gross_amount numeric(12,2) NOT NULL,
    status text DEFAULT 'issued'::text NOT NULL,
    CONSTRAINT invoices_status_check CHECK ((status = ANY (ARRAY['issued'::text, 'paid'::text, 'overdue'::text, 'void'::text])))
);

ALTER TABLE public.grape_varieties ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.grape_varieties_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.vineyards ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.vineyards_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.parcels ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.parcels_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.tanks ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.tanks_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.lots ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.lots_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.harvests ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.harvests_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.process_steps ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.process_steps_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.bottling_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.bottling_lines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.skus ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.skus_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.bottling_runs ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.bottling_runs_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.price_lists ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.price_lists_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.price_list_items ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.price_list_items_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.customers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.customers_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.orders ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.orders_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.order_lines ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.order_lines_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.shipments ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.shipments_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);
ALTER TABLE public.invoices ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (SEQUENCE NAME public.invoices_id_seq START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1);

ALTER TABLE ONLY public.currencies ADD CONSTRAINT currencies_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.grape_varieties ADD CONSTRAINT grape_varieties_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.grape_varieties ADD CONSTRAINT grape_varieties_name_key UNIQUE (name);
ALTER TABLE ONLY public.vineyards ADD CONSTRAINT vineyards_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.parcels ADD CONSTRAINT parcels_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.parcels ADD CONSTRAINT parcels_vineyard_id_parcel_no_key UNIQUE (vineyard_id, parcel_no);
ALTER TABLE ONLY public.tanks ADD CONSTRAINT tanks_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.tanks ADD CONSTRAINT tanks_tank_code_key UNIQUE (tank_code);
ALTER TABLE ONLY public.lots ADD CONSTRAINT lots_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.lots ADD CONSTRAINT lots_lot_code_key UNIQUE (lot_code);
ALTER TABLE ONLY public.harvests ADD CONSTRAINT harvests_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.process_steps ADD CONSTRAINT process_steps_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.process_steps ADD CONSTRAINT process_steps_lot_id_step_no_key UNIQUE (lot_id, step_no);
ALTER TABLE ONLY public.bottling_lines ADD CONSTRAINT bottling_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.skus ADD CONSTRAINT skus_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.skus ADD CONSTRAINT skus_gtin_key UNIQUE (gtin);
ALTER TABLE ONLY public.bottling_runs ADD CONSTRAINT bottling_runs_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.price_lists ADD CONSTRAINT price_lists_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.price_list_items ADD CONSTRAINT price_list_items_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.price_list_items ADD CONSTRAINT price_list_items_list_sku_key UNIQUE (price_list_id, sku_id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.orders ADD CONSTRAINT orders_order_no_key UNIQUE (order_no);
ALTER TABLE ONLY public.order_lines ADD CONSTRAINT order_lines_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.order_lines ADD CONSTRAINT order_lines_order_id_line_no_key UNIQUE (order_id, line_no);
ALTER TABLE ONLY public.shipments ADD CONSTRAINT shipments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.shipments ADD CONSTRAINT shipments_shipment_no_key UNIQUE (shipment_no);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_invoice_no_key UNIQUE (invoice_no);

CREATE INDEX parcels_variety_id_idx ON public.parcels USING btree (variety_id);
CREATE INDEX harvests_parcel_id_idx ON public.harvests USING btree (parcel_id);
CREATE INDEX harvests_lot_id_idx ON public.harvests USING btree (lot_id);
CREATE INDEX bottling_runs_line_started_idx ON public.bottling_runs USING btree (line_id, started_at);
CREATE INDEX orders_customer_id_idx ON public.orders USING btree (customer_id);
CREATE INDEX orders_ordered_at_idx ON public.orders USING btree (ordered_at);
CREATE INDEX shipments_order_id_idx ON public.shipments USING btree (order_id);
CREATE INDEX invoices_order_id_idx ON public.invoices USING btree (order_id);
CREATE INDEX invoices_customer_id_idx ON public.invoices USING btree (customer_id);

ALTER TABLE ONLY public.countries ADD CONSTRAINT countries_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.vineyards ADD CONSTRAINT vineyards_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.parcels ADD CONSTRAINT parcels_vineyard_id_fkey FOREIGN KEY (vineyard_id) REFERENCES public.vineyards(id);
ALTER TABLE ONLY public.parcels ADD CONSTRAINT parcels_variety_id_fkey FOREIGN KEY (variety_id) REFERENCES public.grape_varieties(id);
ALTER TABLE ONLY public.tanks ADD CONSTRAINT tanks_vineyard_id_fkey FOREIGN KEY (vineyard_id) REFERENCES public.vineyards(id);
ALTER TABLE ONLY public.lots ADD CONSTRAINT lots_variety_id_fkey FOREIGN KEY (variety_id) REFERENCES public.grape_varieties(id);
ALTER TABLE ONLY public.lots ADD CONSTRAINT lots_tank_id_fkey FOREIGN KEY (tank_id) REFERENCES public.tanks(id);
ALTER TABLE ONLY public.harvests ADD CONSTRAINT harvests_parcel_id_fkey FOREIGN KEY (parcel_id) REFERENCES public.parcels(id);
ALTER TABLE ONLY public.harvests ADD CONSTRAINT harvests_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES public.lots(id);
ALTER TABLE ONLY public.process_steps ADD CONSTRAINT process_steps_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES public.lots(id);
ALTER TABLE ONLY public.process_steps ADD CONSTRAINT process_steps_tank_id_fkey FOREIGN KEY (tank_id) REFERENCES public.tanks(id);
ALTER TABLE ONLY public.bottling_lines ADD CONSTRAINT bottling_lines_vineyard_id_fkey FOREIGN KEY (vineyard_id) REFERENCES public.vineyards(id);
ALTER TABLE ONLY public.skus ADD CONSTRAINT skus_variety_id_fkey FOREIGN KEY (variety_id) REFERENCES public.grape_varieties(id);
ALTER TABLE ONLY public.bottling_runs ADD CONSTRAINT bottling_runs_line_id_fkey FOREIGN KEY (line_id) REFERENCES public.bottling_lines(id);
ALTER TABLE ONLY public.bottling_runs ADD CONSTRAINT bottling_runs_lot_id_fkey FOREIGN KEY (lot_id) REFERENCES public.lots(id);
ALTER TABLE ONLY public.bottling_runs ADD CONSTRAINT bottling_runs_sku_id_fkey FOREIGN KEY (sku_id) REFERENCES public.skus(id);
ALTER TABLE ONLY public.price_lists ADD CONSTRAINT price_lists_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.price_lists ADD CONSTRAINT price_lists_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.price_list_items ADD CONSTRAINT price_list_items_price_list_id_fkey FOREIGN KEY (price_list_id) REFERENCES public.price_lists(id);
ALTER TABLE ONLY public.price_list_items ADD CONSTRAINT price_list_items_sku_id_fkey FOREIGN KEY (sku_id) REFERENCES public.skus(id);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_country_code_fkey FOREIGN KEY (country_code) REFERENCES public.countries(code);
ALTER TABLE ONLY public.customers ADD CONSTRAINT customers_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.orders ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.orders ADD CONSTRAINT orders_price_list_id_fkey FOREIGN KEY (price_list_id) REFERENCES public.price_lists(id);
ALTER TABLE ONLY public.orders ADD CONSTRAINT orders_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.order_lines ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);
ALTER TABLE ONLY public.order_lines ADD CONSTRAINT order_lines_sku_id_fkey FOREIGN KEY (sku_id) REFERENCES public.skus(id);
ALTER TABLE ONLY public.shipments ADD CONSTRAINT shipments_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);
ALTER TABLE ONLY public.shipments ADD CONSTRAINT shipments_destination_country_fkey FOREIGN KEY (destination_country) REFERENCES public.countries(code);
ALTER TABLE ONLY public.shipments ADD CONSTRAINT shipments_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customers(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_shipment_id_fkey FOREIGN KEY (shipment_id) REFERENCES public.shipments(id);
ALTER TABLE ONLY public.invoices ADD CONSTRAINT invoices_currency_code_fkey FOREIGN KEY (currency_code) REFERENCES public.currencies(code);

--
-- PostgreSQL database dump complete
--
