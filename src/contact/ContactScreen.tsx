// Contact Us: an accessible form (name, email, subject, message) with messages beside each field,
// sent with sendJson (XSRF header) to POST /Api/Site/Contact; a thank-you replaces the form.
import { useId, useRef, useState, type FormEvent } from 'react';
import { CONTACT_ENDPOINT, CONTACT_LIMITS, validateContact, type ContactErrors, type ContactInput } from '../../contract/contact';
import { sendJson } from '../shared/data/http';

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
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

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
    setSending(true);
    try {
      await sendJson('POST', CONTACT_ENDPOINT, { ...values, url: location.origin });
      setSent(true);
      setTimeout(() => thanksRef.current?.focus(), 0);
    } catch (err) {
      setFailure((err as Error).message || 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="container page page--narrow">
        <h1>Contact Us</h1>
        <div ref={thanksRef} tabIndex={-1} className="notice notice--ok" role="status" data-testid="contact-thanks">
          <h2>Thank you</h2>
          <p>Your message has been sent. We read every message and will answer by email when a reply is needed.</p>
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
