import Foundation
import Testing

@testable import PlaceCatalog

/// A small extract: a café, a subway station, a convenience store, a supermarket drawn as a
/// closed way, a park drawn as a multipolygon, and things that are not places people look
/// for (a named road, an unnamed bench, a plain vertex).
let extractXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    <osm version="0.6" generator="tern tests">
     <node id="1" lat="37.5665" lon="126.978" version="1">
      <tag k="name" v="별다방"/><tag k="name:ko" v="별다방"/><tag k="name:en" v="Star Cafe"/>
      <tag k="name:ja" v="スターカフェ"/><tag k="amenity" v="cafe"/>
      <tag k="addr:city" v="서울특별시"/><tag k="addr:district" v="중구"/><tag k="addr:street" v="세종대로"/>
      <tag k="addr:housenumber" v="110"/>
     </node>
     <node id="2" lat="37.4979" lon="127.0276" version="1">
      <tag k="name" v="강남역"/><tag k="name:en" v="Gangnam"/><tag k="railway" v="station"/>
      <tag k="station" v="subway"/>
     </node>
     <node id="3" lat="37.5" lon="127.01" version="1"><tag k="name" v="GS25 명동점"/><tag k="shop" v="convenience"/></node>
     <node id="4" lat="37.51" lon="127.02" version="1"><tag k="amenity" v="bench"/></node>
     <node id="20" lat="37.6" lon="127.0" version="1"/>
     <node id="21" lat="37.6" lon="127.1" version="1"/>
     <node id="22" lat="37.5" lon="127.1" version="1"/>
     <way id="10" version="1">
      <nd ref="20"/><nd ref="21"/><nd ref="22"/><nd ref="20"/>
      <tag k="name" v="큰마트"/><tag k="shop" v="supermarket"/>
     </way>
     <way id="11" version="1"><nd ref="20"/><nd ref="21"/><tag k="name" v="세종대로"/><tag k="highway" v="primary"/></way>
     <way id="12" version="1"><nd ref="20"/><nd ref="21"/><nd ref="22"/><nd ref="20"/></way>
     <relation id="7" version="1">
      <member type="way" ref="12" role="outer"/>
      <tag k="type" v="multipolygon"/><tag k="name" v="숲공원"/><tag k="leisure" v="park"/>
     </relation>
    </osm>

    """

/// A scratch root with a shipped catalog of one city, removed by the caller.
struct ImportScratch {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tern-osm-\(UUID().uuidString)").path
    var resources: String { root + "/resources" }
    var data: String { root + "/data" }

    init() throws {
        try FileManager.default.createDirectory(atPath: resources + "/places", withIntermediateDirectories: true)
        try (CatalogFile.header + "\n" + "1\tSeoul\t서울\tKR\t\t37.566\t126.978\t10000000\t\t\n").write(
            toFile: resources + "/places/places.tsv", atomically: true, encoding: .utf8)
    }

    func write(_ text: String, _ name: String) throws -> String {
        try text.write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
        return root + "/" + name
    }

    func importFile(_ path: String) throws -> ImportSummary {
        try PlaceCatalog.importFile(path: path, resourcesDirectory: resources, dataDirectory: data)
    }

    func catalog() throws -> PlaceCatalog { try PlaceCatalog.load(resourcesDirectory: resources, dataDirectory: data) }

    /// The test extract written as XML and as PBF; returns both paths.
    func extracts() throws -> (xml: String, pbf: String) {
        let xml = try write(extractXML, "seoul.osm")
        let pbf = root + "/seoul.osm.pbf"
        try convert(xml, to: pbf)
        return (xml, pbf)
    }

    /// `osmium cat FROM -o TO`: the extract as osmium-tool's own PBF encoder writes it.
    func convert(_ from: String, to: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["osmium", "cat", from, "-o", to, "--overwrite"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "osmium cat failed")
    }
}

@Test func aPBFExtractImportsItsNamedPointsOfInterest() throws {
    let scratch = try ImportScratch()
    defer { try? FileManager.default.removeItem(atPath: scratch.root) }
    let pbf = try scratch.extracts().pbf

    #expect(try scratch.importFile(pbf) == ImportSummary(added: 5, updated: 0, totalImported: 5))
    let catalog = try scratch.catalog()
    #expect(catalog.count == 6)
    let cafe = try #require(catalog.place(id: "osm:N1"))
    #expect(cafe.name == "별다방" && cafe.koreanName == "별다방")
    #expect(cafe.alternateNames == ["Star Cafe", "スターカフェ"])
    #expect(cafe.address == "서울특별시 중구 세종대로 110")
    #expect(cafe.category == "CE7")
    #expect(catalog.search("star cafe").hits.map(\.place.placeID) == ["osm:N1"])
    #expect(catalog.place(id: "osm:N2")?.category == "SW8")
    #expect(catalog.place(id: "osm:N3")?.category == "CS2")
    // A closed way and a multipolygon are placed at their ring's centre, under their own ids.
    let mart = try #require(catalog.place(id: "osm:W10"))
    #expect(abs(mart.latitude - 37.5667) < 0.001 && abs(mart.longitude - 127.0667) < 0.001)
    #expect(mart.category == "MT1")
    #expect(catalog.place(id: "osm:R7")?.category == "AT4")
    #expect(catalog.search("세종대로").hits.isEmpty, "a road is not a place of interest")

    let near = Coordinate(latitude: 37.5, longitude: 127.0)
    let cafes = catalog.search("", category: "CE7", limit: 10, order: .distance(from: near))
    #expect(cafes.hits.map(\.place.placeID) == ["osm:N1"])
    #expect(catalog.search("강남", category: "SW8").hits.map(\.place.name) == ["강남역"])
    #expect(catalog.search("강남", category: "CE7").hits.isEmpty)
}

@Test func anXMLExtractImportsTheSamePlacesUnderTheSameIDs() throws {
    let scratch = try ImportScratch()
    defer { try? FileManager.default.removeItem(atPath: scratch.root) }
    let (xml, pbf) = try scratch.extracts()
    _ = try scratch.importFile(pbf)
    #expect(try scratch.importFile(xml) == ImportSummary(added: 0, updated: 5, totalImported: 5))
}

@Test func aTruncatedExtractIsRefusedWholeAndChangesNothing() throws {
    let scratch = try ImportScratch()
    defer { try? FileManager.default.removeItem(atPath: scratch.root) }
    let pbf = try scratch.extracts().pbf
    _ = try scratch.importFile(pbf)
    let before = try String(contentsOfFile: PlaceCatalog.importsFile(dataDirectory: scratch.data), encoding: .utf8)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: pbf))
    let cut = scratch.root + "/cut.osm.pbf"
    try bytes.prefix(bytes.count - 40).write(to: URL(fileURLWithPath: cut))
    #expect {
        try scratch.importFile(cut)
    } throws: { error in
        "\(error)".contains("osmium could not read the extract") && "\(error)".contains("PBF")
    }
    let halfXML = try scratch.write(String(extractXML.prefix(700)), "half.osm")
    #expect {
        try scratch.importFile(halfXML)
    } throws: { error in
        "\(error)".contains("line")
    }
    let after = try String(contentsOfFile: PlaceCatalog.importsFile(dataDirectory: scratch.data), encoding: .utf8)
    #expect(after == before)
}

@Test func anExtractWithoutNamedPointsOfInterestSaysSo() throws {
    let scratch = try ImportScratch()
    defer { try? FileManager.default.removeItem(atPath: scratch.root) }
    let roads = try scratch.write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6"><node id="1" lat="1" lon="2" version="1"><tag k="highway" v="crossing"/></node></osm>

        """, "roads.osm")
    #expect(throws: PlaceImporter.Rejection(line: 0, problem: "the file holds no named point of interest")) {
        try scratch.importFile(roads)
    }
}

