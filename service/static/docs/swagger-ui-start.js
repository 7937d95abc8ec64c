// Starts Swagger UI on /docs (service/api/docs.py) with what the page's container says:
// a file of the service, not an inline script, so that the page's Content-Security-Policy
// runs no inline script at all.
window.addEventListener("load", () => {
  const container = document.getElementById("swagger-ui-container");
  window.ui = SwaggerUIBundle({
    url: container.dataset.specUrl,
    dom_id: "#swagger-ui-container",
    ...JSON.parse(container.dataset.config),
  });
});
