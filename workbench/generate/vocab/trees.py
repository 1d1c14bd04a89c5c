"""Trees of names: for each kind of named thing a self-referencing table may hold, the domains
a root can be (with the names of its children) and the qualifiers that name deeper levels.

A root is one domain ("Kitchen & Dining"), its children that domain's sub-names ("Cookware"),
and every row below a child the child's name with a qualifier ("Premium Cookware"), so each
level reads as part of the one above. Every name of a kind is distinct from every other (a
test holds this), which is what lets a unique name column take them without a clash."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TreeVocabulary:
    domains: list[tuple[str, list[str]]]  # (root name, children's names)
    qualifiers: list[str]  # the second level: a qualifier and the first level's name
    qualifier_first: bool  # "Premium Cookware" (True) or "Recruiting EMEA" (False)
    parts: list[str]  # further down: the second level's name and a part ("… Sets")

    def deeper(self, qualifier: str, name: str) -> str:
        return f"{qualifier} {name}" if self.qualifier_first else f"{name} {qualifier}"


CATEGORIES = TreeVocabulary(
    [
        ("Kitchen & Dining", ["Cookware", "Bakeware", "Cutlery", "Tableware", "Glassware",
                              "Small Appliances", "Kitchen Storage", "Coffee Makers"]),
        ("Electronics", ["Smartphones", "Laptops", "Tablets", "Headphones", "Cameras",
                         "Televisions", "Smart Watches", "Chargers & Cables"]),
        ("Clothing", ["Dresses", "Shirts", "Jeans", "Jackets", "Knitwear", "Activewear",
                      "Underwear", "Sleepwear"]),
        ("Shoes", ["Sneakers", "Boots", "Sandals", "Loafers", "Running Shoes", "Slippers"]),
        ("Home & Garden", ["Bedding", "Curtains", "Rugs", "Lighting", "Garden Tools",
                           "Planters", "Outdoor Furniture", "Candles"]),
        ("Sports & Outdoors", ["Camping Gear", "Cycling", "Fitness Equipment", "Yoga Mats",
                               "Hiking Backpacks", "Swimwear", "Team Sports"]),
        ("Beauty & Personal Care", ["Skincare", "Hair Care", "Makeup", "Fragrances",
                                    "Shaving", "Bath & Body", "Nail Care"]),
        ("Toys & Games", ["Board Games", "Puzzles", "Building Sets", "Dolls", "Plush Toys",
                          "Outdoor Play", "Educational Toys"]),
        ("Books", ["Fiction", "Biographies", "Cookbooks", "Children's Books", "Travel Guides",
                   "Comics", "Science & Nature"]),
        ("Office Supplies", ["Notebooks", "Pens & Pencils", "Desk Organisers", "Printer Paper",
                             "Filing", "Calendars & Planners"]),
        ("Pet Supplies", ["Dog Food", "Cat Food", "Pet Beds", "Leashes & Collars",
                          "Aquarium Supplies", "Pet Toys"]),
        ("Groceries", ["Coffee & Tea", "Snacks", "Pasta & Rice", "Breakfast Cereals",
                       "Spices", "Sauces & Condiments", "Baking Supplies"]),
        ("Automotive", ["Car Care", "Tyres", "Car Electronics", "Motor Oil", "Roof Racks",
                        "Car Seats"]),
        ("Health", ["Vitamins", "First Aid", "Supplements", "Medical Devices",
                    "Sleep Aids", "Oral Care"]),
    ],
    ["Premium", "Budget", "Refurbished", "Eco-Friendly", "Professional", "Compact", "Vintage",
     "Deluxe"],
    qualifier_first=True,
    parts=["Sets", "Accessories", "Spare Parts", "Bundles", "Gift Sets", "Essentials",
           "Best Sellers", "New Arrivals"],
)  # fmt: skip

DEPARTMENTS = TreeVocabulary(
    [
        ("Engineering", ["Platform", "Backend", "Frontend", "Mobile", "Infrastructure",
                         "Quality Assurance", "Site Reliability", "Data Engineering"]),
        ("Sales", ["Enterprise Sales", "Inside Sales", "Sales Operations",
                   "Account Management", "Partnerships", "Sales Engineering"]),
        ("Marketing", ["Brand", "Growth Marketing", "Content Marketing", "Events",
                       "Product Marketing", "Public Relations"]),
        ("Finance", ["Accounting", "Payroll", "Treasury", "Tax", "Financial Planning",
                     "Procurement"]),
        ("Human Resources", ["Recruiting", "People Operations", "Learning & Development",
                             "Compensation & Benefits", "Employee Relations"]),
        ("Operations", ["Logistics", "Facilities", "Supply Chain", "Fulfilment",
                        "Business Operations"]),
        ("Customer Success", ["Customer Support", "Onboarding", "Technical Support",
                              "Customer Education", "Renewals"]),
        ("Legal", ["Contracts", "Compliance", "Privacy", "Intellectual Property",
                   "Corporate Legal"]),
        ("Product", ["Product Management", "Product Design", "User Research",
                     "Product Analytics", "Technical Writing"]),
        ("Information Technology", ["Help Desk", "IT Security", "Systems Administration",
                                    "Networking", "Enterprise Applications"]),
    ],
    ["EMEA", "Americas", "APAC", "North", "South", "East", "West", "Central"],
    qualifier_first=False,
    parts=["Operations", "Projects", "Programs", "Enablement", "Strategy", "Planning",
           "Analytics", "Delivery"],
)  # fmt: skip

REGIONS = TreeVocabulary(
    [
        ("Europe", ["Germany", "France", "Spain", "Italy", "Netherlands", "Poland", "Sweden",
                    "Ireland", "Portugal", "Austria"]),
        ("North America", ["United States", "Canada", "Mexico"]),
        ("Latin America", ["Brazil", "Argentina", "Chile", "Colombia", "Peru", "Uruguay"]),
        ("Asia Pacific", ["Japan", "Australia", "India", "Singapore", "South Korea",
                          "New Zealand", "Indonesia"]),
        ("Middle East & Africa", ["United Arab Emirates", "South Africa", "Kenya", "Egypt",
                                  "Morocco", "Nigeria"]),
        ("Nordics", ["Norway", "Denmark", "Finland", "Iceland", "Estonia"]),
    ],
    ["North", "South", "East", "West", "Central", "Northern", "Southern", "Coastal"],
    qualifier_first=True,
    parts=["Metro", "Rural", "Coast", "Highlands", "Lowlands", "Islands", "Valley", "Border"],
)  # fmt: skip

FOLDERS = TreeVocabulary(
    [
        ("Documents", ["Invoices", "Contracts", "Reports", "Receipts", "Letters", "Templates"]),
        ("Photos", ["Holidays", "Family", "Screenshots", "Scans", "Events", "Wallpapers"]),
        ("Projects", ["Website Redesign", "Product Launch", "Data Migration", "Research",
                      "Client Work"]),
        ("Finance", ["Tax Returns", "Bank Statements", "Budgets", "Payslips", "Expenses"]),
        ("Music", ["Playlists", "Recordings", "Podcasts", "Sheet Music"]),
        ("Work", ["Meeting Notes", "Presentations", "Proposals", "Onboarding", "Policies"]),
        ("Shared", ["Team Drive", "Public", "Handover", "Reviews"]),
    ],
    ["2023", "2024", "2025", "Archive", "Drafts", "Final", "Old", "Backup"],
    qualifier_first=False,
    parts=["Q1", "Q2", "Q3", "Q4", "January", "June", "Misc", "Scans"],
)  # fmt: skip

# generator of the name column -> the tree its rows form
BY_GENERATOR: dict[str, TreeVocabulary] = {
    "category_name": CATEGORIES,
    "department": DEPARTMENTS,
    "team_name": DEPARTMENTS,
    "region": REGIONS,
    "region_name": REGIONS,
    "folder_name": FOLDERS,
}


def all_names(tree: TreeVocabulary) -> list[str]:
    """Every name the tree can give before a number is needed (for the distinctness test)."""
    out: list[str] = []
    for root, children in tree.domains:
        out.append(root)
        out.extend(children)
        second = [tree.deeper(q, c) for c in children for q in tree.qualifiers]
        out.extend(second)
        out.extend(f"{s} {part}" for s in second for part in tree.parts)
    return out
