"""What the app is built of, and what its start makes, is frozen out of the garbage
collector's sight: full collections under load then scan only what requests make."""

from __future__ import annotations

import gc

from litestar.testing import TestClient

from foraccio.api.app import create_app


def _tracked(thing: object) -> bool:
    """Whether the collector's generations (not its frozen objects) hold ``thing``."""
    return any(candidate is thing for candidate in gc.get_objects())


def test_the_app_and_what_its_start_made_are_frozen():
    app = create_app()
    assert not _tracked(app)
    rooms_part = app.dependencies["rooms_part"].dependency()
    with TestClient(app) as client:
        assert client.get("/health").status_code == 200
        # The rooms' actions and hub exist only once the app has started.
        assert rooms_part.rooms is not None and rooms_part.hub is not None
        assert not _tracked(rooms_part.rooms) and not _tracked(rooms_part.hub)
        made_later = object.__new__(type(rooms_part))  # a request's objects stay tracked
        assert _tracked(made_later)
