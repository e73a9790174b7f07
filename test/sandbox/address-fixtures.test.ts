/**
 * The address document against the vendor's own recordings: every response body in
 * `@ideal-postcodes/api-fixtures` (real answers of api.ideal-postcodes.co.uk) must validate
 * against `schema/address.yaml` — successes against the 200 response of their operation,
 * failures against the documented error response of their status. The sandbox's UK sample
 * must be a verbatim copy of the addresses in those recordings.
 */
import * as fixtures from '@ideal-postcodes/api-fixtures';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { UK_SAMPLE } from '../../src/sandbox/address/data/uk-sample.js';
import { ADDRESS_DOCUMENT_PATH } from '../../src/sandbox/address/index.js';
import { StrictResponses } from '../../src/sandbox/address/strict-responses.js';
import { OpenApiContract } from '../../src/sandbox/openapi-contract.js';

interface Fixture {
  description: string;
  url: string;
  method?: string;
  query?: Record<string, string>;
  httpStatus: number;
  body?: unknown;
}

function isFixture(value: unknown): value is Fixture {
  return typeof value === 'object' && value !== null && 'httpStatus' in value && 'url' in value;
}

/** Every fixture of the package with its export path (`postcodes.success`...). */
function collect(value: unknown, path: string, into: [string, Fixture][] = []): [string, Fixture][] {
  if (isFixture(value)) into.push([path, value]);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, child] of Object.entries(value)) collect(child, path ? `${path}.${name}` : name, into);
  }
  return into;
}

// `address.*` are bare records used to build other fixtures, not HTTP answers.
const recorded = collect({ ...fixtures, address: undefined }, '');
const contract = new OpenApiContract(ADDRESS_DOCUMENT_PATH);
const strict = new StrictResponses(contract);

/**
 * Problems of a body under both validators: the framework's (on a copy, as it coerces types in
 * place) and the strict one, which catches a number sent as a string.
 */
function problemsOf(operationId: string, status: number, body: unknown): string[] {
  return [...contract.validateResponse(operationId, status, structuredClone(body)), ...strict.problems(operationId, status, body)];
}

// Recorded when private key details were served at /keys/{key}?user_token=...; the current
// API (and the document) serve them at /keys/{key}/details.
const OPERATION_OVERRIDES: Record<string, string> = { 'keys.private.success': 'apiKeyDetails' };

function operationOf(name: string, fixture: Fixture): string {
  const override = OPERATION_OVERRIDES[name];
  if (override) return override;
  const match = contract.match(fixture.method ?? 'GET', fixture.url.replace(/^\/v1/, ''));
  if (!match) throw new Error(`${name}: no operation serves ${fixture.method ?? 'GET'} ${fixture.url}`);
  return match.operationId;
}

interface RecordedAddress {
  udprn: number;
  umprn: number | string;
  postcode: string;
}

function addressesIn(body: unknown): RecordedAddress[] {
  const result = (body as { result?: unknown } | undefined)?.result;
  const list = Array.isArray(result) ? result : ((result as { hits?: unknown[] } | undefined)?.hits ?? [result]);
  return list.filter((item): item is RecordedAddress => typeof item === 'object' && item !== null && 'postcode' in item && 'udprn' in item);
}

describe('the address document against recorded vendor answers', () => {
  it('finds the recordings', () => {
    expect(recorded.length).toBe(23);
    expect(recorded.filter(([, fixture]) => fixture.httpStatus === 200).length).toBe(14);
  });

  it.each(recorded)('%s validates against the document', (name, fixture) => {
    const operationId = operationOf(name, fixture);
    expect(problemsOf(operationId, fixture.httpStatus, fixture.body), `${name} (${operationId} ${fixture.httpStatus})`).toEqual([]);
  });

  it('documents every recorded error code in the error envelope', () => {
    const failures = recorded.filter(([, fixture]) => fixture.httpStatus >= 400);
    expect(failures.map(([, fixture]) => (fixture.body as { code: number }).code).sort()).toEqual([
      4010, 4011, 4020, 4021, 4021, 4040, 4042, 4044, 4046,
    ]);
    for (const [name, fixture] of failures) {
      // Any operation's error response is the same envelope; check it where it was recorded.
      expect(problemsOf(operationOf(name, fixture), fixture.httpStatus, fixture.body)).toEqual([]);
    }
  });

  it('rejects bodies that break the recorded types', () => {
    const [, postcode] = recorded.find(([name]) => name === 'postcodes.success') as [string, Fixture];
    const body = structuredClone(postcode.body) as { result: Record<string, unknown>[] };
    const [first] = body.result;
    if (!first) throw new Error('the postcode fixture has no address');
    first.udprn = '23747771';
    first.eastings = 'far east';
    const problems = problemsOf('postcodeAddresses', 200, body);
    expect(problems.some((problem) => problem.includes('/result/0/udprn'))).toBe(true);
    expect(problems.some((problem) => problem.includes('/result/0/eastings'))).toBe(true);
  });
});

