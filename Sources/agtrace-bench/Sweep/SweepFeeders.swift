import AGTraceCLI
import AGTraceKit
import CommandLineOptions

/// How the sweep feeds what the declarations name: labels of each stored kind, files, values
/// the database knows, numbers. The one place a new kind of value is taught to the sweep: an
/// option or positional it does not know becomes a `SweepGap`, which fails the sweep (and
/// `SweepCLITests`), so a command or option nobody can time never passes unseen. A flag, an
/// option listing its values and a label of a stored kind need no entry.
struct SweepFeeders {
    /// Commands that read no stored data, each with why.
    static let notSwept: [String: String] = [
        "import": "writes: its time is the benchmark's rows 1-10 and every sweep row's budget",
        "lldb-script": "writes the recorder script: reads no database",
        "mcp": "a server on standard input: its tools run the requests of list, query, report, why, walk, diff, compare, cycles and check, swept here",
    ]
    /// Options every command takes that are no part of the work: the sweep gives --db itself.
    static let ignored: Set<String> = ["db", "help"]

    /// Numbers for options that take one: small, valid, and doing the work the option exists for.
    static let numbers: [String: String] = [
        "limit": "10", "top": "5", "depth": "2", "seed": "7", "min-effect": "10", "tolerance": "10", "min-count": "1",
        "max-drop": "50", "max-cycles": "0", "max-warnings": "0", "time-tolerance": "20",
    ]

    /// Commands that read every recording of the database unless given one of these (options
    /// or positionals): their budget is the import of all the inputs.
    static let readsEverythingUnless: [String: Set<String>] = [
        "list": [], "query": [], "cycles": ["console", "trace", "run"],
        "findings": ["snapshot", "run", "trace", "console", "xctrace", "INPUT"],
    ]

    /// Pieces that take a recording of any kind: the case is made once per stored kind.
    static let anyKind: Set<String> = ["compare A", "compare B", "compare --a", "compare --b", "export --compare", "delete LABEL", "findings INPUT"]

    /// The stored kinds, by noun (`InputFormats`).
    let kinds: [String]
    let declarations: [CommandDeclaration]

    init() {
        kinds = InputFormats.storedKinds.map(\.noun)
        declarations = AGTraceCLI.declarations
    }

    /// Every case of every command, and what cannot be fed.
    func cases() -> (cases: [SweepCase], gaps: [SweepGap]) {
        var cases: [SweepCase] = [], gaps: [SweepGap] = []
        for kind in kinds where SweepKind.named(kind) == nil {
            gaps.append(SweepGap(command: "(inputs)", piece: kind, why: "the sweep cannot generate a \(kind) (add it to SweepKind.all)"))
        }
        for declaration in declarations where SweepFeeders.notSwept[declaration.name] == nil {
            for form in declaration.forms {
                let lines: [[SweepPiece]]
                if declaration.name == "report", let name = form.terms.lazy.compactMap({ term -> Positional? in
                    if case .positional(let p) = term { return p }
                    return nil
                }).first {
                    lines = SweepExpansion.reportLines(name: name, options: declaration.options)
                } else {
                    lines = SweepExpansion.lines(form)
                }
                for line in lines {
                    let generic = line.contains { Self.anyKind.contains(key(declaration.name, $0)) }
                    for kind in generic ? kinds.map(Optional.some) : [nil] {
                        switch make(declaration, line, kind: kind) {
                        case .success(let c): cases.append(c)
                        case .failure(let gap): gaps.append(gap)
                        }
                    }
                }
            }
        }
        // One case per command line: forms and optional terms can spell the same line twice.
        var seen: Set<[SweepWord]> = []
        cases = cases.filter { seen.insert($0.words).inserted }
        return (cases, Array(Set(gaps)).sorted { ($0.command, $0.piece) < ($1.command, $1.piece) })
    }

    private func key(_ command: String, _ piece: SweepPiece) -> String {
        switch piece {
        case .option(let o, _): return "\(command) --\(o.name)"
        case .positional(let p, _): return "\(command) \(p.name)"
        case .word(let w): return "\(command) \(w)"
        case .unfed(let what): return what
        }
    }

    /// What one line reads and how: its labels, files and values, in the line's order.
    private struct Context {
        var command: String
        var names: Set<String>
        var kind: String?
        func has(_ name: String) -> Bool { names.contains(name) }
    }

