"""Word lists and vocabularies owned by the project: the names of things (words), trees of
named things (trees) and the words of creative works (works). They import
nothing."""
