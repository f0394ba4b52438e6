// What every page of the signed-in app relies on (./appRoot.ts): Chakra (the app's system), toasts. The
// texts need no provider (widgets/runtime/texts.ts; the app's i18next is global). The app's screens add
// react-query (App.tsx, ./queryClient.ts). A survey's address has its own, plain frame (./fillFrame.tsx).
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChakraHere } from '../components/chakraHere';
import { useDocumentLang } from './documentLocale';
import { system } from './theme';
import { Toaster } from './toaster';

export function Providers({ children }: { children: ReactNode }) {
  // Dialogs, menus and toasts take their direction from the page's language (documentLocale.ts).
  const lang = useDocumentLang();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={lang}>
        <ChakraHere.Provider value={true}>
          {children}
          <Toaster />
        </ChakraHere.Provider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
