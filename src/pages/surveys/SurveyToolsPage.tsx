// /survey/survey-tools: the declared Survey Tools list of the chosen project (schemas/screens/surveyTools.ts).
import { Box } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { screens } from '../../../schemas/screens';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';
import { ChooseFirst } from '../../components/ChooseFirst';
import { session } from '../../state/session';
import { XlsformTools } from './XlsformTools';

export default function SurveyToolsPage() {
  const snap = useSnapshot(session);
  if (!snap.currentProjectId) return <ChooseFirst what="project" />;
  return (
    <Box maxW="7xl">
      <XlsformTools />
      <AdminScreen decl={screens.surveyTools} />
    </Box>
  );
}
