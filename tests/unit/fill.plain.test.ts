// The survey link's page draws without Chakra before the form (src/components/plain/README.md):
// Chakra, emotion, Ark and zag were about 40 KiB brotli of the 200 a respondent's phone loaded first, and
// building Chakra's system the largest share of a repeat visit's start-up. Its dialogs still use Chakra,
// loaded with them when they open; this fails when a file the page imports statically brings it back.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillRouteFiles, root } from '../support/fillRoute';

const CHAKRA = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(@chakra-ui|@emotion|@ark-ui|@zag-js)[^']*'/;

describe("the survey link's page before the form", () => {
  const eager = fillRouteFiles({ onDemand: false, roots: ['src/main.tsx', 'src/app/start.tsx', 'src/app/fillRoot.ts'] });

  it('follows the page from its entry to the widgets and the offline runtime', () => {
    const names = eager.map((f) => relative(root, f));
    expect(names).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/app/start.tsx',
        'src/pages/fill/FillPage.tsx',
        'src/pages/fill/SurveyBanner.tsx',
        'src/offline/ui/OutboxIndicator.tsx',
        'src/app/fillToasts.tsx',
      ]),
    );
  });

  it('imports nothing of Chakra, emotion, Ark or zag', () => {
    const offending = eager.filter((f) => CHAKRA.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(offending).toEqual([]);
  });

  it('leaves Chakra to the dialogs, loaded when they open', () => {
    const lazyOnly = fillRouteFiles().filter((f) => !eager.includes(f) && CHAKRA.test(readFileSync(f, 'utf8')));
    expect(lazyOnly.map((f) => relative(root, f))).toEqual(
      expect.arrayContaining(['src/components/AppDialog.tsx', 'src/components/dialogChakra.tsx']),
    );
  });
});
