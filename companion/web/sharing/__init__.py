"""Sharing a game: the share panel's QR code and the standings picture a pasted link shows."""
