"""The dice table: play by post for games whose boards stand at each player's home."""
