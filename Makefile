# scenec — two commands on a fresh Debian machine:
#   make demo   installs what is missing, builds, renders scenes/ to out/
#   make test   installs what is missing, runs every test
SHELL := /bin/bash
SWIFT ?= swift
SCENEC := .build/release/scenec
APT_PACKAGES := libyaml-dev libcairo2-dev libpng-dev libdeflate-dev libpango1.0-dev pkg-config \
	librsvg2-bin poppler-utils ninja-build python3-venv libxml2-utils libmicrohttpd-dev chromium chromium-driver \
	python3-selenium python3-markdown-it python3-linkify-it pngcheck valgrind ffmpeg neovim libwebp-dev webp patch libcurl4-openssl-dev nginx-light
SCENES := $(wildcard scenes/*.scene.yaml)
# The default fonts (Sources/SceneFonts/DefaultFont.swift): DejaVu, then the fallbacks for the
# scripts and emoji it lacks, in DefaultFont.packages' order (RepositoryTests compares them);
# packaging/dist.sh takes the .deb's Depends from `scenec --version`.
DEFAULT_FONT_PACKAGES := fonts-dejavu-core fonts-noto-core fonts-droid-fallback fonts-nanum fonts-noto-color-emoji
APT_PACKAGES += $(DEFAULT_FONT_PACKAGES)
# packaging/dist.sh's strip and dpkg-shlibdeps: `make dist`, and the test that packs a .deb
# (Tests/ScenecCLITests/PackagingKeysTests.swift).
APT_PACKAGES += dpkg-dev binutils
# Debian's Bazel 4.2, which builds the example workspace with scenec's rules (bazel/,
# Tests/ScenecCLITests/BazelTests.swift).
APT_PACKAGES += bazel-bootstrap

.PHONY: demo test deps build docs generated clean fuzz fuzz-smoke fuzz-build dist dist-check bench bench-encoders bench-hostile example

# Installs the Debian packages that are missing (only then asks apt, so it also works offline
# once they are there).
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product scenec

demo: build
	@mkdir -p out
	@for scene in $(SCENES); do \
		name=$$(basename $$scene .scene.yaml); \
		for fmt in png pdf svg; do \
			$(SCENEC) render $$scene -o out/$$name.$$fmt || exit 1; \
		done; \
		echo "rendered out/$$name.{png,pdf,svg}"; \
		if grep -q '^timeline:' $$scene; then \
			$(SCENEC) frames $$scene -o "out/$$name/frame-%04d.png" --quiet || exit 1; \
			$(SCENEC) frames $$scene -o out/$$name.flipbook.pdf --quiet || exit 1; \
			$(SCENEC) frames $$scene -o out/$$name.gif --quiet || exit 1; \
			echo "rendered out/$$name/frame-*.png, out/$$name.flipbook.pdf and out/$$name.gif"; \
		fi; \
	done

# check-jsonschema (PyPI), the third-party validator SchemaValidationTests run over the schema,
# in a local virtual environment; installed only when missing.
CHECK_JSONSCHEMA := .venv/bin/check-jsonschema
$(CHECK_JSONSCHEMA): | deps
	python3 -m venv .venv
	.venv/bin/pip install -q --disable-pip-version-check check-jsonschema==0.39.0

# Pillow (PyPI): a PNG reader that is not ours, which the encoder tests decode scenec's files
# with (Tests/SceneCodecsTests/PNGEncoderTests.swift); installed only when missing.
PILLOW := .venv/.pillow-11.3.0
$(PILLOW): | $(CHECK_JSONSCHEMA)
	.venv/bin/pip install -q --disable-pip-version-check Pillow==11.3.0
	@touch $@

# rlottie (PyPI rlottie-python): a Lottie player that is not ours, which the export tests play
# scenec's Lottie JSON with; installed only when missing.
RLOTTIE := .venv/.rlottie-1.3.8
$(RLOTTIE): | $(CHECK_JSONSCHEMA)
	.venv/bin/pip install -q --disable-pip-version-check rlottie-python==1.3.8
	@touch $@

# The JUnit schema Jenkins and GitLab read reports with (junit-10.xsd), which the build-report
# tests validate --junit output against with xmllint. pytest validates its own reports with it
# and ships it in its source distribution; fetched from PyPI once, not committed.
JUNIT_XSD := .build/junit/junit-10.xsd
$(JUNIT_XSD): | $(CHECK_JSONSCHEMA)
	@mkdir -p .build/junit
	.venv/bin/pip download -q --disable-pip-version-check --no-deps --no-binary :all: pytest==8.3.4 -d .build/junit
	tar -xzf .build/junit/pytest-8.3.4.tar.gz -C .build/junit --strip-components=3 pytest-8.3.4/testing/example_scripts/junit-10.xsd

# The CLI tests run the release binary, the one users run (its speed is what the limits tests
# measure); the unit tests run in the debug build.
test: deps $(CHECK_JSONSCHEMA) $(PILLOW) $(RLOTTIE) $(JUNIT_XSD)
	$(SWIFT) build -c release --product scenec
	$(SWIFT) build --build-tests
	@set -o pipefail; SCENEC_BIN=$(CURDIR)/$(SCENEC) SCENEC_LOTTIE_SCHEMA=$(abspath ../shared/data/lottie-1.0.1.schema.json) $(SWIFT) test --skip-build --disable-swift-testing \
		2>&1 | tee .build/test-output.txt
	@$(MAKE) --no-print-directory example
	@$(MAKE) --no-print-directory fuzz-smoke
	@# One plain closing line for whoever reads the log last: the XCTest totals.
	@awk '/Executed [0-9]+ tests?, with/ { line = $$0 } \
		END { n = line; sub(/.*Executed /, "", n); sub(/ .*/, "", n); \
		      f = line; sub(/ failures?.*/, "", f); sub(/.* /, "", f); \
		      k = 0; if (line ~ /skipped/) { k = line; sub(/ tests? skipped.*/, "", k); sub(/.*with /, "", k) } \
		      if (n == "") exit 1; print "tests: " n - f - k " passed, " f " failed" (k > 0 ? ", " k " skipped" : "") }' \
		.build/test-output.txt

