/// An inclusive range of whole numbers as the Catalog API sends it: `[lower, upper]`.
///
/// An open upper bound (`9+`) is Apple's sentinel 2^63−2 (`Int.max - 1`).
public struct ClosedIntRange: Hashable, Sendable, Codable {
    public static let unboundedUpper: Int64 = 9_223_372_036_854_775_806

    public var lower: Int64
    public var upper: Int64

    public init(lower: Int64, upper: Int64) {
        self.lower = lower
        self.upper = upper
    }

    public var isUpperUnbounded: Bool { upper >= Self.unboundedUpper }
}

public struct ProgressCapability: Hashable, Sendable, Codable {
    public var kind: ProgressKind
    public var details: String

    public init(kind: ProgressKind, details: String) {
        self.kind = kind
        self.details = details
    }
}
