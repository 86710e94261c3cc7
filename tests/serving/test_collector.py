"""The garbage collector's pauses kept short in a worker: what survives a collection of the
older generations is frozen, and thawed in time for its cycles to be collected."""

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
    freezer = Freezer(clock)
    gc.callbacks.append(freezer.collected)
    yield freezer, clock
    gc.callbacks.remove(freezer.collected)
    gc.unfreeze()


class Knot:
    """Part of a cycle: freed only by a collection."""

    def __init__(self) -> None:
        self.me = self


def test_what_survives_a_collection_of_the_older_generations_is_frozen(freezer):
    freezer, clock = freezer
    gc.unfreeze()
    gc.collect(0)
    assert gc.get_freeze_count() == 0  # the youngest generation alone: nothing frozen
    gc.collect(1)
    assert gc.get_freeze_count() > 0
    gc.unfreeze()
    gc.collect()
    assert gc.get_freeze_count() > 0
    assert freezer.look() == ""  # not time to thaw yet
    clock.now += THAW_SECONDS
    assert freezer.look() == "thawed"
    assert gc.get_freeze_count() > 0  # what survived the thaw's collection, frozen again
    assert freezer.look() == ""  # once in that time


def test_workers_started_together_thaw_at_moments_of_their_own():
    """The first thaw comes after half to all of THAW_SECONDS, drawn for each worker."""
    clock = Clock()
    freezers = [Freezer(clock) for _ in range(6)]
    first: dict[int, float] = {}
    try:
        while clock.now <= THAW_SECONDS:
            for number, freezer in enumerate(freezers):
                if number not in first and freezer.look() == "thawed":
                    first[number] = clock.now
            clock.now += THAW_SECONDS / 100
    finally:
        gc.unfreeze()
    assert sorted(first) == list(range(6))
    assert all(THAW_SECONDS / 2 <= moment <= THAW_SECONDS for moment in first.values())
    assert len(set(first.values())) > 1


def test_garbage_is_collected_before_what_survives_is_frozen(freezer):
    gc.disable()  # no collection of its own between these lines
    try:
        knot = Knot()
        gone = weakref.ref(knot)
        del knot  # a cycle nobody holds: garbage
        gc.collect(1)
    finally:
        gc.enable()
    assert gone() is None  # collected, not frozen


def test_a_collection_during_a_thaw_freezes_nothing(freezer):
    """While a thaw is under way (another thread collecting between its unfreeze and its
    own collection), what was thawed is not frozen back before its cycles are collected."""
    freezer, _ = freezer
    gc.unfreeze()
    freezer._thawing = True
    try:
        gc.collect(1)
        assert gc.get_freeze_count() == 0
    finally:
        freezer._thawing = False


def test_a_cycle_that_was_frozen_is_collected_once_thawed(freezer):
    freezer, clock = freezer
    knot = Knot()
    alive = weakref.ref(knot)
    gc.collect(1)
    assert gc.get_freeze_count() > 0
    del knot
    gc.collect()
    assert alive() is not None  # frozen: a full collection does not look at it
    clock.now += THAW_SECONDS
    assert freezer.look() == "thawed"
    assert alive() is None  # thawed and collected at once


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
collector.THAW_SECONDS = collector.LOOK_SECONDS  # thawed at its first look
set_up_worker(worker)
owners = [getattr(callback, "__self__", None) for callback in gc.callbacks]
freezer = next(owner for owner in owners if isinstance(owner, collector.Freezer))
gc.collect(1)
frozen = gc.get_freeze_count() > 0
gevent.sleep(collector.LOOK_SECONDS * 2.5)
print(frozen, freezer.thaws > 0)
"""


def test_a_worker_keeps_its_pauses_short():
    """The hook gunicorn calls in each worker starts the freezer, and its thawing runs under
    gevent."""
    done = python_script(A_WORKER)
    assert done.stdout.split() == ["True", "True"], done.stdout + done.stderr
