/**
 * Raw HTTP requests to /graphql that are not well-formed GraphQL over HTTP: odd methods, media
 * types and Accept headers, bodies that are not JSON or not a request object, parameters of the
 * wrong JSON type, and GET query strings with repeated, empty or badly encoded parameters.
 */
import fc from 'fast-check';

/** One raw request: its method, the part of the URL after /graphql, headers and body. */
export interface RawRequest {
  method: string;
  search: string;
  headers: Record<string, string>;
  body?: string;
}

const QUERY = '{ __typename }';

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/graphql',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  '',
  ';;;',
);
const accepts = fc.constantFrom(
  'application/json',
  'application/graphql-response+json',
  '*/*',
  '',
  'image/png',
  'application/xml, */*;q=0',
);
// A GET that accepts text/html is a browser asking for GraphiQL, and gets it; a POST must not.
const postAccepts = fc.oneof(accepts, fc.constant('text/html'));

const jsonBodies = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"query":',
    'null',
    '[]',
    '[{"query":"{ __typename }"}]',
    '"text"',
    '42',
    'true',
    '{"query":"{ __typename }"}garbage',
    '\ufeff{"query":"{ __typename }"}',
  ),
  fc
    .record(
      {
        query: fc.oneof(fc.constant(QUERY), fc.constant(null), fc.integer(), fc.array(fc.string()), fc.string({ maxLength: 50 })),
        variables: fc.oneof(fc.constant(null), fc.string(), fc.array(fc.integer()), fc.jsonValue({ maxDepth: 4 })),
        operationName: fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 20 }), fc.constant({})),
        extensions: fc.oneof(
          fc.constant(null),
          fc.string(),
          fc.jsonValue({ maxDepth: 3 }),
          fc.constant({ persistedQuery: { version: 1, sha256Hash: 'abc' } }),
        ),
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

const searchParameter = fc.oneof(
  fc.constant(`query=${encodeURIComponent(QUERY)}`),
  fc.constant('query='),
  fc.constant(`query=${encodeURIComponent(QUERY)}&query=${encodeURIComponent('{ country(code: "FR") { __typename } }')}`),
  fc.constant(`query=${encodeURIComponent('mutation { __typename }')}`),
  fc.constant('query=%E0%A4%A'),
  fc.constant('query=%'),
  fc.constant('variables=%7B'),
  fc.constant('variables=[1]'),
  fc.constant('variables=null'),
  fc.constant('extensions=%7B%22persistedQuery%22%3A1%7D'),
  fc.constant('operationName='),
  fc.constant('&&&=&='),
  fc.string({ maxLength: 80 }).map((text) => `query=${encodeURIComponent(text)}`),
  fc.string({ unit: 'binary', maxLength: 40 }).map((text) => encodeURIComponent(text)),
);

/** Requests that get HTTP wrong in one or more ways. */
export const rawRequests: fc.Arbitrary<RawRequest> = fc.oneof(
  fc.record({
    method: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
    search: fc.constantFrom('', '?', '?query=%7B'),
    headers: fc.record({ 'content-type': contentTypes, accept: postAccepts }),
    body: jsonBodies,
  }),
  fc.record({
    method: fc.constantFrom('GET', 'HEAD', 'OPTIONS'),
    search: fc.array(searchParameter, { maxLength: 4 }).map((parts) => `?${parts.join('&')}`),
    headers: fc.record({ accept: accepts }),
  }),
);
