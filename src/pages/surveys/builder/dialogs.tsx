// The builder's dialogs: a stale save (someone saved since: reload), and a refused publish listing the
// problems, each naming its question and leading to it.
import { Button, List, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PublishProblem } from '../../../../engine/survey/index';
import { AppDialog } from '../../../components/AppDialog';
import { isolate } from './labels';

export function StaleDialog({ open, onReload, onClose }: { open: boolean; onReload: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      alert
      testId="builder-stale"
      title={t('builder.stale.title')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('builder.stale.keep')}
          </Button>
          <Button colorPalette="brand" onClick={onReload} data-testid="builder-reload">
            {t('builder.stale.reload')}
          </Button>
        </>
      }
    >
      <Text>{t('builder.stale.body')}</Text>
    </AppDialog>
  );
}

/** The engine's English message, or the screen's own wording where the problem's code has one (a file not attached). */
const messageOf = (t: TFunction, p: PublishProblem): string =>
  p.code === 'attachmentMissing' && p.file ? t('builder.publish.problemCodes.attachmentMissing', { file: isolate(p.file) }) : p.message;

export function ProblemsDialog({
  problems,
  onClose,
  onJump,
}: {
  problems: readonly PublishProblem[] | null;
  onClose: () => void;
  onJump: (itemId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={problems !== null}
      onClose={onClose}
      testId="builder-problems"
      title={t('builder.publish.problemsTitle')}
      scroll
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Text mb="3">{t('builder.publish.problemsBody')}</Text>
      <List.Root gap="2" ps="4">
        {(problems ?? []).map((p, i) => (
          <List.Item key={i} data-testid="builder-problem">
            {p.itemId !== null ? (
              <Button
                variant="plain"
                size="sm"
                p="0"
                h="auto"
                textDecoration="underline"
                whiteSpace="normal"
                textAlign="start"
                onClick={() => onJump(p.itemId!)}
              >
                {t('builder.publish.problem', {
                  name: isolate(p.name ?? ''),
                  property: t(`builder.props.${p.property}`, { defaultValue: p.property }),
                  message: messageOf(t, p),
                })}
              </Button>
            ) : (
              <Text>{p.message}</Text>
            )}
          </List.Item>
        ))}
      </List.Root>
    </AppDialog>
  );
}
