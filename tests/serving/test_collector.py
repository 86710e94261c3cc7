"""The garbage collector's pauses kept short in a worker: what survives a full collection is
frozen, and thawed in time for its cycles to be collected."""

from __future__ import annotations

import gc
import weakref

import pytest

from evilrobots.serving.collector import THAW_SECONDS, Freezer
from tests.support.servers import python_script


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def freezer():
    clock = Clock()
    yield Freezer(clock), clock
    gc.unfreeze()


class Knot:
    """Part of a cycle: freed only by a collection."""

    def __init__(self) -> None:
        self.me = self


def test_what_survives_a_full_collection_is_frozen(freezer):
    freezer, clock = freezer
    assert freezer.look() == ""  # no full collection yet: nothing to do
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert freezer.look() == "froze"
    assert gc.get_freeze_count() > 0
    assert freezer.look() == ""  # once for each full collection
    clock.now += THAW_SECONDS
    assert freezer.look() == "thawed"
    assert gc.get_freeze_count() == 0


def test_a_cycle_that_was_frozen_is_collected_once_thawed(freezer):
    freezer, clock = freezer
    knot = Knot()
    alive = weakref.ref(knot)
    gc.collect()
    assert freezer.look() == "froze"
    del knot
    gc.collect()
    assert alive() is not None  # frozen: a full collection does not look at it
    clock.now += THAW_SECONDS
    assert freezer.look() == "thawed"
    gc.collect()
    assert alive() is None


A_WORKER = """
from gevent import monkey

monkey.patch_all()

import gc
from types import SimpleNamespace

import gevent

from evilrobots.serving import collector
from evilrobots.serving.serve import set_up_worker
from evilrobots.store import Hub

worker = SimpleNamespace(alive=True, handle_exit=lambda sig, frame: None)
hub = Hub(lambda code: None)
app = SimpleNamespace(extensions={"evilrobots.store": SimpleNamespace(hub=hub)})
worker.app = SimpleNamespace(apps=[app])
set_up_worker(worker)
before = gc.get_freeze_count()
gc.collect()
gevent.sleep(collector.LOOK_SECONDS * 2.5)
print(before, gc.get_freeze_count() > 0)
"""


def test_a_worker_keeps_its_pauses_short():
    """The hook gunicorn calls in each worker starts the freezer, and it runs under gevent."""
    done = python_script(A_WORKER)
    assert done.stdout.split() == ["0", "True"], done.stdout + done.stderr
