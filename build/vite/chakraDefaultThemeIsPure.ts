// Chakra's theme module builds its default theme at module level from every recipe; the call is pure,
// but the bundler cannot know, so every recipe stayed in. Marked pure, the unused default theme and the
// recipes only it names are dropped (src/app/theme.ts takes the ones we use).
import { patchFiles } from './patch';

export const chakraDefaultThemeIsPure = () =>
  patchFiles('chakra-default-theme-is-pure', "Chakra's unused default theme and recipes dropped", [
    {
      file: '@chakra-ui/react/dist/esm/theme/index.js',
      replace: [['const defaultThemeConfig = defineConfig(', 'const defaultThemeConfig = /* @__PURE__ */ defineConfig(']],
    },
    {
      file: '@chakra-ui/react/dist/esm/preset.js',
      replace: [
        ['const defaultConfig = mergeConfigs(', 'const defaultConfig = /* @__PURE__ */ mergeConfigs('],
        ['const defaultSystem = createSystem(', 'const defaultSystem = /* @__PURE__ */ createSystem('],
      ],
    },
  ]);
