// The fill page's online/offline indicator (spec 001 section 2): Online in green, Offline in orange, and
// an info icon that opens the 'Form works offline!' modal.
import { Badge, Box, HStack, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuInfo, LuWifi, LuWifiOff } from './icons';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { useConnection } from './hooks';

export function OnlineIndicator() {
  const { t } = useTranslation();
  const online = useConnection(true);
  const [open, setOpen] = useState(false);
  return (
    <HStack gap="1" data-testid="online-indicator" data-online={online ? 'true' : 'false'}>
      <Badge colorPalette={online ? 'green' : 'orange'} variant="subtle" size="md" role="status" aria-live="polite" gap="1.5" px="2">
        <Box as="span" display="inline-flex" aria-hidden>
          {online ? <LuWifi /> : <LuWifiOff />}
        </Box>
        {online ? t('offline.status.online') : t('offline.status.offline')}
      </Badge>
      <IconButton size="xs" variant="ghost" aria-label={t('offline.status.about')} onClick={() => setOpen(true)} data-testid="works-offline-info">
        <LuInfo />
      </IconButton>
      <WorksOfflineDialog open={open} onClose={() => setOpen(false)} />
    </HStack>
  );
}

export const WorksOfflineDialog = lazyDialog(() => import('./WorksOfflineDialog').then((m) => m.WorksOfflineDialog), whenOpen);
