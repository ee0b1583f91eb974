extension DemoApp {
    /// The app's version, in this one place: `gesture-demo --version`, the
    /// help overlay and the installed AppStream metainfo (whose newest
    /// release a test holds to it) all read it. Kept in the source rather
    /// than taken from a git tag, because a build from a tarball or from a
    /// clone without tags (as CI makes) must report the same version. A
    /// release bumps it, adds a `<release>` to the metainfo and tags the
    /// commit `v` + this.
    public static let version = "0.1.0"
}
