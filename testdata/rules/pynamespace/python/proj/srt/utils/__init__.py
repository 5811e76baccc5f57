from proj.srt.utils.common import *
