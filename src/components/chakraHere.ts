// Whether the page has a Chakra provider above: the signed-in app does (../app/providers.tsx), the survey
// link's page does not (./plain/README.md), and its dialogs bring their own (./dialogChakra.tsx). Its own
// module with no imports, so the fill route can ask without loading Chakra.
import { createContext } from 'react';

export const ChakraHere = createContext(false);
