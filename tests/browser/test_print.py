"""Print and play: four A4 pages of cards with cut marks, checked in a real PDF."""

import io
import re

import pypdf
import pytest

from evilrobots.game.cards import ROBOTS
from evilrobots.web.words import robot_text

A4_POINTS = (595.28, 841.89)
MM = 96 / 25.4  # CSS pixels per millimetre


def test_print_page_lays_out_every_card(client):
    page = client.get("/print").get_data(as_text=True)
    for robot in ROBOTS:
        assert robot_text(robot) in page
    assert page.count('class="print-card"') == 36
    assert page.count('class="cut cut-') == 4 * 16


@pytest.fixture(scope="module")
def printed(browser, live_server):
    page = browser.new_page()
    page.goto(live_server + "/print")
    page.emulate_media(media="print")
    sizes = page.evaluate(
        "[...document.querySelectorAll('.print-card')].map(e => {"
        " const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    page.close()
    return sizes, pypdf.PdfReader(io.BytesIO(pdf))


def test_pdf_has_four_a4_pages(printed):
    _, pdf = printed
    assert len(pdf.pages) == 4
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(A4_POINTS[0], abs=1)
        assert float(page.mediabox.height) == pytest.approx(A4_POINTS[1], abs=1)


def test_robot_pages_hold_nine_robots_each_in_order(printed):
    _, pdf = printed
    for number, robots in [(0, ROBOTS[:9]), (1, ROBOTS[9:])]:
        text = pdf.pages[number].extract_text()
        for robot in robots:
            assert robot.name in text, (number, robot.name)
        for robot in set(ROBOTS) - set(robots):
            assert robot.name not in re.findall(r"\w+Bot", text)
        positions = [text.index(f"{robot.name}\n") for robot in robots]
        assert positions == sorted(positions), (number, positions)


def test_power_pages_hold_two_of_each_value(printed):
    _, pdf = printed
    text = pdf.pages[2].extract_text() + "\n" + pdf.pages[3].extract_text()
    assert text.replace(" ", "").count("POWER") == 18
    values = re.findall(r"^([1-9])$", text, re.M)
    for value in "123456789":
        assert values.count(value) == 2 * 3, value  # two cards, each with three numerals


def test_cards_print_at_playing_card_size(printed):
    sizes, _ = printed
    assert len(sizes) == 36
    for width, height in sizes:
        assert width == pytest.approx(63 * MM, abs=1)
        assert height == pytest.approx(88 * MM, abs=1)
