import Localization

/// The one way Tern writes a distance, in the CLI and the interface alike.
public enum DistanceText {
    /// `850 m`, `9.5 km` under ten kilometres, then whole kilometres: `12 km`, `1,234 km`.
    public static func describe(_ metres: Double) -> String {
        guard metres.isFinite else { return "–" }
        if metres.rounded() < 1000 { return "\(Int(max(0, metres).rounded())) m" }
        let kilometres = metres / 1000
        if (kilometres * 10).rounded() < 100 {
            return String(Int((kilometres * 10).rounded()) / 10) + "." + String(Int((kilometres * 10).rounded()) % 10)
                + " km"
        }
        return Formats.number(Int(kilometres.rounded())) + " km"
    }
}
