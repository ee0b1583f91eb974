import CCairo
import CPosix
import GestureKit

#if canImport(Glibc)
import Glibc
#endif

/// Finds and opens the renderer's faces on a thread of their own while the
/// app does other work, so that its first text does not wait for them.
///
/// A window's first frame measures and sets text: before it, fontconfig
/// reads its font folders' caches and matches the face (`FontConfiguration`),
/// FreeType opens the regular and bold files, and its hinter analyses each
/// face on its first glyph: about 2.5 ms here, all on the way to the first
/// frame. Started as the app starts, that work runs beside the parsing of
/// its arguments and its connection to the compositor. The first text set
/// meanwhile waits for it to end (`wait()`): cairo 1.16 has FreeType open
/// a face outside its lock, and FreeType's list of a library's faces takes
/// one opening at a time. Text comes out the same either way.
public enum FontPreparation {
    /// The preparing thread, while it may still run.
    nonisolated(unsafe) private static var thread: pthread_t?

    /// Starts preparing the faces, once; does nothing if it has started,
    /// or if no thread can be made (the first text then prepares them).
    /// Call from the main thread. Exiting the process, whichever way, waits
    /// a little for the thread (`finish()`).
    public static func start() {
        guard !started else { return }
        started = true
        var created = pthread_t()
        guard pthread_create(&created, nil, { _ in
            FontPreparation.prepare()
            return nil
        }, nil) == 0 else { return }
        thread = created
        atexit { FontPreparation.finish() }
    }

    /// Whether `start()` has run.
    nonisolated(unsafe) private static var started = false

    /// Waits for the preparing thread to end, if it still may run: before
    /// text is first measured or set (`CairoText.select`), on the thread
    /// that started it.
    static func wait() {
        join(within: nil)
    }

    /// How long exiting waits for the preparing thread (seconds). It takes
    /// a few milliseconds; fontconfig with no caches scans every font file
    /// instead (130 ms for this machine's 238), which `--version` should
    /// not wait for.
    static let exitWait = 0.05

    /// Waits for the preparing thread to end, if it still may run, up to
    /// `exitWait`: before the process exits, so that nothing is torn down
    /// under it. A thread still running then is left to the exit.
    public static func finish() {
        join(within: exitWait)
    }

    /// Joins the preparing thread, if it still may run: as long as it takes,
    /// or for at most `seconds`, leaving it to run on after that.
    private static func join(within seconds: Double?) {
        guard let running = thread else { return }
        thread = nil
        if let seconds {
            cposix_thread_join_within(running, seconds)
        } else {
            pthread_join(running, nil)
        }
    }

    /// What the first text would do: the configuration, then each weight's
    /// face resolved and opened in cairo's caches, and a glyph of it set.
    static func prepare() {
        FontConfiguration.install()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }
        for bold in [false, true] {
            CairoText.select(Font(size: 16, bold: bold), in: cr, waitingForPreparation: false)
            var extents = cairo_font_extents_t()
            cairo_font_extents(cr, &extents)
            // One glyph set: FreeType's hinter analyses a face on its first
            // glyph (its heights and stems), for every size after.
            cairo_move_to(cr, 0, 1)
            cairo_show_text(cr, "a")
        }
    }
}
