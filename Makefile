# Two commands do everything on a fresh Debian 12 machine:
#   make run    installs what is missing, builds Release, starts the ptreedb server
#   make test   installs what is missing, builds and runs every test
# Builds: build/ (Release, every program in build/bin/), build-asan/ (Debug with
# ASan + UBSan and invariant checks, for the unit tests), build-tsan/ (TSan, for
# the concurrency tests).

JOBS ?= $(shell nproc)
TEST_VENV := build/test-venv
CMAKE_FLAGS ?=
RUN_ARGS ?=

.PHONY: all deps build build-asan build-tsan run test test-release test-asan test-tsan test-integration bench bench-tpch bench-window regress-compat clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	@cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@ninja -C build -j $(JOBS)

build-asan: deps
	@cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPTREEDB_SANITIZE=address $(CMAKE_FLAGS) >/dev/null
	@ninja -C build-asan -j $(JOBS)

build-tsan: deps
	@cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPTREEDB_SANITIZE=thread $(CMAKE_FLAGS) >/dev/null
	@ninja -C build-tsan -j $(JOBS) ptree_concurrency_test leaf_cache_test leaf_columns_test group_commit_test worker_pool_test

# Serves on 127.0.0.1:5432 until Ctrl-C; e.g. make run RUN_ARGS="--port 6543".
run: build
	@build/bin/ptreedb $(RUN_ARGS)

test: test-release test-asan test-tsan test-integration
	@echo "all test suites passed"

test-release: build
	@cd build && ctest --output-on-failure -j $(JOBS)

test-asan: build-asan
	@cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
		ctest --output-on-failure -j $(JOBS) -L unit

test-tsan: build-tsan
	@cd build-tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$(CURDIR)/tests/unit/tsan.supp" \
		ctest --output-on-failure -j $(JOBS) -L concurrency

# Real clients (psql, raw sockets) against servers the tests start themselves,
# and SQL compared statement by statement with a private PostgreSQL 15. The
# server is the ASan build, so memory errors under hostile input fail the run.
test-integration: build-asan $(TEST_VENV)/.installed
	@PTREEDB_BIN=$(CURDIR)/build-asan/bin/ptreedb ASAN_OPTIONS=detect_leaks=1 \
		$(TEST_VENV)/bin/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile tests

# Test-only Python packages (pytest, tpchgen-cli) live in a virtual environment.
$(TEST_VENV)/.installed: tests/requirements.txt
	@python3 -m venv $(TEST_VENV)
	@$(TEST_VENV)/bin/python -m pip install -q --disable-pip-version-check -r tests/requirements.txt
	@touch $@

bench: build
	@build/bin/ptreedb-bench ptree $(BENCH_ARGS)

# TPC-H on ptreedb, PostgreSQL 15, HyPer and DuckDB (their Python packages live in
# a virtual environment of their own): make bench-tpch SF=1 [COMPARE_ARGS="--runs 5"].
BENCH_VENV := build/bench-venv
SF ?= 1
$(BENCH_VENV)/.installed: tools/bench/compare/requirements.txt
	@python3 -m venv $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -m pip install -q --disable-pip-version-check -r tools/bench/compare/requirements.txt
	@touch $@

bench-tpch: build $(BENCH_VENV)/.installed
	@$(BENCH_VENV)/bin/python tools/bench/compare/compare_tpch.py --sf $(SF) $(COMPARE_ARGS)

# Window-function queries over the same TPC-H tables and engines: make bench-window SF=1.
bench-window: build $(BENCH_VENV)/.installed
	@$(BENCH_VENV)/bin/python tools/bench/compare/compare_tpch.py --sf $(SF) \
		--queries tools/bench/window/queries --label window $(COMPARE_ARGS)

# PostgreSQL 15's own regression files, statement by statement, on ptreedb and a
# private PostgreSQL 15 (docs/compatibility.md). Not part of `make test`: it
# fetches Debian's postgresql-15 source package once into build/regress-cache
# and runs for minutes. make regress-compat [FILES=window,with] [REGRESS_ARGS="--timeout 5"]
FILES ?= all
REGRESS_ARGS ?=
regress-compat: build $(TEST_VENV)/.installed
	@$(TEST_VENV)/bin/python tools/regress/run_compat.py --files $(FILES) \
		--ptreedb $(CURDIR)/build/bin/ptreedb --cache-dir $(CURDIR)/build/regress-cache \
		--out-dir $(CURDIR)/build/regress $(REGRESS_ARGS)

clean:
	rm -rf build build-asan build-tsan
