/**
 * Every hand-written field says what it needs from upstream (upstream/field-needs.ts): the served
 * schema is walked for the fields each slice's SDL adds to the roots and to types it does not
 * define, and one without a declaration fails, by name. Fields of a slice's own types are
 * answered from what the field returning them resolved. Left out: the gateway's plumbing
 * (federation's and stitching's SDL fields, which call no upstream of their own) and Subscription
 * fields, which are polls budgeted by the live registry (LIVE_*), not per operation.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphQLSchema, isObjectType, Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema, type GatewaySchema, schemaPipeline } from '../../src/gateway/build-schema.js';
import { countryMoneyNeeds } from '../../src/gateway/features/money/country-money.js';
import { cryptoMoneyNeeds } from '../../src/gateway/features/money/crypto-money.js';
import { graphModules } from '../../src/gateway/graph-modules.js';
import { INTERFACES } from '../../src/gateway/interfaces/registry.js';
import type { NamedGraphModule } from '../../src/gateway/schema/graph-module.js';
import { MESH_ARTIFACT_DIR } from '../../src/gateway/schema/mesh-manifest.js';
import { loadMeshSources } from '../../src/gateway/schema/mesh-sources.js';
import { runPipeline } from '../../src/gateway/schema/pipeline.js';
import { silentLogger } from '../../src/gateway/logger.js';
import { declareNeeds, needOf } from '../../src/gateway/upstream/field-needs.js';
import { ROOT } from '../support/gateway.js';

const PLUMBING = new Set(['federation', 'stitching']);
const ROOTS = new Set(['Query', 'Mutation']);

/** The coordinates of the fields `module`'s SDL adds to the roots and to types it does not define. */
async function handWrittenFields({ module }: NamedGraphModule): Promise<string[]> {
  const coordinates: string[] = [];
  for (const url of module.typeDefs) {
    for (const definition of parse(await readFile(url, 'utf8')).definitions) {
      const extension = definition.kind === Kind.OBJECT_TYPE_EXTENSION;
      if (!extension && !(definition.kind === Kind.OBJECT_TYPE_DEFINITION && ROOTS.has(definition.name.value))) continue;
      if (definition.name.value === 'Subscription') continue;
      for (const field of definition.fields ?? []) coordinates.push(`${definition.name.value}.${field.name.value}`);
    }
  }
  return coordinates;
}

/** The hand-written fields of `schema` that carry no declaration, by coordinate. */
async function undeclaredFields(schema: GraphQLSchema, modules: readonly NamedGraphModule[]): Promise<string[]> {
  const undeclared: string[] = [];
  for (const named of modules) {
    if (PLUMBING.has(named.name)) continue;
    for (const coordinate of await handWrittenFields(named)) {
      const [typeName = '', fieldName = ''] = coordinate.split('.');
      const type = schema.getType(typeName);
      const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
      if (!field) throw new Error(`the served schema has no ${coordinate}`);
      if (!needOf(field)) undeclared.push(coordinate);
    }
  }
  return undeclared.sort();
}

let served: GatewaySchema;
let modules: NamedGraphModule[];
beforeAll(async () => {
  served = await buildGatewaySchema(ROOT);
  modules = await graphModules(INTERFACES);
});
afterAll(() => served.destroy());

describe('declared upstream needs', () => {
  it('has a declaration on every hand-written field of the served schema', async () => {
    const walked = (await Promise.all(modules.filter(({ name }) => !PLUMBING.has(name)).map(handWrittenFields))).flat();
    // The walk must reach the fields it is about: a walk that finds nothing proves nothing.
    expect(walked).toEqual(expect.arrayContaining(['Country.currencyRate', 'Query.cryptoBrief', 'Place.country', 'Query.country']));
    expect(await undeclaredFields(served.schema, modules)).toEqual([]);
  });

  it('names the field whose declaration is removed', async () => {
    const { 'Country.currencyRate': _removed, ...rest } = countryMoneyNeeds;
    const without = modules.map((named) =>
      named.name === 'money'
        ? { name: named.name, module: { ...named.module, transformSchema: declareNeeds({ ...rest, ...cryptoMoneyNeeds }) } }
        : named,
    );
    const sources = loadMeshSources(join(ROOT, MESH_ARTIFACT_DIR), INTERFACES, silentLogger);
    try {
      const schema = runPipeline(schemaPipeline(sources.schemas, without), new GraphQLSchema({}));
      expect(await undeclaredFields(schema, without)).toEqual(['Country.currencyRate']);
    } finally {
      sources.destroy();
    }
  });

  it('refuses a declaration for a field the schema does not have', () => {
    expect(() => declareNeeds({ 'Country.somethingGone': {} })(served.schema)).toThrow(/Country\.somethingGone/);
  });
});
