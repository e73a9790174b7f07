/**
 * The example subscriptions (test/examples/live/subscriptions.graphql, linked from docs/live-data.md):
 * each opens over SSE and its first event has data and no errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OperationDefinitionNode, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import { type LiveGateway, type LiveWorld, openSse, startLiveGateway, startLiveWorld } from './live-harness.js';

const operations = parse(readFileSync(join(ROOT, 'test', 'examples', 'live', 'subscriptions.graphql'), 'utf8'))
  .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
  .map((operation) => ({ name: operation.name?.value ?? '(anonymous)', text: print(operation) }));

let world: LiveWorld;
let gateway: LiveGateway;

beforeAll(async () => {
  world = await startLiveWorld();
  gateway = await startLiveGateway(world);
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await world?.close();
});

describe('example subscriptions', () => {
  it('are all subscriptions, one per live field', () => {
    expect(operations).toHaveLength(5);
    expect(operations.every(({ text }) => text.startsWith('subscription'))).toBe(true);
  });

  it.each(operations)('$name sends a first event with data and no errors', async ({ text }) => {
    const stream = await openSse(gateway.url, text);
    await stream.waitFor(1);
    stream.close();
    const [first] = stream.results;
    expect(first?.errors).toBeUndefined();
    const values = Object.values(first?.data ?? {});
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((value) => value !== null && (!Array.isArray(value) || value.length > 0))).toBe(true);
  });
});
