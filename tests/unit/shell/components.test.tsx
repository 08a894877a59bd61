// @vitest-environment happy-dom
// Shell components at their boundary: the Error modal, the loading overlay's timing, settings HTML
// the footer's status flag and submenus, the partner band's default logo, the active nav item.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import type { SiteSettings } from '../../../contract/api';
import { ErrorModal } from '../../../src/shell/ErrorModal';
import { LoadingOverlay } from '../../../src/shell/LoadingOverlay';
import { Footer } from '../../../src/shell/Footer';
import { PartnerBand } from '../../../src/shell/PartnerBand';
import { NavBar } from '../../../src/shell/NavBar';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function at(path: string, ui: ReactNode) {
  const loc = memoryLocation({ path, record: true });
  const utils = render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      {ui}
    </Router>,
  );
  return { ...utils, navigate: loc.navigate };
}

const settings = (over: Partial<SiteSettings> = {}): SiteSettings =>
  ({
    DomainUrl: 'http://archive.test/',
    SiteName: 'Test Archive',
    SiteTitle: 'Test Archive',
    FooterLogoList: [],
    DefaultFooterLogo: 'img/default-partner.png',
    FooterText: '<p>Footer line</p>',
    AdvantageFooterStatus: true,
    objFooterMenuList: [
      { MenuText: 'Explore', MenuLink: '', OpenInNewTab: false, FooterMenuID: 1 },
      { MenuText: 'Help', MenuLink: '', OpenInNewTab: false, FooterMenuID: 2 },
    ],
    objFooterSubmenuList: [
      { MenuText: 'Search', MenuLink: '/search', OpenInNewTab: false, FooterMenuID: 1 },
      { MenuText: 'FAQ', MenuLink: 'https://help.example.org', OpenInNewTab: true, FooterMenuID: 2 },
      { MenuText: 'Titles', MenuLink: '/home', OpenInNewTab: false, FooterMenuID: 1 },
    ],
    ...over,
  }) as SiteSettings;

