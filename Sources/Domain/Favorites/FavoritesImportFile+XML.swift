import Foundation

/// GPX waypoints and KML placemarks as import rows. What Tern's own GPX and KML exports
/// add (the place id, folders, colour, saved time, an online place's details) is read from
/// GPX `extensions` and KML `ExtendedData`, under any namespace prefix, as are OsmAnd's
/// `address` and `phone`.
extension FavoritesImportFile {
    static func gpx(_ root: XMLTree) throws -> FavoritesImportFile {
        var file = FavoritesImportFile(format: .gpx, folders: [], rows: [])
        for point in root.descendants("wpt") {
            guard let latitude = point.attributes["lat"], let longitude = point.attributes["lon"] else {
                file.withoutCoordinates.append(point.line)
                continue
            }
            let extensions = point.child("extensions")
            func extra(_ name: String) -> String? {
                extensions?.descendants(name).first.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            let folders = extensions?.descendants("folder").map(\.text) ?? []
            file.rows.append(
                try xmlRow(
                    line: point.line, name: point.text(of: "name") ?? "", latitude: latitude, longitude: longitude,
                    memo: point.text(of: "desc") ?? point.text(of: "cmt") ?? "", extra: extra,
                    folders: folders.isEmpty ? [point.text(of: "type")].compactMap { $0 } : folders,
                    link: point.child("link")?.attributes["href"]))
        }
        return file
    }

    static func kml(_ root: XMLTree) throws -> FavoritesImportFile {
        var file = FavoritesImportFile(format: .kml, folders: [], rows: [])
        func visit(_ element: XMLTree, folder: String?) throws {
            for child in element.children {
                switch child.name {
                case "Folder": try visit(child, folder: child.text(of: "name") ?? folder)
                case "Document": try visit(child, folder: folder)
                case "Placemark": try placemark(child, folder: folder, into: &file)
                default: continue
                }
            }
        }
        try visit(root, folder: nil)
        return file
    }

    static func placemark(_ placemark: XMLTree, folder: String?, into file: inout FavoritesImportFile) throws {
        let parts =
            placemark.child("Point")?.text(of: "coordinates")?.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            } ?? []
        guard parts.count >= 2 else {
            file.withoutCoordinates.append(placemark.line)
            return
        }
        var data: [String: String] = [:]
        for item in placemark.child("ExtendedData")?.children ?? [] where item.name == "Data" {
            if let key = item.attributes["name"] { data[key] = item.text(of: "value") ?? "" }
        }
        func extra(_ name: String) -> String? { data[name] ?? placemark.text(of: name) }
        let folders = data["folders"].map { $0.split(separator: "\n").map(String.init) } ?? [folder].compactMap { $0 }
        file.rows.append(
            try xmlRow(
                line: placemark.line, name: placemark.text(of: "name") ?? "", latitude: parts[1], longitude: parts[0],
                memo: placemark.text(of: "description") ?? "", extra: extra, folders: folders,
                link: data["url"]))
    }

    static func xmlRow(
        line: Int, name: String, latitude: String, longitude: String, memo: String, extra: (String) -> String?,
        folders: [String], link: String?
    ) throws -> Row {
        let folderNames = try folders.map { name in try located(at: line) { try FavoriteText.folderName(name) } }
        var row = try row(
            line: line, placeID: extra("placeID"), name: name, address: extra("address") ?? "",
            latitude: Double(latitude.trimmingCharacters(in: .whitespaces)),
            longitude: Double(longitude.trimmingCharacters(in: .whitespaces)), memo: memo, folders: folderNames,
            color: extra("color").flatMap { try? FavoriteColor.named($0) },
            savedAt: try extra("savedAt").map { try date(.string($0, line: line)) } ?? nil)
        row.details = try details(
            line: line, category: extra("category") ?? "", roadAddress: extra("roadAddress") ?? "",
            phone: extra("phone") ?? extra("phoneNumber") ?? "", url: link ?? "")
        return row
    }
}
