/**
 * Repeated request texts: the same text is read once and gives the same parameters (which nothing
 * may change), any other text is read afresh, a text the fast path does not take stays refused,
 * and what is remembered is bounded in count and in length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastParams, getParams, RepeatedRequests } from './fast-params.js';

const QUERY = '{ country(code: "FR") { population } }';

describe('repeated request texts', () => {
  it('read a body once: the same text is the same request, with the parameters a fresh read gives', () => {
    const repeated = new RepeatedRequests();
    const text = JSON.stringify({ query: QUERY, variables: { code: 'FR', nested: { list: [1, 2] } } });
    const first = repeated.ofBody(text);
    expect(first?.params).toEqual(fastParams(JSON.parse(text)));
    expect(first?.logName).toBeUndefined();
    expect(repeated.ofBody(JSON.stringify({ query: `query Page ${QUERY}` }))?.logName).toBe('Page');
    expect(repeated.ofBody(JSON.stringify({ query: `query Page ${QUERY}`, operationName: 'Page' }))?.logName).toBe('Page');
    expect(repeated.ofBody(text)).toBe(first);
    expect(repeated.ofBody(` ${text}`)).not.toBe(first);
    expect(repeated.ofBody(` ${text}`)?.params).toEqual(first?.params);
  });

  it('share parameters nothing can change: a change throws, and the next request reads what the text says', () => {
    const repeated = new RepeatedRequests();
    const text = JSON.stringify({ query: QUERY, variables: { codes: ['FR'], where: { region: 'Europe' } } });
    const params = repeated.ofBody(text)?.params;
    const variables = params?.variables as { codes: string[]; where: { region: string } };
    expect(() => variables.codes.push('DE')).toThrow(TypeError);
    expect(() => {
      variables.where.region = 'Asia';
    }).toThrow(TypeError);
    expect(repeated.ofBody(text)?.params.variables).toEqual({ codes: ['FR'], where: { region: 'Europe' } });
  });

  it('keep refusing what the fast path does not take: not JSON, another key, a query and a hash together', () => {
    const repeated = new RepeatedRequests();
    const refused = [
      '{"query": ',
      JSON.stringify({ query: QUERY, other: 1 }),
      JSON.stringify({ query: QUERY, extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }),
      JSON.stringify([{ query: QUERY }]),
    ];
    for (let time = 0; time < 2; time += 1) for (const text of refused) expect(repeated.ofBody(text)).toBeUndefined();
  });

  it('read a GET target as getParams does, by its whole text', () => {
    const repeated = new RepeatedRequests();
    const target = `/graphql?query=${encodeURIComponent(QUERY)}&variables=${encodeURIComponent('{"a":1}')}`;
    expect(repeated.ofTarget(target)?.params).toEqual(getParams(target));
    expect(repeated.ofTarget(target)).toBe(repeated.ofTarget(target));
    expect(repeated.ofTarget('/graphql?query=')).toBeUndefined();
  });

  it('read a long text every time, and forget everything once the bound is reached', () => {
    const repeated = new RepeatedRequests();
    const long = JSON.stringify({ query: QUERY, variables: { padding: 'x'.repeat(5000) } });
    expect(repeated.ofBody(long)).not.toBe(repeated.ofBody(long));
    const text = (index: number) => JSON.stringify({ query: QUERY, variables: { index } });
    const first = repeated.ofBody(text(0));
    for (let index = 1; index < 512; index += 1) repeated.ofBody(text(index));
    expect(repeated.ofBody(text(0))).toBe(first);
    repeated.ofBody(text(512));
    expect(repeated.ofBody(text(0))).not.toBe(first);
  });

  it('give, for any body, the parameters a fresh read gives, or none when a fresh read takes none', () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          query: fc.oneof(fc.string(), fc.constant(QUERY), fc.constant(null)),
          operationName: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
          variables: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.constant(null), fc.string()),
          extensions: fc.oneof(
            fc.constant(null),
            fc.record({ persistedQuery: fc.record({ version: fc.constant(1), sha256Hash: fc.string() }) }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    const repeated = new RepeatedRequests();
    fc.assert(
      fc.property(body, (value) => {
        const text = JSON.stringify(value) ?? 'null';
        for (let time = 0; time < 2; time += 1) expect(repeated.ofBody(text)?.params).toEqual(fastParams(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });
});
