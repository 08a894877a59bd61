// Every HTML string from site settings is treated as hostile (the server sanitises too): DOMPurify here.
import DOMPurify from 'dompurify';

let hooked = false;
function ensureHooks() {
  if (hooked) return;
  hooked = true;
  // Links that open a new tab must not hand the opener to the other page.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  // Fail closed: where DOMPurify cannot work (no full DOM), show the text, never the markup.
  if (!DOMPurify.isSupported) return escapeText(html);
  ensureHooks();
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
