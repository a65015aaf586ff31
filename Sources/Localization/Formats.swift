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
        let values = [
            "month": monthName(parts.month, long: false), "day": String(parts.day), "year": String(parts.year),
        ]
        return parts.year == utcParts(now).year ? tr(.dateShort, values) : tr(.dateShortWithYear, values)
    }

    /// `March 4, 2025` / `2025년 3월 4일`, for join dates.
    public static func longDate(_ date: Date) -> String {
        let parts = utcParts(date)
        return tr(
            .dateLong,
            [
                "month": monthName(parts.month, long: true), "day": String(parts.day),
                "year": String(parts.year),
            ])
    }

    private static func monthName(_ month: Int, long: Bool) -> String {
        let names = Catalogue.monthNames(.current, long: long)
        return names[max(0, min(11, month - 1))]
    }

    /// The UTC calendar date of `date`, by the proleptic Gregorian calendar's arithmetic
    /// (days since 1970 to year, month, day) rather than a `Calendar`, which cost a list
    /// row's drawing more than the rest of it.
    static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return (1970, 1, 1) }
        // Days since 0000-03-01, so a leap day ends its year; 400-year eras of 146,097 days.
        let days = Int((seconds / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
