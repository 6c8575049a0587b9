// Redoc on the page /schema/redoc, for the document its container names. A file rather
// than an inline script, so that the page's Content-Security-Policy runs none; Redoc
// gives its styles the nonce this script was given, which the policy allows
// (api/docs_ui.py).
const container = document.getElementById("redoc-container");
Redoc.init(container.dataset.document, {nonce: document.currentScript.nonce}, container);
