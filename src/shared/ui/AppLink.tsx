// One link element for the shell: in-app navigation through wouter, or a plain anchor for other pages
// and new tabs (wouter's Link ignores target, so new-tab links must not go through it).
import type { ReactNode, MouseEventHandler } from 'react';
import { Link } from 'wouter';

export interface AppLinkProps {
  href: string;
  newTab?: boolean;
  /** Navigate inside the app (history) instead of a full page load. */
  inApp?: boolean;
  className?: string;
  children: ReactNode;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  'aria-current'?: 'page' | undefined;
  title?: string;
}

export function AppLink({ href, newTab, inApp, children, ...rest }: AppLinkProps) {
  if (newTab) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  if (inApp) {
    return (
      <Link href={href} {...rest}>
        {children}
      </Link>
    );
  }
  // Another site (absolute http(s) URL): no window.opener, no Referer.
  const external = /^https?:\/\//i.test(href);
  return (
    <a href={href} rel={external ? 'noopener noreferrer' : undefined} {...rest}>
      {children}
    </a>
  );
}
