"""Pages gzipped piece by piece: shared pieces deflated once, joined into one valid stream."""

import gzip

from hypothesis import given
from hypothesis import strategies as st

from evilrobots.serving.compress import Packed, gzip_pieces, text_of

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)


@given(st.lists(st.one_of(texts, texts.map(Packed.of)), max_size=8))
def test_a_page_of_pieces_gzips_to_exactly_its_text(pieces):
    assert gzip.decompress(gzip_pieces(pieces)).decode() == text_of(pieces)


def test_a_long_piece_of_its_own_is_split_into_blocks_the_browser_accepts():
    own = "x" * 70_000 + "é"
    pieces = [Packed.of("<p>"), own, Packed.of("</p>")]
    assert gzip.decompress(gzip_pieces(pieces)).decode() == "<p>" + own + "</p>"
