/// A square picture as red, green and blue bytes, row after row: the avatar as stored
/// (`side` is `FacePixels.avatarSide`) or a smaller copy made to be drawn.
public struct FacePixels: Equatable, Sendable {
    /// The side of the copy a profile keeps.
    public static let avatarSide = 32

    public let side: Int
    /// `side * side * 3` bytes.
    public let rgb: [UInt8]

    public init(side: Int, rgb: [UInt8]) {
        precondition(side > 0 && rgb.count == side * side * 3, "a face is side × side red, green and blue bytes")
        self.side = side
        self.rgb = rgb
    }

    /// The colour at column `x`, row `y`.
    public func color(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let at = (y * side + x) * 3
        return (rgb[at], rgb[at + 1], rgb[at + 2])
    }

    /// This picture at `newSide` pixels a side, each new pixel the average of the ones it
    /// covers (a box filter: a face drawn small stays a face, not a sample of noise).
    public func scaled(to newSide: Int) -> FacePixels {
        FacePixels.boxScaled(
            width: side, height: side, channels: 3, crop: (0, 0, side), to: newSide
        ) { rgb[$0] }
    }

    /// The centred square of a `width` × `height` picture of `channels` bytes a pixel (the
    /// first three red, green and blue), cropped by `crop` (left, top, side), averaged down to
    /// `newSide`; `byte(i)` reads the picture's `i`th byte.
    static func boxScaled(
        width: Int, height: Int, channels: Int, crop: (left: Int, top: Int, side: Int), to newSide: Int,
        byte: (Int) -> UInt8
    ) -> FacePixels {
        var out = [UInt8](repeating: 0, count: newSide * newSide * 3)
        for row in 0..<newSide {
            let top = crop.top + row * crop.side / newSide
            let bottom = max(top + 1, crop.top + (row + 1) * crop.side / newSide)
            for column in 0..<newSide {
                let left = crop.left + column * crop.side / newSide
                let right = max(left + 1, crop.left + (column + 1) * crop.side / newSide)
                var sums = (0, 0, 0)
                for y in top..<bottom {
                    var at = (y * width + left) * channels
                    for _ in left..<right {
                        sums.0 += Int(byte(at))
                        sums.1 += Int(byte(at + 1))
                        sums.2 += Int(byte(at + 2))
                        at += channels
                    }
                }
                let count = (bottom - top) * (right - left)
                let index = (row * newSide + column) * 3
                out[index] = UInt8(sums.0 / count)
                out[index + 1] = UInt8(sums.1 / count)
                out[index + 2] = UInt8(sums.2 / count)
            }
        }
        return FacePixels(side: newSide, rgb: out)
    }
}
