export { ArchiveDatabase, archiveDb, watchDatabase } from './database';
export * from './home-store';
export * from './seen-store';
export * from './problems';
export type * from './schema';
export * from './visitor-traces';
