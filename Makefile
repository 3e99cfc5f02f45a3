# chat-tui: `make run` to chat, `make test` to run every test.
# Both install what is missing first (Debian packages, with sudo when not root).

SWIFT ?= swift
# Debian's Python, which has the python3-pyte the load test reads the screen
# with (a python3 earlier on PATH, such as pyenv's, may not).
PYTHON ?= /usr/bin/python3
BINARY := .build/release/chat-tui
# One static executable: nothing of the Swift runtime or the shared libraries is
# mapped but what chat-tui uses, so it starts in about 6 MB instead of 11
# (docs/performance.md). The linker's notes about getpwuid and dlopen in static
# programs are expected: both fall back cleanly. Cross-module optimization lets
# the compiler specialize and inline TextWidth's and ChatModel's small generic
# functions into ChatCore as it did when they were one module (without it a
# typed key costs about 10 % more instructions).
# Each function in a section of its own, and those a typed key and a resize run
# laid out side by side by ld.lld (the toolchain's), in bench/hot-functions.txt's
# order: between two keys the processor's caches have lost chat-tui's code, and
# a key's CPU follows how many code pages it touches (about 100 rather than 176;
# a key costs some 19 % less). The code start-up runs follows, laid out together
# too: an idle chat-tui holds the pages it ran and, by the kernel's fault-around,
# their neighbours (5.7 MB rather than 7.9). `make hot-functions` writes the list again.
# SwiftPM does not recompile for a change of flags alone: after changing these,
# `make clean` first.
HOT_FUNCTIONS := $(CURDIR)/bench/hot-functions.txt
LAYOUT := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(HOT_FUNCTIONS) -Xlinker --no-warn-symbol-ordering
# Each function's blocks laid out by how often they ran while a profiling
# build did what make bench measures (bench/chat-tui.profdata, which `make
# profile` writes), and the blocks that never ran moved out to sections of
# their own: the run loop's code for a key is no longer spread among the code
# of resizes, network messages and errors (a key touches about 36 code pages
# rather than 48). A change of the profile compiles the release build again.
PROFILE := $(CURDIR)/bench/chat-tui.profdata
PGO := -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=$(PROFILE) -Xswiftc -Xllvm -Xswiftc -enable-split-machine-functions
RELEASE := -c release -Xswiftc -static-executable -Xswiftc -cross-module-optimization $(LAYOUT) $(PGO)
# The profiling build (make profile): counts written at exit by the compiler's
# profile runtime, which a static executable links by hand.
TOOLCHAIN_BIN := $(dir $(realpath $(shell command -v swiftc)))
PROFILE_RUNTIME := $(firstword $(wildcard $(TOOLCHAIN_BIN)../lib/clang/*/lib/linux/libclang_rt.profile-x86_64.a))
PROFILING := -c release --scratch-path .build/profiling --product chat-tui -Xswiftc -static-executable \
	-Xswiftc -cross-module-optimization -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
	-Xlinker -u -Xlinker __llvm_profile_runtime -Xlinker $(PROFILE_RUNTIME)
# SwiftPM compiles again for a change of source, not of the profile.
PROFILE_SEEN := .build/profile-seen
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# Debian packages the build needs, and those only the tests need.
BUILD_PACKAGES := libncurses-dev libssl-dev pkg-config
# The IRC tests start real servers on 127.0.0.1 (InspIRCd, ngircd, ZNC) with a
# certificate authority they make with openssl.
TEST_PACKAGES := tmux man-db inspircd ngircd znc openssl
# The peers and tools the benchmark measures chat-tui beside, and the screen
# emulator ptybench reads the screen with.
BENCH_PACKAGES := irssi weechat-curses jq python3 python3-pyte
# What counts chat-tui's instructions (make bench-instructions).
INSTRUCTION_PACKAGES := valgrind python3
# What merges a profiling build's counts (make profile): its llvm-profdata reads
# the format the toolchain's profile runtime writes.
PROFILE_PACKAGES := llvm-19 python3

.PHONY: run build install uninstall test lint format sanitize fuzz load bench bench-quick bench-instructions hot-functions profile deps test-deps bench-deps clean

## run: install what is missing, build in release mode and start chat-tui (ARGS="--nick NAME")
run: build
	exec $(BINARY) $(ARGS)

## build: the release binary at .build/release/chat-tui
build: deps $(PROFILE_SEEN)
	$(SWIFT) build $(RELEASE)

$(PROFILE_SEEN): $(PROFILE)
	rm -rf .build/release .build/$(shell uname -m)-unknown-linux-gnu/release
	mkdir -p .build
	touch $@

# Where `make install` puts chat-tui: $(DESTDIR)$(PREFIX)/bin and the man page
# under $(DESTDIR)$(PREFIX)/share/man/man1.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1

## install: build, then install the binary and the man page (PREFIX=/usr/local, DESTDIR for staging)
install: build
	install -d "$(BINDIR)" "$(MANDIR)"
	install -m 0755 $(BINARY) "$(BINDIR)/chat-tui"
	install -m 0644 docs/chat-tui.1 "$(MANDIR)/chat-tui.1"

## uninstall: remove what `make install` put in place (the same PREFIX and DESTDIR)
uninstall:
	rm -f "$(BINDIR)/chat-tui" "$(MANDIR)/chat-tui.1"

# The tests' builds take a compiler warning for an error: a warning is a
# mistake waiting (a result ignored, a value never used). SwiftPM compiles
# again for a change of source, not of flags, so it bites on a clean build
# (CI's) and on every file changed since.
WERROR := -Xswiftc -warnings-as-errors

## test: unit tests, then the release binary driven in tmux
test: deps test-deps $(PROFILE_SEEN)
	$(SWIFT) build $(RELEASE) $(WERROR)
	$(SWIFT) test $(WERROR)

# The code's layout is swift-format's (in the toolchain), as .swift-format
# sets it: four spaces, lines of 130 columns, its rules otherwise as they come.
# CI fails on any difference (`make lint`); `make format` rewrites the files so.
FORMATTED := Sources Tests Fuzz Package.swift

## lint: fail when a file is not laid out as swift-format and .swift-format say
lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

## format: lay every file out as swift-format and .swift-format say
format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

# Under the sanitizers: the Swift runtime's own crash report is off (it reads the
# crashed stack, which AddressSanitizer reports); the crash signals are left to
# chat-tui's handler, which the crash tests send; leak checking is off, as the
# objects alive at exit() and the runtime's caches read as leaks.
SANITIZER_ENV := SWIFT_BACKTRACE=enable=no \
	ASAN_OPTIONS=detect_leaks=0:handle_segv=0:handle_sigbus=0:handle_sigill=0:handle_abort=0:handle_sigfpe=0
FUZZ_SECONDS ?= 60

## sanitize: every test under AddressSanitizer, chat-tui in tmux included; the unit tests under ThreadSanitizer
sanitize: deps test-deps
	$(SWIFT) build -c release --sanitize=address --scratch-path .build/asan --product chat-tui
	$(SANITIZER_ENV) CHAT_TUI_BINARY=$(CURDIR)/.build/asan/release/chat-tui \
		$(SWIFT) test --sanitize=address --scratch-path .build/asan
	$(SANITIZER_ENV) $(SWIFT) test --sanitize=thread --scratch-path .build/tsan --skip EndToEnd

## fuzz: each fuzzing target for FUZZ_SECONDS (60) from the corpus in Fuzz/corpus (MERGE=1 keeps what it found)
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)

## load: 10,000 messages a second into --replay for a minute while ptybench types (../shared/tools/ptybench); LOAD_ARGS=--background pours into a room not shown
load: build bench-deps
	$(PYTHON) bench/load.py $(LOAD_ARGS)

## bench: chat-tui beside irssi, WeeChat, cat and jq, one table (a few minutes; BENCH_ARGS="--runs 5")
bench: build bench-deps
	$(PYTHON) bench/bench.py $(BENCH_ARGS)

## bench-quick: the benchmark on small data, to prove it works (CI runs it; figures not comparable)
bench-quick: build
	$(PYTHON) bench/bench.py --quick --no-peers

## bench-instructions: instructions per typed key (one room, ten rooms), resize and incoming message under callgrind; fails on a rise of more than 10 % over bench/instructions.json (INSTRUCTIONS_ARGS=--update writes new figures), or when bench/hot-functions.txt names too many functions that are gone
bench-instructions: build
	@$(call install_missing,$(INSTRUCTION_PACKAGES))
	$(PYTHON) bench/instructions.py $(INSTRUCTIONS_ARGS)
	$(PYTHON) bench/hot_functions.py --check

## profile: count what a profiling build runs doing what make bench measures (bench/chat-tui.profdata), then build with it and write bench/hot-functions.txt again
profile: deps
	@$(call install_missing,$(PROFILE_PACKAGES))
	rm -rf .build/profiling
	$(SWIFT) build $(PROFILING)
	$(PYTHON) bench/profile.py --binary .build/profiling/release/chat-tui
	$(MAKE) hot-functions

## hot-functions: write bench/hot-functions.txt again from what callgrind sees typed keys and resizes run, then link with it
hot-functions: build
	@$(call install_missing,$(INSTRUCTION_PACKAGES))
	rm -f $(BINARY)
	$(SWIFT) build $(RELEASE) -Xlinker -Map=$(CURDIR)/.build/chat-tui.map
	$(PYTHON) bench/hot_functions.py --map .build/chat-tui.map
	rm -f $(BINARY)
	$(SWIFT) build $(RELEASE)

## deps: the ncursesw and OpenSSL headers and libraries, and pkg-config to find them
deps:
	@$(call install_missing,$(BUILD_PACKAGES))

## test-deps: tmux, which the end-to-end tests drive chat-tui in, man, which reads the man page, and the IRC servers
test-deps:
	@$(call install_missing,$(TEST_PACKAGES))

## bench-deps: the peers the benchmark compares with
bench-deps:
	@$(call install_missing,$(BENCH_PACKAGES))

clean:
	rm -rf .build

# Installs the packages in $(1) that dpkg does not report as installed, and
# refreshes the package lists only when something is missing.
define install_missing
missing=""; \
for package in $(1); do \
	dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
done; \
if [ -n "$$missing" ]; then \
	echo "installing:$$missing"; \
	$(SUDO) apt-get update -qq && \
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
fi
endef
