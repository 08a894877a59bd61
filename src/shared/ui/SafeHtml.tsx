// Renders settings HTML only after DOMPurify (src/shared/lib/sanitize.ts) has cleaned it.
import { useMemo, type ElementType } from 'react';
import { sanitizeHtml } from '../lib/sanitize';

export function SafeHtml({ html, as: Tag = 'div', className }: { html: string | null | undefined; as?: ElementType; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
