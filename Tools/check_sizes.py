#!/usr/bin/env python3
"""Size rule of the project: no source file over 400 lines and no function
over 80 lines under Sources/ (CONTRIBUTING.md, "Size"; run by .ci/run).

Counts the lines of every Swift and C file (.swift, .c, .h) under Sources/,
and the length of every Swift function, initializer, subscript and
closure-bodied accessor (get/set/willSet/didSet/_read/_modify, computed
properties), from its declaration line to its closing brace, by matching
braces after comments and string literals are blanked out. Prints each
offender as file:line and exits 1 if there is any.

Usage: python3 Tools/check_sizes.py [--root DIR] [--max-file N] [--max-function N]
No dependencies beyond the standard library.
"""
import argparse
import os
import re
import sys

MAX_FILE = 400
MAX_FUNCTION = 80


def blank(source):
    """The source with comments and string literal contents replaced by
    spaces (newlines kept), so that braces in them do not count."""
    out = []
    i, n = 0, len(source)
    # Stack of contexts: 'code' at depth 0 or inside an interpolation, with
    # the paren depth of that interpolation.
    interp = []  # paren depths of open string interpolations

    def string_at(i):
        """Length of the opening delimiter of a string literal at i, its
        closing delimiter and whether it is raw, or None."""
        j = i
        while j < n and source[j] == '#':
            j += 1
        hashes = j - i
        if source.startswith('"""', j):
            return (j + 3 - i, '"""' + '#' * hashes, hashes)
        if j < n and source[j] == '"':
            return (j + 1 - i, '"' + '#' * hashes, hashes)
        return None

    def skip_string(i, close, hashes):
        """Blanks a string body from i (after the opening delimiter) up to
        and including `close`; code inside interpolations is kept."""
        nonlocal out
        escape = '\\' + '#' * hashes
        while i < n:
            if source.startswith(close, i):
                out.append(' ' * len(close))
                return i + len(close)
            if source.startswith(escape, i):
                k = i + len(escape)
                if k < n and source[k] == '(':
                    # Interpolation: code up to the matching parenthesis.
                    out.append(' ' * (k + 1 - i))
                    i = skip_code(k + 1, stop_at_paren=True)
                    continue
                out.append(' ' * (k + 1 - i))
                i = k + 1
                continue
            out.append('\n' if source[i] == '\n' else ' ')
            i += 1
        return i

    def skip_code(i, stop_at_paren=False):
        depth = 0
        while i < n:
            c = source[i]
            if source.startswith('//', i):
                j = source.find('\n', i)
                j = n if j < 0 else j
                out.append(' ' * (j - i))
                i = j
                continue
            if source.startswith('/*', i):
                level, j = 0, i
                while j < n:
                    if source.startswith('/*', j):
                        level += 1
                        j += 2
                    elif source.startswith('*/', j):
                        level -= 1
                        j += 2
                        if level == 0:
                            break
                    else:
                        j += 1
                out.append(''.join('\n' if ch == '\n' else ' ' for ch in source[i:j]))
                i = j
                continue
            if c == '"' or (c == '#' and string_at(i)):
                s = string_at(i)
                if s:
                    length, close, hashes = s
                    out.append(' ' * length)
                    i = skip_string(i + length, close, hashes)
                    continue
            if stop_at_paren:
                if c == '(':
                    depth += 1
                elif c == ')':
                    if depth == 0:
                        out.append(' ')
                        return i + 1
                    depth -= 1
            out.append(c)
            i += 1
        return i

    skip_code(0)
    return ''.join(out)


DECL = re.compile(
    r'\b(?:func\s+[^\s(<]+|init[?!]?(?=\s*[(<])|deinit\b|subscript(?=\s*[(<]))')
ACCESSOR = re.compile(r'(?<![\w.])(get|set|willSet|didSet|_read|_modify)\s*(\([^)]*\))?\s*\{')
COMPUTED = re.compile(r'\bvar\s+\w+\s*:[^={\n]+\{')
# A line that starts another declaration: a bodiless requirement ended before it.
NEXT_DECL = re.compile(
    r'^\s*(?:@|func\b|init\b|var\b|let\b|case\b|subscript\b|static\b|public\b|'
    r'private\b|internal\b|fileprivate\b|package\b|mutating\b|associatedtype\b|typealias\b|\}|#)')


def line_of(text, index, starts):
    """1-based line of a character index."""
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= index:
            lo = mid + 1
        else:
            hi = mid
    return lo


def matching_brace(text, open_index):
    depth = 0
    for j in range(open_index, len(text)):
        if text[j] == '{':
            depth += 1
        elif text[j] == '}':
            depth -= 1
            if depth == 0:
                return j
    return None


def body_start(text, i):
    """The index of the `{` opening the body of the declaration whose
    keyword is at i, or None for a requirement without a body."""
    depth = 0
    j = i
    while j < len(text):
        c = text[j]
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        elif depth == 0 and c == '{':
            return j
        elif depth == 0 and c in '};':
            return None
        elif depth == 0 and c == '\n':
            k = text.find('\n', j + 1)
            nxt = text[j + 1:k if k >= 0 else len(text)]
            if nxt.strip() and NEXT_DECL.match(nxt):
                return None
        j += 1
    return None


def functions(text):
    """(line, name, length in lines) of each function-like body in text."""
    starts = [0] + [m.end() for m in re.finditer('\n', text)]
    found = {}
    for m in DECL.finditer(text):
        b = body_start(text, m.end())
        if b is None:
            continue
        found[b] = (m.start(), m.group(0).split('(')[0].split('<')[0].strip())
    for m in ACCESSOR.finditer(text):
        b = m.end() - 1
        found.setdefault(b, (m.start(), m.group(1)))
    for m in COMPUTED.finditer(text):
        b = m.end() - 1
        name = m.group(0).split(':')[0].strip()
        found.setdefault(b, (m.start(), name))
    result = []
    for b, (start, name) in sorted(found.items()):
        e = matching_brace(text, b)
        if e is None:
            continue
        first, last = line_of(text, start, starts), line_of(text, e, starts)
        result.append((first, name, last - first + 1))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    parser.add_argument('--max-file', type=int, default=MAX_FILE)
    parser.add_argument('--max-function', type=int, default=MAX_FUNCTION)
    args = parser.parse_args()
    root = os.path.normpath(args.root)
    sources = os.path.join(root, 'Sources')
    offenders = []
    checked_files = checked_functions = 0
    for directory, _, names in sorted(os.walk(sources)):
        for name in sorted(names):
            if not name.endswith(('.swift', '.c', '.h')):
                continue
            path = os.path.join(directory, name)
            shown = os.path.relpath(path, root)
            with open(path, encoding='utf-8') as f:
                source = f.read()
            checked_files += 1
            lines = source.count('\n') + (0 if source.endswith('\n') or not source else 1)
            if lines > args.max_file:
                offenders.append(f'{shown}:1: file has {lines} lines (limit {args.max_file})')
            if not name.endswith('.swift'):
                continue
            for line, fname, length in functions(blank(source)):
                checked_functions += 1
                if length > args.max_function:
                    offenders.append(f'{shown}:{line}: {fname} has {length} lines (limit {args.max_function})')
    for o in offenders:
        print(o)
    print(f'check_sizes: {checked_files} files, {checked_functions} functions, {len(offenders)} over the limits')
    return 1 if offenders else 0


if __name__ == '__main__':
    sys.exit(main())
