"""Three ways to run the same tasks: in this process, a local process pool, or Dask.

A runner maps a top-level function over a list of tasks and yields
``(task position, result)`` as results arrive, in any order; the caller puts
them back in place, so a result never depends on the runner. Tasks go out in
a bounded window, so a huge job holds few results in memory at a time.

- :class:`InProcess`: one task after the other (the default; no start-up cost).
- :class:`ProcessPool`: ``workers`` local processes (``spawn``, so the
  parent's threads and state do not leak into them).
- :class:`DaskRunner`: a ``dask.distributed`` cluster, either one already
  running (``"tcp://host:8786"``) or a ``LocalCluster`` started here
  (``"local"``). Each task is a future with ``retries``; a task whose worker
  dies is run again by the scheduler on another worker. Results come back to
  this process, so the workers need no shared file system.
"""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import os
import socket
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Callable, Dict, Iterator, Optional, Sequence, Tuple, TypeVar

from .._validate import require_int, require_number
from ..errors import ArgumentError, ArgumentTypeError, MissingExtraError

__all__ = ["Runner", "InProcess", "ProcessPool", "DaskRunner", "make_runner", "DASK_MESSAGE"]

T = TypeVar("T")
R = TypeVar("R")

DASK_MESSAGE = "--scheduler needs the optional extra: pip install 'loopcraft[dask]'"
#: Seconds to wait for a Dask scheduler to answer.
CONNECT_TIMEOUT = 5.0
#: Times Dask runs a task again after it raised (a dead worker is handled by the scheduler).
RETRIES = 2


class Runner:
    """Runs ``fn`` over tasks; yields ``(position, result)`` as they complete."""

    #: What the summary line says about where the work ran.
    description = "in-process"
    #: Parallel slots (tasks in flight are a few times this).
    slots = 1

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[Tuple[int, R]]:
        raise NotImplementedError

    def close(self) -> None:
        """Releases processes or the cluster (idempotent)."""

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Runner):
    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[Tuple[int, R]]:
        for i, task in enumerate(tasks):
            yield i, fn(task)


class ProcessPool(Runner):
    def __init__(self, workers: int) -> None:
        self.slots = workers
        self.description = f"{workers} local processes"
        self._pool: Optional[ProcessPoolExecutor] = None

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[Tuple[int, R]]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.slots, mp_context=multiprocessing.get_context("spawn"))
        pool = self._pool
        position: Dict[Future[R], int] = {}
        todo = iter(enumerate(tasks))
        window = 3 * self.slots

        def top_up() -> None:
            while len(position) < window:
                try:
                    i, task = next(todo)
                except StopIteration:
                    return
                position[pool.submit(fn, task)] = i

        try:
            top_up()
            while position:
                finished, _ = wait(list(position), return_when=FIRST_COMPLETED)
                for fut in finished:
                    i = position.pop(fut)
                    yield i, fut.result()
                top_up()
        finally:
            for fut in position:
                fut.cancel()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _distributed() -> Any:
    try:
        return importlib.import_module("distributed")
    except ImportError as exc:
        raise MissingExtraError(DASK_MESSAGE, name="distributed") from exc


def _probe(address: str, timeout: float) -> None:
    """Checks within ``timeout`` that a Dask scheduler answers at ``address``.

    ``Client(address, timeout=...)`` bounds the TCP connection but not the
    handshake, so a scheduler that takes the call and never answers would
    hang it. A Dask server speaks first (its handshake), so for ``tcp://``
    one byte within the time left is the answer; for ``tls://`` the
    connection alone is checked; other transports are left to the client.
    """
    addressing = importlib.import_module("distributed.comm.addressing")
    scheme, loc = addressing.parse_address(address)
    if scheme not in ("tcp", "tls"):
        return
    host, port = addressing.parse_host_port(loc)
    deadline = time.monotonic() + timeout
    with socket.create_connection((host, port), timeout=timeout) as sock:
        if scheme == "tcp":
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            if not sock.recv(1):
                raise ConnectionError("the connection was closed without a handshake")


