"""Fuzz harness: the `odd_inputs` target of fuzz/targets.py (see fuzz/README.md).

python fuzz/odd_inputs.py -runs=100000
"""

from _fuzz import main  # beside this script: its folder is sys.path[0]

if __name__ == "__main__":
    main("odd_inputs")
