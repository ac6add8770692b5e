#!/usr/bin/env bash
# Regenerates the embedded month tables of the Chinese and Dangi calendars
# (Sources/Almanac/Scale/*Table.swift) from the system ICU, through the
# shim Almanac itself uses. About 10 s per calendar. Run after an ICU upgrade;
# ScaleTableTests fails when a table and ICU disagree.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
cc -O2 -I Sources/CAlmanacICU/include Tools/scale-tables/generate.c Sources/CAlmanacICU/calendar_icu.c \
    -licui18n -licuuc -o "$out/generate"
"$out/generate" chinese chinese > Sources/Almanac/Scale/ChineseTable.swift
"$out/generate" dangi dangi > Sources/Almanac/Scale/DangiTable.swift
rm -rf "$out"
wc -l Sources/Almanac/Scale/ChineseTable.swift Sources/Almanac/Scale/DangiTable.swift
