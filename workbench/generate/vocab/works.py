"""Word lists for the names of creative works (films, books, albums, songs, games, episodes),
their one-line synopses, city and district names, and the tags of a row.

Titles are composed from templates and parts that belong to one medium, so a film reads like
a film ("The Silent Harbor", "Midnight in Lisbon") and an album like an album; the product of
the parts gives a unique column thousands of titles before any of them needs a number."""

from __future__ import annotations

WORK_ADJECTIVES = [
    "Silent", "Crimson", "Forgotten", "Last", "Hidden", "Broken", "Golden", "Endless", "Wild",
    "Burning", "Distant", "Secret", "Frozen", "Lost", "Hollow", "Electric", "Quiet", "Iron",
    "Paper", "Velvet", "Restless", "Northern", "Shattered", "Fading", "Rising", "Scarlet",
    "Bitter", "Sleeping", "Wandering", "Final", "Painted", "Invisible", "Fallen", "Crooked",
]  # fmt: skip
WORK_NOUNS = [
    "Harbor", "Empire", "Garden", "River", "Horizon", "Kingdom", "Shadow", "Storm", "Promise",
    "Letter", "Road", "Island", "Summer", "Winter", "Heart", "Mirror", "Orchard", "Frontier",
    "Crown", "Tide", "Station", "Season", "Echo", "Signal", "Compass", "Lighthouse", "Voyage",
    "Witness", "Stranger", "Border", "Bridge", "Valley", "Engine", "Fortune", "Country",
]  # fmt: skip
WORK_PLACES = [
    "Lisbon", "Vienna", "Havana", "Tangier", "Montana", "the Valley", "the North", "Paris",
    "Kyoto", "Marseille", "the Desert", "Harlem", "Sicily", "the Bay", "Prague", "Budapest",
]  # fmt: skip
WORK_TIMES = ["Midnight", "Dawn", "Winter", "Summer", "Sunday", "Yesterday", "Twilight", "Autumn"]
WORK_PEOPLE = [
    "Stranger", "Widow", "Thief", "Pilot", "Gardener", "Detective", "Queen", "Drifter",
    "Architect", "Cartographer", "Magician", "Soldier", "Heiress", "Watchmaker", "Ferryman",
]  # fmt: skip

# medium -> templates over {a} adjective, {n} noun, {m} second noun, {p} place, {t} time,
# {w} person
WORK_TEMPLATES: dict[str, list[str]] = {
    "film": [
        "The {a} {n}", "{a} {n}", "{t} in {p}", "The {w}'s {n}", "Return to {p}",
        "The Last {w}", "{n} of the {a} {m}", "Beyond the {n}", "A {n} in {p}", "{a} {w}",
    ],
    "book": [
        "The {a} {n}", "The {w} of {p}", "A {n} of {m}s", "The {n} Keeper", "{t} Letters",
        "The {w}'s Daughter", "Notes from {p}", "The House by the {n}", "{a} {m}s",
        "What the {n} Remembers",
    ],
    "album": [
        "{a} {n}", "{n}s", "Songs from {p}", "{t} Sessions", "Live in {p}", "{a} {m}s",
        "The {n} Tapes", "{n} & {m}", "Letters to {p}", "{t} Radio",
    ],
    "song": [
        "{a} {n}", "Hold On to {t}", "{n} Song", "Back to {p}", "{t} Blues",
        "Whatever the {n} Says", "Dancing in the {n}", "{a} Heart", "Call Me {w}", "{p} Rain",
    ],
    "game": [
        "{n} of {p}", "{a} {n}", "{n}fall", "The {a} {m}: {w}'s Tale", "{n} Tactics",
        "Legends of the {n}", "{n} Rising", "{a} {n} II", "{m} Quest", "Tales of {p}",
    ],
    "episode": [
        "Pilot", "The {a} {n}", "The One With the {n}", "{t} Shift", "Part Two", "The {w}",
        "{n} and {m}", "Homecoming", "What the {w} Saw", "{a} {m}", "The {n} Job",
    ],
}  # fmt: skip

