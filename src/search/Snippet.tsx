import DOMPurify from 'dompurify';

/** The server's snippet is escaped text with <mark>; DOMPurify keeps only <mark>, without attributes. */
export const cleanSnippet = (html: string) => DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });

export function Snippet({ html }: { html: string }) {
  if (!html) return null;
  return <p className="search-hit__snippet" dangerouslySetInnerHTML={{ __html: cleanSnippet(html) }} />;
}
