"""Fuzz harness: the `cli_inputs` target of fuzz/targets.py (see fuzz/README.md).

python fuzz/cli_inputs.py -runs=100000
"""

from _fuzz import main  # beside this script: its folder is sys.path[0]

if __name__ == "__main__":
    main("cli_inputs")
