import Foundation
import Testing
@testable import Catalog

@Suite struct UploadQueryEncodingTests {
    @Test func applesIdentifierPathExamplesEncodeExactly() {
        #expect(QueryEncoding.identifierPath(["com.apple.www.Quizzer", "Quiz Catalog"])
            == "%5B%22com.apple.www.Quizzer%22%2C%22Quiz%20Catalog%22%5D")
        #expect(QueryEncoding.identifierPath(["com.apple.example.app"]) == "%5B%22com.apple.example.app%22%5D")
    }

    @Test(arguments: [
        ["com.example", "a \"quoted\" name"], ["com.example", "back\\slash", "a/b & c=d+e"], ["com.example", "niño ü 日本"],
    ])
    func identifierPathRoundTripsThroughJSON(_ path: [String]) throws {
        let encoded = QueryEncoding.identifierPath(path)
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
        #expect(encoded.unicodeScalars.allSatisfy(allowed.contains))
        let json = try #require(encoded.removingPercentEncoding)
        #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == path)
        #expect(!json.contains(" ,") && !json.contains(", "))
    }

    @Test func deleteURLCarriesEnvironmentPathAndLocale() {
        let endpoint = CatalogEndpoint(baseURL: URL(string: "https://classkit-catalog.apple.com")!, environment: .development)
        let url = endpoint.url("contexts", query: [
            endpoint.environmentQuery, ("identifierPath", QueryEncoding.identifierPath(["com.apple.www.Quizzer", "Quiz Catalog"])),
            ("locale", "en-us"),
        ])
        #expect(url.absoluteString == "https://classkit-catalog.apple.com/v1/contexts?environment=development"
            + "&identifierPath=%5B%22com.apple.www.Quizzer%22%2C%22Quiz%20Catalog%22%5D&locale=en-us")
    }

    @Test func statusLocationWithoutSchemeResolvesAgainstTheBaseURL() {
        let endpoint = CatalogEndpoint(baseURL: URL(string: "http://127.0.0.1:8080/")!, environment: .production)
        #expect(endpoint.statusURL(location: "classkit-catalog.apple.com/v1/status/KGW7S5VLDDOQSYSE7DKGYBGXUU")?.absoluteString
            == "http://127.0.0.1:8080/v1/status/KGW7S5VLDDOQSYSE7DKGYBGXUU")
        #expect(endpoint.statusURL(location: "https://x.example/v1/status/ABC")?.absoluteString == "http://127.0.0.1:8080/v1/status/ABC")
        #expect(endpoint.statusURL(location: "") == nil)
    }
}