# One-line synopses: "A {tone} {genre} of a {who} who must {goal} in {setting}".
SYNOPSIS_TONES = [
    "Thoughtful", "Gripping", "Fast-Paced", "Heartwarming", "Haunting", "Witty", "Sweeping",
    "Quiet", "Darkly Comic", "Tense", "Intimate", "Epic", "Astounding", "Brilliant",
]  # fmt: skip
SYNOPSIS_GENRES: dict[str, list[str]] = {
    "film": [
        "Drama", "Thriller", "Comedy", "Documentary", "Western", "Romance", "Mystery",
        "Adventure", "Science Fiction Story", "Road Movie", "Heist Film", "Period Piece",
    ],
    "book": [
        "Novel", "Memoir", "Thriller", "Family Saga", "Mystery", "Short Story Collection",
        "Historical Novel", "Coming-of-Age Story",
    ],
    "game": [
        "Strategy Game", "Role-Playing Game", "Puzzle Adventure", "Platformer", "Survival Game",
        "Racing Game", "City Builder",
    ],
}  # fmt: skip
SYNOPSIS_PEOPLE = [
    "retired detective", "young chef", "reluctant heir", "small-town teacher", "war photographer",
    "struggling musician", "lighthouse keeper", "forensic accountant", "runaway bride",
    "former boxer", "stubborn grandmother", "rookie journalist", "disgraced surgeon",
    "night-shift nurse", "lonely astronaut", "street magician", "retired spy", "ship's cook",
]  # fmt: skip
SYNOPSIS_GOALS = [
    "uncover a family secret", "win back a lost love", "outwit a corrupt mayor",
    "save the family vineyard", "solve a decades-old murder", "cross the country on foot",
    "rebuild a burned-down bakery", "find a missing sister", "survive one last winter",
    "protect a stolen painting", "prove an old friend innocent", "get home before Christmas",
    "expose a powerful company", "escape a sinking ship", "keep a promise to a dying father",
]  # fmt: skip
SYNOPSIS_SETTINGS = [
    "a small fishing town", "1920s Shanghai", "a remote space station", "the Scottish Highlands",
    "a crumbling Venetian palace", "a New York diner", "the Australian outback",
    "a snowbound hotel", "post-war Berlin", "a travelling circus", "a Tokyo office tower",
    "a Mississippi river town", "a village cut off by a storm", "a Paris bookshop",
]  # fmt: skip

# Cities of the world, the most populous markets first (pools are picked with a Zipf-like
# skew, so their order is their popularity). Place names identify no one.
WORLD_CITIES = [
    "London", "New York", "Paris", "Tokyo", "Berlin", "Toronto", "Sydney", "Madrid", "Chicago",
    "Mumbai", "São Paulo", "Amsterdam", "Los Angeles", "Rome", "Barcelona", "Munich", "Seoul",
    "Mexico City", "Singapore", "Melbourne", "Vienna", "Stockholm", "Dublin", "Milan",
    "Hamburg", "Lisbon", "Warsaw", "Prague", "Boston", "Seattle", "Vancouver", "Montreal",
    "San Francisco", "Manchester", "Lyon", "Osaka", "Bengaluru", "Buenos Aires", "Cape Town",
    "Istanbul", "Copenhagen", "Oslo", "Helsinki", "Brussels", "Zurich", "Geneva", "Athens",
    "Budapest", "Bucharest", "Cologne", "Frankfurt", "Edinburgh", "Bristol", "Glasgow",
    "Marseille", "Bordeaux", "Porto", "Valencia", "Seville", "Naples", "Turin", "Florence",
    "Kraków", "Gdańsk", "Rotterdam", "Utrecht", "Antwerp", "Gothenburg", "Bergen", "Aarhus",
    "Austin", "Denver", "Atlanta", "Miami", "Portland", "San Diego", "Minneapolis", "Dallas",
    "Houston", "Philadelphia", "Phoenix", "Nashville", "Calgary", "Ottawa", "Quebec City",
    "Auckland", "Wellington", "Brisbane", "Perth", "Adelaide", "Kyoto", "Nagoya", "Busan",
    "Taipei", "Hong Kong", "Bangkok", "Kuala Lumpur", "Jakarta", "Manila", "Hanoi",
    "Ho Chi Minh City", "Delhi", "Chennai", "Hyderabad", "Pune", "Kolkata", "Dubai", "Doha",
    "Tel Aviv", "Cairo", "Casablanca", "Nairobi", "Lagos", "Accra", "Johannesburg", "Lima",
    "Bogotá", "Santiago", "Montevideo", "Rio de Janeiro", "Curitiba", "Guadalajara",
    "Monterrey", "Havana", "San Juan", "Reykjavik", "Tallinn", "Riga", "Vilnius", "Ljubljana",
    "Zagreb", "Sofia", "Belgrade", "Bratislava", "Salzburg", "Innsbruck", "Basel", "Lausanne",
    "Nice", "Toulouse", "Nantes", "Lille", "Strasbourg", "Bologna", "Genoa", "Palermo",
    "Bilbao", "Malaga", "Granada", "Leeds", "Liverpool", "Birmingham", "Cardiff", "Belfast",
    "Cork", "Galway", "Leipzig", "Dresden", "Stuttgart", "Düsseldorf", "Bremen", "Hanover",
    "Nuremberg", "Heidelberg", "Malmö", "Uppsala", "Tampere", "Turku", "Wrocław", "Poznań",
]  # fmt: skip

