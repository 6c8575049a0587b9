// @hey-api/openapi-ts's configuration for zod-matches.mts: the SDK, its fetch client and
// zod schemas, generated from the document into client/ (tests/clients/test_hey_api_client.py
// sets FORACCIO_DOCUMENT to the committed openapi/openapi.json). The SDK validates every
// request before sending it and every answer before returning it, with zod.
export default {
  input: process.env.FORACCIO_DOCUMENT ?? "../../openapi/openapi.json",
  // Imports end in .js, as Node's ES modules need (tsconfig's NodeNext).
  output: { path: "client", module: { extension: ".js" } },
  plugins: [
    "@hey-api/client-fetch",
    "zod",
    { name: "@hey-api/sdk", validator: { request: "zod", response: "zod" } },
  ],
};
