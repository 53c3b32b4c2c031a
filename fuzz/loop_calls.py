"""Fuzz harness: the `loop_calls` target of fuzz/targets.py (see fuzz/README.md).

python fuzz/loop_calls.py -runs=100000
"""

from _fuzz import main  # beside this script: its folder is sys.path[0]

if __name__ == "__main__":
    main("loop_calls")
