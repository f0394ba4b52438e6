import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import type { RouteDecl } from '../routes';
import { backTarget } from './navigation';

export function BackButton({ route }: { route: RouteDecl }) {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const target = backTarget(route, snap);
  if (!target) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      mb="3"
      ms="-2"
      onClick={() => void (target.to === -1 ? navigate(-1) : navigate(target.to))}
      data-testid="back-button"
    >
      <LuArrowLeft data-mirrored /> {t(target.label)}
    </Button>
  );
}
