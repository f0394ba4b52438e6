// /tickets 'Ticket history list' (spec 000 section 2): the declared list (schemas/screens/tickets.ts) and
// the Add ticket dialog, opened by the list's 'Add ticket' through ?new=1.
import { Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { screens } from '../../../schemas/screens';
import { AdminScreen } from '../../components/admin-screen/AdminScreen';
import { AddTicketDialog } from './AddTicketDialog';

export default function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const open = params.get('new') === '1';
  const close = () =>
    setParams(
      (p) => {
        p.delete('new');
        return p;
      },
      { replace: true },
    );
  return (
    <Stack maxW="7xl">
      <AdminScreen decl={screens.tickets} />
      <AddTicketDialog
        open={open}
        onClose={close}
        onCreated={() => {
          close();
          void queryClient.invalidateQueries();
        }}
      />
    </Stack>
  );
}
