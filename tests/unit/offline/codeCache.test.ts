// The code cache's page names one of this origin's built modules and nothing else (src/offline/codeCache.ts):
// the worker makes up a page that runs what the address says, so the page asks only for its own files.
import { describe, expect, it } from 'vitest';
import { codeCachePage } from '../../../src/offline/codeCache';

const ORIGIN = 'https://survey.example.org';

describe("the code cache's page", () => {
  it("names the fill page's module by its path", () => {
    expect(codeCachePage(`${ORIGIN}/assets/fill-B8XuAVPe.js`, ORIGIN)).toBe('/fill-code-cache?module=%2Fassets%2Ffill-B8XuAVPe.js');
  });

  it('is refused for another origin, a file outside the built scripts, or a name with more than letters, digits, dots and dashes', () => {
    expect(codeCachePage('https://evil.example.com/assets/fill-B8XuAVPe.js', ORIGIN)).toBeNull();
    expect(codeCachePage(`${ORIGIN}/src/offline/register.ts`, ORIGIN)).toBeNull();
    expect(codeCachePage(`${ORIGIN}/assets/../sw.js`, ORIGIN)).toBeNull();
    expect(codeCachePage(`${ORIGIN}/assets/fill.css`, ORIGIN)).toBeNull();
    expect(codeCachePage(`${ORIGIN}/assets/a%22onload%3D.js`, ORIGIN)).toBeNull();
    expect(codeCachePage('not a url', 'null')).toBeNull();
  });
});
