"""MECCG by post: the engine and its Django side (card data, deck choice, Punkterechner)."""
