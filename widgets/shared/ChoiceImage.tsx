// A choice's image (XLSForm's image column of the choices sheet). The form names a file among the
// survey's media; where it is fetched from is the page's business (FormContext.mediaUrl): a deployed
// survey's media are public links, a survey still being built serves them only to its members.
import { createContext, useContext, useEffect, useState } from 'react';
import type { FormContext } from '../types';

export const MediaUrlContext = createContext<FormContext['mediaUrl']>(undefined);

/** Lazy (below the fold on a phone it is fetched when scrolled to), sized by widgets.css; nothing when it cannot be had. */
export function ChoiceImage({ file, alt }: { file: string; alt: string }) {
  const resolve = useContext(MediaUrlContext);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    if (!resolve) return setSrc(null);
    const url = resolve(file);
    if (typeof url === 'string') return setSrc(url);
    let live = true;
    setSrc(null);
    url.then(
      (u) => live && setSrc(u),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [resolve, file]);
  // A missing file shows no broken-image box (its alt text would repeat the label beside it).
  if (src === null || failed) return null;
  return <img className="fs-choice-image" src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
}
