import Foundation

/// How long to wait between attempts, and how many to make. Apple documents no rate
/// limits (catalog-api.md B3), so the client backs off on its own: exponential with
/// jitter, so that several interrupted clients do not retry in step.
public struct RetryPolicy: Sendable {
    public var maxAttempts: Int
    public var baseDelay: TimeInterval
    public var maxDelay: TimeInterval
    /// The longest `Retry-After` honoured; a longer one is clipped rather than obeyed.
    public var maxRetryAfter: TimeInterval
    /// Status polling after 202: first wait, growth factor, longest wait, and how many polls.
    public var pollDelay: TimeInterval
    public var pollGrowth: Double
    public var maxPollDelay: TimeInterval
    public var maxPolls: Int

    public init(
        maxAttempts: Int = 6, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 30,
        maxRetryAfter: TimeInterval = 120, pollDelay: TimeInterval = 0.25, pollGrowth: Double = 1.5,
        maxPollDelay: TimeInterval = 5, maxPolls: Int = 120
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
        self.pollDelay = pollDelay
        self.pollGrowth = pollGrowth
        self.maxPollDelay = maxPollDelay
        self.maxPolls = maxPolls
    }

    /// Whether an answer with this status is worth repeating unchanged.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The wait before attempt `attempt + 1` (0-based): half fixed, half random, so the
    /// wait grows steadily but never lines up with another client's.
    public func backoff(attempt: Int, random: Double = Double.random(in: 0...1)) -> TimeInterval {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(attempt)))
        return ceiling * (0.5 + 0.5 * random)
    }

    public func pollWait(poll: Int) -> TimeInterval {
        min(maxPollDelay, pollDelay * pow(pollGrowth, Double(poll)))
    }

    /// Parses `Retry-After`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); nil when
    /// absent or unreadable. The result is clipped to `0...maxRetryAfter`.
    public func retryAfter(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text), seconds.isFinite {
            return min(max(seconds, 0), maxRetryAfter)
        }
        guard let date = Self.httpDate(text) else { return nil }
        return min(max(date.timeIntervalSince(now), 0), maxRetryAfter)
    }

    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
