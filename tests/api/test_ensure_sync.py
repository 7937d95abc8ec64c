"""``App.ensure_sync`` remembers which functions are coroutines' by their code, and
still hands back the very function it was given: each request's own bound view method."""

from service import App


class View:
    def get(self):
        return "got"


def test_a_plain_function_or_bound_method_is_run_as_it_is():
    app = App(__name__)
    one, other = View(), View()
    assert app.ensure_sync(one.get).__self__ is one
    assert app.ensure_sync(other.get).__self__ is other, "not the first request's view"

    def hook():
        return None

    assert app.ensure_sync(hook) is hook
    assert app.ensure_sync(hook) is hook


def test_a_coroutine_function_is_still_made_sync():
    app = App(__name__)

    async def answer():
        return 42

    try:
        made = app.ensure_sync(answer)
    except RuntimeError as error:  # Flask without its async extra (asgiref) says so
        assert "async" in str(error)
        return
    assert made is not answer
    assert made() == 42
