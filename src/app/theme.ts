// The product's look: Chakra's default system with our brand colours.
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
        brand: {
          solid: { value: '{colors.brand.500}' },
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
  },
});

export const system = createSystem(defaultConfig, config);
