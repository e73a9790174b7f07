/**
 * `JSON.parse` reads every number as a double, so an integer beyond 2^53 (a nanoERG reserve, a
 * raw token supply) silently changes its last digits. Before any resolver parses such a body,
 * this rewrites the integer literals a double cannot hold exactly into JSON strings, which the
 * gateway's `Long` scalar then passes on digit for digit. Everything inside strings, and every
 * number that is safe or not an integer, is left as it is.
 */

const NUMBER_CHARACTER = /[0-9eE+\-.]/;
const INTEGER_LITERAL = /^-?\d+$/;

/** The JSON text with unsafe integer literals quoted; the same text when there are none. */
export function quoteUnsafeIntegers(json: string): string {
  let output = '';
  let copiedUpTo = 0;
  let index = 0;
  while (index < json.length) {
    const character = json[index] ?? '';
    if (character === '"') {
      index += 1;
      while (index < json.length && json[index] !== '"') index += json[index] === '\\' ? 2 : 1;
      index += 1;
      continue;
    }
    if (character === '-' || (character >= '0' && character <= '9')) {
      const start = index;
      while (index < json.length && NUMBER_CHARACTER.test(json[index] ?? '')) index += 1;
      const literal = json.slice(start, index);
      if (INTEGER_LITERAL.test(literal) && !Number.isSafeInteger(Number(literal))) {
        output += `${json.slice(copiedUpTo, start)}"${literal}"`;
        copiedUpTo = index;
      }
      continue;
    }
    index += 1;
  }
  return copiedUpTo === 0 ? json : output + json.slice(copiedUpTo);
}
