import { describe, expect, it } from 'vitest';
import { useCountryDataGateway } from '../../../../test/support/country-data-gateway.js';

const { gateway, operations, data, usdTable } = useCountryDataGateway();

describe('visitor', () => {
  const headers = {
    'x-forwarded-for': '81.2.69.142',
    'user-agent':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  };

  it("works with a forwarded IP and no arguments (the issue's query)", async () => {
    const result = await data('{ visitor { country { names { common } } currency rates(symbols: ["USD"]) { currency rate } } }', headers);
    const usd = await usdTable();
    expect(result.visitor.country).toEqual({ names: { common: 'United Kingdom' } });
    expect(result.visitor.currency).toBe('GBP');
    expect(result.visitor.rates[0].currency).toBe('USD');
    expect(result.visitor.rates[0].rate).toBeCloseTo(1 / (usd.GBP ?? Number.NaN), 10);
  });

  it('tells the address, device, browser and OS with one user-agent request (the address needs no lookup)', async () => {
    const result = await data('{ visitor { ip device { type vendor } browser { name } os { name version } } }', headers);
    expect(result.visitor).toEqual({
      ip: '81.2.69.142',
      device: { type: 'mobile', vendor: 'Apple' },
      browser: { name: 'Mobile Safari' },
      os: { name: 'iOS', version: '17.0' },
    });
    expect(operations()).toEqual(['userAgent']);
  });

  it('labels each rate with its currency, in the order asked', async () => {
    const result = await data('{ visitor { rates(symbols: ["USD", "EUR", "GBP"]) { currency rate } } }', headers);
    expect(result.visitor.rates.map((entry: { currency: string }) => entry.currency)).toEqual(['USD', 'EUR', 'GBP']);
    expect(result.visitor.rates[2].rate).toBeCloseTo(1, 10);
  });

  it('says it is located when it is', async () => {
    const result = await data('{ visitor { located reason } }', headers);
    expect(result.visitor).toEqual({ located: true, reason: null });
  });

  it('explains the nulls for a private address, without asking D where it is', async () => {
    const result = await data('{ visitor { located reason country { uuid } currency rates(symbols: ["USD"]) { rate } } }', {
      'x-forwarded-for': '10.1.2.3',
    });
    expect(result.visitor).toEqual({ located: false, reason: 'PRIVATE_ADDRESS', country: null, currency: null, rates: null });
    expect(operations()).toEqual([]);
  });

  it("explains a developer's own machine (loopback) the same way", async () => {
    const result = await data('{ visitor { ip located reason } }', { 'x-forwarded-for': '127.0.0.1' });
    expect(result.visitor).toEqual({ ip: '127.0.0.1', located: false, reason: 'PRIVATE_ADDRESS' });
  });

  it('ignores a malformed X-Forwarded-For instead of failing the query', async () => {
    const result = await gateway().query('{ visitor { ip located reason device { type } } }', {
      headers: { 'x-forwarded-for': 'not-an-address', 'user-agent': headers['user-agent'] },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.visitor).toEqual({ ip: null, located: false, reason: 'NO_ADDRESS', device: { type: 'mobile' } });
    expect(operations()).toEqual(['userAgent']);
  });
});
