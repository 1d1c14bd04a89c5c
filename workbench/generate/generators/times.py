"""When a row was created, updated and deleted."""

from __future__ import annotations

from workbench.generate.generators.base import WHEN, Generator

GENERATORS: tuple[Generator, ...] = (
    Generator(
        "created_at",
        WHEN,
        synonyms=(
            "created_at",
            "created",
            "created_on",
            "create_date",
            "creation_date",
            "created_date",
            "date_created",
            "inserted_at",
            "registered_at",
            "signed_up_at",
            "joined_at",
            "create_time",
        ),
    ),
    Generator(
        "updated_at",
        WHEN,
        synonyms=(
            "updated_at",
            "updated",
            "updated_on",
            "modified",
            "modified_at",
            "modified_on",
            "last_modified",
            "last_update",
            "last_updated",
            "date_modified",
            "changed_at",
            "update_time",
        ),
    ),
    Generator(
        "deleted_at",
        WHEN,
        synonyms=("deleted_at", "deleted_on", "removed_at", "archived_at", "date_deleted"),
    ),
)
