"""Word lists owned by the project: the names of things (products, categories, companies,
projects, teams, articles) and the small vocabularies of recognised columns.

Names are composed from parts that belong together (a material with the products it makes, a
system with the work done on it), so they read like names rather than word salad; the number
of combinations is what lets a unique column stay readable (see `names.compose`)."""

from __future__ import annotations

# Product groups: (materials or qualifiers, nouns). A material is only paired with its group's
# nouns, so there is no "Linen Blender".
PRODUCT_GROUPS: list[tuple[list[str], list[str]]] = [
    (
        ["Cotton", "Linen", "Merino Wool", "Denim", "Fleece", "Organic Cotton", "Cashmere"],
        ["T-Shirt", "Hoodie", "Scarf", "Jacket", "Socks", "Beanie", "Sweater", "Shirt", "Shorts"],
    ),
    (
        ["Ceramic", "Cast Iron", "Stainless Steel", "Bamboo", "Glass", "Copper", "Enamel"],
        ["Mug", "Skillet", "Teapot", "Cutting Board", "Mixing Bowl", "Saucepan", "Water Bottle"],
    ),
    (
        ["Leather", "Canvas", "Waxed Canvas", "Nylon", "Recycled Polyester", "Suede"],
        ["Backpack", "Wallet", "Tote Bag", "Duffel Bag", "Belt", "Card Holder", "Messenger Bag"],
    ),
    (
        ["Oak", "Walnut", "Pine", "Rattan", "Teak", "Birch", "Steel"],
        ["Side Table", "Bookshelf", "Desk", "Stool", "Bench", "Coffee Table", "Nightstand"],
    ),
    (
        ["Wireless", "Bluetooth", "USB-C", "Noise-Cancelling", "Portable", "Smart", "Solar"],
        ["Headphones", "Speaker", "Charger", "Keyboard", "Mouse", "Power Bank", "Desk Lamp"],
    ),
    (
        ["Trail", "Road", "Waterproof", "Insulated", "Ultralight", "All-Weather", "Alpine"],
        ["Running Shoes", "Hiking Boots", "Rain Jacket", "Tent", "Sleeping Bag", "Trekking Poles"],
    ),
    (
        ["Lavender", "Citrus", "Sandalwood", "Unscented", "Eucalyptus", "Rose", "Cedar"],
        ["Hand Soap", "Body Lotion", "Candle", "Shampoo", "Bath Salts", "Face Cream", "Lip Balm"],
    ),
    (
        ["Dark Roast", "Single Origin", "Decaf", "Green", "Earl Grey", "Matcha", "Chai"],
        ["Coffee Beans", "Ground Coffee", "Tea", "Cold Brew", "Espresso Pods", "Loose Leaf Tea"],
    ),
    (
        ["Hardcover", "Spiral", "Dotted", "Recycled Paper", "Pocket", "Linen-Bound"],
        ["Notebook", "Planner", "Sketchbook", "Journal", "Sticky Notes", "Desk Calendar"],
    ),
    (
        ["Wooden", "Plush", "Magnetic", "Classic", "Educational", "Musical"],
        ["Puzzle", "Building Blocks", "Teddy Bear", "Board Game", "Train Set", "Xylophone"],
    ),
]
PRODUCT_LINES = [
    "Classic", "Everyday", "Compact", "Premium", "Essential", "Heritage", "Urban", "Studio",
    "Nordic", "Coastal", "Summit", "Harbor", "Meadow", "Aspen", "Willow", "Atlas",
]  # fmt: skip
PRODUCT_VARIANTS = ["", "", "", " Pro", " Mini", " XL", " Lite", " II", " Plus", " Set"]

CATEGORIES = [
    "Women's Clothing", "Men's Clothing", "Kids' Clothing", "Shoes", "Accessories", "Bags",
    "Jewellery", "Watches", "Kitchen & Dining", "Cookware", "Tableware", "Home Decor",
    "Furniture", "Lighting", "Bedding", "Bath", "Garden", "Outdoor Furniture", "Tools",
    "Home Improvement", "Electronics", "Computers", "Phones & Tablets", "Audio", "Cameras",
    "Gaming", "Smart Home", "Office Supplies", "Stationery", "Books", "Music", "Movies",
    "Toys", "Baby", "Sports & Fitness", "Camping & Hiking", "Cycling", "Running", "Yoga",
    "Swimwear", "Beauty", "Skincare", "Hair Care", "Fragrance", "Health", "Vitamins",
    "Pet Supplies", "Groceries", "Coffee & Tea", "Snacks", "Wine", "Gifts", "Crafts",
    "Party Supplies", "Travel", "Luggage", "Automotive", "Art Supplies", "Sewing", "Seasonal",
]  # fmt: skip

