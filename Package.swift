// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Parsnip",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "parsnip", targets: ["ParsnipCLI"]),
        .executable(name: "parsnip-seed", targets: ["ParsnipSeed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        .target(
            name: "ParseStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's progress handler bounds each request's query time (GRDB offers no wrapper for it).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                // The PostgreSQL backend's connections: its wire protocol, TLS and LISTEN/NOTIFY.
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // SHA-256 for the checksums a copy from one store into another is checked by.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The page templates' renderer: Mustache text parsed once, rendered to bytes without reflection per lookup.
        .target(name: "PageTemplates"),
        .target(
            name: "Parsnip",
            dependencies: [
                "ParseStore",
                "PageTemplates",
                // Stored Parse Objects keep their keys in order; trash and history build them.
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // The connection guards sit in the channel pipeline, before and behind the HTTP decoder.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // A backup and an export are each one zip file; a backup's manifest holds its SHA-256.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "ParsnipCLI",
            dependencies: [
                "Parsnip",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ParsnipSeed",
            dependencies: ["ParseStore"],
            path: "Benchmarks/Seeder"
        ),
        .testTarget(
            name: "ParseStoreTests",
            dependencies: ["ParseStore"]
        ),
        .testTarget(
            name: "ParsnipTests",
            dependencies: [
                "Parsnip",
                "PageTemplates",
                // The reference Mustache renderer: every page a test renders, and every generated template, must
                // come out of PageTemplates in the same bytes.
                .product(name: "Mustache", package: "swift-mustache"),
                "ParseStore",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            // Sample files of other apps' exports, read by path by the import tests and the browser journeys.
            exclude: ["Fixtures"]
        ),
    ]
)
