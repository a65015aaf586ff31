import Domain

extension WriteRefusal {
    /// What a toast says of a failed write: the refusal, else (and for a refusal by the
    /// data, which the error names) the error's own line.
    public static func reason(for error: Error) -> String {
        guard let refusal = of(error), refusal != .refusedByData else { return ErrorText.describe(error) }
        return refusal.description
    }
}
