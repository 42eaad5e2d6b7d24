"""Mine, All Mine!: assemble a secret fleet, race to the planet, chase rivals off and mine the most."""
