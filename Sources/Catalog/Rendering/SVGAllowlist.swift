/// What a published SVG keeps (`SVGSanitizer`): the drawing's elements and attributes,
/// never script, HTML, or anything that loads from elsewhere. Based on DOMPurify's SVG
/// profile (cure53/DOMPurify `src/tags.ts`, `src/attrs.ts`), with `use` and `animate`/`set`
/// kept where they can only point inside the file, and SVG 2's newer presentation attributes.
/// docs/HTML-ALLOWLIST.md lists the same, for readers.
enum SVGAllowlist {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// Elements kept, by their SVG names (case matters in XML: `<linearGradient>`).
    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "switch", "a", "title", "desc", "view", "style",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath", "tref", "altGlyph", "altGlyphDef", "altGlyphItem", "glyphRef",
        "font", "glyph", "hkern", "vkern",
        "image", "marker", "mask", "clipPath", "pattern", "linearGradient", "radialGradient", "stop",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
        "feTurbulence",
        "animate", "set", "animateColor", "animateMotion", "animateTransform", "mpath",
    ]

    /// Elements removed with what they hold, and reported: what runs script or holds HTML.
    static let reportedElements: Set<String> = ["script", "foreignObject", "handler", "listener"]

    /// Attributes kept (without a namespace), compared lowercased; `href` and the values
    /// that can hold a URL are judged again (`hrefVerdict`, `cssVerdict`).
    static let attributes: Set<String> = [
        "accent-height", "accumulate", "additive", "alignment-baseline", "amplitude", "arabic-form", "ascent",
        "attributename", "attributetype", "azimuth", "basefrequency", "baseline-shift", "baseprofile", "begin",
        "bias", "by", "calcmode", "class", "clip", "clip-path", "clip-rule", "clippathunits", "color",
        "color-interpolation", "color-interpolation-filters", "color-rendering", "cx", "cy", "d", "descent",
        "diffuseconstant", "direction", "display", "divisor", "dominant-baseline", "dur", "dx", "dy", "edgemode",
        "elevation", "enable-background", "end", "exponent", "fill", "fill-opacity", "fill-rule", "filter",
        "filterunits", "filterres", "flood-color", "flood-opacity", "font-family", "font-size", "font-size-adjust",
        "font-stretch", "font-style", "font-variant", "font-weight", "fr", "from", "fx", "fy", "g1", "g2",
        "glyph-name", "glyph-orientation-horizontal", "glyph-orientation-vertical", "glyphref",
        "gradienttransform", "gradientunits", "hanging", "height", "horiz-adv-x", "horiz-origin-x", "href", "id",
        "ideographic", "image-rendering", "in", "in2", "intercept", "isolation", "k", "k1", "k2", "k3", "k4",
        "kernelmatrix", "kernelunitlength", "kerning", "keypoints", "keysplines", "keytimes", "lang",
        "lengthadjust", "letter-spacing", "lighting-color", "limitingconeangle", "local", "marker-end",
        "marker-mid", "marker-start", "markerheight", "markerunits", "markerwidth", "mask", "mask-type",
        "maskcontentunits", "maskunits", "mathematical", "max", "media", "method", "min", "mix-blend-mode",
        "mode", "name", "numoctaves", "offset", "opacity", "operator", "order", "orient", "orientation",
        "origin", "overflow", "overline-position", "overline-thickness", "paint-order", "panose-1", "path",
        "pathlength", "patterncontentunits", "patterntransform", "patternunits", "pointer-events", "points",
        "pointsatx", "pointsaty", "pointsatz", "preservealpha", "preserveaspectratio", "primitiveunits", "r",
        "radius", "refx", "refy", "repeatcount", "repeatdur", "requiredfeatures", "restart", "result", "role",
        "rotate", "rx", "ry", "scale", "seed", "shape-rendering", "slope", "spacing", "specularconstant",
        "specularexponent", "spreadmethod", "startoffset", "stddeviation", "stemh", "stemv", "stitchtiles",
        "stop-color", "stop-opacity", "strikethrough-position", "strikethrough-thickness", "stroke",
        "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit",
        "stroke-opacity", "stroke-width", "style", "surfacescale", "systemlanguage", "tablevalues", "targetx",
        "targety", "text-anchor", "text-decoration", "text-rendering", "textlength", "to", "transform",
        "transform-box", "transform-origin", "type", "u1", "u2", "underline-position", "underline-thickness",
        "unicode", "unicode-bidi", "unicode-range", "units-per-em", "values", "vector-effect", "version",
        "vert-adv-y", "vert-origin-x", "vert-origin-y", "viewbox", "visibility", "white-space", "width",
        "widths", "word-spacing", "writing-mode", "x", "x-height", "x1", "x2", "xchannelselector", "y", "y1",
        "y2", "ychannelselector", "z", "zoomandpan",
    ]

    /// The attributes written in camel case, by their lowercased names: XML is case-sensitive,
    /// so `viewbox` is not `viewBox` to a browser, and is left out as any unknown name is.
    static let camelCase: [String: String] = Dictionary(uniqueKeysWithValues: [
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterRes", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
        "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
        "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
        "numOctaves", "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
        "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY",
        "repeatCount", "repeatDur", "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod",
        "startOffset", "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX",
        "targetY", "textLength", "viewBox", "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { ($0.lowercased(), $0) })

    /// Whether an attribute without a namespace is kept (ARIA's too), before its value is
    /// judged: a name of the list, written as browsers read it.
    static func keeps(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.hasPrefix("aria-") { return name == lowered }
        return attributes.contains(lowered) && name == (camelCase[lowered] ?? lowered)
    }

    /// What an `href` (or `xlink:href`) may point at, by element: a place in the same file
    /// everywhere; a web page from a link; a picture carried in the file from an image.
    enum HrefVerdict: Equatable {
        case kept
        /// Why it is removed, for the message.
        case removed(String)
    }

    static func hrefVerdict(_ value: String, on element: String) -> HrefVerdict {
        let trimmed = LinkPolicy.cleaned(value)
        if trimmed.hasPrefix("#") { return .kept }
        let lowered = trimmed.lowercased()
        if element == "a" {
            if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") || lowered.hasPrefix("mailto:") { return .kept }
            if let scheme = LinkPolicy.scheme(of: lowered) {
                return .removed("a `\(scheme):` link can run script or open what a reader's browser cannot")
            }
            return .removed("`\(trimmed)` is a file beside the SVG, which is not published with it; link to the full address (https://…), or put the link on the page")
        }
        if element == "image" || element == "feImage" {
            let raster = ["data:image/png", "data:image/jpeg", "data:image/jpg", "data:image/gif", "data:image/webp"]
            if raster.contains(where: { lowered.hasPrefix($0 + ";") || lowered.hasPrefix($0 + ",") }) { return .kept }
            if lowered.hasPrefix("data:") {
                return .removed("only PNG, JPEG, GIF and WebP pictures carried in the file (data:image/png;base64,…) are kept")
            }
            return .removed("`\(trimmed.prefix(80))` is a picture from elsewhere, which an SVG shown as an image never loads and which is not published with it; embed the picture in the SVG (most editors: Embed, not Link)")
        }
        return .removed("`<\(element)>` may only point at a place in the same file (`#id`), and `\(trimmed.prefix(80))` points elsewhere")
    }

    /// Whether CSS (a `style` attribute, a `<style>` element, or a presentation attribute
    /// such as `fill="url(#g)"`) stays inside the file: nil when it does, else why not.
    /// `url(…)` must name a place in the file (`#id`); `@import`, `image-set()` and the like
    /// load from elsewhere; a backslash could spell any of them in CSS escapes
    /// (`\75 rl(`), and old browsers' `expression()`, `behavior` and `-moz-binding` ran script.
    static func cssProblem(_ css: String) -> String? {
        let lowered = css.lowercased()
        if lowered.contains("\\") { return "its CSS holds a backslash escape, which could spell anything" }
        for word in ["@import", "image-set(", "image(", "src(", "cross-fade(", "element(", "expression(",
                     "behavior", "-moz-binding", "javascript:"] where lowered.contains(word) {
            return "its CSS uses `\(word)`, which loads from elsewhere or runs script"
        }
        var rest = lowered[...]
        while let found = rest.range(of: "url(") {
            let argument = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\"" || $0 == "'" }
            guard argument.first == "#" else {
                return "its CSS loads `url(\(argument.prefix { $0 != ")" }.prefix(60)))` from elsewhere; only `url(#id)` is kept"
            }
            rest = argument
        }
        return nil
    }
}
