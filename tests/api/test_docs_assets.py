"""The documentation pages' assets from the service itself (``service/api/docs.py``), in
process and without a browser: the URLs the config names are the ones served, cached as
immutable, and nothing else of the packages is served."""

import pytest

from service.api.docs import REDOC, REDOC_VERSION, SWAGGER_UI


def test_the_config_names_the_served_versions(app):
    # a new pin of swagger-ui-bundle-v2, or a new ReDoc in service/static/redoc, needs the
    # URLs in service/config.py to follow
    assert app.config["OPENAPI_SWAGGER_UI_URL"] == f"/docs/assets/{SWAGGER_UI}/"
    assert app.config["OPENAPI_REDOC_URL"] == f"/docs/assets/{REDOC}/redoc.standalone.js"
    assert app.config["OPENAPI_SWAGGER_UI_CONFIG"]["validatorUrl"] is None


@pytest.mark.parametrize(
    "path",
    ["swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"],
)
def test_swagger_ui_assets_are_served_for_a_year(client, path):
    answer = client.get(f"/docs/assets/{SWAGGER_UI}/{path}")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.headers["ETag"]


def test_redoc_is_served_for_a_year(client):
    answer = client.get(f"/docs/assets/{REDOC}/redoc.standalone.js")
    assert answer.status_code == 200
    assert answer.content_type.startswith("text/javascript")
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert f'" ReDoc Version: ","{REDOC_VERSION}"' in answer.get_data(as_text=True)


def test_redoc_asks_the_internet_for_no_logo(client):
    bundle = client.get(f"/docs/assets/{REDOC}/redoc.standalone.js").get_data(as_text=True)
    assert "https://cdn.redoc.ly/" not in bundle
    assert "data:image/svg+xml," in bundle


@pytest.mark.parametrize(
    "path",
    [
        f"{SWAGGER_UI}/index.html",  # the package's demo page: the Petstore, from the internet
        f"{SWAGGER_UI}/swagger-initializer.js",
        f"{SWAGGER_UI}/nothing.js",
        f"{REDOC}/nothing.js",
        "swagger-ui-0.0.1/swagger-ui.css",
        f"{SWAGGER_UI}/..%2F__init__.py",
    ],
)
def test_nothing_else_is_served(client, path):
    answer = client.get(f"/docs/assets/{path}")
    assert answer.status_code == 404
    assert answer.content_type == "application/problem+json"


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_pages_load_nothing_from_elsewhere(client, page):
    answer = client.get(page)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert "http://" not in html and "https://" not in html
    policy = answer.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "img-src 'self' data:" in policy


def test_the_api_has_no_such_policy(client):
    assert "Content-Security-Policy" not in client.get("/v1/health").headers
