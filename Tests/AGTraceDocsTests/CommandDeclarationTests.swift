import AGTraceCLI
import CommandLineOptions
import XCTest

/// Each command's usage line, option list and parser are made of the same declarations: they
/// cannot drift apart (as `import --help` once left out `--quiet` and `--timings`).
final class CommandDeclarationTests: XCTestCase {
    /// The lines of `help` from `heading` to the next blank line.
    func section(_ heading: String, of help: String) -> [String] {
        guard let start = help.range(of: "\n\(heading)\n") else { return [] }
        return help[start.upperBound...].components(separatedBy: "\n").prefix { !$0.isEmpty }
    }

    /// The option each line of an `Options:` list shows (`  -q, --quiet  ...` -> quiet).
    func listedNames(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            return words.first { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        }
    }

    /// A value the option's kind accepts.
    func sample(_ o: OptionSpec) -> [String] {
        guard let placeholder = o.valueName else { return ["--\(o.name)"] }
        for candidate in ["1", placeholder.components(separatedBy: "|")[0], "x"] where o.kind.problem(o.name, candidate) == nil {
            return ["--\(o.name)", candidate]
        }
        XCTFail("no sample value for --\(o.name)")
        return []
    }

    func testEveryDeclaredOptionIsInTheHelpAndTheParserAcceptsTheDeclaredOnly() throws {
        let declarations = AGTraceCLI.declarations
        XCTAssertEqual(declarations.count, 16)
        for d in declarations {
            let listed = section("Options:", of: d.help)
            // The option list is the declarations, in order, each once: --db and --help last.
            XCTAssertEqual(listedNames(listed), d.options.map(\.name), d.name)
            XCTAssertEqual(Array(d.options.map(\.name).suffix(2)), ["db", "help"], d.name)
            for o in d.options {
                // HelpList puts the help of a synopsis longer than its left column on the next line.
                let shown = listed.indices.contains { i in
                    listed[i].contains(o.synopsis + " ") && listed[i].contains(o.help)
                        || listed[i].hasSuffix(o.synopsis) && i + 1 < listed.count && listed[i + 1].contains(o.help)
                }
                XCTAssertTrue(shown, "\(d.name) --help lacks \(o.synopsis)")
                XCTAssertNoThrow(try d.parse(sample(o)), "\(d.name) refuses its own \(o.synopsis)")
                if o.name != "db" && o.name != "help" {
                    XCTAssertTrue(d.usage.contains(o.synopsis), "\(d.name)'s usage lacks \(o.synopsis)")
                }
            }
            // Every option the usage line names is one the parser takes.
            let inUsage = d.usage.split(whereSeparator: { " [(|)]".contains($0) }).filter { $0.hasPrefix("--") }
            for word in inUsage {
                XCTAssertTrue(d.options.contains { "--\($0.name)" == word }, "\(d.name)'s usage names \(word), which it does not declare")
            }
            // And the parser takes nothing else.
            for undeclared in ["--bogus", "--quite", "--labels"] where !d.options.contains(where: { "--\($0.name)" == undeclared }) {
                XCTAssertThrowsError(try d.parse([undeclared]), "\(d.name) accepts \(undeclared)") { error in
                    XCTAssertTrue("\(error)".contains("unknown option '\(undeclared)' for '\(d.name)'"), "\(error)")
                }
            }
            // The positionals: in the usage line and listed with their help.
            let arguments = section("Arguments:", of: d.help)
            XCTAssertEqual(arguments.count, d.positionals.count, d.name)
            for p in d.positionals {
                XCTAssertTrue(d.usage.contains(p.synopsis), "\(d.name)'s usage lacks \(p.synopsis)")
                XCTAssertTrue(arguments.contains { $0.hasPrefix("  \(p.synopsis) ") && $0.contains(p.help) }, "\(d.name) --help lacks \(p.synopsis)")
            }
            XCTAssertTrue(d.help.contains("Usage: \(d.usage)\n"), d.name)
        }
    }

    func testImportHelpListsQuietAndTimings() throws {
        let help = try XCTUnwrap(AGTraceCLI.declarations.first { $0.name == "import" }).help
        for fragment in ["[--quiet]", "[--timings]", "-q, --quiet", "--timings ", ".oag-trace", "PATH..."] {
            XCTAssertTrue(help.contains(fragment), "import --help lacks \(fragment)")
        }
    }

