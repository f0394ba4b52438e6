// The GPS map as the pages use it: Leaflet loaded only when a map is shown, with the tile server the
// server is configured with (GET DataCollection/getMapSettings; none: a plain coordinate frame).
import { Skeleton } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { SUBMISSIONS_API } from '../../../schemas/submissions';
import { call } from '../../api/call';
import type { MapLine, MapPoint } from './GpsMap';

export type { MapLine, MapPoint };

const GpsMap = lazy(() => import('./GpsMap'));

export function useMapSettings() {
  return useQuery({
    queryKey: ['map-settings'],
    staleTime: Infinity,
    queryFn: () => call(SUBMISSIONS_API.getMapSettings),
  });
}

export function PointsMap({
  points,
  lines,
  label,
  height,
  testId,
}: {
  points: readonly MapPoint[];
  lines?: readonly MapLine[];
  label: string;
  height?: number;
  testId?: string;
}) {
  const settings = useMapSettings();
  if (!settings.data) return <Skeleton h={`${height ?? 220}px`} borderRadius="md" />;
  return (
    <Suspense fallback={<Skeleton h={`${height ?? 220}px`} borderRadius="md" />}>
      <GpsMap
        points={points}
        {...(lines ? { lines } : {})}
        label={label}
        tileUrl={settings.data.tileUrl}
        attribution={settings.data.attribution}
        {...(height ? { height } : {})}
        {...(testId ? { testId } : {})}
      />
    </Suspense>
  );
}
