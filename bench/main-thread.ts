// Main-thread work of a cold load per landing screen (issue #39), in Debian's Chromium without throttling:
// a fresh browser context per run (empty cache, empty storage) with service workers blocked, a Chromium
// trace from the navigation until the screen is usable, and Chromium's own Performance metrics beside it.
//   usable   the screen's main content is on screen (the first title tile, result, the page image opened...)
//   settled  then the network idle and one more second: work deferred past "usable" shows up here
// Per screen: main-thread task time, script / style / layout time, and every task over 50 ms with what ran in
// it (the trace's events and the CPU profile's heaviest functions with their script). Each screen is loaded
// RUNS times (the machine is shared: medians, and the load average printed beside them).
// Run: npm run build && npx tsx bench/main-thread.ts   (RUNS=5; ONLY=home,viewer; DIST_DIR=/tmp/other-build;
// OUT=main-thread-before writes bench/results/<OUT>.json; TRACE_DIR=/tmp/traces keeps each trace for DevTools)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { startServer } from '../tests/e2e/offline-server';
import { networkQuiet } from '../tests/e2e/quiet-network';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 8369);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const RUNS = Number(process.env.RUNS ?? 5);
const LONG_TASK_MS = 50;

// Pages the generated demo archive always has (server/demo is seeded), and what shows each screen is usable.
const SCREENS: Record<string, { path: string; usable: string }> = {
  home: { path: '/home', usable: '[data-testid="title-tiles"] .title-tile__name' },
  search: { path: '/search?k=railroad', usable: '.search-hit__title' },
  viewer: { path: '/viewer?page=demo0001-1819-09-22-ed1-seq1', usable: '[data-testid="page-viewer"] [data-ready="true"]' },
  title: { path: '/title/demo0001', usable: '[data-testid="coverage-strip"] li' },
  issue: { path: '/issue/demo0001/1819-09-22/ed-1', usable: '[data-testid="issue-pages"] li' },
};
// The figures the issue measured on main before the work (CDP Performance metrics, cold load, no service worker).
const ISSUE_TASK_MS: Record<string, [number, number]> = { home: [600, 800], search: [500, 860], viewer: [1200, 1400] };

// Records when the usable selector first matches, relative to the navigation start (performance.now()), and
// resolves window.__usable then. A string, not a function: tsx would wrap named inner functions in a helper the
// page does not have. The bench waits on the promise through CDP rather than Playwright's waitForFunction,
// whose polling and injected script would run on the very thread being measured.
const markUsable = (selector: string) => `
  (() => {
    let done;
    window.__usable = new Promise((res) => (done = res));
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)})) { observer.disconnect(); done(performance.now()); }
    };
    const observer = new MutationObserver(check);
    document.addEventListener('DOMContentLoaded', () => { observer.observe(document.documentElement, { childList: true, subtree: true, attributeFilter: ['data-ready'] }); check(); });
  })();
`;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> & { frames?: { url?: string; processId?: number }[] } };
}

interface Window {
  taskMs: number;
  /** the same tasks' thread CPU time: what a busy machine's other processes do not inflate */
  taskCpuMs: number;
  /** tasks over 50 ms of CPU time */
  longCpuTasks: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  longTasks: number;
}

interface LongTask {
  atMs: number;
  ms: number;
  cpuMs: number;
  beforeUsable: boolean;
  /** the trace's events directly inside the task, heaviest first */
  events: { what: string; ms: number }[];
  /** the CPU profile's heaviest functions inside the task (self time) */
  functions: { fn: string; ms: number }[];
}

interface Run {
  usableMs: number;
  usable: Window;
  settled: Window;
  /** Chromium's Performance.getMetrics at usable (cumulative since the renderer started, seconds in ms) */
  metrics: { taskMs: number; scriptMs: number; layoutMs: number; recalcStyleMs: number };
  longTasks: LongTask[];
  /** the CPU profile's heaviest functions (self time) from the navigation until usable */
  topFunctions: { fn: string; ms: number }[];
  /** CPU time until usable by what ran (script by file, style, layout, parsing...) */
  cpuByWork: { what: string; cpuMs: number }[];
}

