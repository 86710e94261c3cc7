"""Helpers the tests share: each written once, here, and imported from here only."""
