/** Query strings the way the four vendors read them. */

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

/** `url?query`, dropping absent values and joining lists with commas. */
export function withQuery(url: string, query: Record<string, QueryValue>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    target.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return target.toString();
}
