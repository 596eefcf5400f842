import AGTraceKit
print("agtrace")
