import GestureKit
import GestureRender

/// What the player asks of its host for `snapshot NAME [vs GOLDEN ...]`.
public struct SnapshotRequest {
    public var name: String
    public var golden: GoldenComparison?
    public var window: Window

    public init(name: String, golden: GoldenComparison?, window: Window) {
        self.name = name
        self.golden = golden
        self.window = window
    }
}

/// What a snapshot produced: its file, and the comparison's outcome when
/// it named a golden image.
public struct SnapshotOutcome {
    /// The file written, relative to the output folder.
    public var file: String
    public var comparison: AssertionOutcome?

    public init(file: String, comparison: AssertionOutcome? = nil) {
        self.file = file
        self.comparison = comparison
    }
}

/// Renders snapshots into an output folder as `NAME.png`, and compares
/// them with golden images: pixel by pixel, each channel within the
/// tolerance. A failed comparison writes `NAME.diff.png` beside the
/// snapshot (differing pixels red over a faded copy). With
/// `updateGoldens` the snapshot replaces the golden instead, so goldens
/// are made by the app itself.
public struct SnapshotWriter {
    public var outputDirectory: String
    /// Where relative golden paths start (the script's folder).
    public var goldenDirectory: String
    public var updateGoldens: Bool

    public init(outputDirectory: String, goldenDirectory: String, updateGoldens: Bool = false) {
        self.outputDirectory = outputDirectory
        self.goldenDirectory = goldenDirectory
        self.updateGoldens = updateGoldens
    }

    /// Writes `request`'s snapshot; throws only when it cannot be written.
    /// A missing or different golden is a failed check, not an error.
    public func write(_ request: SnapshotRequest) throws -> SnapshotOutcome {
        let file = request.name + ".png"
        let path = ScriptFiles.path(outputDirectory, file)
        // The page, as headless: a title bar the window draws itself is
        // the compositor's affair, not the script's.
        let image = RenderedImage(window: request.window, area: request.window.contentFrame)
        try image.writePNG(to: path)
        guard let golden = request.golden else { return SnapshotOutcome(file: file) }
        return SnapshotOutcome(file: file, comparison: try compare(image, at: path, name: request.name, with: golden))
    }

    /// Where a golden path points.
    public func goldenPath(_ golden: GoldenComparison) -> String {
        golden.path.hasPrefix("/") ? golden.path : ScriptFiles.path(goldenDirectory, golden.path)
    }

    private func compare(_ image: RenderedImage, at snapshotPath: String, name: String,
                         with golden: GoldenComparison) throws -> AssertionOutcome {
        let goldenPath = goldenPath(golden)
        let subject = "snapshot \(name)"
        let expected = "matches \(golden.path)" + (golden.tolerance > 0 ? " within \(golden.tolerance)" : "")
        let fail = { (actual: String, diff: String?) in
            AssertionOutcome(ok: false, subject: subject, expected: expected, actual: actual, diffFile: diff)
        }
        if updateGoldens {
            let folder = ScriptFiles.folder(of: goldenPath)
            if !folder.isEmpty { try ScriptFiles.createFolder(folder) }
            try image.writePNG(to: goldenPath)
            return AssertionOutcome(ok: true, subject: subject, expected: expected, actual: "updated \(golden.path)")
        }
        guard ScriptFiles.exists(goldenPath) else {
            return fail("no golden image at \(goldenPath) (--update-goldens writes it)", nil)
        }
        let actual: RenderedImage, reference: RenderedImage
        do {
            actual = try RenderedImage(contentsOfPNG: snapshotPath)
            reference = try RenderedImage(contentsOfPNG: goldenPath)
        } catch {
            return fail("\(error)", nil)
        }
        guard actual.width == reference.width, actual.height == reference.height else {
            return fail("the snapshot is \(actual.width)x\(actual.height), the golden \(reference.width)x\(reference.height)", nil)
        }
        let difference = ImageDifference.compare(actual, reference, tolerance: golden.tolerance)
        if difference.isMatch {
            let note = difference.largestDifference == 0 ? "identical" : "matches (largest difference \(difference.largestDifference))"
            return AssertionOutcome(ok: true, subject: subject, expected: expected, actual: note)
        }
        let diff = RenderedImage(width: actual.width, height: actual.height)
        _ = ImageDifference.compare(actual, reference, tolerance: golden.tolerance, diff: diff)
        let diffFile = name + ".diff.png"
        try diff.writePNG(to: ScriptFiles.path(outputDirectory, diffFile))
        return fail("\(difference.differingPixels) of \(actual.width * actual.height) pixels differ "
                    + "(largest channel difference \(difference.largestDifference))", diffFile)
    }
}
