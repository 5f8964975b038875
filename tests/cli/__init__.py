"""Tests of cli/: the onrecord commands through click's CliRunner and subprocesses."""
