/// <reference lib="webworker" />
// Worker entry: only exposes the plain API (tests import archive-api.ts, never this file).
import { expose } from 'comlink';
import { createArchiveApi } from './archive-api';

expose(createArchiveApi());
