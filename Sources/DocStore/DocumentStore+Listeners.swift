extension DocumentStore {
    /// Registers a listener, delivers its first snapshot through the executor at once, and
    /// returns the handle that removes it.
    func addListener(
        isAffected: @escaping (Set<ResourcePath>, Set<ResourcePath>) -> Bool,
        refresh: @escaping (ListenerReadCache) throws -> (() -> Void)?,
        onError: @escaping (StoreError) -> Void
    ) throws -> ListenerRegistration {
        try locked {
            try checkOpen()
            let entry = ListenerEntry(
                id: listeners.makeID(), isAffected: isAffected, refresh: refresh, onError: onError)
            let first = try entry.refresh(ListenerReadCache(backend: backend))
            listeners.add(entry)
            if let first {
                // Deliver as a round of its own, so a first callback that writes does not nest.
                let wasDelivering = listeners.isDelivering
                listeners.isDelivering = true
                run(first, for: entry)
                listeners.isDelivering = wasDelivering
                deliverNotifications()
            }
            return ListenerRegistration { [weak self] in
                // Stops its callbacks at once; leaves the set now only if the store is free,
                // else at the next delivery, so removing never waits for a write in flight.
                entry.isActive = false
                guard let self, self.lock.try() else { return }
                defer { self.lock.unlock() }
                self.listeners.remove(id: entry.id)
            }
        }
    }

    /// Re-reads every listener concerned by the marked writes and delivers what changed.
    /// Loops rather than recursing when a callback writes back.
    func deliverNotifications() {
        guard !listeners.isDelivering else { return }
        listeners.isDelivering = true
        defer { listeners.isDelivering = false }
        while let affected = listeners.takeAffected() {
            let cache = ListenerReadCache(backend: backend)
            for entry in affected where entry.isActive {
                // A listener whose query fails keeps its last result, hears why, and is
                // retried on the next change.
                do {
                    guard let callback = try entry.refresh(cache) else { continue }
                    run(callback, for: entry)
                } catch {
                    let failure = error as? StoreError ?? .coding("\(error)")
                    run({ entry.onError(failure) }, for: entry)
                }
            }
        }
    }

    private func run(_ callback: @escaping () -> Void, for entry: ListenerEntry) {
        executor.run { [weak entry] in
            guard entry?.isActive == true else { return }
            callback()
        }
    }
}
