// The error fallback (spec 001 section 2 "Other"): the message in bold when it is a constraint
// evaluation error, 'Return to previous page' (back, then reload) and 'Reload the page'.
import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MessagePage } from '../../components/MessagePage';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = error instanceof Error ? error.message : '';
  const isExpression = (error as { name?: string } | null)?.name === 'ExpressionError';
  return (
    <MessagePage
      testId="page-error"
      title={t('errors.somethingHappened')}
      body={
        <>
          <Text as="span" display="block" mb="2">
            {t('errors.generic')}
          </Text>
          {message && (
            <Text as="span" display="block" fontWeight={isExpression ? 'bold' : 'normal'} fontSize="sm">
              {message}
            </Text>
          )}
        </>
      }
      actions={
        <>
          <Button
            variant="outline"
            onClick={() => {
              window.history.back();
              setTimeout(() => window.location.reload(), 100);
            }}
          >
            {t('errors.returnPrevious')}
          </Button>
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        </>
      }
    />
  );
}