class DaskRunner(Runner):
    """Tasks as Dask futures on a cluster (``client`` connected already)."""

    def __init__(self, client: Any, cluster: Any = None, retries: int = RETRIES) -> None:
        self.client = client
        self.cluster = cluster
        self.retries = retries
        info = client.scheduler_info()
        workers = info.get("workers", {})
        self.slots = max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))
        where = "a local Dask cluster" if cluster is not None else f"Dask at {client.scheduler.address}"
        self.description = f"{where} ({len(workers)} workers, {self.slots} threads)"

    @classmethod
    def connect(cls, scheduler: str, workers: Optional[int], timeout: float = CONNECT_TIMEOUT) -> DaskRunner:
        """A client of the cluster at ``scheduler``, or of a new ``LocalCluster`` for ``"local"``."""
        distributed = _distributed()
        if scheduler == "local":
            cluster = distributed.LocalCluster(
                n_workers=workers or os.cpu_count() or 1,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.ERROR,
            )
            return cls(distributed.Client(cluster), cluster)
        try:
            _probe(scheduler, timeout)
            client = distributed.Client(scheduler, timeout=timeout)
        except Exception as exc:  # refused, unknown host, bad address, no answer: all mean "not there"
            why = str(exc) or type(exc).__name__
            raise ArgumentError(f"no Dask scheduler answers at {scheduler!r} within {timeout:g} s ({why})") from None
        return cls(client)

    def map_unordered(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[Tuple[int, R]]:
        distributed = _distributed()
        position: Dict[str, int] = {}
        pending: Dict[str, Any] = {}
        todo = iter(enumerate(tasks))
        # This client's loop, not the process's default client's: with several
        # clients in one process (a notebook, a test) they may run different loops.
        done = distributed.as_completed(loop=self.client.loop)
        window = max(8, 4 * self.slots)

        def top_up() -> None:
            while len(pending) < window:
                try:
                    i, task = next(todo)
                except StopIteration:
                    return
                fut = self.client.submit(fn, task, pure=False, retries=self.retries)
                position[fut.key] = i
                pending[fut.key] = fut
                done.add(fut)

        try:
            top_up()
            for fut in done:
                result = fut.result()
                i = position.pop(fut.key)
                del pending[fut.key]
                fut.release()
                yield i, result
                top_up()
        finally:
            # A generator dropped after close() has no client left to cancel on.
            if pending and self.client is not None:
                self.client.cancel(list(pending.values()))

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


def make_runner(workers: Optional[int], scheduler: Optional[str], timeout: float = CONNECT_TIMEOUT) -> Runner:
    """In-process (no options), a local pool (``workers``), or Dask (``scheduler``)."""
    check_runner_options(workers, scheduler)
    timeout = check_timeout(timeout)
    if scheduler is None:
        return ProcessPool(workers) if workers is not None and workers > 1 else InProcess()
    return DaskRunner.connect(scheduler, workers, timeout)


#: Most local worker processes (and LocalCluster workers) a run may ask for.
MAX_WORKERS = 1024


def check_timeout(timeout: Any) -> float:
    """``connect_timeout``: a finite number of seconds, at least 0."""
    out = require_number("connect_timeout", timeout, 0)
    if not math.isfinite(out):
        raise ArgumentError(f"connect_timeout must be a finite number of seconds, got {timeout!r}")
    return out


def check_runner_options(workers: Optional[int], scheduler: Optional[str]) -> None:
    """The checks of :func:`make_runner`, without starting anything."""
    if workers is not None:
        require_int("workers", workers, 1, MAX_WORKERS)
    if scheduler is not None:
        if not isinstance(scheduler, str):
            raise ArgumentTypeError(f"scheduler must be a str, got {type(scheduler).__name__}")
        if scheduler != "local" and workers is not None:
            raise ArgumentError("workers applies to local runs; a Dask cluster at an address has its own workers")
        _distributed()
