// The suite's report to table.sh: counts, checks, notes and warnings, one
// tab-separated line each in the file named by ALMANAC_BENCH_REPORT. Shared
// with the Store target (Benchmarks/Store links to this file), so it needs
// Foundation only.

import Foundation

/// A line for the person running the suite (stderr), and for table.sh
/// (appended to the file named by ALMANAC_BENCH_REPORT, tab-separated).
func report(_ fields: String...) {
    report(fields)
}

func report(_ fields: [String]) {
    let line = fields.joined(separator: "\t")
    if let path = ProcessInfo.processInfo.environment["ALMANAC_BENCH_REPORT"], let f = fopen(path, "a") {
        fputs(line + "\n", f)
        fclose(f)
    }
}

func note(_ message: String) {
    report("note", message)
}

/// A disagreement: printed loudly; fatal with ALMANAC_BENCH_STRICT=1.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("almanac-bench: WARNING: \(message)\n".utf8))
    report("warning", message)
    if ProcessInfo.processInfo.environment["ALMANAC_BENCH_STRICT"] == "1" {
        fatalError("ALMANAC_BENCH_STRICT=1: \(message)")
    }
}
