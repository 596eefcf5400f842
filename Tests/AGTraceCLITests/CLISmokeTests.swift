import XCTest
final class CLISmokeTests: XCTestCase { func testNothing() {} }
