// C3: the memory of holding the parsed calendar, Almanac's and libical's,
// measured in setup (package-benchmark runs each benchmark in a process of
// its own, so each side is measured in a fresh process).
//
// Linux only. With the file's bytes already in memory (and the zone cache
// and the runtime's metadata warm: the generator read the file once):
//
//  1. `malloc_trim(0)`, so that freed memory is not resident (glibc keeps
//     it otherwise, and a parse reusing it would not raise RSS);
//  2. sample VmRSS (/proc/self/status) and glibc's heap in use (mallinfo2);
//  3. write "5" to /proc/self/clear_refs, which resets VmHWM (the peak RSS)
//     to the current RSS, and check that it did;
//  4. parse, keep the result alive, sample again; `malloc_trim(0)` and
//     sample VmRSS once more.
//
// peak     = VmHWM after - VmRSS before: the most resident memory the parse
//            and the parsed calendar took at any moment (page granularity);
// retained = VmRSS after the trim - VmRSS before, the calendar alive: the
//            pages its allocations occupy once the parse's garbage is
//            given back;
// heap     = heap in use after - before (mallinfo2: uordblks + hblkhd), the
//            calendar alive: the bytes its allocations hold, without glibc's
//            free lists or page rounding.
// None counts the input bytes (the caller's, 1x the file size).

import Benchmark
import CLibical
import AlmanacFoundation
import Foundation

/// Resident memory of this process now and at its peak, and glibc's heap in use, in bytes.
struct MemorySample {
    var rss = 0
    var hwm = 0
    var heap = 0

    static func now() -> MemorySample {
        var s = MemorySample(heap: Int(clibical_malloc_in_use()))
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return s }
        for line in status.split(separator: "\n") {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard f.count >= 2, let kB = Int(f[1]) else { continue }
            if f[0] == "VmRSS:" { s.rss = kB * 1024 }
            if f[0] == "VmHWM:" { s.hwm = kB * 1024 }
        }
        return s
    }
}

/// Resets the peak RSS (VmHWM) to the current RSS; whether it worked (the
/// peak then equals the RSS, give or take a few pages).
func resetPeakResident() -> Bool {
    guard let f = fopen("/proc/self/clear_refs", "w") else { return false }
    let wrote = fputs("5", f) >= 0
    fclose(f)
    let s = MemorySample.now()
    return wrote && s.rss > 0 && s.hwm - s.rss <= 64 * 1024
}

/// Measures what holding `make()`'s result costs (see the top of the file)
/// and reports it for table.sh:
/// `memory <row> <side> <peak> <retained> <heap> <file size> <method>`
/// (row C3: the 10 MB calendar; C5: issue 24's 200,000 small events).
func measureHolding<T>(_ side: String, row: String = "C3", fileSize: Int, _ make: () -> T, release: (T) -> Void) {
    clibical_malloc_trim()
    let before = MemorySample.now()
    let reset = resetPeakResident()
    let held = make()
    let after = MemorySample.now()
    clibical_malloc_trim()
    let retained = MemorySample.now().rss
    release(held)
    let heap = before.heap >= 0 && after.heap >= 0 ? after.heap - before.heap : -1
    if before.rss == 0 {
        warn("\(row) \(side): /proc/self/status has no VmRSS here; no memory figure")
        return
    }
    let method = reset ? "VmHWM reset by /proc/self/clear_refs" : "clear_refs did not reset VmHWM: peak not measured"
    if !reset { warn("\(row) \(side): writing 5 to /proc/self/clear_refs did not reset VmHWM; only retained memory is reported") }
    report("memory", row, side, String(reset ? after.hwm - before.rss : -1), String(retained - before.rss),
           String(heap), String(fileSize), method)
    FileHandle.standardError.write(Data(("almanac-bench: \(row) \(side): peak +\(mb(after.hwm - before.rss)), retained RSS +\(mb(retained - before.rss)), "
        + "heap +\(mb(heap)) for a \(mb(fileSize)) file\n").utf8))
}

/// `12.3 MB` (10^6 bytes).
func mb(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1e6)
}
