"""Secrets in their real shapes (never real secrets): password hashes, tokens, API keys, OTP
secrets and salts."""

from __future__ import annotations

from workbench.generate.generators.base import TEXT, Generator, NamePattern
from workbench.generate.generators.text import realistic

GENERATORS: tuple[Generator, ...] = (
    Generator(
        "password_hash",
        TEXT,
        synonyms=(
            "password",
            "password_hash",
            "passwd",
            "pwd",
            "password_digest",
            "encrypted_password",
            "hashed_password",
            "pass_hash",
            "crypted_password",
        ),
        personal=True,
        width=39,
        text=realistic(),
        fits_in=60,
    ),
    Generator(
        "argon2_hash",
        TEXT,
        synonyms=("argon2", "argon2_hash", "password_argon2"),
        text=realistic(),
        fits_in=96,
    ),
    Generator(
        "token",
        TEXT,
        synonyms=(
            "token",
            "access_token",
            "refresh_token",
            "auth_token",
            "session_token",
            "reset_token",
            "confirmation_token",
            "remember_token",
            "session_id",
            "secret",
            "client_secret",
            "verification_token",
        ),
        patterns=(NamePattern(r"_(token|secret)$", 7),),
        personal=True,
        width=32,
        text=realistic(),
        fits_in=43,
    ),
    Generator(
        "api_key",
        TEXT,
        synonyms=("api_key", "apikey", "public_key_id", "access_key"),
        text=realistic(),
        fits_in=40,
    ),
    Generator(
        "otp_secret",
        TEXT,
        synonyms=("otp_secret", "totp_secret", "mfa_secret", "two_factor_secret"),
        text=realistic(),
        fits_in=32,
    ),
    Generator(
        "salt", TEXT, synonyms=("salt", "password_salt", "nonce"), text=realistic(), fits_in=32
    ),
)
