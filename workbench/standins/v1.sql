BEGIN
    IF get_byte(node, 0) & 1 = 0 THEN
        node := set_byte(node, 0, get_byte(node, 0) | 1);
    END IF;
    RETURN encode(substring(int8send(ticks & 4294967295) FROM 5)
        || substring(int8send((ticks >> 32) & 65535) FROM 7)
        || substring(int8send(((ticks >> 48) & 4095) | 4096) FROM 7)
        || substring(int8send((((get_byte(r, 0) << 8) | get_byte(r, 1)) & 16383) | 32768) FROM 7)
        || node, 'hex')::uuid;
END
