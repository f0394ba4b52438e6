// @rjsf/chakra-ui reads Chakra's defaultSystem at module level (for isValidProperty and an iframe
// provider), which drags Chakra's full preset - every recipe - into a chunk the fill route shares. Our
// own system answers the same questions; pointing those two imports at it keeps the preset out.
import { fromRoot } from './paths';
import { patchFiles } from './patch';

const ours = JSON.stringify(fromRoot('src/app/theme.ts'));

export const rjsfChakraUsesOurSystem = () =>
  patchFiles('rjsf-chakra-uses-our-system', "Chakra's preset out of the fill route", [
    {
      file: '@rjsf/chakra-ui/lib/utils.js',
      replace: [["import { defaultSystem } from '@chakra-ui/react';", `import { system as defaultSystem } from ${ours};`]],
    },
    {
      file: '@rjsf/chakra-ui/lib/ChakraFrameProvider.js',
      replace: [
        [
          "import { ChakraProvider, EnvironmentProvider, defaultSystem } from '@chakra-ui/react';",
          `import { ChakraProvider, EnvironmentProvider } from '@chakra-ui/react';\nimport { system as defaultSystem } from ${ours};`,
        ],
      ],
    },
  ]);
