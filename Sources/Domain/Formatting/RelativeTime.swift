import Foundation
import Localization

/// Post and join times in the current language (see `Formats`).
public enum RelativeTime {
    /// `now`, `5m`, `2h`, `3d`, then `Mar 4` (`Mar 4, 2025` in another year); in Korean
    /// `방금`, `5분 전`, `3시간 전`, `2일 전`, `3월 4일`.
    public static func describe(_ date: Date, now: Date) -> String {
        Formats.relativeTime(date, now: now)
    }

    /// `March 4, 2025` / `2025년 3월 4일`, for join dates.
    public static func longDate(_ date: Date) -> String {
        Formats.longDate(date)
    }
}
