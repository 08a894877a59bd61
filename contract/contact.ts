// The Contact Us message: field limits and the messages shown for each mistake. The client validates
// with validateContact before sending; the server checks the same limits (server/routes/site.ts).

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** A Contact Us message as sent: the fields, the site's origin, and the app's id for it (see ClipRequest.clientId). */
export interface ContactRequest extends ContactInput {
  url?: string;
  clientId?: string;
}

/** The answer to a Contact Us message (201), the same for a repeat of the same clientId. */
export interface ContactResponse {
  id: number;
  ok: true;
}

export const CONTACT_LIMITS = {
  name: { max: 200 },
  email: { max: 254 },
  subject: { max: 200 },
  message: { min: 10, max: 5000 },
} as const;

export const CONTACT_ENDPOINT = 'Site/Contact';
export const DIRECTORY_ENDPOINT = 'Site/Directory';

// A practical address check (something@host.tld), not the full RFC grammar.
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

export function validateContact(input: ContactInput): ContactErrors {
  const e: ContactErrors = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const subject = input.subject.trim();
  const message = input.message.trim();
  if (!name) e.name = 'Please enter your name.';
  else if (name.length > CONTACT_LIMITS.name.max) e.name = `Your name can be at most ${CONTACT_LIMITS.name.max} characters.`;
  if (!email) e.email = 'Please enter your email address.';
  else if (email.length > CONTACT_LIMITS.email.max || !EMAIL_PATTERN.test(email)) e.email = 'Please enter a valid email address, like name@example.org.';
  if (!subject) e.subject = 'Please enter a subject.';
  else if (subject.length > CONTACT_LIMITS.subject.max) e.subject = `The subject can be at most ${CONTACT_LIMITS.subject.max} characters.`;
  if (!message) e.message = 'Please write your message.';
  else if (message.length < CONTACT_LIMITS.message.min) e.message = `Your message needs at least ${CONTACT_LIMITS.message.min} characters.`;
  else if (message.length > CONTACT_LIMITS.message.max) e.message = `Your message can be at most ${CONTACT_LIMITS.message.max} characters.`;
  return e;
}

export interface DirectorySite {
  name: string;
  SiteTitle: string;
  origins: string[];
  isDefault: boolean;
}