describe('the sandbox UK sample', () => {
  const fixtureByName = new Map(recorded);

  it('holds every address of the recorded answers', () => {
    const sampleKeys = new Set(UK_SAMPLE.map(({ recorded: address }) => `${address.udprn}/${address.umprn}`));
    const recordedKeys = recorded.flatMap(([, fixture]) => addressesIn(fixture.body).map((address) => `${address.udprn}/${address.umprn}`));
    expect(recordedKeys.length).toBeGreaterThan(100);
    for (const key of recordedKeys) expect(sampleKeys.has(key), key).toBe(true);
    for (const record of Object.values(fixtures.address) as RecordedAddress[])
      expect(sampleKeys.has(`${record.udprn}/${record.umprn}`)).toBe(true);
  });

  it('copies each address verbatim from the first recording it cites', () => {
    for (const entry of UK_SAMPLE) {
      const [source = ''] = entry.sources;
      const name = source.replace('@ideal-postcodes/api-fixtures ', '').replace(/ \(.*$/, '');
      const original = name.startsWith('address.')
        ? (fixtures.address as Record<string, unknown>)[name.slice('address.'.length)]
        : addressesIn(fixtureByName.get(name)?.body).find(
            (address) => address.udprn === entry.recorded.udprn && address.umprn === entry.recorded.umprn,
          );
      expect(original, source).toEqual(entry.recorded);
    }
  });

  it('derives the fields newer answers add from the recorded ones', () => {
    const jersey = UK_SAMPLE.find((entry) => entry.address.postcode.startsWith('JE'))?.address;
    expect(jersey).toMatchObject({ country_iso: 'JEY', country_iso_2: 'JE', dataset: 'paf', id: `paf_${jersey?.udprn}` });
    const household = UK_SAMPLE.find((entry) => entry.address.umprn === 50906066)?.address;
    expect(household).toMatchObject({ id: 'mr_50906066', dataset: 'mr', country_iso: 'GBR', uprn: '200001572050' });
  });
});

describe('the address document itself', () => {
  type Node = { [key: string]: unknown };
  const document = contract.document as Node;
  const components = document.components as { schemas: Record<string, Node>; parameters: Record<string, Node> };
  const resolve = (value: Node): Node =>
    typeof value.$ref === 'string' ? (components.parameters[value.$ref.split('/').pop() ?? ''] as Node) : value;
  const operations = Object.values(document.paths as Record<string, Record<string, Node>>).flatMap((item) =>
    ['get', 'post', 'put', 'delete'].flatMap((method) => (item[method] ? [item[method] as Node] : [])),
  );

  it('is a valid OpenAPI 3.0 document', async () => {
    expect(await new Validator().validate(ADDRESS_DOCUMENT_PATH)).toEqual({ valid: true });
  });

  it('has the 26 operations, named as the GraphQL fields, and a CORS preflight on each path', () => {
    const preflights = contract.operationIds.filter((id) => id.startsWith('preflight'));
    expect(preflights).toHaveLength(Object.keys(document.paths as Node).length);
    expect(contract.operationIds.filter((id) => !id.startsWith('preflight')).sort()).toEqual(
      [
        'addresses',
        'addressSuggestions',
        'resolveUkAddress',
        'resolveUsAddress',
        'cleanseAddress',
        'emailValidation',
        'apiKey',
        'apiKeyDetails',
        'apiKeyUsage',
        'apiKeyLookups',
        'keyConfigs',
        'keyConfig',
        'createKeyConfig',
        'updateKeyConfig',
        'deleteKeyConfig',
        'postcodeAddresses',
        'addressByUdprn',
        'addressByUmprn',
        'places',
        'place',
        'licensees',
        'licensee',
        'createLicensee',
        'updateLicensee',
        'deleteLicensee',
        'phoneNumberValidation',
      ].sort(),
    );
  });

  it('describes every operation and parameter, and names every response body', () => {
    for (const operation of operations) {
      expect(operation.summary, String(operation.operationId)).toBeTruthy();
      expect(operation.description, String(operation.operationId)).toBeTruthy();
      for (const parameter of (operation.parameters as Node[] | undefined) ?? []) {
        expect(resolve(parameter).description, `${String(operation.operationId)} ${String(resolve(parameter).name)}`).toBeTruthy();
      }
      const json = Object.values(operation.responses as Record<string, Node>).flatMap((response) => {
        const content = (response.content as Record<string, { schema: Node }> | undefined) ?? {};
        return content['application/json'] ? [content['application/json'].schema] : [];
      });
      for (const schema of json) expect(schema.$ref, String(operation.operationId)).toMatch(/^#\/components\/schemas\//);
    }
  });

  it('describes every named schema and every property of an object schema', () => {
    for (const [name, schema] of Object.entries(components.schemas)) {
      expect(schema.description, name).toBeTruthy();
      for (const [property, definition] of Object.entries((schema.properties as Record<string, Node> | undefined) ?? {})) {
        expect(definition.description ?? definition.$ref, `${name}.${property}`).toBeTruthy();
        expect(definition.type === 'object' && definition.properties !== undefined, `${name}.${property} is an inline object`).toBe(false);
      }
    }
  });
});
