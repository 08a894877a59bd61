export { ArchiveDatabase, archiveDb, watchDatabase } from './database';
export * from './home-store';
export * from './problems';
export type * from './schema';
