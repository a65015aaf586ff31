// Domain's callers see the catalog's types (Place, Coordinate, search results) through it,
// so there is one Coordinate in the whole program.
@_exported import PlaceCatalog
