// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { StorageNotice } from '../../../src/offline/StorageNotice';
import { OfflineBanner } from '../../../src/offline/OfflineBanner';
import { reportStorageProblem } from '../../../device-db/problems';
import { keptOffline, needsNetwork } from '../../../src/offline/needs-network';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const goOffline = (offline: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
};

describe('StorageNotice', () => {
  it('shows a full quota in plain words and can be dismissed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<StorageNotice />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => reportStorageProblem('quota', new Error('QuotaExceededError')));
    expect(screen.getByRole('alert').textContent).toMatch(/out of storage space/);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this storage notice' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('OfflineBanner', () => {
  const renderAt = (path: string) => {
    const { hook } = memoryLocation({ path });
    return render(
      <Router hook={hook}>
        <OfflineBanner />
      </Router>,
    );
  };

  it('is absent online, and says what is shown and what needs a connection offline', () => {
    goOffline(false);
    renderAt('/home');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => goOffline(true));
    expect(screen.getByTestId('offline-banner').textContent).toMatch(/You are offline — showing saved data\..*Searching/);
  });

  it('on a route that needs the network, says so and offers the saved lists', () => {
    goOffline(true);
    renderAt('/search');
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toMatch(/Searching the archive needs a network connection/);
    expect(screen.getByRole('link', { name: 'Browse titles and dates saved on this device' }).getAttribute('href')).toBe('/home');
  });

  it('knows which routes need the network, case-insensitively', () => {
    expect(needsNetwork('/Search')).toBe('Searching the archive');
    expect(needsNetwork('/PDFviewer')).toBe('The PDF viewer');
    // The page viewer opens the pages seen on this device (offline research): it has its own message.
    expect(needsNetwork('/viewer')).toBeNull();
    expect(needsNetwork('/home')).toBeNull();
    expect(needsNetwork('/searchx')).toBeNull();
    // Seen results pages are kept on the device (src/search/seen-searches.ts), so the banner says they open.
    expect(keptOffline('/search')).toMatch(/already seen open from this device/);
    expect(keptOffline('/home')).toBeNull();
  });
});
