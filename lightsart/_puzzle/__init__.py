"""The puzzle's tools under any rules: solve (game.py, solve.py), the classic lookup table
(table.py), census and its database, sizes, and the text the CLI prints (text.py)."""
