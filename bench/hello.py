"""The baseline for bench/throughput.py: a bare Flask app whose one view returns "hello"."""

from flask import Flask

app = Flask(__name__)


@app.get("/hello")
def hello() -> str:
    return "hello"
