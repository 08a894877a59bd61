// Contact Us: an accessible form (name, email, subject, message) with messages beside each field, sent
// through the outbox (device-db/outbox.ts) to POST /Api/Site/Contact; a thank-you replaces the form.
// Offline, or when the network fails, the message is kept on this device and sent when the connection returns.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, validateContact, type ContactErrors, type ContactInput, type ContactRequest, type ContactResponse } from '../../contract/contact';
import { keepAndSend, pageOutbox, useOutboxItem } from '../shared/data/outbox-page';
import { remove } from '../../device-db/outbox';

export const MESSAGE_KEPT = 'You are offline. Your message is kept on this device and will be sent when the connection returns.';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };
const FIELDS: { key: keyof ContactInput; label: string; type: 'text' | 'email' | 'textarea'; autoComplete?: string; max: number }[] = [
  { key: 'name', label: 'Your name', type: 'text', autoComplete: 'name', max: CONTACT_LIMITS.name.max },
  { key: 'email', label: 'Email address', type: 'email', autoComplete: 'email', max: CONTACT_LIMITS.email.max },
  { key: 'subject', label: 'Subject', type: 'text', max: CONTACT_LIMITS.subject.max },
  { key: 'message', label: 'Message', type: 'textarea', max: CONTACT_LIMITS.message.max },
];

export function ContactScreen() {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [clientId, setClientId] = useState<string | null>(null);
  const item = useOutboxItem<ContactRequest, ContactResponse>(clientId);
  const sent = item?.state === 'sent';
  const kept = !!item && (item.state === 'pending' || item.state === 'sending') && (!navigator.onLine || item.lastError !== null);
  const sending = !!item && !sent && !kept && item.state !== 'failed';
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  // Refused by the server (a 4xx): say why beside the form, which stays to be corrected.
  useEffect(() => {
    if (item?.state !== 'failed') return;
    setFailure(item.lastError || 'Your message could not be sent. Please try again.');
    setClientId(null);
    void remove(pageOutbox(), item.clientId);
  }, [item]);
  useEffect(() => {
    if (sent || kept) thanksRef.current?.focus();
  }, [sent, kept]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    setFailure(null);
    const first = (Object.keys(found) as (keyof ContactInput)[])[0];
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (clientId) return;
    try {
      const body: ContactRequest = { ...values, url: location.origin };
      setClientId((await keepAndSend('message', body)).clientId);
    } catch (err) {
      setFailure(`Your message could not be kept on this device: ${(err as Error).message}`);
    }
  };

  if (sent || kept) {
    // One live region for both states: kept, then (when the connection returns) sent.
    return (
      <div className="container page page--narrow">
        <h1>Contact Us</h1>
        <div
          ref={thanksRef}
          tabIndex={-1}
          className={`notice ${sent ? 'notice--ok' : 'notice--waiting'}`}
          role="status"
          data-testid={sent ? 'contact-thanks' : 'contact-kept'}
        >
          <h2>{sent ? 'Thank you' : 'Kept on this device'}</h2>
          <p>{sent ? 'Your message has been sent. We read every message and will answer by email when a reply is needed.' : MESSAGE_KEPT}</p>
        </div>
      </div>
    );
  }

  return (
    <div className="container page page--narrow">
      <h1>Contact Us</h1>
      <p>Questions about the archive, a correction to a page, or a rights request: write to us here. All fields are required.</p>
      <form ref={formRef} className="form" noValidate onSubmit={submit} aria-describedby={failure ? `${baseId}-failure` : undefined}>
        {FIELDS.map((f) => {
          const id = `${baseId}-${f.key}`;
          const err = errors[f.key];
          const common = {
            id,
            name: f.key,
            value: values[f.key],
            maxLength: f.max,
            required: true,
            'aria-invalid': err ? true : undefined,
            'aria-describedby': err ? `${id}-error` : undefined,
            onChange: (ev: { currentTarget: { value: string } }) => {
              const v = ev.currentTarget.value;
              setValues((old) => ({ ...old, [f.key]: v }));
            },
          };
          return (
            <div className="form__field" key={f.key}>
              <label htmlFor={id}>{f.label}</label>
              {f.type === 'textarea' ? <textarea rows={7} {...common} /> : <input type={f.type} autoComplete={f.autoComplete} {...common} />}
              {err && (
                <p id={`${id}-error`} className="form__error">
                  {err}
                </p>
              )}
            </div>
          );
        })}
        {failure && (
          <p id={`${baseId}-failure`} className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </div>
  );
}
