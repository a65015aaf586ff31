/// A picture placed over a rectangle of cells with kitty's graphics protocol: `image` names
/// the picture (the same number for the same picture in every frame), `png` is its PNG in
/// base64, sent once per image.
public struct ImagePlacement: Hashable, Sendable {
    public var image: UInt32
    public var png: String
    public var area: Rect

    public init(image: UInt32, png: String, area: Rect) {
        self.image = image
        self.png = png
        self.area = area
    }
}

/// The escape sequences of kitty's graphics protocol that Tern sends: the query asked once
/// at start-up, a picture's transmission, its placements and their deletion.
public enum KittyGraphics {
    /// Asks whether the terminal draws kitty graphics (a 1×1 image of one RGB pixel, only
    /// queried, `a=q`), then for its primary device attributes: every terminal answers the
    /// second, one with kitty graphics answers the first before it.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// The most base64 one escape carries; a longer picture goes in chunks (`m=1` until the last).
    static let chunk = 4096

    /// Sends `png` (base64) as image `id`, kept by the terminal until deleted, with no answer
    /// (`q=2`) and nothing drawn yet.
    public static func transmit(id: UInt32, png: String) -> String {
        var out = ""
        var start = png.startIndex
        var first = true
        repeat {
            let end = png.index(start, offsetBy: chunk, limitedBy: png.endIndex) ?? png.endIndex
            let more = end < png.endIndex ? 1 : 0
            let keys = first ? "a=t,f=100,t=d,i=\(id),q=2,m=\(more)" : "m=\(more)"
            out += "\u{1B}_G" + keys + ";" + png[start..<end] + "\u{1B}\\"
            start = end
            first = false
        } while start < png.endIndex
        return out
    }

    /// Places image `id` as placement `placement` over `area` (scaled to its columns and
    /// rows), leaving the cursor where it was (`C=1`).
    public static func place(id: UInt32, placement: UInt32, area: Rect) -> String {
        "\u{1B}[\(area.row + 1);\(area.column + 1)H"
            + "\u{1B}_Ga=p,i=\(id),p=\(placement),c=\(area.width),r=\(area.height),C=1,q=2\u{1B}\\"
    }

    /// Takes one placement off the screen; the image stays with the terminal.
    public static func delete(id: UInt32, placement: UInt32) -> String {
        "\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\"
    }

    /// Takes every placement off the screen, keeping the images.
    public static let deletePlacements = "\u{1B}_Ga=d,d=a,q=2\u{1B}\\"
    /// Takes every placement off the screen and frees the images (on exit).
    public static let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
}

/// Reads the terminal's answers to `KittyGraphics.query`, byte by byte as they come: the
/// graphics answer `ESC _ G i=31;OK ESC \` before the device attributes (`ESC [ ? … c`)
/// means yes; the attributes alone, or a graphics error, mean no.
public struct KittyGraphicsProbe: Sendable {
    public enum Answer: Equatable, Sendable {
        case supported
        case unsupported
    }

    public private(set) var answer: Answer?
    private var bytes: [UInt8] = []

    /// More than a terminal's answers: something else is talking.
    static let limit = 4096

    public init() {}

    /// Takes more of what the terminal sent; returns the answer once it is known.
    @discardableResult
    public mutating func feed<Bytes: Sequence>(_ input: Bytes) -> Answer? where Bytes.Element == UInt8 {
        guard answer == nil else { return answer }
        bytes.append(contentsOf: input)
        if bytes.count > Self.limit {
            answer = .unsupported
            return answer
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var graphics: Bool?
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}_G"), let end = rest[start.upperBound...].range(of: "\u{1B}\\") {
            let body = rest[start.upperBound..<end.lowerBound]
            if body.hasPrefix("i=31;") { graphics = body.dropFirst(5).hasPrefix("OK") }
            rest = rest[end.upperBound...]
        }
        if graphics == false {
            answer = .unsupported
        } else if Self.hasDeviceAttributes(rest) {
            answer = graphics == true ? .supported : .unsupported
        }
        return answer
    }

    /// `ESC [ ?`, digits and `;`, then `c`.
    static func hasDeviceAttributes(_ text: Substring) -> Bool {
        var rest = text
        while let start = rest.range(of: "\u{1B}[?") {
            let after = rest[start.upperBound...]
            if let last = after.firstIndex(where: { !($0.isASCII && ($0.isNumber || $0 == ";")) }), after[last] == "c" {
                return true
            }
            rest = after
        }
        return false
    }
}

/// What must be sent to move the pictures on screen from one frame's placements to the
/// next: new pictures transmitted once, placements that went away or moved deleted, new
/// ones placed. Cells under a picture are blank in the frame, so the diffing renderer
/// never draws over one.
public struct KittyImageLayer: Sendable {
    private var placed: [ImagePlacement: UInt32] = [:]
    private var transmitted: Set<UInt32> = []
    private var nextPlacement: UInt32 = 1

    public init() {}

    /// Whether anything is on screen.
    public var isEmpty: Bool { placed.isEmpty }

    /// The escapes from the last frame's placements to `placements`; `afresh` when the
    /// screen was redrawn whole (every placement is deleted and placed again).
    public mutating func update(to placements: [ImagePlacement], afresh: Bool) -> String {
        var out = ""
        if afresh, !placed.isEmpty {
            out += KittyGraphics.deletePlacements
            placed = [:]
        }
        let wanted = Set(placements)
        for (placement, id) in placed.sorted(by: { $0.value < $1.value }) where !wanted.contains(placement) {
            out += KittyGraphics.delete(id: placement.image, placement: id)
            placed[placement] = nil
        }
        for placement in placements where placed[placement] == nil {
            if !transmitted.contains(placement.image) {
                out += KittyGraphics.transmit(id: placement.image, png: placement.png)
                transmitted.insert(placement.image)
            }
            let id = nextPlacement
            nextPlacement = nextPlacement == UInt32.max ? 1 : nextPlacement + 1
            out += KittyGraphics.place(id: placement.image, placement: id, area: placement.area)
            placed[placement] = id
        }
        return out
    }

    /// Forgets everything (after `KittyGraphics.deleteAll`).
    public mutating func reset() {
        placed = [:]
        transmitted = []
    }
}

/// Whether faces are drawn with kitty graphics: `TERN_GRAPHICS=kitty` says yes without
/// asking, `TERN_GRAPHICS=blocks` no; otherwise not under tmux or screen (which do not pass
/// the protocol through) nor on the Linux console, and otherwise the terminal is asked.
public enum FaceGraphicsChoice {
    public enum Decision: Equatable, Sendable {
        case kitty
        case blocks
        case ask
    }

    public static func decide(environment: [String: String]) -> Decision {
        switch environment["TERN_GRAPHICS"]?.lowercased() {
        case "kitty": return .kitty
        case "blocks", "half-blocks", "off": return .blocks
        default: break
        }
        if !(environment["TMUX"] ?? "").isEmpty { return .blocks }
        let term = environment["TERM"] ?? ""
        // The Linux console would show the query's letters rather than ignore it.
        if term.hasPrefix("screen") || term.hasPrefix("tmux") || term.hasPrefix("linux") || term == "dumb"
            || term.isEmpty
        {
            return .blocks
        }
        return .ask
    }
}
