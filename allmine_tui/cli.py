def main(argv=None):
    print("hello")
    return 0