# The embedding example (Examples/RenderRing): a package of its own that depends on scenec by
# path and renders through the ScenecKit library. Built in its own scratch folder (so it does
# not fight the main build), run, and what it wrote read back with Pillow, xmllint and
# rsvg-convert (Examples/RenderRing/check.py).
EXAMPLE_BUILD := .build/examples/RenderRing
example: deps $(PILLOW)
	$(SWIFT) build --package-path Examples/RenderRing --scratch-path $(EXAMPLE_BUILD)
	@rm -rf $(EXAMPLE_BUILD)/out && mkdir -p $(EXAMPLE_BUILD)/out
	$(EXAMPLE_BUILD)/debug/RenderRing $(EXAMPLE_BUILD)/out > $(EXAMPLE_BUILD)/out/stdout.txt
	.venv/bin/python Examples/RenderRing/check.py $(EXAMPLE_BUILD)/out

# Frame sequences against the C floor (bench/floor.c: Cairo + cairo_surface_write_to_png, built
# here with cc, never committed): one table of frames/s, bytes per frame and peak memory. See
# bench/README.md for what the figures mean and how they were chosen.
FLOOR := .build/bench/floor
$(FLOOR): bench/floor.c | deps
	@mkdir -p .build/bench
	cc -O2 -Wall -o $@ bench/floor.c $$(pkg-config --cflags --libs cairo) -lm

bench: build $(FLOOR)
	python3 bench/frames.py $(SCENEC) $(FLOOR)