    private func label(_ kind: String, _ side: String = "a", _ index: Int = 1) -> SweepWord { .label(SweepInputs.label(kind, side, index)) }

    private func make(_ declaration: CommandDeclaration, _ line: [SweepPiece], kind: String?) -> Result<SweepCase, SweepGap> {
        let context = Context(command: declaration.name, names: Set(line.compactMap(\.optionName)), kind: kind)
        var words: [SweepWord] = [.text(declaration.name)]
        var c = SweepCase(command: declaration.name, words: [], options: [], positionals: [])
        var sourceWords: [SweepWord] = []
        let baselineOptions = Set(declarations.first { $0.name == "baseline" }?.options.map(\.name) ?? []).subtracting(["output"])
        for piece in line {
            let fed: [SweepWord]
            switch feed(piece, context) {
            case .success(let f): fed = f
            case .failure(let gap): return .failure(gap)
            }
            words += fed
            switch piece {
            case .option(let o, let choice):
                c.options.insert(o.name)
                if let choice { c.options.insert("\(o.name)=\(choice)") }
                // What `baseline` takes too, for the baseline `check --baseline` reads.
                if declaration.name == "check", baselineOptions.contains(o.name) { sourceWords += fed }
            case .positional(let p, _):
                c.positionals.insert(p.name)
                if declaration.name == "check" { sourceWords += fed }
            case .word, .unfed: break
            }
        }
        words += [.text("--db"), .database]
        c.words = words
        for word in words {
            switch word {
            case .label(let l): if !c.reads.contains(l) { c.reads.append(l) }
            case .file(let f): if !c.imports.contains(f) { c.imports.append(f) }
            case .value(let v): if let l = v.label, !c.reads.contains(l) { c.reads.append(l) }
            default: break
            }
        }
        if declaration.name == "check" {
            c.exits = [0, 1]
            if context.has("baseline") {
                c.setup.append([.text("baseline")] + sourceWords + [.text("--output"), .scratch("baseline"), .text("--db"), .database])
            }
        }
        if declaration.name == "findings", context.has("baseline") {
            // The accepted findings of the same recordings: labels, after their option or alone.
            var given: [SweepWord] = []
            var previous: SweepWord?
            for w in words.dropFirst() {
                if case .label = w {
                    if case .text(let t)? = previous, t.hasPrefix("--") { given += [.text(t), w] } else { given.append(w) }
                }
                previous = w
            }
            c.setup.append([.text("findings")] + given + [.text("--baseline"), .scratch("baseline"), .text("--update-baseline"), .text("--db"), .database])
        }
        if declaration.name == "delete" { c.freshDatabase = c.reads }
        if let unless = Self.readsEverythingUnless[declaration.name], unless.isDisjoint(with: c.options.union(c.positionals)) {
            c.readsEverything = true
        }
        return .success(c)
    }

    /// The words for one piece, or why the sweep cannot feed it.
    private func feed(_ piece: SweepPiece, _ context: Context) -> Result<[SweepWord], SweepGap> {
        let command = context.command
        func gap(_ what: String, _ why: String) -> Result<[SweepWord], SweepGap> {
            .failure(SweepGap(command: command, piece: what, why: why))
        }
        switch piece {
        case .word(let w): return .success([.text(w)])
        case .unfed(let what): return gap(what, "no declared option takes it")
        case .positional(let p, let value):
            if let value { return .success([.text(value)]) }
            return positional(p, context).map { .success($0) } ?? gap(p.name, "SweepFeeders knows no value for this positional")
        case .option(let o, let choice):
            guard !Self.ignored.contains(o.name) else { return .success([]) }
            if let choice { return .success([.text("--\(o.name)"), .text(choice)]) }
            if o.valueName == nil { return .success([.text("--\(o.name)")]) }
            return option(o, context).map { .success([.text("--\(o.name)")] + $0) } ?? gap("--\(o.name)", "SweepFeeders knows no value for this option")
        }
    }

    /// The kind whose label option `name` is (`snapshot` for --snapshot, --from, --to).
    private func kind(ofOption name: String) -> String? {
        InputFormats.storedKinds.first { $0.options.contains { $0.name == name } }?.noun
    }

    /// The recording the line is about, for values: the kind of its label or file option.
    private func subject(_ context: Context) -> String? {
        for name in ["trace", "xctrace", "run", "transcript", "console", "snapshot", "archive"] where context.has(name) {
            switch name {
            case "transcript": return "run"
            case "archive": return "snapshot"
            default: return kind(ofOption: name)
            }
        }
        return context.kind
    }

