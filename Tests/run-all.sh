#!/usr/bin/env bash
# Every test of FrameClock: installs what is missing, builds with zero warnings in our own code,
# runs the unit tests, then the suites that need more than a plain host (see below).
set -euo pipefail
cd "$(dirname "$0")/.."

bash Tests/install-system-packages.sh

echo "== build (warnings in our sources fail the run)"
swift build --build-tests 2>&1 | tee /tmp/frameclock-build.log
if grep -E "^/.*(Sources|Tests|Examples|Benchmarks)/.*: warning:" /tmp/frameclock-build.log | grep -v "/.build/" ; then
    echo "FAILED: the build shows warnings in our own sources" >&2
    exit 1
fi

echo "== unit tests"
swift test --skip-build

for extra in Tests/VKMS/run-vkms-tests.sh; do
    if [ -f "$extra" ]; then
        echo "== $extra"
        bash "$extra" --build-path .build
    fi
done