const round = (x: number, digits = 0) => Math.round(x * 10 ** digits) / 10 ** digits;
const load = () => loadavg().map((x) => round(x, 2));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const shortUrl = (url: unknown) => (typeof url === 'string' && url ? url.replace(ORIGIN, '').replace(/^\/assets\//, '') : '');

const JS_EVENTS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'V8.CompileCode',
  'v8.produceModuleCache',
  'v8.produceCache',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'GCEvent',
  'RunMicrotasks',
  'v8.run',
  'V8.Execute',
]);
const WRAPPERS = /^(RunTask|ThreadControllerImpl::RunTask|BlinkScheduler_|SequenceManager|TaskAnnotator|ThreadPool_)/;
const STYLE_EVENTS = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet']);
const LAYOUT_EVENTS = new Set(['Layout']);

function describeEvent(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const url = shortUrl(d.url ?? (d.stackTrace as { url?: string }[] | undefined)?.[0]?.url);
  const fn = typeof d.functionName === 'string' && d.functionName ? ` ${d.functionName}` : '';
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name.startsWith('v8.')) return `${e.name}${url ? ` ${url}` : ''}${fn}`;
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'FireIdleCallback') return e.name;
  if (e.name === 'EventDispatch') return `EventDispatch ${String(d.type ?? '')}`;
  if (e.name === 'ResourceReceivedData' || e.name === 'ResourceFinish') return e.name;
  return e.name;
}

/** The renderer main thread of the page: the process whose navigation loaded the screen's URL. */
function pageThread(events: TraceEvent[]): { pid: number; tid: number; navStart: number } {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && String((e.args?.data as { documentLoaderURL?: string })?.documentLoaderURL ?? '').startsWith(ORIGIN),
  );
  if (!nav) throw new Error('the trace has no navigation to the screen');
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
  if (!main) throw new Error('the trace has no renderer main thread');
  return { pid: main.pid, tid: main.tid, navStart: nav.ts };
}

/** Self time per function of the CPU profile's samples between from and to (trace microseconds). */
function profileFunctions(events: TraceEvent[], pid: number, tid: number, from: number, to: number, top = 6) {
  const nodes = new Map<number, { fn: string }>();
  const self = new Map<string, number>();
  // One profile per thread (the page's workers have theirs): the main thread's, by the id its Profile event gives.
  const ids = new Set(events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'Profile').map((e) => e.id));
  const chunks = events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk') && ids.has(e.id));
  let t = 0;
  for (const e of chunks) {
    const d = (e.args?.data ?? {}) as {
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[]; samples?: number[] };
      timeDeltas?: number[];
    };
    if (e.name === 'Profile') {
      t = d.startTime ?? e.ts;
      continue;
    }
    for (const n of d.cpuProfile?.nodes ?? []) {
      const cf = n.callFrame;
      const where = shortUrl(cf.url);
      nodes.set(n.id, { fn: `${cf.functionName || '(anonymous)'}${where ? ` ${where}:${(cf.lineNumber ?? 0) + 1}` : ''}` });
    }
    const samples = d.cpuProfile?.samples ?? [];
    const deltas = d.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const dt = deltas[i] ?? 0;
      t += dt;
      if (t < from || t > to) continue;
      const fn = nodes.get(samples[i])?.fn ?? '?';
      if (fn.startsWith('(idle)') || fn.startsWith('(program)') || fn.startsWith('(root)')) continue;
      self.set(fn, (self.get(fn) ?? 0) + Math.max(0, deltas[i + 1] ?? dt));
    }
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({ fn, ms: round(us / 1000, 1) }));
}

