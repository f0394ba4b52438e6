// How many submissions wait on this device, in the fill page's banner; a tap opens the outbox. With
// nothing waiting it shrinks to an icon, still there so an outbox file can be imported. It also asks
// the browser to keep our storage (navigator.storage.persist()) and warns when it will not.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuCloudUpload, LuTriangleAlert } from './icons';
import { useSnapshot } from 'valtio';
import { notify } from '../../app/toaster';
import { checkStorage, storageHealth } from '../storage';
import { settleNow } from '../../app/fillInteractive';
import { useOutboxCounts } from './hooks';
import { afterPaint } from '../../../widgets/runtime/schedule';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { Badge } from '../../components/plain/Badge';
import { Button, IconButton } from '../../components/plain/Button';

const OutboxDialog = lazyDialog(() => import('./OutboxDialog').then((m) => m.OutboxDialog), whenOpen);

export function OutboxIndicator() {
  const { t } = useTranslation();
  const { waiting, attention, loaded } = useOutboxCounts();
  const health = useSnapshot(storageHealth);
  const [open, setOpen] = useState(false);
  // The counts may still be waiting for the form to settle (afterFillSettled): asked for, they come now.
  const openList = () => {
    settleNow();
    setOpen(true);
  };

  // Measured again as the outbox changes; at the start once the form is on screen, so the storage estimate
  // does not delay the form.
  useEffect(() => afterPaint(() => void checkStorage()), [waiting]);

  // Entries refused or kept over 30 days when the page opens: said once, so the collector exports
  // before anything is lost. (A refusal during the visit has its own notice from the sync.)
  const prompted = useRef(false);
  useEffect(() => {
    if (!loaded || prompted.current) return;
    prompted.current = true;
    if (attention > 0) notify('warning', t('offline.outbox.attentionPrompt', { count: attention }));
  }, [loaded, attention, t]);

  const dialog = <OutboxDialog open={open} onClose={() => setOpen(false)} />;
  if (waiting === 0) {
    return (
      <>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t('offline.outbox.label')}
          title={t('offline.outbox.label')}
          onClick={openList}
          data-testid="outbox-indicator"
          data-waiting={0}
        >
          <LuCloudUpload />
        </IconButton>
        {dialog}
      </>
    );
  }
  const warn = attention > 0 || health.persisted === false || health.low;
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        colorPalette={attention > 0 ? 'red' : 'blue'}
        onClick={openList}
        data-testid="outbox-indicator"
        data-waiting={waiting}
        data-attention={attention}
        title={attention > 0 ? t('offline.outbox.attentionCount', { count: attention }) : undefined}
      >
        <LuCloudUpload />
        {t('offline.outbox.waiting', { count: waiting })}
        {warn && (
          <Badge colorPalette={attention > 0 ? 'red' : 'orange'} variant="solid" size="xs" aria-hidden>
            <LuTriangleAlert />
          </Badge>
        )}
      </Button>
      {dialog}
    </>
  );
}
