#!/usr/bin/env bash
# Counts the heap allocations of the tick sources' per-frame paths in an optimised build: builds a
# malloc counter, preloads it, and runs Tests/FaultInjectionTests/AllocationTests.swift (which is
# skipped in ordinary runs, where no counter is loaded).
#
#   bash Tests/Allocations/run-allocation-check.sh [--scratch-path DIR]    (default .build)
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build
where=()
# Only an explicit folder is passed on: SwiftPM rebuilds everything when the same folder is named
# differently from the build before (the release step of Tests/run-all.sh builds without the flag).
if [ "${1:-}" = "--scratch-path" ]; then
    scratch="$2"
    where=(--scratch-path "$scratch")
fi

library="$scratch/malloc-counter.so"
mkdir -p "$scratch"
cc -O2 -shared -fPIC -o "$library" Tests/Allocations/malloc-counter.c

# The whole test build, as Tests/run-all.sh makes it (a product alone would compile the executables'
# modules differently, and the next test build would compile them again); under Tests/run-all.sh
# it is made already, and Tests/build-root.sh builds nothing: a `swift build` after the `swift test`
# runs beside it, whose environment differs, recompiles the whole folder.
bash Tests/build-root.sh -c release -Xswiftc -enable-testing --build-tests "${where[@]}"
# The test bundle itself, not `swift test`: SwiftPM holds the build folder's lock for a whole
# command, and Tests/run-all.sh runs this beside steps that test in the same folder.
bundle="$(swift build -c release -Xswiftc -enable-testing "${where[@]}" --show-bin-path)/FrameClockPackageTests.xctest"
NO_COLOR=1 LD_PRELOAD="$PWD/$library" "$bundle" --testing-library swift-testing --filter AllocationTests
