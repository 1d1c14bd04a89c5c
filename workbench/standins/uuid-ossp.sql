-- sandbox-workbench's stand-in for uuid-ossp, for a PostgreSQL built without a UUID library.
-- SQL and PL/pgSQL only, installed into the embedded cluster's own folder by the workbench,
-- with the functions of uuid-ossp 1.1, their signatures, volatility and strictness. Version 3
-- and 5 UUIDs are the real extension's (MD5 and SHA-1 of namespace and name); version 1 ones
-- take the time from clock_timestamp() and, as libuuid does on a machine without a network
-- card's address, a random node with its multicast bit set (the same for a session's calls;
-- uuid_generate_v1mc draws a new one each call). Bodies name only pg_catalog.

\echo Use "CREATE EXTENSION ""uuid-ossp""" to load this file. \quit

CREATE FUNCTION uuid_nil() RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid;

CREATE FUNCTION uuid_ns_dns() RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN '6ba7b810-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid;

CREATE FUNCTION uuid_ns_url() RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN '6ba7b811-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid;

CREATE FUNCTION uuid_ns_oid() RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN '6ba7b812-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid;

CREATE FUNCTION uuid_ns_x500() RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN '6ba7b814-9dad-11d1-80b4-00c04fd430c8'::pg_catalog.uuid;

-- A version 1 UUID from 100-nanosecond intervals since 1582-10-15, a random 14-bit clock
-- sequence and `node` (6 bytes).
CREATE FUNCTION uuid_generate_v1() RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    ticks bigint := (extract(epoch FROM clock_timestamp()) * 10000000)::bigint
        + 122192928000000000;
    r bytea := uuid_send(gen_random_uuid());
    -- the node: a hash of the server's start and this session's process, multicast bit set
    node bytea := substring(decode(md5(extract(epoch FROM pg_postmaster_start_time())::text
        || '/' || pg_backend_pid()::text), 'hex') FROM 1 FOR 6);
-- @v1
$fn$;

CREATE FUNCTION uuid_generate_v1mc() RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    ticks bigint := (extract(epoch FROM clock_timestamp()) * 10000000)::bigint
        + 122192928000000000;
    r bytea := uuid_send(gen_random_uuid());
    -- a random node with the multicast and locally administered bits set
    node bytea := set_byte(substring(r FROM 11 FOR 6), 0, get_byte(r, 10) | 3);
-- @v1
$fn$;

CREATE FUNCTION uuid_generate_v3(namespace uuid, name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT pg_catalog.encode(pg_catalog.set_byte(pg_catalog.set_byte(h, 6,
            (pg_catalog.get_byte(h, 6) & 15) | 48), 8, (pg_catalog.get_byte(h, 8) & 63) | 128),
        'hex')::pg_catalog.uuid
    FROM (SELECT pg_catalog.decode(pg_catalog.md5(pg_catalog.uuid_send(namespace)
        || pg_catalog.convert_to(name, pg_catalog.getdatabaseencoding())), 'hex') AS h) AS hashed;
END;

CREATE FUNCTION uuid_generate_v4() RETURNS uuid
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
RETURN pg_catalog.gen_random_uuid();

CREATE FUNCTION uuid_generate_v5(namespace uuid, name text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    sha1_in bytea := uuid_send(namespace) || convert_to(name, getdatabaseencoding());
    sha1_out bytea;
BEGIN
-- @sha1
    sha1_out := substring(sha1_out FROM 1 FOR 16);
    RETURN encode(set_byte(set_byte(sha1_out, 6, (get_byte(sha1_out, 6) & 15) | 80), 8,
        (get_byte(sha1_out, 8) & 63) | 128), 'hex')::uuid;
END
$fn$;
