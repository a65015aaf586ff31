/// Colours by name and number, and the nearest colour a terminal with fewer colours has.
extension Color {
    static let namedColors: [String: Color] = [
        "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
        "magenta": .magenta, "cyan": .cyan, "white": .white, "bright-black": .brightBlack, "gray": .brightBlack,
        "grey": .brightBlack, "bright-red": .brightRed, "bright-green": .brightGreen, "bright-yellow": .brightYellow,
        "bright-blue": .brightBlue, "bright-magenta": .brightMagenta, "bright-cyan": .brightCyan,
        "bright-white": .brightWhite,
    ]

    /// The colour names a config may use, in a stable order.
    public static var names: [String] { namedColors.keys.sorted() }

    /// `red`, `bright-blue`, `default`, a number 0–255, or `#rrggbb`; nil otherwise.
    public init?(spec: String) {
        let text = String(spec.lowercased().filter { $0 != " " && $0 != "\t" }.map { $0 == "_" ? "-" : $0 })
        if let named = Color.namedColors[text] {
            self = named
        } else if let number = Int(text), (0...255).contains(number) {
            self = number < 16 ? Color.ansi[number] : .indexed(UInt8(number))
        } else if text.count == 7, text.first == "#", let value = Int(text.dropFirst(), radix: 16) {
            self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    static let ansi: [Color] = [
        .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white, .brightBlack,
        .brightRed, .brightGreen, .brightYellow, .brightBlue, .brightMagenta, .brightCyan,
        .brightWhite,
    ]

    /// xterm's red, green and blue of each of the 256 colours.
    static func components(ofIndex index: Int) -> (Int, Int, Int) {
        let basic = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if index < 16 { return basic[index] }
        if index >= 232 {
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        }
        let cube = index - 16
        let step = { (value: Int) in value == 0 ? 0 : 55 + value * 40 }
        return (step(cube / 36), step(cube / 6 % 6), step(cube % 6))
    }

    /// The red, green and blue of this colour; nil for the default colour.
    public var components: (red: Int, green: Int, blue: Int)? {
        switch self {
        case .default: return nil
        case .rgb(let red, let green, let blue): return (Int(red), Int(green), Int(blue))
        case .indexed(let index): return Color.components(ofIndex: Int(index))
        default: return ansiIndex.map { Color.components(ofIndex: $0) }
        }
    }

    /// The number of the nearest of the first `count` xterm colours (16 or 256); nil for the
    /// default colour. The 16 basic colours and indexed ones within `count` map to themselves;
    /// among 256 a true colour goes to the fixed cube and greys (16–255), as terminal themes
    /// repaint the first 16.
    public func nearestIndex(among count: Int) -> Int? {
        if let index = ansiIndex, index < count { return index }
        if case .indexed(let index) = self, Int(index) < count { return Int(index) }
        guard let (red, green, blue) = components else { return nil }
        var best = 0
        var bestDistance = Int.max
        for index in (count > 16 ? 16 : 0)..<count {
            let (r, g, b) = Color.components(ofIndex: index)
            let distance = (r - red) * (r - red) * 3 + (g - green) * (g - green) * 4 + (b - blue) * (b - blue) * 2
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }
}
