import Faces
import Foundation
import TerminalUI

/// How faces are drawn: pictures in half blocks where the terminal shows colour and
/// Unicode, else initials in a badge (mono theme, `NO_COLOR`, a non-UTF-8 locale).
public enum FaceDrawing: Equatable, Sendable {
    /// Half blocks in true colour, or in the nearest of 256 colours.
    case pictures(trueColor: Bool)
    /// Real pixels with kitty's graphics protocol, over the cells half blocks would take.
    case pixels
    /// Initials in a badge coloured from the username (`colored` false: reverse video only).
    case badges(colored: Bool, unicode: Bool)
    /// No faces: the renderer's `showsFaces` is off (the bench's baseline frame).
    case hidden

    /// What this terminal and theme allow.
    static func current(isUTF8: Bool, theme: Theme, trueColor: Bool, kittyGraphics: Bool = false) -> FaceDrawing {
        let isMono = theme.name == Theme.mono.name
        guard isUTF8, !isMono else { return .badges(colored: !isMono, unicode: isUTF8) }
        return kittyGraphics ? .pixels : .pictures(trueColor: trueColor)
    }

    /// True colour where `COLORTERM` says so, as terminals that have it announce.
    public static func isTrueColor(_ environment: [String: String]) -> Bool {
        let value = environment["COLORTERM"]?.lowercased() ?? ""
        return value == "truecolor" || value == "24bit"
    }
}

/// A face's rows as spans: `rows` rows of `2 * rows` columns (cells are about twice as tall
/// as wide, so the square stays square). A picture is drawn with `▀`, the top pixel in the
/// foreground and the bottom one in the background.
enum FaceCells {
    /// The header's face beside `@you`: one row; the feed's: two rows beside the name line;
    /// a profile's is twice that.
    static let headerRows = 1
    static let postRows = 2
    static let profileRows = 4

    static func columns(rows: Int) -> Int { rows * 2 }

    static func picture(_ pixels: FacePixels, rows: Int, trueColor: Bool) -> [[Span]] {
        let scaled = pixels.scaled(to: columns(rows: rows))
        func color(_ x: Int, _ y: Int) -> Color {
            let (red, green, blue) = scaled.color(x: x, y: y)
            let exact = Color.rgb(red, green, blue)
            return trueColor ? exact : .indexed(UInt8(exact.nearestIndex(among: 256) ?? 0))
        }
        return (0..<rows).map { row in
            (0..<scaled.side).map { x in
                Span("▀", style: Style(foreground: color(x, row * 2), background: color(x, row * 2 + 1)))
            }
        }
    }

    /// The person's initials centred in a block of `rows` rows, its colour the username's.
    static func badge(displayName: String, username: String, rows: Int, colored: Bool, unicode: Bool) -> [[Span]] {
        let width = columns(rows: rows)
        let text = FaceInitials.of(displayName: displayName, username: username, unicode: unicode)
        let style =
            colored
            ? FaceInitials.badgeStyle(username: username.isEmpty ? displayName : username)
            : Style(bold: true, reverse: true)
        let textWidth = TextWidth.of(text)
        let left = max(0, (width - textWidth) / 2)
        let middle = (rows - 1) / 2
        return (0..<rows).map { row in
            guard row == middle else { return [Span(String(repeating: " ", count: width), style: style)] }
            let right = max(0, width - left - textWidth)
            return [
                Span(String(repeating: " ", count: left) + text + String(repeating: " ", count: right), style: style)
            ]
        }
    }
}

extension ScreenContext {
    /// A person's face `rows` high: the picture where it can be drawn and is decoded, else
    /// the badge of their initials. `key` names the person (a uid) in the cache.
    func face(key: String, avatar: String?, displayName: String, username: String, rows: Int) -> [[Span]] {
        switch faceDrawing {
        case .pictures(let trueColor):
            if let drawn = faces.face(key: key, avatar: avatar, rows: rows, trueColor: trueColor) { return drawn }
            return FaceCells.badge(
                displayName: displayName, username: username, rows: rows, colored: true, unicode: true)
        case .pixels:
            // The cache says whether the stored value is a picture at all (else the badge).
            if let avatar, faces.face(key: key, avatar: avatar, rows: rows, trueColor: true) != nil {
                return pictures.placeholder(avatar: avatar, rows: rows)
            }
            return FaceCells.badge(
                displayName: displayName, username: username, rows: rows, colored: true, unicode: true)
        case .badges(let colored, let unicode):
            return FaceCells.badge(
                displayName: displayName, username: username, rows: rows, colored: colored, unicode: unicode)
        case .hidden: return []
        }
    }
}