/** What kind of work an event's own (exclusive) time is, given the script the enclosing events run. */
function kindOf(e: TraceEvent, script: string | undefined): string {
  const n = e.name;
  if (n === 'Layout') return 'layout';
  if (STYLE_EVENTS.has(n)) return 'style';
  if (n === 'ParseHTML') return 'parse HTML';
  if (/^(Paint|PrePaint|Commit|Layerize|UpdateLayer|CompositeLayers|RasterTask)/.test(n)) return 'paint';
  if (/GC|Sweep|Mark/i.test(n)) return 'garbage collection';
  if (/compile|Parse(Functions|Script)|V8\.Compile/i.test(n)) return `compile ${script ?? ''}`.trim();
  if (script) return `script ${script}`;
  if (JS_EVENTS.has(n) || n.startsWith('v8') || n.startsWith('V8')) return 'script (no file)';
  return 'other';
}

const scriptOf = (e: TraceEvent): string | undefined => {
  const d = e.args?.data ?? {};
  const url = shortUrl(d.url ?? (d.stackTrace as { url?: string }[] | undefined)?.[0]?.url ?? (e.args as { fileName?: string } | undefined)?.fileName);
  return url || undefined;
};

/** Thread CPU time from `from` to `to` by kind of work (each event's exclusive time, scripts by file). */
function cpuByWork(thread: TraceEvent[], from: number, to: number): { what: string; cpuMs: number }[] {
  const by = new Map<string, number>();
  const within = thread.filter((e) => e.ts >= from && e.ts <= to).sort((x, y) => x.ts - y.ts || y.dur! - x.dur!);
  const stack: { e: TraceEvent; script?: string; childCpu: number }[] = [];
  const close = (frame: (typeof stack)[number]) => {
    const own = Math.max(0, (frame.e.tdur ?? frame.e.dur!) - frame.childCpu);
    const what = kindOf(frame.e, frame.script);
    by.set(what, (by.get(what) ?? 0) + own / 1000);
    const parent = stack[stack.length - 1];
    if (parent) parent.childCpu += frame.e.tdur ?? frame.e.dur!;
  };
  for (const e of within) {
    while (stack.length && stack[stack.length - 1].e.ts + stack[stack.length - 1].e.dur! <= e.ts) close(stack.pop()!);
    stack.push({ e, script: scriptOf(e) ?? stack[stack.length - 1]?.script, childCpu: 0 });
  }
  while (stack.length) close(stack.pop()!);
  return [...by.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([what, ms]) => ({ what, cpuMs: round(ms, 1) }));
}

