"""The new-game page (``views``): the games offered with their options in plain words
(``choices``), the form (``form``), and the score pad's earlier titles as chips (``titles``, which
a table's page offers too).
"""
