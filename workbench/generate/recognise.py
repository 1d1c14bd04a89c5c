"""Column recognition: which generator a column's name asks for, from a table of name patterns.

The table below is data: one line per generator, with the column kinds it applies to and the
names (synonyms, abbreviations) that ask for it. A column name is normalised (camelCase to
snake_case, punctuation to `_`) and matched by its longest suffix of whole words, so that
`billing_postal_code`, `shippingPostalCode` and `postcode` all reach `postal_code` without a
rule for each prefix. A few affix rules (`*_url`, `*_uuid`, `num_*`, `*_pct`…) cover the names
no table could list. The column's type and length then refine the choice (see `semantics`)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# kind codes: t text, i int, f decimal/float/money, r real/double, n i+f, d date/timestamp,
# u uuid, p inet/cidr, m macaddr, b bool
_KINDS = {
    "t": {"text"},
    "i": {"int"},
    "f": {"decimal", "float", "money"},
    "r": {"float"},
    "n": {"int", "decimal", "float", "money"},
    "d": {"timestamp", "timestamptz", "date"},
    "u": {"uuid"},
    "p": {"inet", "cidr"},
    "m": {"macaddr", "macaddr8"},
    "b": {"bool"},
    "j": {"json"},
}

# [family], then lines of: generator kinds synonym synonym … (a synonym is a whole-word
# suffix of the name; an indented line carries on the synonyms of the line above)
PATTERN_TABLE = """
[identity]
email t email e_mail email_address emailaddress mail mail_address contact_email work_email
phone t phone phone_number phonenumber telephone tel mobile mobile_number cell cell_phone fax msisdn
    contact_number
username t username user_name login login_name handle nickname nick screen_name account_name
first_name t first_name firstname given_name forename fname middle_name middlename
last_name t last_name lastname surname family_name lname maiden_name
full_name t full_name fullname display_name contact_name customer_name author_name person_name
    legal_name recipient_name author writer illustrator translator narrator
honorific t honorific salutation name_prefix name_title title_of_courtesy courtesy_title courtesy
name_suffix t name_suffix generation_suffix
[address]
street_address t street_address address address1 address_1 address_line address_line1 address_line_1
    line1 line_1 street addr street_line
house_number t house_number housenumber house_no building_number street_number house_num
address_line2 t address2 address_2 address_line2 address_line_2 line2 line_2 apartment suite
    unit_number apt
city t city town locality municipality city_name
district t district district_name neighbourhood neighborhood borough suburb
region t state province region county state_name province_name prefecture
region_code t state_code province_code region_code state_abbr
postal_code t postal_code postalcode post_code postcode zip zip_code zipcode postal
country t country country_name nation nation_name
country_code t country_code countrycode country_iso iso_country country_iso2 iso2 alpha2
    country_alpha2
country_code3 t country_iso3 iso3 alpha3 country_alpha3 country_code3
latitude n lat latitude
longitude n lng lon long longitude
continent t continent
timezone t timezone time_zone tz tzname tz_name olson_timezone
[network]
ip t+p ip ip_address ipaddress ipv4 ipv4_address remote_addr remote_ip client_ip source_ip last_ip
    host_ip ip_addr
ipv6 t+p ipv6 ipv6_address ip6
mac t+m mac mac_address macaddress hw_address hardware_address ether_address bssid
hostname t hostname host_name host fqdn server_name
domain_name t domain domain_name
url t url uri website homepage home_page link href web_site site_url permalink callback_url
    webhook_url
image_url t avatar avatar_url image_url photo_url picture thumbnail thumbnail_url logo_url
    profile_image icon_url image photo profile_photo profile_picture cover_image cover_url
    banner_url headshot