# Districts and neighbourhoods that could belong to any city: a direction or age, and a
# feature of the town ("Old Harbour", "North Park", "Westfield").
DISTRICT_PREFIXES = [
    "North", "South", "East", "West", "Old", "New", "Upper", "Lower", "Central", "Little",
    "Great", "Saint", "Kings", "Queens", "Market", "Mill", "Church", "Castle", "River", "Bay",
]  # fmt: skip
DISTRICT_FEATURES = [
    "Park", "Town", "Bridge", "Harbour", "Hill", "Gate", "Field", "Green", "Heights", "Quarter",
    "Docks", "Meadows", "Wharf", "Common", "Cross", "End", "Grove", "Village", "Square", "Vale",
]  # fmt: skip
DISTRICT_NAMES = [
    "Riverside", "Old Town", "Harbourside", "Westend", "Northgate", "Southbank", "Eastside",
    "Midtown", "Downtown", "Uptown", "Lakeside", "Hillcrest", "Parkside", "Brookfield",
]  # fmt: skip

# Tags by what the table holds: (table-name pattern, tags); the last list is the fallback.
TAGS_BY_TABLE: list[tuple[str, list[str]]] = [
    (
        r"(product|item|sku|goods|listing|offer|merch|variant|inventory)",
        [
            "sale", "new-arrival", "bestseller", "eco-friendly", "handmade", "limited-edition",
            "gift-idea", "clearance", "organic", "vegan", "waterproof", "lightweight",
            "premium", "bundle", "seasonal", "summer", "winter", "outdoor", "travel", "kids",
            "refurbished", "recycled", "fair-trade", "back-in-stock", "exclusive", "staff-pick",
            "made-to-order", "free-shipping", "compact", "durable",
        ],
    ),
    (
        r"(issue|ticket|task|bug|incident|pull|merge|story|epic|todo|card)",
        [
            "bug", "feature", "enhancement", "documentation", "ui", "backend", "frontend",
            "api", "performance", "security", "regression", "needs-triage", "needs-review",
            "good-first-issue", "blocked", "help-wanted", "tech-debt", "accessibility",
            "mobile", "database", "ci", "dependencies", "p1", "p2", "p3", "customer-reported",
            "design", "refactor", "testing", "infra",
        ],
    ),
    (
        r"(post|article|blog|page|news|doc|guide|entry|entries|content|question|thread)",
        [
            "tutorial", "news", "guide", "how-to", "opinion", "review", "product-update",
            "engineering", "design", "security", "performance", "release-notes", "case-study",
            "interview", "announcement", "deep-dive", "best-practices", "beginners", "data",
            "devops", "career", "culture", "open-source", "events", "research", "tips",
            "community", "startup", "remote-work", "productivity",
        ],
    ),
    (
        r"(customer|contact|client|lead|user|member|account|subscriber|person|people|patient)",
        [
            "vip", "newsletter", "wholesale", "lead", "prospect", "churn-risk",
            "early-adopter", "beta-tester", "partner", "b2b", "b2c", "returning", "referral",
            "event-attendee", "high-value", "trial", "enterprise", "smb", "inactive",
            "follow-up", "priority-support", "ambassador", "loyalty-member", "new",
        ],
    ),
    (
        r"(photo|image|picture|video|media|asset|gallery|album|clip)",
        [
            "landscape", "portrait", "nature", "city", "night", "black-and-white", "travel",
            "food", "architecture", "people", "sunset", "macro", "aerial", "street",
            "abstract", "wildlife", "beach", "mountains", "winter", "family", "event", "studio",
        ],
    ),
    (
        r"(recipe|dish|meal|menu|food|drink|cocktail)",
        [
            "vegan", "vegetarian", "gluten-free", "quick", "dessert", "breakfast", "spicy",
            "low-carb", "kid-friendly", "one-pot", "dairy-free", "high-protein", "baking",
            "comfort-food", "summer", "make-ahead", "budget", "grilling", "healthy", "holiday",
        ],
    ),
    (
        r"(film|movie|book|novel|song|track|game|episode|show|series|podcast)",
        [
            "classic", "award-winning", "family", "based-on-a-true-story", "cult-favourite",
            "feel-good", "dark", "slow-burn", "ensemble-cast", "adaptation", "debut", "sequel",
            "indie", "critically-acclaimed", "period", "coming-of-age", "twist-ending",
            "soundtrack", "festival-pick", "binge-worthy",
        ],
    ),
    (
        "",
        [
            "important", "archived", "draft", "review", "urgent", "personal", "work",
            "follow-up", "ideas", "reference", "shared", "todo", "finance", "travel", "health",
            "project", "meeting", "home", "learning", "later", "favourite", "team",
        ],
    ),
]  # fmt: skip
