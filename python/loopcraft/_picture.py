"""What every drawable object shares: ``to_svg`` (each class's own), the
notebook hook ``_repr_svg_`` and ``to_png`` through the optional renderer.

A class mixes :class:`Picture` in and defines ``to_svg()``; Jupyter then
shows it as a picture while ``repr()`` stays short text.
"""

from __future__ import annotations

import os
from typing import Union

from ._png import svg_to_png

__all__ = ["Picture"]


class Picture:
    """Mixin for objects that draw themselves as SVG."""

    __slots__ = ()

    def to_svg(self) -> str:  # pragma: no cover - every drawable class overrides it
        raise NotImplementedError

    def _repr_svg_(self) -> str:
        """Jupyter's hook: the same SVG as :meth:`to_svg`."""
        return self.to_svg()

    def to_png(self, path: Union[str, os.PathLike[str], None] = None, *, scale: float = 2.0) -> bytes:
        """The picture as PNG bytes (also written to ``path`` when given).

        Needs the optional renderer: ``pip install 'loopcraft[png]'``
        (``ModuleNotFoundError`` naming that extra when it is missing).
        """
        return svg_to_png(self.to_svg(), path, scale=scale)
