import Faces
import Foundation
import TerminalUI
import Workers

/// Decoded faces by person: a stored avatar is decoded once, on the compute lane
/// (`Workers`), and kept with the spans drawn from it; the interface's thread only looks
/// them up. Until a picture is decoded (or when it cannot be) the caller draws the
/// person's badge.
public final class FaceCache: @unchecked Sendable {
    // @unchecked: `entries` is read and written under `lock`; the lane's job touches nothing else.
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let decodesInline: Bool
    /// Called on the compute lane when a picture was decoded: the screen should be drawn again.
    public var onDecoded: @Sendable () -> Void = {}

    /// Enough people for every screen; past it the cache starts over.
    static let capacity = 512

    private struct Entry {
        let avatar: String
        /// nil while decoding; `.some(nil)` for an avatar that is not a face.
        var pixels: FacePixels??
        var drawn: [Int: [[Span]]] = [:]
    }

    /// `decodesInline` decodes on the caller's thread (tests and the bench, which need the
    /// frame to be the same every time).
    public init(decodesInline: Bool = false) {
        self.decodesInline = decodesInline
    }

    /// The face of `key` (a uid) for `avatar`, `rows` high, or nil: no picture, not decoded
    /// yet, or not a picture.
    func face(key: String, avatar: String?, rows: Int, trueColor: Bool) -> [[Span]]? {
        guard let avatar else { return nil }
        let drawKey = trueColor ? rows : -rows
        lock.lock()
        defer { lock.unlock() }
        if var entry = entries[key], entry.avatar == avatar {
            guard case .some(.some(let pixels)) = entry.pixels else { return nil }
            if let drawn = entry.drawn[drawKey] { return drawn }
            let drawn = FaceCells.picture(pixels, rows: rows, trueColor: trueColor)
            entry.drawn[drawKey] = drawn
            entries[key] = entry
            return drawn
        }
        if entries.count >= Self.capacity { entries.removeAll() }
        if decodesInline {
            entries[key] = Entry(avatar: avatar, pixels: .some(AvatarDataURL.decode(avatar)))
            lock.unlock()
            defer { lock.lock() }
            return face(key: key, avatar: avatar, rows: rows, trueColor: trueColor)
        }
        entries[key] = Entry(avatar: avatar, pixels: nil)
        Workers.shared.run(.compute) { [weak self] in
            let pixels = AvatarDataURL.decode(avatar)
            guard let self else { return }
            let stored = self.lock.withLock { () -> Bool in
                guard self.entries[key]?.avatar == avatar else { return false }
                self.entries[key]?.pixels = .some(pixels)
                return true
            }
            if stored, pixels != nil { self.onDecoded() }
        }
        return nil
    }
}
