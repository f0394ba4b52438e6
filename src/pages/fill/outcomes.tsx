// The fill page's end screens (spec 001 section 2): thanks after a submission, a single-use link
// that was used already, and an address that cannot submit (shown instead of a form nobody could send).
import { useTranslation } from '../../../widgets/runtime/texts';
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
  return (
    <MessagePage
      testId="fill-unavailable"
      title={notFound ? t('fill.notFound') : t('fill.loadFailed')}
      body={notFound ? t('fill.notFoundBody') : t('fill.loadFailedBody')}
    />
  );
}

/** The survey was archived: its link says so rather than pretend it never existed. */
export function SurveyClosed() {
  const { t } = useTranslation();
  return <MessagePage testId="fill-closed" title={t('problems.surveyNotOpen')} body={t('fill.closedBody')} />;
}

/** The address names a deployed survey but cannot submit to it (a bare id, a wrong link, an unknown task). */
export function InvalidLink() {
  const { t } = useTranslation();
  return <MessagePage testId="fill-invalid-link" title={t('fill.invalidLink')} body={t('fill.invalidLinkBody')} />;
}
