import Domain
import Testing

/// The CLI (`tern places search --near`) and the Places screen write distances with this.
@Test(
    arguments: [
        (0.4, "0 m"), (849.6, "850 m"), (999.4, "999 m"), (999.6, "1.0 km"), (9_449, "9.4 km"), (9_951, "10 km"),
        (12_345, "12 km"), (1_234_499, "1,234 km"), (20_015_086, "20,015 km"),
    ] as [(Double, String)])
func distancesAreWrittenOneWay(metres: Double, text: String) {
    #expect(DistanceText.describe(metres) == text)
}
