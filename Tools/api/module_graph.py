#!/usr/bin/env python3
"""The module graph drawn in CONTRIBUTING.md, checked against Package.swift.

    python3 Tools/api/module_graph.py          exit 1 when the drawing and the package differ

CONTRIBUTING.md, "The modules", holds a table of every module (library and
executable targets, and the C shim) and the modules it depends on, below the
marker `<!-- module graph: checked by Tools/api/module_graph.py -->`. This
script reads the package's targets (`swift package dump-package`) and fails
when a row is missing, extra or lists other dependencies than the target
declares (an external product is written `Product (package)`), so the map a
newcomer reads is the graph the compiler sees.

It also fails when a Swift file outside Sources/AlmanacFoundation imports
Foundation (`Foundation`, `FoundationEssentials`,
`FoundationInternationalization`): the engine and the rooms above it link no
Foundation; the bridges live in AlmanacFoundation.

No dependencies beyond the standard library.
"""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKER = "<!-- module graph: checked by Tools/api/module_graph.py -->"
FOUNDATION = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|private|fileprivate|package)\s+)?import\s+"
                        r"(?:Foundation|FoundationEssentials|FoundationInternationalization)\b", re.M)


def package_graph():
    """{target: set of dependencies} of the non-test targets."""
    done = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(done.stderr)
    graph = {}
    for t in json.loads(done.stdout)["targets"]:
        if t["type"] == "test" or t["name"].endswith("TestSupport"):
            continue
        deps = set()
        for d in t["dependencies"]:
            kind, value = next(iter(d.items()))
            deps.add(f"{value[0]} ({value[1]})" if kind == "product" else value[0])
        graph[t["name"]] = deps
    return graph


def drawn_graph():
    """{module: set of dependencies} from CONTRIBUTING.md's table."""
    with open(os.path.join(ROOT, "CONTRIBUTING.md"), encoding="utf-8") as f:
        text = f.read()
    if MARKER not in text:
        sys.exit(f"module_graph: CONTRIBUTING.md has no line {MARKER}")
    graph = {}
    for line in text[text.index(MARKER):].split("\n")[1:]:
        if not line.startswith("|"):
            if graph:
                break
            continue
        cells = [c.strip().strip("`") for c in line.strip("|").split("|")]
        if len(cells) < 2 or cells[0] in ("module", "") or set(cells[0]) <= set("-: "):
            continue
        deps = cells[1]
        graph[cells[0]] = set() if deps in ("", "-", "—") else {d.strip().strip("`") for d in deps.split(",")}
    return graph


def main():
    problems = []
    package, drawn = package_graph(), drawn_graph()
    for name in sorted(set(package) | set(drawn)):
        if name not in drawn:
            problems.append(f"{name}: in Package.swift, not in CONTRIBUTING.md's table (depends on {', '.join(sorted(package[name])) or 'nothing'})")
        elif name not in package:
            problems.append(f"{name}: in CONTRIBUTING.md's table, not a target of Package.swift")
        elif package[name] != drawn[name]:
            problems.append(f"{name}: Package.swift says {', '.join(sorted(package[name])) or 'nothing'}; "
                            f"CONTRIBUTING.md says {', '.join(sorted(drawn[name])) or 'nothing'}")
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)):
        rel = os.path.relpath(path, ROOT)
        if rel.startswith(os.path.join("Sources", "AlmanacFoundation") + os.sep):
            continue
        with open(path, encoding="utf-8") as f:
            if FOUNDATION.search(f.read()):
                problems.append(f"{rel}: imports Foundation; only Sources/AlmanacFoundation may")
    if problems:
        print("\n".join(problems))
        sys.exit("module_graph: the module graph in CONTRIBUTING.md is not the package's (or Foundation leaked)")
    print(f"module_graph: {len(package)} modules, as CONTRIBUTING.md draws them; Foundation only in AlmanacFoundation")


if __name__ == "__main__":
    main()