COMPANY_STEMS = [
    "Northwind", "Bluefield", "Silver Oak", "Redwood", "Harborview", "Summit", "Brightline",
    "Ironbridge", "Clearwater", "Stonegate", "Oakridge", "Lakeshore", "Pinecrest", "Westbrook",
    "Granite Peak", "Riverbend", "Sunfield", "Maple Leaf", "Highland", "Bay Street", "Foxglove",
    "Copperline", "Evergreen", "Meridian", "Larkspur", "Cobalt", "Juniper", "Tidewater",
    "Old Mill", "Kestrel", "Blackwood", "Fairhaven", "Greystone", "Willow Creek", "Beacon",
    "Crescent", "Driftwood", "Alder", "Sterling", "Hawthorne",
]  # fmt: skip
COMPANY_SECTORS = [
    "Logistics", "Analytics", "Foods", "Robotics", "Health", "Outfitters", "Labs", "Consulting",
    "Media", "Energy", "Software", "Systems", "Partners", "Supply", "Manufacturing", "Capital",
    "Design", "Engineering", "Networks", "Pharma", "Textiles", "Builders", "Bakery", "Studios",
    "Security", "Travel", "Insurance", "Freight", "Dynamics", "Biotech",
]  # fmt: skip
COMPANY_SUFFIXES = ["Inc.", "Ltd", "LLC", "GmbH", "Group", "Co.", "", "", "", "Corp."]

PROJECT_SYSTEMS = [
    "Billing", "Checkout", "Customer Portal", "Mobile App", "Data Warehouse", "Search",
    "Onboarding", "Payments", "Inventory", "Reporting", "Website", "Identity", "Notifications",
    "Pricing Engine", "Support Desk", "Analytics", "Loyalty Program", "Supply Chain", "CRM",
    "Recommendation Engine", "API Gateway", "Design System", "Partner Portal", "HR Platform",
    "Warehouse Scanner", "Help Center", "Admin Console", "Order Tracking", "Marketing Site",
    "Fraud Detection",
]  # fmt: skip
PROJECT_ACTIVITIES = [
    "Redesign", "Migration", "Rollout", "Upgrade", "Launch", "Rewrite", "Integration",
    "Consolidation", "Modernisation", "Audit", "Pilot", "Localisation", "Automation",
    "Performance Review", "Accessibility Review", "Cost Reduction", "Expansion", "Cleanup",
    "Refresh", "Overhaul",
]  # fmt: skip
PROJECT_PERIODS = ["", "", "", " 2024", " 2025", " Phase 2", " Q3", " Q4", " EMEA", " 2.0"]

TEAM_AREAS = [
    "Payments", "Platform", "Growth", "Mobile", "Search", "Checkout", "Data", "Identity",
    "Infrastructure", "Security", "Design", "Customer Success", "Fulfilment", "Marketing",
    "Finance", "People", "Partnerships", "Support", "Content", "Logistics", "EMEA",
    "North America", "APAC", "Analytics", "Developer Experience",
]  # fmt: skip
TEAM_FUNCTIONS = [
    "Engineering", "Operations", "Sales", "Research", "QA", "Product", "Enablement",
    "Strategy", "Insights", "Reliability", "Team", "Squad", "Guild", "Delivery", "Ops",
]  # fmt: skip
DEPARTMENTS = [
    "Engineering", "Sales", "Marketing", "Finance", "Human Resources", "Customer Support",
    "Operations", "Legal", "Product", "Design", "Research and Development", "Procurement",
    "Logistics", "Quality Assurance", "Information Technology", "Facilities", "Security",
    "Business Development", "Data Science", "Communications",
]  # fmt: skip

