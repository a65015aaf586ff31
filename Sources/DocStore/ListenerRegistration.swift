import Foundation

/// The handle of a snapshot listener. `remove()` stops further callbacks, including ones
/// already queued; calling it again does nothing.
public final class ListenerRegistration: @unchecked Sendable {
    // @unchecked: `removed` is read and written under `lock`.
    private let onRemove: () -> Void
    private let lock = NSLock()
    private var removed = false

    init(onRemove: @escaping () -> Void) { self.onRemove = onRemove }

    /// One handle for several listeners: `remove()` removes them all.
    public convenience init(combining registrations: [ListenerRegistration]) {
        self.init(onRemove: { registrations.forEach { $0.remove() } })
    }

    public func remove() {
        let first = lock.withLock {
            defer { removed = true }
            return !removed
        }
        if first { onRemove() }
    }
}
