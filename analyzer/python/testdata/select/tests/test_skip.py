import pytest

from pkg.utils import is_sm90_supported


@pytest.mark.skipif(not is_sm90_supported(), reason="needs sm90")
def test_x():
    pass