function analyse(events: TraceEvent[], usableMs: number): Omit<Run, 'usableMs' | 'metrics'> {
  const { pid, tid, navStart: origin } = pageThread(events);
  const thread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const usableTs = origin + usableMs * 1000;
  const tasks = thread.filter((e) => e.name === 'RunTask' && e.ts >= origin);
  const sumWithin = (names: Set<string>, until: number) => {
    // Only outermost events of the kind, so nested calls are not counted twice.
    let total = 0;
    let end = -Infinity;
    for (const e of thread) {
      if (!names.has(e.name) || e.ts < origin || e.ts > until) continue;
      if (e.ts < end) continue;
      total += Math.min(e.dur!, Math.max(0, until - e.ts));
      end = e.ts + e.dur!;
    }
    return total / 1000;
  };
  const windowUntil = (until: number): Window => ({
    taskMs: round(tasks.filter((t) => t.ts <= until).reduce((s, t) => s + Math.min(t.dur!, until - t.ts), 0) / 1000, 1),
    taskCpuMs: round(tasks.filter((t) => t.ts <= until).reduce((s, t) => s + (t.tdur ?? t.dur!), 0) / 1000, 1),
    longCpuTasks: tasks.filter((t) => t.ts <= until && (t.tdur ?? t.dur!) / 1000 > LONG_TASK_MS).length,
    scriptMs: round(sumWithin(JS_EVENTS, until), 1),
    styleMs: round(sumWithin(STYLE_EVENTS, until), 1),
    layoutMs: round(sumWithin(LAYOUT_EVENTS, until), 1),
    longTasks: tasks.filter((t) => t.ts <= until && t.dur! / 1000 > LONG_TASK_MS).length,
  });
  const longTasks = tasks
    .filter((t) => t.dur! / 1000 > LONG_TASK_MS)
    .map((t) => {
      // Scheduler wrappers say nothing about the work: look through them.
      const inside = thread.filter((e) => e !== t && !WRAPPERS.test(e.name) && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
      // The direct children: events not inside another event of the task.
      const direct: TraceEvent[] = [];
      let end = -Infinity;
      for (const e of inside) {
        if (e.ts < end) continue;
        direct.push(e);
        end = e.ts + e.dur!;
      }
      const byWhat = new Map<string, number>();
      for (const e of direct) byWhat.set(describeEvent(e), (byWhat.get(describeEvent(e)) ?? 0) + e.dur! / 1000);
      return {
        atMs: round((t.ts - origin) / 1000),
        ms: round(t.dur! / 1000, 1),
        cpuMs: round((t.tdur ?? t.dur!) / 1000, 1),
        beforeUsable: t.ts <= usableTs,
        events: [...byWhat.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([what, ms]) => ({ what, ms: round(ms, 1) })),
        functions: profileFunctions(events, pid, tid, t.ts, t.ts + t.dur!),
      };
    });
  const last = tasks.length ? tasks[tasks.length - 1].ts + tasks[tasks.length - 1].dur! : origin;
  return {
    usable: windowUntil(usableTs),
    settled: windowUntil(last),
    longTasks,
    topFunctions: profileFunctions(events, pid, tid, origin, usableTs, 15),
    cpuByWork: cpuByWork(thread, origin, usableTs),
  };
}

const usableMissing = (r: unknown) => `the usable mark did not resolve (${JSON.stringify(r).slice(0, 200)})`;

async function traceOnce(browser: Browser, name: string, path: string, usable: string): Promise<Run> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(markUsable(usable));
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const browserCdp = await browser.newBrowserCDPSession();
    const events: TraceEvent[] = [];
    browserCdp.on('Tracing.dataCollected', (m) => void events.push(...(m.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((res) => browserCdp.once('Tracing.tracingComplete', () => res()));
    await browserCdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'toplevel',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
          'disabled-by-default-v8.cpu_profiler',
        ],
      },
    });
    await page.goto(ORIGIN + path, { waitUntil: 'commit' });
    const mark = (await Promise.race([
      cdp.send('Runtime.evaluate', { expression: 'window.__usable', awaitPromise: true, returnByValue: true }),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`${path}: ${usable} did not appear within 60 s`)), 60_000)),
    ])) as { result: { value?: number } };
    const metricsAtUsable = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    const usableMs = mark.result.value;
    if (typeof usableMs !== 'number') throw new Error(`${path}: ${usableMissing(mark)}`);
    await networkQuiet(page);
    await page.waitForTimeout(1000);
    await browserCdp.send('Tracing.end');
    await complete;
    await browserCdp.detach();
    if (process.env.TRACE_DIR) {
      mkdirSync(process.env.TRACE_DIR, { recursive: true });
      writeFileSync(resolve(process.env.TRACE_DIR, `${name}-${Date.now()}.json`), JSON.stringify({ traceEvents: events }));
    }
    const m = (k: string) => round((metricsAtUsable.metrics.find((x) => x.name === k)?.value ?? 0) * 1000, 1);
    return {
      usableMs: round(usableMs),
      ...analyse(events, usableMs),
      metrics: { taskMs: m('TaskDuration'), scriptMs: m('ScriptDuration'), layoutMs: m('LayoutDuration'), recalcStyleMs: m('RecalcStyleDuration') },
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR ?? '/tmp/lighthouse-bench-data';
  const server = await startServer({ port: PORT, dataDir, distDir: DIST });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: Record<string, unknown> = {};
  const loadBefore = load();
  try {
    const only = process.env.ONLY?.split(',');
    // One load first, not counted: the server's own caches warm up (the browser's stay cold in every run).
    await traceOnce(browser, 'warm-up', SCREENS.home.path, SCREENS.home.usable).catch(() => undefined);
    for (const [name, screen] of Object.entries(SCREENS)) {
      if (only && !only.includes(name)) continue;
      type LoadedRun = Run & { load1: number };
      const runs: LoadedRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        const load1 = load()[0];
        runs.push({ ...(await traceOnce(browser, name, screen.path, screen.usable)), load1 });
      }
      const med = (pick: (r: LoadedRun) => number) => round(median(runs.map(pick)), 1);
      const summary = {
        path: screen.path,
        usableMs: med((r) => r.usableMs),
        taskMs: med((r) => r.usable.taskMs),
        taskCpuMs: med((r) => r.usable.taskCpuMs),
        scriptMs: med((r) => r.usable.scriptMs),
        styleMs: med((r) => r.usable.styleMs),
        layoutMs: med((r) => r.usable.layoutMs),
        settledTaskMs: med((r) => r.settled.taskMs),
        settledTaskCpuMs: med((r) => r.settled.taskCpuMs),
        settledScriptMs: med((r) => r.settled.scriptMs),
        cdpTaskMs: med((r) => r.metrics.taskMs),
        cdpScriptMs: med((r) => r.metrics.scriptMs),
        longTasksPerRun: med((r) => r.longTasks.length),
        longCpuTasksPerRun: med((r) => r.settled.longCpuTasks),
        longestTaskCpuMs: med((r) => Math.max(0, ...r.longTasks.map((t) => t.cpuMs))),
        longestTaskMs: med((r) => Math.max(0, ...r.longTasks.map((t) => t.ms))),
        load1: med((r) => r.load1),
        issueTaskMs: ISSUE_TASK_MS[name],
      };
      results[name] = { ...summary, runs };
      console.log(
        `${screen.path.padEnd(40)} usable ${String(summary.usableMs).padStart(5)} ms  task ${String(summary.taskMs).padStart(6)} ms (CPU ${String(summary.taskCpuMs).padStart(6)})  script ${String(summary.scriptMs).padStart(6)}  style ${String(summary.styleMs).padStart(5)}  layout ${String(summary.layoutMs).padStart(5)}  | settled task ${String(summary.settledTaskMs).padStart(6)} (CPU ${String(summary.settledTaskCpuMs).padStart(6)})  | CDP task ${String(summary.cdpTaskMs).padStart(6)} script ${String(summary.cdpScriptMs).padStart(6)}  | long tasks ${summary.longTasksPerRun} (longest ${summary.longestTaskMs} ms; over 50 ms of CPU ${summary.longCpuTasksPerRun}, longest ${summary.longestTaskCpuMs})  load ${summary.load1}`,
      );
      // The long tasks of the median run (by task time), with what ran in them.
      const medianRun = [...runs].sort((a, b) => a.usable.taskMs - b.usable.taskMs)[Math.floor((runs.length - 1) / 2)];
      console.log(`    CPU until usable: ${medianRun.cpuByWork.map((w) => `${w.what} ${w.cpuMs}`).join('; ')}`);
      if (process.env.FUNCTIONS) console.log(`    functions until usable: ${medianRun.topFunctions.map((f) => `${f.fn} ${f.ms}`).join('; ')}`);
      for (const t of medianRun.longTasks) {
        console.log(`    long task at ${t.atMs} ms: ${t.ms} ms (CPU ${t.cpuMs})${t.beforeUsable ? '' : ' (after usable)'}`);
        console.log(`      events: ${t.events.map((e) => `${e.what} ${e.ms}`).join('; ')}`);
        if (t.functions.length) console.log(`      functions: ${t.functions.map((f) => `${f.fn} ${f.ms}`).join('; ')}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const loadAfter = load();
  console.log(`machine load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')} (${RUNS} runs per screen, medians)`);
  const report = {
    what: 'Main-thread work of a cold load (fresh context, service workers blocked, no throttling), Debian Chromium; trace until the screen is usable, and until settled (network idle + 1 s)',
    runsPerScreen: RUNS,
    longTaskMs: LONG_TASK_MS,
    dist: DIST,
    results,
    loadAverage: { before: loadBefore, after: loadAfter },
    at: new Date().toISOString(),
  };
  mkdirSync(resolve(here, 'results'), { recursive: true });
  writeFileSync(resolve(here, `results/${process.env.OUT ?? 'main-thread'}.json`), JSON.stringify(report, null, 2) + '\n');
}

await main();
