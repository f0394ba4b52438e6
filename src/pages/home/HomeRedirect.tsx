// '/' sends a signed-in user on: to their home page when an organization is chosen, else to the
// organization list (spec 000 "Authenticated entry").
import { Navigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { homePathFor } from '../../../schemas/roles';
import { session } from '../../state/session';

export default function HomeRedirect() {
  const snap = useSnapshot(session);
  if (!snap.organizationId || snap.roles.length === 0) return <Navigate to="/organizations" replace />;
  return <Navigate to={homePathFor(snap.roles)} replace />;
}
