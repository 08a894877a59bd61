// Every admin-entered HTML fragment goes through DOMPurify (the shell's sanitizeHtml) before the page.
import { useMemo, type ElementType } from 'react';
import { sanitizeHtml } from '../../lib/sanitize';

export function SafeHtml({ html, as: Tag = 'div', className }: { html: string | undefined | null; as?: ElementType; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
