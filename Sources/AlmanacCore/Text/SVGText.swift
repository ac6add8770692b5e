/// The SVG text element of the drawings (the review's heat map, free/busy
/// and slots): one place that writes it and escapes its content.
package enum SVGText {
    /// `<text>` at (`x`, `y`): 12-pixel type unless `size` says otherwise, in `fill`.
    package static func text(_ x: Int, _ y: Int, _ s: String, size: Int = 12, bold: Bool = false, fill: String) -> String {
        "<text x=\"\(x)\" y=\"\(y)\"" + (size == 12 ? "" : " font-size=\"\(size)\"") + (bold ? " font-weight=\"bold\"" : "")
            + " fill=\"\(fill)\">\(escaped(s))</text>\n"
    }

    /// XML text: `&`, `<`, `>` and `"` escaped.
    package static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
