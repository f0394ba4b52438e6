// Survey Tools' 'Project webhooks': the webhooks told of every survey of the chosen project
// (src/pages/data/WebhooksDialog.tsx), for the roles that manage it. A survey's own webhooks are on
// its Survey Data page.
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { hasAnyRole } from '../../../schemas/roles';
import { WEBHOOK_ROLES } from '../../../schemas/webhooks';
import { WebhooksDialog } from '../data/WebhooksDialog';
import { session } from '../../state/session';

export function ProjectWebhooks() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [open, setOpen] = useState(false);
  if (!snap.currentProjectId || !hasAnyRole(snap.roles, WEBHOOK_ROLES)) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="project-webhooks-open">
        {t('webhooks.projectButton')}
      </Button>
      {open && <WebhooksDialog scope={{ projectId: snap.currentProjectId }} onClose={() => setOpen(false)} />}
    </>
  );
}
