#!/usr/bin/env bash
# Builds a product or target of the root package: the arguments (flags, then --product NAME or
# --target NAME) with those in FRAMECLOCK_ROOT_BUILD_FLAGS after them. When those hold --build-tests
# (Tests/run-all.sh's optimised build), it builds that whole build instead, which has every product
# already: SwiftPM compiles an executable's module differently for a product alone than for a test
# build, so asking for the product would recompile it, and the next test build would again.
# Usage: bash Tests/build-root.sh -c release --product clock-demo
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck disable=SC2086 # the flags are words
flags=(${FRAMECLOCK_ROOT_BUILD_FLAGS:-})
if [[ " ${flags[*]} " != *" --build-tests "* ]]; then
    exec bash Tests/swift-build.sh "$@" "${flags[@]}"
fi
kept=()
while [ $# -gt 0 ]; do
    case "$1" in
        --product | --target) shift 2 ;;
        *) kept+=("$1"); shift ;;
    esac
done
exec bash Tests/swift-build.sh "${kept[@]}" "${flags[@]}"
