"""Mine All Mines: dwarves dig in five mines for gems, then buy jewelry and support cards."""
