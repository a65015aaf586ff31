import Foundation
import Localization
import Testing

@Suite struct CatalogueTests {
    @Test(arguments: Language.allCases) func everyKeyHasAText(language: Language) {
        let texts = Catalogue.texts(language)
        let missing = TextKey.allCases.filter { (texts[$0] ?? "").isEmpty }
        #expect(missing.isEmpty, "\(language.rawValue) has no text for \(missing.map(\.rawValue))")
    }

    @Test(arguments: Language.allCases) func placeholdersMatchEnglish(language: Language) {
        let english = Catalogue.texts(.en)
        let texts = Catalogue.texts(language)
        for key in TextKey.allCases {
            var expected = Set(Catalogue.placeholders(in: english[key] ?? ""))
            var actual = Set(Catalogue.placeholders(in: texts[key] ?? ""))
            // `{engine}` is a library's or the system's English text: a translation says it
            // in its own words instead, optionally with the code (`SQLSTATE 28P01`).
            if expected.contains("engine") && language != .en {
                expected.remove("engine")
                actual.remove("code")
            }
            let (what, english) = ("\(language.rawValue) \(key.rawValue)", expected.sorted())
            #expect(actual == expected, "\(what): placeholders \(actual.sorted()) differ from English \(english)")
        }
    }

    @Test func placeholdersAreFilledByName() {
        Language.$scoped.withValue(.ko) {
            #expect(tr(.toastSaved, ["place": "서울"]) == "서울 저장함")
            #expect(tr(.errorPostTooLong, ["max": "280", "count": "300"]) == "글은 280자 이하여야 합니다 (지금 300자)")
        }
        #expect(tr(.toastSaved, ["place": "Seoul"]) == "Saved Seoul")
        #expect(Catalogue.placeholders(in: "{count} of {total}") == ["count", "total"])
    }

    /// Each Korean particle after a name takes the form the name's last sound asks for.
    static let particles: [(TextKey, [String: String], String)] = [
        (.placesNoMatch, ["query": "경복궁"], "\u{201C}경복궁\u{201D}과 맞는 장소가 없습니다."),
        (.placesNoMatch, ["query": "서울타워"], "\u{201C}서울타워\u{201D}와 맞는 장소가 없습니다."),
        (.cliNoPlaces, ["query": "남산"], "'남산'과 맞는 장소가 없습니다."),
        (.toastCouldNotSave, ["place": "경복궁", "reason": "x"], "경복궁을 저장하지 못했습니다: x"),
        (.toastCouldNotSave, ["place": "서울타워", "reason": "x"], "서울타워를 저장하지 못했습니다: x"),
        (.toastMovedTo, ["place": "남산", "folder": "제주 여행"], "남산을 제주 여행으로 옮겼습니다"),
        (.toastMovedTo, ["place": "남산", "folder": "서울"], "남산을 서울로 옮겼습니다"),
        (.toastMovedTo, ["place": "남산", "folder": "부산"], "남산을 부산으로 옮겼습니다"),
        (.toastMovedTo, ["place": "남산", "folder": "폴더 2"], "남산을 폴더 2로 옮겼습니다"),
        (.toastMovedTo, ["place": "남산", "folder": "폴더 3"], "남산을 폴더 3으로 옮겼습니다"),
        (.toastMovedTo, ["place": "남산", "folder": "폴더 1"], "남산을 폴더 1로 옮겼습니다"),
        (.errorUsernameTaken, ["username": "민수"], "사용자 이름 @민수는 이미 쓰이고 있습니다"),
        (.errorUsernameTaken, ["username": "지민"], "사용자 이름 @지민은 이미 쓰이고 있습니다"),
        (.configSetTwice, ["key": "테마"], "테마가 두 번 설정되었습니다"),
        (.configSetTwice, ["key": "색깔"], "색깔이 두 번 설정되었습니다"),
        (.cliMovedTo, ["folder": "여행"], "여행으로 옮김:"),
        // Latin text: its last sound is not known from its letters, so the pair stays.
        (.errorUsernameTaken, ["username": "alice"], "사용자 이름 @alice은(는) 이미 쓰이고 있습니다"),
        (.cliMovedTo, ["folder": "Trip"], "Trip(으)로 옮김:"),
    ]

    @Test(arguments: particles) func koreanParticleFollowsTheName(
        key: TextKey, values: [String: String], expected: String
    ) {
        #expect(Catalogue.text(key, values, language: .ko) == expected)
    }

    /// No Korean text writes a bare particle right after a name: it writes the pair, which
    /// filling resolves.
    @Test func koreanTextsWriteParticlePairsAfterNames() {
        let bare = try! Regex(#"\}['"\u{201D})]?(이|가|은|는|을|를|과|와|로)([ .,:;"']|$)"#)
        let offenders = Catalogue.texts(.ko).filter { $0.value.contains(bare) }.map(\.key.rawValue)
        #expect(offenders.isEmpty, "bare particles after a name in \(offenders.sorted())")
    }

    @Test func koreanTabHeaderFitsEightyColumns() {
        let header = Language.$scoped.withValue(.ko) {
            [tr(.tabPlaces), tr(.tabFavorites), tr(.tabFeed), tr(.tabProfile)].enumerated()
                .map { "\($0.offset + 1) \($0.element)" }.joined(separator: "  ")
        }
        #expect(header == "1 장소  2 즐겨찾기  3 피드  4 프로필")
    }
}

@Suite struct LanguageTests {
    static let locales: [([String: String], Language)] = [
        (["LANG": "ko_KR.UTF-8"], .ko),
        (["LANG": "en_US.UTF-8"], .en),
        (["LANG": "C"], .en),
        ([:], .en),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"], .ko),
        (["LANG": "ko_KR.UTF-8", "LC_ALL": "C.UTF-8"], .en),
        (["LANG": "ko_KR.UTF-8", "LC_ALL": ""], .ko),
    ]

