// AST -> text that parses back to the same tree (spans aside). Parentheses only where precedence
// or left associativity needs them.
import { PRECEDENCE, UNARY_PRECEDENCE, unreachable, type AstNode } from '../ast';
import { formatNumber } from '../values/numbers';

const ATOM = 10;

function precedence(node: AstNode): number {
  switch (node.kind) {
    case 'binary':
      return PRECEDENCE[node.op];
    case 'negate':
      return UNARY_PRECEDENCE;
    default:
      return ATOM;
  }
}

const wrap = (text: string, parens: boolean): string => (parens ? `(${text})` : text);

export function print(node: AstNode): string {
  switch (node.kind) {
    case 'number':
      return formatNumber(node.value);
    case 'string':
      return node.value.includes("'") ? `"${node.value}"` : `'${node.value}'`;
    case 'ref':
      return node.lastSaved ? `\${last-saved#${node.name}}` : `\${${node.name}}`;
    case 'column':
      return node.name;
    case 'current':
      return '.';
    case 'parent':
      return Array.from({ length: node.levels ?? 1 }, () => '..').join('/');
    case 'filter':
      return `${print(node.target)}[${print(node.predicate)}]`;
    case 'negate':
      // A space keeps '- -1' from reading as one token and '-.5' unambiguous.
      return `-${wrap(print(node.operand), precedence(node.operand) < UNARY_PRECEDENCE)}`;
    case 'binary': {
      const own = PRECEDENCE[node.op];
      const left = wrap(print(node.left), precedence(node.left) < own);
      const right = wrap(print(node.right), precedence(node.right) <= own);
      return node.op === '|' ? `${left} | ${right}` : `${left} ${node.op} ${right}`;
    }
    case 'call':
      return `${node.name}(${node.args.map(print).join(', ')})`;
    default:
      return unreachable(node);
  }
}
