import DocStore
import Foundation

/// Where a live list makes what it delivers from a snapshot. On a team server that costs
/// store reads (the authors, the viewer's likes, a count: a round trip each), and the
/// interface's store executor delivers snapshots on its event loop's thread: there they are
/// made as the store's `ListenerWork` (off that thread, for the newest snapshot only, what
/// they made handed back through the store's executor). On an embedded store or a local
/// copy (reads well under a frame) at once, as before, so view-model tests stay synchronous.
struct RowMaking {
    private let work: ListenerWork?

    init(store: DocumentStore, offThread: Bool) {
        work = offThread ? ListenerWork(executor: store.callbackExecutor) : nil
    }

    /// Runs `make` (nil: nothing to deliver), passing it where notices go; then `onChange`
    /// with what it made, or `onError` with why it failed. Notices come before the value.
    func deliver<Value>(
        _ make: @escaping (_ notice: @escaping (Error) -> Void) throws -> Value?,
        onChange: @escaping (Value) -> Void, onError: @escaping (Error) -> Void
    ) {
        guard let work else {
            do {
                if let value = try make(onError) { onChange(value) }
            } catch {
                onError(error)
            }
            return
        }
        work.submit {
            let notices = NoticeList()
            let result = Result { try make(notices.append) }
            return {
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

/// The notices of one delivery, collected while its rows are made and read once they are.
private final class NoticeList {
    private(set) var all: [Error] = []
    func append(_ notice: Error) { all.append(notice) }
}
