# scenec — two commands on a fresh Debian machine:
#   make demo   installs what is missing, builds, renders scenes/ to out/
#   make test   installs what is missing, runs every test
SHELL := /bin/bash
SWIFT ?= swift
SCENEC := .build/release/scenec
APT_PACKAGES := libyaml-dev libcairo2-dev pkg-config librsvg2-bin poppler-utils
SCENES := $(wildcard scenes/*.scene.yaml)

.PHONY: demo test deps build docs clean

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
			echo "rendered out/$$name/frame-*.png and out/$$name.flipbook.pdf"; \
		fi; \
	done

test: deps
	$(SWIFT) build --build-tests
	SCENEC_BIN=$(CURDIR)/.build/debug/scenec $(SWIFT) test --skip-build

# Regenerates what the repository keeps generated (CI fails when these are stale).
docs: build
	$(SCENEC) render scenes/showcase.scene.yaml -o docs/showcase.png

clean:
	rm -rf .build out
