"""This is Mine!: dividing an inheritance into lots, negotiating, and scoring collections."""
