"""Eleusis (Robert Abbott): find the dealer's secret rule from the cards it accepts and rejects."""
