    -- SHA-1 (FIPS 180-4) of sha1_in into sha1_out: PostgreSQL has md5() and the SHA-2
    -- functions built in, not SHA-1. Words are bigints masked to 32 bits.
    DECLARE
        msk constant bigint := 4294967295;
        m bytea;
        n int := length(sha1_in);
        h0 bigint := 1732584193;
        h1 bigint := 4023233417;
        h2 bigint := 2562383102;
        h3 bigint := 271733878;
        h4 bigint := 3285377520;
        a bigint; b bigint; c bigint; d bigint; e bigint; f bigint; k bigint; t bigint;
        w bigint[] := array_fill(0::bigint, ARRAY[80], ARRAY[0]);
        at int;
    BEGIN
        -- 0x80, zeros up to 56 bytes mod 64, then the length in bits (64-bit big-endian)
        m := sha1_in || '\x80'::bytea || decode(repeat('00', (119 - n % 64) % 64), 'hex')
            || int8send(n::bigint * 8);
        FOR blk IN 0 .. length(m) / 64 - 1 LOOP
            FOR i IN 0 .. 15 LOOP
                at := blk * 64 + i * 4;
                w[i] := (get_byte(m, at)::bigint << 24) | (get_byte(m, at + 1) << 16)
                    | (get_byte(m, at + 2) << 8) | get_byte(m, at + 3);
            END LOOP;
            FOR i IN 16 .. 79 LOOP
                t := w[i - 3] # w[i - 8] # w[i - 14] # w[i - 16];
                w[i] := ((t << 1) | (t >> 31)) & msk;
            END LOOP;
            a := h0; b := h1; c := h2; d := h3; e := h4;
            FOR i IN 0 .. 79 LOOP
                IF i < 20 THEN
                    f := (b & c) | ((b # msk) & d); k := 1518500249;
                ELSIF i < 40 THEN
                    f := b # c # d; k := 1859775393;
                ELSIF i < 60 THEN
                    f := (b & c) | (b & d) | (c & d); k := 2400959708;
                ELSE
                    f := b # c # d; k := 3395469782;
                END IF;
                t := ((((a << 5) | (a >> 27)) & msk) + f + e + k + w[i]) & msk;
                e := d; d := c; c := ((b << 30) | (b >> 2)) & msk; b := a; a := t;
            END LOOP;
            h0 := (h0 + a) & msk; h1 := (h1 + b) & msk; h2 := (h2 + c) & msk;
            h3 := (h3 + d) & msk; h4 := (h4 + e) & msk;
        END LOOP;
        sha1_out := substring(int8send(h0) FROM 5) || substring(int8send(h1) FROM 5)
            || substring(int8send(h2) FROM 5) || substring(int8send(h3) FROM 5)
            || substring(int8send(h4) FROM 5);
    END;
