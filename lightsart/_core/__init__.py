"""The rules' algebra: the press operator, light chasing, quiet patterns, decoding, fewest clicks."""