describe('ErrorModal', () => {
  it("is titled 'Error', shows the message and closes with 'Close'", () => {
    const onClose = vi.fn();
    at('/home', <ErrorModal message="Please select a year" onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('Please select a year')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without a message and closes on navigation', () => {
    const onClose = vi.fn();
    const loc = memoryLocation({ path: '/home' });
    const view = (message: string | null) => (
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <ErrorModal message={message} onClose={onClose} />
      </Router>
    );
    const { rerender } = render(view(null));
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(view('Please select a title'));
    expect(onClose).not.toHaveBeenCalled();
    act(() => loc.navigate('/search'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  it('appears after about 10 ms and leaves 200 ms after it is hidden', () => {
    const { rerender } = render(<LoadingOverlay show text="Loading titles" />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    act(() => void vi.advanceTimersByTime(12));
    expect(screen.getByTestId('loading-overlay').textContent).toContain('Loading titles');
    act(() => void vi.advanceTimersByTime(20));
    expect(screen.getByTestId('loading-overlay').className).toContain('loading-overlay--visible');
    rerender(<LoadingOverlay show={false} text="Loading titles" />);
    expect(screen.getByTestId('loading-overlay').className).toContain('loading-overlay--leaving');
    act(() => void vi.advanceTimersByTime(199));
    expect(screen.queryByTestId('loading-overlay')).not.toBeNull();
    act(() => void vi.advanceTimersByTime(2));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
  it('never flashes for an answer faster than 10 ms', () => {
    const { rerender } = render(<LoadingOverlay show />);
    act(() => void vi.advanceTimersByTime(5));
    rerender(<LoadingOverlay show={false} />);
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });
});

// SafeHtml (DOMPurify) is tested in real Chromium (tests/e2e/shell-routes.spec.ts 'hostile settings HTML'):
// happy-dom's parser breaks DOMPurify, so a test here would prove nothing.

describe('Footer', () => {
  it('with the footer-status flag: menus with their submenus by FooterMenuID and the three-point disclaimer', () => {
    at('/home', <Footer settings={settings()} linkHandling />);
    const explore = screen.getByRole('navigation', { name: 'Explore' });
    expect(
      within(explore)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Search', 'Titles']);
    const help = screen.getByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'FAQ' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('footer-disclaimer').querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByText('Footer line')).toBeTruthy();
  });
  it('without the flag: only the fixed links and the footer text', () => {
    at('/home', <Footer settings={settings({ AdvantageFooterStatus: false })} linkHandling />);
    expect(screen.queryByTestId('footer-menus')).toBeNull();
    expect(screen.queryByTestId('footer-disclaimer')).toBeNull();
    const fixed = within(screen.getByTestId('footer-fixed-links')).getAllByRole('link');
    expect(fixed.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Terms & Conditions', '/terms-and-conditions'],
      ['Disclaimer', '/termsof-use'],
      ['Copyright Policy', '/copyright-policy'],
      ['DMCA and Copyright Takedown', '/dmca-and-copyright-takedown'],
      ['Sitemap', '/sitemap'],
    ]);
    expect(screen.getByText('Footer line')).toBeTruthy();
  });
  it('attaches the desktop new-tab behaviour 2 s after navigation, not before', () => {
    vi.useFakeTimers();
    const { navigate } = at('/home', <Footer settings={settings()} linkHandling />);
    const privacy = () => within(screen.getByTestId('footer-fixed-links')).getByRole('link', { name: 'Privacy Policy' });
    expect(privacy().getAttribute('target')).toBeNull();
    act(() => void vi.advanceTimersByTime(1999));
    expect(privacy().getAttribute('target')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(privacy().getAttribute('target')).toBe('_blank');
    act(() => navigate('/contactus'));
    expect(privacy().getAttribute('target')).toBeNull();
  });
  it('does not attach the behaviour where the tools are hidden', () => {
    vi.useFakeTimers();
    at('/home', <Footer settings={settings()} linkHandling={false} />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('footer-fixed-links').getAttribute('data-attached')).toBe('false');
  });
});

describe('PartnerBand', () => {
  it('shows DefaultFooterLogo when FooterLogoList is empty, linking to /home with SiteName as alt', () => {
    at('/home', <PartnerBand settings={settings()} />);
    const logos = screen.getAllByTestId('partner-logo');
    expect(logos).toHaveLength(1);
    expect(logos[0].getAttribute('src')).toBe('http://archive.test/img/default-partner.png');
    expect(logos[0].getAttribute('alt')).toBe('Test Archive');
    expect(logos[0].closest('a')?.getAttribute('href')).toBe('/home');
    expect(screen.getByRole('heading', { name: 'Access To This Archive Is Possible Through Partnerships' })).toBeTruthy();
  });
  it('shows every partner logo of the list instead', () => {
    at('/home', <PartnerBand settings={settings({ FooterLogoList: ['a.png', 'https://cdn.example.org/b.png'] })} />);
    expect(screen.getAllByTestId('partner-logo').map((i) => i.getAttribute('src'))).toEqual(['http://archive.test/a.png', 'https://cdn.example.org/b.png']);
  });
});

describe('NavBar', () => {
  const items = [
    { MenuText: 'Home', MenuLink: 'home', OpenInNewTab: false },
    { MenuText: 'Contact Us', MenuLink: 'ContactUs', OpenInNewTab: false },
  ];
  it('marks the item whose MenuLink the URL contains, in any case, and moves with navigation', () => {
    const { navigate } = at('/contactus', <NavBar items={items} />);
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    act(() => navigate('/home'));
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contactus');
  });
  it('collapses the menu 500 ms after an item is used', () => {
    vi.useFakeTimers();
    at('/home', <NavBar items={items} />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Contact Us' }));
    act(() => void vi.advanceTimersByTime(499));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() => void vi.advanceTimersByTime(1));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
  it('holds its place, hidden from assistive technology, while the menu has not come; without a menu it is gone', () => {
    const { container, rerender } = render(<NavBar items={[]} pending />);
    const bar = container.querySelector('nav.site-nav');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    rerender(<NavBar items={[]} />);
    expect(container.querySelector('nav')).toBeNull();
  });
});
