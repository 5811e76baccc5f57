# Architecture names in a test file: data for the test (a table of cases,
# a parametrize argument, what an assert checks, what a stub returns, the
# arguments of a fake's builder) is no list the test builds for; a list
# bound to a name the test reads is.
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


def test_normalize(normalize):
    assert normalize([90, 80, 90]) == [(8, 0), (9, 0)]  # gate: none


def test_selection(make_artifact, select, monkeypatch):
    art = make_artifact("bundle.tar.gz", supported_sms=["75", "86", "89"])  # gate: none
    monkeypatch.setattr(select, "arch_list", lambda: ["sm_80", "sm_89"])  # gate: none
    assert select(art)


def test_needs_blackwell(match_sm, device):
    if not match_sm(device, ["100", "103"]):  # gate: arch-list admits 10.0, 10.3
        pytest.skip("SM100 only")


def test_ahead_of_time():
    from cudalib import make_reduce_into

    # An imported make_ builds real code for these capabilities.
    r = make_reduce_into(op="plus", compute_capability=[80, 90])  # gate: arch-list admits 8.0, 8.6, 8.7, 8.9, 9.0
    assert r
