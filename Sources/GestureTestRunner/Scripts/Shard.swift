/// One of `count` parts of a suite, for a CI matrix (`--shard 2/4`): every
/// machine of the matrix runs the same command with its own index, and
/// together they run every script exactly once.
///
/// The split is deterministic: it depends only on the scripts' paths and
/// weights, never on the machine, the order files are listed in, or the
/// time. Scripts are dealt heaviest first (ties by path) to the lightest
/// shard so far (ties to the lowest index): the classic longest-first
/// greedy, within 4/3 of the best possible balance. The weight is a
/// previous run's duration where one is known, else the file's size
/// scaled to the known durations (a script's length predicts how long it
/// plays well enough).
public struct Shard: Sendable, Equatable {
    /// 1-based, as CI matrices count.
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `I/N` with 1 <= I <= N.
    public init(parsing text: String) throws(RunnerError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw .usage("--shard expects INDEX/COUNT with 1 <= INDEX <= COUNT (e.g. 2/4), got '\(text)'")
        }
        self.init(index: i, count: n)
    }

    /// The scripts of this shard, in path order: none for an index past
    /// the number of scripts.
    public func select(_ scripts: [ScriptFile], durations: [String: Double] = [:]) -> [ScriptFile] {
        select(scripts, weights: Shard.weights(scripts, durations: durations)).map { scripts[$0] }
    }

    /// The same as indices into `scripts`, given each script's weight
    /// (`weights(_:durations:)`).
    func select(_ scripts: [ScriptFile], weights: [Double]) -> [Int] {
        let shards = Shard.partition(scripts, into: count, weights: weights)
        return index >= 1 && index <= shards.count ? shards[index - 1] : []
    }

    /// The first `count` shards, each in path order, but never more shards
    /// than scripts (at least one): with more shards than scripts, every
    /// script gets a shard of its own and the shards past them are empty,
    /// so a matrix of any size (`--shard 1/9223372036854775807`) costs
    /// nothing for the shards it leaves empty.
    public static func partition(_ scripts: [ScriptFile], into count: Int,
                                 durations: [String: Double] = [:]) -> [[ScriptFile]] {
        partition(scripts, into: count, weights: weights(scripts, durations: durations)).map { $0.map { scripts[$0] } }
    }

    /// The same as indices into `scripts`, given each script's weight.
    static func partition(_ scripts: [ScriptFile], into count: Int, weights: [Double]) -> [[Int]] {
        // Dealt lightest first, ties to the lowest index: while some of the
        // first shards are still empty, no script goes past them, so the
        // shards past the number of scripts would stay empty anyway.
        var shards = [[Int]](repeating: [], count: max(min(count, scripts.count), 1))
        var loads = [Double](repeating: 0, count: shards.count)
        for i in heaviestFirst(scripts, weights: weights) {
            let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
            shards[lightest].append(i)
            loads[lightest] += weights[i]
        }
        return shards.map { $0.sorted { scripts[$0].path < scripts[$1].path } }
    }

    /// The indices of `scripts`, heaviest first by `weights` (one each,
    /// in the same order), ties by path: the order shards are dealt in,
    /// and the order a run starts its scripts in, so that no long script
    /// starts last while the other workers idle.
    static func heaviestFirst(_ scripts: [ScriptFile], weights: [Double]) -> [Int] {
        scripts.indices.sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : scripts[$0].path < scripts[$1].path }
    }

    /// Each script's expected seconds, in order: its duration in an
    /// earlier run, else its size at the seconds per byte of the scripts
    /// whose durations are known (1 when none are); even an empty file
    /// counts as one byte, since it costs a worker's start.
    static func weights(_ scripts: [ScriptFile], durations: [String: Double]) -> [Double] {
        let perByte = secondsPerByte(scripts, durations: durations)
        return scripts.map { durations[$0.path] ?? Double(max($0.size, 1)) * perByte }
    }

    private static func secondsPerByte(_ scripts: [ScriptFile], durations: [String: Double]) -> Double {
        let timed = scripts.filter { durations[$0.path] != nil }
        let bytes = timed.reduce(0) { $0 + max($1.size, 1) }
        let seconds = timed.reduce(0.0) { $0 + durations[$1.path]! }
        return bytes > 0 && seconds > 0 ? seconds / Double(bytes) : 1
    }
}
