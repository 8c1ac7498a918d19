"""What the pages share: this phone's rights (``access``), page caching, forms, messages, names,
numbers, the words of house rules and of bids, the explanations of a score and the score chart."""
