"""Shared fixtures.

``shared_dir`` locates the shared folder: ``$LOOPCRAFT_SHARED`` when set, else
``../shared`` beside the repository (the external data sets, which have no
licence for redistribution and are never copied here). ``load_external``
reads one JSON file of its ``external/`` folder.
On a user's fresh clone it may be missing: the tests that need it skip with a
reason. In CI (``LOOPCRAFT_REQUIRE_SHARED`` set, as ``.ci/run`` does) a missing
``../shared`` fails them instead.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest

SHARED = Path(os.environ.get("LOOPCRAFT_SHARED") or Path(__file__).resolve().parent.parent.parent / "shared")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if (SHARED / "external").is_dir():
        return SHARED
    if os.environ.get("LOOPCRAFT_REQUIRE_SHARED", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"{SHARED} is missing, and CI requires the external data sets")
    pytest.skip(f"external data sets not found at {SHARED} (they are not redistributed with loopcraft)")


@pytest.fixture(scope="session")
def load_external(shared_dir: Path) -> Callable[[str], Any]:
    """``load_external("puzzlekit/Slitherlink_dataset.json")``: one parsed JSON file of ``external/``."""

    def load(name: str) -> Any:
        with open(shared_dir / "external" / name, encoding="utf-8") as f:
            return json.load(f)

    return load


@pytest.fixture
def sigint_raises() -> Any:
    """Python's own SIGINT handler for the test, which raises KeyboardInterrupt.

    A shell starts its background jobs with SIGINT ignored, and Python keeps
    an ignored SIGINT: ``_thread.interrupt_main()`` would then do nothing, and
    an in-process Ctrl-C test would fail for the environment's sake.
    """
    import signal

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)
