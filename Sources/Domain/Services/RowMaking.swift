import DocStore
import Foundation

/// Where a live list makes what it delivers from a snapshot. On a team server that costs
/// store reads (the authors, the viewer's likes, a count: a round trip each), and the
/// interface's store executor delivers snapshots on its event loop's thread: there they run
/// on a serial queue of the listener's own, in the order the snapshots came, and what they
/// made is handed back through the store's executor. On an embedded store or a local copy
/// (reads well under a frame) at once, as before, so view-model tests stay synchronous.
struct RowMaking {
    private let queue: DispatchQueue?
    private let executor: CallbackExecutor

    init(store: DocumentStore, offThread: Bool) {
        queue = offThread ? DispatchQueue(label: "tern.rows") : nil
        executor = store.callbackExecutor
    }

    /// Runs `make` (nil: nothing to deliver), passing it where notices go; then `onChange`
    /// with what it made, or `onError` with why it failed. Notices come before the value.
    func deliver<Value>(_ make: @escaping (_ notice: @escaping (Error) -> Void) throws -> Value?,
                        onChange: @escaping (Value) -> Void, onError: @escaping (Error) -> Void) {
        guard let queue else {
            do {
                if let value = try make(onError) { onChange(value) }
            } catch {
                onError(error)
            }
            return
        }
        queue.async { [executor] in
            let notices = NoticeList()
            let result = Result { try make(notices.append) }
            executor.execute {
                notices.all.forEach(onError)
                switch result {
                case .success(let value?): onChange(value)
                case .success(nil): break
                case .failure(let error): onError(error)
                }
            }
        }
    }
}

/// The notices of one delivery, collected on the row-making queue and read once it is done.
private final class NoticeList {
    private(set) var all: [Error] = []
    func append(_ notice: Error) { all.append(notice) }
}
