// The survey's media without leaving the builder: the media page's upload (same call, same limits,
// same refusals) and the files uploaded so far. Opened from a choice's image, it also picks that
// choice's image: a file of the list, or the one just uploaded.
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { MediaUpload, sizeText, useSurveyMediaList } from '../media/MediaUpload';

export interface MediaPick {
  /** What the file is for, said in the title ('Image of choice 2'). */
  title: string;
  onPick: (fileName: string) => void;
}

/**
 * Told of every upload from the builder: an upload raises the survey's version on the server (its media
 * are part of what it is), and the builder must save its unsaved edits against that version.
 */
export const MediaChangedContext = createContext<() => void>(() => undefined);

export function MediaDialog({
  surveyId,
  open,
  pick,
  onClose,
}: {
  surveyId: string;
  open: boolean;
  pick: MediaPick | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const list = useSurveyMediaList(surveyId);
  const changed = useContext(MediaChangedContext);
  const files = list.data ?? [];
  const choose = (fileName: string) => {
    pick?.onPick(fileName);
    onClose();
  };
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      testId="builder-media"
      title={pick ? pick.title : t('builder.media.title')}
      scroll
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Stack gap="5">
        <MediaUpload
          surveyId={surveyId}
          onUploaded={(entry) => {
            changed();
            if (pick && entry.kind === 'image') choose(entry.fileName);
          }}
        />
        <Stack gap="2" as="section" aria-labelledby="builder-media-list">
          <Text id="builder-media-list" fontWeight="semibold">
            {t('surveyMedia.listTitle')}
          </Text>
          {list.isError ? (
            <Text color="fg.error" role="alert">
              {t('surveyMedia.listFailed')}
            </Text>
          ) : files.length === 0 ? (
            <Text color="fg.muted">{list.isPending ? t('surveyMedia.loading') : t('surveyMedia.empty')}</Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
              {files.map((f) => (
                <HStack
                  as="li"
                  key={f.fileName}
                  justify="space-between"
                  gap="2"
                  borderWidth="1px"
                  borderRadius="md"
                  px="2"
                  py="1"
                  data-testid="builder-media-file"
                >
                  <Box minW="0">
                    <Text overflowWrap="anywhere" fontFamily="mono" fontSize="sm">
                      <bdi>{f.fileName}</bdi>
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {t(`surveyMedia.kinds.${f.kind}`)} · {sizeText(f.size, i18n.language)}
                    </Text>
                  </Box>
                  {pick && f.kind === 'image' ? (
                    <Button size="xs" variant="outline" flexShrink={0} onClick={() => choose(f.fileName)} data-testid="builder-media-use">
                      {t('builder.media.use')}
                      <Box as="span" srOnly>
                        {' '}
                        <bdi>{f.fileName}</bdi>
                      </Box>
                    </Button>
                  ) : null}
                </HStack>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </AppDialog>
  );
}
