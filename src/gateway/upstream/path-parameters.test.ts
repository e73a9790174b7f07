/** Path parameters are one segment each, whatever they hold (path-parameters.ts). */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fillPath, pathSegment } from './path-parameters.js';

describe('pathSegment', () => {
  it.each([
    ['GB', 'GB'],
    ['a/b', 'a%2Fb'],
    ['../../keys', '..%2F..%2Fkeys'],
    ['x?api_key=1', 'x%3Fapi_key%3D1'],
    ['x#frag', 'x%23frag'],
    ['a%2Fb', 'a%252Fb'],
    ['a&b=c d', 'a%26b%3Dc%20d'],
    ['...', '...'],
    ['.hidden', '.hidden'],
    ['Zürich', 'Z%C3%BCrich'],
  ])('keeps %j one segment as %j', (value, encoded) => {
    expect(pathSegment(value, 'id')).toBe(encoded);
  });

  it('writes numbers as decimals', () => {
    expect(pathSegment(8_493_847, 'udprn')).toBe('8493847');
    expect(pathSegment(10n ** 20n, 'amount')).toBe('100000000000000000000');
  });

  it.each(['', '.', '..', 'a\uD800b'])('refuses %j, which no encoding keeps one segment of its own', (value) => {
    expect(() => pathSegment(value, 'id')).toThrow(
      expect.objectContaining({ constructor: GraphQLError, extensions: { code: 'BAD_USER_INPUT', argument: 'id' } }),
    );
  });

  it.each([null, undefined, { a: 1 }, ['a']])('refuses %j, which is no segment value', (value) => {
    expect(() => pathSegment(value, 'id')).toThrow(GraphQLError);
  });
});

describe('fillPath', () => {
  it('fills the placeholders as segments and leaves the other parameters as the query', () => {
    expect(fillPath('/keys/{key}/configs/{config}', { key: 'ak/../x', config: 'a?b', limit: 5 })).toEqual({
      path: '/keys/ak%2F..%2Fx/configs/a%3Fb',
      query: { limit: 5 },
    });
  });

  it('takes a template without placeholders as the path', () => {
    expect(fillPath('/v1/price', { limit: 1 })).toEqual({ path: '/v1/price', query: { limit: 1 } });
  });

  it.each(['v1/price', '/udprn/8493847/../keys', '/v1/price?limit=1', '/v1/price#x', '/v1//price', '/a%2Fb', '/x/{a.b}', '/x/./y'])(
    'refuses the template %j: values go in the parameters, never in the template',
    (template) => {
      expect(() => fillPath(template, {})).toThrow(TypeError);
    },
  );

  it('refuses a missing path parameter, so the path cannot lose a segment', () => {
    expect(() => fillPath('/udprn/{udprn}', {})).toThrow(GraphQLError);
  });
});
