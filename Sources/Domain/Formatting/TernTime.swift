import Foundation

/// Times as Tern prints them: ISO 8601 in UTC with milliseconds and `Z`
/// (`2026-11-29T13:57:47.123Z`), so that strings sort like the times they name.
public enum TernTime {
    public static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
