/// Region (admin1) names in the current language: South Korea's provinces and cities from this
/// table, and a region that bears its own city's name in that city's Korean name (Tokyo, 도쿄).
public enum RegionNames {
    /// `region` in the current language, or as it is when there is no translation. `city` is the
    /// place the region is shown for, with its Korean name when the catalog has one.
    public static func localized(_ region: String, city: (name: String, korean: String?)? = nil) -> String {
        guard Language.current == .ko else { return region }
        if let name = korean[region] { return name }
        if let city, city.name == region, let name = city.korean, !name.isEmpty { return name }
        return region
    }

    /// South Korea's regions by their GeoNames name, as the catalog's own cities are named (서울,
    /// not 서울특별시).
    static let korean: [String: String] = [
        "Seoul": "서울", "Busan": "부산", "Daegu": "대구", "Incheon": "인천", "Gwangju": "광주",
        "Daejeon": "대전", "Ulsan": "울산", "Sejong-si": "세종", "Gyeonggi-do": "경기도",
        "Gangwon-do": "강원도", "Chungcheongbuk-do": "충청북도", "Chungcheongnam-do": "충청남도",
        "Jeollabuk-do": "전라북도", "Jeollanam-do": "전라남도", "Gyeongsangbuk-do": "경상북도",
        "Gyeongsangnam-do": "경상남도", "Jeju-do": "제주도",
    ]
}
