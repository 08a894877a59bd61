// @vitest-environment happy-dom
// The served page's head may ask for a screen's first answer (route-preload.ts). The first request of that URL takes
// it whatever cache mode it asks with; every later request keeps its own mode, so a refetch reaches the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, getJson } from '../../../src/shared/data/http';

const modes: (RequestCache | undefined)[] = [];
const stubFetch = () => {
  modes.length = 0;
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    modes.push(init.cache);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
};
const preload = (href: string) => {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  link.href = href;
  document.head.append(link);
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

describe('a preloaded answer', () => {
  it("is taken by the first 'no-cache' request, and a second 'no-cache' request asks the server", async () => {
    stubFetch();
    preload(apiUrl('Search', { k: 'first-no-cache' }));
    await getJson('Search', { k: 'first-no-cache' }, undefined, 'no-cache');
    await getJson('Search', { k: 'first-no-cache' }, undefined, 'no-cache');
    expect(modes).toEqual(['default', 'no-cache']);
  });

  it("taken by a first 'default' request, it leaves a later 'no-cache' request as it is", async () => {
    stubFetch();
    preload(apiUrl('Viewer/Page/p1'));
    await getJson('Viewer/Page/p1');
    await getJson('Viewer/Page/p1', {}, undefined, 'no-cache');
    expect(modes).toEqual([undefined, 'no-cache']);
  });

  it('changes nothing for a URL the head does not name', async () => {
    stubFetch();
    preload(apiUrl('Search', { k: 'other' }));
    await getJson('Search', { k: 'not-named' }, undefined, 'no-cache');
    expect(modes).toEqual(['no-cache']);
  });
});