ARTICLE_TOPICS = [
    "Remote Work", "Home Composting", "Sourdough Baking", "Personal Finance", "Trail Running",
    "Container Gardening", "Public Speaking", "Database Indexing", "Minimalist Living",
    "Urban Cycling", "Team Retrospectives", "Coffee Brewing", "Budget Travel", "Meal Prep",
    "Open Source", "Sleep Hygiene", "Watercolour Painting", "Small Business Marketing",
    "Customer Onboarding", "Climate Adaptation", "Mentoring", "Product Discovery",
    "Home Workouts", "Birdwatching", "Code Review", "Data Privacy", "Interior Lighting",
    "Language Learning", "Podcasting", "Indoor Plants",
]  # fmt: skip
ARTICLE_TEMPLATES = [
    "A Beginner's Guide to {t}",
    "{k} Lessons We Learned From {t}",
    "Why {t} Matters More Than You Think",
    "How to Get Started With {t}",
    "{k} Common Mistakes in {t}",
    "The Case for {t}",
    "{t}: What Nobody Tells You",
    "What {k} Years of {t} Taught Me",
    "{t} on a Budget",
    "Rethinking {t}",
    "{k} Tools for Better {t}",
    "The Quiet Rise of {t}",
]
TAGS = [
    "sale", "new-arrival", "bestseller", "eco-friendly", "handmade", "limited-edition",
    "gift-idea", "clearance", "organic", "vegan", "waterproof", "lightweight", "premium",
    "bundle", "seasonal", "summer", "winter", "outdoor", "kitchen", "travel", "office", "kids",
    "featured", "refurbished", "tutorial", "news", "guide", "release-notes", "how-to",
    "opinion", "review", "product-update", "engineering", "design", "security", "performance",
]  # fmt: skip
BRANDS = [
    "Northwind", "Alder & Co", "Kestrel", "Bluefield", "Meridian", "Fjordline", "Lumen",
    "Halcyon", "Tidewater", "Oakhurst", "Brightwave", "Pebble & Pine", "Cobalt", "Sable",
    "Wren", "Atlas Goods", "Marlowe", "Everly", "Ridgeback", "Solace",
]  # fmt: skip

GENDERS = ["female", "male", "non-binary", "prefer not to say", "other"]
GENDER_WEIGHTS = [0.48, 0.47, 0.02, 0.02, 0.01]
MARITAL = ["single", "married", "divorced", "widowed", "separated"]
HONORIFICS = ["Mr", "Ms", "Mrs", "Dr", "Mx", "Prof"]
NAME_SUFFIXES = ["Jr.", "Sr.", "II", "III", "PhD", "MD"]
NATIONALITIES = [
    "American", "British", "German", "French", "Indian", "Canadian", "Spanish", "Italian",
    "Dutch", "Brazilian", "Japanese", "Australian", "Swedish", "Polish", "Irish", "Mexican",
]  # fmt: skip
LANGUAGES = [
    "en", "de", "fr", "es", "it", "nl", "pt", "ja", "sv", "pl", "da", "fi", "no", "zh", "ko",
    "ar", "hi", "ru", "tr", "el", "cs", "hu", "ro", "he", "th", "vi", "id", "uk", "ca", "bg",
]  # fmt: skip
LANGUAGE_NAMES = [
    "English", "German", "French", "Spanish", "Italian", "Dutch", "Portuguese", "Japanese",
    "Swedish", "Polish", "Danish", "Finnish", "Norwegian", "Chinese", "Korean", "Arabic",
    "Hindi", "Russian", "Turkish", "Greek", "Czech", "Hungarian", "Romanian", "Hebrew", "Thai",
    "Vietnamese", "Indonesian", "Ukrainian", "Catalan", "Bulgarian",
]  # fmt: skip
CONTINENTS = ["Europe", "North America", "Asia", "South America", "Oceania", "Africa"]
COLOUR_NAMES = [
    "black", "white", "navy", "grey", "red", "blue", "green", "beige", "brown", "pink",
    "olive", "teal", "maroon", "yellow", "orange", "purple", "charcoal", "ivory", "coral",
]  # fmt: skip
CARD_BRANDS = ["Visa", "Mastercard", "American Express", "Discover", "JCB"]
PAYMENT_METHODS = ["card", "paypal", "bank_transfer", "voucher", "apple_pay"]
FILE_TYPES: list[tuple[str, str]] = [
    ("pdf", "application/pdf"),
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("csv", "text/csv"),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("txt", "text/plain"),
    ("json", "application/json"),
    ("zip", "application/zip"),
    ("mp4", "video/mp4"),
    ("mp3", "audio/mpeg"),
    ("svg", "image/svg+xml"),
    ("webp", "image/webp"),
    ("gif", "image/gif"),
    ("html", "text/html"),
    ("xml", "application/xml"),
]
FILE_STEMS = [
    "invoice", "report", "contract", "receipt", "photo", "screenshot", "presentation",
    "budget", "notes", "export", "backup", "logo", "avatar", "manual", "agenda", "minutes",
    "statement", "proposal", "roadmap", "design", "brochure", "catalogue", "summary", "scan",
]  # fmt: skip
FILE_QUALIFIERS = [
    "2023", "2024", "2025", "q1", "q2", "q3", "q4", "final", "draft", "v2", "signed",
    "march", "june", "october", "team", "client", "internal", "scan",
]  # fmt: skip
HOST_WORDS = ["app", "api", "www", "mail", "db", "cdn", "auth", "shop", "files", "status"]
OS_NAMES = ["Windows 11", "macOS 14", "Ubuntu 22.04", "iOS 17", "Android 14", "Debian 12"]
DEVICE_TYPES = ["desktop", "mobile", "tablet"]
BROWSERS = ["Chrome", "Firefox", "Safari", "Edge"]

