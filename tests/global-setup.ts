import type { TestProject } from 'vitest/node';
import { pgAvailable, startPgCluster, type PgCluster } from './support/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let cluster: PgCluster | undefined;

/** Starts one throwaway PostgreSQL cluster for the run; each suite creates its own database in it. */
export async function setup(project: TestProject) {
  if (!pgAvailable()) {
    if (process.env.CI) throw new Error('PostgreSQL 15 is not installed: .ci/run installs postgresql-15.');
    project.provide('pgAdminUrl', '');
    return;
  }
  cluster = await startPgCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
}

export async function teardown() {
  cluster?.stop();
}
