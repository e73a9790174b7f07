/**
 * Small text tools shared by search, autocomplete and cleansing: tokens with the common
 * street-type abbreviations expanded, and an edit distance for typo tolerance.
 */

// Abbreviations people type for UK and US street types; both sides are expanded so that
// "St" in a query meets "Street" in a record.
const EXPANSIONS: Record<string, string> = {
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  dr: 'drive',
  ct: 'court',
  cl: 'close',
  cres: 'crescent',
  gdns: 'gardens',
  pl: 'place',
  sq: 'square',
  ter: 'terrace',
  terr: 'terrace',
  hwy: 'highway',
  blvd: 'boulevard',
  pk: 'park',
  hse: 'house',
  bldg: 'building',
  flt: 'flat',
  rm: 'room',
};

/** Lower-case words and numbers of a text, abbreviations expanded. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '')
    .map((token) => EXPANSIONS[token] ?? token);
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string
 * alignment), the commonest typing slip; exits early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How many typos a word of this length may carry and still count as the same word. */
export function typoAllowance(word: string): number {
  if (/^\d/.test(word) || word.length < 5) return 0;
  return word.length < 9 ? 1 : 2;
}

/** Whether two tokens are the same word, allowing typos in longer words. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const allowance = Math.min(typoAllowance(a), typoAllowance(b));
  return allowance > 0 && editDistance(a, b, allowance) <= allowance;
}

// Words kept lower case inside place names, as Royal Mail's mixed-case town names have them.
const LOWER_WORDS = new Set(['on', 'upon', 'in', 'under', 'by', 'the', 'le', 'de', 'next', 'super', 'cum', 'and', 'of', 'en', 'y']);

/** "STOKE-ON-TRENT" → "Stoke-on-Trent": the form suggestions show post towns in. */
export function townCase(town: string): string {
  return town
    .toLowerCase()
    .replace(/[a-z]+/g, (word, offset: number) =>
      offset > 0 && LOWER_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1),
    );
}