REVIEW_TITLES = [
    "Great value", "Does the job", "Better than expected", "Exactly as described",
    "Good, but runs small", "Would buy again", "Not what I hoped for", "Solid quality",
    "Love it", "Five stars", "Decent for the price", "Arrived quickly", "A little flimsy",
    "Perfect gift", "Highly recommend", "Okay, nothing special", "Returned it",
    "Excellent build quality", "Comfortable and sturdy", "Worth every penny",
]  # fmt: skip
# The same titles by the rating they go with (a 1-star review is not "Love it").
REVIEW_TITLES_BY_MOOD: dict[str, list[str]] = {
    "good": [
        "Great value", "Better than expected", "Exactly as described", "Would buy again",
        "Solid quality", "Love it", "Five stars", "Perfect gift", "Highly recommend",
        "Excellent build quality", "Comfortable and sturdy", "Worth every penny",
    ],
    "mixed": [
        "Does the job", "Good, but runs small", "Decent for the price", "Okay, nothing special",
        "A little flimsy", "Fine for the price",
    ],
    "bad": [
        "Not what I hoped for", "Returned it", "Disappointed", "Broke after a week",
        "Would not buy again", "Poor quality", "Not as described",
    ],
}  # fmt: skip
REVIEW_OPENINGS = [
    "Bought this a month ago and use it every day.", "Ordered this as a gift.",
    "I was unsure at first, but it won me over.", "Second one I have bought.",
    "Replaced an older one with this.", "Took a chance on this after reading the reviews.",
    "Arrived two days after ordering.", "Picked this up on sale.",
]  # fmt: skip
REVIEW_DETAILS = [
    "The quality is better than the price suggests.", "It feels solid and well made.",
    "Sizing runs a little small, so order one up.", "The colour is slightly darker than shown.",
    "Setup took about five minutes.", "The packaging was minimal and recyclable.",
    "It does exactly what it says.", "After a few weeks it still looks new.",
    "The instructions could be clearer.", "It is lighter than I expected.",
]  # fmt: skip
REVIEW_CLOSINGS = [
    "Would recommend.", "Happy with it overall.", "Four stars only because of the delivery.",
    "I would buy it again.", "Good value for money.", "Not perfect, but close.",
    "My family loves it.", "Customer service was helpful too.",
]  # fmt: skip
ORDER_NOTES = [
    "Please leave the parcel at the front door.", "Gift wrap, please.",
    "Ring the bell twice.", "Deliver to reception if I am out.",
    "No invoice in the box, it is a gift.", "Call on arrival.",
    "Please use the side entrance.", "Leave with a neighbour if nobody answers.",
    "Fragile: handle with care.", "Deliver after 5 pm if possible.",
]  # fmt: skip
