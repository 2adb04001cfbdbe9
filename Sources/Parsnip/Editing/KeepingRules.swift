/// How long deleted things wait in the trash and how much history each record keeps.
public struct KeepingRules: Sendable, Hashable {
    /// Days a deleted item can be restored before it leaves the trash for good.
    public var trashDays: Int
    /// Days a change stays in a record's history.
    public var historyDays: Int
    /// The most changes one record's history keeps; older ones make room.
    public var changesPerRecord: Int

    public init(trashDays: Int = 30, historyDays: Int = 365, changesPerRecord: Int = 200) {
        self.trashDays = max(1, trashDays)
        self.historyDays = max(1, historyDays)
        self.changesPerRecord = max(1, changesPerRecord)
    }
}
