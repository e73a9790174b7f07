/**
 * `{ ...base, ...fields }`, built so that it costs the same on every Node line. Node 20's V8 gives
 * a spread copy a map of its own, and every property added after the spread then made yet another
 * map: `{ ...result, extensions }` took 0.7 µs there (19 ns on Node 24), while Object.assign onto a
 * new object takes about 40 ns on both. Every answer went through five of them on its way out.
 *
 * For the objects of a request's path whose keys the gateway itself defines (results, contexts,
 * resolver info): Object.assign sets rather than defines, so a key named `__proto__`, which only
 * data from outside could bring, would not be copied. Elsewhere a spread reads better and costs
 * nothing that matters. Typed as TypeScript types the spread of a generic object.
 */
export function withFields<T extends object, F extends object>(base: T, fields: F): T & F {
  return Object.assign({}, base, fields);
}
