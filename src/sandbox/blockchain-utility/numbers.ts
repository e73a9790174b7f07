/** Turning 64-bit amounts into JSON numbers and into text people read. */

/** A bigint as a JSON number; refuses values a JSON number cannot carry exactly. */
export function jsonInt(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${value} does not fit a JSON number exactly`);
  }
  return Number(value);
}

/** Raw units as a decimal string with the token's decimals, e.g. (12345n, 2) → "123.45". */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** nanoERG as ERG text, e.g. 1500000000n → "1.500000000 ERG". */
export function formatErg(nanoErg: bigint): string {
  return `${formatUnits(nanoErg, 9)} ERG`;
}
