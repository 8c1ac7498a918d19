"""A table, the people who play together (docs/rules.md section 7): its page (``pages``), its
chart and standings picture (``share``), and its place on a game's page (``links``,
``on_game_page``)."""