@Test func geoJSONCollectionsAndSequencesImportTheirNamedPoints() throws {
    let scratch = try ImportScratch()
    defer { try? FileManager.default.removeItem(atPath: scratch.root) }
    let collection = try scratch.write(
        """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [126.99, 37.56]},
           "properties": {"name": "골목 식당", "amenity": "restaurant"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [127, 37.5]}, "properties": {}}
        ]}
        """, "points.geojson")
    #expect(try scratch.importFile(collection).added == 1)
    // What `osmium export -f geojsonseq` writes, record separators and all.
    let sequence = try scratch.write(
        "\u{1E}{\"type\":\"Feature\",\"id\":\"n9\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[127.1,37.4]},"
            + "\"properties\":{\"name\":\"북카페\",\"amenity\":\"cafe\"}}\n"
            + "\u{1E}{\"type\":\"Feature\",\"id\":\"n10\","
            + "\"geometry\":{\"type\":\"Point\",\"coordinates\":[127.1,37.4]},"
            + "\"properties\":{\"name\":\"Bus stop\",\"highway\":\"bus_stop\"}}\n", "points.geojsonseq")
    #expect(try scratch.importFile(sequence).added == 1)
    let catalog = try scratch.catalog()
    #expect(catalog.search("골목").hits.first?.place.category == "FD6")
    #expect(catalog.place(id: "osm:N9")?.category == "CE7")
    #expect(catalog.place(id: "osm:N10") == nil)

    let broken = try scratch.write("{\"type\":\"Feature\"}\nnot json\n", "broken.geojsonseq")
    #expect(throws: PlaceImporter.Rejection(line: 2, problem: "not a GeoJSON feature with a point, line or polygon")) {
        try scratch.importFile(broken)
    }
}
