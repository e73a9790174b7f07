import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { describe, expect, it } from 'vitest';
import { graphiqlPage } from './graphiql-page.js';

/** Yoga's renderer, counting its renders; `failFirst` makes the first render throw. */
function countingRenderer(failFirst = false) {
  const calls = { loads: 0, renders: 0 };
  const load = async () => {
    calls.loads += 1;
    return (options: Parameters<typeof renderGraphiQL>[0]) => {
      calls.renders += 1;
      if (failFirst && calls.renders === 1) throw new Error('render failed');
      return renderGraphiQL(options);
    };
  };
  return { calls, load };
}

describe('graphiqlPage', () => {
  const options = { title: 'One graph', defaultQuery: '{ __typename }' };

  it("answers every visit with the same bytes as Yoga's page, rendered once", async () => {
    const { calls, load } = countingRenderer();
    const page = graphiqlPage(load);
    const visits = await Promise.all([page.render(options), page.render(options), page.render({ ...options })]);
    // Booleans, not the pages: a failed comparison of 9 MB would spend minutes printing the diff.
    expect(Buffer.from(visits[0]).toString() === renderGraphiQL(options)).toBe(true);
    expect(visits.map((visit) => visit === visits[0])).toEqual([true, true, true]);
    expect(calls.renders).toBe(1);
  });

  it('renders again when the options change, and keeps only the latest', async () => {
    const { calls, load } = countingRenderer();
    const page = graphiqlPage(load);
    const first = await page.render(options);
    const retitled = await page.render({ ...options, title: 'Renamed' });
    expect(Buffer.from(retitled).toString().includes('<title>Renamed</title>')).toBe(true);
    expect((await page.render(options)) === first).toBe(false);
    expect(calls.renders).toBe(3);
  });

  it('does not keep a failed render: the next visit renders again', async () => {
    const { calls, load } = countingRenderer(true);
    const page = graphiqlPage(load);
    await expect(page.render(options)).rejects.toThrow('render failed');
    expect(Buffer.from(await page.render(options)).toString() === renderGraphiQL(options)).toBe(true);
    expect(calls.renders).toBe(2);
  });
});
