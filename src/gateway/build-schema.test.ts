import { GraphQLSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { COMPILED_EXECUTION_READY, buildGatewaySchema, schemaPipeline } from './build-schema.js';
import { graphModules } from './graph-modules.js';
import { INTERFACES } from './interfaces/registry.js';
import { describePipeline, providedBy, runPipeline, type SchemaPass } from './schema/pipeline.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The served schema's pipeline for the registry, without loading the Mesh sources (no pass runs). */
async function registryPipeline(): Promise<SchemaPass[]> {
  return schemaPipeline([], await graphModules(INTERFACES));
}

/** `passes` with the pass named `name` moved to `index`. */
function moved(passes: readonly SchemaPass[], name: string, index: number): SchemaPass[] {
  const pass = passes.find((candidate) => candidate.name === name);
  if (!pass) throw new Error(`no pass ${name}`);
  const rest = passes.filter((candidate) => candidate !== pass);
  return [...rest.slice(0, index), pass, ...rest.slice(index)];
}

describe('the schema pipeline', () => {
  it('lists its passes in order, each with what it requires and provides', async () => {
    expect(describePipeline(await registryPipeline())).toMatchInlineSnapshot(`
      "merge: requires [] provides [merged, domain-scalars]
      unwrap-envelopes (in place): requires [merged] provides [envelopes-unwrapped]
      argument-scalars (in place): requires [merged, domain-scalars] provides [argument-scalars]
      module-transforms(crypto-analytics, blockchain-utility, address, country-data, token-graph, money, places, visitor, brief, by-key) (in place): requires [envelopes-unwrapped, argument-scalars] provides [modules-transformed]
      scalar-messages (in place): requires [modules-transformed] provides [scalar-messages]
      input-limits (in place): requires [modules-transformed] provides [input-limits]
      enum-value-case: requires [modules-transformed] provides [enum-values-cased]
      reachable-from-roots: requires [modules-transformed, enum-values-cased] provides [pruned]
      type-prefix: requires [pruned] provides [type-prefixed]
      entities (in place): requires [type-prefixed] provides [entities]
      field-scopes (in place): requires [type-prefixed] provides [field-scopes]
      subgraph-auth-directives (in place): requires [field-scopes] provides [subgraph-auth-directives]
      demand-control (in place): requires [type-prefixed] provides [demand-control]
      compiled-execution (in place): requires [scalar-messages, type-prefixed] provides [compiled-execution-ready]"
    `);
  });

  it('refuses, before running anything, a pass moved before what it requires', async () => {
    const passes = await registryPipeline();
    const ran: string[] = [];
    const spied = passes.map((pass) => ({ ...pass, run: (schema: GraphQLSchema) => (ran.push(pass.name), schema) }));
    expect(() => runPipeline(moved(spied, 'unwrap-envelopes', 0), new GraphQLSchema({}))).toThrow(
      new TypeError('Schema pipeline: the pass "unwrap-envelopes" requires merged, which no earlier pass provides'),
    );
    expect(() => runPipeline(moved(spied, 'input-limits', 3), new GraphQLSchema({}))).toThrow(
      new TypeError('Schema pipeline: the pass "input-limits" requires modules-transformed, which no earlier pass provides'),
    );
    expect(() => runPipeline(moved(spied, 'field-scopes', 7), new GraphQLSchema({}))).toThrow(
      new TypeError('Schema pipeline: the pass "field-scopes" requires type-prefixed, which no earlier pass provides'),
    );
    expect(ran).toEqual([]);
  });

  it('builds a schema the pipeline marks ready for compiled execution', async () => {
    const { schema, destroy } = await buildGatewaySchema(ROOT);
    try {
      expect(providedBy(schema).has(COMPILED_EXECUTION_READY)).toBe(true);
    } finally {
      destroy();
    }
  });

  it("passes graphql's SDL rules, which a start leaves to the build step, and is the same schema checked or not", async () => {
    const checked = await buildGatewaySchema(ROOT, { checkSDL: true });
    const started = await buildGatewaySchema(ROOT);
    try {
      expect(printSchema(started.schema)).toBe(printSchema(checked.schema));
    } finally {
      checked.destroy();
      started.destroy();
    }
  });
});
