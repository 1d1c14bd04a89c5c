        -- md5-crypt (Poul-Henning Kamp's scheme): up to 8 salt bytes before a '$'
        DECLARE
            itoa64 constant text :=
                './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
            magic constant bytea := '\x243124'::bytea;
            rest bytea := substring(convert_to($2, enc) FROM 4);
            salt bytea;
            fin bytea;
            ctx bytea;
            c bytea;
            n int;
            v int;
            coded text := '';
            groups constant int[] := ARRAY[0, 6, 12, 1, 7, 13, 2, 8, 14, 3, 9, 15, 4, 10, 5];
        BEGIN
            n := position('\x24'::bytea IN rest);
            salt := substring(rest FROM 1 FOR least(CASE WHEN n > 0 THEN n - 1 ELSE 8 END, 8));
            fin := decode(md5(pw || salt || pw), 'hex');
            ctx := pw || magic || salt;
            n := length(pw);
            WHILE n > 0 LOOP
                ctx := ctx || substring(fin FROM 1 FOR least(n, 16));
                n := n - 16;
            END LOOP;
            n := length(pw);
            WHILE n > 0 LOOP
                IF n & 1 = 1 THEN
                    ctx := ctx || '\x00'::bytea;
                ELSE
                    ctx := ctx || substring(pw FROM 1 FOR 1);
                END IF;
                n := n >> 1;
            END LOOP;
            fin := decode(md5(ctx), 'hex');
            FOR i IN 0 .. 999 LOOP
                c := CASE WHEN i & 1 = 1 THEN pw ELSE fin END;
                IF i % 3 <> 0 THEN c := c || salt; END IF;
                IF i % 7 <> 0 THEN c := c || pw; END IF;
                c := c || CASE WHEN i & 1 = 1 THEN fin ELSE pw END;
                fin := decode(md5(c), 'hex');
            END LOOP;
            -- the digest's bytes in crypt's order, three at a time, six bits a character
            FOR g IN 0 .. 4 LOOP
                v := (get_byte(fin, groups[g * 3 + 1]) << 16)
                    | (get_byte(fin, groups[g * 3 + 2]) << 8) | get_byte(fin, groups[g * 3 + 3]);
                FOR j IN 1 .. 4 LOOP
                    coded := coded || substr(itoa64, (v & 63) + 1, 1);
                    v := v >> 6;
                END LOOP;
            END LOOP;
            v := get_byte(fin, 11);
            coded := coded || substr(itoa64, (v & 63) + 1, 1) || substr(itoa64, (v >> 6) + 1, 1);
            RETURN '$1$' || convert_from(salt, enc) || '$' || coded;
        END;
