"""All Mine!: predict the treasure you will collect most and least of, then take tricks."""
