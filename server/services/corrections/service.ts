// Visitor OCR corrections (issue #23): the rules between the visitor routes and the store. Who may correct
// (policy, blocks, rate limits), what text is kept (clean.ts), conflicts by version, and keeping the
// page's search fields (original OCR + corrected lines) and the archive's data version in step
// (page-state.ts). Staff decisions are in moderation.ts.
import type {
  CorrectionConflict,
  CorrectionCreated,
  CorrectionLine,
  CorrectionRequest,
  PageCorrectionsResponse,
  PageLinesResponse,
} from '../../../contract/corrections';
import { HttpError, badRequest, forbidden } from '../../errors';
import type { Store } from '../../store';
import type { CorrectionRow } from '../../store/types';
import { toWords } from '../../store/viewer-rows';
import { cleanDisplayName, cleanLineText, refusal } from './clean';
import { currentLines, currentWords, historyEntry } from './line-state';
import { WindowLimiter, type RateLimits } from './limiter';
import { WritePacer, DEFAULT_CORRECTIONS_PER_SECOND } from './write-pacer';
import { pageLines } from './lines';
import { PageStates, type PageState } from './page-state';
import { correctedPlainText } from './text-corrected';
import { addressKey, blockCandidates } from '../../lib/client-address';

export const DEFAULT_RATE_LIMITS: RateLimits = { perAddress: 120, perPage: 60, windowMs: 10 * 60_000 };

/** Who sends a correction: the request's address, the signed-in account (if any) and the site it came through. */
export interface Sender {
  /** As the request came (kept for moderators); limits and blocks count it by addressKey (IPv6 by /64). */
  address: string | null;
  account: string | null;
  siteId: number;
}

export type SubmitAnswer = { status: 201; body: CorrectionCreated } | { status: 409; body: CorrectionConflict };

export class CorrectionService {
  private readonly limiter: WindowLimiter;
  private readonly pages: PageStates;
  private readonly pacer: WritePacer;

  constructor(
    private readonly store: Store,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
    writesPerSecond = DEFAULT_CORRECTIONS_PER_SECOND,
  ) {
    this.limiter = new WindowLimiter(limits.windowMs);
    this.pacer = new WritePacer(writesPerSecond);
    this.pages = new PageStates(store);
  }

  async lines(uid: string, sender: Sender): Promise<PageLinesResponse> {
    const s = await this.pages.load(uid);
    const policy = await this.store.corrections.pagePolicy(s.page.id, sender.siteId);
    return { pageUid: s.page.uid, lines: s.lines, policy: { ...policy, signedIn: sender.account !== null } };
  }

  /** The page's words as they read now (IIIF text annotations), or null when there is no such page. */
  async wordsNow(uid: string) {
    const page = await this.store.corrections.page(uid);
    if (!page) return null;
    const words = toWords(page.words);
    const ocrLines = pageLines(words, page.ocrText);
    return currentWords(words, ocrLines, currentLines(ocrLines, await this.store.corrections.pageRows(page.id)));
  }

  /** Each line's text now by line id, for the corrected ALTO (only lines that differ from the OCR). */
  async correctedLines(uid: string): Promise<CorrectionLine[]> {
    return (await this.pages.load(uid)).lines.filter((l) => l.text !== l.original);
  }

  /** The page's plain text with its published corrections in place of their OCR lines (text-corrected.ts). */
  async correctedText(uid: string): Promise<string> {
    const s = await this.pages.load(uid);
    return correctedPlainText(s.page.ocrText, s.ocrLines, s.lines);
  }

  async submit(uid: string, req: CorrectionRequest, who: Sender): Promise<SubmitAnswer> {
    const s = await this.pages.load(uid);
    if (req.clientId) {
      const seen = await this.store.corrections.byClientId(req.clientId);
      if (seen) return this.repeat(s, seen);
    }
    const policy = await this.store.corrections.pagePolicy(s.page.id, who.siteId);
    if (policy.requireAccount && !who.account) throw forbidden('This archive asks you to sign in before you correct text.');
    const block = await this.store.corrections.findBlock(blockCandidates(who.address), who.account);
    if (block) throw forbidden('Corrections from your address or account have been blocked by the archive’s staff.');
    this.throttle(addressKey(who.address), uid); // refused attempts count too: a vandal stays slow
    const line = s.lines.find((l) => l.id === req.lineId);
    if (!line) throw badRequest(`No line '${req.lineId.slice(0, 40)}' on this page: reload the page’s lines.`);
    const text = cleanLineText(req.text);
    const why = refusal(text, line.original);
    if (why) throw badRequest(why);
    if (req.baseVersion !== line.version) return { status: 409, body: this.conflict(line, text) };
    if (text === line.text) throw badRequest('Nothing to save: the line already reads like this.');
    await this.pacer.turn(); // a changed line meanwhile is caught by the insert's version check (409)
    const result = await this.store.corrections.insert({
      pageId: s.page.id,
      lineId: line.id,
      baseVersion: req.baseVersion,
      text,
      previousText: line.text,
      state: policy.publish === 'immediately' ? 'published' : 'pending',
      revertOf: null,
      displayName: cleanDisplayName(req.displayName),
      account: who.account,
      address: who.address,
      siteId: who.siteId || null,
      clientId: req.clientId ?? null,
    });
    if (result.kind === 'conflict') {
      const now = (await this.pages.load(uid)).lines.find((l) => l.id === line.id)!;
      return { status: 409, body: this.conflict(now, text) };
    }
    if (result.kind === 'repeat') return this.repeat(s, result.row);
    if (result.row.state === 'published') await this.pages.republish(s);
    const rows = [...s.rows, result.row];
    return this.repeat({ ...s, rows, lines: currentLines(s.ocrLines, rows) }, result.row);
  }

  private throttle(address: string, uid: string) {
    const wait = this.limiter.hit(`a:${address}`, this.limits.perAddress) || this.limiter.hit(`p:${address}:${uid}`, this.limits.perPage);
    if (wait) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new HttpError(429, `You have sent many corrections in a short time: please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
    }
  }

  private conflict(line: CorrectionLine, yourText: string): CorrectionConflict {
    return {
      error: 'Someone changed this line since you opened it: compare the two texts and save again if yours is better.',
      line,
      yourText,
    };
  }

  private async repeat(s: PageState, row: CorrectionRow): Promise<SubmitAnswer> {
    if (row.pageId !== s.page.id) throw badRequest('This clientId was already used for another page.');
    const line = s.lines.find((l) => l.id === row.lineId)!;
    const summary = await this.store.corrections.summary(s.page.uid);
    return {
      status: 201,
      body: {
        id: row.id,
        lineId: row.lineId,
        version: row.version,
        state: row.state,
        text: row.text,
        line,
        summary: { correctedLines: summary.correctedLines, contributors: summary.contributors },
      },
    };
  }

  async history(uid: string): Promise<PageCorrectionsResponse> {
    const s = await this.pages.load(uid);
    const summary = await this.store.corrections.summary(s.page.uid);
    // Only what was published: a pending text has not been read by staff yet, a rejected one never shows.
    const entries = s.rows
      .filter((r) => r.state === 'published')
      .sort((a, b) => b.id - a.id)
      .map(historyEntry);
    return { pageUid: s.page.uid, correctedLines: summary.correctedLines, contributors: summary.contributors, entries };
  }
}
