// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  import type { Server } from 'node:http';
  interface Options {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    httpServer: Server;
    close(): Promise<void>;
  }
}
