/**
 * Logs that tell the truth: one JSON line per request; a client's mistake at info without a
 * stack, an unexpected failure at error with its stack (and masked in the answer). Successful
 * lines may be sampled (LOG_SAMPLE_OK); refusals and failures never are, and a level above info
 * keeps only the failures.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLError } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { useRequestLog } from './use-request-log.js';
import { createLogger, type LogLevel } from '../logger.js';
import { createGateway } from '../server.js';

interface LogLine {
  level: number;
  msg: string;
  outcome?: string;
  sampleRate?: number;
  operationName?: string;
  errorCodes?: string[];
  durationMs?: number;
  err?: { stack?: string; message?: string };
}

const INFO = 30;
const ERROR = 50;

const schema = makeExecutableSchema({
  typeDefs: 'type Query { greeting(name: String!): String, broken: String, failing: String }',
  resolvers: {
    Query: {
      greeting: (_: unknown, { name }: { name: string }) => `Hello ${name}`,
      broken: () => {
        throw new TypeError('a bug inside the gateway');
      },
      // What the gateway's masking makes of a bug, for a Yoga without the gateway's plugins.
      failing: () => {
        throw new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  },
});

function capture(level: LogLevel = 'info') {
  const lines: LogLine[] = [];
  return { lines, logger: createLogger(level, { write: (line) => lines.push(JSON.parse(line) as LogLine) }) };
}

function poster(yoga: { fetch(request: Request, context: object): Response | Promise<Response> }) {
  return async (body: unknown) =>
    yoga.fetch(
      new Request('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify(body),
      }),
      {},
    );
}

function gatewayWithCapturedLog() {
  const { lines, logger } = capture();
  const yoga = createGateway({ schema, upstreams: [], upstreamTimeoutMs: 1_000, cacheTtlMs: 0, logger });
  return { lines, post: poster(yoga) };
}

/** A Yoga with the request log alone, sampling `ok` lines by `random`, which records how often it was asked. */
function sampledLog(sampleOk: number, draws: number[], level: LogLevel = 'info') {
  const { lines, logger } = capture(level);
  const drawn: number[] = [];
  const random = (): number => {
    const next = draws[drawn.length];
    if (next === undefined) throw new Error('more draws than the test planned');
    drawn.push(next);
    return next;
  };
  const yoga = createYoga({ schema, logging: false, plugins: [useRequestLog(logger, undefined, { sampleOk, random })] });
  const requestLines = (): LogLine[] => lines.filter((line) => line.msg === 'graphql request');
  return { requestLines, drawn, post: poster(yoga) };
}

const GREET = { query: 'query Greet { greeting(name: "Ada") }' };
const BAD_INPUT = { query: 'query Greet($name: String!) { greeting(name: $name) }', variables: { name: 3 } };
const FAILING = { query: 'query Failing { failing }' };

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

describe('sampling successful request lines (LOG_SAMPLE_OK)', () => {
  it('logs an ok request when its draw falls below the share, and says the line was sampled', async () => {
    const { requestLines, drawn, post } = sampledLog(0.25, [0.1, 0.25, 0.24, 0.9]);
    for (let index = 0; index < 4; index += 1) expect((await post(GREET)).status).toBe(200);
    expect(drawn).toHaveLength(4);
    expect(requestLines()).toHaveLength(2);
    for (const line of requestLines()) expect(line).toMatchObject({ level: INFO, outcome: 'ok', operationName: 'Greet', sampleRate: 0.25 });
  });

  it('always logs refusals and failures, without a draw, even when no ok line is kept', async () => {
    const { requestLines, drawn, post } = sampledLog(0, [0, 0]);
    expect((await post(GREET)).status).toBe(200);
    expect((await post(BAD_INPUT)).status).toBe(400);
    await post(FAILING);
    expect((await post(GREET)).status).toBe(200);
    expect(drawn).toHaveLength(2);
    expect(requestLines().map((line) => [line.level, line.outcome])).toEqual([
      [INFO, 'refused'],
      [ERROR, 'failed'],
    ]);
    expect(requestLines()[1]).toMatchObject({ errorCodes: ['INTERNAL_SERVER_ERROR'] });
    expect(requestLines()[1]).not.toHaveProperty('sampleRate');
  });

  it('by default logs every ok request without drawing, and marks no line as sampled', async () => {
    const { requestLines, drawn, post } = sampledLog(1, []);
    for (let index = 0; index < 3; index += 1) await post(GREET);
    expect(drawn).toHaveLength(0);
    expect(requestLines()).toHaveLength(3);
    expect(requestLines()[0]).not.toHaveProperty('sampleRate');
  });

  it('with a level above info (LOG_LEVEL=warn) keeps only the failures', async () => {
    const { requestLines, drawn, post } = sampledLog(1, [], 'warn');
    await post(GREET);
    await post(BAD_INPUT);
    await post(FAILING);
    expect(drawn).toHaveLength(0);
    expect(requestLines().map((line) => line.outcome)).toEqual(['failed']);
  });
});
