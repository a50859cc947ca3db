"""Exact algebra of the press operator: packed GF(2) elimination and algebra for any rules."""
