// The ingest core, shared by `npm run ingest` (cli.ts) and the admin area's jobs.
export { ingestBatch, purgeBatch, batchFilesDir, type IngestOptions } from './ingest-batch';
export { ingestAudio, isAudioItem } from './audio';
export { formatReport, type IngestReport, type IngestProgress } from './report';
