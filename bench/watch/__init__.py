"""`onrecord watch` measured: the feeds bench against its rate limit (watching.py), its
SIGKILL trial (watch_kills.py), both on a loopback news site with a webhook receiver
(watchsite.py)."""
