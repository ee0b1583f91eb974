import Testing
@testable import GestureTestRunner

@Suite("Shards")
struct ShardTests {
    /// A made-up suite: paths and sizes as a folder of scenarios has them.
    static let suite = (1...23).map { ScriptFile(path: "suite/s\($0 < 10 ? "0" : "")\($0).gds", size: ($0 * 7919) % 3000 + 40) }

    @Test("the shards together are the whole suite, each script in exactly one", arguments: [1, 2, 3, 4, 7, 23, 30])
    func unionIsTheSuite(count: Int) {
        let shards = (1...count).map { Shard(index: $0, count: count).select(Self.suite) }
        let all = shards.flatMap { $0 }
        #expect(all.count == Self.suite.count)
        #expect(Set(all) == Set(Self.suite))
    }

    @Test("the split depends only on paths and sizes: the same for any order the files are listed in")
    func deterministic() {
        let shuffled = Self.suite.reversed() + []
        for i in 1...4 {
            let shard = Shard(index: i, count: 4)
            #expect(shard.select(Self.suite) == shard.select(Array(shuffled)))
        }
    }

    @Test("shards are balanced by size: no shard carries much more than its share")
    func balancedBySize() {
        let loads = Shard.partition(Self.suite, into: 4).map { $0.reduce(0) { $0 + $1.size } }
        let largest = Self.suite.map(\.size).max()!
        #expect(loads.max()! - loads.min()! <= largest, "loads \(loads)")
    }

    @Test("a previous run's durations outweigh sizes: one slow small script gets a shard to itself")
    func balancedByDurations() {
        let scripts = [ScriptFile(path: "a.gds", size: 100), ScriptFile(path: "b.gds", size: 100),
                       ScriptFile(path: "c.gds", size: 100), ScriptFile(path: "slow.gds", size: 10)]
        let durations = ["a.gds": 0.1, "b.gds": 0.1, "c.gds": 0.1, "slow.gds": 5.0]
        let shards = Shard.partition(scripts, into: 2, durations: durations)
        #expect(shards.contains([ScriptFile(path: "slow.gds", size: 10)]), "\(shards)")
    }

    @Test("scripts start heaviest first, equal weights in path order, whatever order they are listed in")
    func heaviestFirst() {
        let scripts = [ScriptFile(path: "d.gds", size: 1), ScriptFile(path: "b.gds", size: 1),
                       ScriptFile(path: "a.gds", size: 1), ScriptFile(path: "c.gds", size: 1)]
        let order = Shard.heaviestFirst(scripts, weights: [2, 5, 2, 1]).map { scripts[$0].path }
        #expect(order == ["b.gds", "a.gds", "d.gds", "c.gds"])
    }

    @Test("--shard takes INDEX/COUNT with 1 <= INDEX <= COUNT; anything else is a usage error",
          arguments: ["0/3", "4/3", "1/0", "a/b", "2", "1/2/3", "-1/2", ""])
    func badShard(_ text: String) {
        if let error = #expect(throws: RunnerError.self, performing: { try Shard(parsing: text) }) {
            #expect(error.exitCode == 2)
            #expect(error.message.contains("--shard expects INDEX/COUNT"))
        }
    }

    @Test("more shards than scripts leaves some shards empty, and still none twice")
    func moreShardsThanScripts() {
        let two = Array(Self.suite.prefix(2))
        let shards = (1...5).map { Shard(index: $0, count: 5).select(two) }
        #expect(shards.filter(\.isEmpty).count == 3)
        #expect(shards.flatMap { $0 }.count == 2)
        #expect(Set(shards.flatMap { $0 }) == Set(two))
    }

    @Test("a matrix of absurd size splits as one just large enough: a script a shard, the rest empty",
          arguments: [ShardTests.suite.count + 1, 1 << 31, Int.max])
    func hugeShardCount(count: Int) throws {
        let shard = try Shard(parsing: "1/\(count)")
        #expect(shard.count == count)
        let own = (1...Self.suite.count).map { Shard(index: $0, count: count).select(Self.suite) }
        #expect(own.allSatisfy { $0.count == 1 })
        #expect(Set(own.flatMap { $0 }) == Set(Self.suite))
        #expect(own == (1...Self.suite.count).map { Shard(index: $0, count: Self.suite.count).select(Self.suite) })
        #expect(Shard(index: count, count: count).select(Self.suite).isEmpty)
        #expect(Shard(index: Self.suite.count + 1, count: count).select(Self.suite).isEmpty)
    }
}
