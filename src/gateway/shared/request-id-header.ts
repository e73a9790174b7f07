/**
 * The header a request's id travels in: read from the caller and echoed (ops/request-id.ts),
 * exposed to browsers (ops/cors.ts) and forwarded to the vendors (upstream/). A constant of the
 * wire, below every layer that names it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
