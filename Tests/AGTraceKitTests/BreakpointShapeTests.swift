import Foundation
import XCTest
@testable import AGTraceKit

/// One small transcript per shape and per rule of `TranscriptReader`.
final class BreakpointShapeTests: XCTestCase {
    // MARK: Shape 1

    func testFrameInfoWithDecimalAndHexArguments() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n OAG::Graph::update_attribute -G true -C "frame info"
        Breakpoint 1: where = Trip`OAG::Graph::update_attribute(OAG::data::ptr<OAG::Node>, unsigned int) + 20 at Graph.mm:10:3, address = 0x0000000100001000
        (lldb) breakpoint set -n OAG::Graph::add_input -G true -C "frame info"
        Breakpoint 2: where = Trip`OAG::Graph::add_input(OAG::data::ptr<OAG::Node>, OAG::AttributeID, bool, unsigned char) + 24 at Graph.mm:20:3, address = 0x0000000100002000
        (lldb) run
        (lldb)  frame info
        frame #0: 0x0000000100001014 Trip`OAG::Graph::update_attribute(this=0x0000600000001000, node=(_offset = 3152), options=0) at Graph.mm:10:3
        (lldb)  frame info
        frame #0: 0x0000000100002018 Trip`OAG::Graph::add_input(this=0x0000600000001000, node=(_offset = 0xc50), input=(_value = 0x00000bd8), allow_nil=false, options='\\0') at Graph.mm:20:3
        (lldb)  frame info
        frame #0: 0x0000000100001014 Trip`OAG::Graph::update_attribute(this=0x0000600000001000, node=3216, options=0) at Graph.mm:10:3
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .addInput, .update])
        XCTAssertEqual(parsed.events.map(\.attribute), [3152, 3152, 3216])
        XCTAssertEqual(parsed.events[1].inputAttribute, 3032)
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["1", "2", "1"])
        XCTAssertEqual(parsed.events.map(\.line), [6, 8, 10])
        XCTAssertEqual(parsed.events.map(\.seq), [1, 2, 3])
        XCTAssertEqual(parsed.events[0].symbol, "OAG::Graph::update_attribute")
        XCTAssertEqual(parsed.events[0].frames, [BacktraceFrame(depth: 0, module: "Trip", symbol: "OAG::Graph::update_attribute", address: 0x0000000100001014)])
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 3, skippedLines: 1, incompleteHits: 0))
    }

    func testFrameInfoAndRegisterReadOfOneBreakpointAreOneHit() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAGGraphInvalidateValue -G true -C "frame info" -C "register read edi"
        Breakpoint 1: where = drv`::IAGGraphInvalidateValue(IAGAttribute) + 11 at IAGGraph.cpp:5:1, address = 0x0000000000001000
        (lldb) breakpoint set -n IAG::Graph::propagate_dirty -G true -C "frame info"
        Breakpoint 2: where = drv`IAG::Graph::propagate_dirty(IAG::AttributeID) + 29 at Graph.cpp:9:1, address = 0x0000000000002000
        (lldb)  frame info
        frame #0: 0x000055555555500b drv`IAGGraphInvalidateValue(attribute=3032) at IAGGraph.cpp:5:1
        (lldb)  register read edi
             edi = 0x00000bd8
        (lldb)  frame info
        frame #0: 0x000055555555601d drv`IAG::Graph::propagate_dirty(this=0x0000555555600000, attribute=(_value = 3032)) at Graph.cpp:9:1
        (lldb)  frame info
        frame #0: 0x000055555555500b drv`IAGGraphInvalidateValue(attribute=3096) at IAGGraph.cpp:5:1
        (lldb)  register read edi
             edi = 0x00000c18
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.invalidate, .propagateDirty, .invalidate])
        XCTAssertEqual(parsed.events.map(\.attribute), [3032, 3032, 3096])
        XCTAssertEqual(parsed.summary.skippedLines, 0)
    }

    // MARK: Shape 2

    func testInteractiveStops() throws {
        let parsed = try ParsedTranscript("""
        (lldb) settings set stop-line-count-before 1
        (lldb) breakpoint set -n AGGraphInvalidateValue
        Breakpoint 1: where = AttributeGraph`::AGGraphInvalidateValue(AGAttribute) + 16 at AGGraph.cpp:311:3, address = 0x00007ff81c7a2b50
        (lldb) b AG::Graph::update_attribute
        Breakpoint 2: where = AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32 at Graph.cpp:944:15, address = 0x00007ff81c78b2a0
        (lldb) run
        Process 77 launched: '/tmp/Trip' (x86_64)
        Process 77 stopped
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 2.1
            frame #0: 0x00007ff81c78b2a0 AttributeGraph`AG::Graph::update_attribute(this=0x0000600003a6c000, node=(_offset = 3152), options=0) at Graph.cpp:944:15
           943\t  }
        -> 944\t  auto &n = *node;
        Target 0: (Trip) stopped.
        (lldb) bt 2
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 2.1
          * frame #0: 0x00007ff81c78b2a0 AttributeGraph`AG::Graph::update_attribute(this=0x0000600003a6c000, node=(_offset = 3152), options=0) at Graph.cpp:944:15
            frame #1: 0x00007ff81c78a6d1 AttributeGraph`AG::Graph::UpdateStack::update() + 513 at Graph.cpp:412:9
        (lldb) p/d $esi
        (unsigned int) 3152
        (lldb) continue
        Process 77 resuming
        trip output
        Process 77 stopped
        * thread #4, name = 'worker', stop reason = breakpoint 1.1
            frame #0: 0x00007ff81c7a2b50 AttributeGraph`AGGraphInvalidateValue(attribute=3032) at AGGraph.cpp:311:3
        Target 0: (Trip) stopped.
        (lldb) c
        Process 77 resuming
        Process 77 exited with status = 0 (0x00000000)
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .invalidate])
        XCTAssertEqual(parsed.events.map(\.attribute), [3152, 3032])
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["2.1", "1.1"])
        XCTAssertEqual(parsed.events.map(\.thread), [1, 4])
        XCTAssertEqual(parsed.events[0].frames.map(\.depth), [0, 1])
        XCTAssertEqual(parsed.events[0].frames[1].symbol, "AG::Graph::UpdateStack::update")
        // settings, run, launched, stopped x2, listing x2, Target x2, continue, resuming x2, output, c, exited.
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 2, skippedLines: 15, incompleteHits: 0))
    }

    func testStopDisplayAfterCommandsOfANonAutoContinueBreakpointIsTheSameHit() throws {
        // lldb runs the commands first, then prints the stop.
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAG::Graph::update_attribute -C "bt 1" -C "register read esi"
        Breakpoint 1: where = drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int), address = 0x0000000000000950
        (lldb) run
        (lldb)  bt 1
        * thread #1, name = 'drv', stop reason = breakpoint 1.1
          * frame #0: 0x0000555555554950 drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        (lldb)  register read esi
             esi = 0x00000318
        Process 9 launched: '/tmp/drv' (x86_64)
        Process 9 stopped
        * thread #1, name = 'drv', stop reason = breakpoint 1.1
            frame #0: 0x0000555555554950 drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        drv`IAG::Graph::update_attribute:
        ->  0x555555554950 <+0>: pushq  %rbp
        Target 0: (drv) stopped.
        (lldb) bt 1
        * thread #1, name = 'drv', stop reason = breakpoint 1.1
          * frame #0: 0x0000555555554950 drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        (lldb) c
        (lldb)  bt 1
        * thread #1, name = 'drv', stop reason = breakpoint 1.1
          * frame #0: 0x0000555555554950 drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        (lldb)  register read esi
             esi = 0x000002f8
        Process 9 resuming
        Process 9 stopped
        * thread #1, name = 'drv', stop reason = breakpoint 1.1
            frame #0: 0x0000555555554950 drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        Target 0: (drv) stopped.
        """)
        XCTAssertEqual(parsed.events.map(\.attribute), [792, 760])
        XCTAssertEqual(parsed.count(.update), 2)
    }

    // MARK: Shape 3

    func testBacktraceAndRegistersX86() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAGGraphInvalidateValue -G true -C "bt 1" -C "register read edi"
        Breakpoint 1: where = agdriver-stripped`IAGGraphInvalidateValue, address = 0x0000000000000700
        (lldb) breakpoint set -n IAG::Graph::update_attribute -G true -C "bt 1" -C "register read esi"
        Breakpoint 2: where = agdriver-stripped`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int), address = 0x0000000000000950
        (lldb) breakpoint set -n IAG::Graph::add_input -G true -C "bt 1" -C "register read esi edx rdi"
        Breakpoint 3: where = agdriver-stripped`IAG::Graph::add_input(IAG::data::ptr<IAG::Node>, IAG::AttributeID, bool, unsigned char), address = 0x0000000000000960
        (lldb) run
        (lldb)  bt 1
        * thread #1, name = 'agdriver-stripp', stop reason = breakpoint 2.1
          * frame #0: 0x0000555555554950 agdriver-stripped`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        (lldb)  register read esi
             esi = 0x00000318
        (lldb)  bt 1
        * thread #1, name = 'agdriver-stripp', stop reason = breakpoint 3.1
          * frame #0: 0x0000555555554960 agdriver-stripped`IAG::Graph::add_input(IAG::data::ptr<IAG::Node>, IAG::AttributeID, bool, unsigned char)
        (lldb)  register read esi edx rdi
             esi = 0x00000318
             edx = 0x00000218
             rdi = 0x00007fffffffe54b
        (lldb)  bt 1
        * thread #1, name = 'agdriver-stripp', stop reason = breakpoint 1.1
          * frame #0: 0x0000555555554700 agdriver-stripped`IAGGraphInvalidateValue
        (lldb)  register read edi
             edi = 0x00000274
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .addInput, .invalidate])
        XCTAssertEqual(parsed.events.map(\.attribute), [792, 792, 628])
        XCTAssertEqual(parsed.events[1].inputAttribute, 536)
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["2.1", "3.1", "1.1"])
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 3, skippedLines: 1, incompleteHits: 0))
    }

    func testBacktraceAndRegistersArm64WithMultiFrameBacktrace() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n AG::Graph::update_attribute -G true -C "bt 3" -C "register read x1"
        Breakpoint 1: where = AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int), address = 0x00000001c2b2f2e0
        (lldb) breakpoint set -n AG::Graph::add_input -G true -C "bt 1" -C "register read w1 w2"
        Breakpoint 2: where = AttributeGraph`AG::Graph::add_input(AG::data::ptr<AG::Node>, AG::AttributeID, bool, unsigned char), address = 0x00000001c2b2a318
        (lldb)  bt 3
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1
          * frame #0: 0x00000001c2b2f300 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int) + 32
            frame #1: 0x00000001c2b2e9b4 AttributeGraph`AG::Graph::UpdateStack::update() + 520
            frame #2: 0x00000001c2b2f7a8 SwiftUI`SwiftUI.ViewGraph.updateOutputs(at: SwiftUI.Time) -> () + 124
        (lldb)  register read x1
              x1 = 0x0000000000000c50
        (lldb)  bt 1
        * thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 2.1
          * frame #0: 0x00000001c2b2a33c AttributeGraph`AG::Graph::add_input(AG::data::ptr<AG::Node>, AG::AttributeID, bool, unsigned char) + 36
        (lldb)  register read w1 w2
              w1 = 0x00000c50
              w2 = 0x00000270
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .addInput])
        XCTAssertEqual(parsed.events[0].attribute, 3152)
        XCTAssertEqual(parsed.events[1].attribute, 3152)
        XCTAssertEqual(parsed.events[1].inputAttribute, 624)
        XCTAssertEqual(parsed.events[0].frames, [
            BacktraceFrame(depth: 0, module: "AttributeGraph", symbol: "AG::Graph::update_attribute", address: 0x00000001c2b2f300),
            BacktraceFrame(depth: 1, module: "AttributeGraph", symbol: "AG::Graph::UpdateStack::update", address: 0x00000001c2b2e9b4),
            BacktraceFrame(depth: 2, module: "SwiftUI", symbol: "SwiftUI.ViewGraph.updateOutputs", address: 0x00000001c2b2f7a8),
        ])
        XCTAssertEqual(parsed.summary.skippedLines, 0)
    }

    func testFullRegisterDumpGivesTheArgumentRegisters() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAG::Graph::add_input -G true -C "register read"
        Breakpoint 1: where = drv`IAG::Graph::add_input(IAG::data::ptr<IAG::Node>, IAG::AttributeID, bool, unsigned char), address = 0x00000000000007b0
        (lldb)  register read
        General Purpose Registers:
               rax = 0x0000000000000007
               rdx = 0x0000000000000bd8
               rdi = 0x00007fffffffe54b
               rsi = 0x0000000000000c50
               rip = 0x00005555555547b0  drv`IAG::Graph::add_input(IAG::data::ptr<IAG::Node>, IAG::AttributeID, bool, unsigned char)

        """)
        XCTAssertEqual(parsed.events.count, 1)
        XCTAssertEqual(parsed.events[0].kind, .addInput)
        XCTAssertEqual(parsed.events[0].attribute, 3152)
        XCTAssertEqual(parsed.events[0].inputAttribute, 3032)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 1, skippedLines: 0, incompleteHits: 0))
    }

    // MARK: Shape 4

    /// The held-back shape: IAG, x86-64, `p/d` only, propagate_dirty and update sharing `p/d $esi`.
    func testExpressionsOnly() throws {
        var text = BreakpointFixtures.agdriverSession(invalidate: #"-C "p/d $edi""#, propagateDirty: #"-C "p/d $esi""#,
                                                      update: #"-C "p/d $esi""#, addInput: #"-C "p/d $esi" -C "p/d $edx""#)
        text += BreakpointFixtures.printed(("p/d $esi", 3152), ("p/d $esi", 3152), ("p/d $edx", 3032)) + "\n"
        for write in 0..<300 {
            let signal = write % 2 == 0 ? 3032 : 3096
            text += """
            (lldb)  p/d $edi
            (unsigned int) \(signal)
            (lldb)  p/d $esi
            (unsigned int) \(signal)
            (lldb)  p/d $esi
            (unsigned int) 3152
            trip write \(write)

            """
        }
        let parsed = try ParsedTranscript(text)
        XCTAssertEqual(parsed.count(.update), 301)
        XCTAssertEqual(parsed.count(.invalidate), 300)
        XCTAssertEqual(parsed.count(.propagateDirty), 300)
        XCTAssertEqual(parsed.count(.addInput), 1)
        XCTAssertEqual(parsed.perAttribute(.update), [3152: 301])
        XCTAssertEqual(parsed.perAttribute(.propagateDirty), [3032: 150, 3096: 150])
        XCTAssertEqual(parsed.edges, ["3032->3152"])
        XCTAssertEqual(parsed.events[0].breakpoint, "3")
        XCTAssertEqual(parsed.events[0].symbol, "IAG::Graph::update_attribute")
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 902, skippedLines: 301, incompleteHits: 0))
    }

    func testExpressionResultForms() throws {
        let parsed = try ParsedTranscript(BreakpointFixtures.appleBreakpoint(1, "AGGraphInvalidateValue", #"-C "expr $edi""#)
            + BreakpointFixtures.appleBreakpoint(2, "AG::Graph::update_attribute", #"-C "p $rsi""#)
            + BreakpointFixtures.appleBreakpoint(3, "AG::Graph::propagate_dirty", #"-C "p/x $esi""#)
            + BreakpointFixtures.appleBreakpoint(4, "AGGraphGetValue", #"-C "expression -f d -- $arg1""#) + """
        (lldb)  expr $edi
        (unsigned int) $0 = 3032
        (lldb)  p/x $esi
        (unsigned int) 0x00000bd8
        (lldb)  p $rsi
        (unsigned long) $1 = 0x0000000000000c50
        (lldb)  expression -f d -- $arg1
        (uint32_t) 624
        (lldb)  expr $edi
        (int) 3096
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.invalidate, .propagateDirty, .update, .read, .invalidate])
        XCTAssertEqual(parsed.events.map(\.attribute), [3032, 3032, 3152, 624, 3096])
        XCTAssertEqual(parsed.summary.incompleteHits, 0)
    }

    func testSharedCommandWithoutAnyClueIsKeptAsIncomplete() throws {
        let parsed = try ParsedTranscript(BreakpointFixtures.appleBreakpoint(1, "AG::Graph::update_attribute", #"-C "p/d $esi""#)
            + BreakpointFixtures.appleBreakpoint(2, "AG::Graph::add_input", #"-C "p/d $esi""#)
            + BreakpointFixtures.printed(("p/d $esi", 3152)))
        XCTAssertEqual(parsed.events.count, 1)
        XCTAssertEqual(parsed.events[0].kind, .call)
        XCTAssertEqual(parsed.events[0].symbol, "AG::Graph::update_attribute | AG::Graph::add_input")
        XCTAssertNil(parsed.events[0].attribute)
        XCTAssertEqual(parsed.summary.incompleteHits, 1)
    }

    func testRegistersTellSharedCommandListsApart() throws {
        // Both lists start with `bt 1`; the header, or failing that the register read, decides.
        let parsed = try ParsedTranscript(BreakpointFixtures.appleBreakpoint(1, "AGGraphInvalidateValue", #"-C "bt 1" -C "register read edi""#)
            + BreakpointFixtures.appleBreakpoint(2, "AG::Graph::update_attribute", #"-C "bt 1" -C "register read esi""#)
            + BreakpointFixtures.registerHits([("esi", 0xc50), ("edi", 0xbd8)]))
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .invalidate])
        XCTAssertEqual(parsed.events.map(\.attribute), [3152, 3032])
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["2", "1"])
    }

    // MARK: breakpoint command add

    func testTypedCommandBodyUntilDONE() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n OAG::Graph::add_input -G true
        Breakpoint 1: where = Trip`OAG::Graph::add_input(OAG::data::ptr<OAG::Node>, OAG::AttributeID, bool, unsigned char) + 26 at Graph.mm:588:21, address = 0x00000001000985ba
        (lldb) breakpoint command add 1
        Enter your debugger command(s).  Type 'DONE' to end.
        > p/d $esi
        > p/d $edx
        > DONE
        (lldb) breakpoint set -n OAGGraphInvalidateValue -G true
        Breakpoint 2: where = Trip`::OAGGraphInvalidateValue(OAGAttribute) + 12 at OAGGraph.mm:402:5, address = 0x00000001000b5e8c
        (lldb) breakpoint command add
        p/d $edi
        DONE
        (lldb)  p/d $esi
        (unsigned int) 3152
        (lldb)  p/d $edx
        (unsigned int) 624
        (lldb)  p/d $edi
        (unsigned int) 3032
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.addInput, .invalidate])
        XCTAssertEqual(parsed.edges, ["624->3152"])
        XCTAssertEqual(parsed.events[1].attribute, 3032)
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["1", "2"])
        XCTAssertEqual(parsed.summary.skippedLines, 0)
    }

    func testOneLinerReplacesCommands() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAG::Graph::update_attribute -G true -C "p/d $esi"
        Breakpoint 1: where = drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int) + 18 at drv.cpp:5:137, address = 0x0000000000000792
        (lldb) breakpoint set -n IAG::Graph::propagate_dirty -G true -C "p/d $esi"
        Breakpoint 2: where = drv`IAG::Graph::propagate_dirty(IAG::AttributeID) + 11 at drv.cpp:7:93, address = 0x000000000000077b
        (lldb) breakpoint command add -o "p $rsi" 1
        (lldb)  p $rsi
        (unsigned long) 0x0000000000000c50
        (lldb)  p/d $esi
        (unsigned int) 3032
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .propagateDirty])
        XCTAssertEqual(parsed.events.map(\.attribute), [3152, 3032])
    }

    /// A body typed from a command file is not echoed: the commands are learned from the hits.
    func testHiddenCommandBodyIsLearned() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAGGraphInvalidateValue -G true
        Breakpoint 1: where = drv`IAGGraphInvalidateValue, address = 0x00000000000006c0
        (lldb) breakpoint command add 1
        (lldb) breakpoint set -n IAG::Graph::update_attribute -G true -C "bt 1" -C "register read esi"
        Breakpoint 2: where = drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int), address = 0x0000000000000780
        (lldb) run
        (lldb)  expr $edi
        (unsigned int) $0 = 3032
        (lldb)  p/x $edi
        (unsigned int) 0x00000bd8
        (lldb)  bt 1
        * thread #1, name = 'drv', stop reason = breakpoint 2.1
          * frame #0: 0x0000555555554780 drv`IAG::Graph::update_attribute(IAG::data::ptr<IAG::Node>, unsigned int)
        (lldb)  register read esi
             esi = 0x00000c50
        (lldb)  expr $edi
        (unsigned int) $1 = 3096
        (lldb)  p/x $edi
        (unsigned int) 0x00000c18
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.invalidate, .update, .invalidate])
        XCTAssertEqual(parsed.events.map(\.attribute), [3032, 3152, 3096])
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["1", "2.1", "1"])
    }

    // MARK: Shape 5

    func testLogMessageLines() throws {
        let parsed = try ParsedTranscript("""
        AGGraphInvalidateValue 3032
        AG::Graph::update_attribute 0xc50
        IAG::Graph::add_input 3152, 0x270
        OAG::Graph::propagate_dirty attribute=3032
        AG::Graph::update_attribute
        AGGraphInvalidateValue 4294967296
        AGGraphInvalidateValue 99999999999999999999999
        SwiftUI.StoredLocationBase.set
        AGGraphGetCurrentAttribute
        AppearanceEffect.updateValue 12
        AGGraphInvalidateValue is slow today
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.invalidate, .update, .addInput, .propagateDirty, .update, .invalidate, .invalidate, .stateWrite, .current])
        XCTAssertEqual(parsed.events.map(\.attribute), [3032, 3152, 3152, 3032, nil, nil, nil, nil, nil])
        XCTAssertEqual(parsed.events[2].inputAttribute, 624)
        XCTAssertTrue(parsed.events.allSatisfy { $0.breakpoint == nil && $0.frames.isEmpty })
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 9, skippedLines: 2, incompleteHits: 3))
    }

    // MARK: Counting

    func testNoiseIsSkippedAndCounted() throws {
        let (summary, skipped) = try readRecordingSkips("""
        (lldb) target create "Trip"
        Current executable set to '/tmp/Trip' (arm64).
        (lldb) command source -s 0 'bp.lldb'
        Executing commands in '/tmp/bp.lldb'.
        (lldb) breakpoint set -n AGGraphInvalidateValue -G true -C "p/d $w0"
        Breakpoint 1: where = AttributeGraph`AGGraphInvalidateValue, address = 0x0000000000001000

        (lldb) run
        Process 4 launched: '/tmp/Trip' (arm64)
        trip first [23]
        warning: (arm64) /tmp/Trip empty dSYM file detected
        (lldb)  p/d $w0
        (unsigned int) 3032
        error: Process must be launched.
          thread #2: tid = 0x2, 0x0000000180001000 libsystem_kernel.dylib`__workq_kernreturn + 8
        Process 4 exited with status = 0 (0x00000000)
        """)
        XCTAssertEqual(summary.events, 1)
        XCTAssertEqual(skipped, [1, 2, 3, 4, 8, 9, 10, 11, 14, 15, 16])
        XCTAssertEqual(summary.skippedLines, 11)
    }

    func testIncompleteHitsAreKept() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n AG::Graph::update_attribute -G true -C "frame info"
        Breakpoint 1: where = AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int), address = 0x0000000000002000
        (lldb) breakpoint set -n AGGraphInvalidateValue -G true -C "register read rdi"
        Breakpoint 2: where = AttributeGraph`AGGraphInvalidateValue, address = 0x0000000000001000
        (lldb) breakpoint set -n AGGraphCreateAttribute -G true -C "frame info"
        Breakpoint 3: where = AttributeGraph`AGGraphCreateAttribute, address = 0x0000000000003000
        (lldb) breakpoint set -n GraphHost.flushTransactions -G true -C "frame info"
        Breakpoint 4: where = SwiftUI`SwiftUI.GraphHost.flushTransactions() -> (), address = 0x0000000000004000
        (lldb)  frame info
        frame #0: 0x0000000000002000 AttributeGraph`AG::Graph::update_attribute(AG::data::ptr<AG::Node>, unsigned int)
        (lldb)  register read rdi
             rdi = 0x0000000100000bd8
        (lldb)  frame info
        frame #0: 0x0000000000003000 AttributeGraph`AGGraphCreateAttribute
        (lldb)  frame info
        frame #0: 0x0000000000004000 SwiftUI`SwiftUI.GraphHost.flushTransactions() -> ()
        (lldb)  frame info
        frame #0: 0x0000000000002000 AttributeGraph`AG::Graph::update_attribute(this=0x0000600000001000, node=(_offset = 99999999999), options=0)
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.update, .invalidate, .create, .transaction, .update])
        XCTAssertTrue(parsed.events.allSatisfy { $0.attribute == nil })
        XCTAssertEqual(parsed.summary.incompleteHits, 3)
    }

    func testBreakpointIdsComeFromLLDBAnswers() throws {
        // Ids are lldb's, per transcript; a header alone (no frame) names the function via its id.
        let parsed = try ParsedTranscript("""
        (lldb) br s -n AG::Graph::propagate_dirty
        Breakpoint 7: where = AttributeGraph`AG::Graph::propagate_dirty(AG::AttributeID), address = 0x0000000000001000
        (lldb) breakpoint set -F AGGraphInvalidateValue
        (lldb) breakpoint set --name AG::Graph::update_attribute
        Breakpoint 12: no locations (pending).
        * thread #1, stop reason = breakpoint 7.1
        (lldb) register read w1
              w1 = 0x00000bd8
        (lldb) c
        * thread #1, stop reason = breakpoint 8.1
        (lldb) register read w0
              w0 = 0x00000bd8
        (lldb) c
        * thread #1, stop reason = breakpoint 12.1
        (lldb) c
        * thread #1, stop reason = breakpoint 99.1
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.propagateDirty, .invalidate, .update, .call])
        XCTAssertEqual(parsed.events.map(\.breakpoint), ["7.1", "8.1", "12.1", "99.1"])
        XCTAssertEqual(parsed.events.map(\.attribute), [3032, 3032, nil, nil])
        XCTAssertEqual(parsed.summary.incompleteHits, 2)
    }

    func testStopsForOtherReasonsAreNotHits() throws {
        let parsed = try ParsedTranscript("""
        Process 3 stopped
        * thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGSTOP
            frame #0: 0x000000018f6b2a4c libsystem_kernel.dylib`mach_msg2_trap + 8
            frame #1: 0x000000018f6b2a00 libsystem_kernel.dylib`mach_msg2 + 8
        Target 0: (Trip) stopped.
        """)
        XCTAssertEqual(parsed.events, [])
        XCTAssertEqual(parsed.summary.skippedLines, 5)
    }

    // MARK: Sniffing and errors

    func testLooksLikeTranscript() throws {
        for name in BreakpointFixtures.sampleNames {
            let bytes = try BreakpointFixtures.sampleBytes(name)
            XCTAssertTrue(TranscriptReader.looksLikeTranscript(Array(bytes.prefix(64 * 1024))), name)
        }
        XCTAssertTrue(TranscriptReader.looksLikeTranscript(Array("(lldb) b AGGraphInvalidateValue\n".utf8)))
        XCTAssertFalse(TranscriptReader.looksLikeTranscript([]))
        XCTAssertFalse(TranscriptReader.looksLikeTranscript(Array("# Notes\nThe graph was slow.\n(int) 5\n".utf8)))
        XCTAssertFalse(TranscriptReader.looksLikeTranscript(Array("{\"version\": 2, \"graphs\": []}".utf8)))
        XCTAssertFalse(TranscriptReader.looksLikeTranscript([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe]))
    }

    func testSinkErrorsNameTheFileAndLine() throws {
        struct Refusing: TranscriptSink {
            struct Full: Error {}
            mutating func event(_ event: BreakpointEvent) throws { throw Full() }
        }
        var sink = Refusing()
        let reader = TranscriptReader(source: MemorySource("noise\nAGGraphInvalidateValue 3032\n"), path: "t.log")
        XCTAssertThrowsError(try reader.read(into: &sink)) { error in
            guard let error = error as? TranscriptError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path, "t.log")
            XCTAssertEqual(error.line, 2)
            XCTAssertTrue(error.description.hasPrefix("t.log:2: "))
        }
    }

    private func readRecordingSkips(_ text: String) throws -> (TranscriptSummary, [Int]) {
        var sink = CollectingSink()
        return try TranscriptReader(source: MemorySource(text), path: "t").readRecordingSkippedLines(into: &sink)
    }
}

extension BreakpointShapeTests {
    func testValuesPrintedByParameterName() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n IAG::Graph::add_input -G true -C "frame variable node input"
        Breakpoint 1: where = drv`IAG::Graph::add_input(IAG::data::ptr<IAG::Node>, IAG::AttributeID, bool, unsigned char) + 26 at drv.cpp:6:144, address = 0x00000000000007ca
        (lldb) breakpoint set -n IAGGraphInvalidateValue -G true -C "p attribute"
        Breakpoint 2: where = drv`::IAGGraphInvalidateValue(unsigned int) + 11 at drv.cpp:9:147, address = 0x00000000000006cb
        (lldb)  frame variable node input
        (IAG::data::ptr<IAG::Node>) node = (_offset = 3152)
        (IAG::AttributeID) input = (_value = 3032)
        (lldb)  p attribute
        (unsigned int) 3096
        """)
        XCTAssertEqual(parsed.events.map(\.kind), [.addInput, .invalidate])
        XCTAssertEqual(parsed.edges, ["3032->3152"])
        XCTAssertEqual(parsed.events[1].attribute, 3096)
        XCTAssertEqual(parsed.summary, TranscriptSummary(events: 2, skippedLines: 0, incompleteHits: 0))
    }
}

