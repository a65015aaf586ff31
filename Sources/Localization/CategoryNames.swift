/// An online place's category in the current language: OpenStreetMap's kinds (`attraction`,
/// `museum`, as Nominatim names them) in Korean; a category already in Korean (Kakao's
/// `음식점 > 카페`) or without a translation stays as it is.
public enum CategoryNames {
    public static func localized(_ category: String) -> String {
        guard Language.current == .ko else { return category }
        return korean[category.lowercased()] ?? category
    }

    /// Nominatim's `type` values people meet most, with `_` read as a space.
    static let korean: [String: String] = [
        "attraction": "관광명소", "viewpoint": "전망대", "museum": "박물관", "gallery": "미술관",
        "artwork": "예술 작품", "theme park": "테마파크", "zoo": "동물원", "aquarium": "수족관",
        "hotel": "호텔", "hostel": "호스텔", "guest house": "게스트하우스", "motel": "모텔",
        "camp site": "야영장", "information": "관광 안내소", "picnic site": "소풍 장소",
        "castle": "성", "palace": "궁전", "monument": "기념물", "memorial": "기념비", "ruins": "유적",
        "archaeological site": "유적지", "tower": "탑", "fort": "요새", "city gate": "성문",
        "restaurant": "음식점", "cafe": "카페", "fast food": "패스트푸드", "bar": "바", "pub": "펍",
        "bakery": "빵집", "ice cream": "아이스크림", "food court": "푸드코트",
        "marketplace": "시장", "supermarket": "슈퍼마켓", "convenience": "편의점", "mall": "쇼핑몰",
        "department store": "백화점", "books": "서점", "clothes": "옷 가게",
        "place of worship": "종교 시설", "cathedral": "대성당", "church": "교회", "temple": "사원",
        "shrine": "신사", "mosque": "모스크",
        "park": "공원", "garden": "정원", "nature reserve": "자연 보호 구역", "beach": "해변",
        "peak": "산봉우리", "volcano": "화산", "water": "물", "river": "강", "lake": "호수",
        "island": "섬", "waterfall": "폭포", "cave entrance": "동굴 입구",
        "station": "역", "subway entrance": "지하철 입구", "bus stop": "버스 정류장",
        "bus station": "버스 터미널", "aerodrome": "공항", "ferry terminal": "여객 터미널",
        "parking": "주차장", "fuel": "주유소",
        "school": "학교", "university": "대학교", "college": "대학", "library": "도서관",
        "hospital": "병원", "clinic": "의원", "pharmacy": "약국", "bank": "은행", "atm": "현금 인출기",
        "post office": "우체국", "police": "경찰서", "townhall": "시청", "embassy": "대사관",
        "theatre": "극장", "cinema": "영화관", "stadium": "경기장", "sports centre": "스포츠 센터",
        "city": "도시", "town": "소도시", "village": "마을", "hamlet": "작은 마을", "suburb": "교외",
        "neighbourhood": "동네", "quarter": "지구", "administrative": "행정 구역", "state": "주",
        "country": "나라", "residential": "주거 지역", "house": "집", "building": "건물",
    ]
}
