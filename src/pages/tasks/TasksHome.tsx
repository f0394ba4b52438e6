// /tasks (spec 000: where a data collector lands after choosing a workspace): the collector's own tasks;
// anyone else the project's task management.
import { Navigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';

export default function TasksHome() {
  const snap = useSnapshot(session);
  return <Navigate to={snap.roles.includes('DataCollector') ? '/mytasks' : '/task-management/collection'} replace />;
}
