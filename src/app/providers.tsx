// What every page relies on: Chakra (the system given: the app's or the fill route's, see ./start.tsx),
// toasts. The texts need no provider (widgets/runtime/texts.ts; the signed-in app's i18next is global). The app's
// screens add react-query (App.tsx, ./queryClient.ts); the fill page, which respondents open on slow
// phones, does not load it.
import { ChakraProvider, LocaleProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentLang } from './documentLocale';
import { Toaster } from './toaster';

export function Providers({ system, children }: { system: SystemContext; children: ReactNode }) {
  // Dialogs, menus and toasts take their direction from the page's language (documentLocale.ts).
  const lang = useDocumentLang();
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={lang}>
        {children}
        <Toaster />
      </LocaleProvider>
    </ChakraProvider>
  );
}
