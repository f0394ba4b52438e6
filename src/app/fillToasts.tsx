// The toasts of a survey's address, small and drawn at once: the same look (Chakra's toast recipe, written out in
// ../components/plain/plain.css), texts, roles and timing as Chakra's toaster (./toastStore.tsx), without
// zag's toast machines, Ark's portal and dismissable layers (about 20 KiB brotli in six files, the largest
// part of what a respondent's phone loaded after the form) and without Chakra. Top right, top left in a right-to-left page (inset-inline-end); at most 5; each
// closes after 5 seconds, the timer held while the pointer or the focus is on the toasts or the page is
// hidden. The list is a polite live region present from the start, each toast a status (as zag's).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../widgets/runtime/texts';
// One module per icon (as offline/ui/icons.tsx): this file is in every page's first chunk.
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import type { ToastRequest } from './toaster';
import { TOAST_MAX, TOAST_MS } from './toastRules';
import '../components/plain/plain.css';

interface Shown extends ToastRequest {
  id: number;
}

const ICONS = { success: CircleCheck, warning: CircleAlert, error: CircleAlert, info: null };

function OneToast({ toast, close, held }: { toast: Shown; close: (id: number) => void; held: boolean }) {
  const { t } = useTranslation();
  const left = useRef(TOAST_MS);
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = setTimeout(() => close(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [held, close, toast.id]);
  const Icon = ICONS[toast.type];
  const id = `toast-${toast.id}`;
  return (
    <div
      // Chakra's toast anatomy (data-scope/data-part), as on every other screen: one way to find a toast.
      data-scope="toast"
      data-part="root"
      role="status"
      aria-atomic="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={toast.description ? `${id}-description` : undefined}
      tabIndex={0}
      data-type={toast.type}
      data-testid={`toast-${toast.type}`}
      className="pl-toast"
    >
      {Icon && (
        <span className="pl-toast-indicator" aria-hidden>
          <Icon width="100%" height="100%" />
        </span>
      )}
      <div className="pl-toast-text">
        <div id={`${id}-title`} data-scope="toast" data-part="title" className="pl-toast-title">
          {toast.title}
        </div>
        {toast.description && (
          <div id={`${id}-description`} data-scope="toast" data-part="description" className="pl-toast-description">
            {toast.description}
          </div>
        )}
      </div>
      {/* The respondent's language has this word in every file (offline namespace). */}
      <button
        type="button"
        data-scope="toast"
        data-part="close-trigger"
        aria-label={t('offline.outbox.close')}
        onClick={() => close(toast.id)}
        className="pl-toast-close"
      >
        <X size="1em" aria-hidden />
      </button>
    </div>
  );
}

/** onReady: told once mounted how to show a toast and to close them all (as ./toastStore's ToastList). */
export function FillToasts({ onReady }: { onReady: (create: (t: ToastRequest) => void, dismiss: () => void) => void }) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const [hidden, setHidden] = useState(() => typeof document !== 'undefined' && document.hidden);
  const [close] = useState(() => (id: number) => setToasts((all) => all.filter((x) => x.id !== id)));
  useEffect(() => {
    let next = 0;
    onReady(
      (t) => setToasts((all) => [{ ...t, id: ++next }, ...all].slice(0, TOAST_MAX)),
      () => setToasts([]),
    );
    const seen = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [onReady]);
  return (
    <div
      aria-live="polite"
      aria-relevant="additions text"
      className="pl-toasts"
      data-shown={toasts.length ? '' : undefined}
      onPointerEnter={() => setPointer(true)}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocus(false)}
    >
      {toasts.map((t) => (
        <OneToast key={t.id} toast={t} close={close} held={pointer || focus || hidden} />
      ))}
    </div>
  );
}
