// Whether a page renders inside the signed-in frame (sidebar, top bar, back button, its <main>). Pages
// shared with the bare routes (the message pages) read it to leave out what the frame already gives:
// a second <main>, the logo, a second back button. Its own module, so the router-free fill page can
// show a message page without loading the frame.
import { createContext, useContext } from 'react';

export const InAppShell = createContext(false);

export const useInAppShell = (): boolean => useContext(InAppShell);