user_agent t user_agent useragent browser_agent ua
port i port port_number
imei t imei
serial_number t serial_number serial serialnumber serial_no
[finance]
iban t iban iban_number
bic t bic swift swift_code bic_code swift_bic
account_number t account_number account_no acct_number bank_account
routing_number t routing_number aba_number aba
card_number t card_number cardnumber credit_card cc_number pan card_no credit_card_number
card_last4 t card_last4 last4 last_four last_4 card_last_four
card_brand t card_brand card_type card_network
card_expiry t card_expiry expiry expiration exp_date card_exp expiry_date_text
cvv t cvv cvc security_code
discount_fraction r discount discount_fraction
currency t currency currency_code currencycode iso_currency ccy currency_iso currency_iso_code
    iso_currency_code ccy_code curr_code currency_cd currency_alpha
price f price unit_price list_price sale_price cost unit_cost amount total subtotal sub_total
    total_amount grand_total fee balance wage hourly_wage freight shipping_cost tax tax_amount
    discount
    discount_amount revenue payment amount_due amount_paid credit_limit budget income
percentage n percentage percent pct interest_rate commission_rate completion
discount_percent n discount_percent discount_pct discount_percentage discount_in_percent
    discount_rate percent_off
tax_rate n tax_rate vat_rate sales_tax_rate tax_percent vat_percent tax_percentage
salary n salary annual_salary base_salary yearly_salary gross_salary annual_wage
    yearly_income annual_income
monthly_salary n monthly_salary monthly_wage monthly_pay monthly_income
vat_number t vat_number vat_no vat_id vatin vat_reg_number vat_registration_number
exchange_rate f exchange_rate fx_rate conversion_rate
payment_method t payment_method payment_type pay_method payment_mode
[commerce]
sku t sku product_code item_code article_number part_number stock_code
isbn t isbn isbn13 isbn_13
isbn10 t isbn10 isbn_10
ean t ean ean13 gtin barcode gtin13
upc t upc upc_code upca
product_name t product_name product item_name product_title
brand t brand brand_name manufacturer make
category_name t category category_name product_category
order_number t order_number order_no order_ref order_reference
invoice_number t invoice_number invoice_no
tracking_number t tracking_number tracking_code tracking_id
voucher_code t voucher_code voucher coupon coupon_code promo_code discount_code gift_card_code
quantity i quantity qty units stock stock_quantity quantity_on_hand in_stock reserved
weight f weight weight_kg mass
weight_grams n weight_grams weight_g weight_gram grams weight_in_grams net_weight_g
pack_size t quantity_per_unit qty_per_unit pack_size package_size units_per_pack pack_description
[content]
title t title subject heading article_title post_title page_title
slug t slug permalink_slug url_slug
news_headline t headline headlines news_headline
bio t bio biography about_me profile_bio short_bio
description t description summary comment comments notes note about message details caption
    excerpt abstract remarks synopsis plot_summary logline blurb
body t body content text html markdown body_text content_text
tag t tag keyword label_tag hashtag
tags t+j tags keywords labels hashtags tag_list tag_names
industry t industry industry_name sector business_sector
publisher t publisher publisher_name publishing_house imprint
carrier t carrier carrier_name shipping_carrier courier courier_name shipping_company
    delivery_company shipping_provider
company t company company_name organisation organization org org_name employer business_name
    vendor_name supplier_name
project_name t project project_name
team_name t team team_name squad
department t department dept department_name division
job_title t job_title jobtitle occupation position_title role_title profession
[files]
file_name t file_name filename original_filename attachment document_name
file_extension t file_extension extension file_ext ext
mime_type t mime_type mimetype content_type media_type mime
size_label t clothing_size garment_size
size_number i shoe_size
file_size i file_size filesize size_bytes byte_size bytes file_size_bytes content_length
checksum t checksum sha256 sha1 md5 hash etag digest content_hash file_hash sha256_hash
file_path t file_path filepath path storage_path object_key storage_key
[credentials]
password_hash t password password_hash passwd pwd password_digest encrypted_password hashed_password
    pass_hash crypted_password
argon2_hash t argon2 argon2_hash password_argon2
token t token access_token refresh_token auth_token session_token reset_token confirmation_token
    remember_token session_id secret client_secret verification_token
