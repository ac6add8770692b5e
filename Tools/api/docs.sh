#!/usr/bin/env bash
# Builds the DocC documentation of every library product that has a catalog
# (Sources/<Module>/<Module>.docc: Almanac, AlmanacCalendar, AlmanacSync, ...;
# a catalog added later is found by the glob) and fails on any warning: an
# unresolved ``symbol link``, a bad topic group.
#
#   Tools/api/docs.sh                       build into .build/plugins/Swift-DocC/outputs/<Module>.doccarchive
#   Tools/api/docs.sh --analyze             also print DocC's notes (e.g. symbols with no documentation)
#   Tools/api/docs.sh <docc options>...     any other option goes to `generate-documentation`
#
# A catalog's articles link only to their own module's symbols: a ``link``
# to another module's symbol does not resolve (write it as `code`). The Swift
# blocks of the articles are compiled and run by Tests/AlmanacArticleTests
# (Tools/api/article_snippets.py; CONTRIBUTING.md, "Documentation").
#
# `import Almanac` hands users AlmanacCore too (`@_exported import`), so the
# documentation must show AlmanacCore's types (CivilDate, Timestamp, Period,
# ...) as part of Almanac. SwiftPM's symbol graph of Almanac leaves them out,
# so this script first extracts one that includes them
# (`-experimental-allowed-reexported-modules=AlmanacCore`) and hands it to the
# plugin with `--additional-symbol-graph-dir`; `--exclude-extended-types`
# drops the plugin's separate pages for Almanac's extensions of AlmanacCore's
# types, which that graph already holds as members. The other modules are
# built as SwiftPM sees them, in one run of the plugin.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! log=$(swift build --target Almanac 2>&1); then echo "$log"; exit 1; fi
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')
graphs="$bin/docs-symbolgraph"
rm -rf "$graphs" && mkdir -p "$graphs"
swift-symbolgraph-extract -module-name Almanac -target "$triple" \
    -I "$bin/Modules" -module-cache-path "$bin/ModuleCache" \
    -Xcc "-fmodule-map-file=$bin/CAlmanacICU.build/module.modulemap" -Xcc -I -Xcc Sources/CAlmanacICU/include \
    -minimum-access-level public -skip-synthesized-members \
    -experimental-allowed-reexported-modules=AlmanacCore -output-dir "$graphs"

swift package --disable-sandbox generate-documentation --target Almanac \
    --warnings-as-errors --exclude-extended-types --additional-symbol-graph-dir "$graphs" "$@"

others=()
for catalog in Sources/*/*.docc; do
    module=$(basename "$(dirname "$catalog")")
    [ "$module" = Almanac ] || others+=(--target "$module")
done
if [ ${#others[@]} -gt 0 ]; then
    swift package --disable-sandbox generate-documentation "${others[@]}" --warnings-as-errors "$@"
fi
