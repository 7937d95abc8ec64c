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


def test_closures_made_per_request_are_remembered_once_and_any_callable_runs():
    app = App(__name__)
    for number in range(100):

        def after_this_request(answer, number=number):  # a new closure each time
            return answer

        assert app.ensure_sync(after_this_request) is after_this_request
    assert len(app._coroutines) == 1

    class Hook:  # a callable that is no function: asked about each time
        __hash__ = None

        def __call__(self):
            return "ran"

    hook = Hook()
    assert app.ensure_sync(hook)() == "ran"
