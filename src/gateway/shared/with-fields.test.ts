import { describe, expect, it } from 'vitest';
import { withFields } from './with-fields.js';

describe('withFields', () => {
  it('is the spread it stands for: the same keys, in the same order, the later value kept', () => {
    const shapes: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ data: { a: 1 } }, { extensions: { cost: 1 } }],
      [{ data: null, extensions: { provenance: [] }, hasNext: true }, { extensions: { cost: 2 } }],
      [{}, { fieldName: 'alpha_2' }],
      [
        { a: 1, b: 2 },
        { a: 3, c: 4 },
      ],
    ];
    for (const [base, fields] of shapes) {
      const built = withFields(base, fields);
      expect(JSON.stringify(built)).toBe(JSON.stringify({ ...base, ...fields }));
      expect(Object.keys(built)).toEqual(Object.keys({ ...base, ...fields }));
    }
  });

  it('leaves its base as it was', () => {
    const base = Object.freeze({ data: { a: 1 } });
    const built = withFields(base, { extensions: {} });
    expect(base).toEqual({ data: { a: 1 } });
    expect(built).not.toBe(base);
    expect(built.data).toBe(base.data);
  });
});
