"""What each column means: the generator its name, type, CHECK and comment ask for (recognise,
semantics), which generators fit which kinds, the keys that meet at one grandparent, the time
that anchors a row and the one that ends it, and the totals its children give a parent."""
