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
/// are made by the app itself. A snapshot whose file (or diff image)
/// would be its golden, as when the output folder is the goldens' and
/// the names agree, is refused before anything is written: written over
/// its golden, it would always match it.
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

    /// Writes `request`'s snapshot; throws only when it cannot be written,
    /// or would be written over its golden. A missing or different golden
    /// is a failed check, not an error.
    public func write(_ request: SnapshotRequest) throws -> SnapshotOutcome {
        let file = request.name + ".png"
        let path = ScriptFiles.path(outputDirectory, file)
        let golden = request.golden.map { (comparison: $0, path: goldenPath($0)) }
        if let golden {
            for output in outputs(of: request.name, compared: true) where ScriptFiles.isSameFile(output, golden.path) {
                throw ScriptFileError(path: output, action: "write",
                                      reason: "it is the golden image \(golden.comparison.path) itself; "
                                          + "write the snapshots to another folder (--out)")
            }
        }
        // The page, as headless: a title bar the window draws itself is
        // the compositor's affair, not the script's.
        let comparing = golden != nil && !updateGoldens
        // What the golden is, known before the snapshot is written: a link
        // to where the snapshot goes is no golden.
        let goldenKind = comparing ? golden.map { ScriptFiles.kind(of: $0.path) } ?? .missing : .missing
        let shot = try Self.render(request, to: path, golden: updateGoldens ? golden?.path : nil,
                                   keepingForComparison: comparing)
        guard let golden else { return SnapshotOutcome(file: file) }
        return SnapshotOutcome(file: file, comparison: try compare(shot, at: path, name: request.name,
                                                                   with: golden.comparison, at: golden.path,
                                                                   goldenKind: goldenKind))
    }

    /// The diff image a failed comparison of snapshot `name` writes.
    static func diffFile(_ name: String) -> String { name + ".diff.png" }

    /// The files `script`'s snapshots may write in the output folder, each
    /// with its snapshot's name: `NAME.png`, and `NAME.diff.png` for one
    /// compared with a golden image.
    public func files(of script: Script) -> [(snapshot: String, path: String)] {
        script.commands.flatMap { line -> [(snapshot: String, path: String)] in
            guard case .snapshot(let name, let golden) = line.command else { return [] }
            return outputs(of: name, compared: golden != nil).map { (name, $0) }
        }
    }

    /// The files snapshot `name` writes in the output folder: its PNG, and
    /// its diff image when it is `compared` with a golden (not when
    /// `updateGoldens` writes the golden instead).
    private func outputs(of name: String, compared: Bool) -> [String] {
        let png = ScriptFiles.path(outputDirectory, name + ".png")
        guard compared, !updateGoldens else { return [png] }
        return [png, ScriptFiles.path(outputDirectory, Self.diffFile(name))]
    }

    /// A snapshot as written: its size, and the image itself when the
    /// comparison may use it as it is.
    private struct Shot {
        let width: Int, height: Int
        let image: RenderedImage?
    }

    /// Renders `request`'s window to a PNG at `path`, and copies it to
    /// `golden` too when given (its folder made first): the same bytes,
    /// without compressing the image a second time. The golden must match
    /// the pixels stored, so the image is kept for the comparison only
    /// when the file holds it exactly (an opaque one, as a window's is);
    /// otherwise it is let go once written and the comparison reads the
    /// file back, and a snapshot of the largest window is a GiB.
    private static func render(_ request: SnapshotRequest, to path: String, golden: String?,
                               keepingForComparison: Bool) throws -> Shot {
        let image = RenderedImage(window: request.window, area: request.window.contentFrame)
        let exact = try image.writePNG(to: path)
        if let golden {
            let folder = ScriptFiles.folder(of: golden)
            if !folder.isEmpty { try ScriptFiles.createFolder(folder) }
            try ScriptFiles.copyFile(path, to: golden)
        }
        return Shot(width: image.width, height: image.height, image: keepingForComparison && exact ? image : nil)
    }

    /// Where a golden path points.
    public func goldenPath(_ golden: GoldenComparison) -> String {
        golden.path.hasPrefix("/") ? golden.path : ScriptFiles.path(goldenDirectory, golden.path)
    }

    private func compare(_ shot: Shot, at snapshotPath: String, name: String,
                         with golden: GoldenComparison, at goldenPath: String,
                         goldenKind: FileKind) throws -> AssertionOutcome {
        let subject = "snapshot \(name)"
        let expected = "matches \(golden.path)" + (golden.tolerance > 0 ? " within \(golden.tolerance)" : "")
        let fail = { (actual: String, diff: String?) in
            AssertionOutcome(ok: false, subject: subject, expected: expected, actual: actual, diffFile: diff)
        }
        if updateGoldens {
            return AssertionOutcome(ok: true, subject: subject, expected: expected, actual: "updated \(golden.path)")
        }
        switch goldenKind {
        case .missing:
            return fail("no golden image at \(goldenPath) (--update-goldens writes it)", nil)
        case .other(let kind):
            // Not read at all: a FIFO or a terminal would keep the run
            // waiting for bytes that may never come.
            return fail("\(goldenPath) is \(kind), not a PNG file", nil)
        case .regular:
            break
        }
        // The golden first: one of another size fails the check without
        // the snapshot being read back at all.
        let reference: RenderedImage, actual: RenderedImage
        do {
            reference = try RenderedImage(contentsOfPNG: goldenPath)
            guard shot.width == reference.width, shot.height == reference.height else {
                return fail("the snapshot is \(shot.width)x\(shot.height), the golden \(reference.width)x\(reference.height)", nil)
            }
            actual = try shot.image ?? RenderedImage(contentsOfPNG: snapshotPath)
        } catch {
            return fail("\(error)", nil)
        }
        let difference = ImageDifference.compare(actual, reference, tolerance: golden.tolerance)
        if difference.isMatch {
            let note = difference.largestDifference == 0 ? "identical" : "matches (largest difference \(difference.largestDifference))"
            return AssertionOutcome(ok: true, subject: subject, expected: expected, actual: note)
        }
        let diff = RenderedImage(width: actual.width, height: actual.height)
        _ = ImageDifference.compare(actual, reference, tolerance: golden.tolerance, diff: diff)
        let diffFile = Self.diffFile(name)
        try diff.writePNG(to: ScriptFiles.path(outputDirectory, diffFile))
        return fail("\(difference.differingPixels) of \(actual.width * actual.height) pixels differ "
                    + "(largest channel difference \(difference.largestDifference))", diffFile)
    }
}