    private func option(_ o: OptionSpec, _ context: Context) -> [SweepWord]? {
        if let number = Self.numbers[o.name] { return [.text(number)] }
        let given = context.kind
        switch o.name {
        case "snapshot":
            if context.command == "compare" {
                // A dump naming each side's run, A's then B's (the option is given twice).
                return [.label(SweepInputs.namesLabel(SweepInputs.label("run", "a"))), .text("--snapshot"),
                        .label(SweepInputs.namesLabel(SweepInputs.label("run", "b")))]
            }
            if context.has("run") { return [.label(SweepInputs.namesLabel(SweepInputs.label("run", "a")))] }
            // A dump taken after a write: what `why` explains.
            return [label("snapshot", context.command == "why" ? "b" : "a")]
        case "from": return [label("snapshot", "a")]
        case "to": return [label("snapshot", "b")]
        case "transcript": return [.file(SweepInputs.label("run", "a"))]
        case "archive":
            return [.file(context.has("transcript") ? SweepInputs.namesLabel(SweepInputs.label("run", "a")) : SweepInputs.label("snapshot", "a"))]
        case "a", "b":
            guard let given else { return nil }
            return (1...SweepInputs.groupSize).map { label(given, o.name, $0) }
        case "compare":
            guard let given else { return nil }
            return [label(given, "a"), label(given, "b")]
        case "view":
            switch subject(context) {
            case "trace": return [.value(.traceView(SweepInputs.label("trace", "a")))]
            case "recording": return [.value(.recordingView(SweepInputs.label("recording", "a")))]
            case "run": return [.value(.dumpView(SweepInputs.namesLabel(SweepInputs.label("run", "a"))))]
            case "snapshot": return [.value(.dumpView(SweepInputs.label("snapshot", context.command == "why" ? "b" : "a")))]
            default: return nil
            }
        case "at": return [.value(.middleWrite(SweepInputs.label("trace", "a")))]
        case "focus": return [.value(.hub(SweepInputs.label("snapshot", "a")))]
        case "output": return [.output]
        case "source": return [.sources]
        case "baseline": return [.scratch("baseline")]
        default:
            if let labelKind = kind(ofOption: o.name) { return [label(labelKind)] }
            return nil
        }
    }

    private func positional(_ p: Positional, _ context: Context) -> [SweepWord]? {
        switch (context.command, p.name) {
        case ("compare", "A"), ("delete", "LABEL"), ("findings", "INPUT"):
            return context.kind.map { [label($0, "a")] }
        case ("compare", "B"): return context.kind.map { [label($0, "b")] }
        case ("diff", "S1"): return [label("snapshot", "a")]
        case ("diff", "S2"): return [label("snapshot", "b")]
        case ("query", "SQL"):
            // A scan of the largest table, so the query grows with the database.
            return [.text("SELECT count(*), sum(attribute) FROM nodes")]
        case (_, "ATTR"):
            switch subject(context) {
            case "trace": return [.value(context.command == "walk" ? .written(SweepInputs.label("trace", "a")) : .evaluated(SweepInputs.label("trace", "a")))]
            case "run": return [.value(.updated(SweepInputs.label("run", "a")))]
            case "snapshot": return [.value(context.command == "why" ? .dirty(SweepInputs.label("snapshot", "b")) : .hub(SweepInputs.label("snapshot", "a")))]
            default: return nil
            }
        case (_, "RECORDING"):
            // The input's repeated recordings: A2-A5 of its kind, files where the input is a file.
            for name in ["transcript", "archive", "run", "snapshot", "trace", "console", "xctrace"] where context.has(name) {
                let kind = name == "transcript" ? "run" : name == "archive" ? "snapshot" : self.kind(ofOption: name) ?? name
                let file = name == "transcript" || name == "archive"
                return (2...SweepInputs.groupSize).map { file ? .file(SweepInputs.label(kind, "a", $0)) : label(kind, "a", $0) }
            }
            return nil
        default: return nil
        }
    }
}

extension SweepValue {
    /// The label the value is looked up in.
    var label: String? {
        switch self {
        case .hub(let l), .dirty(let l), .dumpView(let l), .written(let l), .evaluated(let l), .traceView(let l),
             .middleWrite(let l), .updated(let l), .recordingView(let l): return l
        }
    }
}