api_key t api_key apikey public_key_id access_key
otp_secret t otp_secret totp_secret mfa_secret two_factor_secret
salt t salt password_salt nonce
[demographics]
gender t gender sex
marital_status t marital_status civil_status
nationality t nationality citizenship
national_id t ssn social_security_number national_id nin national_insurance_number tax_id tin
passport_number t passport passport_number passport_no
birth_date d birth_date birthdate date_of_birth dob birthday
age i age age_years
height_cm n height height_cm
blood_type t blood_type blood_group bloodtype blood_group_type abo_type
[vehicles]
vin t vin vin_number vehicle_identification_number chassis_number
licence_plate t license_plate licence_plate number_plate plate_number license_plate_number
    licence_number_plate registration_plate reg_plate
[quantities]
rating n rating stars star_rating review_rating
score n score points grade_points
priority i priority severity urgency
year i year yr model_year birth_year fiscal_year
month i month birth_month
day_of_week i day_of_week weekday dow
hour i hour hour_of_day
duration i duration duration_seconds duration_minutes duration_ms elapsed runtime length_minutes
rental_days i rental_duration rental_days rental_period loan_days loan_period
rental_rate f rental_rate rental_price rental_fee
replacement_cost f replacement_cost replacement_price replacement_value
flag i discontinued active is_active enabled disabled visible published verified archived
    deleted is_deleted
position i position sort_order display_order ordinal rank seq sequence_number sort
[time]
created_at d created_at created created_on create_date creation_date created_date date_created
    inserted_at registered_at signed_up_at joined_at create_time
updated_at d updated_at updated updated_on modified modified_at modified_on last_modified
    last_update last_updated date_modified changed_at update_time
deleted_at d deleted_at deleted_on removed_at archived_at date_deleted
[misc]
hex_colour t hex_color hex_colour color_hex colour_hex color_code colour_code
colour t color colour
semver t version app_version semver api_version software_version release firmware_version
version_number i version lock_version revision
locale t locale culture
language_code t language lang language_code lang_code preferred_language
language_name t language_name
status t status workflow_state stage
uuid t uuid guid external_uuid
reference t reference ref external_id external_ref confirmation_code confirmation_number
    booking_reference
