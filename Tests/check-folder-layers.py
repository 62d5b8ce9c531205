#!/usr/bin/env python3
"""The FrameClock module's folders are layers: a file may name the types of its own folder and of the
folders below it, never of one above. Run through Tests/check-folder-layers.sh; docs/architecture.md
describes the layers.

Usage: check-folder-layers.py [ROOT] [--graph]   (or Tests/check-folder-layers.sh [ROOT])
  ROOT     the module's folder (default: Sources/FrameClock beside this script's parent)
  --graph  print every folder-to-folder reference with the names, up or down, and exit 0

Without the compiler the check reads the sources as tokens (comments dropped, string literals dropped
but their interpolations kept) and resolves each capitalised name as Swift's lookup would, as far as
a reader can: `Outer.Inner` through Outer, an unqualified name through the enclosing types (and the
types their extensions extend) and then the module's top-level types. A name it cannot resolve
(a generic parameter, a nested type of a protocol, the standard library's) is no reference. Besides
types, it checks the members an extension adds from above: a member that a folder's extension adds
to a type of a lower folder, named in a folder below that extension (by a name no other declaration
in the module has, and not a common standard-library name), is an upward reference as well.
It also fails when a folder of the module is not in LAYERS, or a folder in LAYERS is missing, so that
the list cannot go stale.
"""

import collections
import os
import re
import sys

# The layers, bottom first: a folder may use its own types and those of the folders before it.
LAYERS = [
    "Support",
    "Time",
    "Pacing",
    "Presentation",
    "Input",
    "Sources",
    "Stalls",
    "Driving",
    "Links",
]

# Folders under the module that hold no Swift sources of a layer.
IGNORED_FOLDERS = {"FrameClock.docc"}

TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor", "extension"}
# Member names the check does not follow: a conformance's requirements (called through the protocol)
# and the standard library's collection methods (a `.contains` is most often an array's).
COMMON_MEMBERS = {
    "description", "debugDescription", "hash", "makeIterator", "next", "makeAsyncIterator",
    "encode", "init", "deinit", "subscript", "callAsFunction", "enqueue", "asUnownedSerialExecutor",
    "isSameExclusiveExecutionContext", "checkIsolated", "id", "body", "count", "isEmpty",
    "contains", "map", "compactMap", "filter", "first", "last", "min", "max", "append", "insert",
    "remove", "removeAll", "reduce", "sorted", "joined", "split", "index", "starts", "reserveCapacity",
}


def strip(text):
    """The text with comments and string literals blanked (newlines kept, interpolations kept)."""
    out = []
    i, n = 0, len(text)
    # A stack of contexts: ("code", paren depth) inside an interpolation, ("string", quote, hashes).
    stack = [("code", 0)]
    while i < n:
        top = stack[-1]
        c = text[i]
        if top[0] == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                i = n if j < 0 else j
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append("\n" * text.count("\n", i, j) or " ")
                i = j
                continue
            m = STRING_START.match(text, i)
            if m:
                hashes, quote = m.group(1), m.group(2)
                stack.append(("string", quote, hashes))
                out.append('""')
                i = m.end()
                continue
            if c == "(":
                stack[-1] = ("code", top[1] + 1)
            elif c == ")":
                if top[1] == 0 and len(stack) > 1:
                    stack.pop()  # the end of an interpolation: back into its string
                    out.append(" ")
                    i += 1
                    continue
                stack[-1] = ("code", top[1] - 1)
            out.append(c)
            i += 1
        else:
            _, quote, hashes = top
            if text.startswith(quote + hashes, i):
                stack.pop()
                i += len(quote) + len(hashes)
                continue
            if text.startswith("\\" + hashes + "(", i):
                stack.append(("code", 0))
                out.append(" ")
                i += len(hashes) + 2
                continue
            if text.startswith("\\" + hashes, i) and hashes == "":
                i += 2  # an escaped character
                continue
            if c == "\n":
                out.append("\n")
            i += 1
    return "".join(out)


STRING_START = re.compile(r'(#*)("""|")')
TOKEN = re.compile(r"`?([A-Za-z_][A-Za-z0-9_]*)`?|(\S)")


def tokens(text):
    """(kind, value, line): kind "id" for names, "p" for punctuation."""
    line = 1
    pos = 0
    for m in TOKEN.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        if m.group(1):
            yield ("id", m.group(1), line)
        else:
            yield ("p", m.group(2), line)


class SourceFile:
    def __init__(self, folder, path, relpath):
        self.folder = folder
        self.path = path
        self.relpath = relpath
        with open(path, encoding="utf-8") as handle:
            self.tokens = list(tokens(strip(handle.read())))


