"""What an API reports as supported, beside what a build compiles for."""


def query_supported_hw():
    # A report to callers (nccl's ubx registry): a note, not "no code".
    return {
        "transports": ["nvlink"],
        "sm_archs": ["9.0", "9.0a", "10.0", "10.0a"],  # want "AL202 12.0 .sm_120. is not in the \"sm_archs\" list query_supported_hw returns: a caller that checks it there takes 12.0 .sm_120. as unsupported"
        "nvlink_domain_min": 2,
    }


def extension_config():
    # A configuration a build may read: judged as an arch list.
    return {"cuda_archs": ["8.0", "9.0"]}  # want "AL202 arch list admits 8.x, 9.x and shuts out 10.x, 11.x, 12.x"
