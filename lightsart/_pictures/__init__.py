"""The picture stage: load, fit, tone and dither a picture into a target board."""