def read_tree(root):
    """The Swift files by folder, and the folders found (each first-level folder of the module)."""
    files, folders = [], []
    for folder in sorted(os.listdir(root)):
        path = os.path.join(root, folder)
        if not os.path.isdir(path) or folder.startswith(".") or folder in IGNORED_FOLDERS:
            continue
        folders.append(folder)
        for directory, _, names in sorted(os.walk(path)):
            for name in sorted(names):
                if name.endswith(".swift"):
                    full = os.path.join(directory, name)
                    files.append(SourceFile(folder, full, os.path.relpath(full, root)))
    loose = sorted(n for n in os.listdir(root) if n.endswith(".swift"))
    return files, folders, loose


def walk(source, on_type_scope=None, on_decl=None, on_name=None, on_member=None):
    """Walks a file's tokens with the type scopes they are in.

    on_decl(qualified, kind, line)         a type (or typealias, associatedtype) declared
    on_name(index, scopes, line)           a capitalised name used (not declared)
    on_member(extended, name, line)        a member declared directly in an extension's body
    Scopes are a list of (qualified name, is extension); a brace that opens no type pushes None.
    """
    toks = source.tokens
    braces = []  # per open brace: the type scope it opens, or None
    pending = None  # a type declaration whose body is the next brace
    generic = set()
    i = 0
    while i < len(toks):
        kind, value, line = toks[i]
        scopes = [s for s in braces if s is not None]
        if kind == "p":
            if value == "{":
                braces.append(pending)
                pending = None
            elif value == "}":
                if braces:
                    braces.pop()
            i += 1
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else ("p", "", line)
        if value in TYPE_KEYWORDS and nxt[0] == "id" and nxt[1] not in {"func", "var", "let"}:
            # The declared (or extended) name, dotted for an extension of a nested type.
            j, parts = i + 1, []
            while j < len(toks) and toks[j][0] == "id":
                parts.append(toks[j][1])
                if j + 1 < len(toks) and toks[j + 1] == ("p", ".", toks[j + 1][2]):
                    j += 2
                else:
                    break
            if value == "extension":
                for k in range(i + 1, j + 1, 2):
                    if on_name:
                        on_name(k, scopes, toks[k][2])
                pending = (".".join(parts), True)
            else:
                outer = scopes[-1][0] + "." if scopes else ""
                qualified = outer + parts[0]
                if on_decl:
                    on_decl(qualified, value, line)
                pending = (qualified, False)
            # Generic parameters of the declaration are no references.
            if j + 1 < len(toks) and toks[j + 1][1] == "<":
                k = j + 2
                depth = 1
                expect = True
                while k < len(toks) and depth:
                    t = toks[k]
                    if t[1] == "<":
                        depth += 1
                    elif t[1] == ">":
                        depth -= 1
                    elif t[1] == "," and depth == 1:
                        expect = True
                    elif t[0] == "id" and expect and depth == 1:
                        generic.add(t[1])
                        expect = False
                    elif t[0] == "id" and depth == 1 and not expect and on_name and t[1][0].isupper():
                        on_name(k, scopes, t[2])
                    k += 1
                i = k
                continue
            i = j + 1
            continue
        if value in {"typealias", "associatedtype"} and nxt[0] == "id":
            outer = scopes[-1][0] + "." if scopes else ""
            if on_decl:
                on_decl(outer + nxt[1], value, line)
            i += 2
            continue
        if value in {"func", "init", "subscript"}:
            # A member declared directly in a type's body; its generic parameters.
            name = nxt[1] if value == "func" and nxt[0] == "id" else value
            if on_member and braces and braces[-1] is not None:
                on_member(braces[-1], name, line)
            j = i + (2 if value == "func" else 1)
            if j < len(toks) and toks[j][1] == "<":
                k, depth = j + 1, 1
                expect = True
                while k < len(toks) and depth:
                    t = toks[k]
                    if t[1] == "<":
                        depth += 1
                    elif t[1] == ">":
                        depth -= 1
                    elif t[1] == "," and depth == 1:
                        expect = True
                    elif t[0] == "id" and expect and depth == 1:
                        generic.add(t[1])
                        expect = False
                    k += 1
            i += 2 if value == "func" else 1
            continue
        if value in {"var", "let", "case"} and nxt[0] == "id":
            if on_member and braces and braces[-1] is not None:
                on_member(braces[-1], nxt[1], line)
            i += 2
            continue
        if value[0].isupper() and value not in generic and on_name:
            on_name(i, scopes, line)
        i += 1


