"""The web benchmark: `onrecord serve` (waitress) under wrk, loopback only.

Owns starting the server on a free 127.0.0.1 port against an index,
waiting for /healthz, running wrk (bounded: fixed threads, connections and
duration) over a Lua script that cycles through the benchmark's
/api/search URLs, parsing wrk's --latency report, and stopping the server
(only the process it started).
"""
from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import IO, Any

from bench.engines.probe import read_status_mb

_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def lua_script(urls: list[str]) -> str:
    """Return a wrk Lua script requesting `urls` round-robin and printing the
    95th latency percentile at the end (wrk --latency prints no p95, the
    figure issue #36's target is set in)."""
    quoted = ",\n  ".join('"' + u.replace("\\", "\\\\").replace('"', '\\"') + '"' for u in urls)
    return ("local paths = {\n  " + quoted + "\n}\nlocal i = 0\n"
            "request = function()\n  i = i % #paths + 1\n"
            "  return wrk.format(\"GET\", paths[i])\nend\n"
            "done = function(summary, latency, requests)\n"
            "  io.write(string.format(\"P95 latency: %dus\\n\", latency:percentile(95)))\nend\n")


def to_ms(value: str) -> float:
    """Return a wrk duration like '12.5ms' or '1.2s' in milliseconds."""
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value.strip())
    if not match:
        raise ValueError(f"not a wrk duration: {value!r}")
    return float(match.group(1)) * _UNITS_MS[match.group(2)]


def parse_wrk(output: str) -> dict[str, Any]:
    """Return p50/p90/p99 (ms), p95 (ms, from lua_script's closing line;
    None without it), requests, requests/s, non-2xx and socket errors from
    wrk --latency output."""
    result: dict[str, Any] = {"non_2xx": 0, "socket_errors": 0}
    for pct, key in (("50", "p50_ms"), ("90", "p90_ms"), ("99", "p99_ms")):
        match = re.search(rf"^\s+{pct}(?:\.0+)?%\s+(\S+)", output, re.M)
        result[key] = to_ms(match.group(1)) if match else None
    match = re.search(r"^P95 latency:\s+(\S+)", output, re.M)
    result["p95_ms"] = to_ms(match.group(1)) if match else None
    match = re.search(r"(\d+) requests in", output)
    result["requests"] = int(match.group(1)) if match else None
    match = re.search(r"Requests/sec:\s+([\d.]+)", output)
    result["requests_per_s"] = float(match.group(1)) if match else None
    match = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    if match:
        result["non_2xx"] = int(match.group(1))
    match = re.search(r"Socket errors:(.*)", output)
    if match:
        result["socket_errors"] = sum(int(n) for n in re.findall(r"\d+", match.group(1)))
    return result


def spawn_server(command: list[str]) -> tuple[subprocess.Popen, IO[bytes]]:
    """Start `command` with its stderr in a temporary file (returned, for
    log_tail).  Not a pipe: nobody reads it while wrk runs, and once a pipe's
    64 KB fill up (waitress logs a "Task queue depth" line for each request
    that waits for a thread: 57 KB in a minute at 16 connections) every
    write to it blocks the server, which then served 80 requests/s instead
    of 165-195 with its log in a file."""
    log = tempfile.TemporaryFile()
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log), log


def log_tail(log: IO[bytes], lines: int = 5) -> str:
    """Return the last `lines` lines written to `log`."""
    log.seek(0)
    return " | ".join(log.read().decode("utf-8", "replace").strip().splitlines()[-lines:])


def wait_healthy(base: str, server: subprocess.Popen, timeout: float = 60,
                 log: IO[bytes] | None = None) -> None:
    """Return once `base`/healthz answers 200; raises RuntimeError if the
    server exits (with the tail of its `log`) or stays unhealthy for
    `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            words = f": {log_tail(log)}" if log is not None else ""
            raise RuntimeError(f"onrecord serve exited with {server.returncode}{words}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"onrecord serve not healthy after {timeout:.0f}s")


def bench_web(index_dir: Path, urls: list[str], duration: int = 30,
              threads: int = 2, connections: int = 16, processes: int = 1,
              warmup: int = 0, settings: tuple[str, ...] = (),
              headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Return wrk's numbers for `onrecord serve --processes N` over
    `index_dir` (with each `--setting` of `settings`, every request sending
    `headers`), plus the server's RSS (the parent's: with several
    processes, one child's is not sampled); {"skipped": reason} if wrk is
    not installed.  With `warmup`, a first wrk run of that many seconds
    (not reported) warms every process: the one-by-one warm-up requests
    reach only the processes the kernel hands their connections to."""
    wrk = shutil.which("wrk")
    if not wrk:
        return {"skipped": "wrk is not installed (apt-get install wrk)"}
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server, log = spawn_onrecord_serve(index_dir, port, processes, settings)
    try:
        wait_healthy(base, server, 60, log)
        for url in urls:  # warm: facet tables and caches, as the query phase does
            urllib.request.urlopen(urllib.request.Request(base + url, headers=headers or {}), timeout=60).read()
        output = run_wrk(wrk, base, urls, [warmup] if warmup > 0 else [], duration,
                         (threads, connections), headers or {})
        result = parse_wrk(output)
        result.update(command=f"wrk -t{threads} -c{connections} -d{duration}s --latency",
                      processes=processes, warmup_s=warmup,
                      urls=len(urls),
                      server_rss_mb=read_status_mb("VmRSS", str(server.pid)),
                      server_peak_rss_mb=read_status_mb("VmHWM", str(server.pid)))
        return result
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        return {"error": str(exc)}
    finally:
        stop_server(server, log)


def spawn_onrecord_serve(index_dir: Path, port: int, processes: int,
                         settings: tuple[str, ...]) -> tuple[subprocess.Popen, IO[bytes]]:
    """Start `onrecord serve` (this interpreter's) over `index_dir` on
    127.0.0.1:`port` with `processes` and each `--setting` of `settings`;
    return the process and its stderr log (spawn_server)."""
    onrecord = Path(sys.executable).with_name("onrecord")
    return spawn_server([str(onrecord), "serve", "--index", str(index_dir),
                         "--host", "127.0.0.1", "--port", str(port),
                         "--processes", str(processes),
                         *(arg for setting in settings for arg in ("--setting", setting))])


def run_wrk(wrk: str, base: str, urls: list[str], warmups: list[int], duration: int,
            load: tuple[int, int], headers: dict[str, str]) -> str:
    """Return the stdout of wrk's measured run (--latency, `load`: threads
    and connections, every request sending `headers`) over `urls`
    round-robin against `base`, after a run of each of `warmups` seconds
    (not returned).  Raises subprocess.TimeoutExpired if a run outlasts
    its duration by a minute."""
    threads, connections = load
    sent = [arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}")]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(lua_script(urls))
    try:
        for seconds in warmups + [duration]:
            done = subprocess.run([wrk, f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
                                   "--latency", *sent, "-s", script.name, base],
                                  capture_output=True, text=True, timeout=seconds + 60)
    finally:
        Path(script.name).unlink(missing_ok=True)
    return done.stdout


def stop_server(server: subprocess.Popen, log: IO[bytes]) -> None:
    """Stop `server` (the process bench_web started: terminated, killed if
    it has not ended within 10 s) and close its log."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()
