// A declared screen as a page of its own, so that a new admin screen needs only its declaration and a
// line in the route table:
//   page: () => import('../pages/admin/ScreenPage').then((m) => m.pageOf('deletedSurveys')),
import { Box } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { screens, type ScreenId } from '../../../schemas/screens';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';

export function pageOf(id: ScreenId): { default: ComponentType } {
  const decl = screens[id];
  function ScreenPage() {
    return (
      <Box maxW="7xl">
        <AdminScreen decl={decl} />
      </Box>
    );
  }
  return { default: ScreenPage };
}
