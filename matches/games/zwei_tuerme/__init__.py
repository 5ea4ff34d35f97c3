"""Die Zwei Türme (Kosmos 2002): the engine and its Django side (analysis board, board tags)."""
