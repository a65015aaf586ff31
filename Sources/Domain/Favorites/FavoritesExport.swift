import Foundation
import PlaceCatalog

/// Writes favorites (one folder's, in its kept order, or all, newest first) as CSV, JSON,
/// GeoJSON, GPX or KML. JSON is encoded with the caller's encoder, so it matches its other output.
public enum FavoritesExport {
    /// Newest first by the saved time as the file writes it (to the millisecond), the id
    /// breaking ties, so that a file imported and exported again lists its places in the
    /// same order even when two were saved within one millisecond.
    static func newestAsWritten(_ favorites: [FavoritePlace]) -> [FavoritePlace] {
        favorites.map { (TernTime.iso8601($0.savedAt), $0) }
            .sorted { $0.0 == $1.0 ? $0.1.placeID > $1.1.placeID : $0.0 > $1.0 }.map(\.1)
    }

    public static func text(
        _ snapshot: FavoritesSnapshot, folder: FavoriteFolder?, format: FavoritesFormat,
        home: Coordinate, encoder: JSONEncoder
    ) throws -> String {
        let places = folder.map { snapshot.places(in: $0, home: home) } ?? newestAsWritten(snapshot.favorites)
        let folders = folder.map { [$0] } ?? snapshot.folders
        switch format {
        case .csv:
            return CSVText.line(FavoritesFormat.csvHeader)
                + places.map { favorite in
                    CSVText.line([
                        CSVText.guarded(favorite.placeName), CSVText.guarded(favorite.address),
                        number(favorite.coordinate.latitude), number(favorite.coordinate.longitude),
                        CSVText.guarded(favorite.memo), CSVText.guarded(link(of: favorite)),
                        CSVText.guarded(favorite.category ?? ""), CSVText.guarded(favorite.roadAddress ?? ""),
                        CSVText.guarded(favorite.phone ?? ""),
                    ])
                }.joined()
        case .json:
            let document = JSONDocument(
                folders: folders.map { FolderJSON($0, count: snapshot.count(in: $0)) },
                favorites: places.map { FavoriteJSON($0, folderNames: names(of: $0, in: snapshot, keeping: folders)) })
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        case .geojson:
            let collection = FeatureCollection(
                features: places.map { favorite in
                    Feature(
                        geometry: Point(coordinates: [favorite.coordinate.longitude, favorite.coordinate.latitude]),
                        properties: FeatureProperties(
                            favorite, folders: names(of: favorite, in: snapshot, keeping: folders)))
                })
            return String(decoding: try encoder.encode(collection), as: UTF8.self) + "\n"
        case .gpx: return gpx(places) { names(of: $0, in: snapshot, keeping: folders) }
        case .kml: return kml(places) { names(of: $0, in: snapshot, keeping: folders) }
        }
    }

    /// The names of a favorite's folders among those exported.
    static func names(of favorite: FavoritePlace, in snapshot: FavoritesSnapshot, keeping folders: [FavoriteFolder])
        -> [String]
    {
        folders.filter { favorite.folders.contains($0.id) }.map(\.name)
    }

    /// The place's own web page when it has one, else the page its id names.
    static func link(of favorite: FavoritePlace) -> String {
        favorite.url ?? PlaceLink.url(forPlaceID: favorite.placeID)
    }

    /// A coordinate as the shortest text that reads back to the same number.
    static func number(_ value: Double) -> String {
        "\(value)"
    }

    struct JSONDocument: Encodable {
        var folders: [FolderJSON]
        var favorites: [FavoriteJSON]
    }

    struct FeatureCollection: Encodable {
        var type = "FeatureCollection"
        var features: [Feature]
    }

    struct Feature: Encodable {
        var type = "Feature"
        var geometry: Point
        var properties: FeatureProperties
    }

    struct Point: Encodable {
        var type = "Point"
        /// Longitude first, as GeoJSON wants.
        var coordinates: [Double]
    }

    /// The CSV's columns, plus what a round trip needs (id, folders, colour, saved time, an
    /// online place's details).
    struct FeatureProperties: Encodable {
        var Name: String
        var Address: String
        var Latitude: Double
        var Longitude: Double
        var Description: String
        var URL: String
        var placeID: String
        var folders: [String]
        var color: String?
        var savedAt: Date
        var category: String?
        var roadAddress: String?
        var phone: String?
        var url: String?

        init(_ favorite: FavoritePlace, folders: [String]) {
            Name = favorite.placeName
            Address = favorite.address
            Latitude = favorite.coordinate.latitude
            Longitude = favorite.coordinate.longitude
            Description = favorite.memo
            URL = PlaceLink.url(forPlaceID: favorite.placeID)
            placeID = favorite.placeID
            self.folders = folders
            color = favorite.color?.rawValue
            savedAt = favorite.savedAt
            category = favorite.category
            roadAddress = favorite.roadAddress
            phone = favorite.phone
            url = favorite.url
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Name, forKey: .Name)
            try container.encode(Address, forKey: .Address)
            try container.encode(Latitude, forKey: .Latitude)
            try container.encode(Longitude, forKey: .Longitude)
            try container.encode(Description, forKey: .Description)
            try container.encode(URL, forKey: .URL)
            try container.encode(placeID, forKey: .placeID)
            try container.encode(folders, forKey: .folders)
            try container.encode(color, forKey: .color)
            try container.encode(savedAt, forKey: .savedAt)
            try container.encodeIfPresent(category, forKey: .category)
            try container.encodeIfPresent(roadAddress, forKey: .roadAddress)
            try container.encodeIfPresent(phone, forKey: .phone)
            try container.encodeIfPresent(url, forKey: .url)
        }

        enum CodingKeys: String, CodingKey {
            case Name, Address, Latitude, Longitude, Description, URL, placeID, folders, color, savedAt
            case category, roadAddress, phone, url
        }
    }
}
