# onrecord: `make run` serves the bundled seeds, `make test` runs the tests.
# Everything installs into .venv from the hash-checked requirements.lock.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 5000
INDEX  ?= data/index
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: install browser run test test-fast lint index bench bench-extraction bench-extraction-compiled lock clean check-install bench-growth bench-quotes bench-watch

install: $(VENV)/.installed

$(VENV)/.installed: requirements.lock pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# --no-deps: the lock is the whole closure, so pip installs exactly it
	# and resolves nothing (resolving printed "lxml does not provide the
	# extra 'html_clean'": justext asks for it, lxml 6.1 dropped it and the
	# lock carries lxml-html-clean itself); pip check proves it complete.
	$(PIP) install --require-hashes --no-deps -r requirements.lock
	$(PIP) check
	# The project itself: no deps (all locked above), no build isolation
	# (the venv's own setuptools builds it, so nothing unhashed is fetched).
	$(PIP) install --no-deps --no-build-isolation -e .
	touch $@

index: install
	$(BIN)/onrecord index seeds --index $(INDEX)

run: install
	@if ls $(INDEX)/*.toc >/dev/null 2>&1; then echo "Using existing index in $(INDEX)"; \
	 else $(BIN)/onrecord index seeds --index $(INDEX); fi
	$(BIN)/onrecord serve --index $(INDEX) --port $(PORT)

# The browser tests need a Chromium: Debian's via apt-get when root, else
# Playwright's download; a clear message when neither is possible.
browser: install
	$(BIN)/python tests/ensure_browser.py

test: install browser
	$(BIN)/python -m pytest

# The quick loop: everything but the slow and the browser tests (no Chromium
# needed), on two worker processes (pytest-xdist; each test file runs whole in
# one of them, so a module's shared fixtures are built once).  Bytecode is
# kept between runs even where PYTHONDONTWRITEBYTECODE is set: without it each
# worker rewrote every test module's asserts and compiled every onrecord module
# anew, 5 of its 8.5 s of collection (__pycache__/ is ignored by git).
test-fast: install
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -m "not slow and not browser" -n 2 --dist loadfile

# Static checks (CI runs them before the tests).  mypy sees the installed
# names (onrecord.search, ...) through a tree of links, since the folders
# are mapped into that namespace by pyproject's package-dir.
lint: install
	$(BIN)/ruff check search indexer web cli tests bench
	@mkdir -p .typecheck/onrecord
	@for p in search indexer web cli; do ln -sfn ../../$$p .typecheck/onrecord/$$p; done
	cd .typecheck && ../$(BIN)/mypy --config-file ../pyproject.toml -p onrecord

# What `pip install .` (pipx, a Dockerfile) gives, on the package's own
# metadata alone: a fresh venv, the project, then the seeds and an HTML page
# indexed and searched (CI runs it; needs the package index).
check-install:
	bash .ci/check_install

# The revision before quote documents (issue #33: the parent of the first
# quotes-mode commit): index size and BBC ingest are measured beside it.
QUOTES_PEER ?= e18dd93~1

# Speed benchmark: onrecord beside tantivy (reference) and stock Whoosh (peer),
# quotes mode beside paragraph mode, and the cost of quote documents
# (bench-quotes' table) beside QUOTES_PEER (empty skips that).
bench: install $(VENV)/.bench-installed
	$(BIN)/python -m bench.speed $(if $(QUOTES_PEER),--quotes-peer $(QUOTES_PEER))

# Index size and BBC ingest end to end beside QUOTES_PEER, runs alternating.
bench-quotes: install
	$(BIN)/python -m bench.ingest.quotes_cost --peer $(QUOTES_PEER)

$(VENV)/.bench-installed: requirements-bench.lock
	$(PIP) install --require-hashes -r requirements-bench.lock
	touch $@

# How hostile inputs' extraction time grows with their size (issue #29):
# a table, exit 1 when a row grows faster than linearly.
bench-growth: install
	$(BIN)/python -m bench.ingest.growth

# onrecord watch (issue #35): 50 feeds x 20 articles on loopback at 2 requests/s
# per host, wall time beside what the limit allows; CPU per article beside
# onrecord index. Exit 1 when the wall time is over the limit's by 10%.
bench-watch: install
	$(BIN)/python -m bench.watch.watching

# The revision whose HTML ingest bench-extraction times beside this one: the
# reader before #13 (its speed target is a ratio to it); empty skips the row.
HTMLEVAL_PEER ?= 1548fb9~1

bench-extraction: install
	$(BIN)/python -m bench.extraction $(if $(HTMLEVAL_PEER),--htmleval-peer $(HTMLEVAL_PEER))

# Opt-in (issue #31): extraction per CPU second with indexer/annotate compiled by mypyc
# (bench/compiled.py). The build is a copy of the tree in $(COMPILED), used only here
# (PYTHONPATH), and rebuilt whenever any .py changed: a .so never outlives its .py. A build
# costs ~5 CPU minutes of gcc and needs a C compiler and Python's headers.
COMPILED ?= build/compiled

bench-extraction-compiled: install
	$(BIN)/python -m bench.compiled build --out $(COMPILED)
	cd $(COMPILED)/onrecord && PYTHONPATH=$(abspath $(COMPILED)) $(abspath $(BIN))/python \
	  -m bench.extraction_speed cpu --runs 3 --corpus $(abspath ..)/shared/corpus/bbc

# Regenerate requirements.lock after editing requirements.in (needs network).
lock:
	$(PYTHON) -m venv /tmp/onrecord-lock && /tmp/onrecord-lock/bin/pip -q install uv
	/tmp/onrecord-lock/bin/uv pip compile --generate-hashes --python-version 3.11 requirements.in -o requirements.lock
	/tmp/onrecord-lock/bin/uv pip compile --generate-hashes --python-version 3.11 requirements-bench.in -o requirements-bench.lock

clean:
	rm -rf $(VENV) data .pytest_cache
