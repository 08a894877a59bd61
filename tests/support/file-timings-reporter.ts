// Writes each test file's time (import, setup and tests) to .tmp/vitest-files.json, so `npm test` can name the
// slowest files: Vitest's JSON report counts only the time spent in tests, not importing the file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimingsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      return {
        file: relative(process.cwd(), m.moduleId),
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration),
        collectMs: Math.round(d.collectDuration),
        testsMs: Math.round(d.duration),
      };
    });
    mkdirSync('.tmp', { recursive: true });
    writeFileSync('.tmp/vitest-files.json', JSON.stringify(files, null, 1));
  }
}
