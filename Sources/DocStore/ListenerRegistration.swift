/// The handle of a snapshot listener. `remove()` stops further callbacks, including ones
/// already queued; calling it again does nothing.
public final class ListenerRegistration: @unchecked Sendable {
    private let onRemove: () -> Void
    private var removed = false

    init(onRemove: @escaping () -> Void) { self.onRemove = onRemove }

    public func remove() {
        guard !removed else { return }
        removed = true
        onRemove()
    }
}
