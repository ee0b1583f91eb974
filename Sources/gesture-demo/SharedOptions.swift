import ArgumentParser

/// A group of the app's flags that `test` or `compare` declares again:
/// ArgumentParser reads the app's flags wherever they stand, and a
/// subcommand's group of the same type gets the value the app's group read.
///
/// Its values are checked by `check()`, never by `validate()`.
/// ArgumentParser validates a group as it decodes it, and it decodes the
/// app's groups, from the whole command line, before it looks for a
/// subcommand: a bad `test --time-limit 0` would be refused there, with the
/// app's usage line instead of test's. So each command checks its groups
/// itself, with `checkSharedOptions`: a subcommand in its `validate()`, the
/// app at the start of `run()`, which ArgumentParser calls only when no
/// subcommand was given.
protocol SharedOptions: ParsableArguments {
    /// Throws a `ValidationError` naming the flag for a value it does not
    /// take.
    func check() throws
}

/// Checks `groups` in the order given; the first bad value is the one
/// reported. Every command gives its groups in the app's order
/// (`--time-limit`, `--size`, `--thresholds`, `--dpi`), so that the same
/// flags get the same message whichever command they follow.
func checkSharedOptions(_ groups: any SharedOptions...) throws {
    for group in groups {
        try group.check()
    }
}
