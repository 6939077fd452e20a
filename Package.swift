// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "catalog-build",
    // macOS 13, the oldest that every dependency allows (jwt-kit 5 asks for 13; the others
    // for less). `serve`'s HTTP server is our own on SwiftNIO (Serve/PreviewHTTPServer.swift)
    // rather than Hummingbird 2, which asks for macOS 14. The lock is Support/Locked.swift,
    // not Synchronization's Mutex of macOS 15; what macOS 15 adds is used only where present
    // (Platform/OlderMacOS.swift, and `serveTask` in Serve/PreviewHTTPServer.swift).
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "catalog-build", targets: ["catalog-build"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        // For apps: reads the exported JSON tree and makes ClassKit contexts (Foundation only).
        .library(name: "CatalogRuntime", targets: ["CatalogRuntime"]),
        // `swift package catalog-build build|export|validate` in a package that depends on this one.
        .plugin(name: "CatalogBuildPlugin", targets: ["CatalogBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        // C at the edges: system libraries found through pkg-config (Debian's packages, or
        // Homebrew's formulas, whose .pc files have the same names).
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark-gfm",
            providers: [.brew(["cmark-gfm"]), .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // An HTML5 parser for the sanitizer of raw HTML in bodies (Rendering/HTMLFragmentParser).
        .systemLibrary(
            name: "CGumbo", pkgConfig: "gumbo",
            providers: [.brew(["gumbo-parser"]), .apt(["libgumbo-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.brew(["libpng"]), .apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.brew(["jpeg-turbo"]), .apt(["libjpeg-dev"])]),
        // libjpeg reports errors through longjmp: decode/encode live in C and return a status.
        .target(name: "CImageCodec", dependencies: ["CPNG", "CJPEG"],
                // png_fast.c inflates PNG data with zlib itself (libpng links it too).
                linkerSettings: [.linkedLibrary("z")]),
        // System calls that Swift's Glibc module does not export (renameat2; renamex_np on
        // Darwin): part of the platform layer with Sources/Catalog/Platform. Named apart from
        // swift-system's own CSystem target (a common dependency of packages); its folder stays.
        .target(name: "CCatalogSystem", path: "Sources/CSystem"),
        // cmark-gfm keeps its special inline characters in one process-wide table that every
        // parser empties when it finishes; this replaces the library's function that does it
        // (see cmark_shim.c); and the body checks' parses skip the inlines of blocks that
        // cannot hold a link (cmark_links_only.c). No linker flag is needed: ELF linkers put
        // an executable's definition of a symbol that a linked shared library also defines
        // into its dynamic symbol table, so the library's calls bind to it (checked at run
        // time; where they do not, as under Darwin's two-level namespace, parsers are
        // serialized and every inline is parsed). Also a per-thread arena (cmark_arena.c).
        .target(
            name: "CCmarkShim",
            dependencies: ["CCmark"],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "Catalog",
            dependencies: [
                "CCmark", "CCmarkShim", "CGumbo", "CImageCodec", "CCatalogSystem",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // On Linux the two executables run on mimalloc (Debian's libmimalloc-dev) instead of
        // glibc's malloc: a build allocates and frees hundreds of small blocks a page on
        // several threads, and glibc's per-thread cache of 7 blocks a size sent most of them
        // through its arenas' bins (15.7% of a 10k build's CPU). Linking the library puts it
        // before libc in the process's symbol lookup, so every malloc and free (Swift's
        // runtime, Foundation, cmark-gfm, gumbo) is mimalloc's: 10-20% less CPU, the same
        // output byte for byte (bench/scale/README.md). The libraries (Catalog) link nothing:
        // an app or a test that uses them keeps its own allocator. `build --timings` names
        // the allocator the process runs with (Sources/catalog-build/Allocator.swift).
        .executableTarget(
            name: "catalog-build",
            dependencies: [
                "Catalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]),
        .target(name: "CatalogRuntime"),
        .plugin(
            name: "CatalogBuildPlugin",
            capability: .command(
                intent: .custom(verb: "catalog-build",
                                description: "Builds, exports or validates the ClassKit catalog in this package's folder"),
                permissions: [.writeToPackageDirectory(reason: "catalog-build writes the site, the export and its cache in the package's folder")]),
            dependencies: ["catalog-build"]),
        // Benchmark driver for bench/thumbnails/run.sh: the thumbnails stage alone.
        .executableTarget(name: "thumbnail-bench", dependencies: ["Catalog"],
                          linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]),
        .testTarget(
            name: "CatalogTests",
            dependencies: [
                "Catalog",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Snapshots"]),
        .testTarget(name: "CatalogRuntimeTests", dependencies: ["CatalogRuntime", "Catalog"]),
    ]
)
