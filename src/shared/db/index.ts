export { ArchiveDatabase } from '../../../device-db/database';
export { archiveDb, watchDatabase } from './database';
export * from './home-store';
export * from '../../../device-db/seen-store';
export * from '../../../device-db/problems';
export type * from '../../../device-db/schema';
export * from './visitor-traces';
