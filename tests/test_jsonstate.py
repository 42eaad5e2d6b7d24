"""copy_json: a deep copy of a state's JSON data that shares nothing with it."""
from __future__ import annotations

import enum

from hypothesis import given, strategies as st

from allmine_tui.engine.jsonstate import _walked_copy, copy_json

json_data = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=4),
    max_leaves=30)


def _containers(value, found=None):
    found = [] if found is None else found
    if isinstance(value, list):
        found.append(value)
        for v in value:
            _containers(v, found)
    elif isinstance(value, dict):
        found.append(value)
        for v in value.values():
            _containers(v, found)
    return found


@given(json_data)
def test_a_copy_is_equal_of_the_same_types_and_shares_no_list_or_dict(value):
    copy = copy_json(value)
    assert copy == value == _walked_copy(value)
    assert repr(copy) == repr(value)  # (True stays True, not 1; 1.0 stays a float)
    mine = {id(c) for c in _containers(copy)}
    assert not mine & {id(c) for c in _containers(value)}


def test_a_list_that_appears_twice_is_copied_twice():
    inner = [1, 2]
    copy = copy_json({"a": inner, "b": inner})
    copy["a"].append(3)
    assert copy["b"] == [1, 2] and inner == [1, 2]


class Colour(enum.IntEnum):
    RED = 1


def test_what_marshal_cannot_hold_is_copied_by_walking():
    value = [{"c": Colour.RED}, [Colour.RED]]
    copy = copy_json(value)
    assert copy == value and copy[0]["c"] is Colour.RED
    assert copy[0] is not value[0] and copy[1] is not value[1]