class Module:
    def __init__(self, root):
        self.root = root
        self.files, self.folders, self.loose = read_tree(root)
        # Qualified type name -> the folders (and places) that declare it.
        self.types = collections.defaultdict(list)
        # Member name -> every declaration of it: (folder, extended type or None, file, line).
        self.members = collections.defaultdict(list)
        for source in self.files:
            def decl(qualified, kind, line, source=source):
                self.types[qualified].append((source.folder, source.relpath, line))

            def member(scope, name, line, source=source):
                qualified, is_extension = scope
                self.members[name].append(
                    (source.folder, qualified if is_extension else None, source.relpath, line))

            walk(source, on_decl=decl, on_member=member)

    def resolve(self, name, scopes):
        """The qualified type an unqualified name refers to from inside `scopes`, or None."""
        for qualified, _ in reversed(scopes):
            parts = qualified.split(".")
            # The scope's own type (resolved where it is an extension's dotted name) and its outers.
            for k in range(len(parts), 0, -1):
                candidate = ".".join(parts[:k] + [name])
                if candidate in self.types:
                    return candidate
        return name if name in self.types else None

    def references(self, source):
        """(line, qualified type) for each module type the file names."""
        found = []
        toks = source.tokens
        resolved_at = {}

        def on_name(index, scopes, line):
            kind, value, _ = toks[index]
            previous = toks[index - 1] if index > 0 else ("p", "", 0)
            if previous[1] == "." and index >= 2:
                outer = resolved_at.get(index - 2)
                target = outer + "." + value if outer else None
                if target not in self.types:
                    return
            else:
                target = self.resolve(value, scopes)
                if target is None:
                    return
            resolved_at[index] = target
            found.append((line, target))

        walk(source, on_name=on_name)
        return found

    def member_references(self, source):
        """(line, member name) for each identifier of the file that names a member."""
        return [(line, value) for kind, value, line in source.tokens if kind == "id"]


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    graph = "--graph" in argv
    here = os.path.dirname(os.path.abspath(__file__))
    root = args[0] if args else os.path.join(os.path.dirname(here), "Sources", "FrameClock")
    module = Module(root)
    rank = {name: k for k, name in enumerate(LAYERS)}

    print("Layers, bottom first (a folder may use its own and the ones before it):")
    print("  " + " -> ".join(LAYERS))

    problems = []
    for folder in module.folders:
        if folder not in rank and not graph:
            problems.append(f"{folder}/: a folder not in the layer list (Tests/check-folder-layers.py)")
    for name in module.loose:
        if not graph:
            problems.append(f"{name}: a Swift file outside the layer folders")
    for folder in LAYERS:
        if folder not in module.folders and not graph:
            problems.append(f"{folder}/: in the layer list but not in {root}")

    def level(folder):
        return rank.get(folder, len(LAYERS))

    edges = collections.defaultdict(collections.Counter)
    upward = []
    for source in module.files:
        for line, target in module.references(source):
            for folder, where, at in module.types[target]:
                if folder == source.folder:
                    continue
                edges[(source.folder, folder)][target] += 1
                if level(folder) > level(source.folder):
                    upward.append(
                        f"{source.relpath}:{line}: {source.folder}/ names {target} "
                        f"({where}:{at}, in {folder}/ above it)")

    # Members an extension in a higher folder adds to a type of a lower one, named below it.
    added = {}
    for name, declarations in module.members.items():
        if len(declarations) != 1 or name in COMMON_MEMBERS:
            continue
        folder, extended, where, at = declarations[0]
        if extended is None:
            continue
        owners = module.types.get(extended) or module.types.get(extended.split(".")[0]) or []
        if any(level(owner) < level(folder) for owner, _, _ in owners):
            added[name] = (folder, extended, where, at)
    for source in module.files:
        for line, name in module.member_references(source):
            if name not in added:
                continue
            folder, extended, where, at = added[name]
            if folder == source.folder:
                continue
            edges[(source.folder, folder)][f"{extended}.{name}"] += 1
            if level(folder) > level(source.folder):
                upward.append(
                    f"{source.relpath}:{line}: {source.folder}/ uses {extended}.{name}, added by "
                    f"{where}:{at} in {folder}/ above it")

    if graph:
        for (a, b), names in sorted(edges.items(), key=lambda e: (level(e[0][0]), level(e[0][1]))):
            arrow = "UP" if level(b) > level(a) else "  "
            listed = ", ".join(n for n, _ in names.most_common(8))
            print(f"{arrow} {a:13} -> {b:13} {sum(names.values()):3}  {listed}")
        return 0

    for line in problems + sorted(set(upward)):
        print(line)
    if problems or upward:
        print(f"FAIL: {len(problems)} folder problem(s), {len(set(upward))} upward reference(s)")
        return 1
    print(f"OK: {len(module.files)} files in {len(module.folders)} folders, no upward reference")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
