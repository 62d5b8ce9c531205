#!/usr/bin/env python3
"""How soon a link's frames were shown again after a stopped compositor was continued.

Usage: shown-after-return.py TRACE CONTINUED [GOAL]

TRACE is a link's timeline as Chrome trace-event JSON (clock-demo --trace, or a front end's
--timeline); CONTINUED the instant the compositor was continued, in CLOCK_MONOTONIC nanoseconds.
Prints "N frames, K shown after the return, the first X ms after it (Y intervals; the first frame
started after it: Z ms)", the intervals being the median refresh interval of the frames (the first
start tells a front end that draws only at the compositor's next frame callback, as GTK does, from
one whose frame waited: the start is the compositor's answer, the rest one repaint); "[OUTSIDE the goal of GOAL intervals]" is added
when GOAL is given and Y is above it. Without frames shown after the return it prints
"N frames, none shown after the compositor's return"; without a readable trace, "no trace".
"""
import json
import sys


def main() -> None:
    try:
        events = json.load(open(sys.argv[1]))["traceEvents"]
    except (OSError, ValueError, KeyError):
        print("no trace")
        return
    continued = int(sys.argv[2])
    goal = float(sys.argv[3]) if len(sys.argv) > 3 else None
    framed = [e for e in events if e.get("cat") == "frame" and "target_ns" in e.get("args", {})]
    frames = [e["args"] for e in framed]
    # A frame event's "ts" is its callback's start, in microseconds.
    starts = sorted(e["ts"] * 1000 for e in framed if e.get("ts", 0) * 1000 > continued)
    after = sorted(a["presented_ns"] for a in frames if a.get("presented_ns", 0) > continued)
    intervals = sorted(a["refresh_ns"] for a in frames if a.get("refresh_ns", 0) > 0)
    if not after or not intervals:
        print(f"{len(frames)} frames, none shown after the compositor's return")
        return
    delay = (after[0] - continued) / 1e6
    steps = delay * 1e6 / intervals[len(intervals) // 2]
    mark = f" [OUTSIDE the goal of {goal:g} intervals]" if goal is not None and steps > goal else ""
    started = f"; the first frame started after it: {(starts[0] - continued) / 1e6:.1f} ms" if starts else ""
    print(f"{len(frames)} frames, {len(after)} shown after the return, the first {delay:.1f} ms after it "
          f"({steps:.1f} intervals{started}){mark}")


if __name__ == "__main__":
    main()
