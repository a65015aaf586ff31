import DocStore
import Foundation

/// The words for a server that cannot be reached: where it is and why not.
public enum ServerReach {
    /// `HOST:PORT` of a `postgres://` URL (port 5432 when it names none).
    public static func hostPort(_ url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else { return url }
        return "\(host):\(components.port ?? 5432)"
    }

    /// Why a call failed, without the server's address the message starts with.
    public static func reason(_ error: Error) -> String {
        switch error {
        case StoreError.cannotOpen(_, let reason, _): reason
        case StoreError.backend(_, let message, _): message
        default: "\(error)"
        }
    }
}
