// Visitor OCR corrections (issue #23): a page's lines, sending a corrected line, and the page's history.
// Rules live in services/corrections/; these handlers parse, find who is asking, call it and reply.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CorrectionRequest } from '../../contract/corrections';
import { SESSION_COOKIE, tokenHash } from '../admin/auth';
import { resolveSite } from '../services/site-resolve';
import { CorrectionService, DEFAULT_RATE_LIMITS, type Sender } from '../services/corrections/service';
import { originOf } from '../presentation/urls';
import { apiRoute } from './api-registry';

const uidParam = z.object({ uid: z.string().min(1).max(300) });
// The text's own limit depends on the line (4x its OCR + 200); this cap only keeps the parser cheap.
const correctionBody = z.object({
  lineId: z.string().regex(/^L[0-9]{1,6}$/, 'lineId is a line id from the Lines answer, like "L12".'),
  text: z.string({ error: 'text must be the corrected line as a string.' }).max(20_000, 'The corrected line is too long.'),
  baseVersion: z.number().int().min(0).max(1e9),
  clientId: z.uuid('clientId must be a UUID.').optional(),
  displayName: z.string().max(200, 'The display name is too long.').optional(),
}) satisfies z.ZodType<CorrectionRequest>;
/** A body over this size is refused with 413 before it is read (a line is a few hundred characters). */
const BODY_LIMIT = 64 * 1024;

const P = '/Api/Viewer/Page/:uid';
const LINES = apiRoute({
  method: 'GET',
  path: `${P}/Lines`,
  tag: 'Viewer',
  summary:
    "A page's OCR lines for correction: id, box, current text, original text, version; and the correction policy it is held to (the strictest of the sites showing it)",
  params: uidParam,
  responses: { 200: { description: 'PageLinesResponse (contract/corrections.ts)' }, 404: { description: 'No such page' } },
  example: '/Api/Viewer/Page/sn99021999-1887-03-03-ed1-seq1/Lines',
});
const CORRECT = apiRoute({
  method: 'POST',
  path: `${P}/Corrections`,
  tag: 'Viewer',
  summary: 'Corrects one OCR line (no account needed unless a site showing the page requires one; rate limited; needs X-XSRF-TOKEN)',
  description:
    'Body { lineId, text, baseVersion, clientId?, displayName? }. A repeat of a clientId answers the first answer. ' +
    'HTML tags and control characters are removed; links, text far longer than the line or unlike it are refused.',
  params: uidParam,
  body: correctionBody,
  responses: {
    201: { description: 'CorrectionCreated: the new version, its state (published or pending) and the line now' },
    400: { description: 'Bad input or refused by the spam check' },
    403: { description: 'Blocked, or the site requires an account' },
    404: { description: 'No such page' },
    409: { description: 'CorrectionConflict: the line changed since baseVersion; carries the current line and the sent text' },
    413: { description: 'Body too large' },
    429: { description: 'Too many corrections from this address' },
  },
});
const HISTORY = apiRoute({
  method: 'GET',
  path: `${P}/Corrections`,
  tag: 'Viewer',
  summary: "A page's correction history (newest first) with 'Corrected N lines' counts",
  params: uidParam,
  responses: { 200: { description: 'PageCorrectionsResponse (contract/corrections.ts)' }, 404: { description: 'No such page' } },
  example: '/Api/Viewer/Page/sn99021999-1887-03-03-ed1-seq1/Corrections',
});

/** The staff account signed in on this request (the archive's only accounts), or null: never an error. */
export async function signedInAccount(req: FastifyRequest): Promise<string | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const user = await req.server.store.admin.sessionUser(tokenHash(token), new Date().toISOString());
  return user?.username ?? null;
}

export default async function correctionRoutes(app: FastifyInstance) {
  const service = new CorrectionService(app.store, app.config.correctionLimits ?? DEFAULT_RATE_LIMITS, app.config.correctionsPerSecond);
  const sender = async (req: FastifyRequest): Promise<Sender> => ({
    address: req.ip ?? null,
    account: await signedInAccount(req),
    siteId: (await resolveSite(app.store, originOf(req))).id,
  });

  app.get(LINES.path, async (req, reply) => {
    const { uid } = LINES.params!.parse(req.params);
    reply.header('Cache-Control', 'no-store');
    return service.lines(uid, await sender(req));
  });

  app.post(CORRECT.path, { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const { uid } = CORRECT.params!.parse(req.params);
    const body = CORRECT.body!.parse(req.body);
    const answer = await service.submit(uid, body, await sender(req));
    reply.status(answer.status);
    return answer.body;
  });

  app.get(HISTORY.path, async (req, reply) => {
    const { uid } = HISTORY.params!.parse(req.params);
    reply.header('Cache-Control', 'no-store');
    return service.history(uid);
  });
}
