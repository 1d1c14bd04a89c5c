"""Files: names, extensions, MIME types, sizes, checksums and paths; clothing and shoe sizes."""

from __future__ import annotations

from workbench.generate.generators.base import INT, TEXT, Generator, NamePattern, NaturalRange
from workbench.generate.generators.text import realistic

GENERATORS: tuple[Generator, ...] = (
    Generator(
        "file_name",
        TEXT,
        synonyms=("file_name", "filename", "original_filename", "attachment", "document_name"),
        text=realistic(),
    ),
    Generator(
        "file_extension",
        TEXT,
        synonyms=("file_extension", "extension", "file_ext", "ext"),
        text=realistic(),
        fits_in=3,
    ),
    Generator(
        "mime_type",
        TEXT,
        synonyms=("mime_type", "mimetype", "content_type", "media_type", "mime"),
        text=realistic(),
        fits_in=10,
    ),
    Generator(
        "size_label", TEXT, synonyms=("clothing_size", "garment_size"), text=realistic(), fits_in=3
    ),
    Generator("size_number", INT, synonyms=("shoe_size",), natural=NaturalRange(34, 46, "middle")),
    Generator(
        "file_size",
        INT,
        synonyms=(
            "file_size",
            "filesize",
            "size_bytes",
            "byte_size",
            "bytes",
            "file_size_bytes",
            "content_length",
        ),
        natural=NaturalRange(1000, 50000000, "small"),
    ),
    Generator(
        "checksum",
        TEXT,
        synonyms=(
            "checksum",
            "sha256",
            "sha1",
            "md5",
            "hash",
            "etag",
            "digest",
            "content_hash",
            "file_hash",
            "sha256_hash",
        ),
        patterns=(NamePattern(r"_(hash|digest|checksum|sha\d*|md5)$", 6),),
        text=realistic(),
        fits_in=32,
    ),
    Generator(
        "file_path",
        TEXT,
        synonyms=("file_path", "filepath", "path", "storage_path", "object_key", "storage_key"),
        text=realistic(),
    ),
)
