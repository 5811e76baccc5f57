from proj.srt.utils import get_bool_env_var


def log_once(msg):
    if get_bool_env_var("PROJ_QUIET"):
        return None
    return msg
