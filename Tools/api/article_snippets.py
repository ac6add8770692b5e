#!/usr/bin/env python3
"""The Swift code of the DocC articles, as a test target that builds and runs it.

    python3 Tools/api/article_snippets.py              write Tests/AlmanacArticleTests/Generated/
    python3 Tools/api/article_snippets.py --check      exit 1 when those files are stale (an article
                                                       changed and the script was not run)
    python3 Tools/api/article_snippets.py --manifests  check each article's package manifest
                                                       against this checkout (see below)

Every ```swift block of every article of every DocC catalog (the glob
`Sources/*/*.docc/**/*.md`: a catalog added later is covered without a change
here) becomes code in one generated file per article,
`Tests/AlmanacArticleTests/Generated/<Module>+<Article>.swift`:

- The blocks of one article are one program, in order, in the body of one
  throwing `@Test` function (`async` when the article awaits): a later block may use what an earlier one
  declared, as a reader does. `swift build --build-tests` compiles them;
  `swift test --filter AlmanacArticleTests` runs them, and a snippet that
  throws or traps fails its article's test.
- `import` lines move to the top of the file; the catalog's own module is
  always imported (an article of `Sources/AlmanacSync/AlmanacSync.docc`
  may leave `import AlmanacSync` out), nothing else is.
- A top-level statement that is a bare expression (`week.firstDay`,
  `try agenda.move(...)`) is written `_ = ...`, and every constant or
  variable an article declares at its top level is read once at the end, so
  the articles' REPL style builds without "unused" warnings.
- A trailing comment that is a Swift literal is the expected value of the
  expression on its line, and the test checks it: `week.contains(day) // true`,
  `rule.description // "FREQ=WEEKLY;BYDAY=MO"`, `list.map(\\.title) //
  ["Plan the sprint"]` compare `String(reflecting:)` of the value with the
  comment. A comment that is prose (`// 2023-11-27, a Monday`) or elides
  (`// ["2023-11", ..., "2024-04"]`) is not checked.
- A block whose first line is `// swift-tools-version: ...` is a package
  manifest, not library code: it stays out of the target, and `--manifests`
  checks it.

The test target, AlmanacArticleTests in Package.swift, depends on every module
that has a catalog; `--check` names a module it lacks (a new catalog, such as
AlmanacJSON's, needs its module added there).

A block that is deliberately not Swift is marked with its own language:
```text for output, ```sh for commands, ```json for payloads. There is no
other way to leave a ```swift block out.

`--manifests`: for each manifest block, a consumer package in a temporary
directory holding the manifest, with this checkout linked beside it under the
name its `.package(path:)` gives, and `swift package show-dependencies`, which
fails when a `.product(name:package:)` names a product or a package the
dependency does not have (SwiftPM's package identity is the last component of
the path or URL, lower-cased, without `.git`). It resolves the checkout's own
dependencies, so it needs the network or SwiftPM's cache.

No dependencies beyond the standard library.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join("Tests", "AlmanacArticleTests", "Generated")
FENCE = re.compile(r"^(\s*)```\s*([A-Za-z0-9_+-]*)\s*$")
MANIFEST = re.compile(r"^//\s*swift-tools-version:")
# Lines that begin a statement which is not a bare expression.
KEYWORDS = ("let", "var", "for", "if", "guard", "while", "repeat", "switch", "do", "func", "struct",
            "enum", "class", "actor", "extension", "protocol", "typealias", "import", "return",
            "throw", "defer", "break", "continue", "catch", "else", "case", "default")


def articles():
    """The articles of every catalog, sorted: (module, path relative to ROOT)."""
    found = []
    for path in glob.glob(os.path.join(ROOT, "Sources", "*", "*.docc", "**", "*.md"), recursive=True):
        rel = os.path.relpath(path, ROOT)
        found.append((rel.split(os.sep)[1], rel))
    return sorted(found, key=lambda a: a[1])


def blocks(text):
    """The fenced blocks of an article: (language, first line number, lines)."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang, start, body = len(m.group(1)), m.group(2), i + 2, []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        out.append((lang, start, body))
        i += 1
    return out


