// A browser-like client for server tests: keeps cookies, and echoes XSRF-TOKEN in X-XSRF-TOKEN on send().
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class Session {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** The client's address as the server sees it. */
    readonly ip = '127.0.0.1',
  ) {}

  private absorb(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires) < new Date())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** Asks once for the XSRF-TOKEN cookie, as the app's first page load does. */
  async token(): Promise<string> {
    if (!this.cookies.has('XSRF-TOKEN')) this.absorb(await this.app.inject({ method: 'GET', url: '/Api/Home/GetSiteTheme', remoteAddress: this.ip }));
    return this.cookies.get('XSRF-TOKEN')!;
  }

  /** A request with this client's cookies and no XSRF header. */
  async raw(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    await this.token();
    return this.absorb(
      await this.app.inject({
        method,
        url,
        payload: payload as object | undefined,
        headers,
        cookies: Object.fromEntries(this.cookies),
        remoteAddress: this.ip,
      }),
    );
  }

  /** A request as the app makes it: cookies plus the X-XSRF-TOKEN header. */
  async send(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.raw(method, url, payload, { 'x-xsrf-token': await this.token(), ...headers });
  }

  signIn(username: string, password: string) {
    return this.send('POST', '/Api/Admin/Login', { username, password });
  }
}

/** A session signed in as the first admin ('admin', created from ADMIN_PASSWORD). */
export async function signedInAdmin(app: FastifyInstance, password: string, ip?: string): Promise<Session> {
  const s = new Session(app, ip);
  const res = await s.signIn('admin', password);
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return s;
}
