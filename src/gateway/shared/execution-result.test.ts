import { describe, expect, it } from 'vitest';
import { withExtension } from './execution-result.js';

describe('withExtension', () => {
  it('adds the extension last, replaces it in its place, and leaves the result as it was', () => {
    const bare = { data: { a: 1 } };
    expect(JSON.stringify(withExtension(bare, 'cost', { calls: {} }))).toBe('{"data":{"a":1},"extensions":{"cost":{"calls":{}}}}');
    const extended = Object.freeze({ data: null, extensions: Object.freeze({ cost: 1, provenance: [] }) });
    expect(JSON.stringify(withExtension(extended, 'cost', 2))).toBe('{"data":null,"extensions":{"cost":2,"provenance":[]}}');
    expect(JSON.stringify(withExtension(extended, 'trace', 'x'))).toBe('{"data":null,"extensions":{"cost":1,"provenance":[],"trace":"x"}}');
    expect(extended.extensions).toEqual({ cost: 1, provenance: [] });
    expect(bare).toEqual({ data: { a: 1 } });
  });
});
