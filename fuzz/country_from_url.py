"""Fuzz harness: the `country_from_url` target of fuzz/targets.py (see fuzz/README.md).

python fuzz/country_from_url.py -runs=100000
"""

from _fuzz import main  # beside this script: its folder is sys.path[0]

if __name__ == "__main__":
    main("country_from_url")
