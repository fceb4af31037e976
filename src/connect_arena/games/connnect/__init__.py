"""CO'NNN'ECT: the roll-and-write game for 1-4 players."""
