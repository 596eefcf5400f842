print("agtrace-bench: not yet")
