import Foundation
import NIOCore
import XCTest

@testable import Parsnip

/// A multipart form is read the same however its body is cut into pieces: fields into memory, files onto disk;
/// a malformed or oversized body is refused and leaves no file behind.
final class MultipartReaderTests: XCTestCase {
    private let boundary = "----ParsnipBoundary7MA4YWxk"

    private func body(file: [UInt8]) -> [UInt8] {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\ntoken123\r\n"
        text += "--\(boundary)\r\nContent-Disposition: form-data; name=\"existing\"\r\n\r\nskip\r\n"
        text +=
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"C:\\\\Users\\\\ana\\\\Book.json\"\r\n"
        text += "Content-Type: application/json\r\n\r\n"
        return Array(text.utf8) + file + Array("\r\n--\(boundary)--\r\n".utf8)
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("multipart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func testEverySplitOfTheBodyGivesTheSameFieldsAndFileBytes() throws {
        // File bytes that look like a boundary's start, CRLFs and dashes, to tempt the reader.
        let file = Array("[{\"a\":1}]\r\n--\r\n------ParsnipBoundary\r\n-".utf8) + (0..<200).map { UInt8($0 % 251) }
        let whole = body(file: file)
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for cut in stride(from: 1, to: whole.count, by: 7) {
            var reader = try MultipartReader(
                contentType: "multipart/form-data; boundary=\(boundary)", folder: folder, limit: 1 << 20)
            try reader.consume(ByteBuffer(bytes: whole[0..<cut]))
            try reader.consume(ByteBuffer(bytes: whole[cut...]))
            let form = try reader.finish()
            XCTAssertEqual(form.fields.map { "\($0.0)=\($0.1)" }, ["_csrf=token123", "existing=skip"], "cut at \(cut)")
            XCTAssertEqual(form.files.count, 1)
            XCTAssertEqual(form.files.first?.filename, "Book.json", "only the base name of a Windows path")
            XCTAssertEqual(Array(try Data(contentsOf: try XCTUnwrap(form.files.first).url)), file, "cut at \(cut)")
            try FileManager.default.removeItem(at: form.files[0].url)
        }
    }

    func testATooLargeOrCutOffBodyIsRefusedAndLeavesNoFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = body(file: Array(repeating: 65, count: 5_000))
        var small = try MultipartReader(
            contentType: "multipart/form-data; boundary=\(boundary)", folder: folder, limit: 1_000)
        XCTAssertThrowsError(try small.consume(ByteBuffer(bytes: whole))) { error in
            XCTAssertEqual(error as? MultipartReader.Failure, .tooLarge)
        }
        var cut = try MultipartReader(
            contentType: "multipart/form-data; boundary=\(boundary)", folder: folder, limit: 1 << 20)
        try cut.consume(ByteBuffer(bytes: whole[0..<(whole.count - 30)]))
        XCTAssertThrowsError(try cut.finish())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no file left behind")
        XCTAssertThrowsError(
            try MultipartReader(contentType: "multipart/form-data", folder: folder, limit: 10), "no boundary")
    }
}
