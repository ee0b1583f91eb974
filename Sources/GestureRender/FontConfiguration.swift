import CCairo

/// Where cairo finds the renderer's face: a fontconfig configuration that
/// knows the font folders, their caches and the rendering defaults, and
/// nothing else.
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
/// When that family is not in those folders, the system's configuration is
/// used after all, so that its substitutes apply.
enum FontConfiguration {
    /// Sets fontconfig's configuration, once, before cairo's first text.
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        guard let config = FcConfigCreate() else { return }
        guard FcConfigParseAndLoadFromMemory(config, document, 1) != 0, FcConfigBuildFonts(config) != 0,
              hasFace(in: config) else {
            FcConfigDestroy(config)
            return
        }
        // The current configuration now owns it.
        FcConfigSetCurrent(config)
        FcConfigDestroy(config)
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

    /// The system's folders and caches (those fontconfig itself and every
    /// distribution list), then the rendering defaults.
    private static let document = """
        <?xml version="1.0"?>
        <fontconfig>
          <dir>/usr/share/fonts</dir>
          <dir>/usr/local/share/fonts</dir>
          <dir prefix="xdg">fonts</dir>
          <dir>~/.fonts</dir>
          <cachedir>/var/cache/fontconfig</cachedir>
          <cachedir prefix="xdg">fontconfig</cachedir>
          <cachedir>~/.fontconfig</cachedir>
          <match target="pattern">
            <edit name="hintstyle" mode="append"><const>hintslight</const></edit>
            <edit name="antialias" mode="append"><bool>true</bool></edit>
            <edit name="lcdfilter" mode="append"><const>lcddefault</const></edit>
          </match>
          <match target="font">
            <test name="family"><string>DejaVu Sans</string></test>
            <test name="pixelsize" compare="less"><double>7.5</double></test>
            <edit name="hinting"><bool>false</bool></edit>
          </match>
        </fontconfig>
        """
}
