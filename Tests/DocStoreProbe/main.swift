import DocStore
print("probe")
