/// The tz database releases whose changes make the system ICU's zones and
/// Foundation's differ between 1970-01-01 and 2038-01-01, each with the
/// zones and the UTC years it changed. Source: the tz database NEWS file
/// (/usr/share/doc/tzdata/changelog.gz on Debian), releases 2022f to 2025b;
/// only changes to UTC offsets inside the window are listed (changes before
/// 1970, to abbreviations or to `tm_isdst` cannot show).
///
/// `ZoneLoaderComparisonTests` reads it: a zone-year where the two sources
/// differ is expected when a release between the two tz data versions
/// changed that zone in that year; any other difference fails.
///
/// Supported: any ICU and any Foundation whose tz data versions lie in
/// ``oldestSupported``...``newestSupported`` (2022e...2025b), in either order
/// and equal (equal versions must agree everywhere). A version outside that
/// range may bring changes of releases not listed here: the test then fails
/// on the first difference they cause and says to add the release.
///
/// Reconciled on: ICU 72 with tz data 2022e (Debian bookworm libicu72) and
/// swift-foundation's bundled ICU with tz data 2025b (Swift 6.3.1). For that
/// pair the test also checks that every listed change still shows.
enum ZoneLoaderDifferences {
    static let oldestSupported = "2022e"
    static let newestSupported = "2025b"
    /// The versions the list was checked against, difference by difference.
    static let reconciled = (icu: "2022e", foundation: "2025b")

    /// A release's change to some zones.
    struct Change: Sendable {
        /// The tz release that made it, such as `2023a`.
        var release: String
        /// The zone ids changed (aliases are matched through ICU's canonical id).
        var zones: [String]
        /// The UTC years whose offsets changed; `nil` for a zone the release
        /// created (known only to data of this release or later).
        var years: [ClosedRange<Int>]?
        /// What changed, from the NEWS file.
        var note: String
        /// The earlier release this change undoes: when both are between the
        /// two versions, neither shows.
        var reverts: String? = nil
    }

    /// Open-ended changes run to the end of the window.
    static let end = 2037

