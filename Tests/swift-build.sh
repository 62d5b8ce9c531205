#!/usr/bin/env bash
# Runs `swift build` with its arguments in one fixed environment: PATH, HOME and, when set, TMPDIR
# and PKG_CONFIG_PATH. SwiftPM recompiles every module of a build folder when the environment it
# builds in differs from the last build's (a variable a script exports; bash's SHLVL, one higher in
# a script than in the script that called it), so each build of a folder that CI's steps share goes
# through here.
# Usage: bash Tests/swift-build.sh [swift build's arguments]
set -euo pipefail
kept=(PATH="$PATH" HOME="$HOME")
for name in TMPDIR PKG_CONFIG_PATH; do
    if [ -n "${!name:-}" ]; then kept+=("$name=${!name}"); fi
done
exec env -i "${kept[@]}" swift build "$@"
