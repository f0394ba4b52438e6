// The app's Chakra system carries only the recipes of the components it uses (src/app/theme.ts), the fill
// route's only those of the components the fill route draws (src/app/fillTheme.ts). This fails when a
// component imported anywhere in the browser code, or in the fill route's, would render without its recipe.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { fillSystem } from '../../src/app/fillTheme';
import { system } from '../../src/app/theme';
import { fillRouteFiles } from '../support/fillRoute';

function files(dir: string, pattern = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), pattern) : pattern.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

// Components whose recipe has another name.
const RECIPE_OF: Record<string, string> = {
  IconButton: 'button',
  CloseButton: 'button',
  InputGroup: 'inputAddon',
  ButtonGroup: 'button',
  Toaster: 'toast',
};

/** Components a file imports from Chakra (its index or a component's own entry, '@chakra-ui/react/button'). */
function chakraComponents(file: string): string[] {
  const names: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(/import \{([^}]+)\} from ['"]@chakra-ui\/react(?:\/[a-z-]+)?['"]/g)) {
    for (const name of m[1]!.split(',').map(
      (n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!,
    ))
      if (/^[A-Z]/.test(name)) names.push(name);
  }
  return names;
}

type System = typeof system;
const recipeKey = (name: string) => RECIPE_OF[name] ?? name.charAt(0).toLowerCase() + name.slice(1);
const recipeIn = (s: System, key: string) => s._config.theme?.recipes?.[key] ?? s._config.theme?.slotRecipes?.[key];

describe('the Chakra system', () => {
  const root = join(import.meta.dirname, '../..');
  // The admin forms render with @rjsf/chakra-ui's templates: their components need recipes as much as ours.
  const rjsf = files(join(root, 'node_modules/@rjsf/chakra-ui/lib'), /\.js$/);
  const used = new Set([...files(join(root, 'src')), ...files(join(root, 'widgets')), ...rjsf].flatMap(chakraComponents));
  const fillUsed = new Set(fillRouteFiles().flatMap(chakraComponents));

  it.each([...used].sort())('styles %s', (name) => {
    const key = recipeKey(name);
    if (!recipeIn(defaultSystem, key)) return; // a layout primitive without a recipe
    expect(recipeIn(system, key), `${name} needs the '${key}' recipe in src/app/theme.ts`).toBeDefined();
  });

  it.each([...fillUsed].sort())("styles %s on a survey's address", (name) => {
    const key = recipeKey(name);
    if (!recipeIn(defaultSystem, key)) return;
    expect(recipeIn(fillSystem(), key), `${name} needs the '${key}' recipe in src/app/fillTheme.ts`).toBeDefined();
  });

  it("keeps the brand colours, on a survey's address too", () => {
    expect(system.token('colors.brand.500')).toBe('#2b6cb0');
    expect(fillSystem().token('colors.brand.500')).toBe('#2b6cb0');
    expect(fillUsed.has('Dialog') && fillUsed.has('Button')).toBe(true);
  });
});
