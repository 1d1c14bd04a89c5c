"""bcrypt ($2a$, $2x$) for the pgcrypto stand-in, as a PL/pgSQL block of crypt().

bcrypt is Provos and Mazières' EksBlowfish: Blowfish's state, which starts from the hexadecimal
digits of pi, is expanded with the salt and the password, then 2^cost times more with each
alone, and "OrpheanBeholderScryDoubt" is encrypted 64 times with it. The digits of pi are
computed here (Machin's formula in integers), so the script carries them without a table in
the repository. The Feistel rounds are written out in full by `_encrypt`, since PL/pgSQL has
no subroutines the script could add without adding functions the real extension lacks.

The password's bytes are taken as crypt_blowfish takes them: cycled with their terminating
zero byte over the 18 words of the P-array. `$2x$` repeats the historic sign-extension bug for
bytes above 0x7F; `$2a$` computes them correctly, and where the bug would have given the same
key while a byte above 0x7F was present, flips bit 16 of the first word (crypt_blowfish's
safety measure against confusing the two).
"""

from __future__ import annotations

from functools import cache

MASK = 0xFFFFFFFF
_WORDS = 18 + 4 * 256  # the P-array, then the four S-boxes


@cache
def pi_words(count: int = _WORDS) -> tuple[int, ...]:
    """The first `count` 32-bit words of pi's fractional part (0x243F6A88, 0x85A308D3…)."""
    bits = 32 * count + 64  # guard bits for the truncated series

    def arctan_inverse(x: int) -> int:  # arctan(1/x) in fixed point, 2**bits
        total, term, n, sign = 0, (1 << bits) // x, 1, 1
        x2 = x * x
        while term:
            total += sign * (term // n)
            term //= x2
            n += 2
            sign = -sign
        return total

    pi = 16 * arctan_inverse(5) - 4 * arctan_inverse(239)
    fraction = (pi >> 64) & ((1 << (32 * count)) - 1)
    return tuple((fraction >> (32 * (count - 1 - i))) & MASK for i in range(count))


def _f(x: str) -> str:
    """Blowfish's F on the 32-bit word in variable `x`, as one expression."""
    # One mask at the end: sums and XORs agree with their 32-bit truncations in the low bits.
    return (
        f"(((s[{x} >> 24] + s[256 + (({x} >> 16) & 255)]) "
        f"# s[512 + (({x} >> 8) & 255)]) + s[768 + ({x} & 255)]) & {MASK}"
    )


def _encrypt(indent: str) -> str:
    """Encrypt the block (l, r) with the state (p, s), the 16 rounds written out."""
    lines = [f"{indent}l := l # p[0];"]
    for i in range(1, 17, 2):
        lines.append(f"{indent}r := r # p[{i}] # ({_f('l')});")
        lines.append(f"{indent}l := l # p[{i + 1}] # ({_f('r')});")
    lines.append(f"{indent}t := r # p[17]; r := l; l := t;")
    return "\n".join(lines)


@cache
def bcrypt_block() -> str:
    """The PL/pgSQL that crypt() runs for a `$2a$`/`$2x$` salt (variables `pw` and `enc` and
    the parameters of crypt() in scope); it returns the hash or raises 'invalid salt'."""
    words = pi_words()
    p_init = ",".join(str(w) for w in words[:18])
    s_init = ",".join(str(w) for w in words[18:])
    text = b"OrpheanBeholderScryDoubt"
    magic = ",".join(str(int.from_bytes(text[i : i + 4], "big")) for i in range(0, 24, 4))
    return f"""    IF $2 ~ '^\\$2[ax]\\$' THEN
        -- bcrypt
        DECLARE
            bf64 constant text :=
                './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
            std64 constant text :=
                'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
            p bigint[] := '[0:17]={{{p_init}}}';
            magic constant bigint[] := '[0:5]={{{magic}}}';
            s bigint[] := '[0:1023]={{{s_init}}}';
            key_right bigint[] := array_fill(0::bigint, ARRAY[18], ARRAY[0]);
            key_bug bigint[] := array_fill(0::bigint, ARRAY[18], ARRAY[0]);
            key bigint[];
            salt bytea;
            sw bigint[] := array_fill(0::bigint, ARRAY[4], ARRAY[0]);
            stream bytea := pw || '\\x00'::bytea;
            at int := 0;
            byte int;
            sign_bits bigint := 0;
            diff bigint := 0;
            cost int;
            phase bigint := 0;
            l bigint;
            r bigint;
            t bigint;
            hash bytea := ''::bytea;
            last_char text;
        BEGIN
            IF $2 !~ '^\\$2[ax]\\$[0-3][0-9]\\$[./A-Za-z0-9]{{22}}' THEN
                RAISE EXCEPTION 'invalid salt' USING ERRCODE = 'invalid_parameter_value';
            END IF;
            cost := substr($2, 5, 2)::int;
            IF cost < 4 OR cost > 31 THEN
                RAISE EXCEPTION 'invalid salt' USING ERRCODE = 'invalid_parameter_value';
            END IF;
            salt := decode(translate(substr($2, 8, 22), bf64, std64) || '==', 'base64');
            FOR i IN 0 .. 3 LOOP
                sw[i] := (get_byte(salt, 4 * i)::bigint << 24) | (get_byte(salt, 4 * i + 1) << 16)
                    | (get_byte(salt, 4 * i + 2) << 8) | get_byte(salt, 4 * i + 3);
            END LOOP;
            -- the key words: the password and its zero byte, cycled; also as the
            -- sign-extension bug reads them
            FOR i IN 0 .. 17 LOOP
                FOR j IN 0 .. 3 LOOP
                    byte := get_byte(stream, at);
                    key_right[i] := ((key_right[i] << 8) | byte) & {MASK};
                    key_bug[i] := ((key_bug[i] << 8)
                        | CASE WHEN byte > 127 THEN byte | 4294967040 ELSE byte END) & {MASK};
                    IF j > 0 THEN
                        sign_bits := sign_bits | (key_bug[i] & 128);
                    END IF;
                    at := (at + 1) % length(stream);
                END LOOP;
                diff := diff | (key_right[i] # key_bug[i]);
            END LOOP;
            key := CASE WHEN substr($2, 3, 1) = 'x' THEN key_bug ELSE key_right END;
            FOR i IN 0 .. 17 LOOP
                p[i] := p[i] # key[i];
            END LOOP;
            IF substr($2, 3, 1) = 'a' AND sign_bits <> 0 AND diff = 0 THEN
                p[0] := p[0] # 65536;
            END IF;
            -- the expansions: first with the salt; then, 2^cost times, with the key, then
            -- with the salt, each alone
            WHILE phase <= 2 * (1::bigint << cost) LOOP
                IF phase > 0 AND phase % 2 = 1 THEN
                    FOR i IN 0 .. 17 LOOP
                        p[i] := p[i] # key[i];
                    END LOOP;
                ELSIF phase > 0 THEN
                    FOR i IN 0 .. 17 LOOP
                        p[i] := p[i] # sw[i % 4];
                    END LOOP;
                END IF;
                l := 0;
                r := 0;
                FOR blk IN 0 .. 520 LOOP
                    IF phase = 0 THEN
                        l := l # sw[2 * (blk % 2)];
                        r := r # sw[2 * (blk % 2) + 1];
                    END IF;
{_encrypt(" " * 20)}
                    IF blk < 9 THEN
                        p[2 * blk] := l;
                        p[2 * blk + 1] := r;
                    ELSE
                        s[2 * (blk - 9)] := l;
                        s[2 * (blk - 9) + 1] := r;
                    END IF;
                END LOOP;
                phase := phase + 1;
            END LOOP;
            FOR half IN 0 .. 2 LOOP
                l := magic[2 * half];
                r := magic[2 * half + 1];
                FOR n IN 1 .. 64 LOOP
{_encrypt(" " * 20)}
                END LOOP;
                hash := hash || substring(int8send(l) FROM 5) || substring(int8send(r) FROM 5);
            END LOOP;
            -- the salt's last character keeps only the two bits it encodes
            last_char := substr(bf64, (position(substr($2, 29, 1) IN bf64) - 1) / 16 * 16 + 1, 1);
            RETURN substr($2, 1, 28) || last_char || translate(
                rtrim(encode(substring(hash FROM 1 FOR 23), 'base64'), '='), std64, bf64);
        END;
    END IF;
"""
