def prepare(payload):
    raise RuntimeError("prepare failed on purpose")


def run(payload, source, filename):
    return {}
