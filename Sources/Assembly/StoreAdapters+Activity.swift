import Domain
import Foundation
import ViewModels

extension StoreAdapters: ActivityPort {
    public func observeNotifications(
        uid: String, limit: Int, _ onChange: @escaping ([ActivityNotification]) -> Void,
        onError: @escaping (Error) -> Void
    ) throws -> Cancellable {
        let registration = try services.notifications.observe(
            uid: uid, limit: limit, onChange: onChange, onError: onError)
        return AnyCancellable { registration.remove() }
    }

    public func notifications(uid: String, after last: ActivityNotification, limit: Int) throws -> (
        notifications: [ActivityNotification], isEnd: Bool
    ) {
        try services.notifications.page(of: uid, after: last, limit: limit)
    }
}
