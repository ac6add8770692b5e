import Almanac
import AlmanacCalendar
import AlmanacSync
import ArgumentParser

/// `almanac import google|graph FILE`: a Google or Graph payload as iCalendar text.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Print Google Calendar or Microsoft Graph events as iCalendar text.",
        discussion: """
            Reads a Google Calendar API events.list response or a Microsoft Graph \
            events response (JSON; pages concatenated are read as one list; - for \
            standard input) and prints its events as an iCalendar file: one VEVENT \
            per series, then one per moved or cancelled instance (RECURRENCE-ID). \
            Every other command reads the result, and `almanac events` also reads \
            the JSON directly.

            Every component written has a DTSTAMP (RFC 5545 sections 3.6.1 and \
            3.8.7.2: required when the file has no METHOD): the event's last \
            modification (Google's "updated", Graph's "lastModifiedDateTime"; an \
            override takes its series'), else the time of the import.

            Examples:

              A Google payload as iCalendar text:
                almanac import google Corpus/sync/google-weekly-moved-cancelled.json

              A Graph payload read back by `almanac events`:
                almanac import graph Corpus/sync/graph-daily-exceptions.json \\
                  | almanac events - --from 20240601 --to 20240701

            Exit status: 0 on success, 2 for a usage or input error (file and \
            field path in the message), 1 if the output cannot be written.
            """
    )

    @Argument(help: ArgumentHelp("google or graph.", valueName: "source"))
    var source: String

    @Argument(help: ArgumentHelp("The JSON file (- reads standard input).", valueName: "file"))
    var file: String

    func validate() throws {
        guard source == "google" || source == "graph" else {
            throw ValidationError("the source must be google or graph, not \"\(source)\"")
        }
    }

    func run() throws {
        let calendar = try InputFile.calendar(file, source: source, options: .strict)   // an item left out of a file is lost: refuse it
        try CLI.write(calendar.icsText(productID: "-//Almanac//import \(source)//EN"))
    }
}
