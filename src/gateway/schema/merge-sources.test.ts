import { extractExtensionsFromSchema } from '@graphql-tools/utils';
import { buildSchema, GraphQLEnumType, GraphQLInputObjectType, type GraphQLSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { INTERFACES } from '../interfaces/registry.js';
import { silentLogger } from '../logger.js';
import { MESH_ARTIFACT_DIR } from './mesh-manifest.js';
import { loadMeshSources } from './mesh-sources.js';
import { extensionsOf, mergeSources } from './merge-sources.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const marker = Symbol('marker');

/** A schema with extensions everywhere graphql-tools reads them: types, fields, arguments, enum values, input fields. */
function extended(): GraphQLSchema {
  const schema = buildSchema(`
    type Query { color(name: String): Color, filter(by: Filter): Code, any: Any }
    enum Color { RED BLUE }
    input Filter { name: String }
    scalar Code
    union Any = Query
  `);
  const query = schema.getQueryType();
  const color = schema.getType('Color');
  const filter = schema.getType('Filter');
  if (!query || !(color instanceof GraphQLEnumType) || !(filter instanceof GraphQLInputObjectType))
    throw new Error('the test schema changed');
  Object.assign(schema.extensions, { owner: 'schema' });
  Object.assign(query.extensions, { [marker]: 'kept', owner: 'query' });
  const field = query.getFields()['color'];
  Object.assign(field?.extensions ?? {}, { directives: { cost: [{ weight: 2 }] } });
  Object.assign(field?.args[0]?.extensions ?? {}, { example: 'red' });
  Object.assign(color.extensions, { directives: { tagged: { name: 'palette' } } });
  Object.assign(color.getValue('RED')?.extensions ?? {}, { hex: '#f00' });
  Object.assign(filter.getFields()['name']?.extensions ?? {}, { trimmed: true });
  return schema;
}

describe('extensionsOf', () => {
  it("reads what graphql-tools' extractExtensionsFromSchema reads, symbols and directive lists included", () => {
    const schema = extended();
    const ours = extensionsOf(schema);
    expect(ours).toEqual(extractExtensionsFromSchema(schema));
    expect(Reflect.get(ours.types['Query']?.extensions ?? {}, marker)).toBe('kept');
    // Copies, so the merged schema never shares a list with a source.
    const enumExtensions = ours.types['Color']?.extensions as { directives: Record<string, unknown[]> };
    expect(enumExtensions.directives['tagged']).toEqual([{ name: 'palette' }]);
  });

  it("reads the same as graphql-tools' off every Mesh source the gateway merges", () => {
    const sources = loadMeshSources(`${ROOT}${MESH_ARTIFACT_DIR}`, INTERFACES, silentLogger);
    try {
      for (const schema of sources.schemas) expect(extensionsOf(schema)).toEqual(extractExtensionsFromSchema(schema));
    } finally {
      sources.destroy();
    }
  });
});

describe('mergeSources', () => {
  const unknownDirective = 'type Query { a: String @nowhere }';

  it('checks the SDL rules only when asked: the build step asks, a start does not', () => {
    expect(() => mergeSources({ schemas: [], typeDefs: [unknownDirective], resolvers: [], checkSDL: true })).toThrow(
      /Unknown directive "@nowhere"/,
    );
    expect(printSchema(mergeSources({ schemas: [], typeDefs: [unknownDirective], resolvers: [] }))).toContain('a: String');
    expect(() => mergeSources({ schemas: [], typeDefs: ['type Query { a: Nowhere }'], resolvers: [] })).toThrow(/Nowhere/);
  });

  it('merges schemas, definitions and resolvers, and gives the extensions to the merged types', () => {
    const merged = mergeSources({
      schemas: [extended()],
      typeDefs: ['extend type Query { greeting: String }'],
      resolvers: [{ Query: { greeting: () => 'hello' } }],
    });
    expect(printSchema(merged)).toContain('greeting: String');
    const greeting = merged.getQueryType()?.getFields()['greeting'];
    expect(greeting?.resolve?.({}, {}, {}, {} as never)).toBe('hello');
    expect(merged.getQueryType()?.extensions).toMatchObject({ owner: 'query' });
    expect((merged.getType('Color') as GraphQLEnumType).getValue('RED')?.extensions).toEqual({ hex: '#f00' });
    expect(merged.getQueryType()?.getFields()['color']?.args[0]?.extensions).toEqual({ example: 'red' });
    expect((merged.getType('Filter') as GraphQLInputObjectType).getFields()['name']?.extensions).toEqual({ trimmed: true });
  });
});
