"""PNG pictures, rendered from the package's SVG by the optional ``resvg-py``.

``resvg-py`` is a self-contained renderer (resvg, compiled; no system
libraries). It is an optional extra::

    pip install 'loopcraft[png]'

Without it, :func:`svg_to_png` raises :class:`~loopcraft.errors.MissingExtraError`
with the message :data:`PNG_EXTRA_MESSAGE`: a ``LoopcraftError`` that is also a
``ModuleNotFoundError``, so ``except ImportError`` catches it, as for any
missing optional dependency. Clue texts are drawn with
the machine's fonts (any sans-serif font: Helvetica, Arial, DejaVu Sans or
Liberation Sans).
"""

from __future__ import annotations

import importlib
import math
import os
import xml.etree.ElementTree as ET
from typing import Any, Optional, Tuple, Union

from ._validate import show
from .errors import ArgumentError, ArgumentTypeError, MissingExtraError

__all__ = ["svg_to_png", "svg_size", "PNG_EXTRA_MESSAGE", "MAX_PIXELS"]

#: The message of the ``ModuleNotFoundError`` raised when the renderer is missing.
PNG_EXTRA_MESSAGE = "PNG output needs the optional extra: pip install 'loopcraft[png]'"

#: The largest picture :func:`svg_to_png` renders (width x height in pixels).
MAX_PIXELS = 100_000_000


def _renderer() -> Any:
    try:
        return importlib.import_module("resvg_py")
    except ImportError as exc:
        raise MissingExtraError(PNG_EXTRA_MESSAGE, name="resvg_py") from exc


def _px(value: Optional[str]) -> Optional[float]:
    if value is None:
        return None
    v = value.strip()
    if v.endswith("px"):
        v = v[:-2]
    try:
        f = float(v)
    except ValueError:
        return None
    return f if math.isfinite(f) and f > 0 else None


def svg_size(svg: str) -> Tuple[float, float]:
    """The width and height in px that an SVG document's ``<svg>`` element gives."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as exc:
        raise ArgumentError(f"svg is not well-formed XML: {exc}") from None
    w, h = _px(root.get("width")), _px(root.get("height"))
    if w is None or h is None:
        raise ArgumentError("svg must give its width and height in px on the <svg> element")
    return w, h


def svg_to_png(svg: str, path: Union[str, os.PathLike[str], None] = None, *, scale: float = 2.0) -> bytes:
    """Renders an SVG document to PNG bytes, and writes them to ``path`` if given.

    Args:
        svg: a complete SVG document whose ``<svg>`` element has a width and a
            height in px (as :func:`loopcraft._svg.grid_svg` writes).
        path: a file to write the PNG to (overwritten), or None.
        scale: pixels per px of the SVG (2.0 draws a 32 px cell on 64 pixels).

    Returns:
        The PNG file's bytes (RGBA, 8 bits per channel).

    Raises:
        MissingExtraError: (a ``ModuleNotFoundError``) the optional renderer is not installed; the message
            is :data:`PNG_EXTRA_MESSAGE`.
        ArgumentTypeError, ArgumentError: a wrong argument, a document that is
            not well-formed or has no size, or a picture over :data:`MAX_PIXELS`.
        OSError: writing ``path`` failed.
    """
    if not isinstance(svg, str):
        raise ArgumentTypeError(f"svg must be a str, got {type(svg).__name__}")
    if isinstance(scale, bool) or not isinstance(scale, (int, float)):
        raise ArgumentTypeError(f"scale must be a number, got {type(scale).__name__}")
    if not (0 < scale <= 100):  # an int of any size compares; NaN and inf fail
        raise ArgumentError(f"scale must be more than 0 and at most 100, got {show(scale)}")
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise ArgumentTypeError(f"path must be a str, a path or None, got {type(path).__name__}")
    w, h = svg_size(svg)
    width, height = max(1, round(w * scale)), max(1, round(h * scale))
    if width * height > MAX_PIXELS:
        raise ArgumentError(f"the picture would have {width} x {height} pixels, more than {MAX_PIXELS}")
    renderer = _renderer()
    try:
        data = bytes(renderer.svg_to_bytes(svg_string=svg, width=width, height=height))
    except ValueError as exc:
        raise ArgumentError(f"the renderer refused the svg: {exc}") from None
    if path is not None:
        try:
            f = open(path, "wb")
        except ValueError as exc:  # a NUL in the name; a lone surrogate (UnicodeEncodeError) on most systems
            raise ArgumentError(f"path {show(path)} is not a file name: {exc}") from None
        with f:
            f.write(data)
    return data
