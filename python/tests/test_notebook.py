"""The example notebook (issue 42: "an example notebook under docs/ (a short research question
answered end to end, with a plot) executed in the test run, so it never goes stale"): every cell
of docs/python-tour.ipynb runs in a fresh kernel (nbclient, as `jupyter nbconvert --execute`
runs it), against the session's archive, and its answer is what its last cell says."""

import nbclient
import nbformat

from conftest import ROOT


def test_the_tour_notebook_runs_and_answers_its_question(archive_path, monkeypatch):
    monkeypatch.setenv("MANCALA_DB", str(archive_path))
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the kernel's inline backend draws the plot
    notebook = nbformat.read(ROOT / "docs" / "python-tour.ipynb", as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT)}}).execute()
    errors = [o for c in notebook.cells if c.cell_type == "code"
              for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
    # The plot was drawn, and the answer holds: the advantage is the same under both readings;
    # as set, most games end by the no-progress rule, read so that a player who cannot move
    # loses, nearly all by a rule of the game.
    outputs = [o for c in notebook.cells for o in c.get("outputs", [])]
    assert any("image/png" in o.get("data", {}) for o in outputs)
    answer = eval(notebook.cells[-1].outputs[0]["data"]["text/plain"])  # a dict of floats
    assert answer["advantage difference"] == 0
    assert answer["rule of the game, as set"] < 0.1
    assert answer["rule of the game, mover loses"] > 0.95
