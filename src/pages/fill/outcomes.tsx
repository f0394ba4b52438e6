// The fill page's end screens (spec 001 section 2): thanks after a submission, and a single-use link
// that was used already.
import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../components/MessagePage';

export function ThankYou() {
  const { t } = useTranslation();
  return <MessagePage testId="fill-thanks" title={t('fill.thanks')} body={t('fill.thanksBody')} />;
}

export function AlreadySubmitted() {
  const { t } = useTranslation();
  return <MessagePage testId="fill-already" title={t('fill.already')} body={t('fill.alreadyBody')} />;
}

export function SurveyUnavailable({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  return <MessagePage testId="fill-unavailable" title={notFound ? t('fill.notFound') : t('fill.loadFailed')} body={notFound ? t('fill.notFoundBody') : t('fill.loadFailedBody')} />;
}
