import CSHA256
import XCTest
@testable import AGTraceKit

final class SHA256Tests: XCTestCase {
    func hex(_ s: String) -> String {
        var h = SHA256()
        h.update(Array(s.utf8))
        return h.finalizeHex()
    }

    func testKnownVectors() {
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testPortableAndAcceleratedPathsAgree() {
        let text = String(repeating: "AttributeGraph ", count: 5_000)
        let best = hex(text)
        agtrace_sha256_force_portable(1)
        defer { agtrace_sha256_force_portable(0) }
        XCTAssertEqual(hex(text), best)
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testChunkingDoesNotMatter() {
        let data = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 3) }
        var whole = SHA256()
        whole.update(data)
        let expected = whole.finalizeHex()
        for chunk in [1, 3, 63, 64, 65, 1000] {
            var h = SHA256()
            var i = 0
            while i < data.count {
                h.update(Array(data[i..<min(i + chunk, data.count)]))
                i += chunk
            }
            XCTAssertEqual(h.finalizeHex(), expected, "chunk \(chunk)")
        }
    }
}
