/**
 * A test gateway whose interface-D traffic a test file counts: starts it before the file's tests,
 * clears D's request log before each test and closes it after. Shared by the files that assert
 * how many D requests a query costs.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestGateway, type TestGateway } from './gateway.js';

type Data = Record<string, any>;
type Sandbox = NonNullable<TestGateway['sandboxes']['country-data']>;

export interface CountryDataGateway {
  gateway(): TestGateway;
  /** D's sandbox, whose request log the tests count. */
  countryData(): Sandbox;
  /** D's operations since the test began, sorted. */
  operations(): (string | undefined)[];
  /** The query's data; fails the test if it has errors. */
  data(query: string, headers?: Record<string, string>): Promise<Data>;
  /** D's USD rate table, read straight from the sandbox. */
  usdTable(): Promise<Record<string, number>>;
}

/** Registers the hooks of a file whose tests count D requests. */
export function useCountryDataGateway(): CountryDataGateway {
  let gw: TestGateway | undefined;
  let sandbox: Sandbox | undefined;
  const gateway = (): TestGateway => gw ?? expect.fail('the test gateway has not started');
  const countryData = (): Sandbox => sandbox ?? expect.fail('the test gateway started no country-data sandbox');
  beforeAll(async () => {
    gw = await startTestGateway();
    sandbox = gw.sandboxes['country-data'];
  });
  afterAll(() => gw?.close());
  beforeEach(() => {
    countryData().requests.length = 0;
  });
  return {
    gateway,
    countryData,
    operations: () =>
      countryData()
        .requests.map((request) => request.operationId)
        .sort(),
    async data(query, headers) {
      const result = await gateway().query(query, { headers });
      expect(result.errors).toBeUndefined();
      return result.data ?? {};
    },
    async usdTable() {
      const response = await fetch(`${countryData().url}/currencies/v1/rates?base=USD`, {
        headers: { authorization: 'Bearer rc_live_demo' },
      });
      const body: { data: { objects: { rates: Record<string, number> }[] } } = await response.json();
      return body.data.objects[0]?.rates ?? {};
    },
  };
}
