/// Keeps the last frame sent to a backend and sends only what changed in the next one.
public final class FrameRenderer {
    public let backend: TerminalBackend
    public private(set) var previous: Buffer?
    /// The changes sent by the last `render`, for measurements and tests.
    public private(set) var lastDiff: BufferDiff?

    public init(backend: TerminalBackend) {
        self.backend = backend
    }

    /// Draws `buffer` (only the cells that changed since the last frame), places the
    /// cursor and the pictures over it (`images`, nil when the frame has none to give), and
    /// flushes once.
    public func render(_ buffer: Buffer, cursor: Position? = nil, images: [ImagePlacement]? = nil) {
        let diff = BufferDiff(from: previous, to: buffer)
        backend.draw(diff.changes)
        if let images { backend.placeImages(images, afresh: previous == nil) }
        backend.setCursor(cursor)
        backend.flush()
        previous = buffer
        lastDiff = diff
    }

    /// Forgets the last frame so the next render redraws everything (after a resize or
    /// when the screen may have been disturbed).
    public func invalidate() {
        previous = nil
    }

    /// Draws a frame built by `draw` into a buffer of the backend's current size.
    public func render(cursor: Position? = nil, _ draw: (inout Buffer) -> Void) {
        var buffer = Buffer(size: backend.size)
        draw(&buffer)
        render(buffer, cursor: cursor)
    }
}
