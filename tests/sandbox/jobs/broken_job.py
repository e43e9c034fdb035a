def run(payload, source, filename):
    return {}["missing"]     # the job's own bug: no frame of the snippet
