// The types of start.mjs, for the TypeScript that calls it (the tests' set-ups, the benchmarks).
export type Part = 'frontend' | 'server';
export declare const PARTS: Record<Part, { built: string; sources: string[]; build: string[] }>;
export declare function isStale(part: Part, root?: string): boolean;
export declare function ensureBuilt(parts: Part[], log: (message: string) => void, root?: string): Part[];
