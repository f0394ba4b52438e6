// The fill page's online/offline indicator (spec 001 section 2): Online in green, Offline in orange, and
// an info icon that opens the 'Form works offline!' modal.
import { useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuInfo, LuWifi, LuWifiOff } from './icons';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { Badge } from '../../components/plain/Badge';
import { IconButton } from '../../components/plain/Button';
import { useConnection } from './hooks';

export function OnlineIndicator() {
  const { t } = useTranslation();
  const online = useConnection(true);
  const [open, setOpen] = useState(false);
  return (
    <div className="pl-indicator" data-testid="online-indicator" data-online={online ? 'true' : 'false'}>
      <Badge colorPalette={online ? 'green' : 'orange'} variant="subtle" size="md" role="status" aria-live="polite" className="pl-gap-6">
        <span className="pl-inline-icon" aria-hidden>
          {online ? <LuWifi /> : <LuWifiOff />}
        </span>
        {online ? t('offline.status.online') : t('offline.status.offline')}
      </Badge>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('offline.status.about')}
        onClick={() => setOpen(true)}
        data-testid="works-offline-info"
      >
        <LuInfo />
      </IconButton>
      <WorksOfflineDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

export const WorksOfflineDialog = lazyDialog(() => import('./WorksOfflineDialog').then((m) => m.WorksOfflineDialog), whenOpen);