    /// Values are checked by their declared kind while parsing, in the wording the commands used.
    func testTypedValuesAndRequiredOptionsAreUsageErrorsNamingTheOption() throws {
        func command(_ name: String) throws -> CommandDeclaration { try XCTUnwrap(AGTraceCLI.declarations.first { $0.name == name }) }
        let cases: [(String, [String], String)] = [
            ("query", ["--limit", "ten", "SELECT 1"], "--limit takes a whole number, not 'ten'"),
            ("walk", ["3032", "--depth", "1.5"], "--depth takes a whole number, not '1.5'"),
            ("check", ["--min-count", "1.5"], "--min-count takes a whole number, not '1.5'"),
            ("list", ["--format", "xml"], "--format must be one of table|csv|json|markdown, not 'xml'"),
            ("check", ["--format", "csv"], "--format must be one of table|json|markdown|junit, not 'csv'"),
            ("baseline", ["--key", "node"], "--key must be one of attribute|rule|view, not 'node'"),
            ("import", ["--label"], "--label needs a value (L)"),
            ("import", ["--quiet=yes"], "--quiet takes no value"),
            ("import", ["--label", "a", "--label", "b"], "--label given twice"),
            ("report", ["--limt", "3"], "unknown option '--limt' for 'report' (did you mean '--limit'?)"),
        ]
        for (name, args, message) in cases {
            XCTAssertThrowsError(try command(name).parse(args), "\(name) \(args)") { error in
                XCTAssertEqual("\(error)", message)
            }
        }
        XCTAssertEqual(try command("list").parse(["--format", "JSON"]).value(try XCTUnwrap(command("list").options.first { $0.name == "format" })), "JSON")
        // Required options are checked after --help, which needs none.
        XCTAssertNoThrow(try command("check").parse(["--help"]))
        // check's --baseline is not required: --max-cycles or --max-warnings may gate alone (its request says so).
        XCTAssertNoThrow(try command("check").parse(["--run", "tap"]).checkRequired())
        let baseline = try command("baseline").parse(["--run", "tap"])
        XCTAssertThrowsError(try baseline.checkRequired()) { XCTAssertEqual("\($0)", "give --output FILE (the baseline to write; - prints it)") }
        XCTAssertNoThrow(try command("check").parse(["--baseline", "b.json", "--run", "tap"]).checkRequired())
    }

    /// A command that declares no positional refuses one, saying why (`list foo` once ran).
    func testACommandWithoutPositionalsRefusesOne() throws {
        var refusing: [String] = []
        for d in AGTraceCLI.declarations where d.forms.allSatisfy({ $0.terms.allSatisfy(\.takesNoWords) }) {
            refusing.append(d.name)
            let required = d.options.filter(\.isRequired).flatMap(sample)
            XCTAssertNoThrow(try d.check(d.parse(required)), d.name)
            XCTAssertThrowsError(try d.check(d.parse(required + ["stray"])), d.name) { error in
                XCTAssertTrue("\(error)".hasPrefix("unexpected argument 'stray' ("), "\(error)")
            }
        }
        // baseline and check take more recordings after their input (`--trace t1 t2 t3`); a word
        // with no input option before it is still refused, with the same message
        // (CheckRepeatedCLITests.testWhatCannotBeRepeatedRecordingsIsAUsageError).
        XCTAssertEqual(refusing, ["list", "cycles", "lldb-script", "mcp"])
    }

    func testUsageFormsWrapBetweenTerms() {
        let a = OptionSpec(name: "alpha", valueName: "A", help: "")
        let b = OptionSpec(name: "beta", valueName: nil, help: "")
        let form = UsageForm([.option(a), .optional(b), .positional(Positional("FILE", .oneOrMore, help: "")), .oneOf([[.option(a)], [.optional(b)]])])
        XCTAssertEqual(form.line("tool run"), "tool run --alpha A [--beta] FILE... (--alpha A | [--beta])")
        XCTAssertEqual(form.lines("tool run", width: 28), ["tool run --alpha A [--beta]", "         FILE...", "         (--alpha A | [--beta])"])
        XCTAssertEqual(UsageForm.options(of: [form]).map(\.name), ["alpha", "beta"])
    }
}
