"""The table's shared parts, used by every game's table: the move log and recap (``movelog``), cards that travel
and can be dragged (``motion``), and sheets and confirmations over the table (``sheet``)."""
