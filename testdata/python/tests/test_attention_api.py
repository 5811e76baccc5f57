import pytest
import torch

from flashinfer.attention_api import pick_backend, run_attention


def test_fa3_only(q):
    # The helper's value decides the skip, so the call is followed.
    if pick_backend(torch.device("cuda")) != "fa3":  # gate: pytest-skip admits 9.0
        pytest.skip("fa3 only")
    out = run_attention(q, "fa3")
    torch.testing.assert_close(out, q)


def test_fa3_runs(q):
    # Nothing here decides on the output: run_attention is not run with
    # the test's "fa3" (analyzer/python/slice.go).
    out = run_attention(q, "fa3")
    torch.testing.assert_close(out, q)


def test_backend_list(q):
    # append binds backends anew: the call feeds the skip below, so it is
    # run and followed.
    backends = []
    backends.append(pick_backend(torch.device("cuda")))
    if backends[0] != "fa3":  # gate: pytest-skip admits 9.0
        pytest.skip("fa3 only")
