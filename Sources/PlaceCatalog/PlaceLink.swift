import Foundation

/// Where a place can be seen elsewhere, for the interface's "open elsewhere" key and
/// `tern places show ID --url`: its provider's page (Kakao's) when it has one, else
/// OpenStreetMap's map at its coordinates.
public enum PlaceLink {
    public static func url(page: String?, latitude: Double, longitude: Double) -> String {
        if let page, page.hasPrefix("https://") || page.hasPrefix("http://") { return page }
        let latitude = String(format: "%.6f", latitude)
        let longitude = String(format: "%.6f", longitude)
        return "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=16/\(latitude)/\(longitude)"
    }
}
