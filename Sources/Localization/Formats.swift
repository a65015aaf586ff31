import Foundation

/// Numbers, dates and relative times as the current language writes them.
public enum Formats {
    /// `10,349,312` (Korean groups digits the same way).
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// `now`, `5m`, `2h`, `3d`, then a date (`Mar 4`, or `Mar 4, 2025` in another year), in
    /// UTC; in Korean `방금`, `5분 전`, `3시간 전`, `2일 전`, `3월 4일`, `2025년 3월 4일`.
    public static func relativeTime(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return tr(.timeNow) }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return tr(.timeMinutes, ["n": String(minutes)]) }
        let hours = minutes / 60
        if hours < 24 { return tr(.timeHours, ["n": String(hours)]) }
        let days = hours / 24
        if days < 7 { return tr(.timeDays, ["n": String(days)]) }
        let parts = utcParts(date)
        let values = ["month": monthName(parts.month, long: false), "day": String(parts.day), "year": String(parts.year)]
        return parts.year == utcParts(now).year ? tr(.dateShort, values) : tr(.dateShortWithYear, values)
    }

    /// `March 4, 2025` / `2025년 3월 4일`, for join dates.
    public static func longDate(_ date: Date) -> String {
        let parts = utcParts(date)
        return tr(.dateLong, ["month": monthName(parts.month, long: true), "day": String(parts.day),
                              "year": String(parts.year)])
    }

    private static func monthName(_ month: Int, long: Bool) -> String {
        let names = Catalogue.monthNames(.current, long: long)
        return names[max(0, min(11, month - 1))]
    }

    private static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
