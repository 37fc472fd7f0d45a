// Type declaration for the part of autocannon the load client uses (it ships none).

declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Client {
    setRequests(requests: Request[]): void;
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
