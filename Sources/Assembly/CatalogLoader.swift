import Domain
import Foundation
import PlaceCatalog
import ViewModels

/// Opens the place catalog for the interface and the benches.
public enum CatalogLoader {
    /// The shipped catalog plus imports, searched from `home` for the distance order.
    public static func load(paths: AppPaths, home: (latitude: Double, longitude: Double)) throws -> PlaceSearching {
        // The mapped image makes the catalog ready in tens of milliseconds instead of seconds.
        let catalog = try PlaceCatalog.load(
            resourcesDirectory: paths.resourcesDirectory, dataDirectory: paths.dataDirectory,
            cacheDirectory: paths.catalogCacheDirectory)
        return CatalogPlaces(catalog: catalog, home: home)
    }

    /// Changes when another process imports places (the shipped catalog does not change).
    public static func sourcesStamp(paths: AppPaths) -> String {
        PlaceCatalog.importsStamp(dataDirectory: paths.dataDirectory)
    }
}
