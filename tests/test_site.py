"""The tests' own site (tests/support/site.py): it links the built site, takes the test models in a
models/ folder of its own, and nothing a test converts lands in the built site's dist/."""
import json

import pytest

from support.site import SOURCE, assert_dist_untouched, build_site


def fake_dist(root, models):
    (root / "models").mkdir(parents=True)
    (root / "index.html").write_text("<html></html>")
    for name in models:
        (root / "models" / name).mkdir()
        (root / "models" / name / "model.json").write_text("{}")
    (root / "build.json").write_text(json.dumps({"models": [{"id": name} for name in models]}))
    return root


def test_the_site_links_the_build_and_keeps_test_models_to_itself(tmp_path):
    dist = fake_dist(tmp_path / "dist", ["a", "b"])
    site = build_site(dist, tmp_path / "site")
    assert (site / "index.html").resolve() == (dist / "index.html").resolve()
    assert sorted(p.name for p in (site / "models").iterdir()) == ["a", "b"]
    (site / "models" / "test-x").mkdir()  # what a fixture writes (and a killed run leaves)
    assert_dist_untouched(dist)
    (dist / "models" / "b" / "model.json").unlink()
    (dist / "models" / "b").rmdir()
    (dist / "build.json").write_text(json.dumps({"models": [{"id": "a"}]}))
    build_site(dist, site)  # a rebuilt dist/: links follow it, the test model stays
    assert sorted(p.name for p in (site / "models").iterdir()) == ["a", "test-x"]
    (dist / "models" / "test-y").mkdir()
    with pytest.raises(AssertionError, match=r"holds \['test-y'\] beyond the build's \['a'\]"):
        assert_dist_untouched(dist)


@pytest.mark.model
@pytest.mark.slow
def test_converted_test_models_live_outside_the_built_site(smollm2_model, qwen_exact):
    for model in (smollm2_model, qwen_exact):
        assert SOURCE.resolve() not in model.resolve().parents, model
