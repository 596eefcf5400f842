import XCTest
@testable import AGTraceKit

final class BreakpointSymbolTableTests: XCTestCase {
    private func assert(_ printed: String, _ kind: EventKind, attribute: Int? = nil, input: Int? = nil,
                        symbol: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let info = SymbolTable.lookup(printed)
        XCTAssertEqual(info.kind, kind, printed, file: file, line: line)
        XCTAssertEqual(info.attributeArgument, attribute, "attribute argument of \(printed)", file: file, line: line)
        XCTAssertEqual(info.inputArgument, input, "input argument of \(printed)", file: file, line: line)
        if let symbol { XCTAssertEqual(info.symbol, symbol, file: file, line: line) }
    }

    func testEnginePrefixesAndSpellings() {
        for prefix in ["AG", "OAG", "IAG"] {
            assert("\(prefix)GraphInvalidateValue", .invalidate, attribute: 0, symbol: "\(prefix)GraphInvalidateValue")
            assert("::\(prefix)GraphInvalidateValue(\(prefix)Attribute)", .invalidate, attribute: 0, symbol: "\(prefix)GraphInvalidateValue")
            assert("\(prefix)::Graph::update_attribute", .update, attribute: 1, symbol: "\(prefix)::Graph::update_attribute")
            assert("\(prefix)::Graph::propagate_dirty(\(prefix)::AttributeID)", .propagateDirty, attribute: 1)
            assert("\(prefix)::Graph::add_input(\(prefix)::data::ptr<\(prefix)::Node>, \(prefix)::AttributeID, bool, unsigned char)",
                   .addInput, attribute: 1, input: 2)
            assert("\(prefix)GraphGetValue", .read, attribute: 0)
            assert("\(prefix)GraphGetCurrentAttribute", .current)
            assert("\(prefix)GraphCreateAttribute", .create)
        }
    }

    func testModulesOffsetsArgumentsAndFiles() {
        assert("AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32", .update, attribute: 1,
               symbol: "AG::Graph::update_attribute")
        assert("agdriver`IAG::Graph::update_attribute(this=0x0000555555655a50, node=(_offset = 792), options=0) at Graph.cpp:1150:11",
               .update, attribute: 1, symbol: "IAG::Graph::update_attribute")
        assert("agdriver`::IAGGraphInvalidateValue(IAGAttribute) + 11 at IAGGraph.cpp:614:42", .invalidate, attribute: 0,
               symbol: "IAGGraphInvalidateValue")
        assert("drv-stripped`IAGGraphInvalidateValue, address = 0x00000000000006c0", .invalidate, attribute: 0)
        assert("AttributeGraph`AGGraphInvalidateValue + 28", .invalidate, attribute: 0, symbol: "AGGraphInvalidateValue")
    }

    func testTemplatesAndMangledCxx() {
        assert("AG::Graph::add_output_edge<false>(AG::data::ptr<AG::Node>, AG::AttributeID)", .addOutput, attribute: 1, input: 2)
        assert("AG::Graph::add_output_edge<AG::(anonymous namespace)::Edge>", .addOutput, attribute: 1, input: 2)
        assert("_ZN2AG5Graph16update_attributeENS_4data3ptrINS_4NodeEEEj", .update, attribute: 1)
        assert("_ZN3IAG5Graph9add_inputENS_4data3ptrINS_4NodeEEENS_11AttributeIDEbh", .addInput, attribute: 1, input: 2)
    }

    func testSwiftUISymbols() {
        assert("SwiftUI`SwiftUI.StoredLocationBase.set(_:transaction:)", .stateWrite)
        assert("SwiftUI.StoredLocationBase<τ_0_0>.set(_: τ_0_0, transaction: SwiftUI.Transaction) -> ()", .stateWrite)
        assert("$s7SwiftUI18StoredLocationBaseC3set_11transactionyx_AA11TransactionVtF + 12", .stateWrite)
        assert("SwiftUI.GraphHost.asyncTransaction<τ_0_0>(_: SwiftUI.Transaction, id: SwiftUI.Transaction.ID)", .transaction)
        assert("SwiftUI`SwiftUI.GraphHost.flushTransactions() -> ()", .transaction)
        assert("closure #1 () -> () in SwiftUI.GraphHost.flushTransactions() -> ()", .transaction)
        assert("StoredLocationBase.beginUpdate", .call)
    }

    func testUnknownSymbolsAreCallsWithTheirName() {
        assert("SwiftUI`SwiftUI.AppearanceEffect.updateValue() -> ()", .call, symbol: "SwiftUI.AppearanceEffect.updateValue")
        assert("AG::Graph::UpdateStack::update() + 513", .call, symbol: "AG::Graph::UpdateStack::update")
        assert("AG::Subgraph::add_input", .call)
        assert("main + 36", .call, symbol: "main")
        assert("XAGGraphInvalidateValue", .call)
        assert("", .call)
    }

    func testBareMemberNames() {
        assert("update_attribute", .update, attribute: 1)
        assert("add_input", .addInput, attribute: 1, input: 2)
    }

    func testArgumentRegisters() {
        let expectations: [(String, Int?)] = [
            ("rdi", 0), ("edi", 0), ("EDI", 0), ("dil", 0), ("rsi", 1), ("esi", 1), ("rdx", 2), ("edx", 2), ("rcx", 3), ("r8d", 4), ("r9", 5),
            ("x0", 0), ("w0", 0), ("x1", 1), ("w1", 1), ("x2", 2), ("w2", 2), ("x7", 7),
            ("arg1", 0), ("arg2", 1), ("arg3", 2),
            ("rip", nil), ("rsp", nil), ("x8", nil), ("x19", nil), ("w", nil), ("arg0", nil), ("eax", nil), ("", nil),
        ]
        for (name, index) in expectations {
            XCTAssertEqual(ArgumentRegisters.argumentIndex(name), index, name)
        }
    }
}
