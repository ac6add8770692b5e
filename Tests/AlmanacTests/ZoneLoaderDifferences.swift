/// The zones whose UTC offsets between 1970-01-01 and 2038-01-01 differ
/// between the system ICU's tz data and Foundation's, each with the tzdata
/// release that explains it. Source: the tz database NEWS file
/// (/usr/share/doc/tzdata/changelog.gz on Debian), releases 2022f to 2025b.
///
/// Used by `ZoneLoaderComparisonTests`, which fails on a difference missing
/// here and on an entry here that no longer differs. The list holds for the
/// two versions below; other versions need a new list.
enum ZoneLoaderDifferences {
    /// ICU 72's tz data (Debian bookworm libicu72).
    static let icuVersion = "2022e"
    /// swift-foundation's bundled ICU in Swift 6.3.1 (`TimeZone.timeZoneDataVersion`).
    static let foundationVersion = "2025b"

    static let zones: [String: String] = [
        // Egypt (Africa/Cairo and its aliases).
        "Africa/Cairo": "2023a: Egypt observes DST again from 2023, April's last Friday to October's last Thursday",
        "Egypt": "2023a: alias of Africa/Cairo; Egypt observes DST again from 2023",
        "ART": "2023a: ICU's legacy alias of Africa/Cairo; Egypt observes DST again from 2023",
        // Morocco.
        "Africa/Casablanca": "2023a: Morocco springs forward 2023-04-23, not 04-30; predictions for 2031 moved too",
        "Africa/El_Aaiun": "2023a: Morocco springs forward 2023-04-23, not 04-30; predictions for 2031 moved too",
        // Mexico.
        "America/Mexico_City": "2022f: Mexico abolished DST after 2022-10-30",
        "Mexico/General": "2022f: alias of America/Mexico_City; Mexico abolished DST after 2022-10-30",
        "America/Monterrey": "2022f: Mexico abolished DST after 2022-10-30",
        "America/Merida": "2022f: Mexico abolished DST after 2022-10-30; 2024b: 1981-1982 transitions from Mexican decrees",
        "America/Bahia_Banderas": "2022f: Mexico abolished DST after 2022-10-30; 2024b: -07 before 1970, from Mexican decrees",
        "America/Mazatlan": "2022f: Mexico abolished DST after 2022-10-30; 2024b: -07 before 1970, from Mexican decrees",
        "Mexico/BajaSur": "2022f, 2024b: alias of America/Mazatlan (no DST after 2022; -07 before 1970)",
        "America/Hermosillo": "2024b: Sonora was at -07 before 1970 (Mexican decrees), not -08 until 1970-01-01",
        "America/Cancun": "2024b: Quintana Roo's 1981-1983 and 1996-1998 transitions from Mexican decrees",
        "America/Chihuahua": "2022f: Chihuahua moves to year-round -06 on 2022-10-30",
        "America/Ojinaga": "2022f: year-round -06 from 2022-10-30; 2022g: US DST rules (-06/-05) from 2023",
        "America/Ciudad_Juarez": "2022g: new zone split from America/Ojinaga; unknown to ICU 2022e",
        // Greenland.
        "America/Nuuk": "2022g, 2023a: Greenland moves from -03/-02 to -02/-01 on 2023-10-29 (no fall back in 2023)",
        "America/Godthab": "2022g, 2023a: alias of America/Nuuk; -02/-01 from 2023-10-29",
        "America/Scoresbysund": "2023d: Ittoqqortoormiit moves from -01/+00 to -02/-01 on 2024-03-31",
        // Northern Canada and Ontario.
        "America/Cambridge_Bay": "2022g: northern Canada observed DST from 1972 through 1979",
        "America/Inuvik": "2022g: northern Canada observed DST from 1972 through 1979",
        "America/Iqaluit": "2022g: northern Canada observed DST from 1972 through 1979",
        "America/Rankin_Inlet": "2022g: northern Canada observed DST from 1972 through 1979",
        "America/Resolute": "2022g: northern Canada observed DST from 1972 through 1979",
        "America/Yellowknife": "2022g: DST from 1972 through 1979; 2023a: now a link to America/Edmonton",
        "America/Pangnirtung": "2022g: merged into America/Iqaluit (differs before 1996)",
        "America/Nipigon": "2022f: now a link to America/Toronto (differs before November 2005)",
        "America/Thunder_Bay": "2022f: now a link to America/Toronto (no DST-free 1973 any more)",
        "America/Rainy_River": "2022f: now a link to America/Winnipeg (differs before November 2005)",
        // South America.
        "America/Asuncion": "2025a: Paraguay stays at -03 permanently after 2024-10-06",
        "America/Bogota": "2022g: Colombia's 1993 fall back was 02-06 24:00, not 04-04 00:00",
        "America/Coyhaique": "2025b: new zone for Aysén Region, Chile; unknown to ICU 2022e",
        // Antarctica.
        "Antarctica/Casey": "2023d: five time zone changes since 2020; Casey is at +08, not +11",
        "Antarctica/Vostok": "2023d: at +07 (not +06) for years, closed in 1994, +05 from 2023-12-18",
        // Asia.
        "Asia/Almaty": "2024a: Kazakhstan unifies on +05 from 2024-03-01",
        "Asia/Qostanay": "2024a: Kazakhstan unifies on +05 from 2024-03-01",
        "Asia/Choibalsan": "2024b: now an alias of Asia/Ulaanbaatar (differs before April 2008)",
        "Asia/Gaza": "2023a, 2024a: Palestine springs forward after Ramadan (2023-04-29, 2024-04-20, ...)",
        "Asia/Hebron": "2023a, 2024a: Palestine springs forward after Ramadan (2023-04-29, 2024-04-20, ...)",
        "Asia/Manila": "2025a: Philippines DST in 1977 and 1990, not 1978",
        "Asia/Singapore": "2022g: Singapore's 1981-12-31 change was at 16:00 UTC (23:30 local), not 24:00 local",
        "Singapore": "2022g: alias of Asia/Singapore; 1981-12-31 change at 16:00 UTC",
        "Asia/Kuala_Lumpur": "2022g: shares Asia/Singapore's data; 1981-12-31 change at 16:00 UTC",
        "Asia/Tehran": "2025b: Iran switched from +04 to +0330 on 1978-11-10 at 24:00, not at year end",
        "Iran": "2025b: alias of Asia/Tehran; +0330 from 1978-11-10 24:00",
        // Portugal and the System V names.
        "Europe/Lisbon": "2024b: Portugal's 1977-1993 transitions from Portuguese legislation",
        "Portugal": "2024b: alias of Europe/Lisbon; 1977-1993 transitions from Portuguese legislation",
        "Atlantic/Azores": "2024b: the Azores did not observe DST from 1977 to 1981; 1982-1993 transitions revised",
        "Atlantic/Madeira": "2024b: Madeira did not observe DST from 1977 to 1981; 1982-1986 transitions revised",
        "WET": "2024b: System V name, now a link to Europe/Lisbon (differs before 1996)",
        "EET": "2024b: System V name, now a link to Europe/Athens (differs before 1981)",
        // Pacific.
        "Pacific/Fiji": "2022f: Fiji no longer observes DST (from 2022/3)",
    ]
}
