# Sourced by the GPU clock checks (gles-clock, vulkan-clock, x11-gles-clock) with their arguments: the steps they
# share. The caller sets program (its name, which starts each report line), socket (the
# compositor's) and scratch (its default build folder, replaced by `--scratch-path DIR`);
# build_example sets binary. Compositors are started by Tests/Compositors/compositors.sh
# (start_test_compositor, stop_compositor; the runtime directory is COMPOSITOR_RUNTIME).

if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; fi
source Tests/Compositors/compositors.sh
frames=300
# Mesa's software drivers (llvmpipe, lavapipe) draw on one thread.
export LP_NUM_THREADS=1

fail() {
    echo "FAILED: $*" >&2
    exit 1
}

# Builds product $program of Examples/FrontEnds into $scratch (the front ends share one build); a
# warning in a file whose path matches $1 fails the check.
build_example() {
    local warnings=$1
    echo "building $program of Examples/FrontEnds ($scratch)"
    bash Tests/swift-build.sh --package-path Examples/FrontEnds --scratch-path "$scratch" --product "$program" 2>&1 |
        tee "/tmp/$program-build.log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || fail "$program of Examples/FrontEnds does not build"
    if grep -E "($warnings)/.*: warning:" "/tmp/$program-build.log"; then fail "warnings in $warnings"; fi
    binary="$scratch/debug/$program"
}

# Runs $program for $frames frames, with the options in the array run_options, under this machine's
# weston or mutter ($1; $2: how many frames an idle machine discards at most); checks the report:
# every frame settled, presented or discarded, none pending. How many were discarded is a real-time
# figure (a loaded machine misses more repaints): reported, and marked when above $2; the program is
# told it may discard them all, so only this script judges them.
run_options=()
run_under() {
    local name=$1 discardable=$2
    start_test_compositor "$name" "$socket" || return 1
    echo "$program under $name headless, $frames frames ${run_options[*]}"
    local status=0
    XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$socket timeout 120 "$binary" --frames "$frames" \
        --may-discard "$frames" "${run_options[@]}" >"/tmp/$program-$name.txt" 2>&1 || status=$?
    cat "/tmp/$program-$name.txt"
    stop_compositor
    [ "$status" -eq 0 ] || { echo "FAILED: $program under $name exited $status" >&2; return 1; }
    check_settled "/tmp/$program-$name.txt" "$name" "$discardable"
}

# Checks $program's report in $1, of a run under $2: each of its $frames frames settled, presented
# or discarded, none pending. How many were discarded is a real-time figure (a loaded machine misses
# more repaints): printed, and marked when above $3, what an idle machine discards at most.
check_settled() {
    local report=$1 name=$2 discardable=$3 line presented discarded usual=usual
    line=$(grep -E "^$program: link: $frames frames: [0-9]+ presented, 0 pending, [0-9]+ discarded" "$report") ||
        { echo "FAILED: $program under $name: frames left pending" >&2; return 1; }
    presented=$(sed -E 's/.*: ([0-9]+) presented.*/\1/' <<<"$line")
    discarded=$(sed -E 's/.* ([0-9]+) discarded.*/\1/' <<<"$line")
    if [ $((presented + discarded)) -ne "$frames" ]; then
        echo "FAILED: $program under $name: $presented presented and $discarded discarded of $frames" >&2
        return 1
    fi
    [ "$discarded" -le "$discardable" ] || usual=OUTSIDE
    echo "figure: $usual $program under $name: frames discarded = $discarded (usually ≤ $discardable)"
}

# Without a driver ($1, the environment setting that hides it; $2, what is missing): a typed error
# whose message has $3, exit 1, no hang.
check_no_driver() {
    local setting=$1 missing=$2 message=$3
    start_test_compositor weston "$socket" || return 1
    local status=0
    env XDG_RUNTIME_DIR="$COMPOSITOR_RUNTIME" WAYLAND_DISPLAY="$socket" "$setting" \
        timeout 20 "$binary" --frames 10 >"/tmp/$program-no-driver.txt" 2>&1 || status=$?
    stop_compositor
    cat "/tmp/$program-no-driver.txt"
    [ "$status" -eq 1 ] || { echo "FAILED: without $missing $program exited $status, not 1" >&2; return 1; }
    grep -q "$message" "/tmp/$program-no-driver.txt" ||
        { echo "FAILED: without $missing $program did not say '$message'" >&2; return 1; }
}

# The compositor killed while frames run: $program stops with an error matching $1 (extended
# regular expression) well within the timeout, exit 1, never a hang.
check_compositor_gone() {
    local message=$1
    start_test_compositor weston "$socket" || return 1
    local status=0
    XDG_RUNTIME_DIR=$COMPOSITOR_RUNTIME WAYLAND_DISPLAY=$socket timeout 20 "$binary" --frames 100000 \
        >"/tmp/$program-gone.txt" 2>&1 &
    local client=$!
    sleep 2
    stop_compositor
    wait "$client" || status=$?
    cat "/tmp/$program-gone.txt"
    [ "$status" -eq 1 ] || { echo "FAILED: with the compositor gone $program exited $status, not 1" >&2; return 1; }
    grep -qE "$message" "/tmp/$program-gone.txt" ||
        { echo "FAILED: with the compositor gone $program did not say '$message'" >&2; return 1; }
}
