import Foundation
import Testing

@testable import Localization

/// The calendar date a list shows for a time, computed without a `Calendar`, agrees with
/// Foundation's Gregorian calendar in UTC.
struct UTCDateTests {
    func calendarParts(_ date: Date) -> (Int, Int, Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year!, parts.month!, parts.day!)
    }

    @Test func utcDatesAgreeWithTheGregorianCalendar() {
        // Leap days, century years, the epoch's edges, a second before and after midnight,
        // and a day every 9 days and 7 hours over five centuries.
        var times: [TimeInterval] = [
            0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_542_399, -2_208_988_800,
            1_709_164_800, 1_709_251_199, 253_402_300_799,
        ]
        var time: TimeInterval = -6_000_000_000
        while time < 10_000_000_000 {
            times.append(time)
            time += 9 * 86_400 + 7 * 3_600
        }
        for time in times {
            let date = Date(timeIntervalSince1970: time)
            let parts = Formats.utcParts(date)
            #expect(parts == calendarParts(date), "\(time)")
        }
    }
}
