"""Creative works: titles of films, books, albums, songs, games and episodes, synopses, and
running times."""

from __future__ import annotations

from workbench.generate.generators.base import Generator, NaturalRange
from workbench.generate.generators.text import realistic

GENERATORS: tuple[Generator, ...] = (
    Generator("film_title", text=realistic()),
    Generator("book_title", text=realistic()),
    Generator("album_title", text=realistic()),
    Generator("song_title", text=realistic()),
    Generator("game_title", text=realistic()),
    Generator("episode_title", text=realistic()),
    Generator("film_synopsis"),
    Generator("book_synopsis"),
    Generator("game_synopsis"),
    Generator("film_minutes", natural=NaturalRange(46, 185, "middle")),
    Generator("episode_minutes", natural=NaturalRange(20, 65, "middle")),
    Generator("track_seconds", natural=NaturalRange(90, 420, "middle")),
    Generator("track_ms", natural=NaturalRange(90000, 420000, "middle")),
)
