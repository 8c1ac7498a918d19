"""The yardstick of bench/load.py: a bare Flask "hello", served exactly like Companion."""

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "hello"
