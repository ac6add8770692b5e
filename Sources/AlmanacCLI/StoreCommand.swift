#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import AlmanacStore
import ArgumentParser

/// `almanac store`: calendars, day records and an index of instances kept
/// in one SQLite file (AlmanacStore), kept current by applying snapshots.
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Keep calendars and day records in a store (SQLite): import, query, mark, review.",
        discussion: """
            A store is one SQLite file (almanac.sqlite in the current folder, else \
            --db PATH or $ALMANAC_STORE; a new one is created readable by you alone, \
            mode 0600). It holds calendars with their source and sync state, their \
            series as read, the day records of `mark`, and an index of every \
            instance over a horizon (by default a year back and two years ahead): \
            queries inside it read the index, others expand the stored series, with \
            the same answer.

            `store import FILE` (or `store apply FILE`) applies a file as the new \
            state of a calendar: only the series that changed are re-indexed, and \
            the day records of a changed series move with their occurrences (a \
            record whose day is gone is kept as an orphan, never dropped), all in \
            one transaction: a crash leaves the old state or the new one.

            Examples:

              Import the bundled calendar here, then list the week of 6 May 2024:
                almanac store import Corpus/samples/calendar.ics && \\
                  almanac store query --from 20240506 --to 20240513

              What the store holds:
                almanac store import Corpus/samples/calendar.ics && \\
                  almanac store status

              Mark a day of the stand-up and review its week from the store:
                almanac store import Corpus/samples/calendar.ics && \\
                  almanac store mark \\
                    standup@example.com/2024-05-06T09:30:00/2024-05-06 done && \\
                  almanac store review 2024-W19

            Each subcommand's --help says more (almanac store query --help).

            Exit status: 0 on success, 2 for a usage or input error (a bad file, \
            value or zone, a calendar not in the store, a store that cannot be \
            opened), 1 if the output cannot be written.
            """,
        subcommands: [Import.self, Query.self, Status.self, Mark.self, Review.self, Records.self]
    )

    /// The store file's name when neither --db nor $ALMANAC_STORE gives one.
    static let defaultPath = "almanac.sqlite"

    /// A store error as the CLI reports it: `--db` errors are input errors
    /// (exit 2), with the kind the JSON error object shows.
    static func almanacError(_ e: StoreError) -> AlmanacError {
        switch e.kind {
        case .invalidValue: AlmanacError(.invalidValue, e.message)
        case .notFound, .conflict, .database: AlmanacError(.invalidRequest, e.message)
        }
    }
}

/// `--db`, shared by the `store` subcommands.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store file (default: $ALMANAC_STORE, else almanac.sqlite in the current folder).", valueName: "path"))
    var db: String?

    /// The path: --db, else $ALMANAC_STORE, else almanac.sqlite.
    var path: String {
        if let db { return db }
        if let env = getenv("ALMANAC_STORE"), env.pointee != 0 { return String(cString: env) }
        return StoreCommand.defaultPath
    }

    /// The store, created when missing (`import`, `mark`, `records --import`).
    func open() throws(AlmanacError) -> CalendarStore {
        do throws(StoreError) { return try CalendarStore(sqlitePath: path) } catch { throw StoreCommand.almanacError(error) }
    }

    /// The store, which must exist (the commands that only read).
    func openExisting() throws(AlmanacError) -> CalendarStore {
        guard access(path, F_OK) == 0 else {
            throw CLI.inputError("no store at \(path): import a calendar first (almanac store import FILE), or give --db")
        }
        return try open()
    }
}

extension CalendarStore {
    /// The calendars named, or all of the store's (of `owner`, when given);
    /// a name not in the store is an error, and so is an empty store.
    func calendarIDs(_ names: [String], owner: String? = nil) async throws(StoreError) -> [String] {
        if names.isEmpty {
            let all = try await calendars(owner: owner).map(\.id)
            guard !all.isEmpty else {
                throw StoreError(.notFound, owner.map { "the store has no calendar of owner \"\($0)\"" }
                    ?? "the store has no calendars: import one first (almanac store import FILE)")
            }
            return all
        }
        for n in names where try await calendar(n) == nil {
            let known = try await calendars().map(\.id)
            throw StoreError(.notFound, "no calendar \"\(n)\" in the store (it has: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
        }
        return names
    }
}
