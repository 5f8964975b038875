"""Child processes that end when the process that started them dies.

Owns die_with_parent(), called first thing in a child: the local Dask
workers of `onrecord index` (indexer.distributed.client's worker plugin) and the
serving processes of `onrecord serve --processes N` (web.serving.processes).  A
parent killed with SIGKILL (the OOM killer's signal) runs no clean-up, so
its children must notice on their own.  On Linux the kernel kills each
child when its parent dies (prctl PR_SET_PDEATHSIG); elsewhere a daemon
thread in each child polls the parent pid.  An indexing worker killed
mid-task leaves only its scratch folder; nothing in the index.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

# From <linux/prctl.h>: deliver a signal to this process when its parent dies.
PR_SET_PDEATHSIG = 1
# Seconds between the fallback watcher's looks at the parent pid.
WATCH_SECONDS = 0.5


def die_with_parent(parent_pid: int) -> None:
    """Make this process end (SIGKILL) when process `parent_pid`, its parent, dies.

    Call it first thing in a child.  Exits at once if the parent is already
    gone.  On Linux the parent *thread* that started the child counts: it
    must outlive the child (a LocalCluster's event-loop thread does; so does
    the main thread that forks serving processes).  Returns None."""
    if not _kill_me_with_parent():
        watch_parent(parent_pid)
    # The parent may have died between fork and prctl: the signal would
    # never come, and this process would already belong to init.
    if os.getppid() != parent_pid:
        _end_now()


def _kill_me_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; return
    whether that worked (False on other systems or without a libc)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # the running program's symbols: libc's
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):  # no libc, or one without prctl
        return False


def _end_now() -> None:
    """End this process at once, with no clean-up: SIGKILL, as
    PR_SET_PDEATHSIG would have."""
    os.kill(os.getpid(), signal.SIGKILL)


def watch_parent(parent_pid: int, interval: float = WATCH_SECONDS) -> threading.Thread:
    """Start and return a daemon thread that ends this process (os._exit)
    within `interval` seconds of its parent `parent_pid` dying (SIGKILL): an orphan
    is re-parented, so getppid() changes.  The portable fallback of
    die_with_parent()."""
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(interval)
        _end_now()  # no clean-up: a task's half-written segment is in its scratch folder

    thread = threading.Thread(target=watch, name="onrecord-parent-watch", daemon=True)
    thread.start()
    return thread
