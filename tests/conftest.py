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
def ctrl_c() -> Any:
    """``ctrl_c(call)``: runs ``call`` while a thread presses Ctrl-C 50 ms in,
    and asserts that the call ends in KeyboardInterrupt within 2 s.

    Python's own SIGINT handler is installed for the test: a shell starts its
    background jobs with SIGINT ignored, Python keeps an ignored SIGINT, and
    ``_thread.interrupt_main()`` would then do nothing, failing the test for
    the environment's sake.
    """
    import _thread
    import signal
    import threading
    import time

    def run(call: Callable[[], Any]) -> None:
        def interrupt() -> None:
            time.sleep(0.05)
            _thread.interrupt_main()

        threading.Thread(target=interrupt).start()
        t = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            call()
        assert time.perf_counter() - t < 2.0

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield run
    signal.signal(signal.SIGINT, old)
