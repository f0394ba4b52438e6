// What the survey link's page renders around the fill page (./start.tsx): its toasts, and no Chakra
// (../components/plain/README.md): dialogs bring their own provider when they open.
import type { ReactNode } from 'react';
import { Toaster } from './toaster';

export function FillFrame({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
