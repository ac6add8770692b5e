import AlmanacStore

/// A connection URL, `postgres://user[:password]@host[:port]/database[?sslmode=...]`
/// (also `postgresql://`), as libpq reads its URI form: user, password and
/// database percent-decoded; the port 5432 when missing; `sslmode` one of
/// `disable` (the default here: the tests' server is on loopback),
/// `prefer` or `require`. `[::1]` style hosts are accepted.
package struct PostgresURL: Sendable, Hashable {
    package enum TLSMode: String, Sendable, Hashable { case disable, prefer, require }

    package var user: String
    package var password: String?
    package var host: String
    package var port: Int
    package var database: String
    package var tls: TLSMode

    /// Reads `text`; a malformed URL is an `.invalidValue` error that names the part at fault (never the password).
    package init(parsing text: String) throws(StoreError) {
        func bad(_ why: String) -> StoreError {
            StoreError(.invalidValue, "the PostgreSQL URL does not read: \(why) (expected postgres://user[:password]@host[:port]/database)")
        }
        var rest = Substring(text)
        if rest.hasPrefix("postgres://") {
            rest = rest.dropFirst("postgres://".count)
        } else if rest.hasPrefix("postgresql://") {
            rest = rest.dropFirst("postgresql://".count)
        } else {
            throw bad("it does not start with postgres://")
        }
        var query = Substring("")
        if let q = rest.firstIndex(of: "?") { query = rest[rest.index(after: q)...]; rest = rest[..<q] }
        guard let slash = rest.firstIndex(of: "/") else { throw bad("no /database") }
        let authority = rest[..<slash]
        database = try Self.decode(rest[rest.index(after: slash)...]) ?? ""
        guard !database.isEmpty else { throw bad("no database name") }
        guard let at = authority.lastIndex(of: "@") else { throw bad("no user@") }
        let userInfo = authority[..<at]
        var hostPort = authority[authority.index(after: at)...]
        if let colon = userInfo.firstIndex(of: ":") {
            user = try Self.decode(userInfo[..<colon]) ?? ""
            password = try Self.decode(userInfo[userInfo.index(after: colon)...])
        } else {
            user = try Self.decode(userInfo) ?? ""
            password = nil
        }
        guard !user.isEmpty else { throw bad("no user name") }
        var portText: Substring?
        if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            hostPort = hostPort[hostPort.index(after: close)...]
            if hostPort.hasPrefix(":") { portText = hostPort.dropFirst() } else if !hostPort.isEmpty { throw bad("text after the host") }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            portText = hostPort[hostPort.index(after: colon)...]
        } else {
            host = String(hostPort)
        }
        guard !host.isEmpty else { throw bad("no host") }
        if let portText {
            guard let p = Int(portText), (1...65_535).contains(p) else { throw bad("the port \"\(portText)\" is not 1...65535") }
            port = p
        } else {
            port = 5432
        }
        tls = .disable
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0] == "sslmode" else { throw bad("unknown parameter \"\(kv.first ?? "")\": only sslmode is read") }
            guard let mode = TLSMode(rawValue: String(kv[1])) else { throw bad("sslmode must be disable, prefer or require") }
            tls = mode
        }
    }

    /// Percent-decodes a URL part (`%40` is `@`); a bad escape is an error.
    static func decode(_ s: Substring) throws(StoreError) -> String? {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        while let b = bytes.popFirst() {
            guard b == UInt8(ascii: "%") else { out.append(b); continue }
            guard bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) else {
                throw StoreError(.invalidValue, "the PostgreSQL URL does not read: a % not followed by two hex digits")
            }
            out.append(v)
            bytes = bytes.dropFirst(2)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
