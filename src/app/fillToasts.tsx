// The toasts of a survey's address (issue 22): the same look (the fill system's toast recipe), texts,
// roles and timing as Chakra's toaster (./toastStore.tsx), without zag's toast machines, Ark's portal and
// dismissable layers (about 20 KiB brotli in six files, the largest part of what a respondent's phone
// loaded after the form). Top right, top left in a right-to-left page (inset-inline-end); at most 5; each
// closes after 5 seconds, the timer held while the pointer or the focus is on the toasts or the page is
// hidden. The list is a polite live region present from the start, each toast a status (as zag's).
import { chakra, useSlotRecipe } from '@chakra-ui/react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../widgets/runtime/texts';
// One module per icon (as offline/ui/icons.tsx): this file is in every page's first chunk.
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import type { ToastRequest } from './toaster';
import { TOAST_MAX, TOAST_MS } from './toastRules';

interface Shown extends ToastRequest {
  id: number;
}

/** zag's custom properties the recipe animates with, at rest (a toast here does not slide). */
const AT_REST = { '--x': '0', '--y': '0', '--scale': '1', '--opacity': '1', '--height': 'auto', '--z-index': 'auto' } as CSSProperties;

const ICONS = { success: CircleCheck, warning: CircleAlert, error: CircleAlert, info: null };

function OneToast({ toast, close, held }: { toast: Shown; close: (id: number) => void; held: boolean }) {
  const { t } = useTranslation();
  const styles = useSlotRecipe({ key: 'toast' })({});
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
    <chakra.div
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
      style={AT_REST}
      css={styles.root}
      width={{ md: 'sm' }}
    >
      {Icon && (
        <chakra.span css={styles.indicator} display="inline-flex" aria-hidden>
          <Icon width="100%" height="100%" />
        </chakra.span>
      )}
      <chakra.div display="flex" flexDirection="column" gap="1" flex="1" maxWidth="100%">
        <chakra.div id={`${id}-title`} data-scope="toast" data-part="title" css={styles.title}>
          {toast.title}
        </chakra.div>
        {toast.description && (
          <chakra.div id={`${id}-description`} data-scope="toast" data-part="description" css={styles.description}>
            {toast.description}
          </chakra.div>
        )}
      </chakra.div>
      {/* The respondent's language has this word in every file (offline namespace). */}
      <chakra.button type="button" data-scope="toast" data-part="close-trigger" aria-label={t('offline.outbox.close')} onClick={() => close(toast.id)} css={styles.closeTrigger} cursor="pointer">
        <X size="1em" aria-hidden />
      </chakra.button>
    </chakra.div>
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
    <chakra.div
      aria-live="polite"
      aria-relevant="additions text"
      position="fixed"
      top="4"
      insetInlineEnd="4"
      insetInlineStart={{ mdDown: '4' }}
      zIndex="toast"
      display="flex"
      flexDirection="column"
      alignItems="flex-end"
      gap="3"
      pointerEvents={toasts.length ? 'auto' : 'none'}
      onPointerEnter={() => setPointer(true)}
      onPointerLeave={() => setPointer(false)}
      onFocus={() => setFocus(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocus(false)}
    >
      {toasts.map((t) => (
        <OneToast key={t.id} toast={t} close={close} held={pointer || focus || hidden} />
      ))}
    </chakra.div>
  );
}
