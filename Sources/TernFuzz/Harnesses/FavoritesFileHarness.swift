import Domain
import PlainText

/// Favorites files in every format read by `favorites import` (CSV, JSON, GeoJSON and
/// Takeout, GPX, KML): any bytes are read or refused, never crash, and an accepted row
/// keeps the limits of every other write.
enum FavoritesFileHarness {
    static let harness = FuzzHarness(
        name: "favorites-file",
        textSeeds: [
            "Name,Address,Latitude,Longitude,Description,URL\r\n=A,,37.5,127,\"m\r\nn\",\r\n",
            "{\"favorites\": [{\"placeName\": \"A\", \"coordinate\": {\"latitude\": 1, \"longitude\": 2}}]}",
            "{\"type\": \"FeatureCollection\", \"features\": [{\"geometry\": {\"coordinates\": [127, 37.5]},"
                + " \"properties\": {\"location\": {\"name\": \"A\"}, \"google_maps_url\": \"http://x\"}}]}",
            "<gpx><wpt lat=\"37.5\" lon=\"127\"><name>A &amp; B</name><extensions><x:address>S</x:address>"
                + "</extensions></wpt></gpx>",
            "<kml><Document><Folder><name>F</name><Placemark><name>A</name><Point><coordinates>127,37.5"
                + "</coordinates></Point></Placemark></Folder></Document></kml>",
        ],
        tokens: hostileText + [
            "<", ">", "</", "/>", "&", ";", "&#x1F;", "<![CDATA[", "]]>", "<!--", "{", "}", "[", "]", "\"", ",", ":",
            "\r\n", "<wpt", "<Placemark>", "<Folder>",
        ]
    ) { bytes in
        guard let file = try? FavoritesImportFile.read(String(decoding: bytes, as: UTF8.self)) else { return }
        for row in file.rows {
            try require(
                row.name.count <= 200 && row.address.count <= 300 && row.memo.count <= 200, "a row over a limit")
            try require(SafeText.firstUnsafe(in: row.name) == nil, "an imported name holds an unsafe character")
            try require(row.details.url.map { $0.hasPrefix("http") } ?? true, "a link that is not http")
        }
    }
}
