// /survey/data/{surveyId}: Survey Data opened on that survey (the table reads ?survey=).
import { Navigate, useParams } from 'react-router';
import { DATA_ROUTE } from './route';

export default function SurveyDataOfSurveyPage() {
  const id = useParams()['*'] ?? '';
  const survey = /^[0-9a-f-]{36}$/i.test(id) ? `?survey=${id.toLowerCase()}` : '';
  return <Navigate to={`${DATA_ROUTE.path}${survey}`} replace />;
}
