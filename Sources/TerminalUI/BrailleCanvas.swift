/// A grid of braille cells (`⠀`–`⣿`), each 2 dots wide and 4 high, for small maps.
public struct BrailleCanvas: Hashable, Sendable {
    public let width: Int
    public let height: Int
    private var dots: [UInt8]

    /// A canvas of `width` × `height` cells, i.e. `2·width` × `4·height` dots.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.dots = Array(repeating: 0, count: self.width * self.height)
    }

    public var dotWidth: Int { width * 2 }
    public var dotHeight: Int { height * 4 }

    /// Bit of each dot in a cell, indexed [y][x] (Unicode braille numbering).
    static let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// Sets the dot at (x, y) in dot coordinates; outside dots are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        dots[(y / 4) * width + x / 2] |= Self.bits[y % 4][x % 2]
    }

    /// The braille character of a cell.
    public func character(row: Int, column: Int) -> Character {
        guard row >= 0, row < height, column >= 0, column < width else { return "\u{2800}" }
        return Character(Unicode.Scalar(0x2800 + UInt32(dots[row * width + column]))!)
    }

    /// The rows of braille characters.
    public var lines: [String] {
        (0..<height).map { row in String((0..<width).map { character(row: row, column: $0) }) }
    }
}
