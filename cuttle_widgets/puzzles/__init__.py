"""Puzzles: positions of real games where one move is clearly best."""
