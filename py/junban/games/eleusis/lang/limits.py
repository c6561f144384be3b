"""The bounds that keep every rule small, quick to judge and safe to run on a phone.

Work per judgement is at most (nodes of the rule) x (1 + mainline length): the language has no loops except
``count``/``sum`` over the mainline, and those may not nest.
"""

MAX_TEXT_LENGTH = 500  # characters of rule text
MAX_TOKENS = 200
MAX_DEPTH = 24  # nesting of brackets, if/then/else, not, minus and function calls
MAX_NODES = 160
MAX_AGGREGATES = 6  # count(...) and sum(...) per rule
MAX_LIST_ITEMS = 13
MAX_LITERAL = 10_000  # the largest number that may be written
MAX_VALUE = 10**9  # no number the rule computes may grow beyond this (checked before it runs)
MAX_MAINLINE = 10_000  # the longest mainline a rule is asked about (a round never gets near it)
