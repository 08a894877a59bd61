// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    /** Changes the request before it is sent (the path of a query mix). */
    setupRequest?(req: { path: string }): { path: string };
    onResponse?(status: number, body: string, context: unknown, headers: Record<string, string>): void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    requests?: Request[];
  }
  export interface Stats {
    average: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Stats;
    latency: Stats;
    throughput: Stats;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
