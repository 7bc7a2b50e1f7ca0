"""dicelab.plots: the helpers draw their data, readably, with text alternatives."""

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from dicelab.analysis.counting import convergence, figure_table, most_common_chain  # noqa: E402
from dicelab.render import plots  # noqa: E402

WHITE = (1.0, 1.0, 1.0, 1.0)

@pytest.fixture(autouse=True)
def _english():
    """These tests read English text: whatever the machine's locale, write in English."""
    from dicelab.core import i18n

    with i18n.using("en"):
        yield



@pytest.fixture(autouse=True)
def no_leaks():
    before = set(plt.get_fignums())
    rc = dict(matplotlib.rcParams)
    yield
    assert set(plt.get_fignums()) == before, "a helper left a pyplot figure open"
    # the style is local: global rcParams are unchanged
    assert matplotlib.rcParams["figure.facecolor"] == rc["figure.facecolor"]
    assert matplotlib.rcParams["axes.grid"] == rc["axes.grid"]


def check_readable(fig):
    assert mcolors.to_rgba(fig.get_facecolor()) == WHITE
    for ax in fig.axes:
        assert mcolors.to_rgba(ax.get_facecolor()) == WHITE
        assert ax.get_xlabel() and ax.get_ylabel()
        # dark text on the white background
        r, g, b, _ = mcolors.to_rgba(ax.xaxis.label.get_color())
        assert max(r, g, b) < 0.3
    assert isinstance(fig.dicelab_alt_text, str) and len(fig.dicelab_alt_text) > 40
    png = plots.figure_png(fig)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def heights(ax):
    return [float(p.get_height()) for p in ax.patches]


def test_palette_is_okabe_ito():
    assert plots.OKABE_ITO == {
        "black": "#000000",
        "orange": "#E69F00",
        "sky blue": "#56B4E9",
        "bluish green": "#009E73",
        "yellow": "#F0E442",
        "blue": "#0072B2",
        "vermillion": "#D55E00",
        "reddish purple": "#CC79A7",
    }
    assert sorted(plots.PALETTE) == sorted(plots.OKABE_ITO.values())
    assert len(set(plots.HATCHES)) == len(plots.HATCHES)
    assert len(set(plots.MARKERS)) == len(plots.MARKERS)


