// The shared lists' SQL and row mapping, one text for both engines (placeholders differ: ? and $n).
import type { SharedListItem } from '../../contract/shared-lists';
import type { SharedListRow, SharedListSummary } from './types';

export const COLUMNS = 'id, site_id, name, description, include_notes, items, created_at, reports';
export const SUMMARY_COLUMNS = 'id, site_id, name, item_count, reports, created_at, address';

export interface RawSharedList {
  id: string;
  site_id: number | string;
  name: string;
  description: string;
  include_notes: number | boolean;
  items: string | SharedListItem[];
  created_at: string;
  reports: number | string;
}

export const toRow = (r: RawSharedList): SharedListRow => ({
  id: r.id,
  siteId: Number(r.site_id),
  name: r.name,
  description: r.description,
  includeNotes: r.include_notes === true || r.include_notes === 1,
  items: typeof r.items === 'string' ? (JSON.parse(r.items) as SharedListItem[]) : r.items,
  createdAt: r.created_at,
  reports: Number(r.reports),
});

export interface RawSummary {
  id: string;
  site_id: number | string;
  name: string;
  item_count: number | string;
  reports: number | string;
  created_at: string;
  address: string | null;
}

export const toSummary = (r: RawSummary): SharedListSummary => ({
  id: r.id,
  siteId: Number(r.site_id),
  name: r.name,
  itemCount: Number(r.item_count),
  reports: Number(r.reports),
  createdAt: r.created_at,
  address: r.address,
});

export const listOrder = (reported?: boolean) => (reported ? 'WHERE reports > 0 ORDER BY reports DESC, created_at DESC' : 'ORDER BY created_at DESC');
