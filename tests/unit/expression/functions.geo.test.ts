import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../engine/expression/index';
import { failure } from './helpers';

// A square of about 111 m x 111 m near the equator, as a geoshape answer (closed: first point repeated).
const SQUARE = '0 0 0 0; 0 0.001 0 0; 0.001 0.001 0 0; 0.001 0 0 0; 0 0 0 0';
const fields = {
  plot: SQUARE,
  route: '0 0 0 0; 0 1 0 0; 1 1 0 0;',
  stops: [{ stop: '0 0 10 5' }, { stop: '0 1 10 5' }, { stop: '' }],
  corners: [{ corner: '0 0' }, { corner: '0 0.001' }, { corner: '0.001 0.001' }, { corner: '0.001 0' }],
  home: '-1.2921 36.8219 1700 4',
  office: '-1.2864 36.8172 1680 6',
};
const ev = (expression: string) => evaluate(expression, { fields });

describe('distance (JavaRosa GeoUtils: great circle, Earth radius 6,378,100 m)', () => {
  it.each([
    ["distance('0 0 0 0; 0 1 0 0')", 111_318.8],
    ['distance(${route})', 222_637.6],
    ['distance(${stop})', 111_318.8],
    ['distance(${home}, ${office})', 822.4],
    ["distance('0 0', '0 1', '0 2')", 222_637.6],
    ["distance('0 0')", 0],
    ["distance('')", 0],
  ])('%s ~ %d m', (expression, metres) => {
    expect(ev(expression) as number).toBeCloseTo(metres, 0);
  });
});

describe('area', () => {
  it('of a geoshape answer, in square metres', () => {
    expect(ev('area(${plot})') as number).toBeCloseTo(12_391.9, 0);
  });
  it('of geopoint answers in a repeat, one point each', () => {
    expect(ev('area(${corner})') as number).toBeCloseTo(12_391.9, -1);
  });
  it('is 0 below three points', () => {
    expect(ev("area('0 0; 0 1')")).toBe(0);
  });
});

describe('values that are not coordinates', () => {
  it.each(["distance('north; south')", "area('0 0; 95 0; 0 1')", "distance('0', '1 1')"])('%s is an error', (expression) => {
    expect(failure(expression, { fields }).message).toMatch(/does not represent GPS coordinates/);
  });
});
