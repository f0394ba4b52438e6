// The product's look shared by every Chakra system it builds: Chakra's tokens with our brand colours and
// contrast fixes. Each system names the recipes of the components it draws (./theme.ts for the app,
// ./fillTheme.ts for a survey's address): the full preset carries some 80 recipes, every one of them bytes
// a respondent on a slow link would download for nothing.
import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

type Theme = NonNullable<SystemConfig['theme']>;

// A toast's description is drawn at 80% opacity, under 4.5:1 on the solid colours: full strength.
export const toastRecipe = {
  ...toastSlotRecipe,
  base: { ...toastSlotRecipe.base, description: { ...toastSlotRecipe.base?.description, opacity: '1' } },
};

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#ebf4ff' },
          100: { value: '#c3dafe' },
          200: { value: '#a3bffa' },
          300: { value: '#7f9cf5' },
          400: { value: '#4c78c8' },
          500: { value: '#2b6cb0' },
          600: { value: '#245a94' },
          700: { value: '#1e4a7a' },
          800: { value: '#1a365d' },
          900: { value: '#12263f' },
          950: { value: '#0b1829' },
        },
      },
      fonts: {
        heading: { value: "'Inter', 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans CJK JP', system-ui, sans-serif" },
        body: { value: "'Inter', 'Noto Sans', 'Noto Sans CJK SC', 'Noto Sans CJK JP', system-ui, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's red.500 error text is 3.8:1 on white; WCAG AA asks 4.5:1 for small text.
        fg: { error: { value: '{colors.red.700}' } },
        // The solid colours toasts and badges put white text on: Chakra's 500/600 shades give 2.8-3.8:1.
        green: { solid: { value: '{colors.green.700}' } },
        red: { solid: { value: '{colors.red.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        border: { error: { value: '{colors.red.600}' } },
        brand: {
          // 700: white text keeps 4.5:1 on it also under the hover tint (solid/90, lighter on white); on
          // 600 the tint gave 4.4:1, which axe flagged on a button still under the pointer.
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'gray.50', color: 'gray.800' },
    // An icon that points along the line (back, next, open) turns round where the line runs right to left.
    '[dir=rtl] [data-mirrored]': { transform: 'scaleX(-1)' },
  },
});

/** A Chakra system with our look and the recipes given. */
export function productSystem(recipes: NonNullable<Theme['recipes']>, slotRecipes: NonNullable<Theme['slotRecipes']>) {
  const chakraTheme = defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles, recipes, slotRecipes },
  });
  return createSystem(defaultBaseConfig, chakraTheme, config);
}
