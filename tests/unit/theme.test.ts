// The app's Chakra system carries only the recipes of the components it uses (src/app/theme.ts). This
// fails when a component imported anywhere in the browser code would render without its recipe.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme';

function files(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), pattern) : pattern.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : []));
}

// Components whose recipe has another name.
const RECIPE_OF: Record<string, string> = { IconButton: 'button', CloseButton: 'button', InputGroup: 'inputAddon', ButtonGroup: 'button', Toaster: 'toast' };

describe('the Chakra system', () => {
  const root = join(import.meta.dirname, '../..');
  const used = new Set<string>();
  // The admin forms render with @rjsf/chakra-ui's templates: their components need recipes as much as ours.
  const rjsf = files(join(root, 'node_modules/@rjsf/chakra-ui/lib'), /\.js$/);
  for (const f of [...files(join(root, 'src')), ...files(join(root, 'widgets')), ...rjsf]) {
    for (const m of readFileSync(f, 'utf8').matchAll(/import \{([^}]+)\} from ['"]@chakra-ui\/react['"]/g)) {
      for (const name of m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!)) if (/^[A-Z]/.test(name)) used.add(name);
    }
  }

  it.each([...used].sort())('styles %s', (name) => {
    const key = RECIPE_OF[name] ?? name.charAt(0).toLowerCase() + name.slice(1);
    const inDefault = defaultSystem._config.theme?.recipes?.[key] ?? defaultSystem._config.theme?.slotRecipes?.[key];
    if (!inDefault) return; // a layout primitive without a recipe
    const ours = system._config.theme?.recipes?.[key] ?? system._config.theme?.slotRecipes?.[key];
    expect(ours, `${name} needs the '${key}' recipe in src/app/theme.ts`).toBeDefined();
  });

  it('keeps the brand colours', () => {
    expect(system.token('colors.brand.500')).toBe('#2b6cb0');
  });
});
