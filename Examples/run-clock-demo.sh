#!/usr/bin/env bash
# Installs what building needs when it is missing (libdrm, Cairo, libwayland-client, pkg-config: not
# the tests' compositors and tools), builds clock-demo optimised (release) and runs it; arguments are
# passed on (try --help). The first release build takes a few minutes: its progress goes to standard
# error, so that standard output is the demo's alone. Works without a terminal (CI: plain status lines).
# FRAMECLOCK_ROOT_BUILD_FLAGS adds flags to that build (Tests/run-all.sh passes those of its
# optimised test build, which then has nothing new to build: Tests/build-root.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tests/install-system-packages.sh --build-only
echo "run-clock-demo: building clock-demo (release; the first build takes a few minutes)..." >&2
bash Tests/build-root.sh -c release --product clock-demo >&2
exec .build/release/clock-demo "$@"
