import Foundation
import ZIPFoundation

/// Unpacks gzip data (RFC 1952: a header, raw Deflate, CRC-32 and size), as Paprika keeps each recipe, with
/// ZIPFoundation's Deflate. Stops past `limit` unpacked bytes, so a small file cannot unpack into gigabytes.
enum Gunzip {
    /// Why data could not be unpacked.
    enum Failure: Error {
        case notGzip, damaged, tooBig
    }

    /// The bytes `data` holds packed.
    static func unpack(_ data: Data, limit: Int) throws(Failure) -> Data {
        let bytes = [UInt8](data.prefix(10))
        guard bytes.count == 10, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else { throw .notGzip }
        let flags = bytes[3]
        var position = data.startIndex + 10
        func skip(_ count: Int) throws(Failure) {
            guard data.endIndex - position >= count else { throw .damaged }
            position += count
        }
        func skipText() throws(Failure) {
            guard let end = data[position...].firstIndex(of: 0) else { throw .damaged }
            position = end + 1
        }
        if flags & 0x04 != 0 {
            try skip(2)
            try skip(Int(data[position - 2]) | Int(data[position - 1]) << 8)
        }
        if flags & 0x08 != 0 { try skipText() }
        if flags & 0x10 != 0 { try skipText() }
        if flags & 0x02 != 0 { try skip(2) }
        let packed = data[position...]
        var unpacked = Data()
        do {
            _ = try Data.decompress(
                size: Int64(packed.count), bufferSize: 64 * 1024, skipCRC32: true,
                provider: { offset, size in
                    let start = packed.startIndex + Int(offset)
                    // Past the end there is nothing more: stop rather than wait for data that never comes.
                    guard start < packed.endIndex else { throw Failure.damaged }
                    return Data(packed[start..<min(start + size, packed.endIndex)])
                },
                consumer: { chunk in
                    guard unpacked.count + chunk.count <= limit else { throw Failure.tooBig }
                    unpacked.append(chunk)
                })
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .damaged
        }
        return unpacked
    }
}
