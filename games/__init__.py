"""Saloon's games: pure engines with no I/O, plus the contract and shared helpers."""
