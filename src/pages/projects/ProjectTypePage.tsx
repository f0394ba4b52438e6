// /project-selection/create-project: the project type chooser as a page (the list opens it as a dialog).
import { useNavigate } from 'react-router';
import { ProjectTypeDialog } from '../../components/ProjectTypeDialog';

export default function ProjectTypePage() {
  const navigate = useNavigate();
  return <ProjectTypeDialog open onClose={() => void navigate('/project-selection')} />;
}