/// The faces of one frame drawn with kitty graphics. Where a face goes, the screen draws
/// blank cells marked with the face's slot (a style no other text has); once the frame is
/// drawn, `placements(in:)` finds the marks wherever the lists put them, blanks them, and
/// turns each face shown whole into a placement of its picture over those cells. A face
/// cut by the edge of a list is left blank.
final class FacePictures {
    private struct Slot {
        let image: UInt32
        let png: String
        let rows: Int
    }

    private var slots: [Slot] = []
    /// One number per picture for the whole run: the terminal keeps each picture once.
    private var images: [String: UInt32] = [:]
    private var nextImage: UInt32 = 1

    /// The marker's background; its foreground carries the slot.
    static let markBackground = Color.rgb(0x10, 0xEE, 0x10)

    static func mark(_ slot: Int) -> Style {
        Style(
            foreground: .rgb(0x10, UInt8(truncatingIfNeeded: slot >> 8), UInt8(truncatingIfNeeded: slot)),
            background: markBackground, dim: true, underline: true)
    }

    /// Blank cells `rows` high marked as the next slot, for the picture `avatar`.
    func placeholder(avatar: String, rows: Int) -> [[Span]] {
        guard slots.count < 1 << 16 else { return [] }
        let image: UInt32
        if let known = images[avatar] {
            image = known
        } else {
            if images.count >= FaceCache.capacity { images.removeAll() }
            image = nextImage
            nextImage = nextImage == UInt32.max ? 1 : nextImage + 1
            images[avatar] = image
        }
        slots.append(Slot(image: image, png: String(avatar.dropFirst(AvatarDataURL.prefix.count)), rows: rows))
        let style = Self.mark(slots.count - 1)
        let columns = FaceCells.columns(rows: rows)
        return (0..<rows).map { _ in [Span(String(repeating: " ", count: columns), style: style)] }
    }

    /// Starts a frame.
    func reset() {
        slots = []
    }

    /// The placements of this frame's faces, their marked cells made plain blanks.
    func placements(in buffer: inout Buffer) -> [ImagePlacement] {
        guard !slots.isEmpty else { return [] }
        var found: [Int: (top: Int, left: Int, bottom: Int, right: Int, cells: Int)] = [:]
        for row in 0..<buffer.height {
            for column in 0..<buffer.width {
                let style = buffer[row, column].style
                guard style.background == Self.markBackground, style.dim, style.underline,
                    case .rgb(0x10, let high, let low) = style.foreground
                else { continue }
                buffer[row, column] = Cell(" ")
                let slot = Int(high) << 8 | Int(low)
                var box = found[slot] ?? (row, column, row, column, 0)
                box = (
                    min(box.top, row), min(box.left, column), max(box.bottom, row), max(box.right, column),
                    box.cells + 1
                )
                found[slot] = box
            }
        }
        return found.sorted { $0.key < $1.key }.compactMap { slot, box in
            guard slot < slots.count else { return nil }
            let wanted = slots[slot]
            let columns = FaceCells.columns(rows: wanted.rows)
            let area = Rect(
                row: box.top, column: box.left, width: box.right - box.left + 1, height: box.bottom - box.top + 1)
            guard area.height == wanted.rows, area.width == columns, box.cells == wanted.rows * columns else {
                return nil
            }
            return ImagePlacement(image: wanted.image, png: wanted.png, area: area)
        }
    }
}

/// The letters of a badge: a Korean name's first syllable (its family name), else the
/// first letters of the first two words, else the username's first letter.
enum FaceInitials {
    static func of(displayName: String, username: String, unicode: Bool) -> String {
        let words = displayName.split(whereSeparator: \.isWhitespace)
        if let first = words.first?.first {
            if unicode, isHangulSyllable(first) { return String(first) }
            let letters = words.prefix(2).compactMap(\.first).filter { unicode || $0.isASCII }
            if !letters.isEmpty, unicode || letters.allSatisfy(\.isASCII) {
                let text = String(letters).uppercased()
                if TextWidth.of(text) <= 2 { return text }
                return String(text.prefix(1))
            }
        }
        if let letter = username.first { return String(letter).uppercased() }
        return "?"
    }

    static func isHangulSyllable(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return (0xAC00...0xD7A3).contains(scalar.value)
    }

    /// One of twelve backgrounds (with a readable foreground), chosen by an FNV-1a hash of
    /// the username: the same person has the same colour on every screen and every run.
    static func badgeStyle(username: String) -> Style {
        var hash: UInt32 = 2_166_136_261
        for byte in username.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let (background, foreground) = palette[Int(hash % UInt32(palette.count))]
        return Style(foreground: .indexed(foreground), background: .indexed(background), bold: true)
    }

    /// xterm colours: background and the foreground that reads on it.
    static let palette: [(UInt8, UInt8)] = [
        (24, 231), (25, 231), (29, 231), (30, 231), (53, 231), (88, 231), (94, 231), (130, 231),
        (136, 16), (143, 16), (109, 16), (175, 16),
    ]
}
