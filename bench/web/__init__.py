"""`onrecord serve` measured, loopback only: waitress under wrk (serving.py), sustained load
(load.py), no one query stalling all (stall.py), access control on beside off, under wrk
and in-process (access.py, access_cpu.py), and a large export streamed in constant memory
(export_memory.py)."""