    @Test(arguments: locales) func localeEnvironmentPicksTheLanguage(environment: [String: String], expected: Language)
    {
        #expect(Language.fromLocale(environment) == expected)
    }

    @Test func ternLangOverridesConfigWhichOverridesLocale() throws {
        #expect(try Language.resolve(environment: ["LANG": "ko_KR.UTF-8"], configured: .en) == .en)
        #expect(try Language.resolve(environment: ["LANG": "C", "TERN_LANG": "ko"], configured: .en) == .ko)
        #expect(try Language.resolve(environment: ["LANG": "ko_KR.UTF-8"], configured: nil) == .ko)
        #expect(throws: UnknownLanguage(name: "TERN_LANG", value: "fr")) {
            try Language.resolve(environment: ["TERN_LANG": "fr"], configured: nil)
        }
    }
}

@Suite struct FormatsTests {
    static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

    static let times: [(Double, String, String)] = [
        (10.0, "now", "방금"), (5 * 60.0, "5m", "5분 전"), (3 * 3600.0, "3h", "3시간 전"), (2 * 86400.0, "2d", "2일 전"),
        (30 * 86400.0, "Oct 30", "10월 30일"), (400 * 86400.0, "Oct 25, 2025", "2025년 10월 25일"),
    ]

    @Test(arguments: times) func relativeTimes(ago: Double, english: String, korean: String) {
        let date = Self.now.addingTimeInterval(-ago)
        #expect(Formats.relativeTime(date, now: Self.now) == english)
        #expect(Language.$scoped.withValue(.ko) { Formats.relativeTime(date, now: Self.now) } == korean)
    }

    @Test func longDatesAndNumbers() {
        let date = Date(timeIntervalSince1970: 1_741_046_400)  // 2025-03-04
        #expect(Formats.longDate(date) == "March 4, 2025")
        #expect(Language.$scoped.withValue(.ko) { Formats.longDate(date) } == "2025년 3월 4일")
        #expect(Formats.number(10_349_312) == "10,349,312")
        #expect(Formats.number(-1234) == "-1,234")
        #expect(Formats.number(999) == "999")
    }
}

@Suite struct CountryNamesTests {
    @Test func koreanShowsCLDRCountryNamesAndLeavesOtherAddressesAlone() {
        #expect(CountryNames.localizedAddress("Seoul, South Korea", country: "South Korea") == "Seoul, South Korea")
        Language.$scoped.withValue(.ko) {
            #expect(CountryNames.localizedAddress("Seoul, South Korea", country: "South Korea") == "Seoul, 대한민국")
            #expect(CountryNames.localizedAddress("Japan", country: "Japan") == "일본")
            #expect(CountryNames.localizedAddress("12 Rue de Rivoli", country: "") == "12 Rue de Rivoli")
            #expect(CountryNames.localized("Atlantis") == "Atlantis")
        }
    }
}

@Suite struct RegionAndCategoryNamesTests {
    @Test func koreanShowsRegionsInKoreanWhereTheyAreKnown() {
        let seoul = (name: "Seoul", korean: String?("서울"))
        #expect(
            CountryNames.localizedAddress("Seoul, South Korea", country: "South Korea", region: "Seoul", city: seoul)
                == "Seoul, South Korea")
        Language.$scoped.withValue(.ko) {
            #expect(
                CountryNames.localizedAddress(
                    "Seoul, South Korea", country: "South Korea", region: "Seoul", city: seoul)
                    == "서울, 대한민국")
            #expect(
                CountryNames.localizedAddress(
                    "Gyeonggi-do, South Korea", country: "South Korea", region: "Gyeonggi-do",
                    city: (name: "Suwon", korean: "수원")) == "경기도, 대한민국")
            // A region named as its own city takes the city's Korean name from the catalog.
            #expect(
                CountryNames.localizedAddress(
                    "Tokyo, Japan", country: "Japan", region: "Tokyo", city: (name: "Tokyo", korean: "도쿄"))
                    == "도쿄, 일본")
            #expect(
                CountryNames.localizedAddress(
                    "Île-de-France, France", country: "France", region: "Île-de-France",
                    city: (name: "Paris", korean: "파리")) == "Île-de-France, 프랑스")
        }
    }

    @Test func koreanShowsOpenStreetMapCategoriesInKorean() {
        #expect(CategoryNames.localized("attraction") == "attraction")
        Language.$scoped.withValue(.ko) {
            #expect(CategoryNames.localized("attraction") == "관광명소")
            #expect(CategoryNames.localized("museum") == "박물관")
            #expect(CategoryNames.localized("커피전문점") == "커피전문점")
        }
    }
}
