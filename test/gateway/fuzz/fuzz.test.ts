/**
 * Property-based fuzzing of the whole request path (see graphql-answer.ts for the property):
 * requests from the schema, the examples and hostile sources against the real sandboxes, raw HTTP
 * that is not well-formed GraphQL over HTTP, and upstream answers generated from the OpenAPI
 * documents by a loopback stand-in for the vendors. `npm test` runs fixed seeds; `npm run fuzz`
 * runs for as long as asked from a random seed (fuzz-settings.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { type GraphQLSchema, type OperationDefinitionNode, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { createLogger } from '../../../src/gateway/logger.js';
import { createGateway } from '../../../src/gateway/server.js';
import { ROOT, startTestGateway, type TestGateway } from '../../support/gateway.js';
import { type GeneratedUpstream, startGeneratedUpstream, UPSTREAM_NAMES } from './generated-upstream.js';
import { answerProblems, observe, withinDeadline } from './graphql-answer.js';
import { clientRequests, type FuzzRequest, hostileRequests, mutatedDocuments, validRequests } from './graphql-documents.js';
import { fuzzParameters, TEST_TIMEOUT_MS } from './fuzz-settings.js';
import { rawRequests } from './http-requests.js';
import { ANSWER_MODES } from './openapi-answers.js';
import { VENDORS } from '../../support/vendors.js';

const EXAMPLES = readdirSync(join(ROOT, 'test', 'examples'))
  .filter((file) => file.endsWith('.graphql'))
  .flatMap((file) =>
    parse(readFileSync(join(ROOT, 'test', 'examples', file), 'utf8'))
      .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
      .map((operation) => print(operation)),
  );
// Headers the visitor examples read; any caller may send them.
const CALLER_HEADERS = { 'x-forwarded-for': '81.2.69.142', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

interface HttpRequest {
  path: string;
  init: RequestInit;
}

/** Sends `request` as a client would, over POST or (for a query) GET. */
function toHttp(request: FuzzRequest, overGet: boolean, accept: string): HttpRequest {
  const headers = { accept, ...CALLER_HEADERS };
  if (overGet) {
    const search = new URLSearchParams({ query: request.query });
    if (request.variables) search.set('variables', JSON.stringify(request.variables));
    if (request.operationName) search.set('operationName', request.operationName);
    return { path: `/graphql?${search.toString()}`, init: { headers } };
  }
  return {
    path: '/graphql',
    init: { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(request) },
  };
}

/** Fails with every problem of the answer to `request`, and `context` to read it by. */
async function expectGraphQLResult(fetchOf: Fetch, { path, init }: HttpRequest, logLines: string[], context: () => string): Promise<void> {
  logLines.length = 0;
  const response = await withinDeadline(fetchOf(path, init), `${init.method ?? 'GET'} ${path.slice(0, 200)}`);
  const problems = answerProblems(await observe(response, logLines));
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\n${context()}`);
}

const accepts = fc.constantFrom('application/graphql-response+json', 'application/json');

describe('fuzz: client requests against the sandboxes', () => {
  let gateway: TestGateway;
  let schema: GraphQLSchema;
  const logLines: string[] = [];
  beforeAll(async () => {
    gateway = await startTestGateway({ logger: createLogger('info', { write: (line) => logLines.push(line) }) });
    ({ schema } = await buildGatewaySchema(ROOT));
  }, 60_000);
  afterAll(async () => gateway?.close());

  const fetchOf: Fetch = (path, init) => gateway.request(path, init);

  it(
    'valid, almost valid and hostile documents get a GraphQL result with catalogued codes, never a 500',
    async () => {
      const requests = fc.oneof(
        { weight: 5, arbitrary: clientRequests(schema) },
        { weight: 2, arbitrary: mutatedDocuments(EXAMPLES) },
        { weight: 2, arbitrary: hostileRequests },
      );
      await fc.assert(
        fc.asyncProperty(requests, fc.boolean(), accepts, async (request, overGet, accept) => {
          await expectGraphQLResult(fetchOf, toHttp(request, overGet, accept), logLines, () => '');
        }),
        fuzzParameters(21, 150, 0.4),
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'malformed HTTP requests get a GraphQL result with catalogued codes, never a 500',
    async () => {
      await fc.assert(
        fc.asyncProperty(rawRequests, async ({ method, search, headers, body }) => {
          const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body }) };
          await expectGraphQLResult(fetchOf, { path: `/graphql${search}`, init }, logLines, () => '');
        }),
        fuzzParameters(2121, 120, 0.2),
      );
    },
    TEST_TIMEOUT_MS,
  );
});

describe('fuzz: upstream answers generated from the OpenAPI documents', () => {
  let upstream: GeneratedUpstream;
  let schema: GraphQLSchema;
  let fetchOf: Fetch;
  let destroy: () => void = () => undefined;
  const logLines: string[] = [];
  beforeAll(async () => {
    upstream = await startGeneratedUpstream(join(ROOT, 'schema'));
    ({ schema, destroy } = await buildGatewaySchema(ROOT));
    const yoga = createGateway({
      schema,
      upstreams: UPSTREAM_NAMES.map((name) => ({ name, url: upstream.urlOf(name), credentials: {}, vendor: VENDORS[name] })),
      upstreamTimeoutMs: 5000,
      // Every request must reach the stand-in and see the answer its plan makes.
      cacheTtlMs: 0,
      logger: createLogger('info', { write: (line) => logLines.push(line) }),
      metrics: false,
    });
    fetchOf = async (path, init) => yoga.fetch(new Request(`http://gateway.test${path}`, init), {});
  }, 60_000);
  afterAll(async () => {
    destroy();
    await upstream?.close();
  });

  it(
    "a 2xx body that breaks the document is the upstream's error, naming the interface, never INTERNAL_SERVER_ERROR",
    async () => {
      const requests = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...EXAMPLES).map((query) => ({ query })) },
        { weight: 2, arbitrary: validRequests(schema) },
      );
      const plans = fc.record({ seed: fc.nat(), mode: fc.constantFrom(...ANSWER_MODES) });
      await fc.assert(
        fc.asyncProperty(requests, plans, async (request, plan) => {
          upstream.setPlan(plan);
          const served = (): string =>
            `served:\n${upstream.served.map((answer) => `  ${answer.method} ${answer.path} → ${answer.status} ${answer.body.slice(0, 300)}`).join('\n')}`;
          const http = toHttp(request, false, 'application/graphql-response+json');
          await expectGraphQLResult(fetchOf, http, logLines, served);
        }),
        fuzzParameters(2100, 120, 0.4),
      );
    },
    TEST_TIMEOUT_MS,
  );
});
