import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OperationDefinitionNode, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_DEFAULT_QUERY } from '../../src/gateway/graphiql-default-query.js';
import { ROOT, startTestGateway, type TestGateway } from '../support/gateway.js';

const folder = join(ROOT, 'test', 'examples');
const operations = readdirSync(folder)
  .filter((file) => file.endsWith('.graphql'))
  .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }))
  .concat({ file: 'graphiql-default', text: GRAPHIQL_DEFAULT_QUERY })
  .flatMap(({ file, text }) =>
    parse(text)
      .definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')
      .map((operation) => ({ file, name: operation.name?.value ?? '(anonymous)', text: print(operation) })),
  );

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('example operations (linked from docs/interfaces/README.md)', () => {
  it('include the GraphiQL default and the country-data examples', () => {
    expect(operations.map((operation) => operation.file)).toEqual(expect.arrayContaining(['country-data.graphql', 'graphiql-default']));
  });

  it.each(operations)('$file › $name runs with no errors and returns data', async ({ text }) => {
    const result = await gw.query(text, {
      headers: { 'x-forwarded-for': '81.2.69.142', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' },
    });
    expect(result.errors).toBeUndefined();
    const values = Object.values(result.data ?? {});
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((value) => value !== null)).toBe(true);
  });
});
