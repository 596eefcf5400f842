import AGTraceKit
import CommandLineOptions

/// A piece of a command line as its declaration names it, before the sweep feeds it a value.
enum SweepPiece {
    /// An option; `choice` is the value of an option whose values are listed (`--by rule`).
    case option(OptionSpec, choice: String?)
    case positional(Positional, value: String?)
    case word(String)
    /// Something the declarations ask for that has no declaration to feed (a report parameter
    /// no option takes).
    case unfed(String)

    var optionName: String? {
        if case .option(let o, _) = self { return o.name }
        return nil
    }
}

/// The command lines a command's usage forms allow, made from the declarations alone: each
/// form's required terms, every branch of a `( a | b )`, and then each `[optional]` term added
/// one at a time (nested ones inside their own), every value of an option that lists its values
/// (`--format table|csv|json|markdown`) in a line of its own. `report NAME` expands per variant
/// of the report registry (Queries/): its required labels, its `--by` and `--details`, then its
/// optional labels, its flags and the report-wide options one at a time.
enum SweepExpansion {
    /// The values of an option that lists them (lowercase words joined by `|`, each accepted by
    /// its kind), nil for a placeholder (`FILE`, `N`, `FILE|T`).
    static func choices(_ option: OptionSpec) -> [String]? {
        guard let name = option.valueName, !name.isEmpty,
              name.allSatisfy({ $0.isLowercase || $0 == "|" || $0 == "-" }) else { return nil }
        let values = name.split(separator: "|").map(String.init)
        guard values.allSatisfy({ if case .success = option.kind.read(option.name, $0) { return true } else { return false } }) else { return nil }
        return values
    }

    static func lines(_ form: UsageForm) -> [[SweepPiece]] { all(form.terms) }

    /// Every line of `terms`: the bases, then each optional term's lines on each base.
    static func all(_ terms: [UsageTerm]) -> [[SweepPiece]] {
        var result = bases(terms)
        for (i, term) in terms.enumerated() {
            let extra = extras(term)
            guard !extra.isEmpty else { continue }
            let before = bases(Array(terms[..<i])), after = bases(Array(terms[(i + 1)...]))
            for e in extra {
                for b in before { for a in after { result.append(b + e + a) } }
            }
        }
        return result
    }

    /// The lines of `terms` with every optional term left out.
    static func bases(_ terms: [UsageTerm]) -> [[SweepPiece]] {
        terms.reduce([[]]) { partial, term in partial.flatMap { p in base(term).map { p + $0 } } }
    }

    private static func base(_ term: UsageTerm) -> [[SweepPiece]] {
        switch term {
        case .option(let o): return optionLines(o)
        case .optional: return [[]]
        case .oneOf(let choices): return choices.flatMap { bases($0) }
        case .positional(let p): return p.mayBeLeftOut ? [[]] : [[.positional(p, value: nil)]]
        case .word(let w): return [[.word(w)]]
        }
    }

    /// What a term adds to a base: an optional term's own lines; a branch's optional terms.
    private static func extras(_ term: UsageTerm) -> [[SweepPiece]] {
        switch term {
        case .optional(let inner): return all(inner)
        case .oneOf(let choices): return choices.flatMap { Array(all($0).dropFirst(bases($0).count)) }
        case .positional(let p) where p.mayBeLeftOut: return [[.positional(p, value: nil)]]
        default: return []
        }
    }

    static func optionLines(_ o: OptionSpec) -> [[SweepPiece]] {
        if let values = choices(o) { return values.map { [.option(o, choice: $0)] } }
        return [[.option(o, choice: nil)]]
    }

    /// `report NAME …`: per variant of every report. `options` are the command's declared
    /// options (labels, `--by`, `--details`, flags and the rest by name).
    static func reportLines(name: Positional, options: [OptionSpec]) -> [[SweepPiece]] {
        func spec(_ n: String) -> OptionSpec? { options.first { $0.name == n } }
        let labels = Set(ReportRunner.parameterOptions)
        let flags = Set(ReportRunner.flags)
        // The options every variant takes (--format, --limit, --wide): not labels, --by,
        // --details or a variant's flag, nor --list (the other form's).
        let reportWide = options.filter { !labels.contains($0.name) && !flags.contains($0.name) && !["by", "details", "list"].contains($0.name) }
        var lines: [[SweepPiece]] = []
        for report in ReportRegistry.reports {
            for variant in report.variants {
                var base: [SweepPiece] = [.positional(name, value: report.name)]
                for p in variant.required { base.append(spec(p).map { .option($0, choice: nil) } ?? .unfed("report \(report.name): parameter \(p)")) }
                if let by = variant.by, let o = spec("by") { base.append(.option(o, choice: by)) }
                if variant.details, let o = spec("details") { base.append(.option(o, choice: nil)) }
                lines.append(base)
                var extras: [[SweepPiece]] = variant.optional.map { p in [spec(p).map { .option($0, choice: nil) } ?? .unfed("report \(report.name): parameter \(p)")] }
                extras += variant.flags.map { f in [spec(f).map { .option($0, choice: nil) } ?? .unfed("report \(report.name): flag \(f)")] }
                extras += reportWide.flatMap(optionLines)
                lines += extras.map { base + $0 }
            }
        }
        return lines
    }
}

extension Positional {
    /// `[NAME]` or `[NAME...]`: a positional the line may leave out, added like an optional term.
    var mayBeLeftOut: Bool { arity == .optional || arity == .zeroOrMore }
}
