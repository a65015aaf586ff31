import Foundation

/// `now`, `5m`, `2h`, `3d`, then a date (`Mar 4`, or `Mar 4, 2025` in another year), in UTC.
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "now" }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return "\(minutes)m" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours)h" }
        let days = hours / 24
        if days < 7 { return "\(days)d" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = calendar.component(.year, from: now)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        let base = "\(month) \(parts.day ?? 1)"
        return parts.year == year ? base : base + ", \(parts.year ?? year)"
    }

    /// `March 4, 2025` style, for join dates.
    public static func longDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
        return "\(months[max(0, min(11, (parts.month ?? 1) - 1))]) \(parts.day ?? 1), \(parts.year ?? 1970)"
    }
}
