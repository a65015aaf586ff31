import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// The files people have (issue 27): Google Takeout's saved places, GPX waypoints and KML
/// placemarks; entries without coordinates are reported and skipped, never half-imported.
@Suite struct OtherFormatsTests {
    static let takeout = """
        {
          "type": "FeatureCollection",
          "features": [
            {
              "geometry": {"coordinates": [126.9769, 37.5796], "type": "Point"},
              "properties": {
                "date": "2023-04-01T09:30:00Z",
                "google_maps_url": "http://maps.google.com/?cid=1234",
                "location": {"address": "161 Sajik-ro, Jongno District, Seoul", "country_code": "KR", "name": "경복궁"}
              },
              "type": "Feature"
            },
            {
              "geometry": {"coordinates": [0, 0], "type": "Point"},
              "properties": {
                "date": "2022-01-01T00:00:00Z",
                "google_maps_url": "http://maps.google.com/?q=somewhere",
                "Comment": "No location information is available for this saved place"
              },
              "type": "Feature"
            }
          ]
        }
        """

    @Test func googleTakeoutSavedPlacesImportTheirNameAndAddressAndSkipThoseWithoutALocation() throws {
        let file = try FavoritesImportFile.read(Self.takeout)
        #expect(file.rows.map(\.name) == ["경복궁"])
        #expect(file.rows.first?.address == "161 Sajik-ro, Jongno District, Seoul")
        #expect(file.rows.first?.coordinate == Coordinate(latitude: 37.5796, longitude: 126.9769))
        #expect(file.rows.first?.details.url == "http://maps.google.com/?cid=1234")
        #expect(file.withoutCoordinates == [13])
    }

    static let osmand = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <gpx version="1.1" creator="OsmAnd Maps" \
        xmlns="http://www.topografix.com/GPX/1/1" xmlns:osmand="https://osmand.net">
          <wpt lat="37.5512" lon="126.9882">
            <name>N Seoul Tower &amp; park</name>
            <desc>view at night</desc>
            <type>Seoul trip</type>
            <extensions>
              <osmand:address>105 Namsangongwon-gil</osmand:address>
              <osmand:color>#b4eecc22</osmand:color>
              <osmand:icon>special_star</osmand:icon>
            </extensions>
          </wpt>
          <wpt>
            <name>No position</name>
          </wpt>
          <!-- a comment -->
          <wpt lat="35.1587" lon="129.1604"><name><![CDATA[Haeundae <beach>]]></name></wpt>
        </gpx>
        """

    @Test func gpxWaypointsImportWithTheirExtensionsAndFolder() throws {
        let file = try FavoritesImportFile.read(Self.osmand)
        #expect(file.format == .gpx)
        #expect(file.rows.map(\.name) == ["N Seoul Tower & park", "Haeundae <beach>"])
        #expect(file.rows[0].address == "105 Namsangongwon-gil" && file.rows[0].memo == "view at night")
        #expect(file.rows[0].folders == ["Seoul trip"] && file.rows[1].folders == [])
        #expect(file.withoutCoordinates == [13])
    }

    static let myMaps = """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2">
          <Document>
            <name>Busan food</name>
            <Folder>
              <name>Noodles</name>
              <Placemark>
                <name>Milmyeon house</name>
                <description><![CDATA[cold noodles<br>open 10-21]]></description>
                <ExtendedData><Data name="address"><value>Busan Jung-gu</value></Data></ExtendedData>
                <Point><coordinates>
                  129.0322,35.1018,0
                </coordinates></Point>
              </Placemark>
              <Placemark>
                <name>Walk</name>
                <LineString><coordinates>129.0,35.1,0 129.1,35.2,0</coordinates></LineString>
              </Placemark>
            </Folder>
          </Document>
        </kml>
        """

    @Test func kmlPlacemarksImportInTheirFoldersAndLinesAreSkipped() throws {
        let file = try FavoritesImportFile.read(Self.myMaps)
        #expect(file.format == .kml)
        #expect(file.rows.map(\.name) == ["Milmyeon house"])
        #expect(file.rows[0].folders == ["Noodles"] && file.rows[0].address == "Busan Jung-gu")
        #expect(file.rows[0].coordinate == Coordinate(latitude: 35.1018, longitude: 129.0322))
        #expect(file.withoutCoordinates == [15])
    }

    @Test(arguments: [FavoritesFormat.gpx, .kml])
    func gpxAndKMLExportsImportBackToTheSameFile(format: FavoritesFormat) throws {
        let (services, session) = try BackupFidelityTests().filledAccount()
        let first = try BackupFidelityTests().export(services, session, format)
        let fresh = try ServiceFixture().open()
        let newcomer = try fresh.registered("restored@example.com")
        let report = try fresh.favorites.importFavorites(
            try FavoritesImportFile.read(first), into: nil, session: newcomer)
        #expect(report.added == 4)
        #expect(try BackupFidelityTests().export(fresh, newcomer, format) == first)
        #expect(first.contains("삼일대로12길") && first.contains("first&#10;second"))
    }

    @Test func xmlThatWouldExpandEntitiesOrNestsTooDeeplyIsRefused() {
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">]>\n<gpx>&lol;</gpx>"
        #expect(throws: FavoritesError.self) { _ = try FavoritesImportFile.read(laughs) }
        let deep =
            "<gpx>\n" + String(repeating: "<a>", count: 50_000) + String(repeating: "</a>", count: 50_000) + "</gpx>"
        #expect {
            _ = try FavoritesImportFile.read(deep)
        } throws: { error in
            guard case FavoritesError.badImportRow(2, let reason) = error else { return false }
            return reason.contains("nested too deeply")
        }
    }
}
