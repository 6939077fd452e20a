import Foundation

/// The author's logo, accent colour and extra stylesheet (`site:` in catalog.yml),
/// copied into `assets/` and used by every page.
struct Branding: Sendable {
    /// Site-relative path of the copied logo.
    var logoPath: String?
    /// Site-relative stylesheets in the order pages load them (the author's last).
    var stylesheets: [String]
    /// The accent colour, darkened when needed so that text in it stays readable.
    var accentColor: String
    /// Files to write: site-relative path → bytes.
    var files: [(path: String, data: Data)]
    /// Content paths of the files the author's style sheets name, copied into `media/`.
    var media: Set<String> = []
    /// Content paths of the author's style sheets, published in `files` (never copied into
    /// `media/` as they are).
    var styleSheets: Set<String> = []

    static let defaultAccent = "#0a5cc2"

    static func load(_ settings: SiteSettings, contentRoot: URL, source: SourceFile) -> (Branding, [Diagnostic]) {
        var branding = Branding(logoPath: nil, stylesheets: [SiteAssets.stylesheetPath],
                                accentColor: AccentColor.readable(settings.accentColor ?? defaultAccent), files: [])
        var diagnostics: [Diagnostic] = []
        if let logo = settings.logo, let data = logoBytes(logo, at: settings.logoLocation ?? source.location(),
                                                            contentRoot: contentRoot, source: source, &diagnostics) {
            let ext = (logo as NSString).pathExtension.lowercased()
            let path = "assets/logo" + (ext.isEmpty ? "" : "." + ext)
            branding.logoPath = path
            branding.files.append((path, data))
        }
        if let stylesheet = settings.stylesheet,
           let data = read(stylesheet, "site.stylesheet", at: settings.stylesheetLocation ?? source.location(), contentRoot,
                           &diagnostics),
           let resolved = LinkPaths.resolve(stylesheet, from: "catalog.yml") {
            let sheets = AuthorStyleSheets(resolved, data: data, contentRoot: contentRoot, source: source)
            branding.stylesheets.append(SiteAssets.authorStylesheetPath)
            branding.files += sheets.files
            branding.media = sheets.media
            branding.styleSheets = sheets.sheets
            diagnostics += sheets.diagnostics
        }
        return (branding, diagnostics)
    }

    /// The logo's bytes to publish: never a file that could run script on the site (it is
    /// copied under its own extension, so `logo.html` would be a page of the site), and an
    /// SVG as `SVGSanitizer`'s copy, its diagnostics at their places in the SVG.
    private static func logoBytes(_ logo: String, at location: SourceLocation, contentRoot: URL, source: SourceFile,
                                  _ diagnostics: inout [Diagnostic]) -> Data? {
        if PublishPolicy.isActive(logo) {
            diagnostics.append(.error("link-active-file", at: location,
                                      "site.logo `\(logo)` is a type of file that can run script on the site, so it is not published; use an image in PNG, JPEG, GIF, WebP or SVG"))
            return nil
        }
        guard let data = read(logo, "site.logo", at: location, contentRoot, &diagnostics) else { return nil }
        guard SVGSanitizer.isSVG(logo), let resolved = LinkPaths.resolve(logo, from: "catalog.yml") else { return data }
        let bytes = [UInt8](data)
        let outcome = SVGSanitizer.sanitize(bytes)
        diagnostics += SVGSanitizer.diagnostics(outcome, bytes: bytes, file: source.sibling(resolved).displayPath)
        guard case .published(let copy, _, _) = outcome else { return nil }
        return Data(copy)
    }

