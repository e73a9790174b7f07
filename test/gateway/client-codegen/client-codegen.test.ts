/**
 * The example client codegen config (client preset + scalar map) generates types in which none
 * of our scalars is `unknown` or `any`, and the example operation's result is typed with them.
 */
import { executeCodegen } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import config, { CLIENT_OUTPUT } from './codegen.js';

describe('the example client codegen config', () => {
  it('types every scalar, and the operation with them', async () => {
    const { result, error } = await executeCodegen({ ...config, cwd: ROOT, silent: true });
    expect(error).toBeNull();
    const graphqlFile = result.find((file) => file.filename === `${CLIENT_OUTPUT}graphql.ts`)?.content ?? '';
    const scalars = /export type Scalars = \{([\s\S]*?)\n\};/.exec(graphqlFile)?.[1] ?? '';
    const entries = [...scalars.matchAll(/^\s+(\w+): \{ input: ([^;]+); output: ([^;]+); \}/gm)];
    expect(entries.map(([, name]) => name)).toEqual(expect.arrayContaining(['Date', 'Long', 'UUID', 'Email', 'CurrencyCode']));
    for (const [, name, input, output] of entries) {
      expect(`${name}: ${input} / ${output}`).not.toMatch(/\b(unknown|any)\b/);
    }
    const operation = /export type CountryForClientQuery = ([^\n]+)/.exec(graphqlFile)?.[1] ?? '';
    expect(operation).toContain('uuid: string');
    expect(operation).toContain('date: string');
    expect(operation).toContain('sigUsdPrice: string');
  });
});
