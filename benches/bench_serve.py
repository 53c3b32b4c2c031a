"""Load and faults for ``loopcraft serve``: a real server process, clients on 127.0.0.1 only.

    python benches/bench_serve.py [--clients 4] [--requests 10000] [--python PYTHON]

Starts ``python -m loopcraft serve --port 0`` as a child process and then:

1. **Throughput.** ``--clients`` threads, each on its own keep-alive
   connection, send ``--requests`` requests in all (a bounded count), cycling
   through ``solve`` (a 10 x 10 Slitherlink), ``check`` (its solution) and
   ``verdict`` (an 8 x 8 Country Road); every answer is checked. Prints the
   requests per second and the p50 / p99 latency of each operation.
2. **Memory.** The server's resident set (``VmRSS``) after a 500-request
   warm-up and after the whole run: flat means it does not grow with the
   request count.
3. **Health under load.** Four long requests (60 x 60 generations with a 2 s
   budget, CPU in the core with the GIL released) run while ``/api/health`` is
   asked 40 times: its p50 and worst latency.
4. **Disconnects.** 40 clients send a long request and hang up 50 ms later;
   the server must keep answering (health checked after each).
5. **Ctrl-C.** SIGINT to the server: its exit status and how long it took,
   and no traceback on stderr.

Nothing listens beyond 127.0.0.1, and every loop has a fixed count.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from typing import Any, Dict, List, Tuple

from loopcraft import country, slitherlink


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Client:
    """One keep-alive HTTP connection."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.connect()
        assert self.conn.sock is not None
        self.conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def post(self, op: str, body: Dict[str, Any]) -> Tuple[int, Any]:
        self.conn.request("POST", f"/api/{op}", json.dumps(body), {"content-type": "application/json"})
        r = self.conn.getresponse()
        return r.status, json.loads(r.read())

    def get(self, path: str) -> Tuple[int, Any]:
        self.conn.request("GET", path)
        r = self.conn.getresponse()
        return r.status, json.loads(r.read())


def pct(values: List[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def workload() -> List[Tuple[str, Dict[str, Any], Any]]:
    """(operation, body, check of the answer) triples the clients cycle through."""
    s = slitherlink.generate(10, 10, seed="bench-serve")
    sol = s.solve().solution.to_dict()
    lines = {"h_edges": sol["h_edges"], "v_edges": sol["v_edges"]}
    c = country.generate(8, 8, seed="bench-serve")
    return [
        ("solve", {"family": "slither", "puzzle": s.to_url()}, lambda a: a["unique"]),
        ("check", {"family": "slither", "puzzle": s.to_url(), "lines": lines}, lambda a: a["ok"]),
        ("verdict", {"family": "country", "puzzle": c.to_url()}, lambda a: a["count"] == 1),
    ]


def run_clients(port: int, clients: int, total: int, work: List[Any]) -> Tuple[float, Dict[str, List[float]]]:
    lat: Dict[str, List[float]] = {op: [] for op, _, _ in work}
    lock = threading.Lock()
    errors: List[str] = []
    counts = [total // clients + (1 if i < total % clients else 0) for i in range(clients)]

    def one(n: int, offset: int) -> None:
        client = Client(port)
        mine: Dict[str, List[float]] = {op: [] for op, _, _ in work}
        for i in range(n):
            op, body, ok = work[(i + offset) % len(work)]
            t = time.perf_counter()
            status, answer = client.post(op, body)
            mine[op].append(time.perf_counter() - t)
            if status != 200 or not ok(answer):
                errors.append(f"{op}: {status} {answer}")
        with lock:
            for op, v in mine.items():
                lat[op].extend(v)

    threads = [threading.Thread(target=one, args=(n, i)) for i, n in enumerate(counts)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if errors:
        raise SystemExit(f"{len(errors)} wrong answers, first: {errors[0]}")
    return elapsed, lat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--requests", type=int, default=10_000)
    ap.add_argument("--python", default=sys.executable)
    args = ap.parse_args()

    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [args.python, "-m", "loopcraft", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        url = line.split()[2]
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert url.startswith("http://127.0.0.1:"), url
        print(f"server: {url} (pid {proc.pid}), {args.clients} clients, cores: {os.cpu_count()}")
        work = workload()

        # 1 + 2: warm-up, then the bounded run, memory before and after.
        run_clients(port, args.clients, 500, work)
        rss0 = rss_kib(proc.pid)
        elapsed, lat = run_clients(port, args.clients, args.requests, work)
        rss1 = rss_kib(proc.pid)
        n = sum(len(v) for v in lat.values())
        print(f"throughput: {n} requests in {elapsed:.2f} s = {n / elapsed:.0f} requests/s")
        for op, v in lat.items():
            print(f"  {op:8s} n={len(v):5d}  p50 {pct(v, 50) * 1000:6.2f} ms  p99 {pct(v, 99) * 1000:6.2f} ms")
        print(f"memory: RSS {rss0 / 1024:.1f} MiB after 500 warm-up requests, {rss1 / 1024:.1f} MiB after {n} more")

        # 3: health while four long generations run.
        hard = {"family": "slither", "rows": 60, "cols": 60, "seed": 0, "time_limit": 2.0}

        def long_request(i: int) -> None:
            Client(port).post("generate", {**hard, "seed": i})

        busy = [threading.Thread(target=long_request, args=(i,)) for i in range(4)]
        for t in busy:
            t.start()
        time.sleep(0.2)
        probe = Client(port)
        health: List[float] = []
        for _ in range(40):
            t = time.perf_counter()
            status, _answer = probe.get("/api/health")
            health.append(time.perf_counter() - t)
            assert status == 200
            time.sleep(0.03)
        for t in busy:
            t.join()
        print(
            f"health during 4 long generations: p50 {statistics.median(health) * 1000:.2f} ms, "
            f"worst {max(health) * 1000:.2f} ms"
        )

        # 4: clients hanging up mid-request.
        body = json.dumps({**hard, "rows": 40, "cols": 40, "time_limit": 1.0}).encode()
        failures = 0
        for _ in range(40):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(
                b"POST /api/generate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
            time.sleep(0.05)
            s.close()
            status, _answer = probe.get("/api/health")
            failures += status != 200
        time.sleep(1.5)  # let the abandoned work finish (its budget is 1 s)
        status, _answer = Client(port).post(*work[0][:2])
        print(f"disconnects: 40 clients hung up mid-request; health failures {failures}; afterwards solve {status}")
        print(f"memory after the fault runs: RSS {rss_kib(proc.pid) / 1024:.1f} MiB")

        # 5: Ctrl-C.
        t = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=30)
        err = proc.stderr.read() if proc.stderr else ""
        clean = code == 0 and "Traceback" not in err
        print(f"SIGINT: exit status {code} after {time.perf_counter() - t:.2f} s; {'clean' if clean else 'NOT clean'}")
        if not clean:
            print(err[-2000:])
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    main()
