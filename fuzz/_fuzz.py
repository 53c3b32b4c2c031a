"""Runs one target of ``targets.py`` under atheris (libFuzzer), coverage-guided.

Used by the one-line harness scripts beside it (``python fuzz/NAME.py
[libFuzzer flags] [CORPUS_DIR ...]``). Before the target module is imported,
the installed ``loopcraft`` package is imported under atheris's
instrumentation, so the Python façade's branches guide the fuzzer; the
compiled core runs uninstrumented. Defaults added unless given: ``-timeout=1``
(a slower input is a hang), ``-seed_inputs=`` the files of
``fuzz/seeds/NAME/`` (read only), and for the text targets ``-dict=``
``fuzz/text.dict``.
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path
from typing import Any, Callable, List

HERE = Path(__file__).resolve().parent


def main(name: str) -> None:
    import atheris

    with atheris.instrument_imports(include=["loopcraft"]):
        import loopcraft  # noqa: F401  (instrumented here, then imported by targets)
    sys.path.insert(0, str(HERE))
    from targets import TARGETS, TEXT_TARGETS

    target = TARGETS[name]
    argv = list(sys.argv)
    # libFuzzer runs argv[0] through the shell for -merge=1 and -fork: make it
    # this interpreter on this script, whatever the file's mode.
    argv[0] = f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(sys.argv[0]).resolve()))}"
    if not any(a.startswith("-timeout=") for a in argv):
        argv.append("-timeout=1")
    seeds = HERE / "seeds" / name
    if seeds.is_dir() and not any(a.startswith("-seed_inputs=") for a in argv):
        files = sorted(str(f) for f in seeds.iterdir() if f.is_file())
        if files:
            argv.append("-seed_inputs=" + ",".join(files))
    if name in TEXT_TARGETS and not any(a.startswith("-dict=") for a in argv):
        argv.append(f"-dict={HERE / 'text.dict'}")
    os.environ.setdefault("PYTHONHASHSEED", "0")
    atheris.Setup(argv, reporting_unraisable(target))
    atheris.Fuzz()


def reporting_unraisable(target: Callable[[bytes], None]) -> Callable[[bytes], None]:
    """The target, failing on an exception Python could not raise (one in a
    destructor, or in formatting an error inside the core): it only prints
    "Exception ignored" on stderr, which a user sees and a fuzzer would not."""

    def run(data: bytes) -> None:
        seen: List[Any] = []
        previous, sys.unraisablehook = sys.unraisablehook, seen.append
        try:
            target(data)
        finally:
            sys.unraisablehook = previous
        assert not seen, f"an unraisable exception: {seen[0].exc_type.__name__}: {seen[0].exc_value}"

    return run
