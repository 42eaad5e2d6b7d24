"""All In: a flip-and-write poker game on personal sheets."""
