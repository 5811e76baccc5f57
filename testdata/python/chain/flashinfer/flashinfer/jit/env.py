import pathlib

CSRC_DIR = pathlib.Path(__file__).resolve().parents[2] / "csrc"
