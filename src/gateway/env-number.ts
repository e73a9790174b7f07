/** Whole-number settings read from the environment, one rule for every module that reads one. */

/** `env[name]` as a whole number of at least `minimum`, `fallback` when unset or blank; throws a TypeError naming the variable. */
export function wholeNumberVariable(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  minimum: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum)
    throw new TypeError(`${name} must be a whole number of at least ${minimum}, got "${raw}"`);
  return value;
}