# How the encoder was chosen: row filters and compressors over the example scenes and frames of
# the bench's ring (bench/encoders.c; about a minute).
ENCODERS := .build/bench/encoders
BENCH_PICTURES := .build/bench/pictures
$(ENCODERS): bench/encoders.c | deps
	@mkdir -p .build/bench
	cc -O2 -Wall -o $@ bench/encoders.c $$(pkg-config --cflags --libs cairo libdeflate zlib)

# What a hostile scene can make scenec do, against issue 21's bounds: an import diamond, a
# pathological word, thousands of animations (bench/hostile.sh; a minute or two).
bench-hostile: build
	bench/hostile.sh

bench-encoders: build $(ENCODERS)
	@rm -rf $(BENCH_PICTURES) && mkdir -p $(BENCH_PICTURES)
	@for scene in $(SCENES); do $(SCENEC) render $$scene -o $(BENCH_PICTURES)/$$(basename $$scene .scene.yaml).png || exit 1; done
	@python3 bench/frames.py --scene 300 $(BENCH_PICTURES)/ring.scene.yaml
	@$(SCENEC) frames $(BENCH_PICTURES)/ring.scene.yaml -o '$(BENCH_PICTURES)/ring-%04d.png' --range 0-299 --quiet
	@ls $(BENCH_PICTURES)/ring-*.png | awk 'NR % 30 != 1' | xargs rm
	$(ENCODERS) $(BENCH_PICTURES)/*.png

# Regenerates what the repository keeps generated (CI fails when these are stale).
# The option tables between `<!-- options: scenec NAME … -->` markers come from the options'
# declarations (OptionsDeclaredOnceTests fails when they are stale).
docs: build
	$(SCENEC) render scenes/showcase.scene.yaml -o docs/showcase.png
	$(SCENEC) help --markdown README.md docs/*.md

# The JSON Schema and the attribute tables of docs/language.md, both from the attribute registry,
# docs/diagnostics.md from the catalogue of diagnostic codes, and the blocks that list the view kinds
# (`schema --block NAME` between NAME:begin/NAME:end markers) (GeneratedFilesTests fails when
# any is stale). The tables replace what lies between the
# markers in docs/language.md; the rest of the file is left as it is.
generated: build
	$(SCENEC) schema -o schema/scene.schema.json
	@grep -q '^<!-- attribute-tables:begin -->$$' docs/language.md && grep -q '^<!-- attribute-tables:end -->$$' docs/language.md \
		|| { echo "docs/language.md lacks the attribute-tables markers"; exit 1; }
	@$(SCENEC) schema --markdown > docs/language.md.tables.tmp
	@awk -v tables=docs/language.md.tables.tmp ' \
		/^<!-- attribute-tables:end -->$$/ { skip = 0 } \
		!skip { print } \
		/^<!-- attribute-tables:begin -->$$/ { print ""; while ((getline line < tables) > 0) print line; print ""; skip = 1 } \
		' docs/language.md > docs/language.md.tmp && mv docs/language.md.tmp docs/language.md
	@rm -f docs/language.md.tables.tmp
	$(SCENEC) schema --diagnostic-codes -o docs/diagnostics.md
	@for spec in kinds:docs/language.md kinds:README.md geometry:docs/language.md lottie:docs/handoff.md fuzz:fuzz/scene.dict; do \
		name=$${spec%%:*}; file=$${spec#*:}; \
		grep -q "$$name:begin" $$file && grep -q "$$name:end" $$file || { echo "$$file lacks the $$name markers"; exit 1; }; \
		$(SCENEC) schema --block $$name > $$file.block.tmp || exit 1; \
		awk -v block=$$file.block.tmp -v name=$$name ' \
			index($$0, name ":end") { skip = 0 } \
			!skip { print } \
			index($$0, name ":begin") { while ((getline line < block) > 0) print line; skip = 1 } \
			' $$file > $$file.tmp && mv $$file.tmp $$file; \
		rm -f $$file.block.tmp; \
	done
	@echo "regenerated schema/scene.schema.json, the attribute tables and the kinds of docs/language.md and the README, docs/diagnostics.md, the Lottie table of docs/handoff.md and fuzz/scene.dict's words"

# libFuzzer over the front end (Sources/ScenecFuzz): bytes → check → layout → sampling → a small
# PNG, under AddressSanitizer. The toolchain's own compiler-rt (libclang_rt.fuzzer) is linked, so
# no Debian package is needed. Seeds are the example scenes and the bad corpus; what the fuzzer
# learns goes to .build-fuzz/corpus (not committed), crashes to .build-fuzz/artifacts/. Any
# crash, leak, timeout or memory blow-up fails the target: fix it, then add the input to
# Tests/Corpus/bad/ with its `# expect:` line.
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_SECONDS ?= 60
FUZZ_BIN := .build-fuzz/debug/scenec-fuzz
FUZZ_SEEDS := scenes Tests/Corpus/bad $(wildcard Tests/Corpus/schema-bad)
FUZZ_FLAGS = -timeout=10 -rss_limit_mb=2048 -dict=fuzz/scene.dict -artifact_prefix=.build-fuzz/artifacts/ \
	-print_final_stats=1

# gold warns about ASan's local symbols, hundreds of lines of noise; the build's status is kept.
fuzz-build: deps
	@set -o pipefail; $(SWIFT) build -c debug --product scenec-fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 | { grep -v 'Cannot export local symbol' || true; }

# SWIFT_BACKTRACE=enable=no: the Swift backtracer would otherwise hold a crashing run.
# fuzz/lsan.supp: fontconfig's encoded offsets, which LeakSanitizer cannot follow (see the file).
fuzz: fuzz-build
	@mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/fuzz/lsan.supp $(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) $(FUZZ_FLAGS) .build-fuzz/corpus $(FUZZ_SEEDS)

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FUZZ_SMOKE_SECONDS)

# A binary runners install without Swift: the Swift runtime linked in (-static-stdlib), packed as
# dist/scenec_VERSION_ARCH.deb and dist/scenec-VERSION-linux-ARCH.tar.gz by packaging/dist.sh.
# Its own scratch path, so the flag does not make the next `make build` rebuild everything.
dist: deps
	$(SWIFT) build -c release --product scenec --scratch-path .build-dist -Xswiftc -static-stdlib
	packaging/dist.sh .build-dist/release/scenec dist

# Installs the .deb into a bare Debian root (no Swift toolchain; apt resolves its Depends) and
# runs packaging/smoke.sh there: --version, then the showcase scene to PNG, PDF and SVG, each
# checked by its signature, and an incremental build of scenes/. The workplace's bare-install
# tool does the installing; without it the target says so and does nothing.
BARE_INSTALL ?= ../shared/tools/bare-install.sh
BARE_ROOT ?= $(or $(TMPDIR),/tmp)/scenec-bare-bookworm
dist-check: dist
	@if [ ! -x "$(BARE_INSTALL)" ]; then \
		echo "dist-check: skipped: no bare-install tool at $(BARE_INSTALL) (set BARE_INSTALL=...)"; exit 0; fi; \
	if [ -x "$(BARE_ROOT)/usr/bin/scenec" ]; then \
		echo "dist-check: removing the scenec an earlier run installed in $(BARE_ROOT)"; \
		chroot "$(BARE_ROOT)" apt-get purge -y -qq --autoremove scenec >/dev/null 2>&1 \
			|| { echo "dist-check: could not remove it; delete $(BARE_ROOT) and run again"; exit 1; }; fi; \
	deb=dist/scenec_$$(.build-dist/release/scenec --version | sed -n 's/^scenec //p')_$$(dpkg --print-architecture).deb; \
	ROOT_DIR="$(BARE_ROOT)" "$(BARE_INSTALL)" "$$deb" sh packaging/smoke.sh \
		"$$(dpkg-deb --fsys-tarfile "$$deb" | tar -xO ./usr/bin/scenec | sha256sum | cut -d' ' -f1)"

clean:
	rm -rf .build .build-fuzz .build-dist out dist
