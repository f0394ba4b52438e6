// /survey/survey-tools/create: the declared new-survey form (blank, or a copy of another survey).
import { Flex } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { surveyForm } from '../../../schemas/screens';
import { ScreenForm } from '../../components/admin-screen/form/ScreenForm';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';

export default function CreateSurveyPage() {
  const snap = useSnapshot(session);
  if (!snap.currentProjectId) return <ChooseFirst what="project" />;
  return (
    <Flex justify="center">
      <ScreenForm form={surveyForm} mode="create" />
    </Flex>
  );
}
