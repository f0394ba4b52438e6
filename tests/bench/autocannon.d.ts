// The part of autocannon's API the benchmarks use (the package ships no types; @types/autocannon is
// not installed).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    /** Requests a second from all connections together (an open loop at that pace); 0: as fast as they return. */
    overallRate?: number;
    requests?: Request[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
