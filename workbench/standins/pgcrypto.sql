-- sandbox-workbench's stand-in for pgcrypto, for a PostgreSQL built without OpenSSL. SQL and
-- PL/pgSQL only, installed into the embedded cluster's own folder by the workbench. It has
-- the functions of pgcrypto 1.4 with their signatures, volatility and strictness; those it
-- can compute give the real extension's results, the others raise an error at call time.
-- Function bodies name only pg_catalog (a fixed search_path, or SQL bodies bound when made)
-- and this extension's schema, so neither a caller's search_path nor objects planted in the
-- schema change what they do.

\echo Use "CREATE EXTENSION pgcrypto" to load this file. \quit

CREATE FUNCTION digest(bytea, text) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    sha1_in bytea := $1;
    sha1_out bytea;
BEGIN
    CASE lower($2)
    WHEN 'md5' THEN
        RETURN decode(md5($1), 'hex');
    WHEN 'sha1', 'sha-1' THEN
-- @sha1
        RETURN sha1_out;
    WHEN 'sha224', 'sha-224', 'sha2-224' THEN
        RETURN sha224($1);
    WHEN 'sha256', 'sha-256', 'sha2-256' THEN
        RETURN sha256($1);
    WHEN 'sha384', 'sha-384', 'sha2-384' THEN
        RETURN sha384($1);
    WHEN 'sha512', 'sha-512', 'sha2-512' THEN
        RETURN sha512($1);
    ELSE
        RAISE EXCEPTION USING ERRCODE = 'feature_not_supported',
            MESSAGE = format('the hash algorithm %s -- @unavailable', quote_literal($2)),
            HINT = '-- @hint';
    END CASE;
END
$fn$;

CREATE FUNCTION digest(text, text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.digest(pg_catalog.convert_to($1, pg_catalog.getdatabaseencoding()), $2);

CREATE FUNCTION hmac(bytea, bytea, text) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    -- the hash's block size: 128 bytes for SHA-384 and SHA-512, 64 for the others
    size int := CASE WHEN lower($3) IN ('sha384', 'sha-384', 'sha2-384', 'sha512', 'sha-512',
        'sha2-512') THEN 128 ELSE 64 END;
    k bytea := $2;
    inner_pad bytea;
    outer_pad bytea;
BEGIN
    IF length(k) > size THEN
        k := @extschema@.digest(k, $3);
    END IF;
    k := k || decode(repeat('00', size - length(k)), 'hex');
    inner_pad := k;
    outer_pad := k;
    FOR i IN 0 .. size - 1 LOOP
        inner_pad := set_byte(inner_pad, i, get_byte(k, i) # 54);
        outer_pad := set_byte(outer_pad, i, get_byte(k, i) # 92);
    END LOOP;
    RETURN @extschema@.digest(outer_pad || @extschema@.digest(inner_pad || $1, $3), $3);
END
$fn$;

CREATE FUNCTION hmac(text, text, text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN @extschema@.hmac(pg_catalog.convert_to($1, pg_catalog.getdatabaseencoding()),
    pg_catalog.convert_to($2, pg_catalog.getdatabaseencoding()), $3);

-- Strong random bytes: the 14 random bytes of each gen_random_uuid() (all but the version
-- and variant bits), which PostgreSQL draws from its strong random source.
CREATE FUNCTION gen_random_bytes(integer) RETURNS bytea
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    result bytea := ''::bytea;
    u bytea;
BEGIN
    IF $1 < 1 OR $1 > 1024 THEN
        RAISE EXCEPTION 'Length not in range' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    WHILE length(result) < $1 LOOP
        u := uuid_send(gen_random_uuid());
        result := result || substring(u FROM 1 FOR 6) || substring(u FROM 8 FOR 1)
            || substring(u FROM 10 FOR 7);
    END LOOP;
    RETURN substring(result FROM 1 FOR $1);
END
$fn$;

CREATE FUNCTION gen_random_uuid() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN pg_catalog.gen_random_uuid();

CREATE FUNCTION gen_salt(text, integer) RETURNS text
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    kind text := lower($1);
    rounds int := $2;
    bytes bytea := @extschema@.gen_random_bytes(16);
    itoa64 constant text := './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    salt text := '';
BEGIN
    IF kind = 'md5' THEN
        -- md5-crypt has a fixed 1000 rounds; 0 is the default
        IF rounds <> 0 AND rounds <> 1000 THEN
            RAISE EXCEPTION 'gen_salt: Incorrect number of rounds'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        FOR i IN 0 .. 7 LOOP
            salt := salt || substr(itoa64, (get_byte(bytes, i) & 63) + 1, 1);
        END LOOP;
        RETURN '$1$' || salt;
    ELSIF kind = 'bf' THEN
        IF rounds = 0 THEN
            rounds := 6;
        ELSIF rounds < 4 OR rounds > 31 THEN
            RAISE EXCEPTION 'gen_salt: Incorrect number of rounds'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        -- bcrypt's base64: the standard one's bit order with its own alphabet, no padding
        RETURN '$2a$' || lpad(rounds::text, 2, '0') || '$' || translate(
            rtrim(encode(bytes, 'base64'), '='),
            'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
            './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
    ELSIF kind IN ('des', 'xdes', 'sha256crypt', 'sha512crypt') THEN
        RAISE EXCEPTION USING ERRCODE = 'feature_not_supported',
            MESSAGE = format('gen_salt(%s) -- @unavailable', quote_literal($1)),
            HINT = '-- @hint';
    ELSE
        RAISE EXCEPTION 'gen_salt: Unknown salt algorithm'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END
$fn$;

CREATE FUNCTION gen_salt(text) RETURNS text
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
RETURN @extschema@.gen_salt($1, 0);

-- crypt(): md5-crypt ($1$) and bcrypt ($2a$, $2x$) here; DES, extended DES and the SHA-crypt
-- schemes raise. The salt's bytes are the text's bytes in the database's encoding.
CREATE FUNCTION crypt(text, text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    enc constant name := getdatabaseencoding();
    pw bytea := convert_to($1, enc);
BEGIN
    IF left($2, 3) = '$1$' THEN
-- @md5crypt
    END IF;
-- @bcrypt
    RAISE EXCEPTION USING ERRCODE = 'feature_not_supported',
        MESSAGE = format('crypt() with the salt %s (%s) -- @unavailable', quote_literal($2),
            CASE WHEN left($2, 1) = '_' THEN 'extended DES'
                 WHEN $2 LIKE '$5$%' THEN 'sha256crypt'
                 WHEN $2 LIKE '$6$%' THEN 'sha512crypt'
                 WHEN $2 LIKE '$2%' THEN 'a bcrypt variant'
                 ELSE 'traditional DES' END),
        HINT = '-- @hint';
END
$fn$;

CREATE FUNCTION fips_mode() RETURNS boolean
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
RETURN false;

-- @stubs
