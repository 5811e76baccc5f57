# Architecture names in a test file: data for the test (a table of cases,
# a parametrize argument) is no list the test builds for; a list bound to
# a name the test reads is.
import pytest

SUPPORTED_SM = {90, 100, 103}  # gate: arch-list admits 9.0, 10.x


@pytest.mark.parametrize("backend", ["sm90", "sm80"])  # gate: none
def test_backend(backend):
    assert backend


@pytest.mark.parametrize(
    "hip, archs, expected",
    [
        ("6.2.0", ["gfx1150"], True),
        (None, ["sm_90", "sm_100"], False),  # gate: none
    ],
)
def test_is_apu(hip, archs, expected):
    assert (hip is None) is not expected


pytestmark = [pytest.mark.arch(["sm_90a", "sm_100a"])]  # gate: arch-list admits 9.0, 10.0

CASES = [
    (["sm_90", "sm_100"], 2),  # gate: none
]
