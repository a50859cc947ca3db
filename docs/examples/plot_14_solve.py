"""
Solving the classic puzzle
==========================

The puzzle itself: a 5×5 board has nullity 2, so only one board in four can be turned off. The
fewest clicks range over the four solutions (one Walsh–Hadamard transform), and the quiet
patterns explain an unsolvable board.
"""

import matplotlib.pyplot as plt

from lightsart import Rules, algebra, apply_clicks, fewest_clicks, format_board, parse_board

board = parse_board("11110/10001/00001/00100/01110")
solver = algebra(Rules(5, 5))
print("solvable:", solver.is_reachable(board))
clicks = solver.solve(board)  # one click set that turns every light off
best = fewest_clicks(clicks)  # the fewest of the 2**nullity click sets that do the same
print(format_board(best.clicks))
print(f"{best.count} clicks, proven minimal: {best.proven}")

fig, axes = plt.subplots(1, 3, figsize=(8, 3))
for ax, (title, grid) in zip(axes, [("board", board), ("fewest clicks", best.clicks),
                                    ("after the clicks", apply_clicks(board, best.clicks))],
                             strict=True):
    ax.imshow(grid, cmap="gray", vmin=0, vmax=1)
    ax.set_title(title)
    ax.set_xticks([])
    ax.set_yticks([])
fig.tight_layout()
