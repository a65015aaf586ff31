/// The command a mistyped one most likely meant (`tern places serch` → `places search`),
/// within two edits of the words typed, or of a command's last word alone.
enum CommandSuggestion {
    static func nearest(to words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        var best: (distance: Int, command: String)?
        for spec in CommandTable.all {
            let typed = words.prefix(spec.words.count).joined(separator: " ")
            let command = spec.words.joined(separator: " ")
            let distance = min(
                editDistance(typed, command), spec.words.count > 1 ? editDistance(words[0], spec.words.last!) + 1 : .max
            )
            if distance <= 2, distance < (best?.distance ?? .max) { best = (distance, command) }
        }
        return best?.command
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
