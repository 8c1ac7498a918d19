"""The WSGI entry point: ``gunicorn wsgi:app``."""

import gc

from companion import create_app
from companion.app import compile_templates

app = create_app()
compile_templates(app)  # before the freeze below: they live as long as the process

# What start-up made (the modules, the app, its routes: some 135,000 objects) lives as long as
# the process: frozen out of the garbage collector's sight, a full collection scans only what
# came after. The share page's requests set one off every few thousand, and scanning everything
# took 90 ms of CPU (the page's tail, where the state's has none); frozen, 13 ms
# (bench/README.md, "The share page's tail").
gc.collect()
gc.freeze()
