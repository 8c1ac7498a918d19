"""Seven-Up at the table: one form for a hand, in the order it happens, sent to the engine as
one ``Hand``; the chips, the hands in numbers and the counting out around it.

What the page shows is the engine's answer: whether the dealer may give one, and why not
(``rules.gift_refusal``), who a gift scores for (``rules.gift_receivers``), how many turned
jacks end the game before play (``rules.seven_up.jacks_to_win``), the chips, the hands and the
counting out (``rules.chips``).

- ``hand_form``: the form, and the ``Hand`` it makes
- ``board``: the form's hints, the chips, the hands table, the counting out (``panel``)
- ``hand_writes``: posting a hand, correcting a past one

The package imports none of them: the game page renders ``board.panel`` while ``hand_writes``
answers through that page (``web.game.responses``), so importing the views here would close a circle.
"""
