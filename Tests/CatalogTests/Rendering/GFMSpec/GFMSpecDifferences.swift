/// The GFM spec's examples whose page body differs from cmark-gfm's HTML, by reason
/// (`GFMDifference`); an example listed under two reasons differs for both.
enum GFMSpecDifferences {
    static let byReason: [(GFMDifference, [Int])] = [
        // ATX and setext headings, in lists and quotes too (40)
        (.heading, [
            10, 29, 32, 36, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
            51, 52, 53, 54, 56, 59, 60, 61, 65, 66, 72, 73, 85, 111, 183, 184,
            197, 206, 207, 208, 210, 278, 667, 668,
        ]),
        // the table extension's examples (7)
        (.table, [
            198, 199, 200, 201, 202, 204, 205,
        ]),
        // every image (22)
        (.image, [
            525, 528, 539, 580, 581, 582, 583, 584, 585, 586, 587, 588, 589, 590, 591, 592,
            593, 594, 595, 596, 597, 599,
        ]),
        // relative links and images, in Markdown or HTML (files the test makes, copied under media/) (34)
        (.media, [
            129, 132, 156, 163, 164, 172, 173, 317, 354, 484, 485, 486, 501, 504, 505, 506,
            507, 508, 510, 511, 512, 525, 528, 530, 539, 581, 584, 585, 586, 588, 650, 651,
            663, 664,
        ]),
        // HTML that the allowlist changes: elements and attributes removed, writers' ids dropped (tags cmark leaves raw) (60)
        (.rawHTML, [
            118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 130, 133, 134, 135, 139,
            140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 156, 159,
            160, 170, 288, 289, 317, 354, 484, 485, 486, 500, 503, 532, 544, 632, 633, 634,
            635, 636, 642, 644, 647, 648, 649, 650, 651, 653, 663, 664,
        ]),
        // fenced code in a language the site colours (`ruby`) (2)
        (.highlighted, [
            112, 113,
        ]),
    ]

    static let table: [Int: Set<GFMDifference>] = byReason.reduce(into: [:]) { table, entry in
        for number in entry.1 { table[number, default: []].insert(entry.0) }
    }
}
