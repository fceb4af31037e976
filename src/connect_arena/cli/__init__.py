"""The ``connect-arena`` command line: play, replay, perft, simulate and the list of games.

Every command reports bad input as one red line on stderr and exit status 2 (1 for a record
that does not replay in ``replay``), never with a traceback.
"""
