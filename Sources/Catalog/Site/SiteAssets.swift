/// The site's own stylesheet and search script, written to `assets/`. They live in
/// Swift strings rather than package resources so that the binary is all one needs.
enum SiteAssets {
    static let stylesheetPath = "assets/site.css"
    static let authorStylesheetPath = "assets/custom.css"
    static let scriptPath = "assets/search.js"

    static func stylesheet(accent: String) -> String {
        ":root{--accent:\(accent)}\n" + style
    }
}
