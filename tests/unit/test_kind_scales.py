"""What a row's kind says of its size, read from its labels and names (vocab/tonnage.py,
vocab/lifespans.py, rules/kind_range.pairs): a goods vehicle's gross weight in its label, an
animal's life by its species, a range stated as a lowest and a highest column."""

from __future__ import annotations

from workbench.generate.rules.kind_range import pairs
from workbench.generate.vocab.lifespans import lifespan_of
from workbench.generate.vocab.magnitudes import magnitude_of, measure_of
from workbench.generate.vocab.tonnage import by_tonnage, tonnage


def test_a_goods_vehicle_label_states_its_gross_weight() -> None:
    assert tonnage("truck_7_5t") == 7.5
    assert tonnage("rigid_18t") == 18.0
    assert tonnage("3_5t_van") == 3.5
    assert tonnage("lorry_26_tonne") == 26.0
    assert tonnage("44t") == 44.0
    assert tonnage("crane_50t") is None  # what a crane lifts, not a vehicle's gross weight
    assert tonnage("panel_van") is None


def test_the_gross_weight_scales_payload_and_load_space() -> None:
    small, large = by_tonnage("payload_kg", "truck_7_5t"), by_tonnage("payload_kg", "truck_18t")
    assert small is not None and large is not None
    assert 1500 <= small[0] < small[2] <= 3800 and 5000 <= large[0] < large[2] <= 10500
    between = by_tonnage("load_l", "rigid_12t")
    assert between is not None and 30000 <= between[1] <= 55000


def test_a_capacity_in_cubic_metres_is_a_load_space() -> None:
    assert measure_of("capacity_m3") == ("load_l", 0.001)
    assert measure_of("cargo_volume_m3") == ("load_l", 0.001)
    assert measure_of("fuel_tank_capacity_l") == ("volume_l", 1.0)
    van = magnitude_of("load_l", "panel_van")
    assert van is not None and van[0] >= 5000 and van[2] <= 15000
    # a tank's volume stays a load space's thing too (a road tanker in m3)
    assert magnitude_of("load_l", "tanker") == magnitude_of("volume_l", "tanker")


def test_an_animal_lives_its_species_life() -> None:
    dog, cat, guinea_pig = lifespan_of("dog"), lifespan_of("cat"), lifespan_of("guinea_pig")
    assert dog is not None and cat is not None and guinea_pig is not None
    assert dog[1] <= 20 and cat[1] <= 25 and guinea_pig[1] <= 15
    assert lifespan_of("miniature_horse") == lifespan_of("horse")  # its last word names it
    assert lifespan_of("first_name") is None


def test_a_range_is_a_lowest_and_a_highest_column_of_one_measure() -> None:
    found = pairs(["typical_weight_min_kg", "typical_weight_max_kg", "name"])
    assert found == [("typical_weight_min_kg", "typical_weight_max_kg", "weight", 1.0)]
    assert pairs(["min_length_cm", "max_length_cm"])[0][2:] == ("length", 1.0)
    assert pairs(["min_order_qty", "max_order_qty"]) == []
