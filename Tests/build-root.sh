#!/usr/bin/env bash
# Builds a product or target of the root package: the arguments (flags, then --product NAME or
# --target NAME) with those in FRAMECLOCK_ROOT_BUILD_FLAGS after them. When those hold --build-tests,
# they name Tests/run-all.sh's optimised build, made before any step that calls this, which has every
# product: nothing is built, and a missing build fails here rather than as a missing binary later.
# Asking SwiftPM for the product would compile an executable's module again (a product alone
# compiles it differently from a test build), and would wait for the build folder's lock, which the
# checks run beside the steps hold for minutes.
# Usage: bash Tests/build-root.sh -c release --product clock-demo
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086 # the flags are words
flags=(${FRAMECLOCK_ROOT_BUILD_FLAGS:-})
if [[ " ${flags[*]} " == *" --build-tests "* ]]; then
    bin=$(swift build "${flags[@]}" --show-bin-path)
    if [ ! -x "$bin/FrameClockPackageTests.xctest" ]; then
        echo "build-root: FRAMECLOCK_ROOT_BUILD_FLAGS (${flags[*]}) names a test build that is not made: no $bin/FrameClockPackageTests.xctest" >&2
        exit 1
    fi
    echo "build-root: the optimised test build in $bin has $* already"
    exit 0
fi
exec bash Tests/swift-build.sh "$@" "${flags[@]}"
