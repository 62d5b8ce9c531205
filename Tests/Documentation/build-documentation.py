#!/usr/bin/env python3
"""DocC archives of FrameClock's libraries from modules a build already made.

`swift package generate-documentation` builds every target it documents again, in a folder of its
own (six minutes of two processors in CI) before it extracts their symbols. This script extracts
the symbols from the .swiftmodule files of builds CI has made anyway, with the search paths each
build used for that module (its description.json), and runs `docc convert` with the options the
DocC plugin passes: public symbols, synthesized members, extension blocks, warnings as errors.

Usage: build-documentation.py --output DIR --build FOLDER [--build FOLDER ...] LIBRARY ...
Each library is taken from the first build folder (a configuration's folder, such as
.build-examples/debug) whose modules hold it; a library none of them holds is an error.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The flags of a module's scan command that name where its imports are found, and how many values
# each takes.
SEARCH_FLAGS = {"-I": 1, "-Xcc": 1, "-target": 1, "-sdk": 1, "-resource-dir": 1}


def fail(message):
    print(f"build-documentation: {message}", file=sys.stderr)
    sys.exit(1)


def search_arguments(scan_arguments):
    """The search paths and target of a module's scan command, without its sources and outputs."""
    kept = []
    index = 1
    while index < len(scan_arguments):
        argument = scan_arguments[index]
        if argument in SEARCH_FLAGS:
            count = SEARCH_FLAGS[argument]
            kept.extend(scan_arguments[index : index + 1 + count])
            index += 1 + count
        elif argument.startswith("-I") and len(argument) > 2:
            kept.append(argument)
            index += 1
        else:
            index += 1
    return kept


def find_library(library, builds):
    """The build folder and scan arguments of the first build that made the library's module."""
    for build in builds:
        module = build / "Modules" / f"{library}.swiftmodule"
        description = build / "description.json"
        if not module.exists() or not description.exists():
            continue
        with description.open() as file:
            scan = json.load(file).get("swiftTargetScanArgs", {}).get(library)
        if scan:
            return build, scan
    return None, None


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        fail(f"{Path(command[0]).name} exited with status {result.returncode} ({' '.join(command[:4])} ...)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", required=True, type=Path, help="where the archives go")
    parser.add_argument("--build", action="append", required=True, type=Path, help="a build configuration folder")
    parser.add_argument("libraries", nargs="+")
    options = parser.parse_args()

    extract = shutil.which("swift-symbolgraph-extract")
    docc = shutil.which("docc")
    if not extract or not docc:
        fail("swift-symbolgraph-extract and docc come with the Swift toolchain; neither is on PATH")
    builds = [build.resolve() for build in options.build]
    for build in builds:
        if not build.is_dir():
            fail(f"no build folder at {build}")

    output = options.output.resolve()
    shutil.rmtree(output, ignore_errors=True)
    for library in options.libraries:
        build, scan = find_library(library, builds)
        if build is None:
            fail(f"no build among {', '.join(map(str, builds))} made the module {library}")
        graphs = output / "symbol-graphs" / library
        graphs.mkdir(parents=True)
        run([
            extract, "-module-name", library, *search_arguments(scan),
            "-module-cache-path", str(output / "module-cache"),
            "-minimum-access-level", "public", "-emit-extension-block-symbols",
            "-output-dir", str(graphs),
        ])
        catalog = ROOT / "Sources" / library / f"{library}.docc"
        command = [docc, "convert"]
        if catalog.is_dir():
            command.append(str(catalog))
        command += [
            "--additional-symbol-graph-dir", str(graphs),
            "--fallback-display-name", library, "--fallback-bundle-identifier", library,
            "--output-path", str(output / f"{library}.doccarchive"), "--warnings-as-errors",
        ]
        run(command)
        print(f"{library}: documentation from {build.relative_to(ROOT) if build.is_relative_to(ROOT) else build}")


if __name__ == "__main__":
    main()
