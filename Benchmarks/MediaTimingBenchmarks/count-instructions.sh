#!/usr/bin/env bash
# Instructions per frame of the MediaTimingBenchmarks scenes, counted by valgrind's callgrind
# (repeatable, unlike wall-clock times: the same binary and inputs give the same count whatever
# else the machine is doing).
#
#   bash Benchmarks/MediaTimingBenchmarks/count-instructions.sh [FRAMES] [--limit N]
#
# Builds MediaTiming and its lock module (swiftc -O, whole module, as a release build does) and a
# small driver over AnimatedScene.swift into .build-callgrind/, then runs every scene twice under
# callgrind: once building the scene and evaluating its first frame only, once with FRAMES (default
# 20) more frames. The difference of the two totals is the frame loop alone (scene construction
# cancels out); divided by FRAMES it is the count per frame, and by the animations in the scene the
# count per animation evaluated. Prints a Markdown table. With `--limit N` the run fails (exit 1)
# when a scene of running animations (one, three) costs more than N instructions per animation; CI
# runs it with the goal, 200.
set -euo pipefail
cd "$(dirname "$0")/../.."

usage="usage: count-instructions.sh [FRAMES] [--limit N]"
frames=20
limit=
while [ $# -gt 0 ]; do
    case "$1" in
        --limit)
            [ $# -ge 2 ] || { echo "count-instructions.sh: --limit needs a number; $usage" >&2; exit 2; }
            limit=$2
            shift 2
            case "$limit" in
                '' | *[!0-9]* | 0) echo "count-instructions.sh: --limit must be a whole number above 0, not '$limit'" >&2; exit 2 ;;
            esac
            ;;
        *)
            frames=$1
            shift
            case "$frames" in
                '' | *[!0-9]* | 0) echo "count-instructions.sh: FRAMES must be a whole number above 0, not '$frames'; $usage" >&2; exit 2 ;;
            esac
            ;;
    esac
done
command -v valgrind >/dev/null || { echo "count-instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

out=${CALLGRIND_OUT:-.build-callgrind}
mkdir -p "$out"
swiftc_flags=(-swift-version 6 -O -wmo -parse-as-library)

# The driver: `frame-loop SCENE FRAMES` builds the scene, evaluates frame 0, then FRAMES frames.
cat >"$out/FrameLoop.swift" <<'SWIFT'
#if canImport(Glibc)
    import Glibc
#endif

@main
enum FrameLoop {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let scene = AnimatedScene.Animations(argument: arguments[1]),
            let frames = Int(arguments[2]), frames >= 0
        else {
            print("usage: frame-loop one|three|idle FRAMES")
            exit(2)
        }
        var animated = try AnimatedScene(layerCount: 10_000, animationsPerLayer: scene)
        animated.evaluate(atRootTime: 0)
        for _ in 0..<frames { animated.nextFrame() }
        print(animated.checksum)
    }
}

extension AnimatedScene.Animations {
    init?(argument: String) {
        switch argument {
        case "one": self = .one
        case "three": self = .three
        case "idle": self = .idle
        default: return nil
        }
    }
}
SWIFT

# MediaTiming's one dependency, the package's lock (package access: one package name for both).
swiftc "${swiftc_flags[@]}" -package-name frameclockcount -module-name PthreadLock -emit-module \
    -emit-module-path "$out/PthreadLock.swiftmodule" -emit-library -static -o "$out/libPthreadLock.a" \
    Sources/PthreadLock/*.swift
mapfile -t sources < <(find Sources/MediaTiming -name '*.swift' | sort)
swiftc "${swiftc_flags[@]}" -package-name frameclockcount -I "$out" -module-name MediaTiming -emit-module -emit-module-path "$out/MediaTiming.swiftmodule" \
    -emit-library -static -o "$out/libMediaTiming.a" "${sources[@]}"
swiftc "${swiftc_flags[@]}" -module-name FrameLoop -I "$out" "$out/FrameLoop.swift" \
    Benchmarks/MediaTimingBenchmarks/AnimatedScene.swift -L "$out" -lMediaTiming -lPthreadLock -o "$out/frame-loop"

# total SCENE FRAMES: the instructions callgrind counted for the whole run.
total() {
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$1.$2" "$out/frame-loop" "$1" "$2" 2>&1 \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}

echo "| scene | animations in the scene | instructions per frame | per animation |"
echo "|---|---:|---:|---:|"
over_limit=()
for scene in one three idle; do
    case "$scene" in
        one) animations=10000 ;;
        *) animations=30000 ;;
    esac
    base=$(total "$scene" 0)
    loaded=$(total "$scene" "$frames")
    per_frame=$(((loaded - base) / frames))
    per_animation=$((per_frame / animations))
    echo "| $scene | $animations | $per_frame | $per_animation |"
    if [ -n "$limit" ] && [ "$scene" != idle ] && [ "$per_animation" -gt "$limit" ]; then
        over_limit+=("$scene: $per_animation")
    fi
done
echo
echo "callgrind $(valgrind --version | sed 's/valgrind-//'), $frames frames after the first; profiles in $out/callgrind.*"
if [ ${#over_limit[@]} -gt 0 ]; then
    echo "FAILED: more than $limit instructions per animation (${over_limit[*]})" >&2
    exit 1
fi
