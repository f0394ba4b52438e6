import { describe, it } from 'vitest';
import { evaluatesTo, type Case } from './helpers';

const check = (cases: readonly Case[]) => it.each(cases)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));

describe('number', () => {
  check([
    ["number('12')", 12],
    ["number(' 12.5 ')", 12.5],
    ["number('-3')", -3],
    ["number('.5')", 0.5],
    ["number('abc')", NaN],
    ["number('')", NaN],
    ["number('1e3')", NaN],
    ["number('0x10')", NaN],
    ['number(true())', 1],
    ['number(false())', 0],
    ["number('1970-01-02')", 1],
    ["number('2024-06-15')", 19889],
    ['number(${months})', 5],
  ]);
});

describe('int (toward zero)', () => {
  check([
    ['int(3.7)', 3],
    ['int(-3.7)', -3],
    ['int(-0.5)', 0],
    ["int('12.9')", 12],
    ["int('')", NaN],
    ['int(1 div 0)', Infinity],
  ]);
});

describe('round (halves toward +infinity, on the decimal value)', () => {
  check([
    ['round(2.5)', 3],
    ['round(-2.5)', -2],
    ['round(-2.6)', -3],
    ['round(2.4999)', 2],
    ['round(1.005, 2)', 1.01],
    ['round(-1.005, 2)', -1],
    ['round(2.675, 2)', 2.68],
    ['round(1.45, 1)', 1.5],
    ['round(1234.5678, -2)', 1200],
    ['round(1250, -2)', 1300],
    ['round(-1250, -2)', -1200],
    ['round(49, -2)', 0],
    ['round(0.1 + 0.2, 1)', 0.3],
    ['round(23.456, 0)', 23],
    ["round('')", NaN],
    ['round(1 div 0, 2)', Infinity],
    ['round(${weight} div ((${height} div 100) * (${height} div 100)), 1)', 23.4],
    ['round(0.000001234, 8)', 0.00000123],
    ['round(999.9999, 2)', 1000],
  ]);
});

describe('floor, ceiling, abs', () => {
  check([
    ['floor(2.7)', 2],
    ['floor(-2.1)', -3],
    ['ceiling(2.1)', 3],
    ['ceiling(-2.7)', -2],
    ['abs(-4.5)', 4.5],
    ['abs(${age})', 34],
    ["abs('x')", NaN],
  ]);
});

describe('pow, sqrt, exp, log', () => {
  check([
    ['pow(2, 10)', 1024],
    ['pow(4, 0.5)', 2],
    ['pow(0, 0)', 1],
    ['pow(2, -1)', 0.5],
    ['sqrt(16)', 4],
    ['sqrt(-1)', NaN],
    ['exp(0)', 1],
    ['exp10(2)', 100],
    ['log(1)', 0],
    ['log(0)', -Infinity],
    ['log10(1000)', 3],
    ['log10(-1)', NaN],
    ['round(pi(), 4)', 3.1416],
    ['round(sin(pi() div 2), 6)', 1],
    ['round(cos(0), 6)', 1],
    ['round(atan2(1, 1) * 4, 6)', 3.141593],
  ]);
});

describe('min, max, sum over arguments and repeats', () => {
  check([
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['max(${member_age})', 34],
    ['min(${member_age})', 3],
    ['max(${member_age}, 40)', 40],
    ["min(1, 'x')", 1],
    ["max('', 'x')", NaN],
    ['max(${empty})', NaN],
    ['sum(${member_age})', 75],
  ]);
});
