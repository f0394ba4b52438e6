// The map tile server: MAP_TILE_URL must be a Leaflet URL template, and only its origin joins
// the pages' img-src; with none, no third-party image source is allowed.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { contentSecurityPolicy } from '../../server/security/headers';

const base = { DATA_DIR: '/tmp/fieldsurvey-unit', JWT_SECRET: 'unit-secret-of-sufficient-length-0123456789' };

describe('MAP_TILE_URL', () => {
  it('is off by default, and img-src stays our own', () => {
    const config = loadConfig(base);
    expect(config.mapTiles).toBeUndefined();
    expect(contentSecurityPolicy(config)['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('adds the tile origin to img-src, subdomains as a wildcard', () => {
    const config = loadConfig({
      ...base,
      MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors',
    });
    expect(config.mapTiles).toEqual({
      url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(contentSecurityPolicy(config)['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
  });

  it('refuses what is not an http(s) template with {z}, {x} and {y}', () => {
    for (const url of [
      'javascript:alert(1)//{z}/{x}/{y}',
      'https://tiles.example.org/{z}/{x}.png',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      "https://a.example.org 'unsafe-inline'/{z}/{x}/{y}",
    ]) {
      expect(() => loadConfig({ ...base, MAP_TILE_URL: url }), url).toThrow(/MAP_TILE_URL/);
    }
  });
});