def scan(line, open_string):
    """Reads one line of Swift: (code, comment start, open string). `code` is
    the line with every string literal's contents removed (so brackets,
    `=` and `//` inside strings do not count); the comment start is the index
    of a `//` comment in `line`, or None; `open_string` is the delimiter that
    closes a multi-line string still open (`\"\"\"`, `\"\"\"#`), or None.
    Interpolations are read as part of their string."""
    out, i, comment = [], 0, None
    while i < len(line):
        if open_string:
            j = line.find(open_string, i)
            if j < 0:
                return "".join(out), None, open_string
            i, open_string = j + len(open_string), None
            continue
        if line.startswith("//", i):
            comment = i
            break
        m = re.match(r'(#*)"""', line[i:])
        if m:
            open_string, i = '"""' + m.group(1), i + len(m.group(0))
            out.append('""')
            continue
        m = re.match(r'(#*)"', line[i:])
        if m:
            close, j = '"' + m.group(1), i + len(m.group(0))
            while j < len(line) and not line.startswith(close, j):
                j += 2 if not m.group(1) and line[j] == "\\" else 1
            out.append('""')
            i = j + len(close)
            continue
        out.append(line[i])
        i += 1
    return "".join(out), comment, open_string


def depth_change(code):
    """How much a line's code (strings removed) opens or closes brackets."""
    return sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")


LITERAL = re.compile(r'''^(
      "(?:[^"\\]|\\.)*"                    # a string
    | -?\d+(?:\.\d+)?                      # a number
    | true | false | nil
    | \[ \s* (?: (?:"(?:[^"\\]|\\.)*" | -?\d+ | true | false)
                 (?: \s*,\s* (?:"(?:[^"\\]|\\.)*" | -?\d+ | true | false) )* )? \s* \]
)$''', re.X)


def is_assignment(code):
    """Whether a statement's first line (strings removed) assigns: `a = b`,
    `a[k] = b`, `a += 1`; not `a == b`, `a <= b`."""
    depth = 0
    for i, c in enumerate(code):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "=" and depth == 0:
            before, after = code[i - 1] if i else "", code[i + 1] if i + 1 < len(code) else ""
            if after != "=" and before not in "=!<>" and not (before == "=" or code[i - 1:i + 1] == "=="):
                return True
    return False


def continues(prev_code, code):
    """Whether `code` continues the statement of the previous code line."""
    if prev_code is None:
        return False
    p, s = prev_code.rstrip(), code.lstrip()
    if re.search(r"(,|\(|\[|\{|=|\+|-|\*|/|&&|\|\||\?\?|\.\.<|\.\.\.|->|:|\bin)$", p) and not p.endswith("//"):
        return True
    return bool(re.match(r"^(\.[A-Za-z_]|\)|\]|&&|\|\||\?\?|\+ |- |\* |\.\.<|\.\.\.|==|!=|<|>)", s))


def program(module, rel, lang_blocks):
    """The generated Swift file of one article, or None when it has no Swift."""
    imports, body, names, checks = {module}, [], [], 0
    for lang, start, lines in lang_blocks:
        if lang != "swift" or (lines and MANIFEST.match(lines[0])):
            continue
        body.append(f"// {os.path.basename(rel)}:{start}")
        depth, prev, open_string = 0, None, None
        for n, line in enumerate(lines):
            where = f"{os.path.basename(rel)}:{start + n}"
            inside = open_string is not None
            code, at, open_string = scan(line, open_string)
            comment = line[at + 2:].strip() if at is not None else None
            source = (line[:at] if at is not None else line).rstrip()
            stripped = source.strip()
            if inside:
                body.append(line)
                depth += depth_change(code)
                if code.strip():
                    prev = code
                continue
            if depth == 0 and re.match(r"^import\s+\w+$", stripped):
                imports.add(stripped.split()[1])
                continue
            top = depth == 0 and stripped != "" and not continues(prev, code)
            first_word = (re.match(r"^\w+", stripped) or re.match("", "")).group(0)
            if top and not stripped.startswith(("}", "@", "#", "_ =")) and first_word not in KEYWORDS \
                    and not is_assignment(code):
                if comment is not None and LITERAL.match(comment) and depth_change(code) == 0 and open_string is None:
                    checks += 1
                    value = f"value{checks}"
                    body.append(f"let {value} = {stripped}")
                    body.append(f"#expect(String(reflecting: {value}) == #\"{comment}\"#, \"{where}\")")
                    prev = code
                    continue
                line = line.replace(stripped, "_ = " + stripped, 1)
            if top:
                m = re.match(r"^(?:let|var)\s+(\(([^)]*)\)|[A-Za-z]\w*)", stripped)
                if m:
                    names += [x.strip() for x in m.group(2).split(",")] if m.group(2) else [m.group(1)]
            body.append(line)
            depth += depth_change(code)
            if stripped:
                prev = code
        if depth != 0:
            sys.exit(f"article_snippets: {rel}:{start}: the block's brackets do not balance")
    if len(body) == 0:
        return None
    names = [n for n in names if n != "_"]
    base = os.path.splitext(os.path.basename(rel))[0]
    suite = re.sub(r"\W", "", module + base)
    # An article that awaits (AlmanacStore's API is async) gets an async test.
    effects = "async throws" if any(re.search(r"\bawait\b", l) for l in body) else "throws"
    out = [
        f"// Generated by Tools/api/article_snippets.py from {rel}.",
        "// Do not edit: change the article, then run `python3 Tools/api/article_snippets.py`.",
        "",
    ]
    out += [f"import {m}" for m in sorted(imports)] + ["import Testing", ""]
    out += [
        f"/// The Swift blocks of {rel}, in order, as one program.",
        f"struct {suite}ArticleTests {{",
        f"    @Test(\"{rel}\") func snippets() {effects} {{",
    ]
    out += [("        " + l).rstrip() for l in body]
    if names:
        out.append("        // Every top-level declaration is read once: no \"never used\" warnings.")
        out += [f"        _ = {n}" for n in dict.fromkeys(names)]
    out += ["    }", "}", ""]
    return "\n".join(out)


