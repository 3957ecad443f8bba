/// Bad input to a comparison, a report or a summary, in plain words: what was given, why it is
/// refused and what to give instead. One case a refusal; `description` is the message printed.
public enum ComparisonError: Error, CustomStringConvertible, Equatable {
    // Comparing frames
    /// A compared path that does not exist.
    case noSuchPath(String)
    /// A folder on one side and a PNG on the other.
    case folderAgainstFile
    /// Neither folder holds a PNG; `variant` is the first variant folder when `actual` holds a matrix's render.
    case noFrames(actual: String, golden: String, variants: Int, firstVariant: String?)
    /// Folders that overlap (one folder on both sides, `--diff` inside a compared folder): FolderOverlap's sentence.
    case overlap(String)
    /// Two options naming one folder, however spelled.
    case oneFolderTwice(option: String, path: String, otherOption: String, otherPath: String)
    /// `--diff`'s folder cannot be created (`why` in FileProblem's words).
    case cannotCreateDiffFolder(String, why: String)
    /// `--report` given with a PNG, not a folder of frames.
    case reportNeedsFolders(String)

    // Reports
    /// `--name` taken in the report by another scenario's frames.
    case nameTaken(report: String, name: String, source: String, other: String)
    /// A report folder that is not there; `folders`: said of several given (merge) or one (summary).
    case noSuchReport(String, folders: Bool)
    /// A folder without data/; `folders` as for `noSuchReport`.
    case notAReport(String, folders: Bool)
    /// A report to merge into that holds no scenario.
    case nothingToMerge(String)
    case mixedSplits(report: String, name: String, parts: [String])
    case missingShards(report: String, name: String, missing: [Int], of: Int)
    case unreadableData(String)
    case notReportData(String)
    case cannotCreateReportFolder(String, why: String, option: String)
    case cannotCopy(String)

    public var description: String {
        switch self {
        case .noSuchPath(let path): "\(path): no such file or folder"
        case .folderAgainstFile: "compare a folder with a folder or a PNG with a PNG; got one of each"
        case .noFrames(let actual, let golden, let variants, let first?):
            "no PNG frames in \(actual) or \(golden): \(actual) holds \(variants) variant folder(s) "
                + "of a matrix; compare one variant's folders, such as \(actual)/\(first) \(golden)/\(first)"
        case .noFrames(let actual, let golden, _, nil): "no PNG frames in \(actual) or \(golden)"
        case .overlap(let sentence): sentence
        case .oneFolderTwice(let a, let aPath, let b, let bPath): "\(a) \(aPath) and \(b) \(bPath) are one folder; give each its own folder"
        case .cannotCreateDiffFolder(let path, let why): "\(path): cannot create the folder for failure images: \(why); pick another --diff"
        case .reportNeedsFolders(let path): "--report compares folders of frames; \(path) is a file"
        case .nameTaken(let report, let name, let source, let other):
            "\(report) already has a scenario named \(name), from \(other); \(source) would replace it: "
                + "give one of them another name (--name), or another --report folder"
        case .noSuchReport(let path, let folders): "\(path): no such folder; give the \(folders ? "folders" : "folder") that --report wrote"
        case .notAReport(let path, let folders):
            "\(path): not a report folder (it has no data/ folder); give the \(folders ? "folders" : "folder") that --report wrote"
        case .nothingToMerge(let report):
            "\(report): no report data to merge (no data/*.json); give the folder --report wrote, or the shards' report folders after it"
        case .mixedSplits(let report, let name, let parts):
            "\(report): \(name) has parts of different splits (\(parts.joined(separator: ", "))); merge the reports of one run's shards"
        case .missingShards(let report, let name, let missing, let n):
            "\(report): \(name) lacks shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(n); "
                + "give every shard's report folder"
        case .unreadableData(let path): "\(path): cannot read the report's data file; check its permissions"
        case .notReportData(let path):
            "\(path): not report data (it does not read as JSON of a report's scenario); remove it, or run the comparison that wrote it again"
        case .cannotCreateReportFolder(let path, let why, let option): "\(path): cannot create the folder: \(why); pick another \(option)"
        case .cannotCopy(let source): "\(source): cannot read it to copy it into the report; check that it is a readable file or folder"
        }
    }
}
