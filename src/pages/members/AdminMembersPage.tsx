// /admin-user-management and /admin-user-management/new-member (see MembersPage.tsx).
import { AdminMembersPage } from './MembersPage';

export default AdminMembersPage;
