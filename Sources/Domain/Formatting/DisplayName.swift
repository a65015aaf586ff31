import Localization

/// How a person's name is shown, the same in the interface and on the command line.
public enum DisplayName {
    /// Shown where a profile has no display name yet.
    public static var placeholder: String { tr(.profileNoDisplayName) }

    /// `name`, or the placeholder when it is empty.
    public static func shown(_ name: String) -> String { name.isEmpty ? placeholder : name }
}
