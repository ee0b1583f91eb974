import ArgumentParser

/// `--update-goldens`: one group for the app and `test`. ArgumentParser
/// reads the app's flags wherever they stand, so a flag of the same name
/// declared again by `test` was never set: the app's copy took it. A
/// subcommand's group of the same type gets the value the app's group read.
struct GoldensOption: ParsableArguments {
    @Flag(name: .customLong("update-goldens"),
          help: "Write each 'snapshot NAME vs GOLDEN' as the new golden image instead of comparing.")
    var update = false
}