"""


@dataclass(frozen=True)
class Pattern:
    family: str
    generator: str
    kinds: frozenset[str]
    synonym: str


def _parse(text: str) -> list[Pattern]:
    out: list[Pattern] = []
    family = ""
    generator, allowed = "", frozenset[str]()
    for line in text.strip().splitlines():
        if line.startswith("["):
            family = line.strip("[]")
            continue
        if line.startswith(" "):  # more synonyms of the line above
            names = line.split()
        else:
            generator, kinds, *names = line.split()
            allowed = frozenset().union(*(_KINDS[k] for k in kinds.split("+")))
        out.extend(Pattern(family, generator, allowed, name) for name in names)
    return out


PATTERNS = _parse(PATTERN_TABLE)
_INDEX: dict[str, list[Pattern]] = {}
for _p in PATTERNS:
    _INDEX.setdefault(_p.synonym, []).append(_p)

# Affix rules for names no table can list: (regex on the normalised name, generator, kinds).
AFFIX_RULES: list[tuple[str, str, frozenset[str]]] = [
    (r"_(uuid|guid)$", "uuid", frozenset(_KINDS["t"])),
    (r"_(url|uri|link|href)$", "url", frozenset(_KINDS["t"])),
    (r"_e?mail$", "email", frozenset(_KINDS["t"])),
    (r"_(ip|ip_?addr(ess)?)$", "ip", frozenset(_KINDS["t"] | _KINDS["p"])),
    (r"^(num|n|number_of|count_of|total)_\w+|_(count|num|cnt)$", "count", frozenset(_KINDS["i"])),
    (r"_(pct|percent|percentage|ratio)$", "percentage", frozenset(_KINDS["n"])),
    (r"_(hash|digest|checksum|sha\d*|md5)$", "checksum", frozenset(_KINDS["t"])),
    (r"_(token|secret)$", "token", frozenset(_KINDS["t"])),
    (r"_(year|yr)$", "year", frozenset(_KINDS["i"])),
    (r"^(is|has|can|should|allow|allows)_", "flag", frozenset(_KINDS["i"])),
    (
        r"_(price|cost|amount|total|fee|fees|balance|tax|revenue|spend|value)$",
        "price",
        frozenset(_KINDS["f"]),
    ),
    (r"_salary$", "salary", frozenset(_KINDS["n"])),
    (r"_(qty|quantity|stock)$", "quantity", frozenset(_KINDS["i"])),
    (r"_(id|ref|key|code)$", "reference", frozenset(_KINDS["t"])),
    (r"_(phone|tel|fax|mobile)$", "phone", frozenset(_KINDS["t"])),
    (r"_(at|on|time|timestamp|datetime|date)$", "timestamp", frozenset(_KINDS["d"])),
]

# Tables whose rows are people: their `name` is a person's, their `title` a job title (a
# courtesy title has its own names: honorific), their `extension` a phone extension.
_PEOPLE = (
    r"(user|customer|person|people|employee|staff|member|author|actor|artist|contact"
    r"|client|student|patient|account|owner|driver|player|speaker|instructor|teacher)"
)
# Tables of vehicles, where a bare `registration` is the number plate.
_VEHICLES = r"(vehicle|fleet|truck|lorr|motor|taxi|(^|_)(cars?|vans?|bikes?|autos?)($|_))"
_REGISTRATIONS = {"registration", "registration_number", "reg_number", "reg_no", "rego"}
# What `name`, `title` and `label` hold, by the table they are in (first match wins).
_THING_BY_TABLE: list[tuple[str, str]] = [
    (_PEOPLE, "full_name"),
    (r"(product|item|sku|goods|merchandise|offering)", "product_name"),
    (r"(categor|genre|collection|section)", "category_name"),
    (r"(compan|organi[sz]ation|org|vendor|supplier|manufacturer|business|employer)", "company"),
    (r"(project|initiative|program)", "project_name"),
    (r"(team|squad|group|guild)", "team_name"),
    (r"(department|dept|division)", "department"),
    (r"(region|territor)", "region"),
    (r"(folder|(^|_)director(y|ies)($|_))", "folder_name"),
    (r"(brand)", "brand"),
    (r"(tag|label|keyword)", "tag"),
    (r"(city|town)", "city"),
    (r"(countr)", "country"),
    (r"(language)", "language_name"),
    (r"(file|attachment|document|upload|asset|media)", "file_name"),
    (r"(film|movie|cinema)", "film_title"),
    (r"(book|novel)", "book_title"),
    (r"album", "album_title"),
    (r"(song|(^|_)tracks?($|_))", "song_title"),
    (r"(^|_)(video_)?games?($|_)", "game_title"),
    (r"episode", "episode_title"),
    (r"(post|article|blog|page|story|news|course|lesson)", "title"),
]
# What free text holds in tables of a kind: generator -> its replacement there.
_TEXT_BY_TABLE: list[tuple[str, dict[str, str]]] = [
    (
        r"(review|feedback|testimonial)",
        {"title": "review_title", "description": "review_body", "body": "review_body"},
    ),
    (r"(order|booking|reservation|delivery|shipment)", {"description": "order_note"}),
    (r"(film|movie|cinema|episode)", {"description": "film_synopsis"}),
    (r"(book|novel)", {"description": "book_synopsis"}),
    (r"(^|_)(video_)?games?($|_)", {"description": "game_synopsis"}),
]
THING_SYNONYMS = {"name", "title", "label", "display_title"}
# `X_name` means what `X` does for these (a `slug_name` is a slug; a `token_name` is no token)
_NAMED_KINDS = {
    "slug", "colour", "city", "country", "region", "company", "brand", "category_name", "tag",
    "status", "department", "team_name", "project_name", "industry", "publisher", "carrier",
    "job_title", "language_name",
}  # fmt: skip
# A `carrier` of a phone or an IP address is a network operator, not a shipping company
_NETWORK_TABLES = r"(phone|mobile|(^|_)sims?($|_)|(^|_)ips?($|_)|geo|network|telecom|device)"
# Numbers whose meaning depends on the table: (table regex, column names, generator, kinds).
_NUMBERS_BY_TABLE: list[tuple[str, frozenset[str], str, frozenset[str]]] = [
    (
        r"(file|attachment|upload|document|blob|asset|media|image|photo|object|artifact|backup)",
        frozenset({"size", "length"}),
        "file_size",
        frozenset(_KINDS["i"]),
    ),
    # a bare `size` elsewhere is a garment's or a shoe's (`repository_size` is not: no match)
    (r".", frozenset({"size"}), "size_number", frozenset(_KINDS["i"])),
    (r".", frozenset({"size"}), "size_label", frozenset(_KINDS["t"])),
    (
        r"(film|movie|cinema|feature)",
        frozenset({"length", "duration", "runtime", "running_time", "length_minutes"}),
        "film_minutes",
        frozenset(_KINDS["n"]),
    ),
    (
        r"(episode|show|series|podcast)",
        frozenset({"length", "duration", "runtime", "running_time", "length_minutes"}),
        "episode_minutes",
        frozenset(_KINDS["n"]),
    ),
    (
        r"(song|(^|_)tracks?($|_)|recording|audio)",
        frozenset({"milliseconds", "duration_ms", "length_ms", "runtime_ms", "ms", "length"}),
        "track_ms",
        frozenset(_KINDS["i"]),
    ),
    (
        r"(song|(^|_)tracks?($|_)|recording|audio)",
        frozenset({"duration", "runtime", "seconds", "duration_seconds", "length_s"}),
        "track_seconds",
        frozenset(_KINDS["n"]),
    ),
]
# Words run together (`dateofbirth`) are split into the words the table knows: every word of
# its synonyms and the small words that join them into names.
_JOINERS = {
    "id", "ids", "of", "in", "at", "on", "by", "is", "has", "per", "current", "original",
    "reduced", "previous", "new", "old", "primary", "default", "next", "min", "max", "type",
    "count", "key", "customer", "product", "user", "order", "item", "date", "time", "rate",
    "ship", "start", "end", "due", "hire", "shipped", "birth",
}  # fmt: skip
_NOT_LEADING = {"at", "of", "per"}  # `atname` is a handle, not a time
_NOT_SPLIT_INTO = {"age"}  # `package`, `postage`, `massage` are no ages
_VOCABULARY = (
    frozenset(
        {word for p in PATTERNS for word in p.synonym.split("_") if len(word) > 1}
        | THING_SYNONYMS
        | _JOINERS
    )
    - _NOT_SPLIT_INTO
)
_KNOWN = frozenset(_VOCABULARY | set(_INDEX))


@functools.lru_cache(maxsize=65536)  # column, table and label names recur in every rule
def normalise(name: str) -> str:
    """snake_case of any column name: `shippingPostalCode` → `shipping_postal_code`."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


