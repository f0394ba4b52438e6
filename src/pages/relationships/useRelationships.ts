// The project's counts (GET /Projects/getRelationships), shared by /relationships and /quick-actions.
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { RELATIONSHIPS_API } from '../../../schemas/relationships';
import { call } from '../../api/call';
import { session } from '../../state/session';

export function useRelationships() {
  const snap = useSnapshot(session);
  const projectId = snap.currentProjectId;
  const q = useQuery({
    queryKey: ['relationships', projectId],
    enabled: !!projectId,
    queryFn: () => call(RELATIONSHIPS_API.get, { query: { ProjectId: projectId! } }),
  });
  return { projectId, q };
}
