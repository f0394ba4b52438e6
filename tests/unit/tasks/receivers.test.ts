// The send-link dialog's receivers box: one receiver a line, a name before the address in angle
// brackets when there is one, blank lines ignored.
import { describe, expect, it } from 'vitest';
import { parseReceivers } from '../../../src/pages/tasks/SendLinkDialog';

describe('parseReceivers', () => {
  it('reads names and addresses, one a line', () => {
    expect(parseReceivers('Asha Lokiru <asha@example.org>\n\n  bilal@example.org  \n+254 712 000 000')).toEqual([
      { name: 'Asha Lokiru', address: 'asha@example.org' },
      { name: '', address: 'bilal@example.org' },
      { name: '', address: '+254 712 000 000' },
    ]);
  });
});
