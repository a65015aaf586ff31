import Foundation
import PlainText

@testable import PlaceCatalog

/// What an accepted import holds: no unsafe character and no name over the bound in any
/// text column, coordinates in range.
func checkImported(_ places: [Place]) throws {
    for place in places {
        for text in place.allNames + [place.countryName, place.regionName ?? "", place.address, place.timeZone] {
            try require(SafeText.firstUnsafe(in: text) == nil, "an imported column holds an unsafe character")
            try require(
                text.count <= PlaceImporter.maxNameLength || text == place.address,
                "an imported column of \(text.count) characters")
        }
        try require(
            (-90...90).contains(place.latitude) && (-180...180).contains(place.longitude), "a coordinate out of range")
    }
}

/// CSV files as people export them: quoting, odd headers, any bytes.
enum CSVImportHarness {
    static let harness = FuzzHarness(
        name: "csv-import",
        textSeeds: [
            "name,latitude,longitude,address\nCafé \"Tern\",37.5,127.0,\"Mapo-gu, Seoul\"\n",
            "longitude,name,latitude\n127.0,서울,37.5\n\"A, \"\"B\"\"\",1,2\n",
            "\u{FEFF}name,latitude,longitude\r\nA,1,2\r\n",
        ],
        tokens: hostileText + [",", "\"", "\"\"", "\n", "-90", "180.0", "1e308", "nan", "name", "latitude"]
    ) { bytes in
        guard let places = try? PlaceImporter.parse(Data(bytes)) else { return }
        try checkImported(places)
    }
}

/// GeoNames dumps: 19 tab-separated columns, any bytes in each.
enum GeoNamesImportHarness {
    static let row = [
        "1835848", "Seoul", "Seoul", "Seul,경성,서울,서울특별시,Séoul", "37.566", "126.9784", "P", "PPLC", "KR", "",
        "11", "", "", "", "10349312", "", "38", "Asia/Seoul", "2024-01-01",
    ].joined(separator: "\t")
    static let harness = FuzzHarness(
        name: "geonames-import",
        textSeeds: [row + "\n", row + "\n" + row.replacingOccurrences(of: "1835848", with: "1838524") + "\n"],
        tokens: hostileText + ["\t", ",", "KR", "11", "-1", "99999999999999999999"]
    ) { bytes in
        guard
            let places = try? PlaceImporter.parse(
                Data(bytes), countries: ["KR": "South Korea"],
                regions: ["KR.11": "Seoul"])
        else { return }
        try checkImported(places)
    }
}
