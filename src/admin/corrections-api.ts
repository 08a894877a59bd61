// The admin's correction calls (issue #23), in one place: the moderation queue, decisions, reverts, blocks,
// the per-site policy and the leaderboard. adminGet/adminSend add the session cookie and the XSRF header.
import type {
  AdminContributor,
  AdminCorrectionBlock,
  AdminCorrectionBlockRequest,
  AdminCorrectionList,
  AdminRevertRequest,
  CorrectionPolicy,
  PageCorrectionsResponse,
} from '../../contract/corrections';
import { getJson } from '../shared/data/http';
import { adminGet, adminSend } from './api';

export const correctionsApi = {
  list: (siteId: number) => adminGet<AdminCorrectionList>(`Corrections?site=${siteId}`),
  approve: (id: number) => adminSend('POST', `Corrections/${id}/Approve`),
  reject: (id: number) => adminSend('POST', `Corrections/${id}/Reject`),
  revert: (body: AdminRevertRequest) => adminSend('POST', 'Corrections/Revert', body),
  blocks: () => adminGet<AdminCorrectionBlock[]>('Corrections/Blocks'),
  block: (body: AdminCorrectionBlockRequest) => adminSend<AdminCorrectionBlock>('POST', 'Corrections/Blocks', body),
  unblock: (id: number) => adminSend('DELETE', `Corrections/Blocks/${id}`),
  policy: (siteId: number) => adminGet<CorrectionPolicy>(`Sites/${siteId}/CorrectionPolicy`),
  savePolicy: (siteId: number, policy: CorrectionPolicy) => adminSend<CorrectionPolicy>('PUT', `Sites/${siteId}/CorrectionPolicy`, policy),
  contributors: (siteId: number) => adminGet<AdminContributor[]>(`Sites/${siteId}/Contributors`),
  /** A page's public history: the versions a line can be restored to. */
  pageHistory: (pageUid: string) => getJson<PageCorrectionsResponse>(`Viewer/Page/${encodeURIComponent(pageUid)}/Corrections`, {}, undefined, 'no-store'),
};
