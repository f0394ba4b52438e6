// The builder's bar: status (and an imported form's version), undo and redo, preview in a new tab, save (with what is unsaved) and publish.
import { Badge, Button, HStack, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuExternalLink, LuImage, LuRedo2, LuUndo2 } from 'react-icons/lu';
import { SURVEY_STATUS_NAMES, SURVEY_OWNER_ROLES } from '../../../../schemas/surveyBuilder';
import { hasAnyRole } from '../../../../schemas/roles';
import { useSnapshot } from 'valtio';
import { session } from '../../../state/session';
import type { Builder } from './useBuilder';

export function BuilderToolbar({
  builder: b,
  status,
  busy,
  onSave,
  onPublish,
  onMedia,
  surveyId,
}: {
  /** The survey's media files (images, pulldata CSV files): upload and list. */
  onMedia: () => void;
  builder: Builder;
  status: number;
  busy: 'save' | 'publish' | null;
  onSave: () => void;
  onPublish: () => void;
  surveyId: string;
}) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const canPublish = hasAnyRole(snap.roles, SURVEY_OWNER_ROLES);
  const statusName = SURVEY_STATUS_NAMES[status as keyof typeof SURVEY_STATUS_NAMES] ?? 'Editing';
  return (
    <HStack gap="2" flexWrap="wrap" role="toolbar" aria-label={t('builder.toolbar')}>
      <Badge colorPalette={status === 1 ? 'green' : status === 2 ? 'gray' : 'orange'} data-testid="builder-status">
        {t(`surveys.status.${status}`, { defaultValue: statusName })}
      </Badge>
      {b.model.settings?.version ? (
        // The version an imported XLSForm numbers itself with (its settings), as ODK shows it.
        <Badge variant="outline" data-testid="builder-form-version">
          {t('builder.formVersion', { version: b.model.settings.version })}
        </Badge>
      ) : null}
      {b.dirty ? (
        <Badge variant="outline" colorPalette="orange" data-testid="builder-unsaved">
          {t('builder.unsaved')}
        </Badge>
      ) : null}
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('builder.undo')}
        title={t('builder.undoKeys')}
        disabled={!b.canUndo}
        onClick={b.undo}
        data-testid="builder-undo"
      >
        <LuUndo2 data-mirrored />
      </IconButton>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('builder.redo')}
        title={t('builder.redoKeys')}
        disabled={!b.canRedo}
        onClick={b.redo}
        data-testid="builder-redo"
      >
        <LuRedo2 data-mirrored />
      </IconButton>
      <Button size="sm" variant="outline" asChild>
        <a href={`/public-survey/${surveyId}`} target="_blank" rel="noopener" data-testid="builder-open-preview">
          <LuExternalLink aria-hidden /> {t('surveys.preview')}
        </a>
      </Button>
      <Button size="sm" variant="outline" onClick={onMedia} data-testid="builder-media-open">
        <LuImage aria-hidden /> {t('builder.media.open')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={onSave}
        loading={busy === 'save'}
        disabled={busy !== null || !b.dirty}
        data-testid="builder-save"
      >
        {t('common.save')}
      </Button>
      {canPublish ? (
        <Button
          size="sm"
          colorPalette="brand"
          onClick={onPublish}
          loading={busy === 'publish'}
          disabled={busy !== null}
          data-testid="builder-publish"
        >
          {t('builder.publish.action')}
        </Button>
      ) : null}
    </HStack>
  );
}
