"""Fuzz harness: the `slither_from_puzzlekit` target of fuzz/targets.py (see fuzz/README.md).

python fuzz/slither_from_puzzlekit.py -runs=100000
"""

from _fuzz import main  # beside this script: its folder is sys.path[0]

if __name__ == "__main__":
    main("slither_from_puzzlekit")
