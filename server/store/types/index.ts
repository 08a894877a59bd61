import type { SitesRepo, BrowseRepo, MetaRepo, ContactRepo } from './core';
import type { IngestRepo } from './ingest';
import type { ViewerRepo } from './viewer';
import type { AdminRepo } from './admin';
import type { SearchRepo } from './search';
import type { DiscoveryRepo } from './discovery';
import type { CorrectionsRepo } from './corrections';
import type { DumpsRepo } from './dumps';
import type { ResearchRepo } from './research';
import type { RunsRepo } from './runs';
import type { SharedListsRepo } from './shared-lists';

export * from './core';
export * from './ingest';
export * from './viewer';
export * from './admin';
export * from './search';
export * from './discovery';
export * from './corrections';
export * from './dumps';
export * from './research';
export * from './runs';
export * from './shared-lists';

/**
 * The whole store. Other repositories (ingest, search, admin, clips) are added here by the issues that
 * need them, each as a field with its own interface file in this folder.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly meta: MetaRepo;
  readonly sites: SitesRepo;
  readonly browse: BrowseRepo;
  readonly contact: ContactRepo;
  readonly ingest: IngestRepo;
  readonly viewer: ViewerRepo;
  readonly admin: AdminRepo;
  readonly search: SearchRepo;
  readonly discovery: DiscoveryRepo;
  readonly corrections: CorrectionsRepo;
  readonly dumps: DumpsRepo;
  readonly research: ResearchRepo;
  readonly runs: RunsRepo;
  readonly sharedLists: SharedListsRepo;
  close(): Promise<void>;
}
