"""What the web tests share: the web extra (skipped without it on a user's
machine, required in CI, where it is part of the test extra) and an
in-process client of the API (Starlette's TestClient, no network)."""

from __future__ import annotations

import os
import warnings

import pytest

if os.environ.get("LOOPCRAFT_REQUIRE_SHARED", "").lower() in ("1", "true", "yes") or os.environ.get("CI") == "true":
    import starlette  # noqa: F401  (in CI the web extra is part of the test extra: no skip)
else:
    pytest.importorskip("starlette", reason="the web extra is not installed (pip install 'loopcraft[web]')")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette >= 1.x asks for httpx2 in the TestClient; httpx still works
    from starlette.testclient import TestClient

from loopcraft.web import create_app

__all__ = ["BASE", "TestClient", "make_client"]

#: The address the clients name (the Host header the app checks).
BASE = "http://127.0.0.1:8765"


def make_client() -> TestClient:
    """A client of a fresh app with the default limits."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette >= 1.x asks for httpx2; httpx still works
        return TestClient(create_app(), base_url=BASE)
