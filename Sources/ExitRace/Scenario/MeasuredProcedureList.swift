/// The procedures a △ cell of a Markdown measured table names, read from the text after the △:
///
/// - a name the scenario knows (a procedure's name or label) is taken whole, the longest first, so
///   that `△ home then swipe+home and leave` names `home then swipe+home` and `leave`;
/// - a name in double quotes or backticks is taken as written (`△ "swipe, then home" and leave`);
///   within double quotes, `\"` is a quote of the name (`"say \"bye\""` names `say "bye"`), as
///   ``CellText`` writes it;
/// - anything else is read word by word (letters, digits, `_`, `-`);
/// - commas, `+`, `/`, `;`, parentheses, spaces and the words `and` and `only` between names
///   separate them, and a table's marks in brackets (`[t]`) are skipped.
enum MeasuredProcedureList {
    /// The names in `text` (what follows △), matching `known` names whole where one starts.
    static func names(in text: String, known: [String] = []) -> [String] {
        let scalars = Array(text.unicodeScalars)
        // Longest first: `swipe+home` before `swipe`; ties in the scenario's order.
        let candidates = known.enumerated().sorted {
            $0.element.unicodeScalars.count != $1.element.unicodeScalars.count
                ? $0.element.unicodeScalars.count > $1.element.unicodeScalars.count : $0.offset < $1.offset
        }.map { Array($0.element.unicodeScalars) }.filter { !$0.isEmpty }
        var names: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isSeparator(scalar) {
                index += 1
            } else if scalar == "[" {
                // A table's mark (`[t]`, `[w]`) copied with the cell names no procedure.
                index = (scalars[index...].firstIndex(of: "]") ?? scalars.count) + 1
            } else if scalar == "\"" || scalar == "`" {
                let quoted = self.quoted(scalars, from: index + 1, until: scalar)
                names.append(quoted.name)
                index = quoted.end + 1
            } else if let match = candidates.first(where: { startsWhole($0, in: scalars, at: index) }) {
                names.append(String(String.UnicodeScalarView(match)))
                index += match.count
            } else {
                var end = index
                while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
                if end == index {
                    index += 1  // a stray mark (`…`, `?`): not part of any name
                    continue
                }
                let word = String(String.UnicodeScalarView(scalars[index..<end]))
                if !["and", "only"].contains(word.lowercased()) { names.append(word) }
                index = end
            }
        }
        return names
    }

    /// The name written from `start` up to the closing `mark` (or the end), and where that mark
    /// stands. Within double quotes, a backslash before a quote makes it part of the name.
    private static func quoted(
        _ scalars: [Unicode.Scalar], from start: Int, until mark: Unicode.Scalar
    ) -> (name: String, end: Int) {
        var name = String.UnicodeScalarView()
        var index = start
        while index < scalars.count && scalars[index] != mark {
            if mark == "\"" && scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "\"" {
                index += 1
            }
            name.append(scalars[index])
            index += 1
        }
        return (String(name), index)
    }

    /// Whether `name` is written at `index` and is not the start of a longer word.
    private static func startsWhole(_ name: [Unicode.Scalar], in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + name.count <= scalars.count, Array(scalars[index..<(index + name.count)]) == name else { return false }
        let next = index + name.count
        return next == scalars.count || !isWordScalar(scalars[next]) || !isWordScalar(name[name.count - 1])
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        " \t,+/;()".unicodeScalars.contains(scalar)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "-" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
