/// `report --by`: a grouping some report's variant declares (`-- by: view` in Queries/*.sql).
/// The values are the SQL headers', so a new grouping is its SQL file alone; which report
/// takes which is the registry's to say once the report is named (`ReportRunner.variant`).
public struct ReportGrouping: ArgumentValue, Equatable {
    /// As the headers spell it (`view`).
    public let name: String

    public init(argument text: String) throws(ArgumentRefusal) {
        guard let name = Self.values.first(where: { $0 == text.lowercased() }) else {
            let reports = ReportRegistry.reports.filter { $0.variants.contains { $0.by != nil } }.map(\.name)
            throw ArgumentRefusal("takes \(Self.values.map { "'\($0)'" }.joined(separator: " or ")) (the groupings of \(reports.listed("and"))), not '\(text)'")
        }
        self.name = name
    }

    /// Every `by:` of the reports, each once: per kind whose label selects a variant (in
    /// `ReportRunner.parameterKinds`' order), its variants' values sorted.
    public static let values: [String] = {
        let variants = ReportRegistry.files.filter { !$0.isInternal && $0.by != nil }
        var seen: [String] = []
        for kind in ReportRunner.parameterKinds {
            let options = Set(kind.options.map(\.name))
            let taken = variants.filter { $0.parameters.contains { options.contains($0.name) } }.compactMap(\.by)
            for by in Set(taken).sorted() where !seen.contains(by) { seen.append(by) }
        }
        for by in Set(variants.compactMap(\.by)).sorted() where !seen.contains(by) { seen.append(by) }
        return seen
    }()

    public static var choices: [String]? { values }
    public static var placeholder: String { values.joined(separator: "|") }
}
