"""The classic puzzle's tools: solve with a human strategy, lookup tables, census and its database."""
