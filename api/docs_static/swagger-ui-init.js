// Swagger UI on the page /schema, for the document its container names. A file rather
// than an inline script, so that the page's Content-Security-Policy runs none
// (api/docs_ui.py).
const container = document.getElementById("swagger-container");
window.ui = SwaggerUIBundle({
  url: container.dataset.document,
  dom_id: "#swagger-container",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
