"""Tests of web/access/: accounts, grants, the audit log and the per-request gate."""
