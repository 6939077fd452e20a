import Foundation
import Testing
@testable import Catalog

@Suite struct UploadResponseTests {
    let policy = RetryPolicy()

    @Test func retryAfterAcceptsSecondsAndHTTPDatesWithinBounds() {
        #expect(policy.retryAfter("3") == 3)
        #expect(policy.retryAfter(" 0 ") == 0)
        #expect(policy.retryAfter("-5") == 0)
        #expect(policy.retryAfter("86400") == policy.maxRetryAfter)
        let now = Date(timeIntervalSince1970: 1_445_412_480)
        #expect(policy.retryAfter("Wed, 21 Oct 2015 07:28:10 GMT", now: now) == 10)
        #expect(policy.retryAfter("soon") == nil)
        #expect(policy.retryAfter(nil) == nil)
    }

    @Test func backoffGrowsWithJitterAndStaysBounded() {
        #expect(policy.backoff(attempt: 0, random: 0) == policy.baseDelay / 2)
        #expect(policy.backoff(attempt: 2, random: 1) == policy.baseDelay * 4)
        #expect(policy.backoff(attempt: 40, random: 1) == policy.maxDelay)
        #expect(RetryPolicy.isRetryable(status: 429) && RetryPolicy.isRetryable(status: 503))
        #expect(!RetryPolicy.isRetryable(status: 400) && !RetryPolicy.isRetryable(status: 403))
    }

    @Test(arguments: [
        (#"{"code":"INVALID_IDENTIFIER_PATH","id":"X1","message":"no"}"#, AppleError(code: "INVALID_IDENTIFIER_PATH", id: "X1", message: "no")),
        (#"{"error":{"code":"THUMBNAIL_NOT_REFERENCED","id":"S","message":"m"}}"#, AppleError(code: "THUMBNAIL_NOT_REFERENCED", id: "S", message: "m")),
        (#"{"errors":[{"code":"C","message":"m"}]}"#, AppleError(code: "C", id: nil, message: "m")),
    ])
    func errorBodiesParseTolerantly(body: String, expected: AppleError) {
        #expect(AppleError.parse(Data(body.utf8)) == expected)
    }

    @Test func rawErrorBodiesAreShownShortened() {
        #expect(AppleError.parse(Data("<html>Bad gateway</html>".utf8)) == nil)
        #expect(AppleError.parse(Data()) == nil)
        let failure = RetryingClient.failure(HTTPResponse(status: 502, body: Data("<html>\nBad gateway\n</html>".utf8)))
        #expect(failure.description.hasPrefix("HTTP 502 <html> Bad gateway </html>"))
    }

    @Test func failuresNameAppleCodeMessageIdAndAdvice() {
        let forbidden = APIFailure(status: 403, error: AppleError(code: "NOT_AUTHORIZED", id: "E1", message: "bad token"))
        #expect(forbidden.description.hasPrefix("HTTP 403 NOT_AUTHORIZED: bad token (error id E1)"))
        #expect(forbidden.description.contains("--key-id"))
        let path = APIFailure(status: 400, error: AppleError(code: "INVALID_IDENTIFIER_PATH", id: nil, message: "m"))
        #expect(path.advice.contains("Register the App ID"))
    }

    @Test func jsonReaderKeepsKeyOrderAndExactIntegers() throws {
        let text = #"{"z":1,"a":[true,null,9223372036854775806,1.5,"\u00f1\n\ud83d\ude00"],"m":{}}"#
        let value = try JSONReader.parse(Data(text.utf8))
        #expect(value.serialized() == #"{"z":1,"a":[true,null,9223372036854775806,1.5,"ñ\n😀"],"m":{}}"#)
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(Data("[1,]".utf8)) }
        #expect(throws: JSONReader.SyntaxError.self) { try JSONReader.parse(Data("{} x".utf8)) }
    }
}
