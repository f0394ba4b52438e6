// 'See your saved drafts' and 'Save as draft' (spec 001 section 2), with their modals. Placed by the
// fill page next to 'Submit survey'.
import { useState } from 'react';
import { useTranslation } from '../../../widgets/runtime/texts';
import { LuFolderOpen, LuSave } from './icons';
import { notify } from '../../app/toaster';
import { settleNow } from '../../app/fillInteractive';
import { listDrafts } from '../drafts';
import type { OfflineFill } from '../useOfflineFill';
import { lazyDialog, whenOpen } from '../../components/lazyDialog';
import { useLive } from './hooks';
import { Badge } from '../../components/plain/Badge';
import { Button, type ButtonProps } from '../../components/plain/Button';

const SavedDraftsDialog = lazyDialog(() => import('./DraftDialogs').then((m) => m.SavedDraftsDialog), whenOpen);
const SaveDraftDialog = lazyDialog(() => import('./DraftDialogs').then((m) => m.SaveDraftDialog), whenOpen);

export function DraftButtons(props: { fill: OfflineFill; hasAnswer: () => boolean; size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  const { fill } = props;
  const [listOpen, setListOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const drafts = useLive((db) => listDrafts(db, fill.surveyId), [fill.surveyId], []);
  if (!fill.enabled) return null;
  return (
    <>
      {fill.selectedDraft && (
        // Which draft the answers came from: saving again updates it.
        <Badge colorPalette="gray" variant="subtle" size="md" className="pl-truncate" data-testid="draft-editing">
          {t('offline.drafts.editing', { title: fill.selectedDraft.draftTitle })}
        </Badge>
      )}
      <Button
        variant="outline"
        size={props.size ?? 'md'}
        onClick={() => {
          // The list may still be waiting for the form to settle (afterFillSettled): asked for, it comes now.
          settleNow();
          setListOpen(true);
        }}
        data-testid="see-drafts"
      >
        <LuFolderOpen /> {t('offline.drafts.see')}
        {drafts.length > 0 ? ` (${drafts.length})` : ''}
      </Button>
      <Button
        variant="outline"
        size={props.size ?? 'md'}
        data-testid="save-draft"
        onClick={() => {
          // The answer rule first: there is nothing to name before something is answered.
          if (!props.hasAnswer()) notify('error', t('offline.drafts.noAnswer'));
          else setSaveOpen(true);
        }}
      >
        <LuSave /> {t('offline.drafts.save')}
      </Button>
      <SavedDraftsDialog
        open={listOpen}
        drafts={drafts}
        onClose={() => setListOpen(false)}
        onOpenDraft={(d) => {
          fill.openDraft(d);
          setListOpen(false);
        }}
        onDiscard={(d) => void fill.discardDraft(d)}
      />
      <SaveDraftDialog
        open={saveOpen}
        initialTitle={fill.selectedDraft?.draftTitle ?? ''}
        initialDescription={fill.selectedDraft?.draftDescription ?? ''}
        onClose={() => setSaveOpen(false)}
        onSave={async (title, note) => {
          const problem = await fill.saveDraft(title, note);
          if (!problem) setSaveOpen(false);
          return problem;
        }}
      />
    </>
  );
}
