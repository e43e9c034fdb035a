def run(payload, source, filename):
    return {"a set": {1, 2}}
