import CCairo
import CPosix

/// Where cairo finds the renderer's face: a fontconfig configuration that
/// knows the folder of the face's files, its cache and the rendering
/// defaults, and nothing else.
///
/// The first text cairo sets would otherwise load the system's
/// configuration: read and parse every file of `/etc/fonts/conf.d` (about
/// 60 on Debian), some 4 ms before a window's first frame and half a
/// megabyte of parser and rules kept for the life of the app. The renderer
/// asks for one family by name (`CairoText.face`), so the aliases and
/// substitutions those files define never apply to it. The rendering
/// defaults are the ones fontconfig ships and distributions keep (slight
/// hinting, grey antialiasing, the default LCD filter, DejaVu Sans unhinted
/// below 7.5 px), so glyphs come out as before, pixel for pixel; and they
/// no longer depend on a user's own fontconfig files, which the app's
/// goldens never did either.
///
/// Nor are other fonts' caches read: fontconfig maps the cache of every
/// folder it is given and reads all of it, and a desktop's fonts are many
/// (Debian's Noto fonts alone hold a 4 MiB cache, which the app then kept
/// resident, its first frame 5 to 7 ms later). So the configuration names
/// only the folder holding the face's files when one is found under the
/// system's font folders; else all the font folders; and when neither has
/// that family, the system's configuration is used after all, so that its
/// substitutes apply.
enum FontConfiguration {
    /// Sets fontconfig's configuration, once, before cairo's first text.
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        for folders in [faceFolder().map { [$0] }, allFolders].compactMap({ $0 }) {
            guard let config = FcConfigCreate() else { return }
            guard FcConfigParseAndLoadFromMemory(config, document(folders: folders), 1) != 0,
                  FcConfigBuildFonts(config) != 0, hasFace(in: config) else {
                FcConfigDestroy(config)
                continue
            }
            // The current configuration now owns it.
            FcConfigSetCurrent(config)
            FcConfigDestroy(config)
            return
        }
    }()

    /// Whether `config` matches `CairoText.face` to a face of that family.
    private static func hasFace(in config: OpaquePointer) -> Bool {
        guard let pattern = FcNameParse(CairoText.face) else { return false }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return false }
        defer { FcPatternDestroy(match) }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return false }
        return String(cString: family) == CairoText.face
    }

    /// The system's font folders, where the face's own is looked for.
    static let systemFolders = ["/usr/share/fonts", "/usr/local/share/fonts"]

    /// Every font folder (those fontconfig itself and every distribution
    /// list; `xdg:` is under the user's data folder): what a configuration
    /// names when the face's own folder is not found.
    static let allFolders = systemFolders + ["xdg:fonts", "~/.fonts"]

    /// The folder holding the regular face's file (`DejaVuSans.ttf`,
    /// wherever a distribution puts it), up to a few levels below the
    /// system's font folders; nil if there is none.
    static func faceFolder() -> String? {
        let file = CairoText.face.filter { $0 != " " } + ".ttf"
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX))
        for root in systemFolders
        where cposix_find_folder_holding(root, file, 4, &folder, folder.count) == 0 {
            return String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// A configuration of `folders` (an `xdg:` one under the user's data
    /// folder), the system's caches, then the rendering defaults.
    static func document(folders: [String]) -> String {
        let dirs = folders.map { folder in
            folder.hasPrefix("xdg:")
                ? "  <dir prefix=\"xdg\">\(escaped(String(folder.dropFirst(4))))</dir>\n"
                : "  <dir>\(escaped(folder))</dir>\n"
        }.joined()
        return """
            <?xml version="1.0"?>
            <fontconfig>
            \(dirs)  <cachedir>/var/cache/fontconfig</cachedir>
              <cachedir prefix="xdg">fontconfig</cachedir>
              <cachedir>~/.fontconfig</cachedir>
              <match target="pattern">
                <edit name="hintstyle" mode="append"><const>hintslight</const></edit>
                <edit name="antialias" mode="append"><bool>true</bool></edit>
                <edit name="lcdfilter" mode="append"><const>lcddefault</const></edit>
              </match>
              <match target="font">
                <test name="family"><string>\(escaped(CairoText.face))</string></test>
                <test name="pixelsize" compare="less"><double>7.5</double></test>
                <edit name="hinting"><bool>false</bool></edit>
              </match>
            </fontconfig>
            """
    }

    /// `text` with the characters XML reserves written as entities.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for c in text {
            switch c {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(c)
            }
        }
        return result
    }
}