extension BreakpointShapeTests {
    func testTranscriptCopiedFromTheMiddleOfAHit() throws {
        let parsed = try ParsedTranscript("""
        (lldb) breakpoint set -n AG::Graph::add_input -G true -C "bt 1" -C "p/d $esi" -C "p/d $edx"
        Breakpoint 1: where = AttributeGraph`AG::Graph::add_input(AG::data::ptr<AG::Node>, AG::AttributeID, bool, unsigned char), address = 0x1000
        (lldb)  p/d $esi
        (unsigned int) 3152
        (lldb)  p/d $edx
        (unsigned int) 624
        (lldb)  bt 1
        * thread #1, stop reason = breakpoint 1.1
          * frame #0: 0x0000000000001000 AttributeGraph`AG::Graph::add_input(AG::data::ptr<AG::Node>, AG::AttributeID, bool, unsigned char)
        (lldb)  p/d $esi
        (unsigned int) 3152
        (lldb)  p/d $edx
        (unsigned int) 800
        """)
        XCTAssertEqual(parsed.edges, ["624->3152", "800->3152"])
        XCTAssertEqual(parsed.summary.incompleteHits, 0)
    }
}

extension BreakpointShapeTests {
    func testTerminalCaptureArtifacts() throws {
        let text = "\u{FEFF}(lldb) breakpoint set -n AGGraphInvalidateValue -G true -C \"frame info\"\r\n"
            + "Breakpoint 1: where = AttributeGraph`AGGraphInvalidateValue, address = 0x1000\r\n"
            + "(lldb)  frame info\r\n"
            + "frame #0: \u{1B}[33m0x0000000000001000\u{1B}[0m AttributeGraph`\u{1B}[1mAGGraphInvalidateValue\u{1B}[0m(attribute=3032)\r\n"
            + "trip output\r\r\n"
        let parsed = try ParsedTranscript(text)
        XCTAssertEqual(parsed.events.map(\.kind), [.invalidate])
        XCTAssertEqual(parsed.events.first?.attribute, 3032)
        XCTAssertEqual(parsed.events.first?.breakpoint, "1")
        XCTAssertEqual(parsed.summary.skippedLines, 1)
    }
}
