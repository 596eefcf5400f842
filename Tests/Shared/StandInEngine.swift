// One file, compiled into agtrace-bench (Sources/agtrace-bench/LLDB) and the CLI tests
// (Tests/AGTraceCLITests) through a link in each, as TemporaryDirectory.swift is into both test
// targets: the programs that stand in for Apple's engine under lldb declare its names once.

/// The C++ declarations of the engine's functions that the recorder breaks on, with the
/// engine's names under the prefix IAG (mangled as the real ones: the recorder's breakpoints
/// name `IAG::Graph::update_attribute` and the rest). A program appends its own definitions of
/// those it calls; a declared function no program calls is never looked for.
enum StandInEngine {
    static let declarations = #"""
    #include <cstdint>
    #include <cstdio>
    #include <cstdlib>

    namespace IAG {
    struct Node;
    namespace data { template <typename T> struct ptr { uint32_t _offset; }; }
    struct AttributeID { uint32_t _value; };
    class Graph {
    public:
        void propagate_dirty(AttributeID attribute);
        uint32_t update_attribute(data::ptr<Node> node, unsigned int options);
        void add_input(data::ptr<Node> node, AttributeID input, bool allow_nil, unsigned char options);
        void print_cycle(data::ptr<Node> node);
        uint64_t work = 0;
    };
    }  // namespace IAG

    """#
}