def generated():
    """The generated files: {path relative to ROOT: contents}."""
    files = {}
    for module, rel in articles():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = program(module, rel, blocks(f.read()))
        if text is not None:
            base = os.path.splitext(os.path.basename(rel))[0]
            files[os.path.join(OUT, f"{module}+{base}.swift")] = text
    return files


def missing_dependencies():
    """The modules with a catalog that the test target does not depend on."""
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as f:
        manifest = f.read()
    m = re.search(r'name:\s*"AlmanacArticleTests",\s*dependencies:\s*\[([^\]]*)\]', manifest)
    listed = set(re.findall(r'"(\w+)"', m.group(1))) if m else set()
    return sorted({module for module, _ in articles()} - listed)


def existing():
    return {os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, OUT, "*.swift"))}


def write():
    files = generated()
    os.makedirs(os.path.join(ROOT, OUT), exist_ok=True)
    for stale in existing() - set(files):
        os.remove(os.path.join(ROOT, stale))
    for rel, text in files.items():
        with open(os.path.join(ROOT, rel), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"article_snippets: {len(files)} articles with Swift code -> {OUT}/")
    for module in missing_dependencies():
        print(f"article_snippets: add {module} to the dependencies of AlmanacArticleTests in Package.swift")


def check():
    files, bad = generated(), []
    for rel in sorted(existing() - set(files)):
        bad.append(f"{rel}: no article makes it any more")
    for rel, text in sorted(files.items()):
        path = os.path.join(ROOT, rel)
        if not os.path.exists(path):
            bad.append(f"{rel}: missing")
        elif open(path, encoding="utf-8").read() != text:
            bad.append(f"{rel}: stale")
    for module in missing_dependencies():
        bad.append(f"Package.swift: AlmanacArticleTests does not depend on {module}, which has a catalog")
    if bad:
        print("\n".join(bad))
        sys.exit("article_snippets: the articles' test sources are out of date: run `python3 Tools/api/article_snippets.py` and commit")
    print(f"article_snippets: {len(files)} generated files match the articles")


def manifests():
    found = 0
    for module, rel in articles():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            for lang, start, lines in blocks(f.read()):
                if lang != "swift" or not lines or not MANIFEST.match(lines[0]):
                    continue
                found += 1
                text = "\n".join(lines) + "\n"
                paths = re.findall(r'\.package\(\s*path:\s*"([^"]+)"', text)
                with tempfile.TemporaryDirectory() as tmp:
                    consumer = os.path.join(tmp, "work", "consumer")
                    os.makedirs(consumer)
                    for p in paths:
                        link = os.path.normpath(os.path.join(consumer, p))
                        os.makedirs(os.path.dirname(link), exist_ok=True)
                        os.symlink(ROOT, link)
                    with open(os.path.join(consumer, "Package.swift"), "w") as m:
                        m.write(text)
                    for target in re.findall(r'\.(?:executableTarget|target|testTarget)\(\s*name:\s*"([^"]+)"', text):
                        os.makedirs(os.path.join(consumer, "Sources", target), exist_ok=True)
                        with open(os.path.join(consumer, "Sources", target, "main.swift"), "w") as s:
                            s.write("\n")
                    done = subprocess.run(["swift", "package", "show-dependencies"], cwd=consumer,
                                          capture_output=True, text=True)
                    if done.returncode != 0 or "error:" in done.stderr:
                        sys.stderr.write(done.stdout + done.stderr)
                        sys.exit(f"article_snippets: {rel}:{start}: the manifest does not resolve against this checkout")
                print(f"{rel}:{start}: the manifest resolves")
    print(f"article_snippets: {found} manifests checked")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the generated files are stale")
    parser.add_argument("--manifests", action="store_true", help="resolve each article's package manifest")
    args = parser.parse_args()
    if args.manifests:
        manifests()
    elif args.check:
        check()
    else:
        write()


if __name__ == "__main__":
    main()
