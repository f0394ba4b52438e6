// GPS answers on a small map: the submission view's location, lines and shapes, and the dashboard's
// points of a GPS question. Leaflet draws the configured tile server (MAP_TILE_URL, served by getMapSettings) under
// the points; with none configured (no request may leave the server) the points lie on a plain frame of
// latitude and longitude (Leaflet's CRS.Simple, y = latitude, x = longitude) with a graticule and its
// degrees labelled. Loaded with React.lazy (Leaflet and its CSS are their own chunk). The map is a
// named region to assistive technology; the coordinates are always shown as text beside it.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './GpsMap.css';
import { useEffect, useRef } from 'react';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** A line or shape answer (XLSForm geotrace, geoshape): its points in order; a shape is drawn closed. */
export interface MapLine {
  points: readonly MapPoint[];
  closed: boolean;
}

export interface GpsMapProps {
  points: readonly MapPoint[];
  lines?: readonly MapLine[];
  label: string;
  tileUrl: string | null;
  attribution: string | null;
  height?: number;
  testId?: string;
}

const LINE = { color: '#c53030', weight: 3, fillColor: '#c53030', fillOpacity: 0.15, interactive: false } as const;
const POINT = { radius: 6, color: '#1e4a7a', weight: 2, fillColor: '#c53030', fillOpacity: 0.9, interactive: false } as const;
const GRID = { color: '#a0aec0', weight: 1, interactive: false } as const;
const AXIS = { color: '#4a5568', weight: 1.5, interactive: false } as const;

/** A round step of degrees giving about four graticule lines over a span. */
function stepFor(span: number): number {
  const steps = [0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45, 90];
  return steps.find((s) => span / s <= 5) ?? 90;
}

function degrees(v: number, step: number, pos: string, neg: string): string {
  const digits = Math.max(0, Math.ceil(-Math.log10(step)));
  const n = Math.abs(v).toFixed(digits);
  return v === 0 ? '0°' : `${n}°${v > 0 ? pos : neg}`;
}

/** Bounds that show every point, with a margin; a single point shows about a degree around it. */
function boundsOf(points: readonly MapPoint[], plain: boolean): L.LatLngBounds {
  if (!points.length) return L.latLngBounds([-60, -170], [75, 170]);
  const b = L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]));
  const pad = Math.max(plain ? 0.5 : 0.01, Math.max(b.getNorth() - b.getSouth(), b.getEast() - b.getWest()) * 0.15);
  return L.latLngBounds([b.getSouth() - pad, b.getWest() - pad], [b.getNorth() + pad, b.getEast() + pad]);
}

/**
 * A degree label whose top-left corner lies `up` pixels above and 3 to the right of its point (Leaflet
 * places icons by their anchor, as margins: a CSS transform would be overwritten by its positioning).
 */
const label = (text: string, up: number) =>
  L.divIcon({ className: 'gps-map-label', html: text, iconSize: null as unknown as L.PointExpression, iconAnchor: [-3, up] });

/** Lines of latitude and longitude over the view, the equator and prime meridian darker, degrees at the edges. */
function drawGraticule(map: L.Map, layer: L.LayerGroup): void {
  layer.clearLayers();
  const v = map.getBounds();
  const step = stepFor(Math.max(v.getNorth() - v.getSouth(), v.getEast() - v.getWest()));
  const south = Math.max(-90, v.getSouth());
  const north = Math.min(90, v.getNorth());
  const west = Math.max(-180, v.getWest());
  const east = Math.min(180, v.getEast());
  for (let lat = Math.ceil(south / step) * step; lat <= north; lat += step) {
    layer.addLayer(
      L.polyline(
        [
          [lat, west],
          [lat, east],
        ],
        Math.abs(lat) < step / 2 ? AXIS : GRID,
      ),
    );
    layer.addLayer(
      L.marker([lat, v.getWest()], {
        interactive: false,
        keyboard: false,
        icon: label(degrees(Math.round(lat / step) * step, step, 'N', 'S'), 14),
      }),
    );
  }
  for (let lon = Math.ceil(west / step) * step; lon <= east; lon += step) {
    layer.addLayer(
      L.polyline(
        [
          [south, lon],
          [north, lon],
        ],
        Math.abs(lon) < step / 2 ? AXIS : GRID,
      ),
    );
    layer.addLayer(
      L.marker([v.getSouth(), lon], {
        interactive: false,
        keyboard: false,
        icon: label(degrees(Math.round(lon / step) * step, step, 'E', 'W'), 16),
      }),
    );
  }
  // The world's edge, so a point far out reads as out of range.
  layer.addLayer(
    L.rectangle(
      [
        [-90, -180],
        [90, 180],
      ],
      { ...AXIS, fill: false },
    ),
  );
}

const NO_LINES: readonly MapLine[] = [];

export default function GpsMap({ points, lines = NO_LINES, label, tileUrl, attribution, height = 220, testId }: GpsMapProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const plain = !tileUrl;
    const map = L.map(el, {
      crs: plain ? L.CRS.Simple : L.CRS.EPSG3857,
      attributionControl: !plain,
      zoomSnap: plain ? 0 : 1,
      minZoom: plain ? -3 : 1,
      maxZoom: plain ? 18 : 19,
      scrollWheelZoom: false,
      // No fading: labels half faded in fail contrast, and motion is not needed to read a map.
      fadeAnimation: false,
      markerZoomAnimation: false,
    });
    // The view first: vector layers need the renderer's bounds, which a view gives.
    map.fitBounds(boundsOf([...points, ...lines.flatMap((l) => l.points)], plain), { maxZoom: plain ? 10 : 15 });
    if (plain) {
      map.getContainer().style.background = '#f7fafc';
    } else {
      L.tileLayer(tileUrl, { attribution: attribution ?? '', maxZoom: 19 }).addTo(map);
      map.attributionControl.setPrefix(false);
    }
    for (const l of lines) {
      const at = l.points.map((p) => [p.latitude, p.longitude] as [number, number]);
      (l.closed ? L.polygon(at, LINE) : L.polyline(at, LINE)).addTo(map);
    }
    for (const p of points) L.circleMarker([p.latitude, p.longitude], POINT).addTo(map);
    if (plain) {
      // Registered after the points, so the vector renderer has moved to the new view before the lines are drawn.
      const grid = L.layerGroup().addTo(map);
      drawGraticule(map, grid);
      map.on('moveend', () => drawGraticule(map, grid));
    }
    const ro = new ResizeObserver(() => map.invalidateSize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      map.remove();
    };
  }, [points, lines, tileUrl, attribution]);
  // A map is not mirrored in right-to-left pages: west stays left.
  return (
    <div
      ref={ref}
      dir="ltr"
      role="region"
      aria-label={label}
      data-testid={testId}
      data-map-mode={tileUrl ? 'tiles' : 'plain'}
      data-lines={lines.length}
      style={{ width: '100%', height, borderRadius: 6, border: '1px solid #cbd5e0' }}
    />
  );
}