    /// - Parameter location: where the path is written in catalog.yml.
    private static func read(_ path: String, _ key: String, at location: SourceLocation, _ contentRoot: URL,
                             _ diagnostics: inout [Diagnostic]) -> Data? {
        let broken = Diagnostic.error("link-broken", at: location,
                                      "\(key) `\(path)` is not a readable file inside content/; correct the path (relative to content/)")
        guard let resolved = LinkPaths.resolve(path, from: "catalog.yml"), LinkPaths.exists(resolved, in: contentRoot) else {
            diagnostics.append(broken)
            return nil
        }
        // Published under a name of the site's own (`assets/…`), so a hidden file (`.env`)
        // would be served there for anyone to read.
        if let hidden = PublishPolicy.hiddenComponent(resolved).map(String.init)
            ?? LinkPaths.hiddenTarget(resolved, in: contentRoot, resolvedRoot: LinkPaths.resolvedRoot(contentRoot)) {
            diagnostics.append(.error("link-hidden-file", at: location,
                                      "\(key) `\(path)` leads to `\(hidden)`, which is hidden (it starts with a dot): hidden files are never published; move the file out of the hidden folder (into `_media/`, say)"))
            return nil
        }
        guard let data = readFile(contentRoot.appendingPathComponent(resolved).path, "\(key) `\(path)`", at: location,
                                  unreadable: { _ in broken }, &diagnostics) else { return nil }
        guard !PublishPolicy.holdsPrivateKey([UInt8](data.prefix(PublishPolicy.privateKeyWindow))[...]) else {
            diagnostics.append(.error("link-private-key", at: location,
                                      "\(key) `\(path)` holds a private key (`-----BEGIN … PRIVATE KEY`), so it is not published; keep keys outside content/"))
            return nil
        }
        return data
    }

    /// A file the site publishes under a name of its own (the logo, a style sheet), read as
    /// every content file is (a regular file of at most 16 MiB), or nil with its diagnostic
    /// at `location`.
    /// - Parameters:
    ///   - what: how the messages name it (`` site.logo `logo.png` ``).
    ///   - unreadable: the diagnostic of a file that cannot be read, given why.
    static func readFile(_ absolutePath: String, _ what: String, at location: SourceLocation,
                         unreadable: (String) -> Diagnostic, _ diagnostics: inout [Diagnostic]) -> Data? {
        switch ContentFile.read(absolutePath, limit: SourceText.maximumBytes) {
        case .success(let data):
            return data
        case .failure(.notRegular(let kind)):
            diagnostics.append(.error("file-not-regular", at: location, ContentFile.notRegularMessage(what, is: kind)))
        case .failure(.tooLarge(let size)):
            diagnostics.append(.error("file-too-large", at: location,
                                      "\(what) has \(size) bytes, more than the \(SourceText.maximumBytes >> 20) MiB it may have; make it smaller"))
        case .failure(.unreadable(let reason)):
            diagnostics.append(unreadable(reason))
        }
        return nil
    }
}

/// Accent colours that keep WCAG AA contrast (4.5:1) for link text on the page's light
/// backgrounds and for white text on accent buttons.
enum AccentColor {
    /// The lightest background accent text appears on (`--surface` in the stylesheet).
    static let surface: (Double, Double, Double) = (0xf5 / 255.0, 0xf5 / 255.0, 0xf7 / 255.0)

    static func readable(_ hex: String) -> String {
        guard var rgb = parse(hex) else { return readable(Branding.defaultAccent) }
        // Mix towards black until the contrast is enough; at most 20 steps reaches black.
        for _ in 0..<20 where contrast(rgb, surface) < 4.6 {
            rgb = (rgb.0 * 0.9, rgb.1 * 0.9, rgb.2 * 0.9)
        }
        return format(rgb)
    }

    static func parse(_ hex: String) -> (Double, Double, Double)? {
        let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return (Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    static func format(_ rgb: (Double, Double, Double)) -> String {
        let parts = [rgb.0, rgb.1, rgb.2].map { Int(($0 * 255).rounded()) }
        return "#" + parts.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    static func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    private static func luminance(_ rgb: (Double, Double, Double)) -> Double {
        func channel(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(rgb.0) + 0.7152 * channel(rgb.1) + 0.0722 * channel(rgb.2)
    }
}
