// Admin API calls. Every state-changing call carries the X-XSRF-TOKEN header (sendJson does it).
import { apiBase, readCookie, sendJson, ApiRequestError } from '../shared/data/http';

import type { AdminUpload } from '../../contract/admin';

export async function adminGet<T>(path: string): Promise<T> {
  const res = await fetch(`${apiBase()}Admin/${path}`, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new ApiRequestError(body.error ?? `The server answered ${res.status}.`, res.status, false);
  }
  return (await res.json()) as T;
}

export const adminSend = <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => sendJson<T>(method, `Admin/${path}`, body);

export async function uploadImage(file: File): Promise<AdminUpload> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${apiBase()}Admin/Upload`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { 'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') ?? '' },
  });
  const body = (await res.json().catch(() => ({}))) as { error?: string } & Partial<AdminUpload>;
  if (!res.ok) throw new ApiRequestError(body.error ?? `Upload failed (${res.status}).`, res.status, false);
  return body as AdminUpload;
}
