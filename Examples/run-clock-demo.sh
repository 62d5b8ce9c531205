#!/usr/bin/env bash
# Installs what is missing and runs clock-demo; arguments are passed on (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash Tests/install-system-packages.sh
swift build --product clock-demo >&2
exec .build/debug/clock-demo "$@"
