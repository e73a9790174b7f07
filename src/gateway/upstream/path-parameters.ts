/**
 * Path parameters as the vendors must receive them: each value is exactly one path segment of the
 * documented path, whatever it contains. A value is percent-encoded with `encodeURIComponent`
 * (so `/`, `?`, `#`, `%`, `&` and spaces cannot end the segment, start a query or fragment, or
 * smuggle an escape); a value that no encoding can keep in place is refused before any call: `.`
 * and `..` (URL parsers, this gateway's transport included, resolve `%2E%2E` as `..` too) and the
 * empty string (the segment would vanish and the path would name another resource).
 *
 * This is the one place path parameters are encoded. Every upstream URL reaches it by one of two
 * roads, each covering its whole side without a per-resolver step:
 * - Mesh's generated resolvers: at load, every @httpOperation path is read and the arguments it
 *   interpolates are passed through `pathSegment` (schema/path-arguments.ts), so an operation
 *   added to a document later is covered by its own directive;
 * - hand-written code: `UpstreamClient.get` takes a path template (`/udprn/{udprn}`) and fills it
 *   with `fillPath`; a template with anything but plain segments and `{name}` placeholders (an
 *   interpolated value, a query string, a dot segment) is refused as a programming error.
 */
import { badInput } from '../errors.js';
import type { QueryValue } from './query-string.js';

const EXPECTED = 'a value the vendor can receive as one path segment (not empty, "." or "..", and well-formed Unicode)';

/** A literal segment of a template: unreserved characters only (dot segments are refused apart). */
const LITERAL = /^[A-Za-z0-9._~-]+$/;
const PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/**
 * `value` as one percent-encoded path segment. Throws a BAD_USER_INPUT error naming `argument`
 * when no encoding keeps it one segment (empty, `.`, `..`), when it is not a string or number,
 * or when it holds a lone surrogate (not encodable as UTF-8).
 */
export function pathSegment(value: unknown, argument: string): string {
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
  if (text === undefined || text === '' || text === '.' || text === '..') throw badInput(argument, EXPECTED, value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A URIError: the string holds a lone surrogate, which has no UTF-8 form to send.
    throw badInput(argument, EXPECTED, value);
  }
}

/** The placeholder names of `template` (`/keys/{key}/configs` → `["key"]`), in order; throws a TypeError for a malformed template. */
function templateParameters(template: string): string[] {
  const segments = template.split('/');
  if (segments[0] !== '' || segments.length < 2) throw new TypeError(`The path template ${JSON.stringify(template)} must start with "/"`);
  return segments.slice(1).flatMap((segment) => {
    const name = PLACEHOLDER.exec(segment)?.[1];
    if (name !== undefined) return [name];
    if (LITERAL.test(segment) && segment !== '.' && segment !== '..') return [];
    throw new TypeError(
      `The path template ${JSON.stringify(template)} has the segment ${JSON.stringify(segment)}: ` +
        'a template holds plain segments and {name} placeholders only; values go in the parameters',
    );
  });
}

/**
 * Each template's placeholders, checked once: templates are the resolvers' constants (values never
 * go into one, which `templateParameters` refuses), so this holds one entry per call site.
 */
const placeholders = new Map<string, ReadonlySet<string>>();

function placeholdersOf(template: string): ReadonlySet<string> {
  let names = placeholders.get(template);
  if (!names) {
    names = new Set(templateParameters(template));
    placeholders.set(template, names);
  }
  return names;
}

/**
 * Fills `template`'s `{name}` placeholders from `parameters`, each as one segment (`pathSegment`);
 * the parameters the template does not name are the query. Throws a TypeError for a template with
 * anything but plain segments and placeholders, such as a value interpolated into it.
 */
export function fillPath(
  template: string,
  parameters: Readonly<Record<string, QueryValue>>,
): { path: string; query: Record<string, QueryValue> } {
  const names = placeholdersOf(template);
  const path = template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_placeholder, name: string) => pathSegment(parameters[name], name));
  const query = Object.fromEntries(Object.entries(parameters).filter(([name]) => !names.has(name)));
  return { path, query };
}
