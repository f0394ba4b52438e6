// The Chakra provider of a dialog opened on the survey link's page, which has none (./plain/README.md):
// the fill route's system (../app/fillTheme.ts), loaded with the dialog when it first opens. Inside the
// signed-in app the app's provider is used. The page's plain reset (./plain/plain.css) does what
// Chakra's preflight does, so the styles the provider inserts move nothing already on screen.
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { useContext, type ReactNode } from 'react';
import { useDocumentLang } from '../app/documentLocale';
import { fillSystem } from '../app/fillTheme';
import { ChakraHere } from './chakraHere';

export function DialogChakra({ children }: { children: ReactNode }) {
  const here = useContext(ChakraHere);
  // Dialogs take their direction from the page's language (../app/documentLocale.ts).
  const lang = useDocumentLang();
  if (here) return children;
  return (
    <ChakraProvider value={fillSystem()}>
      <LocaleProvider locale={lang}>{children}</LocaleProvider>
    </ChakraProvider>
  );
}
