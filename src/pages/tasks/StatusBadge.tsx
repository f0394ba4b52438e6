// A task's status as a badge, by the badge mapping of spec 001 section 4 (Finished is shown Completed).
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { taskBadges, TASK_STATUS_NAMES, type TaskBadge, type TaskStatus } from '../../../schemas/tasks';

const BADGE_PALETTE: Record<TaskBadge, string> = { assigned: 'blue', finished: 'green', 'in-progress': 'orange', rejected: 'red' };
const STATUS_KEY: Record<TaskStatus, string> = { 0: 'assigned', 1: 'rejected', 2: 'inProgress', 3: 'completed' };

export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = TASK_STATUS_NAMES[status as TaskStatus];
  const badge = taskBadges[name as keyof typeof taskBadges];
  return (
    <Badge colorPalette={BADGE_PALETTE[badge]} variant="subtle" data-testid="task-status" data-badge={badge}>
      {t(`myTasks.tabs.${STATUS_KEY[status as TaskStatus]}`)}
    </Badge>
  );
}
