import XCTest
@testable import AGTraceKit
final class SmokeTests: XCTestCase { func testNothing() {} }