def test_bar_distribution_heights_colours_and_alt_text():
    exact = [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    sim = [0.26, 0.49, 0.25]
    fig = plots.bar_distribution(["a", "b", "c"], exact, sim, xlabel="face", ylabel="P",
                                 title="Demo")
    check_readable(fig)
    ax = fig.axes[0]
    assert heights(ax) == [0.25, 0.5, 0.25, 0.26, 0.49, 0.25]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b", "c"]
    assert ax.get_title() == "Demo"
    colours = {mcolors.to_hex(p.get_facecolor()).upper() for p in ax.patches}
    assert colours == {plots.PALETTE[0], plots.PALETTE[1]}
    hatches = [p.get_hatch() or "" for p in ax.patches]
    assert hatches[:3] != hatches[3:]  # exact and simulated differ without colour too
    alt = fig.dicelab_alt_text
    for x in ("0.25", "0.5", "0.26", "0.49", "exact", "simulated", "a:", "b:"):
        assert x in alt


def test_bars_and_bad_lengths():
    fig = plots.bars(["x", "y"], [3, 7], xlabel="thing", ylabel="count")
    assert heights(fig.axes[0]) == [3.0, 7.0]
    assert "7" in fig.dicelab_alt_text
    with pytest.raises(plots.PlotError, match="2 labels but 1 values"):
        plots.bars(["x", "y"], [3], xlabel="thing", ylabel="count")
    with pytest.raises(plots.PlotError, match="label"):
        plots.bars(["x"], [3], xlabel="", ylabel="count")


def test_grouped_bars_with_real_numbers():
    ft = figure_table((4, 5, 7))
    series = {f: [ft[f][n] for n in (4, 5, 7)] for f in ft}
    fig = plots.grouped_bars(["4 dice", "5 dice", "7 dice"], series, xlabel="number of dice",
                             ylabel="probability", title="Figures")
    check_readable(fig)
    ax = fig.axes[0]
    expected = [float(v) for vals in series.values() for v in vals]
    assert heights(ax) == pytest.approx(expected, abs=0)
    assert len({p.get_hatch() or "" for p in ax.patches}) == 4
    assert ax.get_legend() is not None
    assert f"{float(ft['brelan'][5]):.4g}" in fig.dicelab_alt_text


def test_convergence_plot_data_and_band():
    c = convergence("brelan", 5, 5000, seed=2)
    fig = plots.convergence_plot(c.frequency, c.exact, title="brelan, 5 dice")
    check_readable(fig)
    ax = fig.axes[0]
    line = ax.lines[0]
    np.testing.assert_allclose(line.get_ydata(), c.frequency, rtol=0, atol=1e-12)
    exact_line = ax.lines[1]
    assert list(exact_line.get_ydata()) == [float(c.exact)] * 2
    assert len(ax.collections) == 1  # the ±2 SE band
    band = ax.collections[0].get_paths()[0].vertices
    p = float(c.exact)
    assert band[:, 1].max() == pytest.approx(p + 2 * (p * (1 - p)) ** 0.5, rel=1e-9)
    alt = fig.dicelab_alt_text
    assert "0.213" in alt and "5,000" in alt and f"{c.final:.4g}" in alt
    assert ax.get_xscale() == "log"


def test_turns_histogram():
    samples = [2, 2, 3, 5, 5, 5]
    fig = plots.turns_histogram(samples, exact_mean=3.5, xlabel="turns", title="T")
    check_readable(fig)
    ax = fig.axes[0]
    assert heights(ax) == pytest.approx([2 / 6, 1 / 6, 0, 3 / 6])
    xs = sorted(float(line.get_xdata()[0]) for line in ax.lines)
    assert xs == pytest.approx([3.5, 22 / 6])
    alt = fig.dicelab_alt_text
    assert "3.5" in alt and "6 simulated games" in alt and "from 2 to 5" in alt
    with pytest.raises(plots.PlotError):
        plots.turns_histogram([])


def test_state_diagram_from_the_chain():
    chain = most_common_chain(5)
    fig = plots.state_diagram(chain.states, chain.matrix, highlight=(3, 4, 5),
                              xlabel="dice alike", title="chain")
    check_readable(fig)
    ax = fig.axes[0]
    texts = [t.get_text() for t in ax.texts]
    nonzero = [float(p) for row in chain.matrix for p in row if p]
    # every non-zero transition is written on the diagram
    written = [t.replace("stay ", "") for t in texts if t not in {"1", "2", "3", "4", "5"}]
    assert sorted(float(t) for t in written) == pytest.approx(sorted(nonzero), rel=1e-3)
    assert f"1 to 2: {float(chain.matrix[0][1]):.4g}" in fig.dicelab_alt_text
    assert "highlighted: 3, 4, 5" in fig.dicelab_alt_text
    with pytest.raises(plots.PlotError, match="2×2"):
        plots.state_diagram([1, 2], [[1, 0]])


def test_table_html():
    t = plots.table(
        [{"n": 5, "P": Fraction(23, 108), "name": "<b>"}], ["name", "n", "P"], caption="cap"
    )
    h = t.html
    assert h.index("<th>name</th>") < h.index("<th>n</th>") < h.index("<th>P</th>")
    assert "23/108 ≈ 0.2130" in h and "&lt;b&gt;" in h and "<caption>cap</caption>" in h
    assert t._repr_html_() == h
    assert "<td>1/2 ≈ 0.5000</td>" in plots.table({"x": Fraction(1, 2)}).html
    assert plots.table([(1, 2.5)], ["a", "b"]).html.count("<td>") == 2


def test_show_and_chart_html():
    fig = plots.bars(["x"], [1], xlabel="a", ylabel="b", title="t")
    out = plots.show(fig)
    assert out.html.startswith('<figure class="dicelab-chart"')
    assert 'alt="' in out.html and "<figcaption" in out.html
    assert "data:image/png;base64," in out.html
    assert plots.alt_text(fig) in out.html


def test_answer_is_collapsed_and_escaped():
    h = plots.answer("P < 1/2", "second", summary="Hint").html
    assert h.startswith("<details") and "<summary>Hint</summary>" in h
    assert "<p>P &lt; 1/2</p><p>second</p>" in h
