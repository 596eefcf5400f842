/// Bumped whenever generated output changes for the same options, so the benchmark never
/// reuses inputs made by an older generator (it is written into every manifest).
enum GeneratorVersion {
    static let current = 1
}
