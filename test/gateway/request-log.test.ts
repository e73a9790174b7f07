/**
 * Logs that tell the truth: one JSON line per request; a client's mistake at info without a
 * stack, an unexpected failure at error with its stack (and masked in the answer).
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/gateway/logger.js';
import { createGateway } from '../../src/gateway/server.js';

interface LogLine {
  level: number;
  msg: string;
  outcome?: string;
  operationName?: string;
  errorCodes?: string[];
  durationMs?: number;
  err?: { stack?: string; message?: string };
}

const INFO = 30;
const ERROR = 50;

function gatewayWithCapturedLog() {
  const lines: LogLine[] = [];
  const logger = createLogger('info', { write: (line) => lines.push(JSON.parse(line) as LogLine) });
  const schema = makeExecutableSchema({
    typeDefs: 'type Query { greeting(name: String!): String, broken: String }',
    resolvers: {
      Query: {
        greeting: (_: unknown, { name }: { name: string }) => `Hello ${name}`,
        broken: () => {
          throw new TypeError('a bug inside the gateway');
        },
      },
    },
  });
  const yoga = createGateway({ schema, upstreams: [], upstreamTimeoutMs: 1_000, cacheTtlMs: 0, logger });
  const post = async (body: unknown) =>
    yoga.fetch(
      new Request('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify(body),
      }),
      {},
    );
  return { lines, post };
}

describe('the request log', () => {
  it('writes one info line for a successful request, with its operation name and duration', async () => {
    const { lines, post } = gatewayWithCapturedLog();
    const response = await post({ query: 'query Greet { greeting(name: "Ada") }' });
    expect(response.status).toBe(200);
    const requestLines = lines.filter((line) => line.msg === 'graphql request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: INFO, operationName: 'Greet', outcome: 'ok' });
    expect(requestLines[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("logs a client's mistake at info, with its code and no stack", async () => {
    const { lines, post } = gatewayWithCapturedLog();
    const response = await post({ query: 'query Greet($name: String!) { greeting(name: $name) }', variables: { name: 3 } });
    expect(response.status).toBe(400);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: INFO, outcome: 'refused', errorCodes: ['BAD_USER_INPUT'] });
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('logs an unexpected error at error with its stack, and masks it in the answer', async () => {
    const { lines, post } = gatewayWithCapturedLog();
    const response = await post({ query: 'query Broken { broken }' });
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]).toMatchObject({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(body)).not.toContain('a bug inside the gateway');
    const unexpected = lines.find((line) => line.msg === 'unexpected error');
    expect(unexpected?.level).toBe(ERROR);
    expect(unexpected?.err?.stack).toContain('TypeError: a bug inside the gateway');
    expect(lines.find((line) => line.msg === 'graphql request')).toMatchObject({ level: ERROR, outcome: 'failed' });
  });
});