@functools.lru_cache(maxsize=65536)
def split_words(norm: str) -> str:
    """A snake_case name with each run-together word split into known words, fewest first
    (`dateofbirth` → `date_of_birth`); a word the table knows, or one no split of known words
    covers, stays whole."""
    return "_".join(_split_word(word) for word in norm.split("_"))


def _split_word(word: str) -> str:
    if word in _KNOWN or not word.isalpha() or len(word) < 4:
        return word
    # best[i]: the fewest known words spelling word[:i], as their end positions
    best: list[list[int] | None] = [[]] + [None] * len(word)
    for end in range(2, len(word) + 1):
        for start in range(max(0, end - 24), end - 1):
            head, known = best[start], best[end]
            if (
                head is not None
                and word[start:end] in _VOCABULARY
                and (known is None or len(head) + 1 < len(known))
            ):
                best[end] = [*head, end]
    cuts = best[len(word)]
    if cuts is None or len(cuts) < 2 or word[: cuts[0]] in _NOT_LEADING:
        return word
    return "_".join(word[a:b] for a, b in zip([0, *cuts[:-1]], cuts, strict=True))


@dataclass(frozen=True)
class Match:
    generator: str
    rule: str  # the synonym or affix pattern that matched, for `workbench classify`
    family: str


def candidates(column: str, table: str, kind: str) -> list[Match]:
    """Every generator the name suggests for a column of `kind`, best first: whole-word
    suffixes longest first, then affix rules."""
    norm = split_words(normalise(column))
    words = norm.split("_")
    out: list[Match] = _by_table(norm, normalise(table), kind)
    if norm == "id" and kind == "text":
        out.append(Match("text_key", "id", "identity"))  # a text key: cuid-like, not words
    for start in range(len(words)):
        suffix = "_".join(words[start:])
        if start > 0 and suffix in THING_SYNONYMS:
            break  # `product_name` is a name of a product, not a person: the table says
        if suffix in THING_SYNONYMS and kind == "text":
            out.append(Match(_thing(table, norm), suffix, "names"))
        for pattern in _INDEX.get(suffix, ()):
            if kind in pattern.kinds:
                out.append(Match(pattern.generator, pattern.synonym, pattern.family))
    if len(words) > 1 and words[-1] in THING_SYNONYMS and kind == "text":
        # `slug_name`, `color_name`: the name is of the kind the prefix already names
        prefix = "_".join(words[:-1])
        out.extend(
            Match(p.generator, p.synonym, p.family)
            for p in _INDEX.get(prefix, ())
            if kind in p.kinds and p.generator in _NAMED_KINDS
        )
        out.append(Match(_thing(" ".join(words[:-1]), norm), norm, "names"))
    for regex, generator, kinds in AFFIX_RULES:
        if kind in kinds and re.search(regex, norm):
            out.append(Match(generator, regex, "affix"))
    subject = normalise(table)
    for regex, replace in _TEXT_BY_TABLE:
        if re.search(regex, subject):
            out = [Match(replace.get(m.generator, m.generator), m.rule, m.family) for m in out]
    if re.search(_NETWORK_TABLES, subject):
        out = [Match("company", m.rule, m.family) if m.generator == "carrier" else m for m in out]
    if re.search(_PEOPLE, subject):
        out = [_of_people(m, norm) for m in out]
    if norm in _REGISTRATIONS and re.search(_VEHICLES, subject) and kind == "text":
        out.insert(0, Match("licence_plate", norm, "vehicles"))
    return out


