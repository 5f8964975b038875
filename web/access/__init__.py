"""Access control: accounts (accounts.py, no HTTP) and the login pages and
per-request check (gate.py)."""