    static let changes: [Change] = [
        // 2022f
        Change(release: "2022f", zones: ["America/Mexico_City", "America/Monterrey", "America/Merida", "America/Bahia_Banderas", "America/Mazatlan"],
               years: [2023...end], note: "Mexico no longer observes DST after 2022"),
        Change(release: "2022f", zones: ["America/Chihuahua", "America/Ojinaga"], years: [2022...end],
               note: "Chihuahua moves to year-round -06 on 2022-10-30"),
        Change(release: "2022f", zones: ["Pacific/Fiji"], years: [2022...end], note: "Fiji no longer observes DST (from 2022/3)"),
        Change(release: "2022f", zones: ["America/Nipigon", "America/Thunder_Bay", "America/Rainy_River"], years: [1970...2005],
               note: "Ontario zones simplified: Nipigon and Thunder Bay link to Toronto, Rainy River to Winnipeg (differ before November 2005)"),
        // 2022g
        Change(release: "2022g", zones: ["America/Ojinaga"], years: [2023...end], note: "Ojinaga observes US DST (-06/-05) from 2023"),
        Change(release: "2022g", zones: ["America/Ciudad_Juarez"], years: nil, note: "new zone split from America/Ojinaga"),
        Change(release: "2022g", zones: ["America/Nuuk"], years: [2023...end], note: "Greenland stops changing clocks after March 2023"),
        Change(release: "2022g", zones: ["America/Cambridge_Bay", "America/Inuvik", "America/Iqaluit", "America/Rankin_Inlet", "America/Resolute", "America/Yellowknife"],
               years: [1972...1979], note: "northern Canada observed DST from 1972 through 1979"),
        Change(release: "2022g", zones: ["America/Pangnirtung"], years: [1970...1995], note: "merged into America/Iqaluit (differs before 1996)"),
        Change(release: "2022g", zones: ["America/Bogota"], years: [1993...1993], note: "Colombia's 1993 fall back was 02-06 24:00, not 04-04 00:00"),
        Change(release: "2022g", zones: ["Asia/Singapore", "Asia/Kuala_Lumpur"], years: [1981...1981],
               note: "Singapore's 1981-12-31 change was at 16:00 UTC, not 24:00 local"),
        // 2023a
        Change(release: "2023a", zones: ["Africa/Cairo"], years: [2023...end], note: "Egypt observes DST again from 2023"),
        Change(release: "2023a", zones: ["Africa/Casablanca", "Africa/El_Aaiun"], years: [2023...2023, 2031...2031],
               note: "Morocco springs forward 2023-04-23, not 04-30; predictions for 2031 and 2038 moved"),
        Change(release: "2023a", zones: ["Asia/Gaza", "Asia/Hebron"], years: [2023...end],
               note: "Palestine springs forward after Ramadan: 2023-04-29, and guesses for later years"),
        Change(release: "2023a", zones: ["America/Nuuk"], years: [2023...end], note: "Greenland keeps DST: -02/-01 from 2023-10-29"),
        // 2023b and 2023c
        Change(release: "2023b", zones: ["Asia/Beirut"], years: [2023...2023], note: "Lebanon springs forward April 20/21 in 2023"),
        Change(release: "2023c", zones: ["Asia/Beirut"], years: [2023...2023], note: "Lebanon's 2023b change reverted", reverts: "2023b"),
        // 2023d
        Change(release: "2023d", zones: ["America/Scoresbysund"], years: [2024...end], note: "Ittoqqortoormiit moves to -02/-01 on 2024-03-31"),
        Change(release: "2023d", zones: ["Antarctica/Vostok"], years: [1970...end], note: "Vostok was at +07 (not +06) for years, closed in 1994, +05 from 2023-12-18"),
        Change(release: "2023d", zones: ["Antarctica/Casey"], years: [2020...end], note: "Casey: five changes since 2020, now +08 instead of +11"),
        // 2024a
        Change(release: "2024a", zones: ["Asia/Almaty", "Asia/Qostanay"], years: [2024...end], note: "Kazakhstan unifies on +05 from 2024-03-01"),
        Change(release: "2024a", zones: ["Asia/Gaza", "Asia/Hebron"], years: [2024...2025], note: "Palestine springs forward a week later in 2024 and 2025"),
        // 2024b
        Change(release: "2024b", zones: ["Asia/Choibalsan"], years: [1970...2008], note: "now an alias of Asia/Ulaanbaatar (differs before April 2008)"),
        Change(release: "2024b", zones: ["America/Bahia_Banderas", "America/Cancun", "America/Chihuahua", "America/Ciudad_Juarez", "America/Hermosillo",
                                         "America/Mazatlan", "America/Merida", "America/Mexico_City", "America/Monterrey", "America/Ojinaga", "America/Tijuana"],
               years: [1970...1970, 1981...1997], note: "Mexican history from official decrees (1949-1970 and 1981-1997 in the window)"),
        Change(release: "2024b", zones: ["Europe/Lisbon", "Atlantic/Azores", "Atlantic/Madeira"], years: [1977...1993],
               note: "Portugal's 1977-1993 transitions from Portuguese legislation; no DST in the Azores and Madeira 1977-1981"),
        Change(release: "2024b", zones: ["EET"], years: [1970...1980], note: "System V name, now a link to Europe/Athens (differs before 1981)"),
        Change(release: "2024b", zones: ["WET"], years: [1970...1996], note: "System V name, now a link to Europe/Lisbon (differs before 1996)"),
        // 2025a
        Change(release: "2025a", zones: ["America/Asuncion"], years: [2025...end], note: "Paraguay stays at -03 after 2024-10-06"),
        Change(release: "2025a", zones: ["Asia/Manila"], years: [1977...1978, 1990...1990], note: "Philippines DST in 1977 and 1990, not 1978"),
        // 2025b
        Change(release: "2025b", zones: ["America/Coyhaique"], years: nil, note: "new zone for Aysén Region, Chile"),
        Change(release: "2025b", zones: ["Asia/Tehran"], years: [1978...1978], note: "Iran switched from +04 to +0330 on 1978-11-10 at 24:00, not at year end"),
    ]
}