def _by_table(norm: str, table: str, kind: str) -> list[Match]:
    """A number whose meaning the table settles: a film's length in minutes, a track's in
    seconds or milliseconds, a file's size in bytes."""
    return [
        Match(generator, norm, "quantities")
        for regex, names, generator, kinds in _NUMBERS_BY_TABLE
        if norm in names and kind in kinds and re.search(regex, table)
    ]


def _of_people(match: Match, norm: str) -> Match:
    """A column of a table of people: a bare `title` is a job title (not the person's name),
    an `extension` a phone extension (not a file's)."""
    if norm == "title" and match.generator == "full_name":
        return Match("job_title", match.rule, "content")
    if match.generator == "file_extension" and match.rule in ("extension", "ext"):
        return Match("phone_extension", match.rule, "identity")
    if match.generator == "weight" and match.rule in ("weight", "weight_kg", "mass"):
        return Match("body_weight", match.rule, "demographics")  # a person's, not a parcel's
    if match.generator == "news_headline":
        return Match("profile_headline", match.rule, "content")
    return match


def _thing(table: str, column: str) -> str:
    subject = normalise(table)
    if column.endswith("title") and re.search(_TEXT_BY_TABLE[0][0], subject):
        return "title"  # a product review's title is the review's (review_title), not a product's
    # the table's last word is the thing (product_categories hold categories), else any word
    for words in (subject.split("_")[-1], subject):
        for regex, generator in _THING_BY_TABLE:
            if re.search(regex, words):
                return generator
    return "title" if column.endswith("title") else "thing_name"


def singular_forms(word: str) -> set[str]:
    """The word and what its plural endings leave (addresses: address; policies: policy;
    boxes: box): names of tables are plural as often as not."""
    out = {word}
    if word.endswith("ies"):
        out.add(word[:-3] + "y")
    if word.endswith("es"):
        out.add(word[:-2])
    if word.endswith("s"):
        out.add(word[:-1])
    return out
