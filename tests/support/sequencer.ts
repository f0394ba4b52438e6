// Longest files first. Workers take files in the order given, so a long file taken last runs while the
// others have nothing left to do: on a fresh clone vitest has no timings of its own and orders by file
// size, which put the route sweeps (small files, two and a half minutes each) at the very end of the
// browser phase with three of four workers idle. durations.json holds each file's seconds from a whole
// run (tests/support/README.md says how to refresh it); a file it does not know yet goes first, as if
// long, so a new slow file cannot become the tail.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');
const seconds = JSON.parse(readFileSync(resolve(import.meta.dirname, 'durations.json'), 'utf8')) as Record<string, number>;
const UNKNOWN = Number.POSITIVE_INFINITY;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const at = new Map(base.map((f, i) => [f, i]));
    const of = (f: TestSpecification) => seconds[relative(root, f.moduleId)] ?? UNKNOWN;
    return [...base].sort((a, b) => of(b) - of(a) || at.get(a)! - at.get(b)!);
  }
}
