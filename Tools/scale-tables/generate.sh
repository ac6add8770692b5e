#!/usr/bin/env bash
# Regenerates the embedded month tables of the Chinese and Dangi calendars
# (Sources/Almanac/Scale/*Table.swift) from Foundation's Calendar (the ICU
# bundled with the Swift toolchain; see generate.swift for why not the
# system's ICU 72). About a minute. Run after a toolchain upgrade;
# ScaleTableTests fails when a table and Foundation disagree.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
swiftc -O Tools/scale-tables/generate.swift -o "$out/generate"
"$out/generate" chinese chinese > Sources/Almanac/Scale/ChineseTable.swift
"$out/generate" dangi dangi > Sources/Almanac/Scale/DangiTable.swift
rm -rf "$out"
wc -l Sources/Almanac/Scale/ChineseTable.swift Sources/Almanac/Scale/DangiTable.swift
