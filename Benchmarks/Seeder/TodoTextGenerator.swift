/// Makes varied, realistic household to-do titles and descriptions from a fixed seed (same seed, same text).
struct TodoTextGenerator {
    private var random: SplitMix64

    /// A generator whose output is fully determined by `seed`.
    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private static let verbs = [
        "Buy", "Call", "Fix", "Book", "Return", "Pay", "Clean", "Order", "Pick up", "Email", "Water", "Renew",
        "Check", "Plan", "Cancel", "Wash", "Sort", "Replace", "Bake", "Paint", "Post", "Print", "Collect", "Defrost",
    ]
    private static let things = [
        "oat milk", "the dentist", "the leaking tap", "train tickets", "library books", "the electricity bill",
        "the fridge", "birthday cake", "the parcel", "grandma", "the tomato plants", "the passport", "the car tyres",
        "the summer holiday", "the gym membership", "the duvet covers", "old photos", "the smoke alarm battery",
        "bread and eggs", "the school form", "the bike", "a plumber", "the recycling", "coffee beans",
        "the insurance", "spare keys", "the garden fence", "the winter coats", "dog food", "the chimney",
    ]
    private static let whens = [
        "", "", "", " today", " tomorrow", " on Saturday", " before Friday", " this week", " next month",
        " after work", " in the morning", " before the weekend",
    ]
    private static let sentences = [
        "Ask at the counter whether they still have the blue one.",
        "The receipt is in the kitchen drawer under the cutlery tray.",
        "Remember to take the loyalty card; it saves ten percent.",
        "Check the opening hours first, they close early on Wednesdays.",
        "Sam said the shop on Market Street is cheaper.",
        "Need two litres of milk, a loaf of sourdough and some apples.",
        "Phone number is on the fridge magnet.",
        "Could do this on the way back from the station.",
        "Last time it took about forty minutes, so leave enough time.",
        "Compare prices online before ordering anything.",
        "Bring the old part so they can match the size.",
        "Split the cost with the neighbours if they agree.",
        "Don't forget the reference number from the letter.",
        "If it rains, move it to Sunday afternoon.",
        "Write down what the mechanic says about the brakes.",
        "Use the voucher from the birthday card before it expires.",
        "The website keeps timing out, so maybe call instead.",
        "Oat milk is on offer this week at the corner shop.",
        "Ask Alex to help carry the boxes to the car.",
        "Keep the packaging in case it needs to go back.",
    ]

    /// The next title, such as "Buy oat milk before Friday".
    mutating func title() -> String {
        let verb = pick(Self.verbs)
        let thing = pick(Self.things)
        let when = pick(Self.whens)
        return "\(verb) \(thing)\(when)"
    }

    /// The next description: empty about one time in five, otherwise one to four different sentences.
    mutating func description() -> String {
        if random.next() % 5 == 0 { return "" }
        let count = Int(random.next() % 4) + 1
        // Consecutive sentences from a random start: varied, and never the same sentence twice.
        let start = Int(random.next() % UInt64(Self.sentences.count))
        return (0..<count).map { Self.sentences[(start + $0 * 7) % Self.sentences.count] }.joined(separator: " ")
    }

    private mutating func pick(_ options: [String]) -> String {
        options[Int(random.next() % UInt64(options.count))]
    }
}

/// Sebastiano Vigna's SplitMix64: a tiny, fast, seedable pseudo-random generator.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
