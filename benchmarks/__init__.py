"""Measured accuracy and speed (`make bench`): medians and ratios, printed as tables."""
