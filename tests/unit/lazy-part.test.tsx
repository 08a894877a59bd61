// @vitest-environment happy-dom
// A part of a screen whose code cannot load (offline before the service worker holds the app's files) shows its
// placeholder and leaves the rest of the page as it was; when the connection returns it is asked for again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyPart } from '../../src/shared/ui/lazy-part';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('renders the part once its code has loaded, with its props', async () => {
    const Part = lazyPart(() => Promise.resolve(Greeting));
    render(<Part name="reader" placeholder={<p>Loading…</p>} />);
    expect(await screen.findByText('Hello reader')).toBeTruthy();
  });

  it('a part that cannot load shows its placeholder; the page around it stays; back online it loads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    setOnline(false);
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const Part = lazyPart(load);
    render(
      <main>
        <label>
          Line 1 text <input defaultValue="what the reader typed" />
        </label>
        <Part name="reader" placeholder={<span>(not available offline)</span>} />
      </main>,
    );
    await act(async () => {
      await load.mock.results[0].value.catch(() => undefined); // the import has failed, and React has seen it
    });
    expect(screen.getByText('(not available offline)')).toBeTruthy();
    expect((screen.getByLabelText('Line 1 text') as HTMLInputElement).value).toBe('what the reader typed');

    load.mockResolvedValue(Greeting);
    await act(async () => setOnline(true));
    expect(await screen.findByText('Hello reader')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect((screen.getByLabelText('Line 1 text') as HTMLInputElement).value).toBe('what the reader typed');
  });

  it('preload starts loading before the part is shown, and a failed preload is quiet', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    await expect(Part.preload()).resolves.toBeUndefined();
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
