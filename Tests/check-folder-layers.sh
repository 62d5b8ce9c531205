#!/usr/bin/env bash
# The FrameClock module's folders are layers (docs/architecture.md, "Sources/FrameClock as layers"):
# a folder may name its own types and those of the folders below it, never one above. Prints the
# layer order and every upward reference (file:line, the name); exits 1 when there is one, or when a
# folder under the module is missing from the layer list (Tests/check-folder-layers.py, LAYERS).
# Usage: Tests/check-folder-layers.sh [MODULE_FOLDER] [--graph]   (default: Sources/FrameClock;
# --graph prints every folder-to-folder reference and exits 0)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -eq 0 ] || [ "$1" = "--graph" ]; then
    set -- "$here/../Sources/FrameClock" "$@"
fi
exec python3 "$here/check-folder-layers.py" "$@"
